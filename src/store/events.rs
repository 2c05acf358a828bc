//! School events, indexed by start.

use super::record::{self, IndexRow, ListKey, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::EventId;
use crate::domain::event::{Event, MAX_DAYS};
use jiff::{SignedDuration, Timestamp};

impl Record for Event {
    const TABLE: Rows = tables::EVENTS;
    type Id = EventId;

    fn id(&self) -> EventId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Timed(
            tables::EVENTS_BY_START,
            self.starts_at.as_millisecond(),
        )]
    }

    /// The school's events: calendars are kept by their version
    /// (`service::calendar::rows::shown`).
    fn versioned_lists(&self) -> Vec<ListKey> {
        vec![list_of_school()]
    }
}

/// The list of the school's events, whose version changes with each of them.
pub fn list_of_school() -> ListKey {
    ListKey::of(&tables::EVENTS_BY_START, 0)
}

/// The events that overlap [from, to), by start: those starting up to `MAX_DAYS` before
/// `from` are read from the index, and kept when they last into the span.
pub fn overlapping(txn: &impl Reader, from: Timestamp, to: Timestamp) -> Result<Vec<Event>, StoreError> {
    let earliest = from - SignedDuration::from_hours(24 * MAX_DAYS);
    let ids: Vec<EventId> = record::ids_between(
        txn,
        tables::EVENTS_BY_START,
        earliest.as_millisecond(),
        to.as_millisecond(),
    )?;
    let rows = txn.open(tables::EVENTS)?;
    let mut found = Vec::with_capacity(ids.len());
    for id in ids {
        found.extend(record::load::<Event>(&rows, id)?.filter(|e| e.overlaps(from, to)));
    }
    Ok(found)
}
