//! The mail outbox and history: mail records with their send queue and per-user index,
//! always written together.

use super::{Store, StoreError, codec, newest_first, sequence, tables};
use crate::domain::{Page, PageRequest};
use crate::mail::{MailFilter, MailRecord, MailStatus};
use jiff::Timestamp;
use redb::{ReadableTable, WriteTransaction};

const TABLE: &str = "mail-1";

/// Stores a new mail (its `id` is assigned here) with its queue and user index entries.
pub fn insert(txn: &WriteTransaction, mut mail: MailRecord) -> Result<u64, StoreError> {
    mail.id = sequence::next_id(txn, TABLE)?;
    write_indexes(txn, None, &mail)?;
    txn.open_table(tables::MAIL)?
        .insert(mail.id, codec::encode(&mail).as_slice())?;
    Ok(mail.id)
}

/// Replaces a stored mail, moving its queue entry to the new next attempt (or removing it).
pub fn update(txn: &WriteTransaction, mail: &MailRecord) -> Result<(), StoreError> {
    let old = get_in(txn, mail.id)?.ok_or_else(|| StoreError::Corrupt {
        table: TABLE,
        reason: format!("update of missing mail {}", mail.id),
    })?;
    write_indexes(txn, Some(&old), mail)?;
    txn.open_table(tables::MAIL)?
        .insert(mail.id, codec::encode(mail).as_slice())?;
    Ok(())
}

fn write_indexes(txn: &WriteTransaction, old: Option<&MailRecord>, new: &MailRecord) -> Result<(), StoreError> {
    let mut queue = txn.open_table(tables::MAIL_QUEUE)?;
    if let Some(key) = old.and_then(queue_key) {
        queue.remove(key)?;
    }
    if let Some(key) = queue_key(new) {
        queue.insert(key, ())?;
    }
    if let Some(user) = new.user_id {
        txn.open_table(tables::MAIL_BY_USER)?.insert((user.0, new.id), ())?;
    }
    Ok(())
}

/// The queue entry of a mail still to be sent.
fn queue_key(mail: &MailRecord) -> Option<(i64, u64)> {
    match (mail.status, mail.next_attempt_at) {
        (MailStatus::Queued, Some(at)) => Some((at.as_millisecond(), mail.id)),
        _ => None,
    }
}

/// A mail by id, read inside a write transaction.
pub fn get_in(txn: &WriteTransaction, id: u64) -> Result<Option<MailRecord>, StoreError> {
    let table = txn.open_table(tables::MAIL)?;
    let bytes = table.get(id)?;
    bytes.map(|b| codec::decode(TABLE, b.value())).transpose()
}

/// A mail by id.
pub fn get(store: &Store, id: u64) -> Result<Option<MailRecord>, StoreError> {
    let table = store.read()?.open_table(tables::MAIL)?;
    let bytes = table.get(id)?;
    bytes.map(|b| codec::decode(TABLE, b.value())).transpose()
}

/// Up to `limit` queued mails due at `now`, in id order.
pub fn due(store: &Store, now: Timestamp, limit: usize) -> Result<Vec<MailRecord>, StoreError> {
    let txn = store.read()?;
    let queue = txn.open_table(tables::MAIL_QUEUE)?;
    let mail = txn.open_table(tables::MAIL)?;
    let mut ids = Vec::new();
    for entry in queue.range(..=(now.as_millisecond(), u64::MAX))?.take(limit) {
        ids.push(entry?.0.value().1);
    }
    ids.sort_unstable();
    let mut due = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(bytes) = mail.get(id)? {
            due.push(codec::decode(TABLE, bytes.value())?);
        }
    }
    Ok(due)
}

/// When the earliest queued mail is due, if any mail is queued.
pub fn next_due(store: &Store) -> Result<Option<Timestamp>, StoreError> {
    let txn = store.read()?;
    let queue = txn.open_table(tables::MAIL_QUEUE)?;
    let first = queue.first()?.map(|(key, _)| key.value().0);
    Ok(first.map(|ms| Timestamp::from_millisecond(ms).unwrap_or(Timestamp::MIN)))
}

/// One page of the mails passing `filter`, newest first.
pub fn history(store: &Store, filter: &MailFilter, page: PageRequest) -> Result<Page<MailRecord>, StoreError> {
    let source = newest_first::Source {
        rows: tables::MAIL,
        by_user: tables::MAIL_BY_USER,
        name: TABLE,
    };
    let needle = filter.needle();
    let keep = |mail: &MailRecord| filter.matches(mail, needle.as_deref());
    let narrowed = filter.status.is_some() || filter.kind.is_some() || needle.is_some();
    let keep: Option<&dyn Fn(&MailRecord) -> bool> = if narrowed { Some(&keep) } else { None };
    newest_first::page(&store.read()?, &source, filter.user_id, keep, page)
}
