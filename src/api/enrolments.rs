//! `/api/courses/{id}/enrolments`: the students enrolled in a course.

use super::envelope::Data;
use super::vocabulary::EnrolmentStatusName;
use super::{ApiTags, NoContent, State};
use crate::domain::course::Enrolment;
use crate::domain::{CourseId, EnrolmentId, User, UserId};
use crate::error::ApiError;
use crate::policy::{self, Caller};
use crate::service::enrolments::{self, EnrolmentForm, EnrolmentRow};
use crate::service::people;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::MaybeUndefined;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A student's enrolment in a course.
#[derive(Debug, Object)]
pub struct EnrolmentView {
    pub id: EnrolmentId,
    pub course_id: CourseId,
    pub student_id: UserId,
    /// «Фамилия Имя Отчество».
    pub student_name: String,
    pub status: EnrolmentStatusName,
    /// `YYYY-MM-DD`.
    pub starts_on: String,
    /// `YYYY-MM-DD`; null while open-ended.
    #[oai(nullable)]
    pub ends_on: Option<String>,
}

impl From<EnrolmentRow> for EnrolmentView {
    fn from(row: EnrolmentRow) -> Self {
        Self::new(row.enrolment, &row.student)
    }
}

impl EnrolmentView {
    /// The view of `e`, whose student is `student`.
    pub fn new(e: Enrolment, student: &User) -> Self {
        Self {
            id: e.id,
            course_id: e.course_id,
            student_id: e.student_id,
            student_name: student.full_name(),
            status: e.status.into(),
            starts_on: e.starts_on.to_string(),
            ends_on: e.ends_on.map(|d| d.to_string()),
        }
    }
}

/// An enrolment's fields (`student_id` on enrolling only). On a change, a field left out keeps
/// its value.
#[derive(Debug, Object)]
pub struct EnrolmentBody {
    #[oai(nullable)]
    pub student_id: Option<UserId>,
    /// `active` (the default), `paused` or `finished`.
    #[oai(nullable)]
    pub status: Option<String>,
    /// `YYYY-MM-DD`; today when absent.
    #[oai(nullable)]
    pub starts_on: Option<String>,
    /// `YYYY-MM-DD`, not before `starts_on`; null while open-ended (on a change, null clears
    /// it and leaving it out keeps it).
    #[oai(nullable)]
    pub ends_on: MaybeUndefined<String>,
}

impl EnrolmentBody {
    fn form(self) -> EnrolmentForm {
        EnrolmentForm {
            student_id: self.student_id,
            status: self.status,
            starts_on: self.starts_on,
            ends_on: self.ends_on.into(),
        }
    }
}

/// The answer to an enrolment.
#[derive(Debug, ApiResponse)]
pub enum EnrolmentCreated {
    /// Enrolled.
    #[oai(status = 201)]
    Created(Json<Data<EnrolmentView>>),
}

/// Enrolments.
#[derive(Default)]
pub struct EnrolmentsApi;

#[OpenApi(tag = "ApiTags::Teaching")]
impl EnrolmentsApi {
    /// A course's students
    ///
    /// Staff only. Every enrolment of the course, by the students' names.
    #[oai(
        path = "/api/courses/:id/enrolments",
        method = "get",
        operation_id = "enrolments_list"
    )]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<CourseId>,
    ) -> Result<Json<Data<Vec<EnrolmentView>>>, ApiError> {
        caller.allow(policy::READ_CATALOG)?;
        let rows = state.read(|store| enrolments::list(store, id.0))?;
        Ok(Data::json(rows.into_iter().map(EnrolmentView::from).collect()))
    }

    /// Enrol a student
    ///
    /// Managers only. The person must be a student, enrolled in this course once (422 on
    /// `student_id` otherwise); a course in the archive takes nobody (422 on `course_id`).
    #[oai(
        path = "/api/courses/:id/enrolments",
        method = "post",
        operation_id = "enrolments_create"
    )]
    async fn create(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<CourseId>,
        body: Json<EnrolmentBody>,
    ) -> Result<EnrolmentCreated, ApiError> {
        caller.allow(policy::MANAGE_COURSES)?;
        let form = body.0.form();
        let today = people::today(&state.config.school.timezone);
        let row = state
            .change(caller.origin(), move |store, journal| {
                enrolments::create(store, journal, id.0, form, today)
            })
            .await?;
        Ok(EnrolmentCreated::Created(Data::json(row.into())))
    }

    /// Change an enrolment
    ///
    /// Managers only. Status and dates (the student stays); a field left out keeps its value,
    /// `ends_on: null` makes the enrolment open-ended.
    #[oai(
        path = "/api/courses/:id/enrolments/:enrolment",
        method = "put",
        operation_id = "enrolments_update"
    )]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<CourseId>,
        enrolment: Path<EnrolmentId>,
        body: Json<EnrolmentBody>,
    ) -> Result<Json<Data<EnrolmentView>>, ApiError> {
        caller.allow(policy::MANAGE_COURSES)?;
        let form = body.0.form();
        let today = people::today(&state.config.school.timezone);
        let row = state
            .change(caller.origin(), move |store, journal| {
                enrolments::update(store, journal, id.0, enrolment.0, form, today)
            })
            .await?;
        Ok(Data::json(row.into()))
    }

    /// Remove a student from a course
    ///
    /// Managers only.
    #[oai(
        path = "/api/courses/:id/enrolments/:enrolment",
        method = "delete",
        operation_id = "enrolments_delete"
    )]
    async fn delete(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<CourseId>,
        enrolment: Path<EnrolmentId>,
    ) -> Result<NoContent, ApiError> {
        caller.allow(policy::MANAGE_COURSES)?;
        state
            .change(caller.origin(), move |store, journal| {
                enrolments::delete(store, journal, id.0, enrolment.0)
            })
            .await?;
        Ok(NoContent::Done)
    }
}
