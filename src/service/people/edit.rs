//! Creating, editing, deleting and restoring people, and changing their roles.

use super::form::PersonForm;
use super::links::add_parents_in;
use super::load_for_change;
use super::summary::{self, who};
use crate::auth::Purpose;
use crate::domain::activity::Action;
use crate::domain::declension::agreeing;
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{PasswordHash, Role, Roles, Tag, TagId, User, UserId};
use crate::mail::MailKind;
use crate::policy::Actor;
use crate::service::FieldErrors;
use crate::service::journal::{Change, Journal};
use crate::service::schedule::{School, leaving};
use crate::service::verification;
use crate::service::{AppState, ServiceError};
use crate::store::WriteTxn;
use crate::store::{Store, calendar_feeds, family, one_time_tokens, record, sessions, users};
use jiff::Timestamp;

/// Today's date in the school's time zone.
pub fn today(state_tz: &str) -> jiff::civil::Date {
    let tz = jiff::tz::TimeZone::get(state_tz).unwrap_or(jiff::tz::TimeZone::UTC);
    Timestamp::now().to_zoned(tz).date()
}

/// Parses role names; at least one is needed.
pub fn parse_roles(names: &[String]) -> Result<Roles, ServiceError> {
    let roles = names.iter().map(|n| n.parse::<Role>()).collect::<Result<Roles, _>>();
    match roles {
        Err(err) => Err(FieldErrors::one("roles", err.to_string())),
        Ok(roles) if roles.is_empty() => Err(FieldErrors::one("roles", "Выберите хотя бы одну роль")),
        Ok(roles) => Ok(roles),
    }
}

/// Checks that every tag exists.
pub fn known_tags(txn: &WriteTxn, ids: &[u64]) -> Result<std::collections::BTreeSet<TagId>, ServiceError> {
    let mut set = std::collections::BTreeSet::new();
    for id in ids {
        record::get::<Tag>(txn, TagId(*id))?.ok_or_else(|| FieldErrors::one("tags", format!("Тег #{id} не найден")))?;
        set.insert(TagId(*id));
    }
    Ok(set)
}

/// Creates a person with a random password (they set their own through a mailed link), linked
/// to `parent_ids` by the family-link rule of saving parents, all in one transaction.
pub async fn create(
    state: &AppState,
    journal: Journal,
    form: PersonForm,
    roles: Vec<String>,
    tag_ids: Vec<u64>,
    parent_ids: Vec<u64>,
) -> Result<User, ServiceError> {
    let checked = form.check(today(&state.config.school.timezone));
    let roles = parse_roles(&roles);
    let (checked, roles) = match (checked, roles) {
        (Ok(c), Ok(r)) => (c, r),
        (Err(ServiceError::Invalid(mut a)), Err(ServiceError::Invalid(b))) => {
            a.merge(b);
            return Err(ServiceError::Invalid(a));
        }
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
    // No password until the person sets one (a mailed link, or a manager's reset).
    let hash = PasswordHash::nobodys();
    state
        .run(move |store| {
            let txn = store.write()?;
            let mut new = checked.into_new_user(roles, hash);
            new.tags = known_tags(&txn, &tag_ids)?;
            let user = users::insert(&txn, new, Timestamp::now())?;
            let (parents, parent_names) = add_parents_in(&txn, user.id, &parent_ids)?;
            let mut summary = format!(
                "Создан пользователь {}, роли: {}",
                who(&user),
                summary::roles(&user.roles)
            );
            if !parent_names.is_empty() {
                summary.push_str(&format!("; родители: {}", parent_names.join(", ")));
            }
            let change = Change::on_user(Action::UserCreated, &user, summary)
                .concerning(parents)
                .notify(summary::account_created(&user));
            journal.commit_change(txn, change)?;
            Ok(user)
        })
        .await
}

/// Saves a person's card (names, e-mail, phone, birth date, notes). A changed e-mail is no
/// longer confirmed; where the school requires confirmation, a link goes to the new address.
pub fn update(
    store: &Store,
    journal: &Journal,
    timezone: &str,
    id: UserId,
    form: PersonForm,
) -> Result<User, ServiceError> {
    let txn = store.write()?;
    let before = load_for_change(&txn, id)?;
    let mut user = before.clone();
    form.check(today(timezone))?.apply_to(&mut user);
    // What is saved is decided by the record, not by the log's wording.
    if user == before {
        return Ok(before);
    }
    let changes = summary::card_changes(&before, &user);
    user.updated_at = Timestamp::now();
    let new_address = user.email != before.email;
    if new_address {
        // A new address is not confirmed; a confirmation or password link sent to the old one
        // stops working (a password set through it would confirm the new address).
        user.email_verified_at = None;
        one_time_tokens::end_all_of(&txn, id, Purpose::VerifyEmail, user.updated_at)?;
        one_time_tokens::end_all_of(&txn, id, Purpose::PasswordReset, user.updated_at)?;
    }
    users::update(&txn, &user)?;
    if new_address && journal.requires_verified_email() && user.deleted_at.is_none() {
        journal.queue_link(&txn, &user, MailKind::VerifyEmail, verification::LINK_HOURS * 60)?;
    }
    let summary = format!("{}: {}", user.full_name(), changes.join("; "));
    journal.record(&txn, Change::on_user(Action::UserUpdated, &user, summary))?;
    journal.commit(txn)?;
    Ok(user)
}

/// Managers that are not deleted, other than `except`.
fn other_managers(txn: &WriteTxn, except: UserId) -> Result<usize, ServiceError> {
    let mut count = 0;
    for id in users::ids_with_role(txn, Role::Manager)?
        .into_iter()
        .filter(|id| *id != except)
    {
        if users::get(txn, id)?.is_some_and(|user| user.deleted_at.is_none()) {
            count += 1;
        }
    }
    Ok(count)
}

/// Soft-deletes a person: hidden from lists, signed out everywhere, his calendar link and his
/// children's ended, restorable. A student is taken off his groups and future planned lessons
/// (`schedule::leaving`), his past lessons, marks and money kept; nobody in his family is told.
pub fn delete(store: &Store, journal: &Journal, actor: &Actor, id: UserId) -> Result<(), ServiceError> {
    if id == actor.user.id {
        return Err(FieldErrors::one("id", "Нельзя удалить самого себя"));
    }
    let school = School::load(store)?;
    let txn = store.write()?;
    let mut user = load_for_change(&txn, id)?;
    if user.deleted_at.is_some() {
        return Ok(());
    }
    if user.roles.contains(&Role::Manager) && other_managers(&txn, id)? == 0 {
        return Err(FieldErrors::one("roles", "Нельзя удалить последнего менеджера"));
    }
    user.deleted_at = Some(Timestamp::now());
    users::update(&txn, &user)?;
    sessions::remove_all_of(&txn, id, None)?;
    // Restoring him does not bring his private calendar link back, and his children's links,
    // which he may know, end with his right to read them.
    calendar_feeds::remove(&txn, id)?;
    for child in family::children_of(&txn, id)? {
        calendar_feeds::remove(&txn, child)?;
    }
    let (tz, now) = (journal.time_zone(), Timestamp::now());
    let left = leaving::student_leaves(&txn, journal, &school, (actor.user.id, &user), &tz, now)?;
    let mut summary = format!("Удалён пользователь {}", who(&user));
    if !left.groups.is_empty() {
        let names: Vec<String> = left.groups.iter().map(|name| format!("«{name}»")).collect();
        let taken = agreeing(&user, "снят", "снята");
        summary.push_str(&format!("; {taken} с групп: {}", names.join(", ")));
    }
    if left.lessons > 0 {
        let him = agreeing(&user, "него", "неё");
        summary.push_str(&format!("; будущих занятий без {him}: {}", left.lessons));
    }
    let change = left
        .notices
        .into_iter()
        .fold(Change::on_user(Action::UserDeleted, &user, summary), Change::notify);
    journal.commit_change(txn, change)?;
    Ok(())
}

/// Brings a deleted person back. A student taken off his groups and future lessons when he was
/// deleted is not put back in them: a manager adds him to his groups again.
pub fn restore(store: &Store, journal: &Journal, id: UserId) -> Result<User, ServiceError> {
    let txn = store.write()?;
    let mut user = load_for_change(&txn, id)?;
    if user.deleted_at.is_none() {
        return Ok(user);
    }
    user.deleted_at = None;
    user.updated_at = Timestamp::now();
    users::update(&txn, &user)?;
    let summary = format!("Восстановлен пользователь {}", who(&user));
    journal.record(&txn, Change::on_user(Action::UserRestored, &user, summary))?;
    journal.commit(txn)?;
    Ok(user)
}

/// Replaces a person's roles; the school always keeps at least one manager, a manager does not
/// take his own manager role away (he could not undo it: another manager does it), and the
/// family links stay within their rules.
pub fn update_roles(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: UserId,
    names: &[String],
) -> Result<User, ServiceError> {
    let roles = parse_roles(names)?;
    let txn = store.write()?;
    let mut user = load_for_change(&txn, id)?;
    let loses_manager = user.roles.contains(&Role::Manager) && !roles.contains(&Role::Manager);
    if loses_manager && other_managers(&txn, id)? == 0 {
        return Err(FieldErrors::one(
            "roles",
            "Нельзя снять роль менеджера с последнего менеджера",
        ));
    }
    if loses_manager && id == actor.user.id {
        return Err(FieldErrors::one(
            "roles",
            "Нельзя снять роль менеджера с самого себя: попросите об этом другого менеджера",
        ));
    }
    if user.roles == roles {
        return Ok(user);
    }
    super::links::roles_fit_family(&txn, id, &roles)?;
    let was = summary::roles(&user.roles);
    user.roles = roles;
    user.updated_at = Timestamp::now();
    users::update(&txn, &user)?;
    let now = summary::roles(&user.roles);
    let notice = Notice {
        to: user.id,
        kind: NotificationKind::RolesChanged,
        body: format!("Ваши роли изменены: было «{was}», стало «{now}»."),
        link: Some("/".into()),
    };
    let summary = format!("{}: роли «{was}» → «{now}»", user.full_name());
    journal.record(
        &txn,
        Change::on_user(Action::RolesChanged, &user, summary).notify(notice),
    )?;
    journal.commit(txn)?;
    Ok(user)
}
