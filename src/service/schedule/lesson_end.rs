//! Ending a lesson: cancelling it with a reason (a held one by a manager, its charges reversed),
//! cancelling the planned lessons a holiday covers (and bringing them back when it no longer
//! does), or deleting a planned individual one with nothing on it.

use super::School;
use super::form;
use super::lessons::{describe, link, money_told, taught};
use super::materialise::written;
use super::notify::tell;
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{LessonId, UserId};
use crate::policy::{self, Actor};
use crate::service::gradebook::lesson_rows;
use crate::service::journal::{Change, Journal};
use crate::service::money::charges::settle_lesson;
use crate::service::{FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::record;
use crate::store::{Store, family};
use jiff::tz::TimeZone;
use std::collections::{BTreeMap, BTreeSet};

/// Cancels a lesson with a reason; a held one only by a manager, its charges reversed.
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
    let old = taught(&txn, actor, id)?;
    let mut errors = FieldErrors::new();
    let reason = form::text(&mut errors, "reason", Some(reason), 500);
    if reason.is_empty() {
        errors.push("reason", "Укажите причину отмены");
    }
    if old.status == LessonStatus::Done && !policy::cancels_held_lesson(actor) {
        errors.push("status", policy::HELD_LESSON_BY_MANAGER);
    }
    errors.into_result()?;
    let what = describe(&old, &school, tz);
    let (new, change) = cancel_in(&txn, journal.config(), actor.user.id, &old, &reason, &what)?;
    let change = if old.status == LessonStatus::Planned {
        tell(
            &txn,
            change,
            old.student_ids.clone(),
            NotificationKind::LessonCancelled,
            &cancelled_body(&what, &reason),
            &link(&old, tz),
        )?
    } else {
        change
    };
    journal.commit_change(txn, change)?;
    Ok(new)
}

/// Writes `old` as cancelled for `reason` in `txn` and settles its charges (`by` writes the
/// entries); returns the lesson and its log entry, telling nobody yet: `cancel` tells the
/// lesson's people, `cancel_covered` each person once for many lessons.
fn cancel_in(
    txn: &WriteTxn,
    config: &Config,
    by: UserId,
    old: &Lesson,
    reason: &str,
    what: &str,
) -> Result<(Lesson, Change), ServiceError> {
    let new = Lesson {
        status: LessonStatus::Cancelled,
        cancel_reason: reason.to_owned(),
        ..old.clone()
    };
    record::replace(txn, old, &new)?;
    let change = Change::new(Action::LessonCancelled, Entity::Lesson, Some(old.id.0), String::new())
        .concerning(old.student_ids.iter().copied());
    let mut money = Vec::new();
    let mut change = settle_lesson(txn, &new, Some(by), config, change, &mut money)?;
    change.summary = format!("Отменено занятие {what}: {reason}{}", money_told(&money));
    Ok((new, change))
}

/// What the people of a cancelled lesson are told.
fn cancelled_body(what: &str, reason: &str) -> String {
    format!("Занятие {what} отменено: {reason}")
}

/// Cancels the planned `lessons` for `reason` (a holiday's title) in `txn`, each logged and its
/// charges settled as `cancel` does; returns the notices of the cancellation: one per person
/// touched (teachers, students, their parents), however many of his lessons it cancelled.
/// `school` names the lessons (loaded before `txn` began).
pub fn cancel_covered(
    txn: &WriteTxn,
    journal: &Journal,
    school: &School,
    by: UserId,
    lessons: &[Lesson],
    reason: &str,
    tz: &TimeZone,
) -> Result<Vec<Notice>, ServiceError> {
    let mut told = Told::default();
    for old in lessons.iter().filter(|l| l.status == LessonStatus::Planned) {
        let what = describe(old, school, tz);
        let (_, change) = cancel_in(txn, journal.config(), by, old, reason, &what)?;
        journal.record(txn, change)?;
        told.add(txn, old, what)?;
    }
    Ok(told.notices(NotificationKind::LessonCancelled, |whats| match whats {
        [one] => cancelled_body(one, reason),
        many => format!("Отменены занятия ({}): {reason}", many.len()),
    }))
}

/// Brings back into the timetable, in `txn`, the cancelled `lessons` a holiday had cancelled and
/// no longer covers (it moved, or is gone), each logged with `why`; one that would now clash
/// with a lesson booked since stays cancelled. Returns how many came back and the notices: one
/// per person touched, as `cancel_covered` tells them.
pub fn bring_back_uncovered(
    txn: &WriteTxn,
    journal: &Journal,
    school: &School,
    lessons: &[Lesson],
    why: &str,
    tz: &TimeZone,
) -> Result<(usize, Vec<Notice>), ServiceError> {
    let mut told = Told::default();
    let mut back = 0;
    for old in lessons.iter().filter(|l| l.status == LessonStatus::Cancelled) {
        let restored = Lesson {
            status: LessonStatus::Planned,
            cancel_reason: String::new(),
            ..old.clone()
        };
        match super::book::check(
            txn,
            std::slice::from_ref(&restored),
            &BTreeSet::new(),
            school,
            tz,
            false,
        ) {
            Err(ServiceError::Invalid(_)) => continue,
            checked => checked?,
        }
        record::replace(txn, old, &restored)?;
        let what = describe(old, school, tz);
        let summary = format!("Занятие {what} снова в расписании: {why}");
        let change = Change::new(Action::LessonUpdated, Entity::Lesson, Some(old.id.0), summary)
            .concerning(old.student_ids.iter().copied());
        journal.record(txn, change)?;
        told.add(txn, old, what)?;
        back += 1;
    }
    let notices = told.notices(NotificationKind::LessonScheduled, |whats| match whats {
        [one] => format!("Занятие снова в расписании: {one} ({why})"),
        many => format!("Снова в расписании занятия ({}): {why}", many.len()),
    });
    Ok((back, notices))
}

/// The lessons each person was told of at once: the teacher, the students and their parents of
/// each, every lesson named once.
#[derive(Default)]
struct Told(BTreeMap<UserId, Vec<String>>);

impl Told {
    /// Adds `lesson`, named `what`, for each of its people.
    fn add(&mut self, txn: &WriteTxn, lesson: &Lesson, what: String) -> Result<(), ServiceError> {
        let mut people = vec![lesson.teacher_id];
        for &student in &lesson.student_ids {
            people.push(student);
            people.extend(family::parents_of(txn, student)?);
        }
        for person in people {
            let whats = self.0.entry(person).or_default();
            if !whats.contains(&what) {
                whats.push(what.clone());
            }
        }
        Ok(())
    }

    /// One notice of `kind` per person, its text `body` of his lessons' names.
    fn notices(self, kind: NotificationKind, body: impl Fn(&[String]) -> String) -> Vec<Notice> {
        self.0
            .into_iter()
            .map(|(to, whats)| Notice {
                to,
                kind,
                body: body(&whats),
                link: Some("/calendar".to_owned()),
            })
            .collect()
    }
}

/// Why a lesson with something on it is not deleted.
const CANCEL_INSTEAD: &str =
    "Удалить можно только запланированное занятие, на котором ничего не записано. Отмените его";

/// Why a group's lesson is not deleted: its group's timetable would make it again (the next
/// extension of the horizon, the next change of the group), after its students were told it went.
const GROUP_LESSON_CANCEL_INSTEAD: &str = "Занятие группы нельзя удалить: расписание группы вернёт его. Отмените его";

/// Deletes a planned individual lesson with nothing recorded on it (no topic, no homework,
/// nothing in its journal); any other, and any lesson of a group, is cancelled instead (422
/// saying so).
pub fn delete(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: LessonId,
    tz: &TimeZone,
) -> Result<(), ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old = taught(&txn, actor, id)?;
    if old.group_id.is_some() {
        return Err(FieldErrors::one("status", GROUP_LESSON_CANCEL_INSTEAD));
    }
    let blank = !written(&old) && !lesson_rows::recorded(&txn, id)?;
    if old.status != LessonStatus::Planned || !blank {
        return Err(FieldErrors::one("status", CANCEL_INSTEAD));
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
    journal.commit_change(txn, change)?;
    Ok(())
}
