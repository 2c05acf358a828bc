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
    /// For a lesson of a group: the timetable's start it stands for, kept when the lesson is
    /// moved, so a regenerated timetable does not make that occurrence again.
    #[serde(default, with = "jiff::fmt::serde::timestamp::millisecond::optional")]
    pub slot_at: Option<Timestamp>,
}

/// The fields of a stored lesson a long list needs (a year of a student's attendance),
/// decoded from the same bytes without its students, topic or homework.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct LessonHead {
    pub id: LessonId,
    pub subject_id: SubjectId,
    pub teacher_id: UserId,
    #[serde(with = "jiff::fmt::serde::timestamp::millisecond::required")]
    pub starts_at: Timestamp,
    pub status: LessonStatus,
}

/// How a room is compared: trimmed, ignoring case and ё/е («Каб. 12» is «каб. 12»).
pub fn room_key(room: &str) -> String {
    super::search::fold(room.trim())
}

impl Lesson {
    /// A planned individual lesson of `subject_id` taught by `teacher_id` at `starts_at`, not yet
    /// stored (id 0): no students, room, price or texts. Every other kind of lesson starts from
    /// it with the fields it sets.
    pub fn planned(teacher_id: UserId, subject_id: SubjectId, starts_at: Timestamp, duration_minutes: u16) -> Self {
        Self {
            id: LessonId(0),
            group_id: None,
            subject_id,
            course_id: None,
            teacher_id,
            student_ids: Vec::new(),
            starts_at,
            duration_minutes,
            room: String::new(),
            status: LessonStatus::Planned,
            cancel_reason: String::new(),
            topic: String::new(),
            homework: String::new(),
            price: None,
            moved_by_hand: false,
            slot_at: None,
        }
    }

    /// The instant it ends.
    pub fn ends_at(&self) -> Timestamp {
        self.starts_at + jiff::SignedDuration::from_mins(i64::from(self.duration_minutes))
    }
}

/// Which lessons a list shows: each filter narrows it; `from` and `to` are days in the school's
/// time zone, both included.
#[derive(Clone, Debug, Default)]
pub struct LessonQuery {
    pub from: Option<jiff::civil::Date>,
    pub to: Option<jiff::civil::Date>,
    pub teacher: Option<UserId>,
    pub student: Option<UserId>,
    pub group: Option<GroupId>,
    pub subject: Option<SubjectId>,
    pub room: Option<String>,
    pub status: Option<LessonStatus>,
    /// The lessons a person teaches or studies in (`/users/{id}/lessons`).
    pub person: Option<UserId>,
    /// Only the lessons over by this instant (ended then or before).
    pub over_by: Option<Timestamp>,
}
