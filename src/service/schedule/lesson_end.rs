//! Ending a lesson: cancelling it with a reason (a held one by a manager, its charges reversed)
//! or deleting a planned one with nothing on it.

use super::School;
use super::form;
use super::lessons::{describe, link, money_told, taught};
use super::notify::tell;
use crate::domain::LessonId;
use crate::domain::activity::{Action, Entity};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::notification::NotificationKind;
use crate::policy::{self, Actor};
use crate::service::gradebook::lesson_rows;
use crate::service::journal::{Change, Journal};
use crate::service::money::charges::settle_lesson;
use crate::service::{FieldErrors, ServiceError};
use crate::store::Store;
use crate::store::record;
use jiff::tz::TimeZone;

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
        errors.push("status", "Проведённое занятие может отменить только менеджер");
    }
    errors.into_result()?;
    let new = Lesson {
        status: LessonStatus::Cancelled,
        cancel_reason: reason.clone(),
        ..old.clone()
    };
    record::replace(&txn, &old, &new)?;
    let what = describe(&old, &school, tz);
    let change = Change::new(Action::LessonCancelled, Entity::Lesson, Some(id.0), String::new())
        .concerning(old.student_ids.iter().copied());
    let mut money = Vec::new();
    let mut change = settle_lesson(&txn, &new, Some(actor.user.id), journal.config(), change, &mut money)?;
    change.summary = format!("Отменено занятие {what}: {reason}{}", money_told(&money));
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
    journal.commit_change(txn, change)?;
    Ok(new)
}

/// Deletes a planned lesson with nothing recorded on it (no topic, no homework, nothing in its
/// journal); any other is
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
    let old = taught(&txn, actor, id)?;
    let blank = old.topic.trim().is_empty() && old.homework.trim().is_empty() && !lesson_rows::recorded(&txn, id)?;
    if old.status != LessonStatus::Planned || !blank {
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
    journal.commit_change(txn, change)?;
    Ok(())
}
