//! The keys of money-creating requests (`Idempotency-Key`): what each key's first request
//! wrote, by the caller and the key's text, so the same request sent again writes nothing.

use super::{StoreError, WriteTxn, tables};
use crate::domain::UserId;
use jiff::Timestamp;
use redb::ReadableTable;

/// What a key's first request wrote: the id of its ledger entry or package, and the digest of
/// its form (to tell the same request from another one sent with the same key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub id: u64,
    pub digest: [u8; 32],
}

/// What `user`'s request with key `key` wrote, if one did (and was not forgotten yet).
pub fn get(txn: &WriteTxn, user: UserId, key: &str) -> Result<Option<Written>, StoreError> {
    let table = txn.open_table(tables::REQUEST_KEYS)?;
    let found = table.get((user.0, key))?;
    Ok(found.map(|row| {
        let (id, _, digest) = row.value();
        Written { id, digest }
    }))
}

/// Keeps that `user`'s request with key `key` wrote `written` at `at`, in `txn` (the one that
/// writes the entry or the package).
pub fn put(txn: &WriteTxn, user: UserId, key: &str, written: Written, at: Timestamp) -> Result<(), StoreError> {
    let mut table = txn.open_table(tables::REQUEST_KEYS)?;
    table.insert((user.0, key), (written.id, at.as_millisecond(), written.digest))?;
    Ok(())
}

/// Forgets every key written before `cutoff`; returns how many. The table holds a few days of
/// the desk's requests, so it is walked whole.
pub fn forget_before(txn: &WriteTxn, cutoff: Timestamp) -> Result<usize, StoreError> {
    let mut table = txn.open_table(tables::REQUEST_KEYS)?;
    let cutoff = cutoff.as_millisecond();
    let mut forgotten = 0;
    table.retain(|_, (_, at, _)| {
        let kept = at >= cutoff;
        forgotten += usize::from(!kept);
        kept
    })?;
    Ok(forgotten)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use jiff::ToSpan;

    #[test]
    fn a_key_is_kept_per_user_until_it_is_forgotten() {
        let dir = tempfile::tempdir().expect("dir");
        let store = Store::open(dir.path(), 4).expect("store");
        let at: Timestamp = "2026-11-20T10:00:00Z".parse().expect("time");
        let written = Written { id: 7, digest: [1; 32] };
        let txn = store.write().expect("write");
        put(&txn, UserId(1), "k-1", written, at).expect("put");
        put(&txn, UserId(1), "k-2", Written { id: 8, ..written }, at + 48.hours()).expect("put");
        assert_eq!(get(&txn, UserId(1), "k-1").expect("get"), Some(written));
        assert_eq!(get(&txn, UserId(2), "k-1").expect("get"), None, "another user's key");
        assert_eq!(forget_before(&txn, at + 24.hours()).expect("forget"), 1);
        assert_eq!(get(&txn, UserId(1), "k-1").expect("get"), None);
        assert_eq!(get(&txn, UserId(1), "k-2").expect("get").map(|w| w.id), Some(8));
        txn.commit().expect("commit");
    }
}
