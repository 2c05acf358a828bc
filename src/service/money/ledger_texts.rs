//! Pages of the ledger as the API writes them (a student's, the school's), kept by the question
//! asked (`service::kept_texts`) while the entries they are made from and the student's packages
//! (their lists' versions), the names (the directory's revision) and the lessons, packages,
//! subjects and courses their titles name read the same: a page read again costs a few lookups,
//! not its entries decoded and written.

use super::entry_view::{Named, stored_state};
use crate::service::ServiceError;
use crate::service::kept_texts::{self, KeptTexts};
use crate::store::Store;
use crate::store::record::{ListKey, Seen};
use bytes::Bytes;
use redb::ReadTransaction;

/// The kept pages, each with the records it names.
pub struct LedgerTexts(KeptTexts<Named>);

/// How many pages are kept (a page of 25 entries is ~12 KB, of 100 ~50 KB).
const KEPT_PAGES: usize = 128;

impl Default for LedgerTexts {
    fn default() -> Self {
        Self(KeptTexts::new(KEPT_PAGES))
    }
}

/// The page `make` writes (its text and the records it names), kept for `question` while the
/// versions of `lists`, the directory's revision and the records it names read in `txn` as
/// when it was kept.
pub(super) fn kept<E: From<ServiceError>>(
    store: &Store,
    (versions, txn): (&Seen, &ReadTransaction),
    texts: &LedgerTexts,
    (question, lists): (&str, &[ListKey]),
    make: impl FnOnce() -> Result<(Bytes, Named), E>,
) -> Result<Bytes, E> {
    let mut head = kept_texts::versions_of(versions, lists);
    let directory = store.directory(txn).map_err(ServiceError::from)?;
    head.extend(directory.revision().to_le_bytes());
    let tail = |named: &Named, bytes: &mut Vec<u8>| -> Result<(), E> {
        Ok(stored_state(txn, named, bytes).map_err(ServiceError::from)?)
    };
    kept_texts::kept(&texts.0, question, &head, tail, make)
}
