//! Use cases: validate what came in, open one transaction, call the store.

pub mod activity;
pub mod backups;
pub mod demo;
pub mod disk;
mod error;
pub mod files;
pub mod import;
pub mod journal;
mod mail_links;
pub mod notifications;
pub mod passwords;
pub mod people;
pub mod sign_in;
mod state;
pub mod tags;
pub mod users;
pub mod verification;

pub use error::{FieldErrors, ServiceError};
pub use state::AppState;
