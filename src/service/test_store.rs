//! For tests above the service layer that need stored records: a store in a temporary directory
//! with records written straight in (no journal, no rules), so the API's tests name no store.

use crate::store::Store;
use crate::store::record::{self, Record};
use std::ops::Deref;

/// A store in its own temporary directory, removed with it.
pub struct TestStore {
    store: Store,
    _dir: tempfile::TempDir,
}

impl Default for TestStore {
    /// An empty store.
    fn default() -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = Store::open(dir.path(), 4).expect("open");
        Self { store, _dir: dir }
    }
}

impl TestStore {
    /// Writes `records` (with their index rows), in one commit.
    pub fn insert<R: Record>(&self, records: &[R]) {
        let txn = self.store.write().expect("txn");
        for one in records {
            record::insert_built(&txn, one).expect("insert");
        }
        txn.commit().expect("commit");
    }

    /// Replaces a stored record, in one commit.
    pub fn update<R: Record>(&self, changed: &R) {
        let txn = self.store.write().expect("txn");
        record::update(&txn, changed).expect("update");
        txn.commit().expect("commit");
    }
}

impl Deref for TestStore {
    type Target = Store;

    fn deref(&self) -> &Store {
        &self.store
    }
}
