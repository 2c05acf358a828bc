//! Creating users, setting passwords and listing people.

use super::journal::{Change, Journal};
use super::people::summary::{self, password_changed, who};
use super::{FieldErrors, ServiceError};
use crate::domain::activity::Action;
use crate::domain::{Email, NewUser, Password, PasswordHash, PersonName, Role, Roles, User, UserId};
use crate::store::{Store, users};

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
    let email = errors.check("email", Email::parse(&input.email));
    let last_name = errors.check("last_name", PersonName::parse(&input.last_name));
    let first_name = errors.check("first_name", PersonName::parse(&input.first_name));
    let middle_name = input
        .middle_name
        .as_deref()
        .filter(|m| !m.trim().is_empty())
        .map(PersonName::parse)
        .transpose();
    let middle_name = errors.check("middle_name", middle_name);
    let roles = errors.check(
        "roles",
        input
            .roles
            .iter()
            .map(|r| r.parse::<Role>())
            .collect::<Result<Roles, _>>(),
    );
    if roles.as_ref().is_some_and(|r| r.is_empty()) {
        errors.push("roles", "Выберите хотя бы одну роль");
    }
    match (email, last_name, first_name, middle_name, roles) {
        (Some(email), Some(last_name), Some(first_name), Some(middle_name), Some(roles)) if errors.is_empty() => {
            let mut new = NewUser::new(email, last_name, first_name, roles, password_hash);
            new.middle_name = middle_name;
            Ok(new)
        }
        _ => Err(errors.into()),
    }
}

/// Creates a user; an e-mail already in use is a field error.
pub fn create(store: &Store, journal: &Journal, input: &UserInput, password: &Password) -> Result<User, ServiceError> {
    let new = validate(input, password.hash())?;
    let txn = store.write()?;
    let user = users::insert(&txn, new, jiff::Timestamp::now())?;
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
    let email = Email::parse(email).map_err(|err| FieldErrors::one("email", err.to_string()))?;
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

/// The user `id` as stored, deleted or not (e.g. the manager behind an impersonation).
pub fn find(store: &Store, id: UserId) -> Result<Option<User>, ServiceError> {
    Ok(users::get(&store.read()?, id)?)
}
