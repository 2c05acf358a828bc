//! What can go wrong in the store, with messages an administrator can act on.

use std::path::{Path, PathBuf};

/// An error of the storage layer.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("не удалось создать каталог данных {path}: {source}")]
    DataDir { path: PathBuf, source: std::io::Error },
    #[error(
        "база данных {0} уже открыта другим процессом klass. Остановите работающий сервер \
         (или укажите другой data_dir) и повторите команду."
    )]
    AlreadyOpen(PathBuf),
    #[error(
        "база данных создана более новой версией Klass (схема {found}, эта версия знает до {known}). \
         Установите новую версию klass или восстановите резервную копию, сделанную этой версией."
    )]
    NewerSchema { found: u32, known: u32 },
    #[error("запись в таблице {table} повреждена и не читается: {reason}")]
    Corrupt { table: &'static str, reason: String },
    /// A unique index already lists another record under this value of `field`.
    #[error("значение поля {field} уже занято другой записью")]
    Taken { field: &'static str },
    #[error("ошибка базы данных: {0}")]
    Db(#[from] redb::Error),
}

impl StoreError {
    /// Maps redb's open error, naming the file when another process holds it.
    pub(crate) fn from_open(err: redb::DatabaseError, path: &Path) -> Self {
        match err {
            redb::DatabaseError::DatabaseAlreadyOpen => Self::AlreadyOpen(path.to_owned()),
            other => Self::Db(other.into()),
        }
    }
}

macro_rules! from_redb {
    ($($source:ty),*) => {$(
        impl From<$source> for StoreError {
            fn from(err: $source) -> Self {
                Self::Db(err.into())
            }
        }
    )*};
}

from_redb!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);
