//! Single-use tokens sent by mail, keyed by the SHA-256 of the token.

use super::{StoreError, codec, tables};
use crate::auth::OneTimeToken;
use redb::WriteTransaction;

const TABLE: &str = "one-time-tokens-1";

/// Stores a token.
pub fn insert(txn: &WriteTransaction, key: &[u8; 32], token: &OneTimeToken) -> Result<(), StoreError> {
    txn.open_table(tables::ONE_TIME_TOKENS)?
        .insert(key.as_slice(), codec::encode(token).as_slice())?;
    Ok(())
}

/// Removes and returns a token: whatever the caller then decides, it cannot be used twice.
pub fn take(txn: &WriteTransaction, key: &[u8; 32]) -> Result<Option<OneTimeToken>, StoreError> {
    let mut table = txn.open_table(tables::ONE_TIME_TOKENS)?;
    let removed = table.remove(key.as_slice())?;
    removed.map(|bytes| codec::decode(TABLE, bytes.value())).transpose()
}
