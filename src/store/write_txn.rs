//! A write transaction that gives the lists it changed new versions once it is committed
//! (`record::ListVersions`), so no reader finds a new version before the change is there to read.

use super::StoreError;
use super::record::{ListKey, ListVersions, Reader};
use redb::{Key, Table, TableDefinition, Value, WriteTransaction};
use std::cell::RefCell;
use std::ops::Deref;
use std::sync::Arc;

/// A redb write transaction (it derefs to one) and the lists its writes changed.
pub struct WriteTxn {
    txn: WriteTransaction,
    versions: Arc<ListVersions>,
    renewed: RefCell<Vec<ListKey>>,
}

impl WriteTxn {
    pub(super) fn new(txn: WriteTransaction, versions: Arc<ListVersions>) -> Self {
        Self {
            txn,
            versions,
            renewed: RefCell::default(),
        }
    }

    /// Notes that `lists` changed: each gets a new version when the transaction is committed
    /// (the record kit does it for the lists a record names; a table kept by hand, such as
    /// attendance, calls it for the lists it changes).
    pub(in crate::store) fn renew(&self, lists: impl IntoIterator<Item = ListKey>) {
        let mut renewed = self.renewed.borrow_mut();
        for list in lists {
            // A run of writes to one list (a log of many entries in one commit) notes it once.
            if renewed.last() != Some(&list) {
                renewed.push(list);
            }
        }
    }

    /// Commits; then the changed lists get new versions (also when the commit failed: a
    /// version renewed for nothing only costs a kept answer made again).
    pub fn commit(self) -> Result<(), StoreError> {
        let committed = self.txn.commit();
        self.versions.renew(self.renewed.into_inner());
        Ok(committed?)
    }

    /// Drops every change; no list gets a new version.
    pub fn abort(self) -> Result<(), StoreError> {
        Ok(self.txn.abort()?)
    }
}

impl Deref for WriteTxn {
    type Target = WriteTransaction;

    fn deref(&self) -> &WriteTransaction {
        &self.txn
    }
}

impl Reader for WriteTxn {
    type Table<'txn, K: Key + 'static, V: Value + 'static> = Table<'txn, K, V>;

    fn open<K: Key + 'static, V: Value + 'static>(
        &self,
        table: TableDefinition<K, V>,
    ) -> Result<Table<'_, K, V>, StoreError> {
        Ok(self.txn.open_table(table)?)
    }
}
