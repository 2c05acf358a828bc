//! One lesson: an occurrence of a group's timetable, or an individual lesson.

use super::{CourseId, GroupId, LessonId, SubjectId, UserId};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// Where a lesson stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LessonStatus {
    Planned,
    Done,
    Cancelled,
}

/// A stored lesson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lesson {
    pub id: LessonId,
    /// `None` for an individual lesson.
    pub group_id: Option<GroupId>,
    pub subject_id: SubjectId,
    pub course_id: Option<CourseId>,
    pub teacher_id: UserId,
    pub student_ids: Vec<UserId>,
    /// The instant it starts; shown in the school's time zone (`school.timezone`). Stored as
    /// unix milliseconds, so reading a term of lessons decodes numbers, not text.
    #[serde(with = "jiff::fmt::serde::timestamp::millisecond::required")]
    pub starts_at: Timestamp,
    pub duration_minutes: u16,
    /// Empty when no room is set.
    pub room: String,
    pub status: LessonStatus,
    pub cancel_reason: String,
    pub topic: String,
    pub homework: String,
    /// Per student, in kopecks: from the group, the student's subject price or the subject.
    pub price: Option<i64>,
    /// Moved or edited by hand: a change of its group's timetable keeps it.
    #[serde(default)]
    pub moved_by_hand: bool,
}

/// How a room is compared: trimmed, ignoring case and ё/е («Каб. 12» is «каб. 12»).
pub fn room_key(room: &str) -> String {
    super::search::fold(room.trim())
}

impl Lesson {
    /// The instant it ends.
    pub fn ends_at(&self) -> Timestamp {
        self.starts_at + jiff::SignedDuration::from_mins(i64::from(self.duration_minutes))
    }
}
