//! One row of an index as a function of the record it lists: checked, written, removed and
//! compared by the record kit (`super`), always in the record's own transaction.

use super::{Index, NamedTimeIndex, OwnedTimeIndex, PairTimeIndex, RankIndex};
use crate::store::StoreError;
use crate::store::WriteTxn;
use redb::{Key, ReadableTable, TableDefinition, TableHandle, Value};

/// One row of an index, as a function of the record it lists.
pub enum IndexRow {
    /// A unique key -> the record's id (e.g. a tag's folded name). Writing a key that another
    /// record holds fails with `StoreError::Taken`, naming `field` and saying `taken` (the
    /// Russian message the form shows under that field).
    Unique {
        table: TableDefinition<'static, &'static str, u64>,
        key: String,
        field: &'static str,
        taken: &'static str,
    },
    /// (number, record id) -> (), e.g. (owner's user id, file id); paged with `page`, listed with `under`.
    Under(Index, u64),
    /// (name, record id) -> (), e.g. (role, user id).
    Named(TableDefinition<'static, (&'static str, u64), ()>, &'static str),
    /// (unix ms, record id) -> (), e.g. a queue ordered by the next attempt.
    Timed(TableDefinition<'static, (i64, u64), ()>, i64),
    /// (owner, unix ms, record id) -> (), e.g. (teacher id, start of a lesson): an owner's
    /// records by time, read with `ids_owned_between`.
    OwnedTimed(OwnedTimeIndex, u64, i64),
    /// (name, unix ms, record id) -> (), e.g. (room, start of a lesson): the records under a
    /// name by time, read with `ids_named_between`.
    NamedTimed(NamedTimeIndex, String, i64),
    /// (owner, second owner, unix ms, record id) -> (), e.g. (student, subject, day of a
    /// mark): a pair's records by time (read as `marks::SubjectMarks` does).
    PairTimed(PairTimeIndex, u64, u64, i64),
    /// (owner, group, fractional position, record id) -> (), e.g. (board, column, position of
    /// a card): an owner's records in a kept order (`domain::position`).
    Ranked(RankIndex, u64, u64, String),
}

/// Whether two table definitions name the same table.
fn same<K: Key + 'static, V: Value + 'static>(a: &TableDefinition<K, V>, b: &TableDefinition<K, V>) -> bool {
    a.name() == b.name()
}

impl IndexRow {
    /// Refuses a unique key that another record holds; checked before anything is written.
    pub(super) fn check(&self, txn: &WriteTxn, id: u64) -> Result<(), StoreError> {
        if let IndexRow::Unique {
            table,
            key,
            field,
            taken,
        } = self
        {
            let index = txn.open_table(*table)?;
            if index.get(key.as_str())?.is_some_and(|holder| holder.value() != id) {
                return Err(StoreError::Taken { field, message: taken });
            }
        }
        Ok(())
    }

    /// Whether `other` is this same row (same index, same key), so a change may leave it be.
    pub(super) fn same_as(&self, other: &IndexRow) -> bool {
        use IndexRow::*;
        match (self, other) {
            (Unique { table: a, key: x, .. }, Unique { table: b, key: y, .. }) => same(a, b) && x == y,
            (Under(a, x), Under(b, y)) => same(a, b) && x == y,
            (Named(a, x), Named(b, y)) => same(a, b) && x == y,
            (Timed(a, x), Timed(b, y)) => same(a, b) && x == y,
            (OwnedTimed(a, o, x), OwnedTimed(b, p, y)) => same(a, b) && (o, x) == (p, y),
            (NamedTimed(a, n, x), NamedTimed(b, m, y)) => same(a, b) && (n, x) == (m, y),
            (PairTimed(a, o, s, x), PairTimed(b, p, t, y)) => same(a, b) && (o, s, x) == (p, t, y),
            (Ranked(a, o, g, r), Ranked(b, p, h, s)) => same(a, b) && (o, g, r) == (p, h, s),
            _ => false,
        }
    }

    pub(super) fn write(&self, txn: &WriteTxn, id: u64) -> Result<(), StoreError> {
        match self {
            IndexRow::Unique { table, key, .. } => {
                txn.open_table(*table)?.insert(key.as_str(), id)?;
            }
            IndexRow::Under(table, key) => {
                txn.open_table(*table)?.insert((*key, id), ())?;
            }
            IndexRow::Named(table, key) => {
                txn.open_table(*table)?.insert((*key, id), ())?;
            }
            IndexRow::Timed(table, key) => {
                txn.open_table(*table)?.insert((*key, id), ())?;
            }
            IndexRow::OwnedTimed(table, owner, at) => {
                txn.open_table(*table)?.insert((*owner, *at, id), ())?;
            }
            IndexRow::NamedTimed(table, name, at) => {
                txn.open_table(*table)?.insert((name.as_str(), *at, id), ())?;
            }
            IndexRow::PairTimed(table, owner, second, at) => {
                txn.open_table(*table)?.insert((*owner, *second, *at, id), ())?;
            }
            IndexRow::Ranked(table, owner, group, rank) => {
                txn.open_table(*table)?
                    .insert((*owner, *group, rank.as_str(), id), ())?;
            }
        }
        Ok(())
    }

    pub(super) fn remove(&self, txn: &WriteTxn, id: u64) -> Result<(), StoreError> {
        match self {
            IndexRow::Unique { table, key, .. } => {
                txn.open_table(*table)?.remove(key.as_str())?;
            }
            IndexRow::Under(table, key) => {
                txn.open_table(*table)?.remove((*key, id))?;
            }
            IndexRow::Named(table, key) => {
                txn.open_table(*table)?.remove((*key, id))?;
            }
            IndexRow::Timed(table, key) => {
                txn.open_table(*table)?.remove((*key, id))?;
            }
            IndexRow::OwnedTimed(table, owner, at) => {
                txn.open_table(*table)?.remove((*owner, *at, id))?;
            }
            IndexRow::NamedTimed(table, name, at) => {
                txn.open_table(*table)?.remove((name.as_str(), *at, id))?;
            }
            IndexRow::PairTimed(table, owner, second, at) => {
                txn.open_table(*table)?.remove((*owner, *second, *at, id))?;
            }
            IndexRow::Ranked(table, owner, group, rank) => {
                txn.open_table(*table)?.remove((*owner, *group, rank.as_str(), id))?;
            }
        }
        Ok(())
    }
}
