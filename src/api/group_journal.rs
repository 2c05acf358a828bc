//! The journal grids: `GET /api/group-lessons/{id}/journal` (a group's students against its
//! lessons over a period), `GET /api/subjects/{id}/journal` (the same for a subject's lessons of
//! every group and the individual ones) and `GET /api/journal/terms` (the school's terms to pick
//! a period from).

use super::envelope::Data;
use super::journal_view::{GridGroup, GridView, GroupJournalView, SubjectJournalView, TermView, ask, text};
use super::json_text::JsonText;
use super::{ApiTags, State};
use crate::domain::{GroupId, SubjectId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::gradebook::group_journal::{self, GroupJournal};
use crate::service::gradebook::period::terms_around;
use crate::service::gradebook::subject_journal;
use jiff::Timestamp;
use poem_openapi::OpenApi;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;

/// A group's and a subject's journal, and the school's terms.
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
        let ask = ask(&state, &tz, &from, &to);
        let texts = &state.journal_texts;
        let render = |journal: GroupJournal| {
            let view = GroupJournalView {
                group_id: journal.group.id,
                group_name: journal.group.name,
                grid: GridView::new(journal.grid, &tz),
            };
            Ok::<_, ApiError>(text(view)?.into_text())
        };
        let text = state.read(|store| group_journal::shown(store, texts, actor, id.0, &ask, render))?;
        Ok(JsonText::kept(text))
    }

    /// A subject's journal
    ///
    /// Staff. The subject's lessons of the period (by start) of every group and the individual
    /// ones; a worker gets only the lessons he teaches. Its students are those of the lessons
    /// and of the subject's current groups (a worker's: his groups), by name; cells, averages
    /// and term marks as in a group's journal. `groups` names the groups of the lessons and
    /// the current ones. `from` and `to` as in a group's journal.
    #[oai(
        path = "/api/subjects/:id/journal",
        method = "get",
        operation_id = "subjects_journal"
    )]
    async fn subject_journal(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<SubjectId>,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
    ) -> Result<JsonText<Data<SubjectJournalView>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?;
        let tz = state.config.time_zone();
        let ask = ask(&state, &tz, &from, &to);
        let journal = state.read(|store| subject_journal::read(store, actor, id.0, &ask))?;
        text(SubjectJournalView {
            groups: journal
                .groups
                .into_iter()
                .map(|g| GridGroup { id: g.id, name: g.name })
                .collect(),
            grid: GridView::new(journal.grid, &tz),
        })
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
