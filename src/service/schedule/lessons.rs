//! Lessons: the list by time (through the narrowest time index), one-off lessons, moving one
//! or "this and following", cancelling with a reason, deleting a planned one with nothing on it.

use super::form::{self, LessonForm};
use super::notify::tell;
use super::{School, book};
use crate::domain::activity::{Action, Entity};
use crate::domain::lesson::{Lesson, LessonQuery, LessonStatus, room_key};
use crate::domain::notification::NotificationKind;
use crate::domain::timetable::{day_in, span_in};
use crate::domain::{LessonId, Page, PageRequest, UserId};
use crate::policy::{self, Actor};
use crate::service::journal::{Change, Journal};
use crate::service::{FieldErrors, ServiceError};
use crate::store::lessons::{self, Whose};
use crate::store::record::{self, Reader};
use crate::store::{Store, subjects};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use std::collections::BTreeSet;

fn not_found() -> ServiceError {
    ServiceError::NotFound("Занятие не найдено".into())
}

/// The start of `day` in `tz`.
fn start_of(day: Date, tz: &TimeZone) -> Timestamp {
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
    } else {
        Whose::School
    };
    Ok(vec![whose])
}

/// One page of the lessons `query` admits that `actor` may read, by start time. With one
/// index and no other filter only the page's lessons are decoded.
pub fn list(
    store: &Store,
    actor: &Actor,
    query: &LessonQuery,
    request: PageRequest,
    tz: &TimeZone,
) -> Result<Page<Lesson>, ServiceError> {
    let txn = store.read()?;
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
    if let [whose] = sources.as_slice() {
        let ids = lessons::ids(&txn, whose, from, to)?;
        let narrowed_only_by_index = query.subject.is_none()
            && query.status.is_none()
            && [
                query.teacher.is_some(),
                query.student.is_some(),
                query.group.is_some(),
                query.room.is_some(),
            ]
            .iter()
            .filter(|f| **f)
            .count()
                <= 1;
        if narrowed_only_by_index && query.person.is_none() {
            let page = request.slice(ids.into_iter());
            let items = lessons::load(&txn, &page.items)?;
            return Ok(Page {
                items,
                total: page.total,
                request,
            });
        }
    }
    let mut found: Vec<Lesson> = Vec::new();
    let mut seen = BTreeSet::new();
    for whose in &sources {
        for lesson in lessons::of(&txn, whose, from, to)? {
            if seen.insert(lesson.id) && keep(&lesson) {
                found.push(lesson);
            }
        }
    }
    found.sort_by_key(|l| (l.starts_at, l.id));
    Ok(request.slice(found.into_iter()))
}

/// One lesson, for someone who may read it.
pub fn get(store: &Store, actor: &Actor, id: LessonId) -> Result<Lesson, ServiceError> {
    let lesson: Lesson = record::get(&store.read()?, id)?.ok_or_else(not_found)?;
    if !policy::reads_lesson(actor, &lesson) {
        return Err(ServiceError::Forbidden("Это занятие Вам недоступно"));
    }
    Ok(lesson)
}

/// «Математика, 24.11.2026 16:00–17:00».
fn describe(lesson: &Lesson, school: &School, tz: &TimeZone) -> String {
    let subject = school
        .subject_of(lesson.subject_id)
        .map(|s| s.name.as_str())
        .unwrap_or_default();
    format!(
        "{subject}, {} {}",
        day_in(lesson.starts_at, tz),
        span_in(lesson.starts_at, lesson.duration_minutes, tz)
    )
}

fn link(lesson: &Lesson, tz: &TimeZone) -> String {
    let day = lesson.starts_at.to_zoned(tz.clone()).date();
    format!("/lessons?from={day}&to={day}")
}

/// The price of a one-off lesson when none was given: the only student's own price for the
/// subject, else the subject's.
fn default_price(txn: &impl Reader, school: &School, lesson: &Lesson) -> Result<Option<i64>, ServiceError> {
    if let [student] = lesson.student_ids.as_slice() {
        let own = subjects::of_person(txn, *student)?;
        if let Some(price) = own
            .iter()
            .find(|s| s.subject_id == lesson.subject_id)
            .and_then(|s| s.price)
        {
            return Ok(Some(price));
        }
    }
    Ok(school.subject_of(lesson.subject_id).and_then(|s| s.price))
}

/// `form` applied to `base`: the fields it sends, checked; the others as they were.
fn applied(
    txn: &impl Reader,
    base: &Lesson,
    form: LessonForm,
    tz: &TimeZone,
    new: bool,
) -> Result<Lesson, ServiceError> {
    let mut errors = FieldErrors::new();
    let mut lesson = base.clone();
    if new || form.subject_id.is_some() {
        if let Some(subject) = form::subject(&mut errors, txn, form.subject_id) {
            lesson.subject_id = subject.id;
        }
    }
    form::course(&mut errors, txn, form.course_id, Some(lesson.subject_id));
    if new || form.course_id.is_some() {
        lesson.course_id = form.course_id;
    }
    if new || form.teacher_id.is_some() {
        if let Some(teacher) = form::teacher(&mut errors, txn, form.teacher_id) {
            lesson.teacher_id = teacher;
        }
    }
    if let Some(students) = &form.student_ids {
        lesson.student_ids = form::students(&mut errors, txn, students);
    }
    match form.starts_at.as_deref().map(|raw| form::instant(raw, tz)) {
        Some(Some(at)) => lesson.starts_at = at,
        Some(None) => errors.push("starts_at", "Дата и время в формате 2026-11-24T16:00"),
        None if new => errors.push("starts_at", "Обязательное поле"),
        None => {}
    }
    if new || form.duration_minutes.is_some() {
        if let Some(minutes) = form::duration(&mut errors, "duration_minutes", form.duration_minutes) {
            lesson.duration_minutes = minutes;
        }
    }
    if let Some(room) = form.room.as_deref() {
        lesson.room = form::text(&mut errors, "room", Some(room), 50);
    }
    if form.price.is_some() {
        lesson.price = form::price(&mut errors, form.price);
    }
    if let Some(topic) = form.topic.as_deref() {
        lesson.topic = form::text(&mut errors, "topic", Some(topic), 500);
    }
    if let Some(homework) = form.homework.as_deref() {
        lesson.homework = form::text(&mut errors, "homework", Some(homework), 5000);
    }
    if let Some(status) = form::status(&mut errors, form.status.as_deref()) {
        lesson.status = status;
        if status != LessonStatus::Cancelled {
            lesson.cancel_reason.clear();
        }
    }
    errors.into_result()?;
    Ok(lesson)
}

/// Creates a one-off lesson (no group), refused on a clash.
pub fn create(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    form: LessonForm,
    tz: &TimeZone,
) -> Result<Lesson, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let price_given = form.price.is_some();
    let blank = Lesson {
        id: record::next_id::<Lesson>(&txn)?,
        group_id: None,
        subject_id: crate::domain::SubjectId(0),
        course_id: None,
        teacher_id: UserId(0),
        student_ids: Vec::new(),
        starts_at: Timestamp::UNIX_EPOCH,
        duration_minutes: 60,
        room: String::new(),
        status: LessonStatus::Planned,
        cancel_reason: String::new(),
        topic: String::new(),
        homework: String::new(),
        price: None,
        moved_by_hand: false,
        slot_at: None,
    };
    let mut lesson = applied(&txn, &blank, form, tz, true)?;
    if !policy::may_assign(actor, lesson.teacher_id) {
        return Err(ServiceError::Forbidden(policy::NOT_ANOTHER_TEACHER));
    }
    if !price_given {
        lesson.price = default_price(&txn, &school, &lesson)?;
    }
    book::check(
        &txn,
        std::slice::from_ref(&lesson),
        &BTreeSet::new(),
        &school,
        tz,
        false,
    )?;
    record::insert_built(&txn, &lesson)?;
    let what = describe(&lesson, &school, tz);
    let change = Change::new(
        Action::LessonCreated,
        Entity::Lesson,
        Some(lesson.id.0),
        format!("Занятие {what}"),
    )
    .concerning(lesson.student_ids.iter().copied());
    let body = format!("Новое занятие: {what}");
    let change = tell(
        &txn,
        change,
        lesson.student_ids.clone(),
        NotificationKind::LessonScheduled,
        &body,
        &link(&lesson, tz),
    )?;
    journal.record(&txn, change)?;
    journal.commit(txn)?;
    Ok(lesson)
}

/// Which lessons a change reaches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// This lesson only.
    #[default]
    This,
    /// This one and the group's later planned lessons (the same shift of time and the same
    /// new length, room and teacher).
    Following,
}

/// Moves or edits a lesson (or it and the following ones of its group), refused on a clash.
/// A lesson of a group moved or edited by hand is kept when the group's timetable changes.
pub fn update(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: LessonId,
    form: LessonForm,
    scope: Scope,
    tz: &TimeZone,
) -> Result<Lesson, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old: Lesson = record::get(&txn, id)?.ok_or_else(not_found)?;
    if !policy::teaches(actor, &old) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_LESSON));
    }
    let restoring = old.status == LessonStatus::Cancelled && form.status.as_deref() == Some("planned");
    let mut new = applied(&txn, &old, form, tz, false)?;
    if !policy::may_assign(actor, new.teacher_id) {
        return Err(ServiceError::Forbidden(policy::NOT_ANOTHER_TEACHER));
    }
    let shift = new.starts_at.duration_since(old.starts_at);
    let placed = |l: &Lesson| (l.starts_at, l.duration_minutes, room_key(&l.room), l.teacher_id);
    let moved = placed(&new) != placed(&old);
    if moved && new.group_id.is_some() {
        new.moved_by_hand = true;
        new.slot_at = Some(old.slot_at.unwrap_or(old.starts_at));
    }
    let mut batch = vec![(old.clone(), new.clone())];
    if let (Scope::Following, Some(group)) = (scope, old.group_id) {
        let later = lessons::of_group(&txn, group, old.starts_at, Timestamp::MAX)?;
        for was in later
            .into_iter()
            .filter(|l| l.id != id && l.status == LessonStatus::Planned)
        {
            let follows = Lesson {
                starts_at: was.starts_at + shift,
                duration_minutes: new.duration_minutes,
                room: new.room.clone(),
                teacher_id: new.teacher_id,
                moved_by_hand: was.moved_by_hand || moved,
                slot_at: Some(was.slot_at.unwrap_or(was.starts_at)),
                ..was.clone()
            };
            if follows != was {
                batch.push((was, follows));
            }
        }
    }
    let written: Vec<Lesson> = batch.iter().map(|(_, l)| l.clone()).collect();
    book::check(&txn, &written, &BTreeSet::new(), &school, tz, batch.len() > 1)?;
    for (was, lesson) in &batch {
        record::replace(&txn, was, lesson)?;
    }
    let what = describe(&old, &school, tz);
    let summary = format!(
        "Занятие {what} → {}; занятий: {}",
        describe(&new, &school, tz),
        batch.len()
    );
    let change = Change::new(Action::LessonUpdated, Entity::Lesson, Some(id.0), summary)
        .concerning(new.student_ids.iter().copied());
    let students: BTreeSet<UserId> = batch.iter().flat_map(|(_, l)| l.student_ids.iter().copied()).collect();
    let change = if restoring {
        let body = format!("Занятие снова в расписании: {}", describe(&new, &school, tz));
        tell(
            &txn,
            change,
            students,
            NotificationKind::LessonScheduled,
            &body,
            &link(&new, tz),
        )?
    } else if moved {
        let body = match batch.len() {
            1 => format!("Занятие {what} перенесено: {}", describe(&new, &school, tz)),
            n => format!(
                "Занятие {what} и следующие ({n}) перенесены: {}",
                describe(&new, &school, tz)
            ),
        };
        tell(
            &txn,
            change,
            students,
            NotificationKind::LessonMoved,
            &body,
            &link(&new, tz),
        )?
    } else {
        change
    };
    journal.record(&txn, change)?;
    journal.commit(txn)?;
    Ok(new)
}

/// Cancels a lesson with a reason; a done lesson cannot be cancelled.
pub fn cancel(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: LessonId,
    reason: &str,
    tz: &TimeZone,
) -> Result<Lesson, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old: Lesson = record::get(&txn, id)?.ok_or_else(not_found)?;
    if !policy::teaches(actor, &old) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_LESSON));
    }
    let mut errors = FieldErrors::new();
    let reason = form::text(&mut errors, "reason", Some(reason), 500);
    if reason.is_empty() {
        errors.push("reason", "Укажите причину отмены");
    }
    if old.status == LessonStatus::Done {
        errors.push("status", "Проведённое занятие нельзя отменить");
    }
    errors.into_result()?;
    let new = Lesson {
        status: LessonStatus::Cancelled,
        cancel_reason: reason.clone(),
        ..old.clone()
    };
    record::replace(&txn, &old, &new)?;
    let what = describe(&old, &school, tz);
    let summary = format!("Отменено занятие {what}: {reason}");
    let change = Change::new(Action::LessonCancelled, Entity::Lesson, Some(id.0), summary)
        .concerning(old.student_ids.iter().copied());
    let body = format!("Занятие {what} отменено: {reason}");
    let change = if old.status == LessonStatus::Planned {
        tell(
            &txn,
            change,
            old.student_ids.clone(),
            NotificationKind::LessonCancelled,
            &body,
            &link(&old, tz),
        )?
    } else {
        change
    };
    journal.record(&txn, change)?;
    journal.commit(txn)?;
    Ok(new)
}

/// Deletes a planned lesson with nothing recorded on it (no topic, no homework); any other is
/// cancelled instead (422 saying so).
pub fn delete(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: LessonId,
    tz: &TimeZone,
) -> Result<(), ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old: Lesson = record::get(&txn, id)?.ok_or_else(not_found)?;
    if !policy::teaches(actor, &old) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_LESSON));
    }
    if old.status != LessonStatus::Planned || !old.topic.trim().is_empty() || !old.homework.trim().is_empty() {
        return Err(FieldErrors::one(
            "status",
            "Удалить можно только запланированное занятие, на котором ничего не записано. Отмените его",
        ));
    }
    record::remove::<Lesson>(&txn, id)?;
    let what = describe(&old, &school, tz);
    let change = Change::new(
        Action::LessonDeleted,
        Entity::Lesson,
        Some(id.0),
        format!("Удалено занятие {what}"),
    )
    .concerning(old.student_ids.iter().copied());
    let body = format!("Занятие {what} убрано из расписания");
    let change = tell(
        &txn,
        change,
        old.student_ids.clone(),
        NotificationKind::LessonCancelled,
        &body,
        "/lessons",
    )?;
    journal.record(&txn, change)?;
    journal.commit(txn)?;
    Ok(())
}
