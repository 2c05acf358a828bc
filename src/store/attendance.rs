//! Attendance: one row per (lesson, student), and an index of each student's statuses by the
//! lesson's start, so a year's summary or a journal grid reads keys only.

use super::record::{ListKey, Reader};
use super::{StoreError, codec, tables};
use crate::domain::journal::{Attendance, AttendanceStatus};
use crate::domain::lesson::Lesson;
use crate::domain::{LessonId, UserId};
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::ReadableTable;

/// One status from the student index: the lesson, its start and how the student was there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatusAt {
    pub lesson_id: LessonId,
    pub starts_at_ms: i64,
    pub status: AttendanceStatus,
}

/// The attendance recorded at `lesson`, by student id.
pub fn of_lesson(txn: &impl Reader, lesson: LessonId) -> Result<Vec<Attendance>, StoreError> {
    let table = txn.open(tables::ATTENDANCE)?;
    let name = tables::name(&tables::ATTENDANCE);
    let rows = table.range((lesson.0, 0)..=(lesson.0, u64::MAX))?;
    rows.map(|row| codec::decode(name, row?.1.value())).collect()
}

/// Replaces the attendance of `lesson` with `records` (each of one of its students); returns
/// what was recorded before. Only what differs is written: a row left as it was, or a status
/// left as it was, is not touched (each write dirties a page of a large table). Each student
/// whose status changed gets a new version of his list (`list_of`).
pub fn replace_lesson(txn: &WriteTxn, lesson: &Lesson, records: &[Attendance]) -> Result<Vec<Attendance>, StoreError> {
    let old = of_lesson(txn, lesson.id)?;
    let mut table = txn.open_table(tables::ATTENDANCE)?;
    let mut by_student = txn.open_table(tables::ATTENDANCE_BY_STUDENT)?;
    let at = lesson.starts_at.as_millisecond();
    let was = |student: UserId| old.iter().find(|r| r.student_id == student);
    let mut changed = Vec::new();
    for gone in old
        .iter()
        .filter(|r| !records.iter().any(|new| new.student_id == r.student_id))
    {
        table.remove((lesson.id.0, gone.student_id.0))?;
        by_student.remove((gone.student_id.0, at, lesson.id.0))?;
        changed.push(list_of(gone.student_id));
    }
    for record in records {
        let before = was(record.student_id);
        if before != Some(record) {
            table.insert((lesson.id.0, record.student_id.0), codec::encode(record).as_slice())?;
        }
        if before.map(|r| r.status) != Some(record.status) {
            by_student.insert((record.student_id.0, at, lesson.id.0), record.status.code())?;
            changed.push(list_of(record.student_id));
        }
    }
    txn.renew(changed);
    Ok(old)
}

/// Moves the student index rows of a lesson whose start changed from `old_start` (call it
/// whenever a lesson with attendance moves); their students' lists get new versions.
pub fn lesson_moved(txn: &WriteTxn, lesson: &Lesson, old_start: Timestamp) -> Result<(), StoreError> {
    if old_start == lesson.starts_at {
        return Ok(());
    }
    let records = of_lesson(txn, lesson.id)?;
    let mut by_student = txn.open_table(tables::ATTENDANCE_BY_STUDENT)?;
    for record in &records {
        let student = record.student_id.0;
        by_student.remove((student, old_start.as_millisecond(), lesson.id.0))?;
        by_student.insert(
            (student, lesson.starts_at.as_millisecond(), lesson.id.0),
            record.status.code(),
        )?;
    }
    txn.renew(records.iter().map(|r| list_of(r.student_id)));
    Ok(())
}

/// The list of `student`'s statuses, whose version changes with each of them.
pub fn list_of(student: UserId) -> ListKey {
    ListKey::of(&tables::ATTENDANCE_BY_STUDENT, student.0)
}

/// The students' status index opened once, to read many students' statuses in one go (a
/// journal grid's rows, a save's alerts): a table is opened by name, which costs as much as
/// reading a short range.
pub struct Statuses<T>(T);

/// The status index as a transaction of kind `R` opens it.
type StatusTable<'t, R> = <R as Reader>::Table<'t, (u64, i64, u64), u8>;

/// `txn`'s status index, opened.
pub fn statuses<R: Reader>(txn: &R) -> Result<Statuses<StatusTable<'_, R>>, StoreError> {
    Ok(Statuses(txn.open(tables::ATTENDANCE_BY_STUDENT)?))
}

impl<T: ReadableTable<(u64, i64, u64), u8>> Statuses<T> {
    /// `student`'s recorded statuses at lessons starting at `from` and before `to`, by start.
    pub fn of(&self, student: UserId, from: Timestamp, to: Timestamp) -> Result<Vec<StatusAt>, StoreError> {
        let (from, to) = (from.as_millisecond(), to.as_millisecond());
        if from >= to {
            return Ok(Vec::new());
        }
        let name = tables::name(&tables::ATTENDANCE_BY_STUDENT);
        let mut found = Vec::new();
        for row in self.0.range((student.0, from, 0)..(student.0, to, 0))? {
            let (key, code) = row?;
            let (_, starts_at_ms, lesson) = key.value();
            let status = AttendanceStatus::from_code(code.value()).ok_or_else(|| StoreError::Corrupt {
                table: name,
                reason: format!("неизвестный код посещения {}", code.value()),
            })?;
            found.push(StatusAt {
                lesson_id: LessonId(lesson),
                starts_at_ms,
                status,
            });
        }
        Ok(found)
    }
}

/// `student`'s recorded statuses at lessons starting at `from` and before `to`, by start.
pub fn statuses_of(
    txn: &impl Reader,
    student: UserId,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<StatusAt>, StoreError> {
    statuses(txn)?.of(student, from, to)
}

#[cfg(test)]
mod tests;
