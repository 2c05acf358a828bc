//! Single-use tokens sent by mail, keyed by the SHA-256 of the token.

use super::{StoreError, codec, tables};
use crate::auth::{OneTimeToken, Purpose};
use crate::domain::UserId;
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::ReadTransaction;

/// The table's name, for errors.
fn name() -> &'static str {
    tables::name(&tables::ONE_TIME_TOKENS)
}

/// Stores a token.
pub fn insert(txn: &WriteTxn, key: &[u8; 32], token: &OneTimeToken) -> Result<(), StoreError> {
    txn.open_table(tables::ONE_TIME_TOKENS)?
        .insert(key.as_slice(), codec::encode(token).as_slice())?;
    Ok(())
}

/// Removes and returns a token: whatever the caller then decides, it cannot be used twice.
pub fn take(txn: &WriteTxn, key: &[u8; 32]) -> Result<Option<OneTimeToken>, StoreError> {
    let mut table = txn.open_table(tables::ONE_TIME_TOKENS)?;
    let removed = table.remove(key.as_slice())?;
    removed.map(|bytes| codec::decode(name(), bytes.value())).transpose()
}

/// A token, left in place (to tell whether a link still works before its form is filled).
pub fn get(txn: &ReadTransaction, key: &[u8; 32]) -> Result<Option<OneTimeToken>, StoreError> {
    let table = txn.open_table(tables::ONE_TIME_TOKENS)?;
    let found = table.get(key.as_slice())?;
    found.map(|bytes| codec::decode(name(), bytes.value())).transpose()
}

/// Ends every token of `user` for `purpose`, and drops expired tokens of anyone on the way
/// (the table is small: tokens live hours to a week). Returns how many of `user`'s ended.
pub fn end_all_of(txn: &WriteTxn, user: UserId, purpose: Purpose, now: Timestamp) -> Result<usize, StoreError> {
    let mut table = txn.open_table(tables::ONE_TIME_TOKENS)?;
    let mut ended = 0;
    table.retain(|_, bytes| match codec::decode::<OneTimeToken>(name(), bytes) {
        Ok(token) if token.user_id == user && token.purpose == purpose => {
            ended += 1;
            false
        }
        Ok(token) => now < token.expires_at,
        // Unreadable tokens open nothing; keep them for whoever looks into the file.
        Err(_) => true,
    })?;
    Ok(ended)
}
