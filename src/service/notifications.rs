//! A person's notifications: reading them, marking them read, and choosing which kinds also
//! come by mail.

use super::ServiceError;
use super::journal::{Change, Journal};
use crate::domain::activity::Action;
use crate::domain::notification::{MailChoice, Notification, NotificationKind};
use crate::domain::{NotificationId, Page, PageRequest, UserId};
use crate::store::{Store, notifications, record, users};
use jiff::Timestamp;

/// A page of notifications and how many are unread in all.
pub struct Inbox {
    pub page: Page<Notification>,
    pub unread: u64,
}

/// One page of `user`'s notifications (only unread ones if asked), newest first.
pub fn inbox(store: &Store, user: UserId, unread_only: bool, request: PageRequest) -> Result<Inbox, ServiceError> {
    let txn = store.read()?;
    Ok(Inbox {
        page: notifications::page(&txn, user, unread_only, request)?,
        unread: notifications::unread_count(&txn, user)?,
    })
}

/// The answer about a notification that does not exist, or is not the asker's.
pub fn not_found() -> ServiceError {
    ServiceError::NotFound("Уведомление не найдено".into())
}

/// Whose notification `id` is (to check the caller's right before marking it).
pub fn owner(store: &Store, id: NotificationId) -> Result<UserId, ServiceError> {
    let found = record::get::<Notification>(&store.read()?, id)?;
    found.map(|n| n.user_id).ok_or_else(not_found)
}

/// Marks notification `id` read.
pub fn mark_read(store: &Store, id: NotificationId) -> Result<Notification, ServiceError> {
    let txn = store.write()?;
    let mut notification = record::get::<Notification>(&txn, id)?.ok_or_else(not_found)?;
    notifications::mark_read(&txn, &mut notification, Timestamp::now())?;
    txn.commit()?;
    Ok(notification)
}

/// Marks all of `user`'s notifications read; returns how many were unread.
pub fn mark_all_read(store: &Store, user: UserId) -> Result<u64, ServiceError> {
    let txn = store.write()?;
    users::get(&txn, user)?.ok_or_else(|| ServiceError::NotFound("Пользователь не найден".into()))?;
    let marked = notifications::mark_all_read(&txn, user, Timestamp::now())?;
    txn.commit()?;
    Ok(marked)
}

/// Which kinds `user` also gets by mail.
pub fn mail_choice(store: &Store, user: UserId) -> Result<MailChoice, ServiceError> {
    Ok(notifications::mail_choice(&store.read()?, user)?)
}

/// Stores which kinds `user` also gets by mail.
pub fn choose_mail(
    store: &Store,
    journal: &Journal,
    user: UserId,
    kinds: Vec<NotificationKind>,
) -> Result<MailChoice, ServiceError> {
    let txn = store.write()?;
    let person = users::get(&txn, user)?.ok_or_else(|| ServiceError::NotFound("Пользователь не найден".into()))?;
    let choice = MailChoice(Some(kinds.into_iter().collect()));
    notifications::set_mail_choice(&txn, user, &choice)?;
    let titles: Vec<&str> = NotificationKind::ALL
        .into_iter()
        .filter(|k| choice.mails(*k))
        .map(NotificationKind::title)
        .collect();
    let mailed = if titles.is_empty() {
        "ничего".to_owned()
    } else {
        titles.join(", ")
    };
    let summary = format!("{}: на почту приходят — {mailed}", person.full_name());
    journal.record(
        &txn,
        Change::on_user(Action::NotificationSettingsChanged, &person, summary),
    )?;
    journal.commit(txn)?;
    Ok(choice)
}
