//! `klass money verify`: every balance recounted from the whole ledger and compared with the
//! stored one.

use crate::service::ServiceError;
use crate::store::Store;
use crate::store::ledger::{self, Difference};

/// What a recount found.
#[derive(Clone, Debug)]
pub struct Recount {
    /// Entries read.
    pub entries: u64,
    /// Students with a stored balance or an entry.
    pub students: usize,
    /// The sum of every stored balance, in kopecks.
    pub total: i64,
    /// Each balance that differs from its entries.
    pub differences: Vec<Difference>,
}

/// Recounts every balance from the ledger.
pub fn recount(store: &Store) -> Result<Recount, ServiceError> {
    let txn = store.read()?;
    let balances = ledger::balances(&txn)?;
    let (entries, differences) = ledger::recount(&txn)?;
    Ok(Recount {
        entries,
        students: balances.len(),
        total: balances.iter().map(|(_, b)| b).sum(),
        differences,
    })
}
