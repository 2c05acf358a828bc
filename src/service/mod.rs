//! Use cases: validate what came in, open one transaction, call the store.

pub mod demo;
mod error;
pub mod passwords;
pub mod sign_in;
mod state;
pub mod users;
pub mod verification;

pub use error::{FieldErrors, ServiceError};
pub use state::AppState;
