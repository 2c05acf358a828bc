//! Notifications with their per-person and unread indexes (on the record kit), and each
//! person's choice of which kinds also come by mail.

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, codec, tables};
use crate::domain::notification::{MailChoice, Notification};
use crate::domain::{NotificationId, Page, PageRequest, UserId};
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, WriteTransaction};

impl Record for Notification {
    const TABLE: Rows = tables::NOTIFICATIONS;
    type Id = NotificationId;

    fn id(&self) -> NotificationId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        let mut rows = vec![IndexRow::Under(tables::NOTIFICATIONS_BY_USER, self.user_id.0)];
        if self.read_at.is_none() {
            rows.push(IndexRow::Under(tables::NOTIFICATIONS_UNREAD, self.user_id.0));
        }
        rows
    }
}

/// Stores a new notification (its `id` is assigned here), unread.
pub fn insert(txn: &WriteTransaction, notification: Notification) -> Result<NotificationId, StoreError> {
    Ok(record::insert(txn, |id| Notification { id, ..notification })?.id)
}

/// Marks one notification read at `now` (a read one keeps its first reading time).
pub fn mark_read(txn: &WriteTransaction, notification: &mut Notification, now: Timestamp) -> Result<(), StoreError> {
    if notification.read_at.is_some() {
        return Ok(());
    }
    let unread = notification.clone();
    notification.read_at = Some(now);
    record::replace(txn, &unread, notification)
}

/// Marks every unread notification of `user` read; returns how many there were.
pub fn mark_all_read(txn: &WriteTransaction, user: UserId, now: Timestamp) -> Result<u64, StoreError> {
    let unread: Vec<NotificationId> = record::ids_under(txn, tables::NOTIFICATIONS_UNREAD, user.0)?;
    for id in &unread {
        if let Some(mut notification) = record::get(txn, *id)? {
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
    let index = if unread_only {
        tables::NOTIFICATIONS_UNREAD
    } else {
        tables::NOTIFICATIONS_BY_USER
    };
    record::page(txn, Some((index, user.0)), None, request)
}

/// Which kinds `user` also gets by mail, through either kind of transaction.
pub fn mail_choice(txn: &impl Reader, user: UserId) -> Result<MailChoice, StoreError> {
    let table = txn.open(tables::NOTIFICATION_SETTINGS)?;
    let found = table
        .get(user.0)?
        .map(|b| codec::decode(tables::name(&tables::NOTIFICATION_SETTINGS), b.value()));
    Ok(found.transpose()?.unwrap_or_default())
}

/// Stores `user`'s choice of kinds that also come by mail.
pub fn set_mail_choice(txn: &WriteTransaction, user: UserId, choice: &MailChoice) -> Result<(), StoreError> {
    txn.open_table(tables::NOTIFICATION_SETTINGS)?
        .insert(user.0, codec::encode(choice).as_slice())?;
    Ok(())
}
