//! Errors of the use cases, with per-field Russian messages for invalid input.

use super::FieldErrors;
use crate::store::StoreError;

/// Why a use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("{}", .0.describe())]
    Invalid(FieldErrors),
    #[error("{0}")]
    NotFound(String),
    /// Wrong e-mail or password (the same answer for both).
    #[error("Неверный email или пароль")]
    BadCredentials,
    #[error("слишком много попыток")]
    TooMany(crate::auth::Limited),
    #[error("нет доступа: {0:?}")]
    Denied(crate::policy::Denied),
    /// Signed in, but not allowed, for a reason the person is told.
    #[error("{0}")]
    Forbidden(&'static str),
    #[error(transparent)]
    Store(StoreError),
    /// An upload's temporary copy could not be read back.
    #[error("временный файл загрузки не читается: {0}")]
    Spool(std::io::Error),
    /// A copy of the database could not be started or read.
    #[error(transparent)]
    Backup(#[from] crate::backup::BackupError),
}

impl ServiceError {
    /// An upload's temporary copy that could not be written or read: no room (a full disk, or
    /// the file-size limit) is the full disk of a database write (507), anything else `Spool`.
    pub fn spool(err: std::io::Error) -> Self {
        if crate::store::is_disk_full(&err) {
            Self::Store(StoreError::DiskFull)
        } else {
            Self::Spool(err)
        }
    }
}

/// A unique value another record holds is the form's 422 on that field, here for every form;
/// anything else the store refuses is a server error.
impl From<StoreError> for ServiceError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Taken { field, message } => FieldErrors::one(field, message),
            other => Self::Store(other),
        }
    }
}

impl From<crate::policy::Denied> for ServiceError {
    fn from(denied: crate::policy::Denied) -> Self {
        Self::Denied(denied)
    }
}

impl From<crate::auth::Limited> for ServiceError {
    fn from(limited: crate::auth::Limited) -> Self {
        Self::TooMany(limited)
    }
}

macro_rules! from_storage {
    ($($source:ty),*) => {$(
        impl From<$source> for ServiceError {
            fn from(err: $source) -> Self {
                Self::Store(err.into())
            }
        }
    )*};
}

from_storage!(
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError
);
