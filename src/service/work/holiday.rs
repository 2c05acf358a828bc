//! A holiday that cancels lessons: the planned lessons it covers (those its audience is off for:
//! see `Audience::off_for`), how many people they touch (the confirmation the manager sees), and their
//! cancellation in the event's own commit through the lessons' cancellation path; moved or
//! deleted, it brings back the lessons it cancelled that no holiday covers any more.

use super::events::{self, EventForm};
use crate::domain::event::{Audience, Event, EventKind};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{EventId, UserId};
use crate::service::ServiceError;
use crate::service::journal::{Change, Journal};
use crate::service::schedule::School;
use crate::service::schedule::lesson_end::{bring_back_uncovered, cancel_covered};
use crate::store::WriteTxn;
use crate::store::events::overlapping;
use crate::store::record::{self, Reader};
use crate::store::{Store, family, lessons};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use std::collections::BTreeSet;

/// What cancelling a holiday's lessons would touch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Preview {
    /// Planned lessons it would cancel.
    pub lessons: usize,
    /// Distinct teachers, students and their parents of those lessons.
    pub people: usize,
}

/// What a cancellation (or bringing lessons back) did: how many lessons, and the notices (one
/// per person).
#[derive(Debug, Default)]
pub struct Cancelled {
    pub lessons: usize,
    pub notices: Vec<Notice>,
    /// How the event's log entry says it: «отменено занятий», «снова в расписании занятий».
    pub done: &'static str,
}

/// The longest lesson there may be: a lesson starting this long before a span may reach into it.
const LONGEST_LESSON: SignedDuration = SignedDuration::from_hours(24);

/// The planned lessons overlapping [from, to) that `audience` is off for (`Audience::off_for`).
fn covered(
    txn: &impl Reader,
    from: Timestamp,
    to: Timestamp,
    audience: &Audience,
) -> Result<Vec<Lesson>, ServiceError> {
    let mut found = lessons::between(txn, from - LONGEST_LESSON, to)?;
    found.retain(|l| l.status == LessonStatus::Planned && audience.off_within(from, to, l));
    Ok(found)
}

/// How many planned lessons the holiday `form` describes would cancel and how many people they
/// touch; nothing for any other event. The form is checked as a create checks it, or as a change
/// of the event `changed` (`events::check_change`).
pub fn preview(
    store: &Store,
    form: EventForm,
    changed: Option<EventId>,
    tz: &TimeZone,
) -> Result<Preview, ServiceError> {
    let txn = store.read()?;
    let checked = match changed {
        None => events::check(&txn, &form, tz)?,
        Some(id) => events::check_change(&txn, form, &events::stored(&txn, id)?, tz)?,
    };
    if checked.kind != EventKind::Holiday || !checked.cancels_lessons {
        return Ok(Preview::default());
    }
    let found = covered(&txn, checked.starts_at, checked.ends_at, &checked.audience)?;
    let mut people: BTreeSet<UserId> = BTreeSet::new();
    for lesson in &found {
        people.insert(lesson.teacher_id);
        for &student in &lesson.student_ids {
            people.insert(student);
            people.extend(family::parents_of(&txn, student)?);
        }
    }
    Ok(Preview {
        lessons: found.len(),
        people: people.len(),
    })
}

/// Cancels, in `txn`, the planned lessons `event` covers when it is a holiday that cancels
/// lessons, with its title as the reason; `by` is the manager.
pub fn cancel(
    txn: &WriteTxn,
    journal: &Journal,
    school: &School,
    by: UserId,
    event: &Event,
    tz: &TimeZone,
) -> Result<Cancelled, ServiceError> {
    if event.kind != EventKind::Holiday || !event.cancels_lessons {
        return Ok(Cancelled::default());
    }
    let found = covered(txn, event.starts_at, event.ends_at, &event.audience)?;
    let notices = cancel_covered(txn, journal, school, by, &found, &event.title, tz)?;
    Ok(Cancelled {
        lessons: found.len(),
        notices,
        done: "отменено занятий",
    })
}

/// Brings back, in `txn`, the lessons the holiday `old` cancelled (cancelled with its title as
/// the reason, in its span, of its audience) that no holiday stored in `txn` cancels any more:
/// `txn` already holds `new` — the holiday as changed, `None` when deleted. A lesson another
/// holiday still cancels stays cancelled (`held`); one booked over since stays cancelled too.
pub fn bring_back(
    txn: &WriteTxn,
    journal: &Journal,
    school: &School,
    old: &Event,
    new: Option<&Event>,
    tz: &TimeZone,
) -> Result<Cancelled, ServiceError> {
    let done = "снова в расписании занятий";
    if old.kind != EventKind::Holiday || !old.cancels_lessons {
        return Ok(Cancelled {
            done,
            ..Cancelled::default()
        });
    }
    let mut found = lessons::between(txn, old.starts_at - LONGEST_LESSON, old.ends_at)?;
    found.retain(|l| l.status == LessonStatus::Cancelled && l.cancel_reason == old.title && old.cancels(l));
    let found = held(txn, old, found)?;
    let why = match new {
        Some(_) => format!("«{}» перенесено", old.title),
        None => format!("«{}» отменено", old.title),
    };
    let (lessons, notices) = bring_back_uncovered(txn, journal, school, &found, &why, tz)?;
    Ok(Cancelled { lessons, notices, done })
}

/// Of the `cancelled` lessons of the holiday `old`, keeps cancelled those a holiday stored in
/// `txn` still cancels — `old` as changed first, else another — with that holiday's title as
/// their reason (the lessons know their holiday by its title, so a renamed holiday, or the other
/// one, still brings them back when it is moved or deleted), and returns the rest.
fn held(txn: &WriteTxn, old: &Event, cancelled: Vec<Lesson>) -> Result<Vec<Lesson>, ServiceError> {
    let mut holidays = overlapping(txn, old.starts_at - LONGEST_LESSON, old.ends_at + LONGEST_LESSON)?;
    holidays.sort_by_key(|h| h.id != old.id);
    let mut free = Vec::new();
    for lesson in cancelled {
        match holidays.iter().find(|h| h.cancels(&lesson)) {
            None => free.push(lesson),
            Some(holiday) if holiday.title == lesson.cancel_reason => {}
            Some(holiday) => {
                let relabelled = Lesson {
                    cancel_reason: holiday.title.clone(),
                    ..lesson.clone()
                };
                record::replace(txn, &lesson, &relabelled)?;
            }
        }
    }
    Ok(free)
}

impl Cancelled {
    /// `change` (the event's log entry with its announcements) with this cancellation (or
    /// bringing back): its summary says how many lessons it touched, and the people whose lessons
    /// it touched get its notice (which names the holiday) in place of the announcement.
    pub fn told_in(self, mut change: Change) -> Change {
        if self.lessons > 0 {
            change.summary.push_str(&format!("; {}: {}", self.done, self.lessons));
        }
        let told: BTreeSet<UserId> = self.notices.iter().map(|n| n.to).collect();
        change
            .notices
            .retain(|n| n.kind != NotificationKind::EventAnnounced || !told.contains(&n.to));
        change.notices.extend(self.notices);
        change
    }
}
