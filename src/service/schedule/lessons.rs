//! Changing lessons: one-off lessons, moving one or "this and following" (cancelling and
//! deleting are in `lesson_end`).

use super::form::{self, LessonForm};
use super::notify::tell;
use super::{School, book};
use crate::domain::activity::{Action, Entity};
use crate::domain::lesson::{Lesson, LessonStatus, room_key};
use crate::domain::notification::NotificationKind;
use crate::domain::timetable::{day_in, span_in};
use crate::domain::{GroupId, LessonId, SubjectId, UserId};
use crate::policy::{self, Actor};
use crate::service::gradebook::lesson_rows;
use crate::service::journal::{Change, Journal};
use crate::service::money::charges::settle_lesson;
use crate::service::{FieldErrors, ServiceError};
use crate::store::lessons;
use crate::store::record::{self, Reader};
use crate::store::{Store, subjects};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use std::collections::BTreeSet;

use super::lesson_not_found as not_found;

/// «Математика, 24.11.2026 16:00–17:00».
pub fn describe(lesson: &Lesson, school: &School, tz: &TimeZone) -> String {
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

/// Lesson `id` as stored, if `actor` teaches it (or is a manager).
pub(super) fn taught(txn: &impl Reader, actor: &Actor, id: LessonId) -> Result<Lesson, ServiceError> {
    let lesson: Lesson = record::get(txn, id)?.ok_or_else(not_found)?;
    if !policy::teaches(actor, &lesson) {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_LESSON));
    }
    Ok(lesson)
}

pub(super) fn link(lesson: &Lesson, tz: &TimeZone) -> String {
    let day = lesson.starts_at.to_zoned(tz.clone()).date();
    format!("/lessons?from={day}&to={day}")
}

/// The price a lesson of `subject` for `students` carries when nobody set one: the price every
/// one of them pays (his own price for the subject, or else the subject's), when they all pay
/// the same; none when their prices differ, and each is then charged his own when the lesson is
/// held (`money::charges`).
fn common_price(
    txn: &impl Reader,
    school: &School,
    subject: SubjectId,
    students: &[UserId],
) -> Result<Option<i64>, ServiceError> {
    let Some(subject) = school.subject_of(subject) else {
        return Ok(None);
    };
    let mut prices = BTreeSet::new();
    for student in students {
        let own = subjects::of_person(txn, *student)?;
        prices.insert(
            own.iter()
                .find(|s| s.subject_id == subject.id)
                .and_then(|s| s.price)
                .or(subject.price),
        );
    }
    Ok(match prices.len() {
        0 => subject.price,
        1 => prices.pop_first().flatten(),
        _ => None,
    })
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
        lesson.student_ids = form::students(&mut errors, txn, students, &base.student_ids);
    }
    match form.starts_at.as_deref().map(|raw| form::lesson_start(raw, tz)) {
        Some(Some(at)) => lesson.starts_at = at,
        Some(None) => errors.push(
            "starts_at",
            "Дата и время в формате 2026-11-24T16:00, с 2000 по 2100 год",
        ),
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
        ..Lesson::planned(UserId(0), SubjectId(0), Timestamp::UNIX_EPOCH, 60)
    };
    let mut lesson = applied(&txn, &blank, form, tz, true)?;
    if !policy::may_assign(actor, lesson.teacher_id) {
        return Err(ServiceError::Forbidden(policy::NOT_ANOTHER_TEACHER));
    }
    if !price_given {
        lesson.price = common_price(&txn, &school, lesson.subject_id, &lesson.student_ids)?;
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
    journal.commit_change(txn, change)?;
    Ok(lesson)
}

/// Which lessons a change reaches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scope {
    /// This lesson only.
    #[default]
    This,
    /// This one and the group's later planned lessons: the same shift of time, and the length,
    /// room and teacher the change gave this one (only those it changed).
    Following,
}

/// Where and when a lesson is, and who teaches it: what moving it changes.
fn placed(lesson: &Lesson) -> (Timestamp, u16, String, UserId) {
    (
        lesson.starts_at,
        lesson.duration_minutes,
        room_key(&lesson.room),
        lesson.teacher_id,
    )
}

/// Whether `new` differs from `old` in more than its topic, homework and status (the same
/// students in another order are no change): a lesson of a group changed so is kept as it is
/// when its timetable is filled again (`materialise`).
fn edited(old: &Lesson, new: &Lesson) -> bool {
    let students = |l: &Lesson| l.student_ids.iter().copied().collect::<BTreeSet<UserId>>();
    let journal_only = Lesson {
        topic: old.topic.clone(),
        homework: old.homework.clone(),
        status: old.status,
        cancel_reason: old.cancel_reason.clone(),
        student_ids: if students(new) == students(old) {
            old.student_ids.clone()
        } else {
            new.student_ids.clone()
        },
        ..new.clone()
    };
    journal_only != *old
}

/// Marks `lesson`, of a group, as changed by hand: it keeps the timetable's start it stands for.
fn by_hand(lesson: &mut Lesson, was: &Lesson) {
    lesson.moved_by_hand = true;
    lesson.slot_at = Some(was.slot_at.unwrap_or(was.starts_at));
}

/// The later planned lessons of `group` that the change of `old` into `new` reaches with
/// "this and following", each as (stored, changed): shifted by the same time, and given the
/// length, room and teacher `new` has where the change changed them on `old` (a length, room
/// or substitute set on a later lesson stays otherwise). A worker may change this way only
/// lessons he teaches himself: a later lesson of another teacher the change would reach
/// refuses the whole change (403) rather than leaving it out unseen.
fn following(
    txn: &impl Reader,
    actor: &Actor,
    old: &Lesson,
    new: &Lesson,
    group: GroupId,
) -> Result<Vec<(Lesson, Lesson)>, ServiceError> {
    let shift = new.starts_at.duration_since(old.starts_at);
    let later = lessons::of_group(txn, group, old.starts_at, Timestamp::MAX)?;
    let mut batch = Vec::new();
    for was in later
        .into_iter()
        .filter(|l| l.id != old.id && l.status == LessonStatus::Planned)
    {
        let mut follows = Lesson {
            starts_at: was.starts_at + shift,
            ..was.clone()
        };
        if new.duration_minutes != old.duration_minutes {
            follows.duration_minutes = new.duration_minutes;
        }
        if new.room != old.room {
            follows.room = new.room.clone();
        }
        if new.teacher_id != old.teacher_id {
            follows.teacher_id = new.teacher_id;
        }
        if follows == was {
            continue;
        }
        if !policy::teaches(actor, &was) {
            return Err(ServiceError::Forbidden(policy::NOT_YOUR_LESSON));
        }
        if placed(&follows) != placed(&was) {
            by_hand(&mut follows, &was);
        }
        batch.push((was, follows));
    }
    Ok(batch)
}

/// Moves or edits a lesson (or it and the following ones of its group, see `following`),
/// refused on a clash. A lesson of a group changed by hand in more than its topic, homework or
/// status is kept as it is when the group's timetable is filled again. The status, price or
/// students of a lesson held or cancelled are a manager's to change, as cancelling a held lesson
/// is (`policy::changes_held_lesson`): they rewrite its charges. A cancelled lesson brought back
/// (planned or done) is checked for clashes again.
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
    let old = taught(&txn, actor, id)?;
    let mut new = applied(&txn, &old, form, tz, false)?;
    if !policy::may_assign(actor, new.teacher_id) {
        return Err(ServiceError::Forbidden(policy::NOT_ANOTHER_TEACHER));
    }
    if !policy::changes_held_lesson(actor, &old, &new) {
        return Err(FieldErrors::one("status", policy::HELD_LESSON_BY_MANAGER));
    }
    let restoring = old.status == LessonStatus::Cancelled && new.status != LessonStatus::Cancelled;
    let moved = placed(&new) != placed(&old);
    if new.group_id.is_some() && edited(&old, &new) {
        by_hand(&mut new, &old);
    }
    let mut batch = vec![(old.clone(), new.clone())];
    if let (Scope::Following, Some(group)) = (scope, old.group_id) {
        batch.extend(following(&txn, actor, &old, &new, group)?);
    }
    if moved || restoring || new.student_ids != old.student_ids {
        let written: Vec<Lesson> = batch.iter().map(|(_, l)| l.clone()).collect();
        book::check(&txn, &written, &BTreeSet::new(), &school, tz, batch.len() > 1)?;
    }
    for (was, lesson) in &batch {
        record::replace(&txn, was, lesson)?;
        lesson_rows::moved(&txn, was, lesson, tz)?;
    }
    let what = describe(&old, &school, tz);
    let change = Change::new(Action::LessonUpdated, Entity::Lesson, Some(id.0), String::new())
        .concerning(new.student_ids.iter().chain(&old.student_ids).copied());
    let mut money = Vec::new();
    let mut change = settle_lesson(&txn, &new, Some(actor.user.id), journal.config(), change, &mut money)?;
    change.summary = format!(
        "Занятие {what} → {}; занятий: {}{}",
        describe(&new, &school, tz),
        batch.len(),
        money_told(&money)
    );
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
    journal.commit_change(txn, change)?;
    Ok(new)
}

/// What a change did to the lesson's charges, for its log line: «; деньги: …» or nothing.
pub(super) fn money_told(lines: &[String]) -> String {
    if lines.is_empty() {
        String::new()
    } else {
        format!("; деньги: {}", lines.join("; "))
    }
}
