//! Calendars: the lessons and the school's events of a person (those of his audience) or of the
//! whole school over a span, as entries coloured by subject or event kind (a parent's children's
//! lessons named with the child: «Математика — Петя»), and the same as an iCal feed (`ics`).

pub mod ics;

use super::{FieldErrors, ServiceError};
use crate::config::Config;
use crate::domain::UserId;
use crate::domain::calendar::{CalendarEntry, EntryKind};
use crate::domain::event::Event;
use crate::domain::lesson::{Lesson, LessonStatus, room_key};
use crate::domain::money::spaced;
use crate::domain::subject::Subject;
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

/// The lessons of `scope` that start in [from, to), by start: index ranges first (a person's
/// as teacher and as student, his `children`'s, or one room's), then only those lessons decoded.
fn lessons_in(
    txn: &impl record::Reader,
    scope: &Scope,
    children: &[UserId],
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<Lesson>, ServiceError> {
    let room = scope.room.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let Some(person) = scope.person else {
        let whose = room.map_or(Whose::School, |r| Whose::Room(r.to_owned()));
        let ids = lessons::ids(txn, &whose, from, to)?;
        if ids.len() > SCHOOL_CALENDAR_LESSONS {
            return Err(FieldErrors::one("to", too_many(ids.len())));
        }
        return Ok(lessons::load(txn, &ids)?);
    };
    let mut ids = Vec::new();
    for &p in std::iter::once(&person).chain(children) {
        ids.extend(lessons::ids(txn, &Whose::Teacher(p), from, to)?);
        ids.extend(lessons::ids(txn, &Whose::Student(p), from, to)?);
    }
    ids.sort_unstable();
    ids.dedup();
    let mut found = lessons::load(txn, &ids)?;
    if let Some(room) = room.map(room_key) {
        found.retain(|l| room_key(&l.room) == room);
    }
    found.sort_by_key(|l| (l.starts_at, l.id));
    Ok(found)
}

/// Why the school's calendar of `count` lessons is not answered.
fn too_many(count: usize) -> String {
    format!(
        "Занятий в школе за эти дни: {} — календарь показывает не больше {} за раз. Выберите учителя или кабинет или откройте неделю",
        spaced(count as u64),
        spaced(SCHOOL_CALENDAR_LESSONS as u64)
    )
}

/// A lesson as a calendar entry: its subject's name and colour.
fn entry(lesson: Lesson, subjects: &HashMap<u64, Subject>) -> CalendarEntry {
    let subject = subjects.get(&lesson.subject_id.0);
    CalendarEntry {
        kind: EntryKind::Lesson,
        id: lesson.id.0,
        title: subject.map_or_else(|| "Занятие".to_owned(), |s| s.name.clone()),
        starts_at: lesson.starts_at,
        ends_at: lesson.ends_at(),
        all_day: false,
        color: subject.map_or_else(|| "gray".to_owned(), |s| s.color.clone()),
        room: lesson.room,
        status: lesson.status,
        cancel_reason: lesson.cancel_reason,
        topic: lesson.topic,
        subject_id: Some(lesson.subject_id),
        group_id: lesson.group_id,
        teacher_id: Some(lesson.teacher_id),
        student_ids: lesson.student_ids,
    }
}

fn entries_in(
    txn: &impl record::Reader,
    scope: &Scope,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<CalendarEntry>, ServiceError> {
    let children = match scope.person {
        Some(person) => family::children_of(txn, person)?,
        None => Vec::new(),
    };
    let found = lessons_in(txn, scope, &children, from, to)?;
    let subjects: HashMap<u64, Subject> = record::all::<Subject>(txn)?.into_iter().map(|s| (s.id.0, s)).collect();
    let names = first_names(txn, &children)?;
    let mut all: Vec<CalendarEntry> = found
        .into_iter()
        .map(|l| {
            let whose = whose_lesson(&l, scope.person, &names);
            let mut entry = entry(l, &subjects);
            if let Some(whose) = whose {
                entry.title = format!("{} — {whose}", entry.title);
            }
            entry
        })
        .collect();
    // A room's calendar shows lessons only: an event has no room.
    if scope.room.as_deref().is_none_or(|r| r.trim().is_empty()) {
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

/// On a parent's calendar, whose lesson `lesson` is: his children's first names («Петя, Маша»),
/// unless he teaches or studies in it himself.
fn whose_lesson(lesson: &Lesson, person: Option<UserId>, children: &HashMap<UserId, String>) -> Option<String> {
    let person = person?;
    if children.is_empty() || lesson.teacher_id == person || lesson.student_ids.contains(&person) {
        return None;
    }
    let names: Vec<&str> = lesson
        .student_ids
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
        student_ids: Vec::new(),
    }
}

/// The calendar of `scope` for [from, to): lessons and the events of the person's audience
/// (every event on the school's), by start. The span is at most
/// `MAX_SPAN_DAYS` (checked by the caller, who names the field).
pub fn entries(
    store: &Store,
    scope: &Scope,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<CalendarEntry>, ServiceError> {
    let txn = store.read()?;
    entries_in(&txn, scope, from, to)
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
    let host = config
        .server
        .public_url
        .split("://")
        .nth(1)
        .unwrap_or("klass")
        .split(['/', ':'])
        .next()
        .unwrap_or("klass");
    let feed = ics::Feed {
        name: &name,
        tz_name: &config.school.timezone,
        tz: &tz,
        host,
        from,
        to,
        now,
    };
    Ok(ics::render(&feed, &entries))
}
