//! The activity log: entries are appended with their per-person index entries and never
//! changed or removed (no function here does either).

use super::newest_first::{self, Source};
use super::{StoreError, codec, sequence, tables};
use crate::domain::activity::{Action, ActivityEntry};
use crate::domain::{Page, PageRequest, UserId};
use jiff::Timestamp;
use redb::{ReadTransaction, WriteTransaction};

const TABLE: &str = "activity-1";

const SOURCE: Source = Source {
    rows: tables::ACTIVITY,
    by_user: tables::ACTIVITY_BY_USER,
    name: TABLE,
};

/// Appends `entry` (its `id` is assigned here) and indexes it under everyone it concerns.
pub fn append(txn: &WriteTransaction, mut entry: ActivityEntry) -> Result<u64, StoreError> {
    entry.id = sequence::next_id(txn, TABLE)?;
    let mut index = txn.open_table(tables::ACTIVITY_BY_USER)?;
    for person in entry.people() {
        index.insert((person.0, entry.id), ())?;
    }
    txn.open_table(tables::ACTIVITY)?
        .insert(entry.id, codec::encode(&entry).as_slice())?;
    Ok(entry.id)
}

/// What a page of the log is narrowed to.
#[derive(Clone, Debug, Default)]
pub struct ActivityFilter {
    /// Entries done by, as, or to this person.
    pub person: Option<UserId>,
    pub action: Option<Action>,
    /// Entries at or after this instant.
    pub from: Option<Timestamp>,
    /// Entries before this instant.
    pub until: Option<Timestamp>,
}

impl ActivityFilter {
    fn admits(&self, entry: &ActivityEntry) -> bool {
        self.action.is_none_or(|a| a == entry.action)
            && self.from.is_none_or(|from| entry.at >= from)
            && self.until.is_none_or(|until| entry.at < until)
    }
}

/// One page of the entries passing `filter`, newest first.
pub fn page(
    txn: &ReadTransaction,
    filter: &ActivityFilter,
    request: PageRequest,
) -> Result<Page<ActivityEntry>, StoreError> {
    let keep = |entry: &ActivityEntry| filter.admits(entry);
    let narrowed = filter.action.is_some() || filter.from.is_some() || filter.until.is_some();
    let keep: Option<&dyn Fn(&ActivityEntry) -> bool> = if narrowed { Some(&keep) } else { None };
    newest_first::page(txn, &SOURCE, filter.person, keep, request)
}
