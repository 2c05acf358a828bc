//! Attendance: one row per (lesson, student), so a lesson's journal is saved into one place of
//! the file. A student's statuses are read through his lessons (`lessons::LESSONS_BY_STUDENT`,
//! by start): nothing per student is written when a journal is saved, and a lesson that moves
//! takes its statuses along.

use super::record::{ListKey, Reader};
use super::{StoreError, codec, tables};
use crate::domain::journal::{Attendance, AttendanceStatus};
use crate::domain::lesson::Lesson;
use crate::domain::{LessonId, UserId};
use crate::store::WriteTxn;
use jiff::Timestamp;
use redb::{AccessGuard, ReadableTable, StorageError};
use serde::Deserialize;
use std::ops::Bound;

/// One of a student's statuses: the lesson, its start and how the student was there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StatusAt {
    pub lesson_id: LessonId,
    pub starts_at_ms: i64,
    pub status: AttendanceStatus,
}

/// The status of a stored row, nothing else decoded.
#[derive(Deserialize)]
struct StatusOnly {
    status: AttendanceStatus,
}

/// The attendance recorded at `lesson`, by student id.
pub fn of_lesson(txn: &impl Reader, lesson: LessonId) -> Result<Vec<Attendance>, StoreError> {
    let table = txn.open(tables::ATTENDANCE)?;
    let name = tables::name(&tables::ATTENDANCE);
    let rows = table.range((lesson.0, 0)..=(lesson.0, u64::MAX))?;
    rows.map(|row| codec::decode(name, row?.1.value())).collect()
}

/// Replaces the attendance of `lesson` with `records` (each of one of its students); returns
/// what was recorded before. Only what differs is written (each write dirties a page). Each
/// student whose status changed gets a new version of his list (`list_of`).
pub fn replace_lesson(txn: &WriteTxn, lesson: &Lesson, records: &[Attendance]) -> Result<Vec<Attendance>, StoreError> {
    let old = of_lesson(txn, lesson.id)?;
    let mut table = txn.open_table(tables::ATTENDANCE)?;
    let was = |student: UserId| old.iter().find(|r| r.student_id == student);
    let mut changed = Vec::new();
    for gone in old
        .iter()
        .filter(|r| !records.iter().any(|new| new.student_id == r.student_id))
    {
        table.remove((lesson.id.0, gone.student_id.0))?;
        changed.push(list_of(gone.student_id));
    }
    for record in records {
        let before = was(record.student_id);
        if before != Some(record) {
            table.insert((lesson.id.0, record.student_id.0), codec::encode(record).as_slice())?;
        }
        if before.map(|r| r.status) != Some(record.status) {
            changed.push(list_of(record.student_id));
        }
    }
    txn.renew(changed);
    Ok(old)
}

/// The list of `student`'s statuses, whose version changes with each of them.
pub fn list_of(student: UserId) -> ListKey {
    ListKey::of(&tables::ATTENDANCE, student.0)
}

/// The students' lessons and the attendance opened once, to read many students' statuses in
/// one go (a journal grid's rows): a table is opened by name, which costs as much as reading a
/// short range.
pub struct Statuses<L, A> {
    lessons: L,
    rows: A,
}

/// `Statuses` as a transaction of kind `R` opens them.
type OpenStatuses<'t, R> =
    Statuses<<R as Reader>::Table<'t, (u64, i64, u64), ()>, <R as Reader>::Table<'t, (u64, u64), &'static [u8]>>;

/// `txn`'s students' lessons and attendance, opened.
pub fn statuses<R: Reader>(txn: &R) -> Result<OpenStatuses<'_, R>, StoreError> {
    Ok(Statuses {
        lessons: txn.open(tables::LESSONS_BY_STUDENT)?,
        rows: txn.open(tables::ATTENDANCE)?,
    })
}

impl<L: ReadableTable<(u64, i64, u64), ()>, A: ReadableTable<(u64, u64), &'static [u8]>> Statuses<L, A> {
    /// `student`'s recorded statuses at his lessons starting at `from` and before `to`, by start.
    pub fn of(&self, student: UserId, from: Timestamp, to: Timestamp) -> Result<Vec<StatusAt>, StoreError> {
        let (from, to) = (from.as_millisecond(), to.as_millisecond());
        if from >= to {
            return Ok(Vec::new());
        }
        let mut found = Vec::new();
        for row in self.lessons.range((student.0, from, 0)..(student.0, to, 0))? {
            found.extend(self.at(student, row?.0.value())?);
        }
        Ok(found)
    }

    /// `student`'s statuses at his lessons starting before `to`, latest first, as long as
    /// `more` takes them (his lessons with nothing recorded are skipped).
    pub fn back_from(
        &self,
        student: UserId,
        to: Timestamp,
        mut more: impl FnMut(&StatusAt) -> bool,
    ) -> Result<Vec<StatusAt>, StoreError> {
        let lessons = self
            .lessons
            .range((student.0, i64::MIN, 0)..(student.0, to.as_millisecond(), 0))?;
        self.taken(student, lessons.rev(), &mut more)
    }

    /// `student`'s statuses right before `lesson` and right after it among his lessons by
    /// start, each side nearest first, as long as `more` takes them (his lessons with nothing
    /// recorded are skipped; `lesson` itself is in neither).
    pub fn around(
        &self,
        student: UserId,
        lesson: &Lesson,
        mut more: impl FnMut(&StatusAt) -> bool,
    ) -> Result<(Vec<StatusAt>, Vec<StatusAt>), StoreError> {
        let at = (student.0, lesson.starts_at.as_millisecond(), lesson.id.0);
        let before = self.lessons.range((student.0, i64::MIN, 0)..at)?;
        let last = (student.0, i64::MAX, u64::MAX);
        let after = self.lessons.range((Bound::Excluded(at), Bound::Included(last)))?;
        Ok((
            self.taken(student, before.rev(), &mut more)?,
            self.taken(student, after, &mut more)?,
        ))
    }

    /// The statuses recorded for `student` at the lessons `rows` of his lessons name, in their
    /// order, as long as `more` takes them (his lessons with nothing recorded are skipped).
    fn taken<'r>(
        &self,
        student: UserId,
        rows: impl Iterator<Item = Result<(AccessGuard<'r, (u64, i64, u64)>, AccessGuard<'r, ()>), StorageError>>,
        more: &mut impl FnMut(&StatusAt) -> bool,
    ) -> Result<Vec<StatusAt>, StoreError> {
        let mut found = Vec::new();
        for row in rows {
            if let Some(status) = self.at(student, row?.0.value())? {
                if !more(&status) {
                    break;
                }
                found.push(status);
            }
        }
        Ok(found)
    }

    /// The statuses recorded at `lesson`, by student id.
    pub fn at_lesson(&self, lesson: LessonId) -> Result<Vec<(UserId, AttendanceStatus)>, StoreError> {
        let name = tables::name(&tables::ATTENDANCE);
        let mut found = Vec::new();
        for row in self.rows.range((lesson.0, 0)..=(lesson.0, u64::MAX))? {
            let (key, bytes) = row?;
            let row: StatusOnly = codec::decode(name, bytes.value())?;
            found.push((UserId(key.value().1), row.status));
        }
        Ok(found)
    }

    /// The status recorded for `student` at the lesson a row of his lessons names, if any.
    fn at(&self, student: UserId, (_, starts_at_ms, lesson): (u64, i64, u64)) -> Result<Option<StatusAt>, StoreError> {
        let Some(bytes) = self.rows.get((lesson, student.0))? else {
            return Ok(None);
        };
        let row: StatusOnly = codec::decode(tables::name(&tables::ATTENDANCE), bytes.value())?;
        Ok(Some(StatusAt {
            lesson_id: LessonId(lesson),
            starts_at_ms,
            status: row.status,
        }))
    }
}

/// `student`'s recorded statuses at his lessons starting at `from` and before `to`, by start.
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
