//! The mail history as the manager's page shows it: filtered, newest first, one page at a time.

use super::ServiceError;
use crate::domain::mail::{MailFilter, MailRecord};
use crate::domain::{Page, PageRequest};
use crate::store::{self, Store};

/// One page of the mails passing `filter`, newest first (`filter.user_id` uses the per-user
/// index).
pub fn page(store: &Store, filter: &MailFilter, page: PageRequest) -> Result<Page<MailRecord>, ServiceError> {
    Ok(store::mail::history(store, filter, page)?)
}
