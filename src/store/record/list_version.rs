//! Versions of lists: a record type names the lists it is in (`Record::versioned_lists`), and
//! every write or removal of such a record gives each of them a new random version in the same
//! transaction. A reader that finds a list's version unchanged knows that nothing in it
//! changed, and may give an answer made of the whole list again (`store::shelf::kept_or_made`).

use crate::store::record::Reader;
use crate::store::{StoreError, tables};
use redb::{Key, ReadableTable, TableDefinition, Value, WriteTransaction};

/// A list: the index that holds it (its table's name) and its owner (a board, a person).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ListKey {
    index: &'static str,
    owner: u64,
}

impl ListKey {
    /// The list `index` keeps under `owner`.
    pub fn of<K: Key + 'static, V: Value + 'static>(
        index: &'static TableDefinition<'static, K, V>,
        owner: u64,
    ) -> Self {
        Self {
            index: tables::name(index),
            owner,
        }
    }
}

/// The version of `list`: 0 before its first change, then a new number with each change.
pub fn list_version(txn: &impl Reader, list: ListKey) -> Result<u64, StoreError> {
    list_versions(txn)?.of(list)
}

/// The table of versions opened once, to read many lists' versions (a journal's students).
pub struct ListVersions<T>(T);

/// The table of versions as a transaction of kind `R` opens it.
type VersionTable<'t, R> = <R as Reader>::Table<'t, (&'static str, u64), u64>;

/// The versions of lists as `txn` sees them.
pub fn list_versions<R: Reader>(txn: &R) -> Result<ListVersions<VersionTable<'_, R>>, StoreError> {
    Ok(ListVersions(txn.open(tables::LIST_VERSIONS)?))
}

impl<T: ReadableTable<(&'static str, u64), u64>> ListVersions<T> {
    /// The version of `list`: 0 before its first change, then a new number with each change.
    pub fn of(&self, list: ListKey) -> Result<u64, StoreError> {
        Ok(self
            .0
            .get((list.index, list.owner))?
            .map_or(0, |version| version.value()))
    }
}

/// Gives each of `lists` a new version (the record kit does it for the lists a record names;
/// a table kept by hand, such as attendance, calls it for the lists it changes).
pub(in crate::store) fn renew(
    txn: &WriteTransaction,
    lists: impl IntoIterator<Item = ListKey>,
) -> Result<(), StoreError> {
    let mut lists: Vec<ListKey> = lists.into_iter().collect();
    if lists.is_empty() {
        return Ok(());
    }
    lists.sort_unstable();
    lists.dedup();
    let mut versions = txn.open_table(tables::LIST_VERSIONS)?;
    for list in lists {
        // Random, so that a version read earlier never comes back for another state of the list.
        versions.insert((list.index, list.owner), rand::random::<u64>().max(1))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
