//! Changes from many threads at once: each is on disk when its call returns, those that waited
//! share a commit, and a failing or panicking change costs the others nothing.

use super::*;
use redb::{ReadableTable, ReadableTableMetadata, TableDefinition};
use std::sync::Barrier;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

const ROWS: TableDefinition<u64, u64> = TableDefinition::new("test-group-rows-1");

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    (dir, store)
}

/// The rows committed now.
fn committed(store: &Store) -> Vec<u64> {
    let txn = store.read().expect("read");
    match txn.open_table(ROWS) {
        Ok(table) => table
            .iter()
            .expect("iter")
            .map(|row| row.expect("row").0.value())
            .collect(),
        Err(redb::TableError::TableDoesNotExist(_)) => Vec::new(),
        Err(err) => panic!("{err}"),
    }
}

/// Row `n` written in `txn`; gives how many rows `txn` holds beyond those committed.
fn put(store: &Store, txn: &WriteTxn, n: u64) -> Result<usize, StoreError> {
    let mut table = txn.open_table(ROWS).map_err(redb::Error::from)?;
    table.insert(n, n).map_err(redb::Error::from)?;
    let held = table.len().map_err(redb::Error::from)? as usize;
    Ok(held - committed(store).len())
}

/// A first change holds the group's turn until `others` more have arrived, so they all wait
/// together; `work(i)` is the `i`-th of them. Gives each one's result.
fn arriving_together<T: Send + 'static>(
    store: &Store,
    others: usize,
    work: impl Fn(usize, &Store, &WriteTxn) -> Result<T, StoreError> + Send + Sync + Clone + 'static,
) -> Vec<std::thread::Result<Result<T, StoreError>>> {
    let group = Arc::new(CommitGroup::default());
    let arrived = Arc::new(AtomicUsize::new(0));
    let start = Arc::new(Barrier::new(others + 1));
    let first = {
        let (group, store, arrived, start) = (group.clone(), store.clone(), arrived.clone(), start.clone());
        std::thread::spawn(move || {
            let held = AtomicBool::new(false);
            group.run(&store.clone(), move |txn| {
                if !held.swap(true, Ordering::Relaxed) {
                    start.wait();
                    while arrived.load(Ordering::Acquire) < others {
                        std::thread::yield_now();
                    }
                    // Each has arrived; give them the moment to queue.
                    std::thread::sleep(Duration::from_millis(50));
                }
                put(&store, txn, 1000).map(drop)
            })
        })
    };
    let threads: Vec<_> = (0..others)
        .map(|i| {
            let (group, store, arrived, start, work) = (
                group.clone(),
                store.clone(),
                arrived.clone(),
                start.clone(),
                work.clone(),
            );
            std::thread::spawn(move || {
                start.wait();
                arrived.fetch_add(1, Ordering::Release);
                let inner = store.clone();
                group.run(&store, move |txn| work(i, &inner, txn))
            })
        })
        .collect();
    first.join().expect("first").expect("the first change");
    threads.into_iter().map(|t| t.join()).collect()
}

#[test]
fn changes_that_wait_together_share_one_commit_and_are_each_on_disk_when_answered() {
    let (_dir, store) = store();
    let results = arriving_together(&store, 8, |i, store, txn| put(store, txn, i as u64));
    let uncommitted: Vec<usize> = results
        .into_iter()
        .map(|r| r.expect("no panic").expect("written"))
        .collect();
    assert_eq!(committed(&store).len(), 9, "every change is there");
    assert!(
        uncommitted.iter().any(|&n| n > 1),
        "some change saw the others' rows in its own transaction, not yet committed: {uncommitted:?}"
    );
}

#[test]
fn a_change_that_fails_in_a_group_leaves_nothing_and_the_others_are_kept() {
    let (_dir, store) = store();
    let results = arriving_together(&store, 6, |i, store, txn| {
        put(store, txn, i as u64)?;
        if i == 3 {
            return Err(StoreError::Taken {
                field: "row",
                message: "занято",
            });
        }
        Ok(i)
    });
    for (i, result) in results.into_iter().enumerate() {
        match result.expect("no panic") {
            Ok(n) => assert_eq!(n, i),
            Err(err) => assert_eq!((i, err.to_string()), (3, "row: занято".to_owned())),
        }
    }
    assert_eq!(
        committed(&store),
        vec![0, 1, 2, 4, 5, 1000],
        "the failed change wrote nothing"
    );
}

#[test]
fn a_change_that_panics_passes_the_panic_to_its_caller_and_the_others_are_kept() {
    let (_dir, store) = store();
    let results = arriving_together(&store, 4, |i, store, txn| {
        put(store, txn, i as u64)?;
        assert_ne!(i, 2, "change 2 panics");
        Ok(())
    });
    let panicked: Vec<usize> = (0..4).filter(|&i| results[i].is_err()).collect();
    assert_eq!(panicked, vec![2]);
    assert_eq!(committed(&store), vec![0, 1, 3, 1000]);
}
