//! A programme of lessons in one subject, and the students enrolled in it.

use super::{CourseId, EnrolmentId, SubjectId, UserId};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// A stored course, e.g. «Подготовка к ОГЭ по математике».
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Course {
    pub id: CourseId,
    pub subject_id: SubjectId,
    pub name: String,
    pub description: String,
    pub planned_lessons: u32,
    /// For the whole course, in kopecks; `None` when not sold as a whole.
    pub price: Option<i64>,
    /// Set by the Moodle area.
    pub moodle_course_id: Option<u64>,
    pub archived: bool,
}

/// Where a student's enrolment stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnrolmentStatus {
    Active,
    Paused,
    Finished,
}

/// A student enrolled in a course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Enrolment {
    pub id: EnrolmentId,
    pub course_id: CourseId,
    pub student_id: UserId,
    pub status: EnrolmentStatus,
    pub starts_on: Date,
    pub ends_on: Option<Date>,
}
