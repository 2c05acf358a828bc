//! How groups and lessons are shown: ids with the names a table needs (subject, teacher),
//! times in the school's time zone, a timetable also in words.

use super::vocabulary::LessonStatusName;
use crate::domain::clash::Names;
use crate::domain::group::{Group, ScheduleSlot};
use crate::domain::lesson::Lesson;
use crate::domain::timetable::{clock, in_words};
use crate::domain::{CourseId, GroupId, LessonId, SubjectId, UserId};
use crate::service::schedule::School;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use poem_openapi::Object;

/// RFC 3339 with the school's offset: «2026-11-24T16:00:00+03:00».
pub fn local(at: Timestamp, tz: &TimeZone) -> String {
    at.to_zoned(tz.clone()).strftime("%Y-%m-%dT%H:%M:%S%:z").to_string()
}

/// One weekly slot of a timetable.
#[derive(Debug, Object)]
pub struct SlotView {
    /// Monday = 1 … Sunday = 7.
    pub weekday: u8,
    /// Local time «16:00».
    pub start: String,
    pub duration_minutes: u16,
}

impl From<&ScheduleSlot> for SlotView {
    fn from(slot: &ScheduleSlot) -> Self {
        Self {
            weekday: slot.weekday,
            start: clock(slot.start),
            duration_minutes: slot.duration_minutes,
        }
    }
}

/// A group with its weekly timetable.
#[derive(Debug, Object)]
pub struct GroupView {
    pub id: GroupId,
    pub name: String,
    pub subject_id: SubjectId,
    pub subject_name: String,
    /// The subject's palette colour.
    pub subject_color: String,
    #[oai(nullable)]
    pub course_id: Option<CourseId>,
    pub teacher_id: UserId,
    /// «Белов И. В.».
    pub teacher_name: String,
    pub student_ids: Vec<UserId>,
    #[oai(nullable)]
    pub capacity: Option<u32>,
    pub room: String,
    pub schedule: Vec<SlotView>,
    /// The timetable in words: «вт, чт 16:00».
    pub timetable: String,
    /// «2026-09-01».
    pub starts_on: String,
    /// Null: open-ended (lessons are kept 26 weeks ahead).
    #[oai(nullable)]
    pub ends_on: Option<String>,
    /// Per lesson per student, in kopecks.
    #[oai(nullable)]
    pub price: Option<i64>,
    pub archived: bool,
}

impl GroupView {
    /// The view of `group`, names from `school`.
    pub fn new(group: Group, school: &School) -> Self {
        let subject = school.subject_of(group.subject_id);
        Self {
            id: group.id,
            subject_name: school.subject(group.subject_id),
            subject_color: subject.map(|s| s.color.clone()).unwrap_or_default(),
            name: group.name,
            subject_id: group.subject_id,
            course_id: group.course_id,
            teacher_id: group.teacher_id,
            teacher_name: school.short_name(group.teacher_id),
            student_ids: group.student_ids,
            capacity: group.capacity,
            room: group.room,
            timetable: in_words(&group.schedule),
            schedule: group.schedule.iter().map(SlotView::from).collect(),
            starts_on: group.starts_on.to_string(),
            ends_on: group.ends_on.map(|d| d.to_string()),
            price: group.price,
            archived: group.archived,
        }
    }
}

/// A lesson.
#[derive(Debug, Object)]
pub struct LessonView {
    pub id: LessonId,
    /// Null for an individual lesson.
    #[oai(nullable)]
    pub group_id: Option<GroupId>,
    pub subject_id: SubjectId,
    pub subject_name: String,
    /// The subject's palette colour.
    pub subject_color: String,
    #[oai(nullable)]
    pub course_id: Option<CourseId>,
    pub teacher_id: UserId,
    /// «Белов И. В.».
    pub teacher_name: String,
    pub student_ids: Vec<UserId>,
    /// RFC 3339 with the school's offset.
    pub starts_at: String,
    /// RFC 3339 with the school's offset.
    pub ends_at: String,
    pub duration_minutes: u16,
    pub room: String,
    pub status: LessonStatusName,
    pub cancel_reason: String,
    pub topic: String,
    pub homework: String,
    /// Per student, in kopecks.
    #[oai(nullable)]
    pub price: Option<i64>,
    /// Moved or edited by hand: kept when its group's timetable changes.
    pub moved_by_hand: bool,
}

impl LessonView {
    /// The view of `lesson`, names from `school`, times in `tz`.
    pub fn new(lesson: Lesson, school: &School, tz: &TimeZone) -> Self {
        let subject = school.subject_of(lesson.subject_id);
        Self {
            id: lesson.id,
            group_id: lesson.group_id,
            subject_id: lesson.subject_id,
            subject_name: school.subject(lesson.subject_id),
            subject_color: subject.map(|s| s.color.clone()).unwrap_or_default(),
            course_id: lesson.course_id,
            teacher_id: lesson.teacher_id,
            teacher_name: school.short_name(lesson.teacher_id),
            starts_at: local(lesson.starts_at, tz),
            ends_at: local(lesson.ends_at(), tz),
            student_ids: lesson.student_ids,
            duration_minutes: lesson.duration_minutes,
            room: lesson.room,
            status: lesson.status.into(),
            cancel_reason: lesson.cancel_reason,
            topic: lesson.topic,
            homework: lesson.homework,
            price: lesson.price,
            moved_by_hand: lesson.moved_by_hand,
        }
    }
}
