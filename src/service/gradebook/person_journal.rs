//! One student's journal over a period: his lessons with how he was there and the summary
//! (the current school year by default), and his marks by subject with the average and term
//! mark (the current term by default). Read by managers, his teachers, himself, his parents.

use super::averages::{Standing, standing};
use super::journal_texts::JournalTexts;
use super::period::Ask;
use super::period::{Fallback, Period};
use crate::domain::journal::{AttendanceStatus, AttendanceSummary, Mark};
use crate::domain::lesson::{LessonHead, LessonStatus};
use crate::domain::subject::Subject;
use crate::domain::{LessonId, SubjectId, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::service::kept_texts;
use crate::store::lessons::{self, Whose};
use crate::store::record::{ListKey, Reader};
use crate::store::{Store, attendance, marks, record};
use bytes::Bytes;
use redb::ReadTransaction;
use std::collections::{BTreeMap, HashMap};

/// One of the student's lessons and how he was there (`None`: not recorded).
#[derive(Debug)]
pub struct Attended {
    pub lesson: LessonHead,
    pub status: Option<AttendanceStatus>,
}

/// A student's attendance over a period.
#[derive(Debug)]
pub struct PersonAttendance {
    pub period: Period,
    /// By start.
    pub lessons: Vec<Attended>,
    /// The names of the lessons' subjects.
    pub subject_names: HashMap<SubjectId, String>,
    pub summary: AttendanceSummary,
}

/// A student's marks in one subject over a period.
#[derive(Debug)]
pub struct SubjectMarks {
    pub subject_id: SubjectId,
    pub subject_name: String,
    /// By day.
    pub marks: Vec<Mark>,
    pub standing: Standing,
}

/// A student's marks over a period, by subject (by the subject's name).
#[derive(Debug)]
pub struct PersonMarks {
    pub period: Period,
    pub subjects: Vec<SubjectMarks>,
}

/// `student`'s lessons over the period `ask` names (the current school year by default) with
/// how he was at each, and the count by status, as `render` writes them; kept (see `shown`)
/// while his lessons, his attendance (their lists' versions) and their subjects are unchanged.
pub fn attendance_shown<E: From<ServiceError>>(
    store: &Store,
    texts: &JournalTexts,
    actor: &Actor,
    student: UserId,
    ask: &Ask<'_>,
    render: impl FnOnce(PersonAttendance) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let period = ask.period(Fallback::SchoolYear)?;
    let question = format!("attendance {student} {period:?}");
    let lists = [lessons::list_of_student(student), attendance::list_of(student)];
    let make = |txn: &ReadTransaction| {
        let found = attendance(txn, actor, student, period, ask)?;
        let subjects = found.subject_names.keys().map(|id| id.0).collect();
        Ok((found, subjects))
    };
    shown(store, texts, (actor, student), (question, &lists), make, render)
}

/// `student`'s lessons over `period` with how he was at each, and the count by status, read
/// in `txn` for `actor` (a 403 unless he may read them).
fn attendance(
    txn: &ReadTransaction,
    actor: &Actor,
    student: UserId,
    period: Period,
    ask: &Ask<'_>,
) -> Result<PersonAttendance, ServiceError> {
    let (from, to) = period.span(ask.tz);
    let found = lessons::heads_of(txn, &Whose::Student(student), from, to)?;
    may_read(txn, actor, student, found.iter().map(|l| l.teacher_id))?;
    let statuses: HashMap<LessonId, AttendanceStatus> = attendance::statuses_of(txn, student, from, to)?
        .into_iter()
        .map(|status| (status.lesson_id, status.status))
        .collect();
    // A lesson cancelled after it was recorded did not take place: its row stays (the lesson may
    // be brought back) but counts for nothing.
    let mut summary = AttendanceSummary::default();
    let held = found.iter().filter(|l| l.status != LessonStatus::Cancelled);
    for status in held.filter_map(|l| statuses.get(&l.id)) {
        summary.add(*status);
    }
    let subject_names = names(txn, found.iter().map(|l| l.subject_id))?;
    let lessons = found
        .into_iter()
        .map(|lesson| Attended {
            status: statuses.get(&lesson.id).copied(),
            lesson,
        })
        .collect();
    Ok(PersonAttendance {
        period,
        lessons,
        subject_names,
        summary,
    })
}

/// `student`'s marks over the period `ask` names (the current term by default), by subject,
/// as `render` writes them; kept (see `shown`) while his marks (their list's version) and
/// their subjects are unchanged.
pub fn marks_shown<E: From<ServiceError>>(
    store: &Store,
    texts: &JournalTexts,
    actor: &Actor,
    student: UserId,
    ask: &Ask<'_>,
    render: impl FnOnce(PersonMarks) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let period = ask.period(Fallback::Term)?;
    let question = format!("marks {student} {period:?}");
    let make = |txn: &ReadTransaction| {
        let found = marks(txn, actor, student, period, ask)?;
        let subjects = found.subjects.iter().map(|s| s.subject_id.0).collect();
        Ok((found, subjects))
    };
    shown(
        store,
        texts,
        (actor, student),
        (question, &[marks::list_of(student)]),
        make,
        render,
    )
}

/// A page of `student`'s journal as `render` writes `make`'s (the page and the subjects it
/// names), for `actor` (a 404 unless the school knows the student). A student's page is small
/// (a school year of marks or lessons is ~30–40 KB), so any period is kept. For a reader
/// who may read it whoever teaches (a manager, the student, a parent) the text is kept under
/// `question` and given again while the versions of `lists` and the stored subjects it names
/// are what they were; for a worker, whose right depends on what is read, it is made each time.
fn shown<P, E: From<ServiceError>>(
    store: &Store,
    texts: &JournalTexts,
    (actor, student): (&Actor, UserId),
    (question, lists): (String, &[ListKey]),
    make: impl FnOnce(&ReadTransaction) -> Result<(P, Vec<u64>), ServiceError>,
    render: impl FnOnce(P) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    known(store, &txn, student)?;
    if !policy::reads_student_journal(actor, student, &[]) {
        return render(make(&txn)?.0);
    }
    let head = kept_texts::versions_of(&versions, lists);
    let tail = |subjects: &Vec<u64>, bytes: &mut Vec<u8>| -> Result<(), E> {
        let subjects = subjects.iter().map(|&id| SubjectId(id));
        Ok(record::append_stored::<Subject>(&txn, subjects, bytes).map_err(ServiceError::from)?)
    };
    kept_texts::kept(&texts.0, &question, &head, tail, || {
        let (page, subjects) = make(&txn)?;
        Ok((render(page)?, subjects))
    })
}

/// `student`'s marks over `period`, by subject, each with the average and the term mark, read
/// in `txn` for `actor` (a 403 unless he may read them).
fn marks(
    txn: &ReadTransaction,
    actor: &Actor,
    student: UserId,
    period: Period,
    ask: &Ask<'_>,
) -> Result<PersonMarks, ServiceError> {
    let found = marks::of_student(txn, student, period.from, period.to)?;
    may_read(txn, actor, student, found.iter().map(|m| m.teacher_id))?;
    let mut by_subject: BTreeMap<SubjectId, Vec<Mark>> = BTreeMap::new();
    for mark in found {
        by_subject.entry(mark.subject_id).or_default().push(mark);
    }
    let names = names(txn, by_subject.keys().copied())?;
    let mut subjects: Vec<SubjectMarks> = by_subject
        .into_iter()
        .map(|(subject_id, marks)| SubjectMarks {
            subject_id,
            subject_name: names.get(&subject_id).cloned().unwrap_or_default(),
            standing: standing(&marks, ask.journal.round_up_from),
            marks,
        })
        .collect();
    subjects.sort_by(|a, b| {
        a.subject_name
            .cmp(&b.subject_name)
            .then(a.subject_id.cmp(&b.subject_id))
    });
    Ok(PersonMarks { period, subjects })
}

/// A 404 unless `student` is someone the school knows.
fn known(store: &Store, txn: &ReadTransaction, student: UserId) -> Result<(), ServiceError> {
    match store.directory(txn)?.find(student) {
        Some(_) => Ok(()),
        None => Err(ServiceError::NotFound("Пользователь не найден".into())),
    }
}

/// A 403 unless `actor` may read `student`'s journal; `teachers` are those of what was read,
/// and `actor` joins them when he teaches the student at all (in a group of his or at a lesson
/// of his, whenever): a teacher may read every period, not only those with his lessons, as
/// the card offers him the tabs (`GET /api/users/{id}/attendance` of one day tells it).
fn may_read(
    txn: &impl Reader,
    actor: &Actor,
    student: UserId,
    teachers: impl Iterator<Item = UserId>,
) -> Result<(), ServiceError> {
    if policy::reads_student_journal(actor, student, &[]) {
        return Ok(());
    }
    let mut all: Vec<UserId> = teachers.collect();
    if !all.contains(&actor.user.id) && super::marks::teaches_student(txn, actor.user.id, student)? {
        all.push(actor.user.id);
    }
    if policy::reads_student_journal(actor, student, &all) {
        Ok(())
    } else {
        Err(ServiceError::Forbidden(policy::NOT_YOUR_STUDENT_JOURNAL))
    }
}

/// The names of `subjects`, each read once.
fn names(
    txn: &impl Reader,
    subjects: impl Iterator<Item = SubjectId>,
) -> Result<HashMap<SubjectId, String>, ServiceError> {
    let mut found = HashMap::new();
    for id in subjects {
        if let std::collections::hash_map::Entry::Vacant(slot) = found.entry(id) {
            slot.insert(record::get::<Subject>(txn, id)?.map(|s| s.name).unwrap_or_default());
        }
    }
    Ok(found)
}
