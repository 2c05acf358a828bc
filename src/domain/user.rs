//! A person of the school: identity, name, roles and password hash.

use super::{Email, PasswordHash, PersonName, Roles};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// A user's id: a per-table sequence, below 2^53 so JavaScript keeps it exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub u64);

/// A stored user. Fields added later carry `#[serde(default)]` so older records still load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct User {
    pub id: UserId,
    pub email: Email,
    pub last_name: PersonName,
    pub first_name: PersonName,
    #[serde(default)]
    pub middle_name: Option<PersonName>,
    pub roles: Roles,
    pub password_hash: PasswordHash,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// When the user confirmed the e-mail address (by a link in a mail).
    #[serde(default)]
    pub email_verified_at: Option<Timestamp>,
}

/// What is needed to create a user; the id and times are given by the store.
#[derive(Clone, Debug)]
pub struct NewUser {
    pub email: Email,
    pub last_name: PersonName,
    pub first_name: PersonName,
    pub middle_name: Option<PersonName>,
    pub roles: Roles,
    pub password_hash: PasswordHash,
}

impl User {
    /// "Фамилия Имя Отчество", as Russian lists show a person.
    pub fn full_name(&self) -> String {
        let mut name = format!("{} {}", self.last_name.as_str(), self.first_name.as_str());
        if let Some(middle) = &self.middle_name {
            name.push(' ');
            name.push_str(middle.as_str());
        }
        name
    }
}
