//! The four roles a user may hold and the set of them a user has.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

/// A role, under its stored name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Director or administrator: runs the school.
    Manager,
    /// Teacher, tutor, methodist: staff.
    Worker,
    /// A learner.
    Student,
    /// A learner's parent or guardian.
    Parent,
}

impl Role {
    /// Every role, in the order they are shown.
    pub const ALL: [Role; 4] = [Role::Manager, Role::Worker, Role::Student, Role::Parent];

    /// The stored (and API) name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Manager => "manager",
            Role::Worker => "worker",
            Role::Student => "student",
            Role::Parent => "parent",
        }
    }

    /// The Russian name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            Role::Manager => "Менеджер",
            Role::Worker => "Сотрудник",
            Role::Student => "Ученик",
            Role::Parent => "Родитель",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is not one of the four roles.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("Неизвестная роль «{0}»: допустимы manager, worker, student, parent")]
pub struct UnknownRole(pub String);

impl FromStr for Role {
    type Err = UnknownRole;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::ALL
            .into_iter()
            .find(|role| role.as_str() == s.trim().to_lowercase())
            .ok_or_else(|| UnknownRole(s.to_owned()))
    }
}

/// The set of roles a user holds.
pub type Roles = BTreeSet<Role>;

/// True when the roles make the user staff (manager or worker).
pub fn is_staff(roles: &Roles) -> bool {
    roles.contains(&Role::Manager) || roles.contains(&Role::Worker)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_stored_names_only() {
        assert_eq!("Manager".parse::<Role>(), Ok(Role::Manager));
        assert_eq!("parent".parse::<Role>(), Ok(Role::Parent));
        assert!("admin".parse::<Role>().is_err());
    }

    #[test]
    fn staff_is_manager_or_worker() {
        assert!(is_staff(&Roles::from([Role::Worker])));
        assert!(!is_staff(&Roles::from([Role::Student, Role::Parent])));
    }
}
