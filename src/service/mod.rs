//! Use cases: validate what came in, open one transaction, call the store.

pub mod activity;
pub mod backup_copies;
pub mod backups;
pub mod calendar;
pub mod calendar_feed;
pub mod courses;
pub mod daily;
pub mod demo;
pub mod disk;
pub mod enrolments;
mod error;
mod field_errors;
pub mod files;
pub mod gradebook;
pub mod import;
pub mod journal;
pub mod kept_texts;
pub mod mail_history;
mod mail_links;
pub mod money;
pub mod notifications;
pub mod passwords;
pub mod people;
pub mod person_courses;
pub mod person_subjects;
pub mod schedule;
pub mod sign_in;
mod state;
pub mod subjects;
pub mod tags;
#[cfg(test)]
pub mod test_store;
pub mod users;
pub mod verification;
pub mod work;

pub use error::ServiceError;
pub use field_errors::{DAY_FORMAT, FieldErrors};
pub use state::AppState;
