//! People: the school's users, their roles, families and tags, and "login as".

mod edit;
mod form;
mod impersonation;
mod links;
mod list;
mod passwords;
pub mod summary;

pub use edit::{create, delete, parse_roles, restore, today, update, update_roles};
pub use form::PersonForm;
pub use impersonation::{leave, start};
pub use links::{attach_tags, link_family, roles_fit_family, save_children, save_parents};
pub use list::{Directory, Entry, Me, PeopleTexts, Person, Seen, Sort, Trashed, UserQuery, get, list_text, me};
pub use passwords::{SET_PASSWORD_MINUTES, send_password_link, set_password};

use super::ServiceError;
use crate::domain::{User, UserId};
use crate::store::WriteTxn;
use crate::store::users;

/// The user `id` for changing, or 404.
fn load_for_change(txn: &WriteTxn, id: UserId) -> Result<User, ServiceError> {
    users::get(txn, id)?.ok_or_else(not_found)
}

fn not_found() -> ServiceError {
    ServiceError::NotFound("Пользователь не найден".into())
}
