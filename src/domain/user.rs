//! A person of the school: identity, name, roles and password hash.

use super::{Email, PasswordHash, PersonName, Phone, Roles, TagId, UserId};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

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
    #[serde(default)]
    pub phone: Option<Phone>,
    #[serde(default)]
    pub birth_date: Option<Date>,
    #[serde(default)]
    pub tags: BTreeSet<TagId>,
    /// Staff notes about the person.
    #[serde(default)]
    pub notes: String,
    /// Set when deleted (soft delete): hidden from lists, restorable.
    #[serde(default)]
    pub deleted_at: Option<Timestamp>,
    #[serde(default)]
    pub last_login_at: Option<Timestamp>,
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
    pub phone: Option<Phone>,
    pub birth_date: Option<Date>,
    pub tags: BTreeSet<TagId>,
    pub notes: String,
}

impl NewUser {
    /// A new user with just the required fields; the optional ones are empty.
    pub fn new(
        email: Email,
        last_name: PersonName,
        first_name: PersonName,
        roles: Roles,
        password_hash: PasswordHash,
    ) -> Self {
        Self {
            email,
            last_name,
            first_name,
            middle_name: None,
            roles,
            password_hash,
            phone: None,
            birth_date: None,
            tags: BTreeSet::new(),
            notes: String::new(),
        }
    }
}

impl User {
    /// The stored record of a new user, given its id and creation time.
    pub fn create(new: NewUser, id: UserId, now: Timestamp) -> Self {
        Self {
            id,
            email: new.email,
            last_name: new.last_name,
            first_name: new.first_name,
            middle_name: new.middle_name,
            roles: new.roles,
            password_hash: new.password_hash,
            created_at: now,
            updated_at: now,
            email_verified_at: None,
            phone: new.phone,
            birth_date: new.birth_date,
            tags: new.tags,
            notes: new.notes,
            deleted_at: None,
            last_login_at: None,
        }
    }

    /// "Фамилия Имя Отчество", as Russian lists show a person.
    pub fn full_name(&self) -> String {
        // Pushed, not `format!`ed: lists and the log call this for every row.
        let (last, first) = (self.last_name.as_str(), self.first_name.as_str());
        let middle = self.middle_name.as_ref().map_or("", |m| m.as_str());
        let mut name = String::with_capacity(last.len() + first.len() + middle.len() + 2);
        name.push_str(last);
        name.push(' ');
        name.push_str(first);
        if let Some(middle) = &self.middle_name {
            name.push(' ');
            name.push_str(middle.as_str());
        }
        name
    }

    /// "Фамилия И. О.", as a timetable names a person.
    pub fn short_name(&self) -> String {
        let initial = |name: &str| name.chars().next().map(|c| format!(" {c}.")).unwrap_or_default();
        let middle = self
            .middle_name
            .as_ref()
            .map(|m| initial(m.as_str()))
            .unwrap_or_default();
        format!(
            "{}{}{middle}",
            self.last_name.as_str(),
            initial(self.first_name.as_str())
        )
    }

    /// The folded text searched for this user: names, e-mail and phone (a Russian number also
    /// as it is dialled at home, «8912…», the way people type it).
    pub fn search_text(&self) -> String {
        let phone = self.phone.as_ref().map(|p| p.as_str()).unwrap_or_default();
        let at_home = phone
            .strip_prefix("+7")
            .map(|rest| format!(" 8{rest}"))
            .unwrap_or_default();
        super::search::fold(&format!("{} {} {phone}{at_home}", self.full_name(), self.email))
    }

    /// The key that sorts users by last name, the Russian way.
    pub fn name_key(&self) -> String {
        let middle = self.middle_name.as_ref().map(|m| m.as_str()).unwrap_or_default();
        super::search::collation_key(&[self.last_name.as_str(), self.first_name.as_str(), middle])
    }
}
