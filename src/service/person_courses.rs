//! The courses a student is enrolled in, with his progress in each (lessons done of lessons
//! planned), and one course with his lessons in it.

use super::ServiceError;
use super::courses::{CourseRow, not_found, row};
use crate::domain::course::Enrolment;
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::{CourseId, User, UserId};
use crate::store::record::{self, Reader};
use crate::store::{Store, StoreError, courses, lessons, users};
use jiff::Timestamp;

/// How far a student has come in a course.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub lessons_done: u32,
    /// The course's plan, or when it plans none, the student's lessons in it not cancelled.
    pub lessons_planned: u32,
}

/// A course a student is enrolled in.
pub struct PersonCourse {
    pub course: CourseRow,
    pub enrolment: Enrolment,
    pub progress: Progress,
}

/// One of the student's lessons in a course, with its teacher.
pub struct CourseLesson {
    pub lesson: Lesson,
    pub teacher: Option<User>,
}

/// A course of the student's, with his lessons in it by time.
pub struct PersonCourseDetail {
    pub student: User,
    pub course: PersonCourse,
    pub lessons: Vec<CourseLesson>,
}

/// The courses of one student.
pub struct PersonCourses {
    pub student: User,
    pub courses: Vec<PersonCourse>,
}

fn person_not_found() -> ServiceError {
    ServiceError::NotFound("Пользователь не найден".into())
}

/// Every lesson of the student's, by time.
fn lessons_of(txn: &impl Reader, student: UserId) -> Result<Vec<Lesson>, StoreError> {
    lessons::of_student(txn, student, Timestamp::MIN, Timestamp::MAX)
}

fn progress(course: &CourseRow, lessons: &[&Lesson]) -> Progress {
    let count = |keep: fn(&LessonStatus) -> bool| lessons.iter().filter(|l| keep(&l.status)).count() as u32;
    let lessons_done = count(|s| *s == LessonStatus::Done);
    let lessons_planned = match course.course.planned_lessons {
        0 => count(|s| *s != LessonStatus::Cancelled),
        planned => planned,
    };
    Progress {
        lessons_done,
        lessons_planned,
    }
}

fn in_course(lessons: &[Lesson], course: CourseId) -> Vec<&Lesson> {
    lessons.iter().filter(|l| l.course_id == Some(course)).collect()
}

/// The courses `student` is enrolled in, by name, with his progress.
pub fn list(store: &Store, student: UserId) -> Result<PersonCourses, ServiceError> {
    let txn = store.read()?;
    let person = users::get(&txn, student)?.ok_or_else(person_not_found)?;
    let lessons = lessons_of(&txn, student)?;
    let mut found = Vec::new();
    for enrolment in courses::enrolments_of_student(&txn, student)? {
        let Some(course) = record::get(&txn, enrolment.course_id)? else {
            continue;
        };
        let course = row(&txn, course)?;
        let progress = progress(&course, &in_course(&lessons, enrolment.course_id));
        found.push(PersonCourse {
            course,
            enrolment,
            progress,
        });
    }
    found.sort_by_cached_key(|c| crate::domain::search::collation_key(&[&c.course.course.name]));
    Ok(PersonCourses {
        student: person,
        courses: found,
    })
}

/// One course `student` is enrolled in, with his lessons in it.
pub fn get(store: &Store, student: UserId, course_id: CourseId) -> Result<PersonCourseDetail, ServiceError> {
    let txn = store.read()?;
    let person = users::get(&txn, student)?.ok_or_else(person_not_found)?;
    let enrolment = courses::enrolment_of(&txn, course_id, student)?.ok_or_else(not_found)?;
    let course = row(&txn, record::get(&txn, course_id)?.ok_or_else(not_found)?)?;
    let all = lessons_of(&txn, student)?;
    let mine = in_course(&all, course_id);
    let progress = progress(&course, &mine);
    let lessons = mine
        .into_iter()
        .map(|lesson| {
            let teacher = users::get(&txn, lesson.teacher_id)?;
            Ok(CourseLesson {
                lesson: lesson.clone(),
                teacher,
            })
        })
        .collect::<Result<_, ServiceError>>()?;
    Ok(PersonCourseDetail {
        student: person,
        course: PersonCourse {
            course,
            enrolment,
            progress,
        },
        lessons,
    })
}
