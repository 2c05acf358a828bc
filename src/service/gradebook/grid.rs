//! The journal grid a group's and a subject's journal share: students against lessons over a
//! period, each cell a student's attendance and marks at one lesson, and each student's average
//! and term mark in the subject. Attendance comes from the students' status index, nothing
//! decoded.

use super::averages::{Standing, of_average};
use super::period::{Ask, Period};
use crate::domain::journal::{AttendanceStatus, MarkHead, weighted_average};
use crate::domain::lesson::Lesson;
use crate::domain::subject::Subject;
use crate::domain::{LessonId, SubjectId, UserId};
use crate::service::ServiceError;
use crate::store::{Store, attendance, marks, record};
use redb::ReadTransaction;
use std::collections::{BTreeSet, HashMap};

/// One student at one lesson: how he was there (`None`: not recorded) and his marks.
#[derive(Debug)]
pub struct Cell {
    pub student_id: UserId,
    pub lesson_id: LessonId,
    pub status: Option<AttendanceStatus>,
    pub marks: Vec<MarkHead>,
}

/// A row of the grid: a student, his name and his standing in the subject over the period.
#[derive(Debug)]
pub struct StudentRow {
    pub id: UserId,
    /// «Иванова Анна Петровна».
    pub name: String,
    pub standing: Standing,
}

/// Students against lessons over one period, in one subject.
#[derive(Debug)]
pub struct Grid {
    pub subject_id: SubjectId,
    pub subject_name: String,
    pub period: Period,
    /// By name.
    pub students: Vec<StudentRow>,
    /// By start.
    pub lessons: Vec<Lesson>,
    /// Only the cells with something recorded, by student (in `students`' order) and lesson.
    pub cells: Vec<Cell>,
}

/// What a grid is made of: the lessons (by start), the students to show even without a lesson
/// (anyone at one of the lessons is shown too), the subject the standings are in and the
/// period the lessons were read for.
pub struct Frame<'a> {
    pub lessons: Vec<Lesson>,
    pub roster: &'a [UserId],
    pub subject_id: SubjectId,
    pub period: Period,
}

/// The grid `frame` describes, read in `txn`; standings round by `ask`'s school settings.
pub fn build(store: &Store, txn: &ReadTransaction, frame: Frame<'_>, ask: &Ask<'_>) -> Result<Grid, ServiceError> {
    let Frame {
        lessons,
        roster,
        subject_id,
        period,
    } = frame;
    let position: HashMap<LessonId, usize> = lessons.iter().enumerate().map(|(i, l)| (l.id, i)).collect();
    let mut seen = BTreeSet::new();
    let ids: Vec<UserId> = roster
        .iter()
        .chain(lessons.iter().flat_map(|l| l.student_ids.iter()))
        .copied()
        .filter(|id| seen.insert(*id))
        .collect();
    // A lesson put in another subject keeps its marks in that subject: read them by lesson
    // (those given in this subject before it moved come with the subject's marks below).
    let mut elsewhere: HashMap<UserId, Vec<(usize, MarkHead)>> = HashMap::new();
    for (at, lesson) in lessons.iter().enumerate().filter(|(_, l)| l.subject_id != subject_id) {
        let marks = marks::of_lesson(txn, lesson.id)?;
        for mark in marks.into_iter().filter(|m| m.subject_id != subject_id) {
            elsewhere.entry(mark.student_id).or_default().push((at, mark.head()));
        }
    }
    let directory = store.directory(txn)?;
    let (statuses, subject_marks) = (attendance::statuses(txn)?, marks::subject_marks(txn)?);
    let mut recorded: HashMap<UserId, Vec<(usize, AttendanceStatus)>> = HashMap::new();
    for (at, lesson) in lessons.iter().enumerate() {
        for (student, status) in statuses.at_lesson(lesson.id)? {
            recorded.entry(student).or_default().push((at, status));
        }
    }
    let mut rows = Vec::with_capacity(ids.len());
    for student in ids {
        let mut row: Vec<Option<Cell>> = (0..lessons.len()).map(|_| None).collect();
        for (at, status) in recorded.remove(&student).unwrap_or_default() {
            cell_at(&mut row, at, student, lessons[at].id).status = Some(status);
        }
        // The marks in the subject: one read gives the standing and most cells.
        let mut in_subject = Vec::new();
        for mark in subject_marks.heads((student, subject_id), period.from, period.to)? {
            in_subject.push((mark.value, mark.weight));
            if let Some(&at) = mark.lesson_id.and_then(|lesson| position.get(&lesson)) {
                cell_at(&mut row, at, student, lessons[at].id).marks.push(mark);
            }
        }
        for (at, mark) in elsewhere.remove(&student).unwrap_or_default() {
            cell_at(&mut row, at, student, lessons[at].id).marks.push(mark);
        }
        let entry = directory.find(student);
        let name = entry.map_or_else(|| format!("№{student}"), |e| e.user.full_name());
        let key = entry.map(|e| e.name_key.clone()).unwrap_or_default();
        let standing = of_average(weighted_average(in_subject), ask.journal.round_up_from);
        rows.push((
            key,
            StudentRow {
                id: student,
                name,
                standing,
            },
            row,
        ));
    }
    rows.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    let subject_name = record::get::<Subject>(txn, subject_id)?
        .map(|s| s.name)
        .unwrap_or_default();
    let mut students = Vec::with_capacity(rows.len());
    let mut cells = Vec::new();
    for (_, student, row) in rows {
        students.push(student);
        cells.extend(row.into_iter().flatten());
    }
    Ok(Grid {
        subject_id,
        subject_name,
        period,
        students,
        lessons,
        cells,
    })
}

/// The cell of `row` at `at`, made empty when nothing is there yet.
fn cell_at(row: &mut [Option<Cell>], at: usize, student_id: UserId, lesson_id: LessonId) -> &mut Cell {
    row[at].get_or_insert_with(|| Cell {
        student_id,
        lesson_id,
        status: None,
        marks: Vec::new(),
    })
}
