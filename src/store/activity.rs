//! The activity log: entries are appended with their index entries (per person, per action)
//! and never changed or removed (no function here does either). Ids are 1, 2, 3 … in the order
//! of writing, which is the order of time, so a date filter is a window of ids.

use super::newest_first::{self, Scope, append_numbered};
use super::{StoreError, codec, sequence, tables};
use crate::domain::activity::{ActivityEntry, ActivityFilter};
use crate::domain::{ActivityId, Page, PageRequest};
use crate::store::WriteTxn;
use crate::store::record::ListKey;
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable};
use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::{Mutex, MutexGuard};

/// The log's table name, for its id sequence and errors.
fn name() -> &'static str {
    tables::name(&tables::ACTIVITY)
}

/// The log as one list (`record::ListKey`): each entry appended gives it a new version, so a
/// page kept by it is made again once the log grew.
pub fn log_list() -> ListKey {
    ListKey::of(&tables::ACTIVITY, 0)
}

/// Appends `entry` (its `id` is assigned here) and indexes it under everyone it concerns.
pub fn append(txn: &WriteTxn, mut entry: ActivityEntry) -> Result<ActivityId, StoreError> {
    entry.id = ActivityId(sequence::next_id(txn, name())?);
    txn.renew([log_list()]);
    let mut by_user = txn.open_table(tables::ACTIVITY_BY_USER)?;
    for person in entry.people() {
        append_numbered(&mut by_user, person.0, entry.id.0)?;
    }
    append_numbered(
        &mut txn.open_table(tables::ACTIVITY_BY_ACTION)?,
        entry.action.number(),
        entry.id.0,
    )?;
    txn.open_table(tables::ACTIVITY)?
        .insert(entry.id.0, codec::encode(&entry).as_slice())?;
    Ok(entry.id)
}

/// The ids of one page of the entries passing `filter`, newest first. The dates narrow the ids
/// to a window; a person's or an action's index (or both, walked side by side) lists the
/// window's entries, and none is read. (A clock set back while the log was written puts the
/// entries of the jump out of time order: a date filter may miss those.)
pub fn page_ids(
    txn: &ReadTransaction,
    bounds: &Bounds,
    filter: &ActivityFilter,
    request: PageRequest,
) -> Result<Page<ActivityId>, StoreError> {
    let window = ids_between(txn, bounds, filter.from, filter.until)?;
    let person = filter.person.map(|person| (tables::ACTIVITY_BY_USER, person.0));
    let action = filter
        .action
        .map(|action| (tables::ACTIVITY_BY_ACTION, action.number()));
    let scope = match (person, action) {
        (Some(person), Some(action)) => Scope::Both(person, action),
        (Some((index, key)), None) | (None, Some((index, key))) => Scope::Numbered(index, key),
        (None, None) => Scope::Gapless,
    };
    let page = newest_first::ids_within(txn, (tables::ACTIVITY, name()), scope, window, request)?;
    Ok(page.map(ActivityId))
}

/// The entries with `ids`, in that order (an id with no entry is left out).
pub fn entries(txn: &ReadTransaction, ids: &[ActivityId]) -> Result<Vec<ActivityEntry>, StoreError> {
    let rows = txn.open_table(tables::ACTIVITY)?;
    let mut found = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(bytes) = rows.get(id.0)? {
            found.push(codec::decode(name(), bytes.value())?);
        }
    }
    Ok(found)
}

/// The ids the log's dates were found at. The first entry written at or after an instant stays
/// the same once some entry at or after it exists (entries are appended in time order), so such
/// answers are kept: at most `Bounds::KEPT` of them, the whole lot forgotten when full.
#[derive(Debug, Default)]
pub struct Bounds(Mutex<HashMap<Timestamp, u64>>);

impl Bounds {
    const KEPT: usize = 1_000;

    fn kept(&self) -> MutexGuard<'_, HashMap<Timestamp, u64>> {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The id of the first entry written at or after `at` (see `first_at_or_after`), kept when
    /// it can no longer change.
    fn first_at_or_after(
        &self,
        rows: &impl ReadableTable<u64, &'static [u8]>,
        at: Timestamp,
    ) -> Result<u64, StoreError> {
        if let Some(id) = self.kept().get(&at) {
            return Ok(*id);
        }
        let (id, settled) = first_at_or_after(rows, at)?;
        if settled {
            let mut kept = self.kept();
            if kept.len() >= Self::KEPT {
                kept.clear();
            }
            kept.insert(at, id);
        }
        Ok(id)
    }
}

/// The ids of the entries at or after `from` and before `until`.
fn ids_between(
    txn: &ReadTransaction,
    bounds: &Bounds,
    from: Option<Timestamp>,
    until: Option<Timestamp>,
) -> Result<RangeInclusive<u64>, StoreError> {
    if from.is_none() && until.is_none() {
        return Ok(newest_first::ANY_ID);
    }
    let rows = txn.open_table(tables::ACTIVITY)?;
    let first = match from {
        Some(from) => bounds.first_at_or_after(&rows, from)?,
        None => 0,
    };
    let end = match until {
        Some(until) => bounds.first_at_or_after(&rows, until)?,
        None => u64::MAX,
    };
    Ok(first..=end.saturating_sub(1))
}

/// When an entry was written: all a search by time decodes of it (its other fields are skipped,
/// not built).
#[derive(serde::Deserialize)]
struct WrittenAt {
    at: Timestamp,
}

/// The id of the first entry written at or after `at` (one past the last entry if none was),
/// by halving: about 20 entries read in a log of a million; and whether such an entry exists
/// (then the answer is settled: entries appended later come after it).
fn first_at_or_after(rows: &impl ReadableTable<u64, &'static [u8]>, at: Timestamp) -> Result<(u64, bool), StoreError> {
    let Some(last) = rows.last()?.map(|(id, _)| id.value()) else {
        return Ok((1, false));
    };
    // The answer is in lo..=hi.
    let (mut lo, mut hi) = (1, last + 1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let Some((id, bytes)) = rows.range(mid..)?.next().transpose()? else {
            hi = mid;
            continue;
        };
        let written: WrittenAt = codec::decode(name(), bytes.value())?;
        if written.at < at {
            lo = id.value() + 1;
        } else {
            hi = mid;
        }
    }
    Ok((lo, lo <= last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::UserId;
    use crate::domain::activity::{Action, Entity};
    use jiff::SignedDuration;

    /// 240 entries a minute apart, of 3 people and 3 actions, and what each filter must find,
    /// worked out by reading them all.
    #[test]
    fn every_filter_finds_what_reading_every_entry_finds() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = crate::store::Store::open(dir.path(), 4).expect("open");
        let start = Timestamp::from_second(1_780_000_000).expect("time");
        let actions = [Action::SignedIn, Action::UserUpdated, Action::SignedOut];
        let txn = store.write().expect("txn");
        let mut all = Vec::new();
        for n in 0..240_i64 {
            let entry = ActivityEntry {
                id: ActivityId(0),
                at: start + SignedDuration::from_mins(n),
                actor: Some(UserId(n as u64 % 3 + 1)),
                impersonator: None,
                action: actions[(n as usize / 2) % 3],
                entity: Entity::User,
                entity_id: None,
                summary: String::new(),
                ip: None,
                subjects: vec![UserId(n as u64 % 4 + 1)],
            };
            let id = append(&txn, entry.clone()).expect("append");
            all.push(ActivityEntry { id, ..entry });
        }
        txn.commit().expect("commit");
        let read = store.read().expect("read");
        let bounds = Bounds::default();
        let at = |minutes: i64| Some(start + SignedDuration::from_mins(minutes));
        let dates = [
            (None, None),
            (at(10), None),
            (None, at(100)),
            (at(37), at(38)),
            (at(500), None),
            (at(50), at(20)),
        ];
        for person in [None, Some(UserId(2)), Some(UserId(4))] {
            for action in [None, Some(Action::UserUpdated), Some(Action::TagCreated)] {
                for (from, until) in dates {
                    let filter = ActivityFilter {
                        person,
                        action,
                        from,
                        until,
                    };
                    let expected: Vec<u64> = all
                        .iter()
                        .rev()
                        .filter(|e| person.is_none_or(|p| e.people().contains(&p)))
                        .filter(|e| action.is_none_or(|a| a == e.action))
                        .filter(|e| from.is_none_or(|f| e.at >= f) && until.is_none_or(|u| e.at < u))
                        .map(|e| e.id.0)
                        .collect();
                    for page_number in [1, 2, 9] {
                        let request = PageRequest::new(Some(page_number), Some(25));
                        let found = page_ids(&read, &bounds, &filter, request).expect("page");
                        let ids: Vec<u64> = found.items.iter().map(|id| id.0).collect();
                        let read_back = entries(&read, &found.items).expect("entries");
                        assert!(read_back.iter().map(|e| e.id).eq(found.items.iter().copied()));
                        let wanted: Vec<u64> = expected.iter().copied().skip(request.offset()).take(25).collect();
                        assert_eq!(
                            (ids, found.total),
                            (wanted, expected.len() as u64),
                            "{filter:?}, page {page_number}"
                        );
                    }
                }
            }
        }
    }

    /// A date past the last entry is not kept: entries written later move it.
    #[test]
    fn a_bound_is_kept_only_once_an_entry_lies_past_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = crate::store::Store::open(dir.path(), 4).expect("open");
        let start = Timestamp::from_second(1_780_000_000).expect("time");
        let write = |minutes: std::ops::Range<i64>| {
            let txn = store.write().expect("txn");
            for n in minutes {
                let entry = ActivityEntry {
                    id: ActivityId(0),
                    at: start + SignedDuration::from_mins(n),
                    actor: None,
                    impersonator: None,
                    action: Action::SignedIn,
                    entity: Entity::User,
                    entity_id: None,
                    summary: String::new(),
                    ip: None,
                    subjects: Vec::new(),
                };
                append(&txn, entry).expect("append");
            }
            txn.commit().expect("commit");
        };
        let bounds = Bounds::default();
        let from_minute = |minute: i64| {
            let filter = ActivityFilter {
                person: None,
                action: None,
                from: Some(start + SignedDuration::from_mins(minute)),
                until: None,
            };
            let read = store.read().expect("read");
            page_ids(&read, &bounds, &filter, PageRequest::new(None, Some(100)))
                .expect("page")
                .total
        };
        write(0..10);
        assert_eq!((from_minute(5), from_minute(20)), (5, 0));
        write(10..30);
        assert_eq!((from_minute(5), from_minute(20)), (25, 10));
        assert_eq!(bounds.kept().len(), 2);
    }
}
