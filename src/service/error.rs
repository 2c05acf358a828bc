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
    #[error(transparent)]
    Store(#[from] StoreError),
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

impl From<ServiceError> for ApiError {
    fn from(err: ServiceError) -> Self {
        match err {
            ServiceError::Invalid(errors) => ApiError::invalid(errors),
            ServiceError::NotFound(message) => ApiError::not_found(message),
            ServiceError::Store(err) => ApiError::internal(err),
        }
    }
}
