//! A group lesson: a teacher, students and a weekly timetable in the school's local time.

use super::{CourseId, GroupId, SubjectId, UserId};
use jiff::civil::{Date, Time};
use serde::{Deserialize, Serialize};

/// One weekly slot: a weekday (Monday = 1 … Sunday = 7), a local start time and a length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduleSlot {
    pub weekday: u8,
    pub start: Time,
    pub duration_minutes: u16,
}

/// A stored group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub id: GroupId,
    pub name: String,
    pub subject_id: SubjectId,
    pub course_id: Option<CourseId>,
    pub teacher_id: UserId,
    pub student_ids: Vec<UserId>,
    pub capacity: Option<u32>,
    /// Empty when the group has no fixed room.
    pub room: String,
    pub schedule: Vec<ScheduleSlot>,
    pub starts_on: Date,
    /// `None`: open-ended (lessons are kept materialised 26 weeks ahead).
    pub ends_on: Option<Date>,
    /// Per lesson per student, in kopecks.
    pub price: Option<i64>,
    pub archived: bool,
}

/// Which groups a list shows.
#[derive(Clone, Debug, Default)]
pub struct GroupQuery {
    /// Words of the name (ё = е).
    pub search: String,
    pub teacher: Option<UserId>,
    pub student: Option<UserId>,
    pub subject: Option<SubjectId>,
    pub archived: super::catalog::Archived,
    /// The column the list is ordered by (then by name).
    pub order: GroupOrder,
    /// From the last to the first (Я to А, most students first).
    pub descending: bool,
}

/// What a list of groups is ordered by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GroupOrder {
    /// The group's name, in Russian order.
    #[default]
    Name,
    /// The subject's name.
    Subject,
    /// The teacher's name as shown («Белов И. В.»).
    Teacher,
    /// How many students it has.
    Students,
}
