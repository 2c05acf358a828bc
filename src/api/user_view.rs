//! How a user is shown by the API: the row of a list, the card, and the signed-in user.

use crate::domain::User;
use crate::service::people::Person;
use poem_openapi::Object;

/// A user as the API shows it (never the password hash; notes only to staff).
#[derive(Debug, Object)]
pub struct UserView {
    pub id: u64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub middle_name: Option<String>,
    /// "Фамилия Имя Отчество".
    pub full_name: String,
    /// Normalised, e.g. `+79123456789`.
    pub phone: Option<String>,
    /// `YYYY-MM-DD`.
    pub birth_date: Option<String>,
    /// Among `manager`, `worker`, `student`, `parent`.
    pub roles: Vec<String>,
    /// Tag ids.
    pub tags: Vec<u64>,
    /// Staff notes; null for viewers who are not staff.
    pub notes: Option<String>,
    /// Whether the user confirmed the e-mail address.
    pub email_verified: bool,
    pub created_at: String,
    pub updated_at: String,
    /// Set when the user is deleted (restorable).
    pub deleted_at: Option<String>,
    pub last_login_at: Option<String>,
}

impl UserView {
    /// The view of `user` for a viewer who is (or is not) staff.
    pub fn new(user: &User, staff_viewer: bool) -> Self {
        Self {
            id: user.id.0,
            email: user.email.to_string(),
            first_name: user.first_name.as_str().to_owned(),
            last_name: user.last_name.as_str().to_owned(),
            middle_name: user.middle_name.as_ref().map(|m| m.as_str().to_owned()),
            full_name: user.full_name(),
            phone: user.phone.as_ref().map(|p| p.as_str().to_owned()),
            birth_date: user.birth_date.map(|d| d.to_string()),
            roles: user.roles.iter().map(|r| r.as_str().to_owned()).collect(),
            tags: user.tags.iter().map(|t| t.0).collect(),
            notes: staff_viewer.then(|| user.notes.clone()),
            email_verified: user.email_verified_at.is_some(),
            created_at: user.created_at.to_string(),
            updated_at: user.updated_at.to_string(),
            deleted_at: user.deleted_at.map(|t| t.to_string()),
            last_login_at: user.last_login_at.map(|t| t.to_string()),
        }
    }
}

/// A user's card: the user and their family links.
#[derive(Debug, Object)]
pub struct UserCard {
    #[oai(flatten)]
    pub user: UserView,
    pub parent_ids: Vec<u64>,
    pub children_ids: Vec<u64>,
}

impl UserCard {
    /// The card of `person` for a viewer who is (or is not) staff.
    pub fn new(person: &Person, staff_viewer: bool) -> Self {
        Self {
            user: UserView::new(&person.user, staff_viewer),
            parent_ids: person.parents.iter().map(|id| id.0).collect(),
            children_ids: person.children.iter().map(|id| id.0).collect(),
        }
    }
}

/// The manager behind an impersonated session.
#[derive(Debug, Object)]
pub struct Impersonator {
    pub id: u64,
    pub full_name: String,
}

/// The signed-in user, with what the UI's guards and banner need.
#[derive(Debug, Object)]
pub struct CurrentUser {
    #[oai(flatten)]
    pub user: UserView,
    /// For `master-by-url`: a parent may open his children's pages.
    pub children_ids: Vec<u64>,
    /// Set while a manager acts as this user ("Вы вошли как …").
    pub impersonator: Option<Impersonator>,
}
