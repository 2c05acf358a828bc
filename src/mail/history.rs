//! The mail history as the manager's page shows it: filtered, newest first, one page at a time.

use super::{MailFilter, MailRecord};
use crate::domain::{Page, PageRequest};
use crate::store::{self, Store, StoreError};

/// One page of the mails passing `filter`, newest first (`filter.user_id` uses the per-user
/// index). Synchronous: call it on the blocking pool.
pub fn history(store: &Store, filter: &MailFilter, page: PageRequest) -> Result<Page<MailRecord>, StoreError> {
    store::mail::history(store, filter, page)
}
