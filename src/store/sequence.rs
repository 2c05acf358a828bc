//! Per-table id sequences, advanced inside the caller's write transaction.

use super::{StoreError, tables};
use crate::store::WriteTxn;
use redb::ReadableTable;

/// Ids stay below 2^53 so JavaScript numbers hold them exactly.
const MAX_ID: u64 = (1 << 53) - 1;

/// Hands out the next id for `table` (the first is 1). Rolled back with the transaction.
pub fn next_id(txn: &WriteTxn, table: &str) -> Result<u64, StoreError> {
    let mut sequences = txn.open_table(tables::SEQUENCES)?;
    let last = sequences.get(table)?.map(|guard| guard.value()).unwrap_or(0);
    let next = last + 1;
    if next > MAX_ID {
        return Err(StoreError::Corrupt {
            table: tables::name(&tables::SEQUENCES),
            reason: format!("{table}: ids exhausted"),
        });
    }
    sequences.insert(table, next)?;
    Ok(next)
}
