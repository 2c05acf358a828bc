//! A person's notifications: reading them, marking them read, and choosing which kinds also
//! come by mail and which do not come at all.

use super::journal::{Change, Journal};
use super::{FieldErrors, ServiceError};
use crate::domain::activity::Action;
use crate::domain::notification::{MailChoice, Notification, NotificationChoice, NotificationKind};
use crate::domain::{NotificationId, Page, PageRequest, Roles, UserId};
use crate::policy::{self, Actor};
use crate::store::{Store, notifications, record, users};
use jiff::Timestamp;

/// A page of notifications and how many are unread in all.
pub struct Inbox {
    pub page: Page<Notification>,
    pub unread: u64,
}

/// One page of `user`'s notifications (only unread ones if asked), newest first; a 404 for
/// a person who does not exist.
pub fn inbox(store: &Store, user: UserId, unread_only: bool, request: PageRequest) -> Result<Inbox, ServiceError> {
    let txn = store.read()?;
    users::get(&txn, user)?.ok_or_else(no_person)?;
    Ok(Inbox {
        page: notifications::page(&txn, user, unread_only, request)?,
        unread: notifications::unread_count(&txn, user)?,
    })
}

/// The answer about a person who does not exist.
fn no_person() -> ServiceError {
    ServiceError::NotFound("Пользователь не найден".into())
}

/// The answer about a notification that does not exist, or is not the asker's.
fn not_found() -> ServiceError {
    ServiceError::NotFound("Уведомление не найдено".into())
}

/// Marks notification `id` read when `actor`'s doing counts (`policy::marks_notification_read`),
/// else gives it as it is; someone else's notification is not found, like one that does not
/// exist (`policy::sees_notification`).
pub fn mark_read(store: &Store, actor: &Actor, id: NotificationId) -> Result<Notification, ServiceError> {
    let txn = store.write()?;
    let mut notification = record::get::<Notification>(&txn, id)?
        .filter(|n| policy::sees_notification(actor, n))
        .ok_or_else(not_found)?;
    if policy::marks_notification_read(actor, &notification) {
        notifications::mark_read(&txn, &mut notification, Timestamp::now())?;
        txn.commit()?;
    }
    Ok(notification)
}

/// Marks read those of `user`'s notifications whose marking by `actor` counts
/// (`policy::marks_notification_read`); returns how many were marked.
pub fn mark_all_read(store: &Store, actor: &Actor, user: UserId) -> Result<u64, ServiceError> {
    let txn = store.write()?;
    users::get(&txn, user)?.ok_or_else(no_person)?;
    let counts = |n: &Notification| policy::marks_notification_read(actor, n);
    let marked = notifications::mark_all_read(&txn, user, Timestamp::now(), counts)?;
    txn.commit()?;
    Ok(marked)
}

/// What `user` chose: the kinds that also come by mail, those switched off.
pub fn choice(store: &Store, user: UserId) -> Result<NotificationChoice, ServiceError> {
    Ok(notifications::choice(&store.read()?, user)?)
}

/// Stores which kinds `user` also gets by mail and, when `off` is given, which he switched
/// off (only kinds that `may_be_switched_off`; the others are a 422 on `off`). Kinds his roles
/// are never told of are a 422 on the field naming them.
pub fn choose(
    store: &Store,
    journal: &Journal,
    user: UserId,
    kinds: Vec<NotificationKind>,
    off: Option<Vec<NotificationKind>>,
) -> Result<NotificationChoice, ServiceError> {
    if let Some(kind) = off.iter().flatten().find(|k| !k.may_be_switched_off()) {
        return Err(FieldErrors::one(
            "off",
            format!("Уведомления «{}» отключить нельзя", kind.title()),
        ));
    }
    let txn = store.write()?;
    let person = users::get(&txn, user)?.ok_or_else(no_person)?;
    offered(&kinds, &person.roles, "mail")?;
    offered(off.iter().flatten(), &person.roles, "off")?;
    let before = notifications::choice(&txn, user)?;
    let choice = NotificationChoice {
        mail: MailChoice(Some(kinds.into_iter().collect())),
        off: off.map_or(before.off, |off| off.into_iter().collect()),
    };
    notifications::set_choice(&txn, user, &choice)?;
    let titles = |keep: &dyn Fn(NotificationKind) -> bool| {
        let titles: Vec<&str> = NotificationKind::ALL
            .into_iter()
            .filter(|k| keep(*k))
            .map(NotificationKind::title)
            .collect();
        if titles.is_empty() {
            "ничего".to_owned()
        } else {
            titles.join(", ")
        }
    };
    let mut summary = format!(
        "{}: на почту приходят — {}",
        person.full_name(),
        titles(&|k| choice.mail.mails(k))
    );
    if !choice.off.is_empty() {
        summary.push_str(&format!("; отключены — {}", titles(&|k| !choice.tells(k))));
    }
    journal.record(
        &txn,
        Change::on_user(Action::NotificationSettingsChanged, &person, summary),
    )?;
    journal.commit(txn)?;
    Ok(choice)
}

/// A 422 on `field` naming the first of `kinds` a person with `roles` is never told of (a
/// student choosing the managers' server problems), so that nothing he cannot get is stored.
fn offered<'a>(
    kinds: impl IntoIterator<Item = &'a NotificationKind>,
    roles: &Roles,
    field: &str,
) -> Result<(), ServiceError> {
    match kinds.into_iter().find(|kind| !kind.offered_to(roles)) {
        Some(kind) => Err(FieldErrors::one(
            field,
            format!("Уведомления «{}» Вам не приходят", kind.title()),
        )),
        None => Ok(()),
    }
}
