//! Reading lessons: the list by time, through the narrowest time index its filters allow,
//! and one lesson, each for someone who may read them.

use super::lesson_names::LessonNames;
use super::lesson_not_found as not_found;
use crate::domain::lesson::{Lesson, LessonQuery, room_key};
use crate::domain::{LessonId, Page, PageRequest};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::store::lessons::{self, Whose};
use crate::store::{Store, record};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use redb::ReadTransaction;
use std::collections::BTreeSet;

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

/// A page of lessons with the names they show.
pub struct Listed {
    pub page: Page<Lesson>,
    pub names: LessonNames,
}

/// One page of the lessons `query` admits that `actor` may read, by start time, with their
/// names, in one read transaction.
pub fn list(
    store: &Store,
    actor: &Actor,
    query: &LessonQuery,
    request: PageRequest,
    tz: &TimeZone,
) -> Result<Listed, ServiceError> {
    let txn = store.read()?;
    let page = page(&txn, actor, query, request, tz)?;
    let names = LessonNames::of(store, &txn, &page.items)?;
    Ok(Listed { page, names })
}

/// One page of the lessons `query` admits that `actor` may read, by start time. When one
/// index expresses every filter, only the page's lessons are decoded.
fn page(
    txn: &ReadTransaction,
    actor: &Actor,
    query: &LessonQuery,
    request: PageRequest,
    tz: &TimeZone,
) -> Result<Page<Lesson>, ServiceError> {
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
            && query
                .room
                .as_deref()
                .is_none_or(|r| r.trim().is_empty() || room_key(&l.room) == room_key(r))
    };
    if let [whose] = sources.as_slice()
        && covers(whose, query)
    {
        let page = request.slice(lessons::ids(txn, whose, from, to)?.into_iter());
        let items = lessons::load(txn, &page.items)?;
        return Ok(Page {
            items,
            total: page.total,
            request,
        });
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
    Ok(request.slice(found.into_iter()))
}

/// One lesson with its names, for someone who may read it.
pub fn get(store: &Store, actor: &Actor, id: LessonId) -> Result<(Lesson, LessonNames), ServiceError> {
    let txn = store.read()?;
    let lesson = readable(&txn, actor, id)?;
    let names = LessonNames::of(store, &txn, std::slice::from_ref(&lesson))?;
    Ok((lesson, names))
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

/// `lesson` (just written) with its names.
pub fn named(store: &Store, lesson: Lesson) -> Result<(Lesson, LessonNames), ServiceError> {
    let names = LessonNames::of(store, &store.read()?, std::slice::from_ref(&lesson))?;
    Ok((lesson, names))
}
