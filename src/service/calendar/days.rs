//! The school's calendar counted by day: how many lessons (held or planned, and cancelled) and
//! school events each day of a span has. A month of a school too big to show lesson by lesson
//! (more than `SCHOOL_CALENDAR_LESSONS`) is shown this way; the lessons' heads are read, never
//! whole lessons, and the answer is kept while the school's lessons and events read the same.

use super::{Scope, room_of};
use crate::domain::lesson::{Lesson, LessonHead, LessonStatus};
use crate::service::ServiceError;
use crate::service::kept_texts;
use crate::service::schedule::lesson_list::LessonShelf;
use crate::service::work::events;
use crate::store::lessons::{self, Whose};
use crate::store::{Store, events as store_events, record};
use bytes::Bytes;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};

/// What one day of the school's calendar holds.
#[derive(Debug)]
pub struct DayCount {
    pub date: Date,
    /// Lessons held or planned.
    pub lessons: u32,
    pub cancelled: u32,
    /// School events covering some of the day (none on a room's calendar).
    pub events: u32,
}

/// The days from `from`'s to the day before `to`'s (the span's first instants, in `tz`), each
/// with what `scope` (the school's, or one room's; a person's is never counted: it is shown
/// whole) holds on it, as `write` writes them: kept on `shelf` while the school's lessons (the
/// room's) and events read the same.
pub fn counted<E: From<ServiceError>>(
    store: &Store,
    shelf: &LessonShelf,
    (scope, (from, to)): (&Scope, (Timestamp, Timestamp)),
    tz: &TimeZone,
    write: impl FnOnce(Vec<DayCount>) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let whose = room_of(scope).map_or(Whose::School, |room| Whose::Room(room.to_owned()));
    let source = kept_texts::versions_of(&versions, &[lessons::list_of(&whose), store_events::list_of_school()]);
    let question = format!("days {whose:?} {from} {to}");
    kept_texts::kept_whole(&shelf.day_counts, &question, &source, || {
        let heads: Vec<LessonHead> =
            record::heads::<Lesson, _>(&txn, &lessons::ids(&txn, &whose, from, to).map_err(ServiceError::from)?)
                .map_err(ServiceError::from)?;
        let covered = match whose {
            Whose::Room(_) => Vec::new(),
            _ => events::seen_in(&txn, None, from, to)?
                .into_iter()
                .map(|event| (event.starts_at, event.ends_at))
                .collect(),
        };
        write(count(&heads, &covered, (from, to), tz))
    })
}

/// Every day of [from, to) in `tz` with the lessons of `heads` starting on it and the spans of
/// `covered` (events) overlapping it (an event of no length covers the day it is on).
fn count(
    heads: &[LessonHead],
    covered: &[(Timestamp, Timestamp)],
    (from, to): (Timestamp, Timestamp),
    tz: &TimeZone,
) -> Vec<DayCount> {
    // Each day and its bounds, from its first instant to the next day's (a day of a
    // daylight-saving change is 23 or 25 hours long).
    let mut counts = Vec::new();
    let mut bounds: Vec<(Timestamp, Timestamp)> = Vec::new();
    let mut date = from.to_zoned(tz.clone()).date();
    let mut start = from;
    while start < to {
        let Ok(next) = date.tomorrow() else { break };
        let Ok(end) = next.to_zoned(tz.clone()) else { break };
        let end = end.timestamp().min(to);
        counts.push(DayCount {
            date,
            lessons: 0,
            cancelled: 0,
            events: 0,
        });
        bounds.push((start, end));
        (date, start) = (next, end);
    }
    let day_of = |at: Timestamp| bounds.partition_point(|&(_, end)| end <= at);
    for head in heads {
        if let Some(day) = counts.get_mut(day_of(head.starts_at)) {
            match head.status {
                LessonStatus::Cancelled => day.cancelled += 1,
                LessonStatus::Planned | LessonStatus::Done => day.lessons += 1,
            }
        }
    }
    for &(starts, ends) in covered {
        let ends = ends.max(starts + SignedDuration::from_secs(1));
        for (&(start, end), day) in bounds.iter().zip(&mut counts) {
            if starts < end && start < ends {
                day.events += 1;
            }
        }
    }
    counts
}
