//! What a group or lesson form sends, checked field by field (every problem at once, in
//! Russian) against the people, subjects and courses stored.

use crate::domain::course::Course;
use crate::domain::group::{Group, ScheduleSlot};
use crate::domain::lesson::LessonStatus;
use crate::domain::subject::{Subject, price_error};
use crate::domain::timetable;
use crate::domain::{CourseId, GroupId, Role, SubjectId, UserId};
use crate::service::{FieldErrors, ServiceError};
use crate::store::record::{self, Reader};
use crate::store::users;
use jiff::Timestamp;
use jiff::civil::{Date, DateTime, Time};
use jiff::tz::TimeZone;

const REQUIRED: &str = "Обязательное поле";

/// One weekly slot as sent.
#[derive(Clone, Debug, Default)]
pub struct SlotForm {
    pub weekday: Option<i64>,
    pub start: Option<String>,
    pub duration_minutes: Option<i64>,
}

/// A group as a form sends it.
#[derive(Clone, Debug, Default)]
pub struct GroupForm {
    pub name: Option<String>,
    pub subject_id: Option<SubjectId>,
    pub course_id: Option<CourseId>,
    pub teacher_id: Option<UserId>,
    pub student_ids: Vec<UserId>,
    pub capacity: Option<i64>,
    pub room: Option<String>,
    pub schedule: Vec<SlotForm>,
    pub starts_on: Option<String>,
    pub ends_on: Option<String>,
    pub price: Option<i64>,
    pub archived: bool,
    /// The group's `record::version` the edit was made from; none: saved whatever it is now.
    pub version: Option<String>,
}

/// A lesson as a form sends it: a missing field keeps what the lesson has (on a change) or is
/// required (on a new lesson).
#[derive(Clone, Debug, Default)]
pub struct LessonForm {
    pub subject_id: Option<SubjectId>,
    pub course_id: Option<CourseId>,
    pub teacher_id: Option<UserId>,
    pub student_ids: Option<Vec<UserId>>,
    /// RFC 3339 with an offset, or a local «2026-11-24T16:00» in the school's time zone.
    pub starts_at: Option<String>,
    pub duration_minutes: Option<i64>,
    pub room: Option<String>,
    pub price: Option<i64>,
    pub topic: Option<String>,
    pub homework: Option<String>,
    /// `planned` or `done` (a lesson is cancelled by its own call).
    pub status: Option<String>,
}

/// Text of at most `max` characters, trimmed.
pub fn text(errors: &mut FieldErrors, field: &str, value: Option<&str>, max: usize) -> String {
    let value = value.unwrap_or_default().trim();
    if value.chars().count() > max {
        errors.push(field, format!("Не длиннее {max} символов"));
    }
    value.to_owned()
}

/// A price in kopecks, from 0 to the cap every price has (`subject::MAX_PRICE`), so no sum of
/// charges can overflow; refused with the subjects' messages.
pub fn price(errors: &mut FieldErrors, value: Option<i64>) -> Option<i64> {
    if let Some(message) = price_error(value) {
        errors.push("price", message);
    }
    value
}

/// The years a timetable may reach: far enough for any school, near enough that no
/// arithmetic on a lesson's time can overflow.
pub const YEARS: std::ops::RangeInclusive<i16> = 2000..=2100;

/// A date «2026-11-24» from 2000 to 2100.
pub fn date(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> Option<Date> {
    let value = value.map(str::trim).filter(|v| !v.is_empty())?;
    let parsed = value.parse::<Date>().ok().filter(|d| YEARS.contains(&d.year()));
    if parsed.is_none() {
        errors.push(field, "Дата в формате ГГГГ-ММ-ДД, с 2000 по 2100 год");
    }
    parsed
}

/// An instant from 2000 to 2100: with an offset, or local time in `tz`.
pub fn instant(value: &str, tz: &TimeZone) -> Option<Timestamp> {
    let value = value.trim();
    let local = || value.parse::<DateTime>().ok()?.to_zoned(tz.clone()).ok();
    let at = value
        .parse::<Timestamp>()
        .ok()
        .or_else(|| local().map(|z| z.timestamp()))?;
    YEARS.contains(&at.to_zoned(tz.clone()).year()).then_some(at)
}

/// A lesson's start, as `instant` reads it, on a whole minute (a timetable tells times to
/// the minute: «16:00:30» would show as «16:00» and clash unseen).
pub fn lesson_start(value: &str, tz: &TimeZone) -> Option<Timestamp> {
    instant(value, tz).filter(|at| at.subsec_nanosecond() == 0 && at.as_second().rem_euclid(60) == 0)
}

/// A lesson length in minutes.
pub fn duration(errors: &mut FieldErrors, field: &str, value: Option<i64>) -> Option<u16> {
    let Some(minutes) = value else {
        errors.push(field, REQUIRED);
        return None;
    };
    match u16::try_from(minutes).ok().filter(|m| timetable::duration_ok(*m)) {
        Some(minutes) => Some(minutes),
        None => {
            let max = timetable::MAX_DURATION_MINUTES;
            errors.push(field, format!("От 1 до {max} минут"));
            None
        }
    }
}

/// The weekly slots, each checked, then the whole timetable.
pub fn schedule(errors: &mut FieldErrors, slots: &[SlotForm]) -> Vec<ScheduleSlot> {
    let mut checked = Vec::new();
    let before = errors.clone();
    for slot in slots {
        let weekday = slot.weekday.and_then(|d| u8::try_from(d).ok()).unwrap_or(0);
        let start = slot
            .start
            .as_deref()
            .map(str::trim)
            .and_then(|s| s.parse::<Time>().ok())
            .filter(|t| t.second() == 0 && t.subsec_nanosecond() == 0);
        let Some(start) = start else {
            errors.push("schedule", "Время начала в формате ЧЧ:ММ");
            continue;
        };
        let minutes = slot.duration_minutes.and_then(|m| u16::try_from(m).ok()).unwrap_or(0);
        checked.push(ScheduleSlot {
            weekday,
            start,
            duration_minutes: minutes,
        });
    }
    if *errors == before
        && let Some(message) = timetable::check(&checked)
    {
        errors.push("schedule", message);
    }
    checked
}

/// The subject `id`, which must exist and, for something new, not be archived.
pub fn subject(errors: &mut FieldErrors, txn: &impl Reader, id: Option<SubjectId>) -> Option<Subject> {
    let Some(id) = id else {
        errors.push("subject_id", REQUIRED);
        return None;
    };
    let found = record::get::<Subject>(txn, id).ok().flatten();
    match found {
        Some(subject) if subject.archived => {
            errors.push("subject_id", "Предмет в архиве");
            None
        }
        Some(subject) => Some(subject),
        None => {
            errors.push("subject_id", "Такого предмета нет");
            None
        }
    }
}

/// The course `id`, if given: it must exist and be of `subject`.
pub fn course(errors: &mut FieldErrors, txn: &impl Reader, id: Option<CourseId>, subject: Option<SubjectId>) {
    let Some(id) = id else { return };
    match record::get::<Course>(txn, id).ok().flatten() {
        None => errors.push("course_id", "Такого курса нет"),
        Some(course) if subject.is_some_and(|s| s != course.subject_id) => {
            errors.push("course_id", "Курс другого предмета")
        }
        Some(_) => {}
    }
}

/// The teacher: a worker or manager who is not deleted.
pub fn teacher(errors: &mut FieldErrors, txn: &impl Reader, id: Option<UserId>) -> Option<UserId> {
    let Some(id) = id else {
        errors.push("teacher_id", REQUIRED);
        return None;
    };
    match users::get(txn, id).ok().flatten().filter(|u| u.deleted_at.is_none()) {
        None => errors.push("teacher_id", "Такого сотрудника нет"),
        Some(user) if !crate::domain::role::is_staff(&user.roles) => {
            errors.push("teacher_id", "Вести занятия может только сотрудник")
        }
        Some(_) => return Some(id),
    }
    None
}

/// The students, each once: each one a student who is not deleted, but for those already
/// `there` (in the group or lesson being changed), who stay as they are: a student deleted
/// since (restorable) does not stop every later change of his group.
pub fn students(errors: &mut FieldErrors, txn: &impl Reader, ids: &[UserId], there: &[UserId]) -> Vec<UserId> {
    let mut kept: Vec<UserId> = Vec::new();
    for id in ids {
        if kept.contains(id) {
            continue;
        }
        if there.contains(id) {
            kept.push(*id);
            continue;
        }
        match users::get(txn, *id).ok().flatten().filter(|u| u.deleted_at.is_none()) {
            None => errors.push("student_ids", format!("Ученик №{id} не найден")),
            Some(user) if !user.roles.contains(&Role::Student) => {
                errors.push("student_ids", format!("{} — не ученик", user.short_name()))
            }
            Some(_) => kept.push(*id),
        }
    }
    kept
}

/// `planned` or `done`.
pub fn status(errors: &mut FieldErrors, value: Option<&str>) -> Option<LessonStatus> {
    match value? {
        "planned" => Some(LessonStatus::Planned),
        "done" => Some(LessonStatus::Done),
        _ => {
            errors.push("status", "Допустимо: planned или done (отмена — отдельным действием)");
            None
        }
    }
}

/// The group a form describes, every field checked against what is stored (the students
/// already in it, `there`, kept as they are: see `students`).
pub fn group(txn: &impl Reader, id: GroupId, form: GroupForm, there: &[UserId]) -> Result<Group, ServiceError> {
    let mut errors = FieldErrors::new();
    let name = text(&mut errors, "name", form.name.as_deref(), 100);
    if name.is_empty() {
        errors.push("name", REQUIRED);
    }
    let subject = subject(&mut errors, txn, form.subject_id);
    course(&mut errors, txn, form.course_id, subject.as_ref().map(|s| s.id));
    let teacher = teacher(&mut errors, txn, form.teacher_id);
    let student_ids = students(&mut errors, txn, &form.student_ids, there);
    let capacity = match form.capacity {
        Some(c) if c < 1 => {
            errors.push("capacity", "Не меньше 1");
            None
        }
        Some(c) if usize::try_from(c).is_ok_and(|c| c < student_ids.len()) => {
            errors.push("capacity", "Учеников больше, чем мест в группе");
            None
        }
        other => other.and_then(|c| u32::try_from(c).ok()),
    };
    let room = text(&mut errors, "room", form.room.as_deref(), 50);
    let schedule = schedule(&mut errors, &form.schedule);
    let starts_on = date(&mut errors, "starts_on", form.starts_on.as_deref());
    if starts_on.is_none() && !errors_on(&errors, "starts_on") {
        errors.push("starts_on", REQUIRED);
    }
    let ends_on = date(&mut errors, "ends_on", form.ends_on.as_deref());
    if let (Some(start), Some(end)) = (starts_on, ends_on)
        && end < start
    {
        errors.push("ends_on", "Не раньше даты начала");
    } else if let (Some(start), Some(end)) = (starts_on, ends_on)
        && end > start.saturating_add(jiff::Span::new().years(3))
    {
        errors.push("ends_on", "Группа может длиться не больше 3 лет");
    }
    let price = price(&mut errors, form.price);
    errors.into_result()?;
    let (Some(subject), Some(teacher_id), Some(starts_on)) = (subject, teacher, starts_on) else {
        return Err(FieldErrors::one("subject_id", REQUIRED));
    };
    Ok(Group {
        id,
        name,
        subject_id: subject.id,
        course_id: form.course_id,
        teacher_id,
        student_ids,
        capacity,
        room,
        schedule,
        starts_on,
        ends_on,
        price,
        archived: form.archived,
    })
}

fn errors_on(errors: &FieldErrors, field: &str) -> bool {
    errors.clone().into_map().contains_key(field)
}
