//! Parent and child links, indexed both ways in the same transaction.

use super::{StoreError, tables};
use crate::domain::UserId;
use redb::{ReadTransaction, ReadableTable, WriteTransaction};

fn second_of(table: &impl ReadableTable<(u64, u64), ()>, first: UserId) -> Result<Vec<UserId>, StoreError> {
    let rows = table.range((first.0, 0)..=(first.0, u64::MAX))?;
    rows.map(|row| Ok(UserId(row?.0.value().1))).collect()
}

/// The parents of `child`.
pub fn parents_of(txn: &ReadTransaction, child: UserId) -> Result<Vec<UserId>, StoreError> {
    second_of(&txn.open_table(tables::FAMILY_BY_CHILD)?, child)
}

/// The children of `parent`.
pub fn children_of(txn: &ReadTransaction, parent: UserId) -> Result<Vec<UserId>, StoreError> {
    second_of(&txn.open_table(tables::FAMILY)?, parent)
}

/// The parents of `child`, inside a write transaction.
pub fn parents_of_in(txn: &WriteTransaction, child: UserId) -> Result<Vec<UserId>, StoreError> {
    second_of(&txn.open_table(tables::FAMILY_BY_CHILD)?, child)
}

/// The children of `parent`, inside a write transaction.
pub fn children_of_in(txn: &WriteTransaction, parent: UserId) -> Result<Vec<UserId>, StoreError> {
    second_of(&txn.open_table(tables::FAMILY)?, parent)
}

/// Links `parent` to `child` (both directions of the index).
pub fn link(txn: &WriteTransaction, parent: UserId, child: UserId) -> Result<(), StoreError> {
    txn.open_table(tables::FAMILY)?.insert((parent.0, child.0), ())?;
    txn.open_table(tables::FAMILY_BY_CHILD)?
        .insert((child.0, parent.0), ())?;
    Ok(())
}

/// Removes the link of `parent` to `child`.
pub fn unlink(txn: &WriteTransaction, parent: UserId, child: UserId) -> Result<(), StoreError> {
    txn.open_table(tables::FAMILY)?.remove((parent.0, child.0))?;
    txn.open_table(tables::FAMILY_BY_CHILD)?.remove((child.0, parent.0))?;
    Ok(())
}
