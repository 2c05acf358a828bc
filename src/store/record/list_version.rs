//! Versions of lists: a record type names the lists it is in (`Record::versioned_lists`), and
//! every committed write or removal of such a record gives each of them a new version. A reader
//! that finds a list's version unchanged knows that nothing in it changed, and may give an
//! answer made of the whole list again (`store::shelf::kept_or_made`).
//!
//! The versions live in memory, as the answers kept by them do: a change writes nothing to
//! disk for them (a journal saved for 30 students would otherwise write 30 scattered pages
//! more), and a start begins with no answer kept and every list at version 0. A list gets its
//! new version after the commit (`WriteTxn::commit`), so a reader reads the versions first
//! (`ListVersions::now`) and then opens its snapshot: the snapshot holds every change whose
//! version it saw. A change committed while it reads makes the versions it reads after that
//! `unsettled`: numbers no list ever has, so nothing made meanwhile is kept for a version.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use redb::{Key, TableDefinition, Value};

use crate::store::tables;

/// A list: the index that holds it (its table's name) and its owner (a board, a person).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

/// The versions of the lists changed since the start (`Store` holds one).
#[derive(Debug, Default)]
pub struct ListVersions(RwLock<Changes>);

/// The number of commits that changed lists, and the one that last changed each list.
#[derive(Debug, Default)]
struct Changes {
    commits: u64,
    last: HashMap<ListKey, u64>,
}

/// Numbers handed out instead of a version while a change is being committed: each once, and
/// all above any version.
static UNSETTLED: AtomicU64 = AtomicU64::new(1 << 63);

impl ListVersions {
    fn changes(&self) -> RwLockReadGuard<'_, Changes> {
        self.0.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn changes_mut(&self) -> RwLockWriteGuard<'_, Changes> {
        self.0.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The versions as they are now; take them before opening the snapshot read with them.
    pub fn now(&self) -> Seen<'_> {
        Seen {
            versions: self,
            commits: self.changes().commits,
        }
    }

    /// Gives each of `lists` a new version: the number of this commit (a committed transaction
    /// that changed them calls it).
    pub(in crate::store) fn renew(&self, lists: Vec<ListKey>) {
        if lists.is_empty() {
            return;
        }
        let mut changes = self.changes_mut();
        changes.commits += 1;
        let commit = changes.commits;
        changes.last.extend(lists.into_iter().map(|list| (list, commit)));
    }
}

/// The lists' versions as a reader saw them before opening its snapshot.
pub struct Seen<'v> {
    versions: &'v ListVersions,
    commits: u64,
}

impl Seen<'_> {
    /// The version of `list`: 0 before its first change since the start, then a new number with
    /// each; a number no list has (`UNSETTLED`) once a change was committed after `now`.
    pub fn of(&self, list: ListKey) -> u64 {
        let changes = self.versions.changes();
        if changes.commits != self.commits {
            return UNSETTLED.fetch_add(1, Ordering::Relaxed);
        }
        changes.last.get(&list).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests;
