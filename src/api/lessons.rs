//! `/api/lessons` and `/api/users/{id}/lessons`: lessons by time, one-off lessons, moving,
//! cancelling and deleting.

use super::envelope::Data;
use super::json_text::JsonText;
use super::lesson_view::{LessonFields, LessonPage, LessonView};
use super::{ApiTags, NoContent, State};
use crate::domain::lesson::{Lesson, LessonQuery, LessonStatus};
use crate::domain::{CourseId, GroupId, LessonId, PageRequest, SubjectId, UserId};
use crate::error::ApiError;
use crate::policy::{Actor, Caller, Rule};
use crate::service::schedule::form::LessonForm;
use crate::service::schedule::lesson_end;
use crate::service::schedule::lesson_list::{self, Listed, SeenLesson};
use crate::service::schedule::lesson_names::LessonNames;
use crate::service::schedule::lessons::{self, Scope};
use crate::service::{FieldErrors, ServiceError};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A lesson as a form sends it. On a change, a field left out (or null) keeps its value.
#[derive(Debug, Object)]
pub struct LessonBody {
    #[oai(nullable)]
    pub subject_id: Option<SubjectId>,
    #[oai(nullable)]
    pub course_id: Option<CourseId>,
    /// A worker or manager; a worker may name only himself.
    #[oai(nullable)]
    pub teacher_id: Option<UserId>,
    #[oai(nullable)]
    pub student_ids: Option<Vec<UserId>>,
    /// RFC 3339 with an offset, or local time in the school's time zone «2026-11-24T16:00».
    #[oai(nullable)]
    pub starts_at: Option<String>,
    #[oai(nullable)]
    pub duration_minutes: Option<i64>,
    #[oai(nullable)]
    pub room: Option<String>,
    /// Per student, in kopecks; on a new lesson, when left out: the student's price for the
    /// subject, else the subject's.
    #[oai(nullable)]
    pub price: Option<i64>,
    #[oai(nullable)]
    pub topic: Option<String>,
    #[oai(nullable)]
    pub homework: Option<String>,
    /// `planned` or `done` (`planned` brings a cancelled lesson back); cancelling is
    /// `POST /api/lessons/{id}/cancel`.
    #[oai(nullable)]
    pub status: Option<String>,
}

impl LessonBody {
    fn form(self) -> LessonForm {
        LessonForm {
            subject_id: self.subject_id,
            course_id: self.course_id,
            teacher_id: self.teacher_id,
            student_ids: self.student_ids,
            starts_at: self.starts_at,
            duration_minutes: self.duration_minutes,
            room: self.room,
            price: self.price,
            topic: self.topic,
            homework: self.homework,
            status: self.status,
        }
    }
}

/// Why a lesson is cancelled.
#[derive(Debug, Object)]
pub struct CancelBody {
    #[oai(nullable)]
    pub reason: Option<String>,
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum LessonCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<LessonView>>),
}

/// The filters of a list, as the query sends them.
struct Filters {
    from: Option<String>,
    to: Option<String>,
    status: Option<String>,
}

impl Filters {
    /// The query, or a 422 naming each filter that does not parse.
    fn query(self) -> Result<LessonQuery, ServiceError> {
        let mut errors = FieldErrors::new();
        let (from, to) = (
            errors.day("from", self.from.as_deref()),
            errors.day("to", self.to.as_deref()),
        );
        let status = match self.status.as_deref() {
            None | Some("") => None,
            Some("planned") => Some(LessonStatus::Planned),
            Some("done") => Some(LessonStatus::Done),
            Some("cancelled") => Some(LessonStatus::Cancelled),
            Some(_) => {
                errors.push("status", "Допустимо: planned, done или cancelled");
                None
            }
        };
        errors.into_result()?;
        Ok(LessonQuery {
            from,
            to,
            status,
            ..LessonQuery::default()
        })
    }
}

fn scope(value: Option<&str>) -> Result<Scope, ServiceError> {
    match value {
        None | Some("") | Some("this") => Ok(Scope::This),
        Some("following") => Ok(Scope::Following),
        Some(_) => Err(FieldErrors::one("scope", "Допустимо: this или following")),
    }
}

/// A page of the lessons `actor` may see that `query` asks for, with the names they show, as
/// JSON text (pages of a term run long).
fn listed(
    state: &State<'_>,
    actor: &Actor,
    query: &LessonQuery,
    request: PageRequest,
) -> Result<JsonText<LessonPage>, ApiError> {
    let tz = state.config.time_zone();
    let render = |lesson| LessonFields::text(lesson, &tz);
    let write = |listed: &Listed| LessonPage::text(listed).into_text();
    let text = state.read(|store| {
        lesson_list::shown::<ApiError>(store, &state.lesson_shelf, (actor, query, request), &tz, render, write)
    })?;
    Ok(JsonText::kept(text))
}

/// A lesson with its names.
fn one(state: &State<'_>, (seen, names): (SeenLesson, LessonNames)) -> Json<Data<LessonView>> {
    Data::json(LessonView::new(seen, &names, &state.config.time_zone()))
}

/// A lesson just written by `actor`, with its names.
fn written(state: &State<'_>, actor: &Actor, lesson: Lesson) -> Result<Json<Data<LessonView>>, ApiError> {
    Ok(one(
        state,
        state.read(|store| lesson_list::named(store, &state.lesson_shelf, actor, lesson))?,
    ))
}

/// Lessons.
#[derive(Default)]
pub struct LessonsApi;

#[OpenApi(tag = "ApiTags::Schedule")]
impl LessonsApi {
    /// List lessons
    ///
    /// By start time. `from` and `to` are days in the school's time zone, both included;
    /// `teacher_id`, `student_id`, `group_id`, `subject_id`, `room`, `status`
    /// (`planned|done|cancelled`) narrow the list; `over=true` keeps only the lessons over by
    /// now (ended, as a journal left to fill). Staff see every lesson; a student his own,
    /// a parent his children's (`student_id` one of them, or all of them when left out). A
    /// student or a parent finds in `student_ids` only himself and his children;
    /// `students_count` counts every student.
    #[oai(path = "/api/lessons", method = "get", operation_id = "lessons_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        teacher_id: Query<Option<UserId>>,
        student_id: Query<Option<UserId>>,
        group_id: Query<Option<GroupId>>,
        subject_id: Query<Option<SubjectId>>,
        room: Query<Option<String>>,
        status: Query<Option<String>>,
        over: Query<Option<bool>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<JsonText<LessonPage>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let filters = Filters {
            from: from.0,
            to: to.0,
            status: status.0,
        };
        let query = LessonQuery {
            teacher: teacher_id.0,
            student: student_id.0,
            group: group_id.0,
            subject: subject_id.0,
            room: room.0.filter(|r| !r.trim().is_empty()),
            over_by: over.0.unwrap_or(false).then(jiff::Timestamp::now),
            ..filters.query()?
        };
        listed(&state, actor, &query, PageRequest::new(page.0, per_page.0))
    }

    /// A person's lessons
    ///
    /// The lessons a person studies in or teaches, by start time; `from`, `to` (days, both
    /// included) and `status` as in the list. Staff, the person himself and his parents
    /// (`master-by-url`); `student_ids` as in the list.
    #[oai(path = "/api/users/:id/lessons", method = "get", operation_id = "users_lessons")]
    #[allow(clippy::too_many_arguments)]
    async fn of_user(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        status: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<JsonText<LessonPage>, ApiError> {
        let actor = caller.actor(Rule::SeeUser(id.0))?;
        let filters = Filters {
            from: from.0,
            to: to.0,
            status: status.0,
        };
        let query = LessonQuery {
            person: Some(id.0),
            ..filters.query()?
        };
        listed(&state, actor, &query, PageRequest::new(page.0, per_page.0))
    }

    /// A lesson
    ///
    /// Staff read any lesson; a student his own, a parent his children's. A student or a parent
    /// finds in `student_ids` only himself and his children; `students_count` counts every
    /// student.
    #[oai(path = "/api/lessons/:id", method = "get", operation_id = "lessons_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<LessonId>,
    ) -> Result<Json<Data<LessonView>>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?.clone();
        Ok(one(
            &state,
            state.read(|store| lesson_list::get(store, &state.lesson_shelf, &actor, id.0))?,
        ))
    }

    /// Create a one-off lesson
    ///
    /// Managers, and workers for a lesson they teach themselves. Needs `subject_id`,
    /// `teacher_id`, `starts_at` and `duration_minutes`. A clash of the teacher, a student or
    /// the room is a 422 on `starts_at` naming it.
    #[oai(path = "/api/lessons", method = "post", operation_id = "lessons_create")]
    async fn create(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<LessonBody>,
    ) -> Result<LessonCreated, ApiError> {
        let actor = caller.actor(Rule::Staff)?;
        let acting = actor.clone();
        let tz = state.config.time_zone();
        let form = body.0.form();
        let lesson = state
            .change(caller.origin(), move |store, journal| {
                lessons::create(store, journal, &acting, form, &tz)
            })
            .await?;
        Ok(LessonCreated::Created(written(&state, actor, lesson)?))
    }

    /// Move or edit a lesson
    ///
    /// Managers, and workers for a lesson they teach. Fields left out keep their values.
    /// `scope=following` also moves the group's later planned lessons by the same shift (and
    /// gives them the length, room and teacher this change changed); a worker gets a 403 when
    /// one of them is not his to teach. A lesson of a group moved or edited by hand is kept
    /// when the group's timetable changes. Only a manager changes the status, price or
    /// students of a lesson held or cancelled (a 422 on `status`: its charges follow them).
    /// Clashes are a 422 on `starts_at`.
    #[oai(path = "/api/lessons/:id", method = "put", operation_id = "lessons_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<LessonId>,
        scope: Query<Option<String>>,
        body: Json<LessonBody>,
    ) -> Result<Json<Data<LessonView>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?;
        let acting = actor.clone();
        let scope = self::scope(scope.0.as_deref())?;
        let tz = state.config.time_zone();
        let form = body.0.form();
        let lesson = state
            .change(caller.origin(), move |store, journal| {
                lessons::update(store, journal, &acting, id.0, form, scope, &tz)
            })
            .await?;
        written(&state, actor, lesson)
    }

    /// Cancel a lesson
    ///
    /// Managers, and workers for a lesson they teach. `reason` is required; its students and
    /// their parents are told. A done lesson cannot be cancelled (422 on `status`).
    #[oai(path = "/api/lessons/:id/cancel", method = "post", operation_id = "lessons_cancel")]
    async fn cancel(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<LessonId>,
        body: Json<CancelBody>,
    ) -> Result<Json<Data<LessonView>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?;
        let acting = actor.clone();
        let tz = state.config.time_zone();
        let reason = body.0.reason.unwrap_or_default();
        let lesson = state
            .change(caller.origin(), move |store, journal| {
                lesson_end::cancel(store, journal, &acting, id.0, &reason, &tz)
            })
            .await?;
        written(&state, actor, lesson)
    }

    /// Delete a lesson
    ///
    /// Managers, and workers for a lesson they teach. Only a planned lesson with nothing
    /// recorded on it (no topic, no homework, no attendance or marks), and not of a group (its
    /// timetable would bring it back); any other is a 422 on `status` telling to cancel it
    /// instead.
    #[oai(path = "/api/lessons/:id", method = "delete", operation_id = "lessons_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<LessonId>) -> Result<NoContent, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let tz = state.config.time_zone();
        state
            .change(caller.origin(), move |store, journal| {
                lesson_end::delete(store, journal, &actor, id.0, &tz)
            })
            .await?;
        Ok(NoContent::Done)
    }
}
