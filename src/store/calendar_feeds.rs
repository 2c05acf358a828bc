//! Private iCal links on the record kit, kept under the person's own id (one per person).

use super::record::{self, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::UserId;
use crate::domain::calendar::CalendarFeed;
use crate::store::WriteTxn;

impl Record for CalendarFeed {
    const TABLE: Rows = tables::CALENDAR_FEEDS;
    type Id = UserId;

    fn id(&self) -> UserId {
        self.id
    }
}

/// The person's link, if he has one.
pub fn of(txn: &impl Reader, user: UserId) -> Result<Option<CalendarFeed>, StoreError> {
    record::get(txn, user)
}

/// Stores `feed` in place of the person's previous link, if any.
pub fn put(txn: &WriteTxn, feed: &CalendarFeed) -> Result<(), StoreError> {
    match of(txn, feed.id)? {
        Some(old) => record::replace(txn, &old, feed),
        None => record::insert_built(txn, feed),
    }
}

/// Ends the person's link, if he has one (his own right to be read ended, or a parent's who
/// may know the link); true when he had one.
pub fn remove(txn: &WriteTxn, user: UserId) -> Result<bool, StoreError> {
    Ok(record::remove::<CalendarFeed>(txn, user)?.is_some())
}
