//! `GET /api/group-lessons/{id}/journal` (a group's students against its lessons over a
//! period) and `GET /api/journal/terms` (the school's terms to pick a period from).

use super::envelope::Data;
use super::journal_view::{
    GridStudent, GroupJournalView, JournalAverage, JournalCell, JournalLesson, PeriodView, TermView, text,
};
use super::json_text::JsonText;
use super::{ApiTags, State};
use crate::domain::GroupId;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::gradebook::group_journal::{self, Ask, GroupJournal};
use crate::service::gradebook::period::terms_around;
use jiff::Timestamp;
use poem_openapi::OpenApi;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;

/// The grid of `journal`.
fn view(journal: GroupJournal, tz: &jiff::tz::TimeZone) -> GroupJournalView {
    let averages = journal
        .students
        .iter()
        .map(|s| JournalAverage::new(s.id, s.standing))
        .collect();
    GroupJournalView {
        group_id: journal.group.id,
        group_name: journal.group.name,
        subject_id: journal.group.subject_id,
        subject_name: journal.subject_name,
        period: PeriodView::from(&journal.period),
        students: journal
            .students
            .into_iter()
            .map(|s| GridStudent { id: s.id, name: s.name })
            .collect(),
        lessons: journal.lessons.iter().map(|l| JournalLesson::new(l, tz)).collect(),
        cells: journal
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

/// A group's journal and the school's terms.
#[derive(Default)]
pub struct GroupJournalApi;

#[OpenApi(tag = "ApiTags::Journal")]
impl GroupJournalApi {
    /// A group's journal
    ///
    /// Managers, and workers for a group they teach. Its students (by name; also anyone at one
    /// of its lessons who has left it) against its lessons of the period (by start); a cell
    /// for each student and lesson with something recorded (attendance, marks); each student's
    /// weighted average of his marks in the group's subject over the period (marks without a
    /// lesson count too) and the term mark it rounds to (up from `journal.round_up_from`).
    /// `from` and `to` are days «YYYY-MM-DD», both included (at most two years); without
    /// them, the current term in the school's time zone.
    #[oai(
        path = "/api/group-lessons/:id/journal",
        method = "get",
        operation_id = "group_lessons_journal"
    )]
    async fn journal(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<GroupId>,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
    ) -> Result<JsonText<Data<GroupJournalView>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?;
        let tz = state.config.time_zone();
        let ask = Ask {
            journal: &state.config.journal,
            tz: &tz,
            today: Timestamp::now().to_zoned(tz.clone()).date(),
            from: from.0.as_deref(),
            to: to.0.as_deref(),
        };
        let journal = state.read(|store| group_journal::read(store, actor, id.0, &ask))?;
        text(view(journal, &tz))
    }

    /// The school's terms
    ///
    /// Anyone signed in. The terms (`journal.terms`) of the current school year and of the
    /// year before, in order, with their days «YYYY-MM-DD» (both included), to pick a period.
    #[oai(path = "/api/journal/terms", method = "get", operation_id = "journal_terms")]
    async fn terms(&self, state: State<'_>, caller: Caller) -> Result<Json<Data<Vec<TermView>>>, ApiError> {
        caller.actor(Rule::SignedIn)?;
        let today = Timestamp::now().to_zoned(state.config.time_zone()).date();
        let terms = terms_around(&state.config.journal.terms, today)
            .into_iter()
            .map(|term| TermView {
                name: term.name,
                from: term.from.to_string(),
                to: term.to.to_string(),
            })
            .collect();
        Ok(Data::json(terms))
    }
}
