//! How a user is shown by the API.

use crate::domain::User;
use poem_openapi::Object;

/// A user as the API shows it (never the password hash).
#[derive(Debug, Object)]
pub struct UserView {
    pub id: u64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub middle_name: Option<String>,
    /// Among `manager`, `worker`, `student`, `parent`.
    pub roles: Vec<String>,
    /// Whether the user confirmed the e-mail address.
    pub email_verified: bool,
}

impl From<&User> for UserView {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.0,
            email: user.email.to_string(),
            first_name: user.first_name.as_str().to_owned(),
            last_name: user.last_name.as_str().to_owned(),
            middle_name: user.middle_name.as_ref().map(|m| m.as_str().to_owned()),
            roles: user.roles.iter().map(|r| r.as_str().to_owned()).collect(),
            email_verified: user.email_verified_at.is_some(),
        }
    }
}
