//! `GET /api/users/{id}/attendance` and `GET /api/users/{id}/marks`: one student's lessons
//! with how he was there, and his marks by subject.

use super::envelope::Data;
use super::journal_view::{
    AttendanceLesson, MarkEntry, PeriodView, PersonAttendanceView, PersonMarksView, SubjectMarksView, ask, text,
};
use super::json_text::JsonText;
use super::lesson_view::local;
use super::{ApiTags, State};
use crate::domain::UserId;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::gradebook::person_journal::{self, PersonAttendance, PersonMarks};
use poem_openapi::OpenApi;
use poem_openapi::param::{Path, Query};

/// A student's attendance and marks.
#[derive(Default)]
pub struct PersonJournalApi;

#[OpenApi(tag = "ApiTags::Journal")]
impl PersonJournalApi {
    /// A student's attendance
    ///
    /// Managers, his teachers (of his groups, or of a lesson in the period), the student, his
    /// parents; anyone else 403. His lessons in the period by start, each with how he was there
    /// (`status`, null when not recorded), and the count by status with the share attended.
    /// `from` and `to` are days «YYYY-MM-DD», both included (at most two years); without them,
    /// the current school year (August to July) in the school's time zone.
    #[oai(
        path = "/api/users/:id/attendance",
        method = "get",
        operation_id = "users_attendance"
    )]
    async fn attendance(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
    ) -> Result<JsonText<Data<PersonAttendanceView>>, ApiError> {
        let actor = caller.actor(Rule::SeeUser(id.0))?;
        let tz = state.config.time_zone();
        let ask = ask(&state, &tz, &from, &to);
        let render = |found: PersonAttendance| {
            let names = &found.subject_names;
            let view = PersonAttendanceView {
                user_id: id.0,
                period: PeriodView::from(&found.period),
                lessons: found
                    .lessons
                    .iter()
                    .map(|a| AttendanceLesson {
                        lesson_id: a.lesson.id,
                        starts_at: local(a.lesson.starts_at, &tz),
                        subject_id: a.lesson.subject_id,
                        subject_name: names.get(&a.lesson.subject_id).cloned().unwrap_or_default(),
                        lesson_status: a.lesson.status.into(),
                        status: a.status.map(Into::into),
                    })
                    .collect(),
                summary: found.summary.into(),
            };
            Ok::<_, ApiError>(text(view)?.into_text())
        };
        let texts = &state.journal_texts;
        let text = state.read(|store| person_journal::attendance_shown(store, texts, actor, id.0, &ask, render))?;
        Ok(JsonText::kept(text))
    }

    /// A student's marks
    ///
    /// Managers, his teachers (of his groups, or who gave one of the marks), the student, his
    /// parents; anyone else 403. His marks in the period by subject (by the subject's name),
    /// each subject with the weighted average and the term mark it rounds to (up from
    /// `journal.round_up_from`). `from` and `to` are days «YYYY-MM-DD», both included (at most
    /// two years); without them, the current term in the school's time zone.
    #[oai(path = "/api/users/:id/marks", method = "get", operation_id = "users_marks")]
    async fn marks(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
    ) -> Result<JsonText<Data<PersonMarksView>>, ApiError> {
        let actor = caller.actor(Rule::SeeUser(id.0))?;
        let tz = state.config.time_zone();
        let ask = ask(&state, &tz, &from, &to);
        let render = |found: PersonMarks| {
            let view = PersonMarksView {
                user_id: id.0,
                period: PeriodView::from(&found.period),
                subjects: found
                    .subjects
                    .into_iter()
                    .map(|s| SubjectMarksView {
                        subject_id: s.subject_id,
                        subject_name: s.subject_name,
                        marks: s.marks.iter().map(MarkEntry::from).collect(),
                        average: s.standing.average,
                        term_mark: s.standing.term_mark,
                    })
                    .collect(),
            };
            Ok::<_, ApiError>(text(view)?.into_text())
        };
        let texts = &state.journal_texts;
        let text = state.read(|store| person_journal::marks_shown(store, texts, actor, id.0, &ask, render))?;
        Ok(JsonText::kept(text))
    }
}
