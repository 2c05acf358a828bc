//! Students enrolled in a course: enrol (students only, once per course, not in a course in
//! the archive), change the status or the dates, remove.

use super::courses::not_found as course_not_found;
use super::journal::{Change, Journal};
use super::{FieldErrors, ServiceError};
use crate::domain::activity::{Action, Entity};
use crate::domain::course::{Course, Enrolment, EnrolmentStatus};
use crate::domain::{CourseId, EnrolmentId, Role, User, UserId};
use crate::store::WriteTxn;
use crate::store::{Store, courses, record, users};
use jiff::civil::Date;

/// An enrolment's fields as a form sends them (`student_id` only when enrolling). A field not
/// sent keeps what a change finds stored.
#[derive(Clone, Debug, Default)]
pub struct EnrolmentForm {
    pub student_id: Option<UserId>,
    pub status: Option<String>,
    /// `YYYY-MM-DD`; today when absent.
    pub starts_on: Option<String>,
    /// `None` when not sent; `Some(None)` (sent as null) when open-ended.
    pub ends_on: Option<Option<String>>,
}

/// An enrolment with its student.
pub struct EnrolmentRow {
    pub enrolment: Enrolment,
    pub student: User,
}

struct Checked {
    status: EnrolmentStatus,
    starts_on: Date,
    ends_on: Option<Date>,
}

fn not_found() -> ServiceError {
    ServiceError::NotFound("Запись на курс не найдена".into())
}

fn check(form: &EnrolmentForm, today: Date) -> Result<Checked, ServiceError> {
    let mut errors = FieldErrors::new();
    let status = match form.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Some(EnrolmentStatus::Active),
        Some(name) => EnrolmentStatus::parse(name),
    };
    if status.is_none() {
        errors.push("status", "Допустимо: active, paused или finished");
    }
    let starts_on = errors.day("starts_on", form.starts_on.as_deref()).unwrap_or(today);
    let ends_on = errors.day("ends_on", form.ends_on.as_ref().and_then(Option::as_deref));
    if ends_on.is_some_and(|end| end < starts_on) {
        errors.push("ends_on", "Дата окончания раньше даты начала");
    }
    errors.into_result()?;
    Ok(Checked {
        status: status.unwrap_or(EnrolmentStatus::Active),
        starts_on,
        ends_on,
    })
}

fn student(txn: &WriteTxn, id: Option<UserId>) -> Result<User, ServiceError> {
    let Some(id) = id else {
        return Err(FieldErrors::one("student_id", "Обязательное поле"));
    };
    match users::get(txn, id)? {
        Some(user) if user.deleted_at.is_none() && user.roles.contains(&Role::Student) => Ok(user),
        Some(user) if user.deleted_at.is_none() => {
            Err(FieldErrors::one("student_id", "Записать на курс можно только ученика"))
        }
        _ => Err(FieldErrors::one("student_id", "Такого ученика нет")),
    }
}

fn course(txn: &impl record::Reader, id: CourseId) -> Result<Course, ServiceError> {
    record::get(txn, id)?.ok_or_else(course_not_found)
}

/// The course `id` to enrol in, or 422 on `course_id` when it is in the archive.
fn open_course(txn: &WriteTxn, id: CourseId) -> Result<Course, ServiceError> {
    let course = course(txn, id)?;
    if course.archived {
        return Err(FieldErrors::one("course_id", "Курс в архиве"));
    }
    Ok(course)
}

fn describe(enrolment: &Enrolment) -> String {
    let ends = enrolment.ends_on.map(|d| format!(" по {}", d.strftime("%d.%m.%Y")));
    format!(
        "с {}{}, {}",
        enrolment.starts_on.strftime("%d.%m.%Y"),
        ends.unwrap_or_default(),
        enrolment.status.title()
    )
}

/// A course's enrolments with their students, by the students' names.
pub fn list(store: &Store, course_id: CourseId) -> Result<Vec<EnrolmentRow>, ServiceError> {
    let txn = store.read()?;
    course(&txn, course_id)?;
    let directory = store.directory(&txn)?;
    let mut rows: Vec<EnrolmentRow> = courses::enrolments_of_course(&txn, course_id)?
        .into_iter()
        .filter_map(|enrolment| {
            let student = directory.find(enrolment.student_id)?.user.as_ref().clone();
            Some(EnrolmentRow { enrolment, student })
        })
        .collect();
    rows.sort_by_cached_key(|row| row.student.name_key());
    Ok(rows)
}

/// Enrols a student in a course not in the archive, once.
pub fn create(
    store: &Store,
    journal: &Journal,
    course_id: CourseId,
    form: EnrolmentForm,
    today: Date,
) -> Result<EnrolmentRow, ServiceError> {
    let checked = check(&form, today)?;
    let txn = store.write()?;
    let course = open_course(&txn, course_id)?;
    let student = student(&txn, form.student_id)?;
    let enrolment = record::insert(&txn, |id| Enrolment {
        id,
        course_id,
        student_id: student.id,
        status: checked.status,
        starts_on: checked.starts_on,
        ends_on: checked.ends_on,
    })?;
    let summary = format!(
        "{} записан(а) на курс «{}» {}",
        student.full_name(),
        course.name,
        describe(&enrolment)
    );
    let change = Change::new(Action::EnrolmentCreated, Entity::Course, Some(course_id.0), summary);
    journal.record(&txn, change.concerning([student.id]))?;
    journal.commit(txn)?;
    Ok(EnrolmentRow { enrolment, student })
}

fn in_course(txn: &WriteTxn, course_id: CourseId, id: EnrolmentId) -> Result<Enrolment, ServiceError> {
    let enrolment: Enrolment = record::get(txn, id)?.ok_or_else(not_found)?;
    if enrolment.course_id != course_id {
        return Err(not_found());
    }
    Ok(enrolment)
}

/// Changes an enrolment's status or dates (the student stays); what is not sent stays as it is.
pub fn update(
    store: &Store,
    journal: &Journal,
    course_id: CourseId,
    id: EnrolmentId,
    form: EnrolmentForm,
    today: Date,
) -> Result<EnrolmentRow, ServiceError> {
    let txn = store.write()?;
    let old = in_course(&txn, course_id, id)?;
    let form = EnrolmentForm {
        status: form.status.or_else(|| Some(old.status.as_str().to_owned())),
        starts_on: form.starts_on.or_else(|| Some(old.starts_on.to_string())),
        ends_on: form.ends_on.or_else(|| Some(old.ends_on.map(|d| d.to_string()))),
        ..form
    };
    let checked = check(&form, today)?;
    let course = course(&txn, course_id)?;
    let student = users::get(&txn, old.student_id)?.ok_or_else(not_found)?;
    let new = Enrolment {
        status: checked.status,
        starts_on: checked.starts_on,
        ends_on: checked.ends_on,
        ..old.clone()
    };
    if new != old {
        record::replace(&txn, &old, &new)?;
        let summary = format!(
            "Запись {} на курс «{}»: {} → {}",
            student.full_name(),
            course.name,
            describe(&old),
            describe(&new)
        );
        let change = Change::new(Action::EnrolmentUpdated, Entity::Course, Some(course_id.0), summary);
        journal.record(&txn, change.concerning([student.id]))?;
        journal.commit(txn)?;
    }
    Ok(EnrolmentRow {
        enrolment: new,
        student,
    })
}

/// Removes a student from a course.
pub fn delete(store: &Store, journal: &Journal, course_id: CourseId, id: EnrolmentId) -> Result<(), ServiceError> {
    let txn = store.write()?;
    let enrolment = in_course(&txn, course_id, id)?;
    let course = course(&txn, course_id)?;
    let name = users::get(&txn, enrolment.student_id)?
        .map(|u| u.full_name())
        .unwrap_or_default();
    record::remove::<Enrolment>(&txn, id)?;
    let summary = format!("{name} отчислен(а) с курса «{}»", course.name);
    let change = Change::new(Action::EnrolmentDeleted, Entity::Course, Some(course_id.0), summary);
    journal.record(&txn, change.concerning([enrolment.student_id]))?;
    journal.commit(txn)?;
    Ok(())
}
