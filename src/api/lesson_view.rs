//! How groups and lessons are shown: ids with the names a table needs (subject, teacher),
//! times in the school's time zone, a timetable also in words.

use super::envelope::Paged;
use super::json_text::JsonText;
use super::paging::paged_pieces;
use super::vocabulary::LessonStatusName;
use crate::domain::clash::Names;
use crate::domain::group::{Group, ScheduleSlot};
use crate::domain::timetable::{clock, in_words};
use crate::domain::{CourseId, GroupId, LessonId, SubjectId, UserId};
use crate::service::schedule::lesson_list::{Listed, SeenLesson};
use crate::service::schedule::lesson_names::{LessonNames, NamedBy};
use crate::service::schedule::{School, groups};
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
    /// Changes whenever the stored group changes: sent back with a change, it keeps that change
    /// from undoing another made meanwhile (409).
    pub version: String,
}

impl GroupView {
    /// The view of `group`, names from `school`.
    pub fn new(group: Group, school: &School) -> Self {
        let subject = school.subject_of(group.subject_id);
        Self {
            version: groups::version(&group),
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

/// A lesson: its own fields and the names they refer to.
#[derive(Debug, Object)]
pub struct LessonView {
    #[oai(flatten)]
    pub lesson: LessonFields,
    #[oai(flatten)]
    pub names: LessonNamesView,
}

impl LessonView {
    /// The view of `seen`, names from `names`, times in `tz`.
    pub fn new(seen: SeenLesson, names: &LessonNames, tz: &TimeZone) -> Self {
        Self {
            names: LessonNamesView::new(NamedBy::of(&seen.lesson), names),
            lesson: LessonFields::new(seen, tz),
        }
    }
}

/// A lesson's own fields, as a list keeps them while the lesson is unchanged.
// Rows are written straight to JSON text by serde: its names must stay OpenAPI's (a test
// compares the two).
#[derive(Debug, Object, serde::Serialize)]
pub struct LessonFields {
    pub id: LessonId,
    /// Null for an individual lesson.
    #[oai(nullable)]
    pub group_id: Option<GroupId>,
    pub subject_id: SubjectId,
    #[oai(nullable)]
    pub course_id: Option<CourseId>,
    pub teacher_id: UserId,
    /// The students the reader may see: staff every one, a student himself, a parent his
    /// children.
    pub student_ids: Vec<UserId>,
    /// How many students the lesson has, those not in `student_ids` too.
    pub students_count: u32,
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

impl LessonFields {
    /// The own fields of the lesson `seen`, times in `tz`.
    pub fn new(seen: SeenLesson, tz: &TimeZone) -> Self {
        let lesson = seen.lesson;
        Self {
            id: lesson.id,
            group_id: lesson.group_id,
            subject_id: lesson.subject_id,
            course_id: lesson.course_id,
            teacher_id: lesson.teacher_id,
            starts_at: local(lesson.starts_at, tz),
            ends_at: local(lesson.ends_at(), tz),
            student_ids: lesson.student_ids,
            students_count: u32::try_from(seen.students_count).unwrap_or(u32::MAX),
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

    /// The JSON of the own fields of the lesson `seen` without the braces: what a list keeps of
    /// a row.
    pub fn text(seen: SeenLesson, tz: &TimeZone) -> String {
        members(serde_json::to_string(&Self::new(seen, tz)))
    }
}

/// The names a lesson shows, which change without the lesson changing.
#[derive(Debug, Object, serde::Serialize)]
pub struct LessonNamesView {
    /// The group's name; null for an individual lesson.
    #[oai(nullable)]
    pub group_name: Option<String>,
    pub subject_name: String,
    /// The subject's palette colour.
    pub subject_color: String,
    /// «Белов И. В.».
    pub teacher_name: String,
}

impl LessonNamesView {
    /// The names of the lesson `named_by` names, from `names`.
    pub fn new(named_by: NamedBy, names: &LessonNames) -> Self {
        Self {
            group_name: names.group(named_by.group),
            subject_name: names.subject(named_by.subject).to_owned(),
            subject_color: names.color(named_by.subject).to_owned(),
            teacher_name: names.teacher(named_by.teacher),
        }
    }
}

/// The members of a JSON object's text: what is between its braces («{}» when it could not be
/// written, which plain structs of strings and numbers always can).
pub fn members(object: serde_json::Result<String>) -> String {
    let mut text = object.unwrap_or_default();
    text.pop();
    if !text.is_empty() {
        text.remove(0);
    }
    text
}

/// A page of lessons.
pub type LessonPage = Paged<LessonView>;

impl LessonPage {
    /// The page `listed` as JSON text: each row is the text its lesson's own fields were kept as,
    /// with its names written once per request for each distinct subject, teacher and group.
    pub fn text(listed: &Listed) -> JsonText<Self> {
        let mut names: Vec<(NamedBy, String)> = Vec::new();
        paged_pieces(&listed.page, 640, |row, text| {
            let row = &row.value;
            let at = match names.iter().position(|(by, _)| *by == row.named_by) {
                Some(at) => at,
                None => {
                    let view = LessonNamesView::new(row.named_by, &listed.names);
                    names.push((row.named_by, members(serde_json::to_string(&view))));
                    names.len() - 1
                }
            };
            text.push('{');
            text.push_str(&row.text);
            text.push(',');
            text.push_str(&names[at].1);
            text.push('}');
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::json_text::parsed;
    use crate::api::paging::PageMeta;
    use crate::domain::PageRequest;
    use crate::domain::Role;
    use crate::domain::lesson::{Lesson, LessonQuery, LessonStatus};
    use crate::domain::subject::Subject;
    use crate::policy::Caller;
    use crate::policy::tests::caller;
    use crate::service::schedule::lesson_list::{self, LessonShelf};
    use crate::service::test_store::TestStore;
    use poem_openapi::payload::Json;

    /// A lesson of a group (gone from the store) with everything filled in, or an individual
    /// one with the nulls.
    fn lesson(id: u64, of_group: bool) -> Lesson {
        let starts_at = "2026-11-24T13:00:00Z".parse().expect("instant");
        Lesson {
            id: LessonId(id),
            group_id: of_group.then_some(GroupId(3)),
            course_id: of_group.then_some(CourseId(2)),
            student_ids: if of_group {
                vec![UserId(10), UserId(11)]
            } else {
                Vec::new()
            },
            room: if of_group { "каб. 12".into() } else { String::new() },
            status: if of_group {
                LessonStatus::Cancelled
            } else {
                LessonStatus::Planned
            },
            cancel_reason: "Болезнь\nучителя".into(),
            topic: "Дроби «½»".into(),
            homework: "№ 1–5 \"устно\"".into(),
            price: of_group.then_some(-80_000),
            moved_by_hand: of_group,
            ..Lesson::planned(UserId(7), SubjectId(1), starts_at, 60)
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
    async fn a_page_of_lessons_from_kept_rows_is_what_json_of_its_views_would_be() {
        let store = TestStore::default();
        let subject = Subject {
            id: SubjectId(1),
            name: "Алгебра \"ОГЭ\"\tвечер".into(),
            color: "blue".into(),
            archived: false,
            price: None,
        };
        store.insert(std::slice::from_ref(&subject));
        store
            .insert(&[(1, true), (2, false), (9_007_199_254_740_991, true)].map(|(id, of_group)| lesson(id, of_group)));
        let tz = TimeZone::get("Europe/Moscow").expect("zone");
        let shelf = LessonShelf::default();
        let Caller { actor: Some(actor), .. } = caller(&[Role::Manager], true, false) else {
            unreachable!("the caller is signed in")
        };
        let query = LessonQuery::default();
        // The first page again from the kept rows, and once more after its subject is renamed.
        for (page, renamed) in [(1, false), (2, false), (1, false), (1, true)] {
            if renamed {
                store.update(&Subject {
                    name: "Геометрия".into(),
                    ..subject.clone()
                });
            }
            let request = PageRequest::new(Some(page), Some(2));
            let listed = lesson_list::list(&store, &shelf, &actor, &query, request, &tz, |l| {
                LessonFields::text(l, &tz)
            })
            .expect("list");
            // One start for all: by id. Each read afresh, with nothing kept.
            let ids = request
                .slice([1, 2, 9_007_199_254_740_991].map(LessonId).into_iter())
                .items;
            let fresh = |id| lesson_list::get(&store, &LessonShelf::default(), &actor, id).expect("lesson");
            let views = Paged {
                data: ids
                    .into_iter()
                    .map(|id| {
                        let (lesson, names) = fresh(id);
                        LessonView::new(lesson, &names, &tz)
                    })
                    .collect(),
                meta: PageMeta::of(&listed.page),
            };
            assert_eq!(parsed(LessonPage::text(&listed)).await, parsed(Json(views)).await);
        }
    }
}
