//! Reading the activity log: a page of entries with the names of the people they mention.

use super::ServiceError;
use crate::domain::activity::ActivityEntry;
use crate::domain::activity::ActivityFilter;
use crate::domain::{Page, PageRequest, UserId};
use crate::store::Store;
use crate::store::activity;
use std::collections::HashMap;

/// A page of the log and the current full names of the people on it.
pub struct LogPage {
    pub page: Page<ActivityEntry>,
    pub names: HashMap<UserId, String>,
}

/// One page of the entries passing `filter`, newest first.
pub fn page(store: &Store, filter: &ActivityFilter, request: PageRequest) -> Result<LogPage, ServiceError> {
    let txn = store.read()?;
    let page = activity::page(&txn, filter, request)?;
    // The people come from the directory, which has them decoded already.
    let directory = store.directory(&txn)?;
    let mut names = HashMap::new();
    for entry in &page.items {
        for id in entry.actor.into_iter().chain(entry.impersonator) {
            if let std::collections::hash_map::Entry::Vacant(slot) = names.entry(id) {
                if let Some(found) = directory.find(id) {
                    slot.insert(found.user.full_name());
                }
            }
        }
    }
    Ok(LogPage { page, names })
}
