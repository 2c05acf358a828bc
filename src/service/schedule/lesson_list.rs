//! Reading lessons: the list by time, through the narrowest time index its filters allow,
//! and one lesson, each for someone who may read them.

use super::lesson_names::{LessonNames, NameShelf, NamedBy};
use super::lesson_not_found as not_found;
use crate::domain::group::Group;
use crate::domain::lesson::{Lesson, LessonQuery, room_key};
use crate::domain::subject::Subject;
use crate::domain::{GroupId, LessonId, Page, PageRequest, SubjectId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::service::calendar::CalendarRow;
use crate::service::kept_texts::{self, KeptTexts};
use crate::store::lessons::{self, Whose};
use crate::store::record::ListKey;
use crate::store::shelf::{self, Renderings, Shown};
use crate::store::{Store, record};
use bytes::Bytes;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use redb::ReadTransaction;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The start of `day` in `tz`.
pub fn start_of(day: Date, tz: &TimeZone) -> Timestamp {
    day.to_zoned(tz.clone()).map_or(Timestamp::MIN, |z| z.timestamp())
}

/// Which time indexes a list reads: the narrowest its filters allow, or, for someone who is
/// not staff, the people he may see.
fn sources(actor: &Actor, query: &LessonQuery) -> Result<Vec<Whose>, ServiceError> {
    if let Some(person) = query.person {
        return Ok(vec![Whose::Student(person), Whose::Teacher(person)]);
    }
    if !actor.is_staff() {
        return match query.student {
            Some(student) if actor.sees(student) => Ok(vec![Whose::Student(student)]),
            Some(_) => Err(ServiceError::Forbidden(
                "Можно смотреть только свои занятия и занятия своих детей",
            )),
            None => Ok(std::iter::once(actor.user.id)
                .chain(actor.children.iter().copied())
                .map(Whose::Student)
                .collect()),
        };
    }
    let whose = if let Some(group) = query.group {
        Whose::Group(group)
    } else if let Some(student) = query.student {
        Whose::Student(student)
    } else if let Some(teacher) = query.teacher {
        Whose::Teacher(teacher)
    } else if let Some(room) = query.room.as_ref().filter(|r| !r.trim().is_empty()) {
        Whose::Room(room.clone())
    } else if let Some(subject) = query.subject {
        Whose::Subject(subject)
    } else {
        Whose::School
    };
    Ok(vec![whose])
}

/// Whether the index of `whose` alone expresses every filter of `query` (so nothing need be
/// decoded to filter).
fn covers(whose: &Whose, query: &LessonQuery) -> bool {
    let only = |teacher, student, group, room, subject: bool| {
        query.teacher.is_some() == teacher
            && query.student.is_some() == student
            && query.group.is_some() == group
            && query.room.is_some() == room
            && query.subject.is_some() == subject
            && query.status.is_none()
            && query.person.is_none()
            && query.over_by.is_none()
    };
    match whose {
        Whose::School => only(false, false, false, false, false),
        Whose::Teacher(t) => query.teacher == Some(*t) && only(true, false, false, false, false),
        Whose::Student(s) => {
            query.student.is_none_or(|q| q == *s) && only(false, query.student.is_some(), false, false, false)
        }
        Whose::Group(g) => query.group == Some(*g) && only(false, false, true, false, false),
        Whose::Room(_) => only(false, false, false, true, false),
        Whose::Subject(s) => query.subject == Some(*s) && only(false, false, false, false, true),
    }
}

/// A lesson as its reader is shown it: of its students only those he may see
/// (`policy::students_shown`), with how many it has in all.
#[derive(Debug)]
pub struct SeenLesson {
    pub lesson: Lesson,
    pub students_count: usize,
}

impl SeenLesson {
    /// `lesson` as `actor` is shown it.
    pub fn new(actor: &Actor, mut lesson: Lesson) -> Self {
        let students_count = lesson.student_ids.len();
        lesson.student_ids = policy::students_shown(actor, std::mem::take(&mut lesson.student_ids));
        Self { lesson, students_count }
    }
}

/// A lesson as a list shows it: the ids its names come from, and the text of its own fields
/// (everything but the names, which can change without the lesson changing).
#[derive(Debug)]
pub struct LessonRow {
    pub named_by: NamedBy,
    pub text: Box<str>,
}

/// What lists and calendars of lessons keep: the rows they showed lately, each used again
/// while its lesson is stored unchanged (a term's pages read again and again are neither
/// decoded nor rendered again), the names in them, and whole pages (see `shown`). The rows show
/// every student of a lesson: only readers who see everyone are given them (`listed`).
pub struct LessonShelf {
    rows: Renderings<LessonRow>,
    pub(in crate::service) calendar: Renderings<CalendarRow>,
    pub(in crate::service) names: NameShelf,
    pages: KeptTexts<Named>,
    /// Whole calendars (`service::calendar::rows::shown`), each with the subjects it names.
    pub(in crate::service) calendars: KeptTexts<Vec<SubjectId>>,
    /// The school's calendars counted by day (`service::calendar::days::counted`).
    pub(in crate::service) day_counts: KeptTexts<()>,
}

/// How many whole pages and calendars are kept (a page of 100 lessons is ~60 KB).
const KEPT_PAGES: usize = 64;

/// How many calendars counted by day are kept (~2 KB each: a month of one room or the school).
const KEPT_COUNTS: usize = 16;

/// How many rows the shelf keeps of each kind: ~3 MB each (~600 bytes a row), about two months of a
/// school of 300 groups.
const KEPT_ROWS: usize = 5_000;

impl Default for LessonShelf {
    fn default() -> Self {
        Self {
            rows: Renderings::new(KEPT_ROWS),
            calendar: Renderings::new(KEPT_ROWS),
            names: NameShelf::default(),
            pages: KeptTexts::new(KEPT_PAGES),
            calendars: KeptTexts::new(KEPT_PAGES),
            day_counts: KeptTexts::new(KEPT_COUNTS),
        }
    }
}

/// A page of lessons as rows, with the names they show.
pub struct Listed {
    pub page: Page<Arc<Shown<LessonRow>>>,
    pub names: LessonNames,
}

/// One page of the lessons `query` admits that `actor` may read, as `write` writes the page
/// `list` makes. The text is kept and given again while the versions of the lists it reads
/// (`store::lessons::list_of`: a teacher's, a student's, a group's, a subject's, a room's or
/// the school's lessons), the directory's revision (the teachers' names) and the subjects and
/// groups it names read the same; a page of the lessons over by now is made afresh each time.
pub fn shown<E: From<ServiceError>>(
    store: &Store,
    shelf: &LessonShelf,
    (actor, query, request): (&Actor, &LessonQuery, PageRequest),
    tz: &TimeZone,
    render: impl Fn(SeenLesson) -> String,
    write: impl FnOnce(&Listed) -> Bytes,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    if query.over_by.is_some() {
        // «Over by now» asks a new question every time: kept, it would only push out pages
        // that are asked again.
        let listed = listed(store, &txn, shelf, (actor, query, request), tz, render)?;
        return Ok(write(&listed));
    }
    let lists: Vec<ListKey> = sources(actor, query)?.iter().map(lessons::list_of).collect();
    let mut head = kept_texts::versions_of(&versions, &lists);
    let directory = store.directory(&txn).map_err(ServiceError::from)?;
    head.extend(directory.revision().to_le_bytes());
    let question = kept_texts::question(actor, format_args!("lessons {query:?} {request:?}"));
    let tail = |named: &Named, bytes: &mut Vec<u8>| -> Result<(), E> {
        record::append_stored::<Subject>(&txn, named.0.iter().copied(), bytes).map_err(ServiceError::from)?;
        Ok(record::append_stored::<Group>(&txn, named.1.iter().copied(), bytes).map_err(ServiceError::from)?)
    };
    kept_texts::kept(&shelf.pages, &question, &head, tail, || {
        let listed = listed(store, &txn, shelf, (actor, query, request), tz, render)?;
        Ok((write(&listed), listed.names.named()))
    })
}

/// The subjects and groups a page names.
type Named = (Vec<SubjectId>, Vec<GroupId>);

/// One page of the lessons `query` admits that `actor` may read, by start time, with their
/// names, in one read transaction: each row from `shelf`, or `render` of its lesson's own
/// fields. The API's test compares the page's text with `Json` of the same lessons.
#[cfg(test)]
pub fn list(
    store: &Store,
    shelf: &LessonShelf,
    actor: &Actor,
    query: &LessonQuery,
    request: PageRequest,
    tz: &TimeZone,
    render: impl Fn(SeenLesson) -> String,
) -> Result<Listed, ServiceError> {
    listed(store, &store.read()?, shelf, (actor, query, request), tz, render)
}

/// `list`, read in `txn`.
fn listed(
    store: &Store,
    txn: &ReadTransaction,
    shelf: &LessonShelf,
    (actor, query, request): (&Actor, &LessonQuery, PageRequest),
    tz: &TimeZone,
    render: impl Fn(SeenLesson) -> String,
) -> Result<Listed, ServiceError> {
    let ids = page(txn, actor, query, request, tz)?;
    // A row made for a student or a parent leaves out the others' ids: it is kept for this page
    // only, never where another reader would be given it.
    let own;
    let kept = if actor.sees_everyone() {
        &shelf.rows
    } else {
        own = Renderings::new(ids.items.len());
        &own
    };
    let rows = shelf::shown::<Lesson, _>(txn, &ids.items, kept, |lesson| LessonRow {
        named_by: NamedBy::of(&lesson),
        text: render(SeenLesson::new(actor, lesson)).into(),
    })?;
    let names = LessonNames::of(store, txn, &shelf.names, rows.iter().map(|row| row.value.named_by))?;
    Ok(Listed {
        page: Page {
            items: rows,
            total: ids.total,
            request,
        },
        names,
    })
}

/// The ids of one page of the lessons `query` admits that `actor` may read, by start time.
/// When one index expresses every filter, no lesson is decoded.
fn page(
    txn: &ReadTransaction,
    actor: &Actor,
    query: &LessonQuery,
    request: PageRequest,
    tz: &TimeZone,
) -> Result<Page<LessonId>, ServiceError> {
    let from = query.from.map_or(Timestamp::MIN, |d| start_of(d, tz));
    let to = query
        .to
        .map_or(Timestamp::MAX, |d| start_of(d.saturating_add(1.day()), tz));
    let sources = sources(actor, query)?;
    let keep = |l: &Lesson| {
        query.teacher.is_none_or(|t| l.teacher_id == t)
            && query.student.is_none_or(|s| l.student_ids.contains(&s))
            && query.group.is_none_or(|g| l.group_id == Some(g))
            && query.subject.is_none_or(|s| l.subject_id == s)
            && query.status.is_none_or(|s| l.status == s)
            && query.over_by.is_none_or(|t| l.ends_at() <= t)
            && query
                .room
                .as_deref()
                .is_none_or(|r| r.trim().is_empty() || room_key(&l.room) == room_key(r))
    };
    if let [whose] = sources.as_slice()
        && covers(whose, query)
    {
        return Ok(request.slice(lessons::ids(txn, whose, from, to)?.into_iter()));
    }
    let mut found: Vec<Lesson> = Vec::new();
    let mut seen = BTreeSet::new();
    for whose in &sources {
        for lesson in lessons::of(txn, whose, from, to)? {
            if seen.insert(lesson.id) && keep(&lesson) {
                found.push(lesson);
            }
        }
    }
    found.sort_by_key(|l| (l.starts_at, l.id));
    Ok(request.slice(found.into_iter().map(|l| l.id)))
}

/// One lesson with its names, as `actor`, who may read it, is shown it.
pub fn get(
    store: &Store,
    shelf: &LessonShelf,
    actor: &Actor,
    id: LessonId,
) -> Result<(SeenLesson, LessonNames), ServiceError> {
    let txn = store.read()?;
    let lesson = readable(&txn, actor, id)?;
    let names = LessonNames::of(store, &txn, &shelf.names, [NamedBy::of(&lesson)])?;
    Ok((SeenLesson::new(actor, lesson), names))
}

/// Lesson `id` through `txn`, if `actor` may read it (404 when there is none, 403 when it is
/// someone else's).
pub fn readable(txn: &impl record::Reader, actor: &Actor, id: LessonId) -> Result<Lesson, ServiceError> {
    let lesson: Lesson = record::get(txn, id)?.ok_or_else(not_found)?;
    if !policy::reads_lesson(actor, &lesson) {
        return Err(ServiceError::Forbidden("Это занятие Вам недоступно"));
    }
    Ok(lesson)
}

/// `lesson` (just written by `actor`) with its names, as `actor` is shown it.
pub fn named(
    store: &Store,
    shelf: &LessonShelf,
    actor: &Actor,
    lesson: Lesson,
) -> Result<(SeenLesson, LessonNames), ServiceError> {
    let names = LessonNames::of(store, &store.read()?, &shelf.names, [NamedBy::of(&lesson)])?;
    Ok((SeenLesson::new(actor, lesson), names))
}
