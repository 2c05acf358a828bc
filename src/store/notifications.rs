//! Notifications with their per-person and unread indexes, and each person's choice of
//! which kinds also come by mail.

use super::newest_first::{self, Source};
use super::{StoreError, codec, sequence, tables};
use crate::domain::notification::{MailChoice, Notification};
use crate::domain::{Page, PageRequest, UserId};
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, WriteTransaction};

const TABLE: &str = "notifications-1";

const ALL: Source = Source {
    rows: tables::NOTIFICATIONS,
    by_user: tables::NOTIFICATIONS_BY_USER,
    name: TABLE,
};

const UNREAD: Source = Source {
    rows: tables::NOTIFICATIONS,
    by_user: tables::NOTIFICATIONS_UNREAD,
    name: TABLE,
};

/// Stores a new notification (its `id` is assigned here), unread.
pub fn insert(txn: &WriteTransaction, mut notification: Notification) -> Result<u64, StoreError> {
    notification.id = sequence::next_id(txn, TABLE)?;
    let key = (notification.user_id.0, notification.id);
    txn.open_table(tables::NOTIFICATIONS_BY_USER)?.insert(key, ())?;
    if notification.read_at.is_none() {
        txn.open_table(tables::NOTIFICATIONS_UNREAD)?.insert(key, ())?;
    }
    txn.open_table(tables::NOTIFICATIONS)?
        .insert(notification.id, codec::encode(&notification).as_slice())?;
    Ok(notification.id)
}

/// The notification `id`.
pub fn get(txn: &ReadTransaction, id: u64) -> Result<Option<Notification>, StoreError> {
    load(&txn.open_table(tables::NOTIFICATIONS)?, id)
}

/// The notification `id`, inside a write transaction.
pub fn get_in(txn: &WriteTransaction, id: u64) -> Result<Option<Notification>, StoreError> {
    load(&txn.open_table(tables::NOTIFICATIONS)?, id)
}

fn load(table: &impl ReadableTable<u64, &'static [u8]>, id: u64) -> Result<Option<Notification>, StoreError> {
    table.get(id)?.map(|b| codec::decode(TABLE, b.value())).transpose()
}

/// Marks one notification read at `now` (a read one keeps its first reading time).
pub fn mark_read(txn: &WriteTransaction, notification: &mut Notification, now: Timestamp) -> Result<(), StoreError> {
    if notification.read_at.is_some() {
        return Ok(());
    }
    notification.read_at = Some(now);
    txn.open_table(tables::NOTIFICATIONS_UNREAD)?
        .remove((notification.user_id.0, notification.id))?;
    txn.open_table(tables::NOTIFICATIONS)?
        .insert(notification.id, codec::encode(&*notification).as_slice())?;
    Ok(())
}

/// Marks every unread notification of `user` read; returns how many there were.
pub fn mark_all_read(txn: &WriteTransaction, user: UserId, now: Timestamp) -> Result<u64, StoreError> {
    let unread: Vec<u64> = {
        let index = txn.open_table(tables::NOTIFICATIONS_UNREAD)?;
        let ids = index.range((user.0, 0)..=(user.0, u64::MAX))?;
        ids.map(|entry| Ok(entry?.0.value().1))
            .collect::<Result<_, StoreError>>()?
    };
    for id in &unread {
        if let Some(mut notification) = get_in(txn, *id)? {
            mark_read(txn, &mut notification, now)?;
        }
    }
    Ok(unread.len() as u64)
}

/// How many of `user`'s notifications are unread.
pub fn unread_count(txn: &ReadTransaction, user: UserId) -> Result<u64, StoreError> {
    let index = txn.open_table(tables::NOTIFICATIONS_UNREAD)?;
    Ok(index.range((user.0, 0)..=(user.0, u64::MAX))?.count() as u64)
}

/// One page of `user`'s notifications (only the unread ones if asked), newest first.
pub fn page(
    txn: &ReadTransaction,
    user: UserId,
    unread_only: bool,
    request: PageRequest,
) -> Result<Page<Notification>, StoreError> {
    let source = if unread_only { &UNREAD } else { &ALL };
    newest_first::page(txn, source, Some(user), None, request)
}

/// Which kinds `user` also gets by mail.
pub fn mail_choice(txn: &ReadTransaction, user: UserId) -> Result<MailChoice, StoreError> {
    load_choice(&txn.open_table(tables::NOTIFICATION_SETTINGS)?, user)
}

/// Which kinds `user` also gets by mail, inside a write transaction.
pub fn mail_choice_in(txn: &WriteTransaction, user: UserId) -> Result<MailChoice, StoreError> {
    load_choice(&txn.open_table(tables::NOTIFICATION_SETTINGS)?, user)
}

fn load_choice(table: &impl ReadableTable<u64, &'static [u8]>, user: UserId) -> Result<MailChoice, StoreError> {
    let found = table
        .get(user.0)?
        .map(|b| codec::decode("notification-settings-1", b.value()));
    Ok(found.transpose()?.unwrap_or_default())
}

/// Stores `user`'s choice of kinds that also come by mail.
pub fn set_mail_choice(txn: &WriteTransaction, user: UserId, choice: &MailChoice) -> Result<(), StoreError> {
    txn.open_table(tables::NOTIFICATION_SETTINGS)?
        .insert(user.0, codec::encode(choice).as_slice())?;
    Ok(())
}
