//! How groups and lessons are shown: ids with the names a table needs (subject, teacher),
//! times in the school's time zone, a timetable also in words.

use super::vocabulary::LessonStatusName;
use crate::domain::clash::Names;
use crate::domain::group::{Group, ScheduleSlot};
use crate::domain::lesson::Lesson;
use crate::domain::timetable::{clock, in_words};
use crate::domain::{CourseId, GroupId, LessonId, SubjectId, UserId};
use crate::service::schedule::School;
use crate::service::schedule::lesson_names::LessonNames;
use jiff::Timestamp;
use jiff::fmt::temporal::DateTimePrinter;
use jiff::tz::TimeZone;
use poem_openapi::Object;

/// Writes an instant with its offset and whole seconds, straight into a `String`.
const PRINTER: DateTimePrinter = DateTimePrinter::new().precision(Some(0));

/// RFC 3339 with the school's offset: «2026-11-24T16:00:00+03:00», seconds truncated. Printed
/// by jiff straight into the text (a list writes two per lesson): no zoned value, no format
/// string, no `fmt` machinery.
pub fn local(at: Timestamp, tz: &TimeZone) -> String {
    // jiff reserves the longest text it may write (38 bytes) before writing: an empty String
    // makes that the only allocation, where a shorter capacity would be grown once more.
    let mut text = String::new();
    // Printing into a String cannot fail.
    let _ = PRINTER.print_timestamp_with_offset(&at, tz.to_offset(at), &mut text);
    text
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
// Lists are written straight to JSON text by serde: its names must stay OpenAPI's (a test
// compares the two).
#[derive(Debug, Object, serde::Serialize)]
pub struct LessonView {
    pub id: LessonId,
    /// Null for an individual lesson.
    #[oai(nullable)]
    pub group_id: Option<GroupId>,
    /// The group's name; null for an individual lesson.
    #[oai(nullable)]
    pub group_name: Option<String>,
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
    /// The view of `lesson`, names from `names`, times in `tz`.
    pub fn new(lesson: Lesson, names: &LessonNames, tz: &TimeZone) -> Self {
        Self {
            id: lesson.id,
            group_id: lesson.group_id,
            group_name: names.group(lesson.group_id),
            subject_id: lesson.subject_id,
            subject_name: names.subject(lesson.subject_id).to_owned(),
            subject_color: names.color(lesson.subject_id).to_owned(),
            course_id: lesson.course_id,
            teacher_id: lesson.teacher_id,
            teacher_name: names.teacher(lesson.teacher_id),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::envelope::Paged;
    use crate::api::json_text::assert_serde_agrees;
    use crate::api::paging::PageMeta;
    use crate::domain::{Page, PageRequest};

    /// A lesson of a group with everything filled in, or an individual one with the nulls.
    fn view(of_group: bool) -> LessonView {
        LessonView {
            id: LessonId(if of_group { 9_007_199_254_740_991 } else { 1 }),
            group_id: of_group.then_some(GroupId(3)),
            group_name: of_group.then(|| "ОГЭ «Алгебра» \"вечер\"".to_owned()),
            subject_id: SubjectId(1),
            subject_name: "Математика".into(),
            subject_color: "blue".into(),
            course_id: of_group.then_some(CourseId(2)),
            teacher_id: UserId(7),
            teacher_name: "Белов И. В.".into(),
            student_ids: if of_group {
                vec![UserId(10), UserId(11)]
            } else {
                Vec::new()
            },
            starts_at: "2026-11-24T16:00:00+03:00".into(),
            ends_at: "2026-11-24T17:00:00+03:00".into(),
            duration_minutes: 60,
            room: if of_group { "каб. 12".into() } else { String::new() },
            status: if of_group {
                LessonStatusName::Cancelled
            } else {
                LessonStatusName::Planned
            },
            cancel_reason: "Болезнь\nучителя".into(),
            topic: "Дроби".into(),
            homework: "№ 1–5".into(),
            price: of_group.then_some(-80_000),
            moved_by_hand: of_group,
        }
    }

    #[test]
    fn a_time_is_written_as_jiff_writes_it_with_the_offset_of_its_day() {
        let instants = [
            "2026-03-29T00:59:59Z",
            "2026-03-29T01:00:00Z",
            "2026-10-25T00:30:00Z",
            "1999-12-31T23:59:59Z",
            "2026-11-24T13:00:00.987654321Z",
        ];
        for zone in [
            "Europe/Berlin",
            "Europe/Moscow",
            "America/St_Johns",
            "Asia/Kolkata",
            "UTC",
        ] {
            let tz = TimeZone::get(zone).expect("zone");
            for at in instants {
                let at: Timestamp = at.parse().expect("instant");
                let jiff = at.to_zoned(tz.clone()).strftime("%Y-%m-%dT%H:%M:%S%:z").to_string();
                assert_eq!(local(at, &tz), jiff, "{zone} {at}");
            }
        }
    }

    #[tokio::test]
    async fn a_page_of_lessons_written_by_serde_is_what_json_of_it_would_be() {
        let page = Page {
            items: vec![(), ()],
            total: 3,
            request: PageRequest::new(Some(1), Some(2)),
        };
        assert_serde_agrees(|| Paged {
            data: vec![view(true), view(false)],
            meta: PageMeta::of(&page),
        })
        .await;
    }
}
