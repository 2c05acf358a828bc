//! Use cases: validate what came in, open one transaction, call the store.

pub mod demo;
mod error;
pub mod users;

pub use error::{FieldErrors, ServiceError};
