//! Pure types and rules of the school's domain: no HTTP, no storage, no I/O.

pub mod activity;
pub mod declension;
pub mod email;
pub mod family;
pub mod file;
pub mod file_name;
pub mod id;
pub mod mail;
pub mod notification;
pub mod page;
pub mod password;
pub mod person_name;
pub mod phone;
pub mod role;
pub mod search;
pub mod tag;
pub mod text;
pub mod user;

pub use email::Email;
pub use id::{ActivityId, FileId, MailId, NotificationId, TagId, UserId};
pub use page::{Page, PageRequest};
pub use password::{Password, PasswordHash};
pub use person_name::PersonName;
pub use phone::Phone;
pub use role::{Role, Roles};
pub use tag::Tag;
pub use user::{NewUser, User};
