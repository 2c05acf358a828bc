//! `/api/group-lessons`: groups with a weekly timetable that fills itself with lessons.

use super::envelope::{Data, Paged};
use super::lesson_view::GroupView;
use super::paging::{paged, with_or_only};
use super::{ApiTags, State};
use crate::domain::group::{Group, GroupOrder, GroupQuery};
use crate::domain::{CourseId, GroupId, PageRequest, SubjectId, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::schedule::form::{GroupForm, SlotForm};
use crate::service::schedule::{School, groups};
use crate::service::{FieldErrors, ServiceError};
use jiff::Timestamp;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// One weekly slot as sent.
#[derive(Debug, Object)]
pub struct SlotBody {
    /// Monday = 1 … Sunday = 7.
    #[oai(nullable)]
    pub weekday: Option<i64>,
    /// Local time «16:00».
    #[oai(nullable)]
    pub start: Option<String>,
    #[oai(nullable)]
    pub duration_minutes: Option<i64>,
}

/// A group as a form sends it.
#[derive(Debug, Object)]
pub struct GroupBody {
    #[oai(nullable)]
    pub name: Option<String>,
    #[oai(nullable)]
    pub subject_id: Option<SubjectId>,
    #[oai(nullable)]
    pub course_id: Option<CourseId>,
    /// A worker or manager; a worker may name only himself.
    #[oai(nullable)]
    pub teacher_id: Option<UserId>,
    #[oai(nullable)]
    pub student_ids: Option<Vec<UserId>>,
    #[oai(nullable)]
    pub capacity: Option<i64>,
    #[oai(nullable)]
    pub room: Option<String>,
    #[oai(nullable)]
    pub schedule: Option<Vec<SlotBody>>,
    /// «2026-09-01».
    #[oai(nullable)]
    pub starts_on: Option<String>,
    /// Null: open-ended.
    #[oai(nullable)]
    pub ends_on: Option<String>,
    /// Per lesson per student, in kopecks.
    #[oai(nullable)]
    pub price: Option<i64>,
    #[oai(nullable)]
    pub archived: Option<bool>,
    /// On a change: the `version` of the group the form was filled from; when the group has
    /// changed since, 422 on `version` and nothing saved. Left out: saved over whatever it is now.
    #[oai(nullable)]
    pub version: Option<String>,
}

impl GroupBody {
    fn form(self) -> GroupForm {
        GroupForm {
            name: self.name,
            subject_id: self.subject_id,
            course_id: self.course_id,
            teacher_id: self.teacher_id,
            student_ids: self.student_ids.unwrap_or_default(),
            capacity: self.capacity,
            room: self.room,
            schedule: self
                .schedule
                .unwrap_or_default()
                .into_iter()
                .map(|slot| SlotForm {
                    weekday: slot.weekday,
                    start: slot.start,
                    duration_minutes: slot.duration_minutes,
                })
                .collect(),
            starts_on: self.starts_on,
            ends_on: self.ends_on,
            price: self.price,
            archived: self.archived.unwrap_or(false),
            version: self.version,
        }
    }
}

/// What saving a group would do.
#[derive(Debug, Object)]
pub struct GroupPreview {
    /// Lessons it would create or change.
    pub lessons: u64,
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum GroupCreated {
    /// Created, with its lessons.
    #[oai(status = 201)]
    Created(Json<Data<GroupView>>),
}

/// The answer to a delete (answered once per request: its size does not matter).
#[derive(Debug, ApiResponse)]
#[allow(clippy::large_enum_variant)]
pub enum GroupRemoved {
    /// Deleted with its lessons (none was done or cancelled, or has a topic or homework).
    #[oai(status = 204)]
    Deleted,
    /// It has lessons done or cancelled, or with a topic or homework: archived instead, its
    /// future planned lessons removed (cancelled, those with a topic or homework).
    #[oai(status = 200)]
    Archived(Json<Data<GroupView>>),
}

/// The order `sort` asks for: a column (`name`, `subject`, `teacher`, `students`), descending
/// with a `-` in front.
fn order(sort: Option<&str>) -> Result<(GroupOrder, bool), &'static str> {
    let sort = sort.map_or("", str::trim);
    let (descending, field) = sort.strip_prefix('-').map_or((false, sort), |field| (true, field));
    let order = match field {
        "" | "name" => GroupOrder::Name,
        "subject" => GroupOrder::Subject,
        "teacher" => GroupOrder::Teacher,
        "students" => GroupOrder::Students,
        _ => return Err("Допустимо: name, subject, teacher, students (с «-» — по убыванию)"),
    };
    Ok((order, descending))
}

/// A group with the names it shows.
fn one(state: &State<'_>, group: Group) -> Result<Json<Data<GroupView>>, ApiError> {
    let school = state.read(School::load)?;
    Ok(Data::json(GroupView::new(group, &school)))
}

/// Groups.
#[derive(Default)]
pub struct GroupLessonsApi;

#[OpenApi(tag = "ApiTags::Schedule")]
impl GroupLessonsApi {
    /// List groups
    ///
    /// Staff only. By name, or by `sort`: `name`, `subject` (its name), `teacher` (his name),
    /// `students` (how many), each descending with a `-` in front (`-students`: the fullest
    /// first), ties by name; `search` matches the name (ё = е); `teacher_id`, `student_id`,
    /// `subject_id` narrow it; `archived=with|only` shows archived groups too or alone.
    #[oai(path = "/api/group-lessons", method = "get", operation_id = "group_lessons_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        search: Query<Option<String>>,
        teacher_id: Query<Option<UserId>>,
        student_id: Query<Option<UserId>>,
        subject_id: Query<Option<SubjectId>>,
        archived: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<GroupView>>, ApiError> {
        caller.allow(Rule::Staff)?;
        let mut errors = FieldErrors::new();
        let archived = errors.check("archived", with_or_only(archived.0.as_deref()));
        let order = errors.check("sort", order(sort.0.as_deref()));
        errors.into_result()?;
        let ((order, descending), archived) = (order.unwrap_or_default(), archived.unwrap_or_default());
        let query = GroupQuery {
            search: search.0.unwrap_or_default(),
            teacher: teacher_id.0,
            student: student_id.0,
            subject: subject_id.0,
            archived,
            order,
            descending,
        };
        let request = PageRequest::new(page.0, per_page.0);
        let (found, school) = state.read(|store| groups::list(store, &query, request))?;
        Ok(paged(found, |g| GroupView::new(g, &school)))
    }

    /// A group
    ///
    /// Staff only.
    #[oai(path = "/api/group-lessons/:id", method = "get", operation_id = "group_lessons_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<GroupId>,
    ) -> Result<Json<Data<GroupView>>, ApiError> {
        caller.allow(Rule::Staff)?;
        let (group, school) =
            state.read(|store| Ok::<_, ServiceError>((groups::get(store, id.0)?, School::load(store)?)))?;
        Ok(Data::json(GroupView::new(group, &school)))
    }

    /// Create a group
    ///
    /// Managers, and workers for a group they teach themselves. Needs a name, a subject, a
    /// teacher (staff), a timetable (`schedule`: weekday 1–7, `start` «16:00», minutes) and
    /// `starts_on`. Its lessons are made in the same commit, from `starts_on` to `ends_on` (or
    /// 26 weeks ahead when open-ended) in the school's time zone. Every clash of a teacher,
    /// student or room is a 422 on `starts_at`, all at once, and nothing is created.
    #[oai(path = "/api/group-lessons", method = "post", operation_id = "group_lessons_create")]
    async fn create(&self, state: State<'_>, caller: Caller, body: Json<GroupBody>) -> Result<GroupCreated, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let tz = state.config.time_zone();
        let form = body.0.form();
        let group = state
            .change(caller.origin(), move |store, journal| {
                groups::create(store, journal, &actor, form, &tz, Timestamp::now())
            })
            .await?;
        Ok(GroupCreated::Created(one(&state, group)?))
    }

    /// Check a group before saving
    ///
    /// Staff. What creating this group (or, with `id`, changing that group) would do, without
    /// saving anything: the number of lessons made or changed, or the same 422 as saving
    /// (every clash on `starts_at`).
    #[oai(
        path = "/api/group-lessons/preview",
        method = "post",
        operation_id = "group_lessons_preview"
    )]
    async fn preview(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Query<Option<GroupId>>,
        body: Json<GroupBody>,
    ) -> Result<Json<Data<GroupPreview>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let tz = state.config.time_zone();
        let form = body.0.form();
        let lessons = state
            .run(move |store| groups::preview(store, &actor, id.0, form, &tz, Timestamp::now()))
            .await?;
        Ok(Data::json(GroupPreview {
            lessons: lessons as u64,
        }))
    }

    /// Change a group
    ///
    /// Managers, and workers for a group they teach (keeping themselves as its teacher). Its
    /// future planned lessons follow the change; done, cancelled and hand-moved lessons are
    /// kept; joining students get its future lessons, leaving ones leave them. Clashes as on
    /// create; `archived: true` removes its future planned lessons. With the `version` the
    /// form was filled from, a group changed since is not saved: 422 with the message under
    /// `errors.version` (another person's edit is never lost silently).
    #[oai(
        path = "/api/group-lessons/:id",
        method = "put",
        operation_id = "group_lessons_update"
    )]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<GroupId>,
        body: Json<GroupBody>,
    ) -> Result<Json<Data<GroupView>>, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let tz = state.config.time_zone();
        let form = body.0.form();
        let group = state
            .change(caller.origin(), move |store, journal| {
                groups::update(store, journal, &actor, id.0, form, &tz, Timestamp::now())
            })
            .await?;
        one(&state, group)
    }

    /// Delete or archive a group
    ///
    /// Managers, and workers for a group they teach. A group none of whose lessons was done or
    /// cancelled, or carries a topic or homework, is deleted with its lessons (204); one with
    /// history is archived and its future planned lessons removed, those with a topic or
    /// homework cancelled instead (200 with the group).
    #[oai(
        path = "/api/group-lessons/:id",
        method = "delete",
        operation_id = "group_lessons_delete"
    )]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<GroupId>) -> Result<GroupRemoved, ApiError> {
        let actor = caller.actor(Rule::Staff)?.clone();
        let tz = state.config.time_zone();
        let removal = state
            .change(caller.origin(), move |store, journal| {
                groups::delete(store, journal, &actor, id.0, &tz, Timestamp::now())
            })
            .await?;
        match removal {
            groups::Removal::Deleted => Ok(GroupRemoved::Deleted),
            groups::Removal::Archived(group) => Ok(GroupRemoved::Archived(one(&state, group)?)),
        }
    }
}
