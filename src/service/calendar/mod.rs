//! Calendars: the lessons and the school's events of a person (those of his audience) or of the
//! whole school over a span, as entries coloured by subject or event kind (a parent's children's
//! lessons named with the child: «Математика — Петя»), and the same as an iCal feed (`ics`).

pub mod days;
pub mod ics;
mod rows;

#[cfg(test)]
pub use rows::items;
pub use rows::{CalendarItem, CalendarRow, shown};

use super::{FieldErrors, ServiceError};
use crate::config::Config;
use crate::domain::calendar::{CalendarEntry, EntryKind};
use crate::domain::event::Event;
use crate::domain::lesson::{Lesson, LessonStatus, room_key};
use crate::domain::money::spaced;
use crate::domain::subject::Subject;
use crate::domain::{LessonId, UserId};
use crate::service::calendar_feed;
use crate::service::work::events;
use crate::store::lessons::{self, Whose};
use crate::store::{Store, family, record, users};
use jiff::{SignedDuration, Timestamp};
use std::collections::HashMap;

/// What a calendar shows: one person's (with his children's, for a parent) or the school's,
/// optionally only one room's.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    pub person: Option<UserId>,
    /// Only lessons in this room (ignoring case).
    pub room: Option<String>,
}

/// The longest span one request reads (a month view with its leading and trailing days fits).
pub const MAX_SPAN_DAYS: i64 = 62;

/// The most lessons the whole school's calendar answers at once (a month of some 50 groups):
/// a bigger school narrows it to a teacher or a room, or opens a week.
pub const SCHOOL_CALENDAR_LESSONS: usize = 2_000;

/// How far back and ahead the iCal feed reaches.
const FEED_BACK: SignedDuration = SignedDuration::from_hours(8 * 7 * 24);
const FEED_AHEAD: SignedDuration = SignedDuration::from_hours(26 * 7 * 24);

/// The ids of `scope`'s lessons that start in [from, to), from index ranges alone (a person's
/// as teacher and as student, his `children`'s, or one room's). The school's come by start
/// (at most `SCHOOL_CALENDAR_LESSONS`); a person's come unordered and not yet narrowed to a
/// room: see `in_room_by_start`.
fn lesson_ids(
    txn: &impl record::Reader,
    scope: &Scope,
    children: &[UserId],
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<LessonId>, ServiceError> {
    let Some(person) = scope.person else {
        let whose = room_of(scope).map_or(Whose::School, |r| Whose::Room(r.to_owned()));
        let ids = lessons::ids(txn, &whose, from, to)?;
        if ids.len() > SCHOOL_CALENDAR_LESSONS {
            return Err(FieldErrors::one("to", too_many(ids.len())));
        }
        return Ok(ids);
    };
    let mut ids = Vec::new();
    for &p in std::iter::once(&person).chain(children) {
        ids.extend(lessons::ids(txn, &Whose::Teacher(p), from, to)?);
        ids.extend(lessons::ids(txn, &Whose::Student(p), from, to)?);
    }
    ids.sort_unstable_by_key(|id| id.0);
    ids.dedup();
    Ok(ids)
}

/// The children whose lessons `scope`'s calendar shows with the person's: his children who are
/// not deleted (a deleted child is no longer his parent's to see); none on the school's.
fn children_shown(txn: &impl record::Reader, scope: &Scope) -> Result<Vec<UserId>, ServiceError> {
    match scope.person {
        Some(person) => Ok(family::living_children_of(txn, person)?),
        None => Ok(Vec::new()),
    }
}

/// The room `scope` keeps, if any.
fn room_of(scope: &Scope) -> Option<&str> {
    scope.room.as_deref().map(str::trim).filter(|r| !r.is_empty())
}

/// `found` (lessons of `lesson_ids`, in any form) narrowed to the room of `scope` and ordered
/// by start, then id: `room` and `start` read them.
fn in_room_by_start<T>(
    mut found: Vec<T>,
    scope: &Scope,
    room: impl Fn(&T) -> &str,
    start: impl Fn(&T) -> (Timestamp, LessonId),
) -> Vec<T> {
    if let Some(kept) = room_of(scope).map(room_key) {
        found.retain(|l| room_key(room(l)) == kept);
    }
    found.sort_by_key(|l| {
        let (at, id) = start(l);
        (at, id.0)
    });
    found
}

/// The lessons of `scope` that start in [from, to), by start.
fn lessons_in(
    txn: &impl record::Reader,
    scope: &Scope,
    children: &[UserId],
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<Lesson>, ServiceError> {
    let found = lessons::load(txn, &lesson_ids(txn, scope, children, from, to)?)?;
    Ok(in_room_by_start(found, scope, |l| &l.room, |l| (l.starts_at, l.id)))
}

/// Why the school's calendar of `count` lessons is not answered.
fn too_many(count: usize) -> String {
    format!(
        "Занятий в школе за эти дни: {} — календарь показывает не больше {} за раз. Выберите учителя или кабинет или откройте неделю",
        spaced(count as u64),
        spaced(SCHOOL_CALENDAR_LESSONS as u64)
    )
}

/// A lesson's title and colour on a calendar: its subject's name and colour (of a subject that
/// is gone: «Занятие», gray), the title followed by `whose` it is on a parent's calendar.
fn titled(subject: Option<(&str, &str)>, whose: Option<String>) -> (String, String) {
    let (name, color) = match subject {
        Some((name, color)) if !name.is_empty() => (name, color),
        _ => ("Занятие", "gray"),
    };
    let title = match whose {
        Some(whose) => format!("{name} — {whose}"),
        None => name.to_owned(),
    };
    (title, color.to_owned())
}

/// A lesson as a calendar entry with `title` and `color`.
fn lesson_entry(lesson: Lesson, (title, color): (String, String)) -> CalendarEntry {
    CalendarEntry {
        kind: EntryKind::Lesson,
        id: lesson.id.0,
        title,
        starts_at: lesson.starts_at,
        ends_at: lesson.ends_at(),
        all_day: false,
        color,
        room: lesson.room,
        status: lesson.status,
        cancel_reason: lesson.cancel_reason,
        topic: lesson.topic,
        subject_id: Some(lesson.subject_id),
        group_id: lesson.group_id,
        teacher_id: Some(lesson.teacher_id),
    }
}

/// The calendar of `scope` for [from, to) as whole entries, each lesson decoded (the iCal
/// feed's; the calendar page's `items` keep rows).
fn entries_in(
    txn: &impl record::Reader,
    scope: &Scope,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<CalendarEntry>, ServiceError> {
    let children = children_shown(txn, scope)?;
    let found = lessons_in(txn, scope, &children, from, to)?;
    let subjects: HashMap<u64, Subject> = record::all::<Subject>(txn)?.into_iter().map(|s| (s.id.0, s)).collect();
    let names = first_names(txn, &children)?;
    let mut all: Vec<CalendarEntry> = found
        .into_iter()
        .map(|l| {
            let whose = whose_lesson((l.teacher_id, &l.student_ids), scope.person, &names);
            let subject = subjects
                .get(&l.subject_id.0)
                .map(|s| (s.name.as_str(), s.color.as_str()));
            lesson_entry(l, titled(subject, whose))
        })
        .collect();
    // A room's calendar shows lessons only: an event has no room.
    if room_of(scope).is_none() {
        all.extend(
            events::seen_in(txn, scope.person, from, to)?
                .into_iter()
                .map(event_entry),
        );
        all.sort_by_key(|e| e.starts_at);
    }
    Ok(all)
}

/// The first names of `children` by id.
fn first_names(txn: &impl record::Reader, children: &[UserId]) -> Result<HashMap<UserId, String>, ServiceError> {
    let mut names = HashMap::new();
    for &child in children {
        if let Some(user) = users::get(txn, child)? {
            names.insert(child, user.first_name.as_str().to_owned());
        }
    }
    Ok(names)
}

/// On a parent's calendar, whose lesson (taught by `teacher` to `students`) it is: his children's first names («Петя, Маша»),
/// unless he teaches or studies in it himself.
fn whose_lesson(
    (teacher, students): (UserId, &[UserId]),
    person: Option<UserId>,
    children: &HashMap<UserId, String>,
) -> Option<String> {
    let person = person?;
    if children.is_empty() || teacher == person || students.contains(&person) {
        return None;
    }
    let names: Vec<&str> = students
        .iter()
        .filter_map(|id| children.get(id).map(String::as_str))
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// A school event as a calendar entry: its title, and its kind's colour.
fn event_entry(event: Event) -> CalendarEntry {
    CalendarEntry {
        kind: EntryKind::Event,
        id: event.id.0,
        title: event.title,
        starts_at: event.starts_at,
        ends_at: event.ends_at,
        all_day: event.all_day,
        color: event.kind.color().to_owned(),
        room: String::new(),
        status: LessonStatus::Planned,
        cancel_reason: String::new(),
        topic: event.description,
        subject_id: None,
        group_id: None,
        teacher_id: None,
    }
}

/// The calendar of `scope` for [from, to) as whole entries, each lesson decoded and named:
/// what `items` must show (its test compares the two).
#[cfg(test)]
pub fn entries(
    store: &Store,
    scope: &Scope,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<CalendarEntry>, ServiceError> {
    entries_in(&store.read()?, scope, from, to)
}

/// The person's iCal feed (the token is checked by `calendar_feed::check`).
pub fn feed(store: &Store, config: &Config, person: UserId) -> Result<String, ServiceError> {
    let txn = store.read()?;
    let now = Timestamp::now();
    let (from, to) = (now - FEED_BACK, now + FEED_AHEAD);
    let scope = Scope {
        person: Some(person),
        room: None,
    };
    let entries = entries_in(&txn, &scope, from, to)?;
    let name = users::get(&txn, person)?
        .map(|u| format!("Расписание: {} {}", u.last_name.as_str(), u.first_name.as_str()))
        .unwrap_or_else(|| "Расписание".to_owned());
    let tz = config.time_zone();
    let host = calendar_feed::host_of(&config.server.public_url).unwrap_or_else(|| "klass".to_owned());
    let feed = ics::Feed {
        name: &name,
        tz_name: &config.school.timezone,
        tz: &tz,
        host: &host,
        from,
        to,
        now,
    };
    Ok(ics::render(&feed, &entries))
}
