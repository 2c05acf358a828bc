//! Parent and child links, indexed both ways in the same transaction.

use super::record::{self, Reader};
use super::{StoreError, tables};
use crate::domain::UserId;
use redb::WriteTransaction;

/// The parents of `child`.
pub fn parents_of(txn: &impl Reader, child: UserId) -> Result<Vec<UserId>, StoreError> {
    record::ids_under(txn, tables::FAMILY_BY_CHILD, child.0)
}

/// The children of `parent`.
pub fn children_of(txn: &impl Reader, parent: UserId) -> Result<Vec<UserId>, StoreError> {
    record::ids_under(txn, tables::FAMILY, parent.0)
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
