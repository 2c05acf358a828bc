//! Pure types and rules of the school's domain: no HTTP, no storage, no I/O.

pub mod email;
pub mod page;
pub mod password;
pub mod person_name;
pub mod role;
pub mod user;

pub use email::Email;
pub use page::{Page, PageRequest};
pub use password::{Password, PasswordHash};
pub use person_name::PersonName;
pub use role::{Role, Roles};
pub use user::{NewUser, User, UserId};
