//! A lesson's journal rows (attendance and marks) follow the lesson: when it moves they move
//! with it (the marks' day; a student's statuses are read through his lessons), and a lesson with rows is not
//! removed by a timetable's regeneration; one that is removed takes its rows along.

use crate::domain::journal::Mark;
use crate::domain::lesson::Lesson;
use crate::domain::{LessonId, UserId};
use crate::store::WriteTxn;
use crate::store::record::{self, Reader};
use crate::store::{StoreError, attendance, marks};
use jiff::tz::TimeZone;
use std::collections::BTreeSet;

/// Whether anything is recorded in lesson `id`'s journal (attendance or a mark).
pub fn recorded(txn: &impl Reader, id: LessonId) -> Result<bool, StoreError> {
    Ok(!recorded_students(txn, id)?.is_empty())
}

/// The students with something in lesson `id`'s journal (attendance or a mark).
pub fn recorded_students(txn: &impl Reader, id: LessonId) -> Result<BTreeSet<UserId>, StoreError> {
    let mut students: BTreeSet<UserId> = attendance::of_lesson(txn, id)?.iter().map(|r| r.student_id).collect();
    students.extend(marks::of_lesson(txn, id)?.iter().map(|m| m.student_id));
    Ok(students)
}

/// Moves the journal rows of a lesson that changed from `was` to `lesson`.
pub fn moved(txn: &WriteTxn, was: &Lesson, lesson: &Lesson, tz: &TimeZone) -> Result<(), StoreError> {
    if was.starts_at == lesson.starts_at {
        return Ok(());
    }
    let day = lesson.starts_at.to_zoned(tz.clone()).date();
    for mark in marks::of_lesson(txn, lesson.id)? {
        if mark.date != day {
            record::replace(
                txn,
                &mark,
                &Mark {
                    date: day,
                    ..mark.clone()
                },
            )?;
        }
    }
    Ok(())
}

/// Removes the journal rows of `lesson`, which is being removed.
pub fn removed(txn: &WriteTxn, lesson: &Lesson) -> Result<(), StoreError> {
    attendance::replace_lesson(txn, lesson, &[])?;
    for mark in marks::of_lesson(txn, lesson.id)? {
        record::remove::<Mark>(txn, mark.id)?;
    }
    Ok(())
}
