//! The private iCal link: `/api/users/{id}/calendar-feed` (show, rotate) and the feed itself,
//! `/api/users/{id}/calendar.ics?token=…`, which a phone fetches without signing in.

use super::envelope::Data;
use super::{ApiTags, State};
use crate::domain::UserId;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::{calendar, calendar_feed};
use poem::{IntoResponse, Response};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Json, Payload, PlainText};
use poem_openapi::registry::{MetaSchemaRef, Registry};
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A person's private calendar link.
#[derive(Debug, Object)]
pub struct FeedLink {
    /// The address a phone's calendar app subscribes to; null until a link is made.
    #[oai(nullable)]
    pub url: Option<String>,
}

/// An iCalendar text (RFC 5545).
pub struct IcsText(pub String);

impl Payload for IcsText {
    const CONTENT_TYPE: &'static str = "text/calendar";

    fn check_content_type(content_type: &str) -> bool {
        content_type.starts_with(Self::CONTENT_TYPE)
    }

    fn schema_ref() -> MetaSchemaRef {
        PlainText::<String>::schema_ref()
    }

    fn register(registry: &mut Registry) {
        <PlainText<String> as Payload>::register(registry);
    }
}

impl IntoResponse for IcsText {
    fn into_response(self) -> Response {
        Response::builder()
            .content_type("text/calendar; charset=utf-8")
            .header("Cache-Control", "private, no-store")
            .body(self.0)
    }
}

/// The feed.
#[derive(ApiResponse)]
pub enum FeedAnswer {
    /// The person's lessons from eight weeks back to half a year ahead.
    #[oai(status = 200)]
    Calendar(IcsText),
}

/// Private calendar links.
#[derive(Default)]
pub struct CalendarFeedApi;

#[OpenApi(tag = "ApiTags::Schedule")]
impl CalendarFeedApi {
    /// A person's calendar link
    ///
    /// The private address of the person's iCal feed (null until one is made). The person
    /// himself, his parents, or a manager.
    #[oai(
        path = "/api/users/:id/calendar-feed",
        method = "get",
        operation_id = "users_calendar_feed"
    )]
    async fn show(&self, state: State<'_>, caller: Caller, id: Path<UserId>) -> Result<Json<Data<FeedLink>>, ApiError> {
        caller.allow(Rule::CalendarFeed(id.0))?;
        let url = state.read(|store| calendar_feed::link(store, &state.config.server.public_url, id.0))?;
        Ok(Data::json(FeedLink { url }))
    }

    /// Make a new calendar link
    ///
    /// Makes the person's private iCal address (the first or a new one); the previous address
    /// stops working at once. The person himself, his parents, or a manager.
    #[oai(
        path = "/api/users/:id/calendar-feed/rotate",
        method = "post",
        operation_id = "users_calendar_feed_rotate"
    )]
    async fn rotate(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
    ) -> Result<Json<Data<FeedLink>>, ApiError> {
        caller.allow(Rule::CalendarFeed(id.0))?;
        let public_url = state.config.server.public_url.clone();
        let url = state
            .change(caller.origin(), move |store, journal| {
                calendar_feed::rotate(store, journal, &public_url, id.0)
            })
            .await?;
        Ok(Data::json(FeedLink { url: Some(url) }))
    }

    /// A person's iCal feed
    ///
    /// For a phone's calendar app: works without signing in, with the token of the person's
    /// private link. A missing or wrong token (or no such person) is 404, the same answer in
    /// every case, so a guess learns nothing. The person's lessons (and his children's, for a
    /// parent) from eight weeks back to half a year ahead, in the school's time zone.
    #[oai(
        path = "/api/users/:id/calendar.ics",
        method = "get",
        operation_id = "users_calendar_ics"
    )]
    async fn feed(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        token: Query<Option<String>>,
    ) -> Result<FeedAnswer, ApiError> {
        caller.allow(Rule::Public)?;
        let token = token.0.unwrap_or_default();
        let text = state.read(|store| {
            calendar_feed::check(store, id.0, &token)?;
            calendar::feed(store, &state.config, id.0)
        })?;
        Ok(FeedAnswer::Calendar(IcsText(text)))
    }
}
