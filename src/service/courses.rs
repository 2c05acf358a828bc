//! Courses: programmes of lessons in one subject. List, create, edit, archive, and delete
//! while nothing uses one (a course in use is archived instead, and keeps its subject).

use super::journal::{Change, Journal};
use super::subjects::{counted, existing, teaching_words, unused};
use super::{FieldErrors, ServiceError};
use crate::domain::activity::{Action, Entity};
use crate::domain::catalog::CatalogQuery;
use crate::domain::course::{Course, check_course};
use crate::domain::search::fold;
use crate::domain::subject::Subject;
use crate::domain::{CourseId, Page, PageRequest, SubjectId};
use crate::store::record::{self, Reader};
use crate::store::{Store, WriteTxn, courses, packages, subjects};

/// A course's fields as a form sends them.
#[derive(Clone, Debug, Default)]
pub struct CourseForm {
    pub subject_id: Option<SubjectId>,
    pub name: String,
    pub description: String,
    pub planned_lessons: u32,
    pub price: Option<i64>,
    pub archived: bool,
}

/// A course with its subject and how many students are enrolled.
pub struct CourseRow {
    pub course: Course,
    pub subject: Option<Subject>,
    pub enrolled: usize,
}

pub(super) fn not_found() -> ServiceError {
    ServiceError::NotFound("Курс не найден".into())
}

/// The course with its subject and count of enrolled students.
pub(super) fn row(txn: &impl Reader, course: Course) -> Result<CourseRow, ServiceError> {
    Ok(CourseRow {
        subject: record::get(txn, course.subject_id)?,
        enrolled: courses::enrolments_of_course(txn, course.id)?.len(),
        course,
    })
}

/// One page of the courses a query admits, by name.
pub fn list(store: &Store, query: &CatalogQuery, request: PageRequest) -> Result<Page<CourseRow>, ServiceError> {
    let txn = store.read()?;
    let all = record::all::<Course>(&txn)?;
    let kept = query.select(all, |c| &c.name, |c| c.archived, |c| Some(c.subject_id));
    let page = request.slice(kept.into_iter());
    let items = page.items.into_iter().map(|c| row(&txn, c)).collect::<Result<_, _>>()?;
    Ok(Page {
        items,
        total: page.total,
        request: page.request,
    })
}

/// One course.
pub fn get(store: &Store, id: CourseId) -> Result<CourseRow, ServiceError> {
    let txn = store.read()?;
    let course = record::get(&txn, id)?.ok_or_else(not_found)?;
    row(&txn, course)
}

fn checked(form: &CourseForm) -> Result<(String, String, SubjectId), ServiceError> {
    let mut errors = FieldErrors::new();
    let fields = check_course(&form.name, &form.description, form.planned_lessons, form.price)
        .map_err(|messages| errors.extend(messages))
        .ok();
    if form.subject_id.is_none() {
        errors.push("subject_id", "Обязательное поле");
    }
    match (fields, form.subject_id) {
        (Some((name, description)), Some(subject)) => Ok((name, description, subject)),
        _ => Err(ServiceError::Invalid(errors)),
    }
}

/// The subject `id` a course is put in, or 422 on `subject_id` when there is none or it is in
/// the archive.
fn open_subject(txn: &WriteTxn, id: SubjectId) -> Result<Subject, ServiceError> {
    let subject = existing(txn, id, "subject_id")?;
    if subject.archived {
        return Err(FieldErrors::one("subject_id", "Предмет в архиве"));
    }
    Ok(subject)
}

/// What uses a course, in words («учеников: 2», «групп: 1», «занятия», «абонементов: 1»);
/// empty when nothing does.
fn uses(txn: &WriteTxn, id: CourseId) -> Result<Vec<String>, ServiceError> {
    let teaching = subjects::teaching_uses(txn, |g| g.course_id == Some(id), |l| l.course_id == Some(id))?;
    let packages = packages::count_where(txn, |p| p.course_id == Some(id))?;
    Ok([
        counted("учеников", courses::enrolments_of_course(txn, id)?.len()),
        teaching_words(teaching),
        counted("абонементов", packages),
    ]
    .into_iter()
    .flatten()
    .collect())
}

/// The subject a course moves to (or stays in): any it is in already; another only while
/// nothing uses the course (its groups, lessons and packages name the subject too) and not one
/// in the archive.
fn subject_for(txn: &WriteTxn, old: &Course, id: SubjectId) -> Result<Subject, ServiceError> {
    if id == old.subject_id {
        return existing(txn, id, "subject_id");
    }
    let subject = open_subject(txn, id)?;
    if !uses(txn, old.id)?.is_empty() {
        return Err(FieldErrors::one(
            "subject_id",
            "Нельзя сменить предмет: у курса есть ученики, группы, занятия или абонементы",
        ));
    }
    Ok(subject)
}

/// 422 on `name` when another course of `subject` is already named so (ignoring case and ё/е):
/// two courses of one name in a subject cannot be told apart in a list or a picker.
fn name_free(txn: &WriteTxn, subject: SubjectId, name: &str, this: Option<CourseId>) -> Result<(), ServiceError> {
    let wanted = fold(name);
    for id in courses::of_subject(txn, subject)?
        .into_iter()
        .filter(|id| Some(*id) != this)
    {
        let other: Option<Course> = record::get(txn, id)?;
        if other.is_some_and(|other| fold(&other.name) == wanted) {
            return Err(FieldErrors::one(
                "name",
                "Курс с таким названием в этом предмете уже есть",
            ));
        }
    }
    Ok(())
}

fn describe(course: &Course, subject: &Subject) -> String {
    format!("«{}» ({})", course.name, subject.name)
}

/// Creates a course in a subject not in the archive.
pub fn create(store: &Store, journal: &Journal, form: CourseForm) -> Result<CourseRow, ServiceError> {
    let (name, description, subject_id) = checked(&form)?;
    let txn = store.write()?;
    let subject = open_subject(&txn, subject_id)?;
    name_free(&txn, subject_id, &name, None)?;
    let course = record::insert(&txn, |id| Course {
        id,
        subject_id,
        name,
        description,
        planned_lessons: form.planned_lessons,
        price: form.price,
        moodle_course_id: None,
        archived: form.archived,
    })?;
    let summary = format!("Создан курс {}", describe(&course, &subject));
    journal.commit_change(
        txn,
        Change::new(Action::CourseCreated, Entity::Course, Some(course.id.0), summary),
    )?;
    Ok(CourseRow {
        course,
        subject: Some(subject),
        enrolled: 0,
    })
}

/// Edits, archives or brings back a course (its Moodle link stays); moves it to another subject
/// only while nothing uses it (see `subject_for`).
pub fn update(store: &Store, journal: &Journal, id: CourseId, form: CourseForm) -> Result<CourseRow, ServiceError> {
    let (name, description, subject_id) = checked(&form)?;
    let txn = store.write()?;
    let old: Course = record::get(&txn, id)?.ok_or_else(not_found)?;
    let subject = subject_for(&txn, &old, subject_id)?;
    name_free(&txn, subject_id, &name, Some(id))?;
    let new = Course {
        id,
        subject_id,
        name,
        description,
        planned_lessons: form.planned_lessons,
        price: form.price,
        moodle_course_id: old.moodle_course_id,
        archived: form.archived,
    };
    if old != new {
        record::replace(&txn, &old, &new)?;
        let archived = if new.archived { ", в архиве" } else { "" };
        let summary = format!("Изменён курс «{}» → {}{archived}", old.name, describe(&new, &subject));
        journal.record(
            &txn,
            Change::new(Action::CourseUpdated, Entity::Course, Some(id.0), summary),
        )?;
    }
    let row = row(&txn, new)?;
    journal.commit(txn)?;
    Ok(row)
}

/// Deletes a course nobody is enrolled in and no group, lesson or package belongs to; one in
/// use is refused (it can be archived).
pub fn delete(store: &Store, journal: &Journal, id: CourseId) -> Result<(), ServiceError> {
    let txn = store.write()?;
    let course: Course = record::get(&txn, id)?.ok_or_else(not_found)?;
    unused("Курс", &uses(&txn, id)?)?;
    record::remove::<Course>(&txn, id)?;
    let summary = format!("Удалён курс «{}»", course.name);
    journal.commit_change(
        txn,
        Change::new(Action::CourseDeleted, Entity::Course, Some(id.0), summary),
    )?;
    Ok(())
}
