//! The mail outbox and history: mail records with their send queue and per-user index, on
//! the record kit.

use super::record::{self, IndexRow, Record, Rows};
use super::{Store, StoreError, tables};
use crate::domain::mail::{MailFilter, MailRecord, MailStatus};
use crate::domain::{MailId, Page, PageRequest};
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::ReadableTable;

impl Record for MailRecord {
    const TABLE: Rows = tables::MAIL;
    type Id = MailId;

    fn id(&self) -> MailId {
        self.id
    }

    /// Listed under its person for good, and in the queue while it waits for an attempt.
    fn indexes(&self) -> Vec<IndexRow> {
        let person = self.user_id.map(|user| IndexRow::Under(tables::MAIL_BY_USER, user.0));
        let queued = match (self.status, self.next_attempt_at) {
            (MailStatus::Queued, Some(at)) => Some(IndexRow::Timed(tables::MAIL_QUEUE, at.as_millisecond())),
            _ => None,
        };
        person.into_iter().chain(queued).collect()
    }
}

/// Stores a new mail (its `id` is assigned here) with its queue and user index entries.
pub fn insert(txn: &WriteTxn, mail: MailRecord) -> Result<MailId, StoreError> {
    Ok(record::insert(txn, |id| MailRecord { id, ..mail })?.id)
}

/// Replaces a stored mail, moving its queue entry to the new next attempt (or removing it).
pub fn update(txn: &WriteTxn, mail: &MailRecord) -> Result<(), StoreError> {
    record::update(txn, mail)?;
    Ok(())
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
        due.extend(record::load::<MailRecord>(&mail, MailId(id))?);
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
    let needle = filter.needle();
    let keep = |mail: &MailRecord| filter.matches(mail, needle.as_deref());
    let narrowed = filter.status.is_some() || filter.kind.is_some() || needle.is_some();
    let keep: Option<&dyn Fn(&MailRecord) -> bool> = if narrowed { Some(&keep) } else { None };
    let person = filter.user_id.map(|user| (tables::MAIL_BY_USER, user.0));
    record::page(&store.read()?, person, keep, page)
}

/// Gives each mail queued in the database at `copy` (a backup about to be restored) the
/// outcome the database it replaces (`replaced`) recorded for the same mail since the copy
/// was made: sent or failed mails are not sent again after the restore. A mail is the same when
/// its id, recipient and time of queueing agree. Returns how many mails took an outcome.
pub fn settle_from(copy: &std::path::Path, replaced: &redb::ReadTransaction) -> Result<usize, StoreError> {
    let db = redb::Database::create(copy).map_err(|err| StoreError::from_open(err, copy))?;
    let txn = WriteTxn::new(db.begin_write()?, Default::default());
    let mut queued = Vec::new();
    for entry in txn.open_table(tables::MAIL_QUEUE)?.iter()? {
        queued.push(MailId(entry?.0.value().1));
    }
    let mut settled = 0;
    for id in queued {
        let (Some(mail), Some(later)) = (
            record::get::<MailRecord>(&txn, id)?,
            record::get::<MailRecord>(replaced, id)?,
        ) else {
            continue;
        };
        let same = later.to == mail.to && later.created_at == mail.created_at;
        if same && later.status != MailStatus::Queued && later != mail {
            update(&txn, &later)?;
            settled += 1;
        }
    }
    txn.commit()?;
    Ok(settled)
}
