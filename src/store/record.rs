//! The record kit: a record type declares its table, id and index rows (`Record`), and these
//! functions get, insert (with a sequence id), update (moving its index rows), remove and
//! page it, through either kind of transaction (`Reader`). See CONTRIBUTING.md, "Adding an area".

mod index_row;
mod list_version;

pub use index_row::IndexRow;
pub use list_version::{ListKey, ListVersions, Seen};

use super::newest_first::{self, Index, Scope};
use super::{StoreError, codec, sequence, tables};
use crate::domain::{Page, PageRequest};
use crate::store::WriteTxn;
use redb::{Key, ReadOnlyTable, ReadTransaction, ReadableTable, TableDefinition, Value};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A short mark of `record` as stored (hex of a hash of its encoding): any change to a stored
/// field changes it, so an edit can name the state it was made from, with nothing stored for it.
/// A tuple of records (and their fields) gets one too: the state of all of them at once.
pub fn version<R: Serialize>(record: &R) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(&Sha256::digest(codec::encode(record))[..8])
}

/// A table of records: id -> codec-encoded record.
pub type Rows = TableDefinition<'static, u64, &'static [u8]>;

/// A record type kept in its own table, under ids handed out by the table's sequence.
pub trait Record: Serialize + DeserializeOwned {
    /// The table (its name also names the id sequence and errors).
    const TABLE: Rows;
    /// The id newtype (`domain::id`).
    type Id: Copy + From<u64> + Into<u64>;
    /// This record's id.
    fn id(&self) -> Self::Id;
    /// The index rows that list this record: written with it, moved when it changes, removed
    /// with it, always in the same transaction.
    fn indexes(&self) -> Vec<IndexRow> {
        Vec::new()
    }
    /// The lists this record is in whose version readers keep whole answers by (a board's
    /// cards, a person's tasks; `ListVersions`): each gets a new version whenever the record is
    /// written or removed, as it was and as it is, once the transaction is committed.
    fn versioned_lists(&self) -> Vec<ListKey> {
        Vec::new()
    }
}

/// An index of records in a kept order: (owner, group, position, record id) -> ().
pub type RankIndex = TableDefinition<'static, (u64, u64, &'static str, u64), ()>;

/// An index of records by owner and time: (owner, unix ms, record id) -> ().
pub type OwnedTimeIndex = TableDefinition<'static, (u64, i64, u64), ()>;

/// An index of records by a pair of owners and time: (owner, second owner, unix ms, record
/// id) -> ().
pub type PairTimeIndex = TableDefinition<'static, (u64, u64, i64, u64), ()>;

/// An index of records by name and time: (name, unix ms, record id) -> ().
pub type NamedTimeIndex = TableDefinition<'static, (&'static str, i64, u64), ()>;

/// A day as the indexes key it: unix ms of its midnight in UTC (the order of days).
pub fn day_key(day: jiff::civil::Date) -> i64 {
    let days = day
        .since(jiff::civil::Date::constant(1970, 1, 1))
        .map(|span| span.get_days())
        .unwrap_or(0);
    i64::from(days) * 86_400_000
}

/// The key of the day after `day`: the end of a range of days that includes `day`.
pub fn day_after(day: jiff::civil::Date) -> i64 {
    day_key(day) + 86_400_000
}

/// An index of records by time: (unix ms, record id) -> ().
pub type TimeIndex = TableDefinition<'static, (i64, u64), ()>;

/// Either kind of transaction, for reading: one function serves a read snapshot and a write
/// transaction that must see its own changes.
pub trait Reader {
    /// The table handle this transaction kind opens.
    type Table<'txn, K: Key + 'static, V: Value + 'static>: ReadableTable<K, V>
    where
        Self: 'txn;
    /// Opens `table` for reading.
    fn open<K: Key + 'static, V: Value + 'static>(
        &self,
        table: TableDefinition<K, V>,
    ) -> Result<Self::Table<'_, K, V>, StoreError>;
}

impl Reader for ReadTransaction {
    type Table<'txn, K: Key + 'static, V: Value + 'static> = ReadOnlyTable<K, V>;

    fn open<K: Key + 'static, V: Value + 'static>(
        &self,
        table: TableDefinition<K, V>,
    ) -> Result<ReadOnlyTable<K, V>, StoreError> {
        Ok(self.open_table(table)?)
    }
}

/// The name of `R`'s table, for the id sequence and errors.
pub fn name_of<R: Record>() -> &'static str {
    tables::name(&R::TABLE)
}

/// Decodes the record stored under `id` in an open table (to read many through one handle).
pub fn load<R: Record>(rows: &impl ReadableTable<u64, &'static [u8]>, id: R::Id) -> Result<Option<R>, StoreError> {
    load_head::<R, R>(rows, id)
}

/// The head `H` of the record `id` (as `heads`) from its already open table.
pub fn load_head<R: Record, H: DeserializeOwned>(
    rows: &impl ReadableTable<u64, &'static [u8]>,
    id: R::Id,
) -> Result<Option<H>, StoreError> {
    rows.get(id.into())?
        .map(|bytes| codec::decode(name_of::<R>(), bytes.value()))
        .transpose()
}

/// The records `ids` names, in that order, through one table handle (any gone are skipped).
pub fn get_many<R: Record>(txn: &impl Reader, ids: &[R::Id]) -> Result<Vec<R>, StoreError> {
    heads::<R, R>(txn, ids)
}

/// The heads of the records `ids` names, in that order, through one table handle: only the
/// fields `H` names are decoded (e.g. `LessonHead` of a `Lesson`: no text, no students).
pub fn heads<R: Record, H: DeserializeOwned>(txn: &impl Reader, ids: &[R::Id]) -> Result<Vec<H>, StoreError> {
    let rows = txn.open(R::TABLE)?;
    let mut found = Vec::with_capacity(ids.len());
    for id in ids {
        found.extend(load_head::<R, H>(&rows, *id)?);
    }
    Ok(found)
}

/// The record `id`: one table opened, one record decoded.
pub fn get<R: Record>(txn: &impl Reader, id: R::Id) -> Result<Option<R>, StoreError> {
    load(&txn.open(R::TABLE)?, id)
}

/// A record and the bytes it is stored as.
pub type Stored<R> = (R, Box<[u8]>);

/// The record `id` and the bytes it is stored as (what a rendering kept on a `store::shelf` is
/// checked against).
pub fn get_stored<R: Record>(txn: &impl Reader, id: R::Id) -> Result<Option<Stored<R>>, StoreError> {
    let rows = txn.open(R::TABLE)?;
    let Some(bytes) = rows.get(id.into())? else {
        return Ok(None);
    };
    let stored = bytes.value();
    Ok(Some((codec::decode(name_of::<R>(), stored)?, stored.into())))
}

/// Appends to `into` the bytes each of `ids` is stored as, each led by its length (0 for a
/// record not stored), through one table handle (none opened for no ids): the state a kept
/// answer that names them is checked against, read without decoding them.
pub fn append_stored<R: Record>(
    txn: &impl Reader,
    ids: impl IntoIterator<Item = R::Id>,
    into: &mut Vec<u8>,
) -> Result<(), StoreError> {
    let mut ids = ids.into_iter().peekable();
    if ids.peek().is_none() {
        return Ok(());
    }
    let rows = txn.open(R::TABLE)?;
    for id in ids {
        match rows.get(id.into())? {
            Some(bytes) => {
                let stored = bytes.value();
                into.extend(stored.len().to_le_bytes());
                into.extend_from_slice(stored);
            }
            None => into.extend(0usize.to_le_bytes()),
        }
    }
    Ok(())
}

/// Every record, in id order.
pub fn all<R: Record>(txn: &impl Reader) -> Result<Vec<R>, StoreError> {
    let rows = txn.open(R::TABLE)?;
    let decoded = rows.iter()?.map(|row| codec::decode(name_of::<R>(), row?.1.value()));
    decoded.collect()
}

/// The id the unique index `table` holds under `key`, if any.
pub fn find_unique<Id: From<u64>>(
    txn: &impl Reader,
    table: TableDefinition<'static, &'static str, u64>,
    key: &str,
) -> Result<Option<Id>, StoreError> {
    Ok(txn.open(table)?.get(key)?.map(|id| Id::from(id.value())))
}

/// The ids an index lists under `key`, oldest first.
pub fn ids_under<Id: From<u64>>(txn: &impl Reader, index: Index, key: u64) -> Result<Vec<Id>, StoreError> {
    let index = txn.open(index)?;
    let rows = index.range((key, 0)..=(key, u64::MAX))?;
    rows.map(|row| Ok(Id::from(row?.0.value().1))).collect()
}

/// The ids a time index lists at `from` (unix ms) and up to, not including, `to`, by time.
pub fn ids_between<Id: From<u64>>(
    txn: &impl Reader,
    index: TimeIndex,
    from: i64,
    to: i64,
) -> Result<Vec<Id>, StoreError> {
    if from >= to {
        return Ok(Vec::new());
    }
    let index = txn.open(index)?;
    let rows = index.range((from, 0)..(to, 0))?;
    rows.map(|row| Ok(Id::from(row?.0.value().1))).collect()
}

/// The ids an owner-and-time index lists under `owner` at `from` (unix ms) and up to, not
/// including, `to`, by time.
pub fn ids_owned_between<Id: From<u64>>(
    txn: &impl Reader,
    index: OwnedTimeIndex,
    owner: u64,
    from: i64,
    to: i64,
) -> Result<Vec<Id>, StoreError> {
    if from >= to {
        return Ok(Vec::new());
    }
    let index = txn.open(index)?;
    let rows = index.range((owner, from, 0)..(owner, to, 0))?;
    rows.map(|row| Ok(Id::from(row?.0.value().2))).collect()
}

/// How many rows `ids_owned_between` would give, and the first `first` of them with their
/// times, `(time, id)` by time, then id: a page counted without keeping the rows after it.
pub fn owned_counted<Id: From<u64>>(
    txn: &impl Reader,
    index: OwnedTimeIndex,
    owner: u64,
    (from, to): (i64, i64),
    first: usize,
) -> Result<(usize, Vec<(i64, Id)>), StoreError> {
    if from >= to {
        return Ok((0, Vec::new()));
    }
    let index = txn.open(index)?;
    let mut rows = index.range((owner, from, 0)..(owner, to, 0))?;
    let mut kept = Vec::with_capacity(first.min(1024));
    for row in rows.by_ref().take(first) {
        let (_, time, id) = row?.0.value();
        kept.push((time, Id::from(id)));
    }
    let mut total = kept.len();
    for row in rows {
        row?;
        total += 1;
    }
    Ok((total, kept))
}

/// The ids a name-and-time index lists under `name` at `from` (unix ms) and up to, not
/// including, `to`, by time.
pub fn ids_named_between<Id: From<u64>>(
    txn: &impl Reader,
    index: NamedTimeIndex,
    name: &str,
    from: i64,
    to: i64,
) -> Result<Vec<Id>, StoreError> {
    if from >= to {
        return Ok(Vec::new());
    }
    let index = txn.open(index)?;
    let rows = index.range((name, from, 0)..(name, to, 0))?;
    rows.map(|row| Ok(Id::from(row?.0.value().2))).collect()
}

/// The records an index lists under `key`, newest first (for short lists; long ones page).
pub fn under<R: Record>(txn: &impl Reader, index: Index, key: u64) -> Result<Vec<R>, StoreError> {
    let rows = txn.open(R::TABLE)?;
    let mut found = Vec::new();
    for id in ids_under::<u64>(txn, index, key)?.into_iter().rev() {
        found.extend(load::<R>(&rows, id.into())?);
    }
    Ok(found)
}

/// The next id of `R`'s sequence, for a record built in steps (see `store::files`).
pub fn next_id<R: Record>(txn: &WriteTxn) -> Result<R::Id, StoreError> {
    Ok(sequence::next_id(txn, name_of::<R>())?.into())
}

/// Stores a new record built around the next id of its sequence, with its index rows.
pub fn insert<R: Record>(txn: &WriteTxn, build: impl FnOnce(R::Id) -> R) -> Result<R, StoreError> {
    let record = build(next_id::<R>(txn)?);
    insert_built(txn, &record)?;
    Ok(record)
}

/// Stores a new record whose id came from `next_id`, with its index rows.
pub fn insert_built<R: Record>(txn: &WriteTxn, record: &R) -> Result<(), StoreError> {
    write(txn, None, record)
}

/// Writes `record` and its index rows in place of `old`'s; a unique key held by another
/// record refuses the whole write before any of it is done.
fn write<R: Record>(txn: &WriteTxn, old: Option<&R>, record: &R) -> Result<(), StoreError> {
    let id = record.id().into();
    let rows = record.indexes();
    for row in &rows {
        row.check(txn, id)?;
    }
    // Rows the change leaves as they were are not touched: each write dirties a page.
    let was = old.map(Record::indexes).unwrap_or_default();
    for row in was.iter().filter(|row| !rows.iter().any(|kept| kept.same_as(row))) {
        row.remove(txn, id)?;
    }
    for row in rows.iter().filter(|row| !was.iter().any(|kept| kept.same_as(row))) {
        row.write(txn, id)?;
    }
    let lists = old.map(Record::versioned_lists).unwrap_or_default();
    txn.renew(lists.into_iter().chain(record.versioned_lists()));
    txn.open_table(R::TABLE)?.insert(id, codec::encode(record).as_slice())?;
    Ok(())
}

/// Replaces a stored record: its old index rows are removed and its new ones written, in the
/// same transaction. Returns the record as it was.
pub fn update<R: Record>(txn: &WriteTxn, record: &R) -> Result<R, StoreError> {
    let id = record.id();
    let old: R = get(txn, id)?.ok_or_else(|| StoreError::Corrupt {
        table: name_of::<R>(),
        reason: format!("update of missing record {}", id.into()),
    })?;
    write(txn, Some(&old), record)?;
    Ok(old)
}

/// Replaces `old` (as the caller read it in this transaction) by `new`, moving the index rows,
/// without reading it again.
pub fn replace<R: Record>(txn: &WriteTxn, old: &R, new: &R) -> Result<(), StoreError> {
    write(txn, Some(old), new)
}

/// Removes the record `id` and its index rows; returns it, or `None` when there was none.
pub fn remove<R: Record>(txn: &WriteTxn, id: R::Id) -> Result<Option<R>, StoreError> {
    let Some(record) = get::<R>(txn, id)? else {
        return Ok(None);
    };
    delete(txn, &record)?;
    Ok(Some(record))
}

/// Removes `record` (as the caller read it in this transaction) and its index rows, without
/// reading it again.
pub fn delete<R: Record>(txn: &WriteTxn, record: &R) -> Result<(), StoreError> {
    let id = record.id().into();
    for row in record.indexes() {
        row.remove(txn, id)?;
    }
    txn.renew(record.versioned_lists());
    txn.open_table(R::TABLE)?.remove(id)?;
    Ok(())
}

/// One page of the records that `keep` admits, newest first: all of them, or those `index`
/// lists under a key. Without `keep` only the page's records are decoded and the rest are
/// counted by their keys (see `newest_first::page_within`).
pub fn page<R: Record>(
    txn: &ReadTransaction,
    index: Option<(Index, u64)>,
    keep: Option<&dyn Fn(&R) -> bool>,
    request: PageRequest,
) -> Result<Page<R>, StoreError> {
    let scope = index.map_or(Scope::All, |(index, key)| Scope::Indexed(index, key));
    let records = (R::TABLE, name_of::<R>());
    newest_first::page_within(txn, records, scope, newest_first::ANY_ID, keep, request)
}

#[cfg(test)]
mod tests;
