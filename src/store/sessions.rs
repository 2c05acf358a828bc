//! Sessions, keyed by the SHA-256 of their token, and the per-user index that ends them all.
//! A "login as" session is indexed under the manager behind it too, so whatever ends the
//! manager's sessions (a new password, signing out everywhere, deletion) ends it as well.

use super::record::Reader;
use super::{Store, StoreError, codec, tables};
use crate::auth::Session;
use crate::domain::UserId;
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::ReadableTable;

/// The table's name, for errors.
fn name() -> &'static str {
    tables::name(&tables::SESSIONS)
}

/// The people a session is indexed under: its user and, while acting, the manager.
fn owners(session: &Session) -> impl Iterator<Item = u64> {
    std::iter::once(session.user_id.0).chain(session.impersonator.map(|id| id.0))
}

/// Stores a new session.
pub fn insert(txn: &WriteTxn, key: &[u8; 32], session: &Session) -> Result<(), StoreError> {
    txn.open_table(tables::SESSIONS)?
        .insert(key.as_slice(), codec::encode(session).as_slice())?;
    let mut index = txn.open_table(tables::SESSIONS_BY_USER)?;
    for owner in owners(session) {
        index.insert((owner, key.as_slice()), ())?;
    }
    Ok(())
}

/// A session by key, through either kind of transaction.
pub fn get(txn: &impl Reader, key: &[u8; 32]) -> Result<Option<Session>, StoreError> {
    let table = txn.open(tables::SESSIONS)?;
    table
        .get(key.as_slice())?
        .map(|bytes| codec::decode(name(), bytes.value()))
        .transpose()
}

/// Ends one session; false when there was none.
pub fn remove(txn: &WriteTxn, key: &[u8; 32]) -> Result<bool, StoreError> {
    let mut sessions = txn.open_table(tables::SESSIONS)?;
    let Some(session) = sessions
        .remove(key.as_slice())?
        .map(|b| codec::decode::<Session>(name(), b.value()))
    else {
        return Ok(false);
    };
    let mut index = txn.open_table(tables::SESSIONS_BY_USER)?;
    for owner in owners(&session?) {
        index.remove((owner, key.as_slice()))?;
    }
    Ok(true)
}

/// Ends every session of `user` except `keep`, and every session in which he acts as
/// someone; returns how many ended.
pub fn remove_all_of(txn: &WriteTxn, user: UserId, keep: Option<&[u8; 32]>) -> Result<usize, StoreError> {
    let mut keys: Vec<[u8; 32]> = Vec::new();
    {
        let index = txn.open_table(tables::SESSIONS_BY_USER)?;
        let lower: (u64, &[u8]) = (user.0, &[]);
        for row in index.range(lower..)? {
            let (entry, _) = row?;
            let (owner, key) = entry.value();
            if owner != user.0 {
                break;
            }
            if let Ok(key) = <[u8; 32]>::try_from(key) {
                keys.push(key);
            }
        }
    }
    let mut ended = 0;
    for key in keys.iter().filter(|key| keep != Some(*key)) {
        if remove(txn, key)? {
            ended += 1;
        } else {
            // An index row left by a session that is gone already.
            txn.open_table(tables::SESSIONS_BY_USER)?
                .remove((user.0, key.as_slice()))?;
        }
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
                .map(|b| codec::decode::<Session>(name(), b.value()));
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
