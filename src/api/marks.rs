//! `/api/marks`: marks as a resource — the list with its filters, giving one with or without a
//! lesson, changing and removing one within the edit window.

use super::envelope::{Data, Paged};
use super::lesson_view::local;
use super::paging::paged;
use super::vocabulary::MarkKindName;
use super::{ApiTags, NoContent, State};
use crate::domain::{GroupId, LessonId, MarkId, PageRequest, SubjectId, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::FieldErrors;
use crate::service::gradebook::mark_edit::MarkFields;
use crate::service::gradebook::mark_list::{self, MarkQuery};
use crate::service::gradebook::marks::{self, MarkChange, NewMark, ShownMark};
use jiff::tz::TimeZone;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A mark with the names a table shows.
#[derive(Debug, Object)]
pub struct MarkView {
    pub id: MarkId,
    pub student_id: UserId,
    /// «Белов Иван Викторович».
    pub student_name: String,
    pub subject_id: SubjectId,
    pub subject_name: String,
    /// Null for a mark given without a lesson.
    #[oai(nullable)]
    pub lesson_id: Option<LessonId>,
    pub value: u8,
    pub kind: MarkKindName,
    pub weight: u8,
    pub comment: String,
    /// «2026-11-12».
    pub date: String,
    pub teacher_id: UserId,
    /// «Белов И. В.».
    pub teacher_name: String,
    /// RFC 3339 with the school's offset.
    pub given_at: String,
    /// Whether the reader may still change or remove it.
    pub editable: bool,
}

impl MarkView {
    fn new(shown: ShownMark, tz: &TimeZone) -> Self {
        let mark = shown.mark;
        Self {
            id: mark.id,
            student_id: mark.student_id,
            student_name: shown.student,
            subject_id: mark.subject_id,
            subject_name: shown.subject,
            lesson_id: mark.lesson_id,
            value: mark.value,
            kind: mark.kind.into(),
            weight: mark.weight,
            comment: mark.comment,
            date: mark.date.to_string(),
            teacher_id: mark.teacher_id,
            teacher_name: shown.teacher,
            given_at: local(mark.given_at, tz),
            editable: shown.editable,
        }
    }
}

/// A new mark: with `lesson_id` (its subject and day are the lesson's), or with `subject_id`
/// and `date`.
#[derive(Debug, Object)]
pub struct MarkBody {
    pub student_id: UserId,
    #[oai(nullable)]
    pub subject_id: Option<SubjectId>,
    #[oai(nullable)]
    pub lesson_id: Option<LessonId>,
    /// 1..5.
    pub value: i64,
    pub kind: MarkKindName,
    /// 1..10; left out, the kind's weight (`journal.weights`).
    #[oai(nullable)]
    pub weight: Option<i64>,
    #[oai(nullable)]
    pub comment: Option<String>,
    /// «2026-11-12»; for a mark at a lesson, its day (may be left out).
    #[oai(nullable)]
    pub date: Option<String>,
}

/// A change of a mark: its value, kind, weight, comment, and the date of one without a lesson.
#[derive(Debug, Object)]
pub struct MarkChangeBody {
    /// 1..5.
    pub value: i64,
    pub kind: MarkKindName,
    /// 1..10; left out, the mark keeps its weight if its kind stays, else the kind's weight
    /// (`journal.weights`).
    #[oai(nullable)]
    pub weight: Option<i64>,
    #[oai(nullable)]
    pub comment: Option<String>,
    #[oai(nullable)]
    pub date: Option<String>,
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum MarkCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<MarkView>>),
}

fn one(shown: ShownMark, state: &State<'_>) -> Json<Data<MarkView>> {
    Data::json(MarkView::new(shown, &state.config.time_zone()))
}

/// Marks.
#[derive(Default)]
pub struct MarksApi;

#[OpenApi(tag = "ApiTags::Journal")]
impl MarksApi {
    /// List marks
    ///
    /// Newest first, paged. `student_id`, `subject_id`, `group_id` (the group's students in
    /// its subject), `from` and `to` (days, both included) and `kind`
    /// (`lesson|homework|test`) narrow the list. A manager sees every mark, a worker his
    /// students', a student his own, a parent his children's (another `student_id` is a 403).
    #[oai(path = "/api/marks", method = "get", operation_id = "marks_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        student_id: Query<Option<UserId>>,
        subject_id: Query<Option<SubjectId>>,
        group_id: Query<Option<GroupId>>,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        kind: Query<Option<MarkKindName>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<MarkView>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let mut errors = FieldErrors::new();
        let (from, to) = (errors.day("from", from.0.as_deref()), errors.day("to", to.0.as_deref()));
        errors.into_result()?;
        let query = MarkQuery {
            student: student_id.0,
            subject: subject_id.0,
            group: group_id.0,
            from,
            to,
            kind: kind.0.map(Into::into),
        };
        let request = PageRequest::new(page.0, per_page.0);
        let found = state.read(|store| mark_list::list(store, actor, &query, request, &state.config))?;
        let tz = state.config.time_zone();
        Ok(paged(found, |shown| MarkView::new(shown, &tz)))
    }

    /// A mark
    ///
    /// For whoever may see it in the list (404 otherwise).
    #[oai(path = "/api/marks/:id", method = "get", operation_id = "marks_show")]
    async fn show(&self, state: State<'_>, caller: Caller, id: Path<MarkId>) -> Result<Json<Data<MarkView>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let shown = state.read(|store| marks::one(store, actor, id.0, &state.config))?;
        Ok(one(shown, &state))
    }

    /// Give a mark
    ///
    /// Staff: at a lesson, its teacher or a manager; without a lesson (a test on paper), a
    /// manager, or a worker to a student he teaches. Parents are told of a mark at or below
    /// `alerts.low_mark`.
    #[oai(path = "/api/marks", method = "post", operation_id = "marks_create")]
    async fn create(&self, state: State<'_>, caller: Caller, body: Json<MarkBody>) -> Result<MarkCreated, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let config = state.config.clone();
        let body = body.0;
        let form = NewMark {
            student_id: body.student_id,
            subject_id: body.subject_id,
            lesson_id: body.lesson_id,
            date: body.date,
            fields: MarkFields {
                value: body.value,
                kind: body.kind.into(),
                weight: body.weight,
                comment: body.comment,
            },
        };
        let shown = state
            .change(caller.origin(), move |store, journal| {
                marks::create(store, journal, &actor, form, &config)
            })
            .await?;
        Ok(MarkCreated::Created(one(shown, &state)))
    }

    /// Change a mark
    ///
    /// Its teacher within `journal.edit_days` days of giving it, a manager always (403
    /// otherwise). The change is logged «было → стало».
    #[oai(path = "/api/marks/:id", method = "put", operation_id = "marks_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<MarkId>,
        body: Json<MarkChangeBody>,
    ) -> Result<Json<Data<MarkView>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let config = state.config.clone();
        let body = body.0;
        let form = MarkChange {
            fields: MarkFields {
                value: body.value,
                kind: body.kind.into(),
                weight: body.weight,
                comment: body.comment,
            },
            date: body.date,
        };
        let shown = state
            .change(caller.origin(), move |store, journal| {
                marks::update(store, journal, &actor, id.0, form, &config)
            })
            .await?;
        Ok(one(shown, &state))
    }

    /// Remove a mark
    ///
    /// Its teacher within `journal.edit_days` days of giving it, a manager always (403
    /// otherwise).
    #[oai(path = "/api/marks/:id", method = "delete", operation_id = "marks_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<MarkId>) -> Result<NoContent, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let config = state.config.clone();
        state
            .change(caller.origin(), move |store, journal| {
                marks::delete(store, journal, &actor, id.0, &config)
            })
            .await?;
        Ok(NoContent::Done)
    }
}
