//! What can go wrong in the store, with messages an administrator can act on.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

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
    /// A unique index already lists another record under this value of `field`; `message` is
    /// what the record's `IndexRow::Unique` says about it.
    #[error("{field}: {message}")]
    Taken { field: &'static str, message: &'static str },
    #[error(
        "На диске сервера закончилось место: изменение не сохранено. Освободите место на диске — \
         портал продолжит работу сам, без перезапуска."
    )]
    DiskFull,
    #[error("База данных временно недоступна после ошибки записи на диск; сервер открывает её заново.")]
    Unavailable,
    #[error("ошибка базы данных: {0}")]
    Db(redb::Error),
}

/// How many I/O failures this process has met: an open database checks itself when it grows.
static IO_FAILURES: AtomicU64 = AtomicU64::new(0);

/// The count of I/O failures met so far (see `slot`).
pub(super) fn io_failures() -> u64 {
    IO_FAILURES.load(Ordering::Acquire)
}

impl From<redb::Error> for StoreError {
    /// A full disk (or a file-size limit) and the database's refusal after such an error get
    /// their own variants, so the portal answers 507 and 503 rather than 500; either makes the
    /// database check itself at its next use.
    fn from(err: redb::Error) -> Self {
        let classified = match &err {
            redb::Error::Io(io) if is_disk_full(io) => Self::DiskFull,
            redb::Error::PreviousIo | redb::Error::DatabaseClosed => Self::Unavailable,
            redb::Error::Io(_) => Self::Db(err),
            _ => return Self::Db(err),
        };
        IO_FAILURES.fetch_add(1, Ordering::AcqRel);
        classified
    }
}

/// Whether an I/O error means there is no room for the data.
pub fn is_disk_full(err: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        err.kind(),
        ErrorKind::StorageFull | ErrorKind::FileTooLarge | ErrorKind::QuotaExceeded
    )
}

impl StoreError {
    /// Maps redb's open error, naming the file when another process holds it.
    pub(crate) fn from_open(err: redb::DatabaseError, path: &Path) -> Self {
        match err {
            redb::DatabaseError::DatabaseAlreadyOpen => Self::AlreadyOpen(path.to_owned()),
            other => redb::Error::from(other).into(),
        }
    }
}

macro_rules! from_redb {
    ($($source:ty),*) => {$(
        impl From<$source> for StoreError {
            fn from(err: $source) -> Self {
                redb::Error::from(err).into()
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
