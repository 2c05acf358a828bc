//! Sessions, keyed by the SHA-256 of their token, and the per-user index that ends them all.

use super::{Store, StoreError, codec, tables};
use crate::auth::Session;
use crate::domain::UserId;
use jiff::Timestamp;
use redb::{ReadTransaction, ReadableTable, WriteTransaction};

const TABLE: &str = "sessions-1";

/// Stores a new session.
pub fn insert(txn: &WriteTransaction, key: &[u8; 32], session: &Session) -> Result<(), StoreError> {
    txn.open_table(tables::SESSIONS)?
        .insert(key.as_slice(), codec::encode(session).as_slice())?;
    txn.open_table(tables::SESSIONS_BY_USER)?
        .insert((session.user_id.0, key.as_slice()), ())?;
    Ok(())
}

/// A session by key.
pub fn get(txn: &ReadTransaction, key: &[u8; 32]) -> Result<Option<Session>, StoreError> {
    let table = txn.open_table(tables::SESSIONS)?;
    table
        .get(key.as_slice())?
        .map(|bytes| codec::decode(TABLE, bytes.value()))
        .transpose()
}

/// A session by key, inside a write transaction.
pub fn get_in(txn: &WriteTransaction, key: &[u8; 32]) -> Result<Option<Session>, StoreError> {
    let table = txn.open_table(tables::SESSIONS)?;
    table
        .get(key.as_slice())?
        .map(|bytes| codec::decode(TABLE, bytes.value()))
        .transpose()
}

/// Ends one session; false when there was none.
pub fn remove(txn: &WriteTransaction, key: &[u8; 32]) -> Result<bool, StoreError> {
    let mut sessions = txn.open_table(tables::SESSIONS)?;
    let Some(session) = sessions
        .remove(key.as_slice())?
        .map(|b| codec::decode::<Session>(TABLE, b.value()))
    else {
        return Ok(false);
    };
    txn.open_table(tables::SESSIONS_BY_USER)?
        .remove((session?.user_id.0, key.as_slice()))?;
    Ok(true)
}

/// Ends every session of `user` except `keep`; returns how many ended.
pub fn remove_all_of(txn: &WriteTransaction, user: UserId, keep: Option<&[u8; 32]>) -> Result<usize, StoreError> {
    let mut index = txn.open_table(tables::SESSIONS_BY_USER)?;
    let lower: (u64, &[u8]) = (user.0, &[]);
    let mut keys: Vec<Vec<u8>> = Vec::new();
    for row in index.range(lower..)? {
        let (entry, _) = row?;
        let (owner, key) = entry.value();
        if owner != user.0 {
            break;
        }
        keys.push(key.to_vec());
    }
    let mut sessions = txn.open_table(tables::SESSIONS)?;
    let mut ended = 0;
    for key in keys
        .iter()
        .filter(|key| keep.is_none_or(|keep| keep.as_slice() != key.as_slice()))
    {
        sessions.remove(key.as_slice())?;
        index.remove((user.0, key.as_slice()))?;
        ended += 1;
    }
    Ok(ended)
}

impl Store {
    /// Writes "last seen" without waiting for the disk: losing it in a crash costs nothing.
    pub fn touch_session(&self, key: &[u8; 32], now: Timestamp) -> Result<(), StoreError> {
        let txn = self.write_lazily()?;
        {
            let mut sessions = txn.open_table(tables::SESSIONS)?;
            let found = sessions
                .get(key.as_slice())?
                .map(|b| codec::decode::<Session>(TABLE, b.value()));
            if let Some(session) = found {
                let session = Session {
                    last_seen_at: now,
                    ..session?
                };
                sessions.insert(key.as_slice(), codec::encode(&session).as_slice())?;
            }
        }
        txn.commit()?;
        Ok(())
    }
}
