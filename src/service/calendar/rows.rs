//! The calendar page's entries: each lesson as the row the calendar kept of it while it is
//! stored unchanged (its title and colour put in per request, as subjects are renamed and a
//! parent's calendar adds the child's name), and the school's events.

use super::{
    Scope, children_shown, event_entry, first_names, in_room_by_start, lesson_entry, lesson_ids, room_of, titled,
    whose_lesson,
};
use crate::domain::SubjectId;
use crate::domain::calendar::CalendarEntry;
use crate::domain::lesson::Lesson;
use crate::domain::subject::Subject;
use crate::domain::{LessonId, UserId};
use crate::service::ServiceError;
use crate::service::kept_texts;
use crate::service::schedule::lesson_list::LessonShelf;
use crate::service::schedule::lesson_names::{LessonNames, NamedBy};
use crate::service::work::events;
use crate::store::events as store_events;
use crate::store::shelf::{self, Shown};
use crate::store::{Store, lessons, record};
use bytes::Bytes;
use jiff::Timestamp;
use redb::ReadTransaction;
use std::sync::Arc;

/// A lesson as the calendar keeps it: what a request narrows, orders and names it by, and the
/// text of its entry without the title and colour.
#[derive(Debug)]
pub struct CalendarRow {
    id: LessonId,
    starts_at: Timestamp,
    room: String,
    named_by: NamedBy,
    student_ids: Vec<UserId>,
    pub text: Box<str>,
}

/// One entry of a calendar page.
pub enum CalendarItem {
    /// A lesson's kept row, with its title and colour.
    Lesson {
        row: Arc<Shown<CalendarRow>>,
        title: String,
        color: String,
    },
    Event(CalendarEntry),
}

impl CalendarItem {
    fn starts_at(&self) -> Timestamp {
        match self {
            Self::Lesson { row, .. } => row.value.starts_at,
            Self::Event(event) => event.starts_at,
        }
    }
}

/// The calendar of `scope` for the span as `write` writes `items`, kept (`service::kept_texts`)
/// and given again while the lessons it reads (their lists' versions: a person's and his
/// children's, a room's or the school's), the school's events (theirs), the directory (names,
/// roles, family), the subjects it names and, for a person, the groups he and his children are
/// in read the same. A person who does not exist is a 404.
pub fn shown<E: From<ServiceError>>(
    store: &Store,
    shelf: &LessonShelf,
    (scope, span): (&Scope, (Timestamp, Timestamp)),
    render: impl Fn(CalendarEntry) -> String,
    write: impl FnOnce(Vec<CalendarItem>) -> Bytes,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let directory = store.directory(&txn).map_err(ServiceError::from)?;
    if scope.person.is_some_and(|person| directory.find(person).is_none()) {
        return Err(ServiceError::NotFound("Пользователь не найден".into()).into());
    }
    let mut lists = vec![store_events::list_of_school()];
    match (scope.person, room_of(scope)) {
        (Some(person), _) => {
            for &p in std::iter::once(&person).chain(&children_shown(&txn, scope)?) {
                lists.extend([lessons::list_of_teacher(p), lessons::list_of_student(p)]);
            }
        }
        (None, Some(room)) => lists.push(lessons::list_of_room(room)),
        (None, None) => lists.push(lessons::list_of_school()),
    }
    let mut head = kept_texts::versions_of(&versions, &lists);
    head.extend(directory.revision().to_le_bytes());
    if let Some(person) = scope.person {
        head.extend(events::membership_of(&txn, person)?);
    }
    let question = format!("calendar {scope:?} {span:?}");
    let tail = |subjects: &Vec<SubjectId>, bytes: &mut Vec<u8>| -> Result<(), E> {
        Ok(record::append_stored::<Subject>(&txn, subjects.iter().copied(), bytes).map_err(ServiceError::from)?)
    };
    kept_texts::kept(&shelf.calendars, &question, &head, tail, || {
        let (items, names) = items_in(store, &txn, shelf, scope, span, render)?;
        Ok((write(items), names.named().0))
    })
}

/// The calendar of `scope` for [from, to), by start, as `entries` would give it: each lesson's
/// row from `shelf`, or `render` of its entry (title and colour left empty), and the events of
/// the person's audience (every event on the school's; none on a room's). The API's test
/// compares them with `entries`.
#[cfg(test)]
pub fn items(
    store: &Store,
    shelf: &LessonShelf,
    scope: &Scope,
    span: (Timestamp, Timestamp),
    render: impl Fn(CalendarEntry) -> String,
) -> Result<Vec<CalendarItem>, ServiceError> {
    Ok(items_in(store, &store.read()?, shelf, scope, span, render)?.0)
}

/// `items`, read in `txn`, with the names they show.
fn items_in(
    store: &Store,
    txn: &ReadTransaction,
    shelf: &LessonShelf,
    scope: &Scope,
    (from, to): (Timestamp, Timestamp),
    render: impl Fn(CalendarEntry) -> String,
) -> Result<(Vec<CalendarItem>, LessonNames), ServiceError> {
    let children = children_shown(txn, scope)?;
    let ids = lesson_ids(txn, scope, &children, from, to)?;
    let rows = shelf::shown::<Lesson, _>(txn, &ids, &shelf.calendar, |lesson| CalendarRow {
        id: lesson.id,
        starts_at: lesson.starts_at,
        room: lesson.room.clone(),
        named_by: NamedBy::of(&lesson),
        student_ids: lesson.student_ids.clone(),
        text: render(lesson_entry(lesson, (String::new(), String::new()))).into(),
    })?;
    let rows = in_room_by_start(rows, scope, |r| &r.value.room, |r| (r.value.starts_at, r.value.id));
    let names = LessonNames::of(store, txn, &shelf.names, rows.iter().map(|r| r.value.named_by))?;
    let child_names = first_names(txn, &children)?;
    let mut items: Vec<CalendarItem> = rows
        .into_iter()
        .map(|row| {
            let lesson = &row.value;
            let subject = lesson.named_by.subject;
            let people = (lesson.named_by.teacher, lesson.student_ids.as_slice());
            let whose = whose_lesson(people, scope.person, &child_names);
            let (title, color) = titled(Some((names.subject(subject), names.color(subject))), whose);
            CalendarItem::Lesson { row, title, color }
        })
        .collect();
    if room_of(scope).is_none() {
        let seen = events::seen_in(txn, scope.person, from, to)?;
        items.extend(seen.into_iter().map(|event| CalendarItem::Event(event_entry(event))));
        // Stable: lessons of one start keep their order by id.
        items.sort_by_key(CalendarItem::starts_at);
    }
    Ok((items, names))
}
