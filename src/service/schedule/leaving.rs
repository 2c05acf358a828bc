//! A student leaving the school (his person deleted): taken off every group he is in, as a
//! manager taking him off would (the group's future planned lessons follow, see `materialise`),
//! and off the other future planned lessons he is in. His past, done and cancelled lessons and
//! his journal are kept; a future lesson with something of his in its journal keeps him.

use super::School;
use super::lessons::describe;
use super::materialise::{OnClash, materialise, written};
use crate::domain::activity::{Action, Entity};
use crate::domain::declension::{NameCase, agreeing, full_name_in};
use crate::domain::group::Group;
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{LessonId, User, UserId};
use crate::service::ServiceError;
use crate::service::gradebook::lesson_rows;
use crate::service::journal::{Change, Journal};
use crate::store::WriteTxn;
use crate::store::record::{self, Reader};
use crate::store::{groups, lessons};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use std::collections::{BTreeMap, BTreeSet};

/// Why a future individual lesson left without its only student, with something written or
/// recorded on it, is cancelled (a blank one is deleted, as `lesson_end::delete` would).
const STUDENT_DELETED: &str = "Ученик удалён";

/// What taking a leaving student off his groups and lessons did.
pub struct Left {
    /// The names of the groups he was taken off.
    pub groups: Vec<String>,
    /// How many of his future planned lessons no longer have him (he was taken off, or the
    /// lesson was deleted or cancelled).
    pub lessons: usize,
    /// One notice per teacher whose individual lessons with him were deleted or cancelled.
    pub notices: Vec<Notice>,
}

/// Takes `student` off his groups and future planned lessons in `txn` (`by` cancels what is
/// cancelled), telling nobody of it but the teachers of his individual lessons that went: he
/// is leaving, and his parents are not told of the lessons of someone deleted. A future
/// individual lesson left with no student is deleted when nothing is written or recorded on
/// it, cancelled otherwise («Ученик удалён»).
pub fn student_leaves(
    txn: &WriteTxn,
    journal: &Journal,
    school: &School,
    (by, student): (UserId, &User),
    tz: &TimeZone,
    now: Timestamp,
) -> Result<Left, ServiceError> {
    let ahead: Vec<LessonId> = future_planned(txn, student.id, now)?.iter().map(|l| l.id).collect();
    let mut names = Vec::new();
    for old in groups::of_student(txn, student.id)? {
        let group = Group {
            student_ids: old.student_ids.iter().filter(|s| **s != student.id).copied().collect(),
            ..old.clone()
        };
        record::replace(txn, &old, &group)?;
        materialise(txn, (Some(&old), &group), school, tz, now, OnClash::LeaveOut)?;
        names.push(group.name);
    }
    let mut gone = Vec::new();
    let mut to_cancel = Vec::new();
    // Those he is still in: his groups' have followed them.
    for lesson in future_planned(txn, student.id, now)? {
        let journal_rows = lesson_rows::recorded_students(txn, lesson.id)?;
        let others: Vec<UserId> = lesson
            .student_ids
            .iter()
            .filter(|s| **s != student.id)
            .copied()
            .collect();
        if lesson.group_id.is_some() || !others.is_empty() {
            if !journal_rows.contains(&student.id) {
                record::replace(
                    txn,
                    &lesson,
                    &Lesson {
                        student_ids: others,
                        ..lesson.clone()
                    },
                )?;
            }
        } else if written(&lesson) || !journal_rows.is_empty() {
            to_cancel.push(lesson);
        } else {
            removed(txn, journal, &lesson, school, tz)?;
            gone.push(lesson);
        }
    }
    // The cancellations are logged and settled as a holiday's; their notices are not sent (the
    // teachers get the one below).
    super::lesson_end::cancel_covered(txn, journal, school, by, &to_cancel, STUDENT_DELETED, tz)?;
    gone.extend(to_cancel);
    let still: BTreeSet<LessonId> = future_planned(txn, student.id, now)?.iter().map(|l| l.id).collect();
    Ok(Left {
        groups: names,
        lessons: ahead.iter().filter(|id| !still.contains(id)).count(),
        notices: teachers_told(student, &gone),
    })
}

/// `student`'s planned lessons starting after `now`.
fn future_planned(txn: &impl Reader, student: UserId, now: Timestamp) -> Result<Vec<Lesson>, ServiceError> {
    let found = lessons::of_student(txn, student, now, Timestamp::MAX)?;
    Ok(found
        .into_iter()
        .filter(|l| l.status == LessonStatus::Planned && l.starts_at > now)
        .collect())
}

/// Deletes the blank `lesson` in `txn`, logged as `lesson_end::delete` logs it.
fn removed(
    txn: &WriteTxn,
    journal: &Journal,
    lesson: &Lesson,
    school: &School,
    tz: &TimeZone,
) -> Result<(), ServiceError> {
    record::remove::<Lesson>(txn, lesson.id)?;
    let what = describe(lesson, school, tz);
    let summary = format!("Удалено занятие {what}: {}", STUDENT_DELETED.to_lowercase());
    let change = Change::new(Action::LessonDeleted, Entity::Lesson, Some(lesson.id.0), summary)
        .concerning(lesson.student_ids.iter().copied());
    journal.record(txn, change)?;
    Ok(())
}

/// One notice to each teacher of the `gone` lessons of the leaving `student`.
fn teachers_told(student: &User, gone: &[Lesson]) -> Vec<Notice> {
    let noun = agreeing(student, "учеником", "ученицей");
    let whom = full_name_in(student, NameCase::Instrumental, noun);
    let mut count: BTreeMap<UserId, usize> = BTreeMap::new();
    for lesson in gone {
        *count.entry(lesson.teacher_id).or_default() += 1;
    }
    count
        .into_iter()
        .map(|(to, n)| Notice {
            to,
            kind: NotificationKind::LessonCancelled,
            body: format!("Занятия с {whom} убраны из расписания (ученик удалён): {n}"),
            link: Some("/calendar".to_owned()),
        })
        .collect()
}
