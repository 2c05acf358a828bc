//! How far a job that works through time has got, kept in the meta table, so that a restart
//! neither repeats what it did nor skips what came while the server was down.

use super::record::Reader;
use super::{StoreError, WriteTxn, tables};
use jiff::Timestamp;
use redb::ReadableTable;

/// The moment job `key` last worked up to, if it ever ran.
pub fn done_until(txn: &impl Reader, key: &str) -> Result<Option<Timestamp>, StoreError> {
    let meta = txn.open(tables::META)?;
    let Some(stored) = meta.get(key)? else {
        return Ok(None);
    };
    let corrupt = || StoreError::Corrupt {
        table: tables::name(&tables::META),
        reason: key.to_owned(),
    };
    let bytes: [u8; 8] = stored.value().try_into().map_err(|_| corrupt())?;
    Timestamp::from_millisecond(i64::from_le_bytes(bytes))
        .map(Some)
        .map_err(|_| corrupt())
}

/// Keeps that job `key` has worked up to `until` (to the millisecond), in `txn`.
pub fn set_done_until(txn: &WriteTxn, key: &str, until: Timestamp) -> Result<(), StoreError> {
    let mut meta = txn.open_table(tables::META)?;
    meta.insert(key, until.as_millisecond().to_le_bytes().as_slice())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_job_keeps_how_far_it_got_to_the_millisecond() {
        let dir = tempfile::tempdir().expect("dir");
        let store = Store::open(dir.path(), 4).expect("store");
        assert_eq!(done_until(&store.read().expect("read"), "job").expect("read"), None);
        let at: Timestamp = "2026-11-29T17:00:00.750250Z".parse().expect("time");
        let txn = store.write().expect("write");
        set_done_until(&txn, "job", at).expect("set");
        txn.commit().expect("commit");
        let kept = done_until(&store.read().expect("read"), "job").expect("read");
        assert_eq!(kept, Some("2026-11-29T17:00:00.750Z".parse().expect("time")));
        assert_eq!(done_until(&store.read().expect("read"), "another").expect("read"), None);
    }
}
