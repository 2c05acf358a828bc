//! `/api/courses`: programmes of lessons in one subject.

use super::envelope::{Data, Paged};
use super::paging::paged;
use super::subjects::SubjectView;
use super::{ApiTags, NoContent, State, catalog_query};
use crate::domain::{CourseId, PageRequest, SubjectId};
use crate::error::ApiError;
use crate::policy::{self, Caller};
use crate::service::courses::{self, CourseForm, CourseRow};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A course, with its subject.
#[derive(Debug, Object)]
pub struct CourseView {
    pub id: CourseId,
    pub subject_id: SubjectId,
    /// Null only if the subject was lost.
    #[oai(nullable)]
    pub subject: Option<SubjectView>,
    pub name: String,
    pub description: String,
    pub planned_lessons: u32,
    /// For the whole course, in kopecks.
    #[oai(nullable)]
    pub price: Option<i64>,
    /// Set by the Moodle area.
    #[oai(nullable)]
    pub moodle_course_id: Option<u64>,
    pub archived: bool,
    /// Students enrolled (any status).
    pub students_count: u64,
}

impl From<CourseRow> for CourseView {
    fn from(row: CourseRow) -> Self {
        let course = row.course;
        Self {
            id: course.id,
            subject_id: course.subject_id,
            subject: row.subject.map(SubjectView::from),
            name: course.name,
            description: course.description,
            planned_lessons: course.planned_lessons,
            price: course.price,
            moodle_course_id: course.moodle_course_id,
            archived: course.archived,
            students_count: row.enrolled as u64,
        }
    }
}

/// A course's fields.
#[derive(Debug, Object)]
pub struct CourseBody {
    #[oai(nullable)]
    pub subject_id: Option<SubjectId>,
    #[oai(nullable)]
    pub name: Option<String>,
    #[oai(nullable)]
    pub description: Option<String>,
    #[oai(nullable)]
    pub planned_lessons: Option<u32>,
    /// For the whole course, in kopecks; null when not sold as a whole.
    #[oai(nullable)]
    pub price: Option<i64>,
    #[oai(nullable)]
    pub archived: Option<bool>,
}

impl CourseBody {
    fn form(self) -> CourseForm {
        CourseForm {
            subject_id: self.subject_id,
            name: self.name.unwrap_or_default(),
            description: self.description.unwrap_or_default(),
            planned_lessons: self.planned_lessons.unwrap_or(0),
            price: self.price,
            archived: self.archived.unwrap_or(false),
        }
    }
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum CourseCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<CourseView>>),
}

/// Courses.
#[derive(Default)]
pub struct CoursesApi;

#[OpenApi(tag = "ApiTags::Teaching")]
impl CoursesApi {
    /// List courses
    ///
    /// Staff only. By name (`sort=-name` from Я to А); `search` matches the name (ё = е);
    /// `subject_id` keeps one subject's; archived ones only with `archived=with|only`; `page`,
    /// `per_page` (≤ 100).
    #[oai(path = "/api/courses", method = "get", operation_id = "courses_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        search: Query<Option<String>>,
        subject_id: Query<Option<SubjectId>>,
        archived: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<CourseView>>, ApiError> {
        caller.allow(policy::READ_CATALOG)?;
        let query = catalog_query::read(search.0, archived.0.as_deref(), sort.0.as_deref(), subject_id.0)?;
        let request = PageRequest::new(page.0, per_page.0);
        let found = state.read(|store| courses::list(store, &query, request))?;
        Ok(paged(found, CourseView::from))
    }

    /// A course
    ///
    /// Staff only.
    #[oai(path = "/api/courses/:id", method = "get", operation_id = "courses_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<CourseId>,
    ) -> Result<Json<Data<CourseView>>, ApiError> {
        caller.allow(policy::READ_CATALOG)?;
        let course = state.read(|store| courses::get(store, id.0))?;
        Ok(Data::json(course.into()))
    }

    /// Create a course
    ///
    /// Managers only. Needs a subject not in the archive and a name (up to 150 characters);
    /// `planned_lessons` (0 when not planned), `price` for the whole course in kopecks (may be
    /// null).
    #[oai(path = "/api/courses", method = "post", operation_id = "courses_create")]
    async fn create(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<CourseBody>,
    ) -> Result<CourseCreated, ApiError> {
        caller.allow(policy::MANAGE_COURSES)?;
        let form = body.0.form();
        let course = state
            .change(caller.origin(), move |store, journal| {
                courses::create(store, journal, form)
            })
            .await?;
        Ok(CourseCreated::Created(Data::json(course.into())))
    }

    /// Edit a course
    ///
    /// Managers only. Every field as on create; `archived: true` archives it. Another subject
    /// (not one in the archive) only while no student, group, lesson or package uses the course
    /// (422 on `subject_id`).
    #[oai(path = "/api/courses/:id", method = "put", operation_id = "courses_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<CourseId>,
        body: Json<CourseBody>,
    ) -> Result<Json<Data<CourseView>>, ApiError> {
        caller.allow(policy::MANAGE_COURSES)?;
        let form = body.0.form();
        let course = state
            .change(caller.origin(), move |store, journal| {
                courses::update(store, journal, id.0, form)
            })
            .await?;
        Ok(Data::json(course.into()))
    }

    /// Delete a course
    ///
    /// Managers only. Refused (422 on `id`) while students are enrolled or groups, lessons or
    /// packages belong to it: archive it instead.
    #[oai(path = "/api/courses/:id", method = "delete", operation_id = "courses_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<CourseId>) -> Result<NoContent, ApiError> {
        caller.allow(policy::MANAGE_COURSES)?;
        state
            .change(caller.origin(), move |store, journal| {
                courses::delete(store, journal, id.0)
            })
            .await?;
        Ok(NoContent::Done)
    }
}
