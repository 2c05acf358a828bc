//! Courses (indexed by subject) and enrolments (indexed by course, by student, and unique per
//! course and student).

use super::record::{self, IndexRow, Reader, Record, Rows};
use super::{StoreError, tables};
use crate::domain::course::{Course, Enrolment};
use crate::domain::{CourseId, EnrolmentId, SubjectId, UserId};

impl Record for Course {
    const TABLE: Rows = tables::COURSES;
    type Id = CourseId;

    fn id(&self) -> CourseId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![IndexRow::Under(tables::COURSES_BY_SUBJECT, self.subject_id.0)]
    }
}

impl Record for Enrolment {
    const TABLE: Rows = tables::ENROLMENTS;
    type Id = EnrolmentId;

    fn id(&self) -> EnrolmentId {
        self.id
    }

    fn indexes(&self) -> Vec<IndexRow> {
        vec![
            IndexRow::Under(tables::ENROLMENTS_BY_COURSE, self.course_id.0),
            IndexRow::Under(tables::ENROLMENTS_BY_STUDENT, self.student_id.0),
            IndexRow::Unique {
                table: tables::ENROLMENTS_BY_PAIR,
                key: pair_key(self.course_id, self.student_id),
                field: "student_id",
                taken: "Этот ученик уже записан на курс",
            },
        ]
    }
}

fn pair_key(course: CourseId, student: UserId) -> String {
    format!("{}/{}", course.0, student.0)
}

/// The ids of the courses of `subject`.
pub fn of_subject(txn: &impl Reader, subject: SubjectId) -> Result<Vec<CourseId>, StoreError> {
    record::ids_under(txn, tables::COURSES_BY_SUBJECT, subject.0)
}

/// A course's enrolments, newest first.
pub fn enrolments_of_course(txn: &impl Reader, course: CourseId) -> Result<Vec<Enrolment>, StoreError> {
    record::under(txn, tables::ENROLMENTS_BY_COURSE, course.0)
}

/// A student's enrolments, newest first.
pub fn enrolments_of_student(txn: &impl Reader, student: UserId) -> Result<Vec<Enrolment>, StoreError> {
    record::under(txn, tables::ENROLMENTS_BY_STUDENT, student.0)
}

/// The student's enrolment in the course, if any.
pub fn enrolment_of(txn: &impl Reader, course: CourseId, student: UserId) -> Result<Option<Enrolment>, StoreError> {
    let id: Option<EnrolmentId> = record::find_unique(txn, tables::ENROLMENTS_BY_PAIR, &pair_key(course, student))?;
    id.map(|id| record::get(txn, id)).transpose().map(Option::flatten)
}
