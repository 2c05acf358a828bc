//! Pages of tasks as the API writes them, kept by the question asked (who reads, what he asks,
//! which page) while the lists of tasks they are made from, the names and the day are unchanged
//! (`service::kept_texts`): a page read again costs a few lookups, not its tasks decoded and
//! written.

use crate::service::ServiceError;
use crate::service::kept_texts::{self, KeptTexts};
use crate::store::Store;
use bytes::Bytes;
use jiff::civil::Date;
use redb::ReadTransaction;

/// The kept pages.
pub struct TaskTexts(KeptTexts<()>);

/// How many pages are kept (a page of 50 is ~20 KB).
const KEPT_PAGES: usize = 256;

impl Default for TaskTexts {
    fn default() -> Self {
        Self(KeptTexts::new(KEPT_PAGES))
    }
}

/// The page kept for `question` while the `versions` of the lists it is made from, the
/// directory's revision and `today` are what they were; otherwise `make`'s, which is kept.
pub fn kept<E: From<ServiceError>>(
    store: &Store,
    txn: &ReadTransaction,
    texts: &TaskTexts,
    (question, versions): (String, &[u64]),
    today: Date,
    make: impl FnOnce() -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let revision = store.directory(txn).map_err(ServiceError::from)?.revision();
    let source = format!("{versions:?} {revision} {today}");
    kept_texts::kept_whole(&texts.0, &question, source.as_bytes(), make)
}
