//! Marks, indexed by lesson, by subject and day, and by student and subject and day (which
//! also gives a student's marks in every subject: one index row fewer to write per mark).

use super::record::{self, IndexRow, ListKey, Reader, Record, Rows, day_after, day_key};
use super::{StoreError, codec, tables};
use crate::domain::journal::{Mark, MarkHead};
use crate::domain::{LessonId, MarkId, SubjectId, UserId};
use jiff::civil::Date;
use redb::ReadableTable;

impl Record for Mark {
    const TABLE: Rows = tables::MARKS;
    type Id = MarkId;

    fn id(&self) -> MarkId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        let day = day_key(self.date);
        let mut rows = vec![
            IndexRow::OwnedTimed(tables::MARKS_BY_SUBJECT, self.subject_id.0, day),
            IndexRow::PairTimed(
                tables::MARKS_BY_STUDENT_SUBJECT,
                self.student_id.0,
                self.subject_id.0,
                day,
            ),
        ];
        if let Some(lesson) = self.lesson_id {
            rows.push(IndexRow::Under(tables::MARKS_BY_LESSON, lesson.0));
        }
        rows
    }

    /// A student's marks: journals are kept by their version (`service::gradebook::journal_texts`).
    fn versioned_lists(&self) -> Vec<ListKey> {
        vec![list_of(self.student_id)]
    }
}

/// The list of `student`'s marks, whose version changes with each of them.
pub fn list_of(student: UserId) -> ListKey {
    ListKey::of(&tables::MARKS, student.0)
}

/// The marks given at `lesson`, in the order given.
pub fn of_lesson(txn: &impl Reader, lesson: LessonId) -> Result<Vec<Mark>, StoreError> {
    let ids: Vec<MarkId> = record::ids_under(txn, tables::MARKS_BY_LESSON, lesson.0)?;
    load(txn, &ids)
}

/// `student`'s marks dated `from` to `to`, both included, by day (then as given): his rows of
/// the index by student and subject, every subject's, put in order of day.
pub fn of_student(txn: &impl Reader, student: UserId, from: Date, to: Date) -> Result<Vec<Mark>, StoreError> {
    let (from, to) = (day_key(from), day_after(to));
    let index = txn.open(tables::MARKS_BY_STUDENT_SUBJECT)?;
    let mut found = Vec::new();
    for row in index.range((student.0, 0, i64::MIN, 0)..=(student.0, u64::MAX, i64::MAX, u64::MAX))? {
        let (_, _, day, id) = row?.0.value();
        if (from..to).contains(&day) {
            found.push((day, MarkId(id)));
        }
    }
    found.sort_unstable();
    let ids: Vec<MarkId> = found.into_iter().map(|(_, id)| id).collect();
    load(txn, &ids)
}

/// Students' marks in one subject, read through their index and table opened once (a grid
/// reads them for each of its students; a table is opened by name, which costs as much as
/// reading a short range).
pub struct SubjectMarks<I, R> {
    index: I,
    rows: R,
}

/// (student, subject, day, mark): a row of the marks-by-student-and-subject index.
type PairKey = (u64, u64, i64, u64);

/// `SubjectMarks` as a transaction of kind `T` opens them.
type OpenSubjectMarks<'t, T> =
    SubjectMarks<<T as Reader>::Table<'t, PairKey, ()>, <T as Reader>::Table<'t, u64, &'static [u8]>>;

/// `txn`'s marks by student and subject, opened.
pub fn subject_marks<T: Reader>(txn: &T) -> Result<OpenSubjectMarks<'_, T>, StoreError> {
    Ok(SubjectMarks {
        index: txn.open(tables::MARKS_BY_STUDENT_SUBJECT)?,
        rows: txn.open(tables::MARKS)?,
    })
}

impl<I: ReadableTable<PairKey, ()>, R: ReadableTable<u64, &'static [u8]>> SubjectMarks<I, R> {
    /// The heads of `student`'s marks in `subject` dated `from` to `to`, both included, by
    /// day: what a grid shows of them, nothing else decoded.
    pub fn heads(
        &self,
        (student, subject): (UserId, SubjectId),
        from: Date,
        to: Date,
    ) -> Result<Vec<MarkHead>, StoreError> {
        let (from, to) = (day_key(from), day_after(to));
        if from >= to {
            return Ok(Vec::new());
        }
        let name = tables::name(&tables::MARKS);
        let mut found = Vec::new();
        for row in self
            .index
            .range((student.0, subject.0, from, 0)..(student.0, subject.0, to, 0))?
        {
            let id = row?.0.value().3;
            if let Some(bytes) = self.rows.get(id)? {
                found.push(codec::decode(name, bytes.value())?);
            }
        }
        Ok(found)
    }
}

/// The marks in `subject` dated `from` to `to`, both included, by day.
pub fn of_subject(txn: &impl Reader, subject: SubjectId, from: Date, to: Date) -> Result<Vec<Mark>, StoreError> {
    let ids = record::ids_owned_between(txn, tables::MARKS_BY_SUBJECT, subject.0, day_key(from), day_after(to))?;
    load(txn, &ids)
}

/// How many marks there are in `subject`, on any day (read from its index only).
pub fn count_of_subject(txn: &impl Reader, subject: SubjectId) -> Result<usize, StoreError> {
    let every_day = (i64::MIN, i64::MAX);
    Ok(record::owned_counted::<MarkId>(txn, tables::MARKS_BY_SUBJECT, subject.0, every_day, 0)?.0)
}

/// The marks `ids` names, in that order (through one table handle).
pub fn load(txn: &impl Reader, ids: &[MarkId]) -> Result<Vec<Mark>, StoreError> {
    record::get_many(txn, ids)
}

#[cfg(test)]
mod tests;
