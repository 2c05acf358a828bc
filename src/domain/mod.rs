//! Pure types and rules of the school's domain: no HTTP, no storage, no I/O.

pub mod activity;
pub mod board;
pub mod calendar;
pub mod catalog;
pub mod clash;
pub mod course;
pub mod declension;
pub mod email;
pub mod event;
pub mod family;
pub mod file;
pub mod file_name;
pub mod group;
pub mod id;
pub mod instant;
pub mod journal;
pub mod ledger;
pub mod lesson;
pub mod mail;
pub mod money;
pub mod notification;
pub mod package;
pub mod page;
pub mod password;
pub mod person_name;
pub mod phone;
pub mod plural;
pub mod position;
pub mod role;
pub mod search;
pub mod subject;
pub mod tag;
pub mod task;
pub mod term;
pub mod text;
pub mod timetable;
pub mod user;

pub use email::Email;
pub use id::{
    ActivityId, BoardId, CourseId, EnrolmentId, EntryId, EventId, FileId, GroupId, LessonId, MailId, MarkId,
    NotificationId, PackageId, SubjectId, TagId, TaskId, UserId,
};
pub use page::{Page, PageRequest};
pub use password::{Password, PasswordHash};
pub use person_name::PersonName;
pub use phone::Phone;
pub use role::{Role, Roles};
pub use tag::Tag;
pub use user::{NewUser, User};

/// What a domain check finds wrong, field by field: `("name", "Обязательное поле")`. The service
/// turns it into a 422 with `?` (`service::FieldErrors`), or `extend`s its own errors with it.
pub type FieldMessages = Vec<(&'static str, String)>;
