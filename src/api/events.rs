//! `/api/events`: the school's events (holidays, exams, meetings), which managers keep and the
//! calendars of their audience show; a holiday may cancel the lessons it covers.

use super::activity::day_start;
use super::envelope::{Data, Paged};
use super::lesson_view::local;
use super::paging::paged;
use super::vocabulary::EventKindName;
use super::{ApiTags, NoContent, State};
use crate::domain::event::{Event, EventFilter, EventKind};
use crate::domain::{EventId, PageRequest, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, MANAGE_EVENTS};
use crate::service::FieldErrors;
use crate::service::work::events::{self, AudienceForm, EventForm};
use crate::service::work::holiday::{self, Preview};
use jiff::tz::TimeZone;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

/// Whom an event is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case")]
pub enum AudienceKind {
    All,
    Staff,
    Groups,
    People,
}

/// An event's audience: everyone, the staff, some groups (their students, parents and
/// teachers) or some people (and their parents).
#[derive(Debug, Object)]
pub struct AudienceView {
    pub kind: AudienceKind,
    /// The groups' or people's ids; empty for `all` and `staff`.
    pub ids: Vec<u64>,
}

/// A school event.
#[derive(Debug, Object)]
pub struct EventView {
    pub id: EventId,
    pub title: String,
    pub description: String,
    pub kind: EventKindName,
    /// RFC 3339 with the school's offset; for an all-day event the midnight of its first day.
    pub starts_at: String,
    /// For an all-day event the midnight of the day after its last.
    pub ends_at: String,
    pub all_day: bool,
    pub audience: AudienceView,
    /// A holiday that cancels the planned lessons it covers.
    pub cancels_lessons: bool,
    pub author_id: UserId,
    pub created_at: String,
}

impl EventView {
    fn new(event: Event, tz: &TimeZone) -> Self {
        let kind = match event.audience.kind() {
            "all" => AudienceKind::All,
            "staff" => AudienceKind::Staff,
            "groups" => AudienceKind::Groups,
            _ => AudienceKind::People,
        };
        Self {
            id: event.id,
            title: event.title,
            description: event.description,
            kind: event.kind.into(),
            starts_at: local(event.starts_at, tz),
            ends_at: local(event.ends_at, tz),
            all_day: event.all_day,
            audience: AudienceView {
                kind,
                ids: event.audience.ids(),
            },
            cancels_lessons: event.cancels_lessons,
            author_id: event.author_id,
            created_at: local(event.created_at, tz),
        }
    }
}

/// The audience as sent.
#[derive(Debug, Object)]
pub struct AudienceBody {
    /// `all`, `staff`, `groups` or `people`.
    pub kind: String,
    /// The groups' or people's ids (for `groups` and `people`).
    #[oai(nullable)]
    pub ids: Option<Vec<u64>>,
}

/// An event as sent. On an update every field may be left out (it keeps its value).
#[derive(Debug, Object)]
pub struct EventBody {
    /// Required, up to 200 characters.
    #[oai(nullable)]
    pub title: Option<String>,
    #[oai(nullable)]
    pub description: Option<String>,
    /// `holiday`, `exam`, `meeting` or `other`.
    #[oai(nullable)]
    pub kind: Option<String>,
    /// All-day: a date «2026-12-29»; else a local time «2026-12-29T18:00».
    #[oai(nullable)]
    pub starts_at: Option<String>,
    /// All-day: the LAST day «2027-01-08»; else a local time after the start. At most 100 days.
    #[oai(nullable)]
    pub ends_at: Option<String>,
    #[oai(nullable)]
    pub all_day: Option<bool>,
    #[oai(nullable)]
    pub audience: Option<AudienceBody>,
    /// For a holiday: cancel the planned lessons it covers (see `events_preview`).
    #[oai(nullable)]
    pub cancels_lessons: Option<bool>,
}

impl EventBody {
    fn into_form(self) -> EventForm {
        EventForm {
            title: self.title,
            description: self.description,
            kind: self.kind,
            starts_at: self.starts_at,
            ends_at: self.ends_at,
            all_day: self.all_day,
            audience: self.audience.map(|a| AudienceForm {
                kind: a.kind,
                ids: a.ids.unwrap_or_default(),
            }),
            cancels_lessons: self.cancels_lessons,
        }
    }
}

/// What a holiday that cancels lessons would touch.
#[derive(Debug, Object)]
pub struct HolidayPreview {
    /// Planned lessons it would cancel.
    pub lessons: u64,
    /// Distinct teachers, students and parents of those lessons.
    pub people: u64,
}

impl From<Preview> for HolidayPreview {
    fn from(preview: Preview) -> Self {
        Self {
            lessons: preview.lessons as u64,
            people: preview.people as u64,
        }
    }
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum EventCreated {
    /// Created.
    #[oai(status = 201)]
    Created(Json<Data<EventView>>),
}

/// School events.
#[derive(Default)]
pub struct EventsApi;

#[OpenApi(tag = "ApiTags::Work")]
impl EventsApi {
    /// List events
    ///
    /// Managers only. The events overlapping `from`–`to` (dates, inclusive; either may be left
    /// out), of one `kind`, by start, paged (`page`, `per_page` up to 100).
    #[oai(path = "/api/events", method = "get", operation_id = "events_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        kind: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<Json<Paged<EventView>>, ApiError> {
        caller.allow(MANAGE_EVENTS)?;
        let tz = state.config.time_zone();
        let mut errors = FieldErrors::new();
        let mut day = |raw: Option<&str>, field: &str, next_day: bool| match day_start(raw, field, &tz, next_day) {
            Ok(at) => at,
            Err(crate::service::ServiceError::Invalid(fields)) => {
                errors.merge(fields);
                None
            }
            Err(_) => None,
        };
        let (from, to) = (day(from.0.as_deref(), "from", false), day(to.0.as_deref(), "to", true));
        let kind = match kind.0.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
            None => None,
            Some(raw) => {
                let found = EventKind::parse(raw);
                if found.is_none() {
                    errors.push("kind", "Допустимо: holiday, exam, meeting, other");
                }
                found
            }
        };
        errors.into_result()?;
        let filter = EventFilter { from, to, kind };
        let request = PageRequest::new(page.0, per_page.0);
        let found = state.read(|store| events::list(store, &filter, request))?;
        Ok(paged(found, |e| EventView::new(e, &tz)))
    }

    /// An event
    ///
    /// Managers only (the others see events in their calendars).
    #[oai(path = "/api/events/:id", method = "get", operation_id = "events_show")]
    async fn show(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<EventId>,
    ) -> Result<Json<Data<EventView>>, ApiError> {
        caller.allow(MANAGE_EVENTS)?;
        let event = state.read(|store| events::get(store, id.0))?;
        Ok(Data::json(EventView::new(event, &state.config.time_zone())))
    }

    /// Create an event
    ///
    /// Managers only. Notifies its audience, each person once. A holiday with
    /// `cancels_lessons` cancels the planned lessons it covers (only its groups' when the
    /// audience is groups) in the same commit, with its title as the reason.
    #[oai(path = "/api/events", method = "post", operation_id = "events_create")]
    async fn create(&self, state: State<'_>, caller: Caller, body: Json<EventBody>) -> Result<EventCreated, ApiError> {
        let actor = caller.actor(MANAGE_EVENTS)?.clone();
        let tz = state.config.time_zone();
        let form = body.0.into_form();
        let zone = tz.clone();
        let event = state
            .change(caller.origin(), move |store, journal| {
                events::create(store, journal, &actor, &form, &zone)
            })
            .await?;
        Ok(EventCreated::Created(Data::json(EventView::new(event, &tz))))
    }

    /// Change an event
    ///
    /// Managers only. Any field of the create; the audience left out is kept as it is, and sent,
    /// its people deleted and groups removed since are dropped (a new unknown id is a 422).
    /// Moving it notifies its audience again, else only the people it adds are told. A holiday
    /// with `cancels_lessons` cancels the planned lessons its span now covers and brings back
    /// those it cancelled and no holiday covers any more (one booked over since stays cancelled).
    #[oai(path = "/api/events/:id", method = "put", operation_id = "events_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<EventId>,
        body: Json<EventBody>,
    ) -> Result<Json<Data<EventView>>, ApiError> {
        let actor = caller.actor(MANAGE_EVENTS)?.clone();
        let tz = state.config.time_zone();
        let form = body.0.into_form();
        let zone = tz.clone();
        let event = state
            .change(caller.origin(), move |store, journal| {
                events::update(store, journal, &actor, id.0, form, &zone)
            })
            .await?;
        Ok(Data::json(EventView::new(event, &tz)))
    }

    /// Delete an event
    ///
    /// Managers only. Its audience is told it is cancelled, unless it is over. The lessons a
    /// holiday cancelled come back into the timetable unless another holiday still covers them
    /// (or one was booked over since); their people are told that instead.
    #[oai(path = "/api/events/:id", method = "delete", operation_id = "events_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<EventId>) -> Result<NoContent, ApiError> {
        caller.allow(MANAGE_EVENTS)?;
        let tz = state.config.time_zone();
        state
            .change(caller.origin(), move |store, journal| {
                events::delete(store, journal, id.0, &tz)
            })
            .await?;
        Ok(NoContent::Done)
    }

    /// What a holiday would cancel
    ///
    /// Managers only. The same body as a create (checked the same way, or as a change of the
    /// event `event_id` when editing it): how many planned lessons a holiday with
    /// `cancels_lessons` would cancel and how many distinct people (teachers, students, their
    /// parents) they touch — the confirmation before saving. Zero for any other event.
    #[oai(path = "/api/events/preview", method = "post", operation_id = "events_preview")]
    async fn preview(
        &self,
        state: State<'_>,
        caller: Caller,
        event_id: Query<Option<EventId>>,
        body: Json<EventBody>,
    ) -> Result<Json<Data<HolidayPreview>>, ApiError> {
        caller.allow(MANAGE_EVENTS)?;
        let tz = state.config.time_zone();
        let form = body.0.into_form();
        let preview = state.read(|store| holiday::preview(store, form, event_id.0, &tz))?;
        Ok(Data::json(preview.into()))
    }
}
