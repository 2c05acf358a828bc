//! `/api/subjects`: what the school teaches.

use super::envelope::{Data, Paged};
use super::paging::paged;
use super::{ApiTags, NoContent, State, catalog_query};
use crate::domain::subject::Subject;
use crate::domain::{PageRequest, SubjectId};
use crate::error::ApiError;
use crate::policy::{self, Caller};
use crate::service::subjects::{self, SubjectForm};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A subject.
#[derive(Debug, Object)]
pub struct SubjectView {
    pub id: SubjectId,
    pub name: String,
    /// One of the palette's colours (red, orange, … gray).
    pub color: String,
    pub archived: bool,
    /// A lesson's usual price per student, in kopecks (a student's own price overrides it).
    #[oai(nullable)]
    pub price: Option<i64>,
}

impl From<Subject> for SubjectView {
    fn from(subject: Subject) -> Self {
        Self {
            id: subject.id,
            name: subject.name,
            color: subject.color,
            archived: subject.archived,
            price: subject.price,
        }
    }
}

/// A subject's fields.
#[derive(Debug, Object)]
pub struct SubjectBody {
    #[oai(nullable)]
    pub name: Option<String>,
    #[oai(nullable)]
    pub color: Option<String>,
    /// In kopecks.
    #[oai(nullable)]
    pub price: Option<i64>,
    #[oai(nullable)]
    pub archived: Option<bool>,
}

impl SubjectBody {
    fn form(self) -> SubjectForm {
        SubjectForm {
            name: self.name.unwrap_or_default(),
            color: self.color.unwrap_or_default(),
            price: self.price,
            archived: self.archived.unwrap_or(false),
        }
    }
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum SubjectCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<SubjectView>>),
}

/// Subjects.
#[derive(Default)]
pub struct SubjectsApi;

#[OpenApi(tag = "ApiTags::Teaching")]
impl SubjectsApi {
    /// List subjects
    ///
    /// Staff only. By name (Russian order; `sort=-name` from Я to А); `search` matches the name
    /// (ё = е); archived ones only with `archived=with` (all) or `archived=only`; `page`,
    /// `per_page` (≤ 100).
    #[oai(path = "/api/subjects", method = "get", operation_id = "subjects_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        search: Query<Option<String>>,
        archived: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<SubjectView>>, ApiError> {
        caller.allow(policy::READ_CATALOG)?;
        let query = catalog_query::read(search.0, archived.0.as_deref(), sort.0.as_deref(), None)?;
        let request = PageRequest::new(page.0, per_page.0);
        let found = state.read(|store| subjects::list(store, &query, request))?;
        Ok(paged(found, SubjectView::from))
    }

    /// A subject
    ///
    /// Staff only.
    #[oai(path = "/api/subjects/:id", method = "get", operation_id = "subjects_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<SubjectId>,
    ) -> Result<Json<Data<SubjectView>>, ApiError> {
        caller.allow(policy::READ_CATALOG)?;
        let subject = state.read(|store| subjects::get(store, id.0))?;
        Ok(Data::json(subject.into()))
    }

    /// Create a subject
    ///
    /// Staff. The name is unique (ignoring case and ё/е), up to 50 characters; the colour is
    /// one of the palette's; the price (kopecks) may be null, and only a manager sets one (403).
    #[oai(path = "/api/subjects", method = "post", operation_id = "subjects_create")]
    async fn create(
        &self,
        state: State<'_>,
        caller: Caller,
        body: Json<SubjectBody>,
    ) -> Result<SubjectCreated, ApiError> {
        let actor = caller.actor(policy::MANAGE_SUBJECTS)?.clone();
        let form = body.0.form();
        let subject = state
            .change(caller.origin(), move |store, journal| {
                subjects::create(store, journal, &actor, form)
            })
            .await?;
        Ok(SubjectCreated::Created(Data::json(subject.into())))
    }

    /// Edit a subject
    ///
    /// Staff. Rename, recolour, reprice (a manager only: 403), archive (`archived: true`) or
    /// bring back.
    #[oai(path = "/api/subjects/:id", method = "put", operation_id = "subjects_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<SubjectId>,
        body: Json<SubjectBody>,
    ) -> Result<Json<Data<SubjectView>>, ApiError> {
        let actor = caller.actor(policy::MANAGE_SUBJECTS)?.clone();
        let form = body.0.form();
        let subject = state
            .change(caller.origin(), move |store, journal| {
                subjects::update(store, journal, &actor, id.0, form)
            })
            .await?;
        Ok(Data::json(subject.into()))
    }

    /// Delete a subject
    ///
    /// Staff. Refused (422 on `id`) while courses, groups, lessons, packages or marks use it:
    /// archive it instead. The people who studied or taught it no longer do.
    #[oai(path = "/api/subjects/:id", method = "delete", operation_id = "subjects_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<SubjectId>) -> Result<NoContent, ApiError> {
        caller.allow(policy::MANAGE_SUBJECTS)?;
        state
            .change(caller.origin(), move |store, journal| {
                subjects::delete(store, journal, id.0)
            })
            .await?;
        Ok(NoContent::Done)
    }
}
