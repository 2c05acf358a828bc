//! `/api/tags`: the school's tag catalogue.

use super::envelope::Data;
use super::{ApiTags, NoContent, State};
use crate::domain::{Tag, TagId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::tags;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A tag.
#[derive(Debug, Object)]
pub struct TagView {
    pub id: TagId,
    pub name: String,
    /// One of the palette's colours (red, orange, … gray).
    pub color: String,
    /// People (not deleted) carrying it; only in the list.
    #[oai(nullable)]
    pub users_count: Option<u64>,
}

impl TagView {
    fn new(tag: Tag, users_count: Option<u64>) -> Self {
        Self {
            id: tag.id,
            name: tag.name,
            color: tag.color,
            users_count,
        }
    }
}

/// A tag's name and colour.
#[derive(Debug, Object)]
pub struct TagBody {
    #[oai(nullable)]
    pub name: Option<String>,
    #[oai(nullable)]
    pub color: Option<String>,
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum TagCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<TagView>>),
}

/// Tags.
#[derive(Default)]
pub struct TagsApi;

#[OpenApi(tag = "ApiTags::People")]
impl TagsApi {
    /// List tags
    ///
    /// Staff only. Every tag, by name, with how many people carry it.
    #[oai(path = "/api/tags", method = "get", operation_id = "tags_list")]
    async fn list(&self, state: State<'_>, caller: Caller) -> Result<Json<Data<Vec<TagView>>>, ApiError> {
        caller.allow(Rule::Staff)?;
        let all = state.read(tags::list)?;
        Ok(Json(Data {
            data: all
                .into_iter()
                .map(|t| TagView::new(t.tag, Some(t.users as u64)))
                .collect(),
        }))
    }

    /// A tag
    ///
    /// Staff only.
    #[oai(path = "/api/tags/:id", method = "get", operation_id = "tags_show")]
    async fn show(&self, state: State<'_>, caller: Caller, id: Path<TagId>) -> Result<Json<Data<TagView>>, ApiError> {
        caller.allow(Rule::Staff)?;
        let tag = state.read(|store| tags::get(store, id.0))?;
        Ok(Json(Data {
            data: TagView::new(tag, None),
        }))
    }

    /// Create a tag
    ///
    /// Staff only. The name is unique (ignoring case and ё/е), up to 50 characters.
    #[oai(path = "/api/tags", method = "post", operation_id = "tags_create")]
    async fn create(&self, state: State<'_>, caller: Caller, body: Json<TagBody>) -> Result<TagCreated, ApiError> {
        caller.allow(Rule::Staff)?;
        let (name, color) = (body.0.name.unwrap_or_default(), body.0.color.unwrap_or_default());
        let tag = state
            .change(caller.origin(), move |store, journal| {
                tags::create(store, journal, &name, &color)
            })
            .await?;
        Ok(TagCreated::Created(Json(Data {
            data: TagView::new(tag, None),
        })))
    }

    /// Rename or recolour a tag
    ///
    /// Staff only.
    #[oai(path = "/api/tags/:id", method = "put", operation_id = "tags_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<TagId>,
        body: Json<TagBody>,
    ) -> Result<Json<Data<TagView>>, ApiError> {
        caller.allow(Rule::Staff)?;
        let (name, color) = (body.0.name.unwrap_or_default(), body.0.color.unwrap_or_default());
        let tag = state
            .change(caller.origin(), move |store, journal| {
                tags::update(store, journal, id.0, &name, &color)
            })
            .await?;
        Ok(Json(Data {
            data: TagView::new(tag, None),
        }))
    }

    /// Delete a tag
    ///
    /// Staff only. The tag is taken off everyone who carried it.
    #[oai(path = "/api/tags/:id", method = "delete", operation_id = "tags_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<TagId>) -> Result<NoContent, ApiError> {
        caller.allow(Rule::Staff)?;
        state
            .change(caller.origin(), move |store, journal| {
                tags::delete(store, journal, id.0)
            })
            .await?;
        Ok(NoContent::Done)
    }
}
