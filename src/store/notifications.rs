//! Notifications with their per-person and unread indexes (on the record kit), and each
//! person's choice of which kinds also come by mail and which are switched off.

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, codec, tables};
use crate::domain::notification::{MailChoice, Notification, NotificationChoice, NotificationKind};
use crate::domain::{NotificationId, Page, PageRequest, UserId};
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable};
use std::collections::BTreeSet;

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
pub fn insert(txn: &WriteTxn, notification: Notification) -> Result<NotificationId, StoreError> {
    Ok(record::insert(txn, |id| Notification { id, ..notification })?.id)
}

/// Marks one notification read at `now` (a read one keeps its first reading time).
pub fn mark_read(txn: &WriteTxn, notification: &mut Notification, now: Timestamp) -> Result<(), StoreError> {
    if notification.read_at.is_some() {
        return Ok(());
    }
    let unread = notification.clone();
    notification.read_at = Some(now);
    record::replace(txn, &unread, notification)
}

/// Marks read each unread notification of `user` that `counts` takes; returns how many it marked.
pub fn mark_all_read(
    txn: &WriteTxn,
    user: UserId,
    now: Timestamp,
    counts: impl Fn(&Notification) -> bool,
) -> Result<u64, StoreError> {
    let unread: Vec<NotificationId> = record::ids_under(txn, tables::NOTIFICATIONS_UNREAD, user.0)?;
    let mut marked = 0;
    for id in unread {
        if let Some(mut notification) = record::get(txn, id)?.filter(&counts) {
            mark_read(txn, &mut notification, now)?;
            marked += 1;
        }
    }
    Ok(marked)
}

/// How many of `user`'s notifications are unread.
pub fn unread_count(txn: &ReadTransaction, user: UserId) -> Result<u64, StoreError> {
    let index = txn.open_table(tables::NOTIFICATIONS_UNREAD)?;
    Ok(index.range((user.0, 0)..=(user.0, u64::MAX))?.count() as u64)
}

/// Whether `user` has a notification of `kind` saying `body` (looking from the newest).
pub fn was_told(txn: &impl Reader, user: UserId, kind: NotificationKind, body: &str) -> Result<bool, StoreError> {
    let ids: Vec<NotificationId> = record::ids_under(txn, tables::NOTIFICATIONS_BY_USER, user.0)?;
    for id in ids.into_iter().rev() {
        if record::get::<Notification>(txn, id)?.is_some_and(|n| n.kind == kind && n.body == body) {
            return Ok(true);
        }
    }
    Ok(false)
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

/// A person's choice as stored: the kinds mailed and those switched off; a choice stored
/// before kinds could be switched off is the mailed kinds alone.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
enum Stored {
    Choice {
        mail: Option<BTreeSet<NotificationKind>>,
        off: BTreeSet<NotificationKind>,
    },
    MailOnly(Option<BTreeSet<NotificationKind>>),
}

/// What `user` chose (which kinds also come by mail, which are off), through either kind of
/// transaction.
pub fn choice(txn: &impl Reader, user: UserId) -> Result<NotificationChoice, StoreError> {
    let table = txn.open(tables::NOTIFICATION_SETTINGS)?;
    let found = table
        .get(user.0)?
        .map(|b| codec::decode::<Stored>(tables::name(&tables::NOTIFICATION_SETTINGS), b.value()))
        .transpose()?;
    Ok(match found {
        None => NotificationChoice::default(),
        Some(Stored::MailOnly(mail)) => NotificationChoice {
            mail: MailChoice(mail),
            off: BTreeSet::new(),
        },
        Some(Stored::Choice { mail, off }) => NotificationChoice {
            mail: MailChoice(mail),
            off,
        },
    })
}

/// Stores `user`'s choice.
pub fn set_choice(txn: &WriteTxn, user: UserId, choice: &NotificationChoice) -> Result<(), StoreError> {
    let stored = Stored::Choice {
        mail: choice.mail.0.clone(),
        off: choice.off.clone(),
    };
    txn.open_table(tables::NOTIFICATION_SETTINGS)?
        .insert(user.0, codec::encode(&stored).as_slice())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    // A choice stored before kinds could be switched off (the mailed kinds alone) still reads.
    #[test]
    fn a_choice_of_mail_alone_reads_as_nothing_switched_off() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path(), 4).expect("open");
        let txn = store.write().expect("write");
        let old = MailChoice(Some([NotificationKind::FileAdded].into()));
        txn.open_table(tables::NOTIFICATION_SETTINGS)
            .expect("table")
            .insert(7, codec::encode(&old).as_slice())
            .expect("insert");
        let read = choice(&txn, UserId(7)).expect("read");
        assert_eq!(read.mail, old);
        assert!(read.off.is_empty());
        let new = NotificationChoice {
            mail: MailChoice(None),
            off: [NotificationKind::LowMark].into(),
        };
        set_choice(&txn, UserId(8), &new).expect("write");
        assert_eq!(choice(&txn, UserId(8)).expect("read"), new);
        assert_eq!(choice(&txn, UserId(9)).expect("read"), NotificationChoice::default());
    }
}
