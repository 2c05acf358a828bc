//! How the journal reads are shown: a group's grid, a student's attendance and his marks by
//! subject. Each view is both an OpenAPI object and serde-serializable with the same names, so
//! a long answer is written straight to text (`JsonText::serialized`), never through a tree.

use super::State;
use super::envelope::Data;
use super::json_text::JsonText;
use super::lesson_view::local;
use super::vocabulary::{AttendanceStatusName, LessonStatusName, MarkKindName};
use crate::domain::journal::{AttendanceSummary, Mark, MarkHead};
use crate::domain::lesson::Lesson;
use crate::domain::{GroupId, LessonId, MarkId, SubjectId, UserId};
use crate::error::ApiError;
use crate::service::gradebook::averages::Standing;
use crate::service::gradebook::grid::Grid;
use crate::service::gradebook::period::Ask;
use crate::service::gradebook::period::Period;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use poem_openapi::Object;
use poem_openapi::param::Query;
use poem_openapi::types::{ParseFromJSON, ToJSON};
use serde::Serialize;

/// The days a read covers, both included: «2026-11-05» to «2026-12-29».
#[derive(Debug, Object, Serialize)]
pub struct PeriodView {
    /// The term's name when the days are one of the school's terms («2 четверть»).
    #[oai(nullable)]
    pub name: Option<String>,
    pub from: String,
    pub to: String,
}

impl From<&Period> for PeriodView {
    fn from(period: &Period) -> Self {
        Self {
            name: period.name.clone(),
            from: period.from.to_string(),
            to: period.to.to_string(),
        }
    }
}

/// One of the school's terms in one school year.
#[derive(Debug, Object, Serialize)]
pub struct TermView {
    /// «1 четверть».
    pub name: String,
    /// «2026-09-01».
    pub from: String,
    /// «2026-10-26», included.
    pub to: String,
}

/// A mark as the grid shows it.
#[derive(Debug, Object, Serialize)]
pub struct CellMark {
    pub id: MarkId,
    /// 1..5.
    pub value: u8,
    pub kind: MarkKindName,
    /// 1..10.
    pub weight: u8,
}

impl From<&MarkHead> for CellMark {
    fn from(mark: &MarkHead) -> Self {
        Self {
            id: mark.id,
            value: mark.value,
            kind: mark.kind.into(),
            weight: mark.weight,
        }
    }
}

/// A mark as a student's list shows it.
#[derive(Debug, Object, Serialize)]
pub struct MarkEntry {
    pub id: MarkId,
    /// 1..5.
    pub value: u8,
    pub kind: MarkKindName,
    /// 1..10.
    pub weight: u8,
    /// The day it counts for, «2026-11-12».
    pub date: String,
    /// Null: a mark given without a lesson.
    #[oai(nullable)]
    pub lesson_id: Option<LessonId>,
    pub teacher_id: UserId,
    pub comment: String,
}

impl From<&Mark> for MarkEntry {
    fn from(mark: &Mark) -> Self {
        Self {
            id: mark.id,
            value: mark.value,
            kind: mark.kind.into(),
            weight: mark.weight,
            date: mark.date.to_string(),
            lesson_id: mark.lesson_id,
            teacher_id: mark.teacher_id,
            comment: mark.comment.clone(),
        }
    }
}

/// A student of the grid.
#[derive(Debug, Object, Serialize)]
pub struct GridStudent {
    pub id: UserId,
    /// «Иванова Анна Петровна».
    pub name: String,
}

/// A lesson of the grid (a column).
#[derive(Debug, Object, Serialize)]
pub struct JournalLesson {
    pub id: LessonId,
    /// RFC 3339 with the school's offset.
    pub starts_at: String,
    pub status: LessonStatusName,
    pub topic: String,
    /// Null: an individual lesson.
    #[oai(nullable)]
    pub group_id: Option<GroupId>,
    /// Who is taught at it: a grid's other students were not there to be marked.
    pub student_ids: Vec<UserId>,
}

impl JournalLesson {
    /// The column of `lesson`.
    pub fn new(lesson: &Lesson, tz: &TimeZone) -> Self {
        Self {
            id: lesson.id,
            starts_at: local(lesson.starts_at, tz),
            status: lesson.status.into(),
            topic: lesson.topic.clone(),
            group_id: lesson.group_id,
            student_ids: lesson.student_ids.clone(),
        }
    }
}

/// One student at one lesson: sent only when something is recorded.
#[derive(Debug, Object, Serialize)]
pub struct JournalCell {
    pub student_id: UserId,
    pub lesson_id: LessonId,
    /// Null: attendance not recorded.
    #[oai(nullable)]
    pub status: Option<AttendanceStatusName>,
    pub marks: Vec<CellMark>,
}

/// A student's standing over the period.
#[derive(Debug, Object, Serialize)]
pub struct JournalAverage {
    pub student_id: UserId,
    /// Weighted, to two decimals; null without marks.
    #[oai(nullable)]
    pub average: Option<f64>,
    /// Rounded up from `journal.round_up_from`; null without marks.
    #[oai(nullable)]
    pub term_mark: Option<u8>,
}

impl JournalAverage {
    /// The row of `student` with `standing`.
    pub fn new(student_id: UserId, standing: Standing) -> Self {
        Self {
            student_id,
            average: standing.average,
            term_mark: standing.term_mark,
        }
    }
}

/// A journal grid over a period: students (by name) against lessons (by start), the cells
/// with something recorded and each student's standing in the subject.
#[derive(Debug, Object, Serialize)]
pub struct GridView {
    pub subject_id: SubjectId,
    pub subject_name: String,
    pub period: PeriodView,
    pub students: Vec<GridStudent>,
    pub lessons: Vec<JournalLesson>,
    pub cells: Vec<JournalCell>,
    pub averages: Vec<JournalAverage>,
}

impl GridView {
    /// How `grid` is shown, its times in `tz`.
    pub fn new(grid: Grid, tz: &TimeZone) -> Self {
        let averages = grid
            .students
            .iter()
            .map(|s| JournalAverage::new(s.id, s.standing))
            .collect();
        Self {
            subject_id: grid.subject_id,
            subject_name: grid.subject_name,
            period: PeriodView::from(&grid.period),
            students: grid
                .students
                .into_iter()
                .map(|s| GridStudent { id: s.id, name: s.name })
                .collect(),
            lessons: grid.lessons.iter().map(|l| JournalLesson::new(l, tz)).collect(),
            cells: grid
                .cells
                .into_iter()
                .map(|cell| JournalCell {
                    student_id: cell.student_id,
                    lesson_id: cell.lesson_id,
                    status: cell.status.map(Into::into),
                    marks: cell.marks.iter().map(Into::into).collect(),
                })
                .collect(),
            averages,
        }
    }
}

/// A group's journal over a period.
#[derive(Debug, Object, Serialize)]
pub struct GroupJournalView {
    pub group_id: GroupId,
    pub group_name: String,
    #[oai(flatten)]
    #[serde(flatten)]
    pub grid: GridView,
}

/// A group a subject's journal names (its lessons' `group_id`).
#[derive(Debug, Object, Serialize)]
pub struct GridGroup {
    pub id: GroupId,
    pub name: String,
}

/// A subject's journal over a period: its lessons of every group and the individual ones (a
/// worker's: those he teaches).
#[derive(Debug, Object, Serialize)]
pub struct SubjectJournalView {
    /// The groups of the lessons and the subject's current groups, by name.
    pub groups: Vec<GridGroup>,
    #[oai(flatten)]
    #[serde(flatten)]
    pub grid: GridView,
}

/// Attendance counted by status over the period.
#[derive(Debug, Object, Serialize)]
pub struct AttendanceSummaryView {
    pub present: u32,
    pub late: u32,
    pub excused: u32,
    pub unexcused: u32,
    /// The share of recorded lessons attended (present or late), 0..1, to three decimals;
    /// null when nothing is recorded.
    #[oai(nullable)]
    pub rate: Option<f64>,
}

impl From<AttendanceSummary> for AttendanceSummaryView {
    fn from(summary: AttendanceSummary) -> Self {
        Self {
            present: summary.present,
            late: summary.late,
            excused: summary.excused,
            unexcused: summary.unexcused,
            rate: summary.rate().map(|r| (r * 1000.0).round() / 1000.0),
        }
    }
}

/// One of a student's lessons and how he was there.
#[derive(Debug, Object, Serialize)]
pub struct AttendanceLesson {
    pub lesson_id: LessonId,
    /// RFC 3339 with the school's offset.
    pub starts_at: String,
    pub subject_id: SubjectId,
    pub subject_name: String,
    pub lesson_status: LessonStatusName,
    /// Null: not recorded.
    #[oai(nullable)]
    pub status: Option<AttendanceStatusName>,
}

/// A student's attendance over a period.
#[derive(Debug, Object, Serialize)]
pub struct PersonAttendanceView {
    pub user_id: UserId,
    pub period: PeriodView,
    pub lessons: Vec<AttendanceLesson>,
    pub summary: AttendanceSummaryView,
}

/// A student's marks in one subject.
#[derive(Debug, Object, Serialize)]
pub struct SubjectMarksView {
    pub subject_id: SubjectId,
    pub subject_name: String,
    /// By day.
    pub marks: Vec<MarkEntry>,
    /// Weighted, to two decimals; null without marks.
    #[oai(nullable)]
    pub average: Option<f64>,
    #[oai(nullable)]
    pub term_mark: Option<u8>,
}

/// A student's marks over a period, by subject.
#[derive(Debug, Object, Serialize)]
pub struct PersonMarksView {
    pub user_id: UserId,
    pub period: PeriodView,
    pub subjects: Vec<SubjectMarksView>,
}

/// What a journal read asks for (`from`, `to` as sent), with the school's settings and
/// today's date in its zone `tz`.
pub fn ask<'a>(
    state: &'a State<'_>,
    tz: &'a TimeZone,
    from: &'a Query<Option<String>>,
    to: &'a Query<Option<String>>,
) -> Ask<'a> {
    Ask {
        journal: &state.config.journal,
        tz,
        today: Timestamp::now().to_zoned(tz.clone()).date(),
        from: from.0.as_deref(),
        to: to.0.as_deref(),
    }
}

/// `{data: view}` as JSON text, written by serde straight from the view.
pub fn text<T>(data: T) -> Result<JsonText<Data<T>>, ApiError>
where
    T: Serialize + ParseFromJSON + ToJSON,
{
    JsonText::serialized(&Data { data }).map_err(ApiError::internal)
}

#[cfg(test)]
mod tests;
