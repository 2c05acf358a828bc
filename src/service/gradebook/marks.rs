//! Marks one by one (`/api/marks/{id}`): reading one, giving one with or without a lesson,
//! changing and removing one within the edit window, through the same checks and writing as a
//! lesson's journal (`mark_edit`).

use super::mark_edit::{self, Edit, MarkFields};
use crate::config::Config;
use crate::domain::activity::{Action, Entity};
use crate::domain::clash::Names;
use crate::domain::group::Group;
use crate::domain::journal::Mark;
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::{LessonId, MarkId, Role, SubjectId, UserId};
use crate::policy::{self, Actor};
use crate::service::journal::{Change, Journal};
use crate::service::schedule::School;
use crate::service::{FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::lessons::{self, Whose};
use crate::store::record::{self, Reader};
use crate::store::{Store, StoreError, groups, users};
use jiff::Timestamp;
use std::collections::BTreeSet;

/// A mark with the names it shows and whether the reader may change it.
pub struct ShownMark {
    pub mark: Mark,
    pub student: String,
    pub subject: String,
    pub teacher: String,
    pub editable: bool,
}

/// `mark` as `actor` sees it at `now`.
pub fn shown_mark(mark: Mark, actor: &Actor, school: &School, now: Timestamp, config: &Config) -> ShownMark {
    ShownMark {
        editable: policy::changes_mark(actor, &mark, now, config.journal.edit_days),
        student: school.full_name(mark.student_id),
        subject: school.subject(mark.subject_id),
        teacher: school.short_name(mark.teacher_id),
        mark,
    }
}

fn not_found() -> ServiceError {
    ServiceError::NotFound("Оценка не найдена".into())
}

/// Whether `teacher` teaches `student`: in one of his groups or at one of his lessons.
pub fn teaches_student(txn: &impl Reader, teacher: UserId, student: UserId) -> Result<bool, StoreError> {
    Ok(!taught_among(txn, teacher, &[student])?.is_empty())
}

/// Those of `students` whom `teacher` teaches: in his groups (read once), or else at his
/// lessons (each student's read only when he is not in those groups).
pub fn taught_among(txn: &impl Reader, teacher: UserId, students: &[UserId]) -> Result<BTreeSet<UserId>, StoreError> {
    let groups = groups::of_teacher(txn, teacher)?;
    let mut taught = BTreeSet::new();
    for &student in students {
        if teaches_in(txn, (teacher, &groups), student, None)? {
            taught.insert(student);
        }
    }
    Ok(taught)
}

/// Whether `teacher` teaches `student` `subject`: in one of his groups of it, or at one of his
/// lessons of it. A mark outside a lesson is given only so: a teacher of physical education
/// does not put marks in mathematics.
pub fn teaches_student_in(
    txn: &impl Reader,
    teacher: UserId,
    student: UserId,
    subject: SubjectId,
) -> Result<bool, StoreError> {
    let groups = groups::of_teacher(txn, teacher)?;
    teaches_in(txn, (teacher, &groups), student, Some(subject))
}

/// Whether `teacher`, whose groups are `groups`, teaches `student` (`subject` only, when one is
/// named): in one of those groups, or else at one of his lessons (the student's read only then).
fn teaches_in(
    txn: &impl Reader,
    (teacher, groups): (UserId, &[Group]),
    student: UserId,
    subject: Option<SubjectId>,
) -> Result<bool, StoreError> {
    let of_subject = |s: SubjectId| subject.is_none_or(|wanted| wanted == s);
    if groups
        .iter()
        .any(|g| of_subject(g.subject_id) && g.student_ids.contains(&student))
    {
        return Ok(true);
    }
    let lessons = lessons::of(txn, &Whose::Student(student), Timestamp::MIN, Timestamp::MAX)?;
    Ok(lessons
        .iter()
        .any(|l| l.teacher_id == teacher && of_subject(l.subject_id)))
}

/// Whether `actor` may read `mark`: a manager any, a worker his students', a student his
/// own, a parent his children's.
pub fn reads(txn: &impl Reader, actor: &Actor, mark: &Mark) -> Result<bool, StoreError> {
    if actor.user.roles.contains(&Role::Manager) || mark.teacher_id == actor.user.id {
        return Ok(true);
    }
    if actor.is_staff() {
        return teaches_student(txn, actor.user.id, mark.student_id);
    }
    Ok(policy::reads_journal_of(actor, mark.student_id))
}

/// Mark `id` through `txn`, if `actor` may read it (404 otherwise).
fn readable(txn: &impl Reader, actor: &Actor, id: MarkId) -> Result<Mark, ServiceError> {
    let mark: Mark = record::get(txn, id)?.ok_or_else(not_found)?;
    if !reads(txn, actor, &mark)? {
        return Err(not_found());
    }
    Ok(mark)
}

/// Mark `id`, for someone who may read it.
pub fn one(store: &Store, actor: &Actor, id: MarkId, config: &Config) -> Result<ShownMark, ServiceError> {
    let school = School::load(store)?;
    let mark = readable(&store.read()?, actor, id)?;
    Ok(shown_mark(mark, actor, &school, Timestamp::now(), config))
}

/// A new mark as a form sends it: with a lesson (its subject and day are the lesson's) or
/// without one (`subject_id` and `date` needed).
#[derive(Clone, Debug)]
pub struct NewMark {
    pub student_id: UserId,
    pub subject_id: Option<SubjectId>,
    pub lesson_id: Option<LessonId>,
    /// `ГГГГ-ММ-ДД`.
    pub date: Option<String>,
    pub fields: MarkFields,
}

/// Gives a mark, as `actor` (the lesson's teacher or a manager; without a lesson, a worker to
/// a student he teaches).
pub fn create(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    form: NewMark,
    config: &Config,
) -> Result<ShownMark, ServiceError> {
    let school = School::load(store)?;
    let tz = config.time_zone();
    let txn = store.write()?;
    let mut errors = FieldErrors::new();
    let student =
        users::get(&txn, form.student_id)?.filter(|u| u.deleted_at.is_none() && u.roles.contains(&Role::Student));
    if student.is_none() {
        errors.push("student_id", "Выберите ученика");
    }
    let date = errors.day("date", form.date.as_deref());
    let lesson: Option<Lesson> = match form.lesson_id {
        None => None,
        Some(id) => {
            let lesson: Option<Lesson> = record::get(&txn, id)?;
            match &lesson {
                None => errors.push("lesson_id", "Занятие не найдено"),
                Some(l) if !policy::keeps_journal(actor, l) => {
                    return Err(ServiceError::Forbidden(policy::NOT_YOUR_JOURNAL));
                }
                Some(l) if l.status == LessonStatus::Cancelled => errors.push("lesson_id", "Занятие отменено"),
                Some(l) if !l.student_ids.contains(&form.student_id) => {
                    errors.push("student_id", "Ученик не записан на этот урок")
                }
                Some(_) => {}
            }
            lesson
        }
    };
    let (subject, date) = match &lesson {
        Some(lesson) => {
            let lesson_day = lesson.starts_at.to_zoned(tz).date();
            if form.subject_id.is_some_and(|s| s != lesson.subject_id) {
                errors.push("subject_id", "Предмет не совпадает с предметом занятия");
            }
            if date.is_some_and(|d| d != lesson_day) {
                errors.push("date", "Оценка за урок ставится днём урока");
            }
            (Some(lesson.subject_id), Some(lesson_day))
        }
        None if form.lesson_id.is_some() => (None, None),
        None => {
            let subject = form.subject_id.filter(|s| school.subject_of(*s).is_some());
            if subject.is_none() {
                errors.push("subject_id", "Выберите предмет");
            }
            if form.date.as_deref().is_none_or(|d| d.trim().is_empty()) {
                errors.push("date", "Обязательное поле");
            }
            not_ahead(&mut errors, date, journal.today());
            (subject, date)
        }
    };
    let fields = form.fields.check(&mut errors, "", config);
    errors.into_result()?;
    let (Some(subject), Some(date), Some(fields)) = (subject, date, fields) else {
        return Err(FieldErrors::one("value", "Оценка — число от 1 до 5"));
    };
    if lesson.is_none()
        && !policy::gives_marks(
            actor,
            teaches_student_in(&txn, actor.user.id, form.student_id, subject)?,
        )
    {
        return Err(ServiceError::Forbidden(policy::NOT_YOUR_STUDENT));
    }
    let new = Mark {
        lesson_id: lesson.map(|l| l.id),
        ..mark_edit::new_mark(actor, form.student_id, subject, date, fields)
    };
    let edit = Edit {
        old: None,
        new: Some(new),
    };
    let written = commit(&txn, edit, Action::MarkCreated, &school, config)?;
    journal.commit_change(txn, written.1)?;
    Ok(shown_mark(written.0, actor, &school, Timestamp::now(), config))
}

/// Refuses `day`, the date a mark without a lesson is given for, when it is after the school's
/// `today`: a mark is for work already done, and one dated ahead would sit in a term to come.
fn not_ahead(errors: &mut FieldErrors, day: Option<jiff::civil::Date>, today: jiff::civil::Date) {
    if day.is_some_and(|day| day > today) {
        errors.push("date", "Оценку нельзя поставить на будущую дату");
    }
}

/// Writes `edit` with its log entry (not yet recorded): the mark as written (or as it was,
/// when removed) and the change.
fn commit(
    txn: &WriteTxn,
    edit: Edit,
    action: Action,
    school: &School,
    config: &Config,
) -> Result<(Mark, Change), ServiceError> {
    let was = edit
        .old
        .clone()
        .or_else(|| edit.new.clone())
        .expect("one side of an edit");
    let mut lines = Vec::new();
    let change = Change::new(action, Entity::Mark, None, String::new());
    let (written, mut change) = mark_edit::write(txn, vec![edit], change, &mut lines, config, school)?;
    let mark = written.into_iter().next().unwrap_or(was);
    change.entity_id = Some(mark.id.0);
    change.summary = lines.join("; ");
    Ok((mark, change))
}

/// What may change of a given mark: its value, kind, weight, comment, and the date of a mark
/// without a lesson.
#[derive(Clone, Debug)]
pub struct MarkChange {
    pub fields: MarkFields,
    pub date: Option<String>,
}

/// Changes mark `id` (its teacher within the edit window, a manager always).
pub fn update(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: MarkId,
    form: MarkChange,
    config: &Config,
) -> Result<ShownMark, ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old = readable(&txn, actor, id)?;
    let mut errors = FieldErrors::new();
    let date = errors.day("date", form.date.as_deref());
    if old.lesson_id.is_some() && date.is_some_and(|d| d != old.date) {
        errors.push("date", "Оценка за урок ставится днём урока");
    }
    let moved = date.filter(|d| old.lesson_id.is_none() && *d != old.date);
    not_ahead(&mut errors, moved, journal.today());
    let fields = form.fields.check(&mut errors, "", config);
    errors.into_result()?;
    let Some(fields) = fields else {
        return Err(FieldErrors::one("value", "Оценка — число от 1 до 5"));
    };
    let new = Mark {
        date: date.unwrap_or(old.date),
        ..fields.onto(&old)
    };
    let edit = Edit {
        old: Some(old),
        new: Some(new),
    };
    mark_edit::allowed(actor, std::slice::from_ref(&edit), config)?;
    if !edit.changes() {
        txn.abort()?;
        return Ok(shown_mark(
            edit.old.expect("old"),
            actor,
            &school,
            Timestamp::now(),
            config,
        ));
    }
    let (mark, change) = commit(&txn, edit, Action::MarkUpdated, &school, config)?;
    journal.commit_change(txn, change)?;
    Ok(shown_mark(mark, actor, &school, Timestamp::now(), config))
}

/// Removes mark `id` (its teacher within the edit window, a manager always).
pub fn delete(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: MarkId,
    config: &Config,
) -> Result<(), ServiceError> {
    let school = School::load(store)?;
    let txn = store.write()?;
    let old = readable(&txn, actor, id)?;
    let edit = Edit {
        old: Some(old),
        new: None,
    };
    mark_edit::allowed(actor, std::slice::from_ref(&edit), config)?;
    let (_, change) = commit(&txn, edit, Action::MarkDeleted, &school, config)?;
    journal.commit_change(txn, change)?;
    Ok(())
}
