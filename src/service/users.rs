//! Creating users, setting passwords and listing people.

use super::journal::{Change, Journal};
use super::people::summary::{self, password_changed, who};
use super::{FieldErrors, ServiceError};
use crate::domain::activity::Action;
use crate::domain::{Email, NewUser, Password, PasswordHash, PersonName, Role, Roles, User};
use crate::store::{Store, StoreError, users};

/// A user as typed in by a person (CLI, form, import), not yet validated.
#[derive(Clone, Debug, Default)]
pub struct UserInput {
    pub email: String,
    pub last_name: String,
    pub first_name: String,
    pub middle_name: Option<String>,
    pub roles: Vec<String>,
}

/// Validates every field at once, so a person sees all problems together.
pub fn validate(input: &UserInput, password_hash: PasswordHash) -> Result<NewUser, ServiceError> {
    let mut errors = FieldErrors::new();
    let mut check = |field: &str, result: Result<(), String>| {
        if let Err(message) = result {
            errors.entry(field.to_owned()).or_default().push(message);
        }
    };
    let email = Email::parse(&input.email);
    check("email", email.as_ref().map(drop).map_err(ToString::to_string));
    let last_name = PersonName::parse(&input.last_name);
    check("last_name", last_name.as_ref().map(drop).map_err(ToString::to_string));
    let first_name = PersonName::parse(&input.first_name);
    check("first_name", first_name.as_ref().map(drop).map_err(ToString::to_string));
    let middle_name = input
        .middle_name
        .as_deref()
        .filter(|m| !m.trim().is_empty())
        .map(PersonName::parse)
        .transpose();
    check(
        "middle_name",
        middle_name.as_ref().map(drop).map_err(ToString::to_string),
    );
    let roles: Result<Roles, _> = input.roles.iter().map(|r| r.parse::<Role>()).collect();
    check("roles", roles.as_ref().map(drop).map_err(ToString::to_string));
    if roles.as_ref().is_ok_and(|r| r.is_empty()) {
        check("roles", Err("Выберите хотя бы одну роль".into()));
    }
    match (email, last_name, first_name, middle_name, roles) {
        (Ok(email), Ok(last_name), Ok(first_name), Ok(middle_name), Ok(roles)) if errors.is_empty() => {
            let mut new = NewUser::new(email, last_name, first_name, roles, password_hash);
            new.middle_name = middle_name;
            Ok(new)
        }
        _ => Err(ServiceError::Invalid(errors)),
    }
}

/// Creates a user; an e-mail already in use is a field error.
pub fn create(store: &Store, journal: &Journal, input: &UserInput, password: &Password) -> Result<User, ServiceError> {
    let new = validate(input, password.hash())?;
    let txn = store.write()?;
    let user = users::insert(&txn, new, jiff::Timestamp::now()).map_err(|err| match err {
        StoreError::Taken { field: "email" } => ServiceError::field("email", "Этот email уже используется"),
        other => other.into(),
    })?;
    let summary = format!(
        "Создан пользователь {}, роли: {}",
        who(&user),
        summary::roles(&user.roles)
    );
    journal.record(&txn, Change::on_user(Action::UserCreated, &user, summary))?;
    journal.commit(txn)?;
    Ok(user)
}

/// Sets a new password for the user with this e-mail (from the command line); like a manager's,
/// it ends their sessions and the reset links in their mailbox.
pub fn set_password(store: &Store, journal: &Journal, email: &str, password: &Password) -> Result<User, ServiceError> {
    let email = Email::parse(email).map_err(|err| ServiceError::field("email", err.to_string()))?;
    let hash = password.hash();
    let txn = store.write()?;
    let found = users::find_by_email(&txn, &email)?;
    let mut user = found.ok_or_else(|| ServiceError::NotFound(format!("Пользователь {email} не найден")))?;
    user.password_hash = hash;
    user.updated_at = jiff::Timestamp::now();
    users::update(&txn, &user)?;
    super::passwords::end_old_access(&txn, user.id, None)?;
    let change = Change::on_user(
        Action::PasswordSet,
        &user,
        format!("Задан новый пароль: {}", who(&user)),
    );
    journal.record(
        &txn,
        change.notify(password_changed(user.id, "изменён администратором")),
    )?;
    journal.commit(txn)?;
    Ok(user)
}

/// Every user, or those holding `role`, in id order.
pub fn list(store: &Store, role: Option<Role>) -> Result<Vec<User>, ServiceError> {
    let txn = store.read()?;
    match role {
        None => Ok(users::all(&txn)?),
        Some(role) => {
            let ids = users::ids_with_role(&txn, role)?;
            let found: Result<Vec<_>, _> = ids.into_iter().map(|id| users::get(&txn, id)).collect();
            Ok(found?.into_iter().flatten().collect())
        }
    }
}
