//! Errors of the use cases, with per-field Russian messages for invalid input.

use crate::error::ApiError;
use crate::store::StoreError;
use std::collections::BTreeMap;

/// Field name -> messages, as a 422 answer carries them.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// Why a use case did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("{}", describe(.0))]
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
    Store(#[from] StoreError),
    /// An upload's temporary copy could not be read back.
    #[error("временный файл загрузки не читается: {0}")]
    Spool(std::io::Error),
}

fn describe(errors: &FieldErrors) -> String {
    errors
        .iter()
        .map(|(field, messages)| format!("{field}: {}", messages.join("; ")))
        .collect::<Vec<_>>()
        .join("\n")
}

impl ServiceError {
    /// One invalid field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::Invalid(BTreeMap::from([(field.to_owned(), vec![message.into()])]))
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

impl From<ServiceError> for ApiError {
    fn from(err: ServiceError) -> Self {
        match err {
            ServiceError::Invalid(errors) => ApiError::invalid(errors),
            ServiceError::NotFound(message) => ApiError::not_found(message),
            ServiceError::BadCredentials => ApiError::unauthenticated(err.to_string()),
            ServiceError::TooMany(limited) => limited.into(),
            ServiceError::Denied(denied) => denied.into(),
            ServiceError::Forbidden(message) => ApiError::forbidden(message),
            ServiceError::Store(err) => err.into(),
            ServiceError::Spool(err) => ApiError::internal(err),
        }
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
