//! `GET /api/history` and `GET /api/users/{id}/logs`: the append-only activity log
//! (managers). There is no operation that changes or removes an entry.

use super::envelope::{Data, Paged};
use super::json_text::JsonText;
use super::paging::PageMeta;
use super::vocabulary::EntityName;
use super::{ApiTags, State};
use crate::domain::activity::{Action, ActivityEntry, ActivityFilter};
use crate::domain::{ActivityId, Page, PageRequest, User, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::ServiceError;
use crate::service::activity::{self, EntryText};
use crate::service::{DAY_FORMAT, FieldErrors};
use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use std::sync::Arc;

/// One entry of the log.
#[derive(Debug, Object, serde::Serialize)]
pub struct ActivityView {
    pub id: ActivityId,
    /// RFC 3339 on the school's clock: «2026-11-24T16:00:00+03:00».
    pub created_at: String,
    /// Who made the change (while impersonating: the impersonated user); null from the
    /// command line.
    #[oai(nullable)]
    pub actor_id: Option<UserId>,
    #[oai(nullable)]
    pub actor_name: Option<String>,
    /// The manager acting as `actor`, if any.
    #[oai(nullable)]
    pub impersonator_id: Option<UserId>,
    #[oai(nullable)]
    pub impersonator_name: Option<String>,
    /// A code such as `user.updated` (see `GET /api/history/actions`).
    pub action: String,
    /// The action in Russian.
    pub action_title: String,
    pub entity: EntityName,
    #[oai(nullable, validator(minimum(value = "1")))]
    pub entity_id: Option<u64>,
    /// The people the change was done to (for a file: whose cabinet).
    pub subject_ids: Vec<UserId>,
    /// What changed, in Russian.
    pub summary: String,
    #[oai(nullable)]
    pub ip: Option<String>,
}

/// Where an entry's text leaves room for its actor's name and its impersonator's: the fields
/// of the view with no names, as serde writes them.
const NAME_HOLES: [&str; 2] = [r#""actor_name":null"#, r#""impersonator_name":null"#];

impl ActivityView {
    /// The view of `entry`, its time on the school's clock (`tz`), naming people by `name`.
    fn new(entry: ActivityEntry, tz: &TimeZone, name: impl Fn(UserId) -> Option<String>) -> Self {
        let name = |id: Option<UserId>| id.and_then(&name);
        Self {
            id: entry.id,
            created_at: super::lesson_view::local(entry.at, tz),
            actor_id: entry.actor,
            actor_name: name(entry.actor),
            impersonator_id: entry.impersonator,
            impersonator_name: name(entry.impersonator),
            action: entry.action.code().to_owned(),
            action_title: entry.action.title().to_owned(),
            entity: entry.entity.into(),
            entity_id: entry.entity_id,
            subject_ids: entry.subjects.to_vec(),
            summary: entry.summary,
            ip: entry.ip,
        }
    }

    /// The text of `entry`'s view without names, cut where the names go (`NAME_HOLES`), to be
    /// kept: the names are the only part of an entry's view that can change.
    fn text(entry: ActivityEntry, tz: &TimeZone) -> EntryText {
        let (actor, impersonator) = (entry.actor, entry.impersonator);
        let text = serde_json::to_string(&Self::new(entry, tz, |_| None)).unwrap_or_default();
        // Both fields are in every view, before any text a person wrote, and a quote in such
        // text is escaped: each hole is found once, where the field is.
        let cut = |text: &str, hole: &str| -> (Box<str>, Box<str>) {
            let at = text
                .find(hole)
                .unwrap_or_else(|| unreachable!("an entry's view always has {hole}"));
            let keep = at + hole.len() - "null".len();
            (text[..keep].into(), text[at + hole.len()..].into())
        };
        let (first, rest) = cut(&text, NAME_HOLES[0]);
        let (second, third) = cut(&rest, NAME_HOLES[1]);
        EntryText {
            pieces: [first, second, third],
            actor,
            impersonator,
        }
    }
}

/// A person's full name as a JSON string: how the log shows a name.
fn name_json(user: &User) -> String {
    serde_json::to_string(&user.full_name()).unwrap_or_default()
}

/// A page of the log as the JSON text of `Paged<ActivityView>`: each entry's kept text with the
/// people's names put in (`name_text`: a name as JSON text, `None` for nobody by that id).
fn page_text<'a>(
    page: &Page<Arc<EntryText>>,
    name_text: impl Fn(UserId) -> Option<&'a str>,
) -> JsonText<Paged<ActivityView>> {
    let name_of = |text: &mut String, id: Option<UserId>| {
        text.push_str(id.and_then(&name_text).unwrap_or("null"));
    };
    let mut text = String::with_capacity(
        64 + page
            .items
            .iter()
            .map(|e| 64 + e.pieces.iter().map(|p| p.len()).sum::<usize>())
            .sum::<usize>(),
    );
    text.push_str(r#"{"data":["#);
    for (i, entry) in page.items.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&entry.pieces[0]);
        name_of(&mut text, entry.actor);
        text.push_str(&entry.pieces[1]);
        name_of(&mut text, entry.impersonator);
        text.push_str(&entry.pieces[2]);
    }
    text.push_str(r#"],"meta":"#);
    text.push_str(&serde_json::to_string(&PageMeta::of(page)).unwrap_or_default());
    text.push('}');
    JsonText::new(text)
}

/// An action the log knows, for the history's filter.
#[derive(Debug, Object)]
pub struct ActionView {
    pub action: String,
    pub title: String,
}

/// The activity log.
#[derive(Default)]
pub struct ActivityApi;

/// The instant a day starts in the school's time zone (the day after, with `next_day`: an
/// inclusive "to" date); `None` when the field is empty. Shared by the filters by date.
pub(super) fn day_start(
    raw: Option<&str>,
    field: &str,
    tz: &TimeZone,
    next_day: bool,
) -> Result<Option<Timestamp>, ServiceError> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    let invalid = || FieldErrors::one(field, DAY_FORMAT);
    let date: Date = raw.parse().map_err(|_| invalid())?;
    let date = if next_day {
        date.tomorrow().map_err(|_| invalid())?
    } else {
        date
    };
    let start = date.to_zoned(tz.clone()).map_err(|_| invalid())?;
    Ok(Some(start.timestamp()))
}

/// Reads one page of the log for `person` (or everyone).
fn read(
    state: &State<'_>,
    person: Option<UserId>,
    action: Option<String>,
    date_from: Option<String>,
    date_to: Option<String>,
    request: PageRequest,
) -> Result<JsonText<Paged<ActivityView>>, ApiError> {
    let tz = TimeZone::get(&state.config.school.timezone).unwrap_or(TimeZone::UTC);
    let action = match action.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        None => None,
        Some(code) => Some(
            code.parse::<Action>()
                .map_err(|()| FieldErrors::one("action", "Неизвестное действие"))?,
        ),
    };
    let filter = ActivityFilter {
        person,
        action,
        from: day_start(date_from.as_deref(), "date_from", &tz, false)?,
        until: day_start(date_to.as_deref(), "date_to", &tz, true)?,
    };
    let write = |found: &activity::LogPage| page_text(&found.page, |id| found.name(id, name_json)).into_text();
    let text = state.read(|store| {
        activity::page_text(
            store,
            &state.log_shelf,
            &filter,
            request,
            |e| ActivityView::text(e, &tz),
            write,
        )
    })?;
    Ok(JsonText::kept(text))
}

#[OpenApi(tag = "ApiTags::History")]
impl ActivityApi {
    /// Activity log
    ///
    /// Every change in the portal, newest first, paged (`page`, `per_page` up to 100):
    /// who made it, as whom, from where, what and when. Filters: `user_id` (done by, as, or to
    /// that person), `action` (a code), `date_from` and `date_to` (`YYYY-MM-DD`, inclusive, in
    /// the school's time zone). Managers only. Entries cannot be edited or deleted.
    #[oai(path = "/api/history", method = "get", operation_id = "history_list")]
    #[allow(clippy::too_many_arguments)]
    async fn history(
        &self,
        state: State<'_>,
        caller: Caller,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
        user_id: Query<Option<UserId>>,
        action: Query<Option<String>>,
        date_from: Query<Option<String>>,
        date_to: Query<Option<String>>,
    ) -> Result<JsonText<Paged<ActivityView>>, ApiError> {
        caller.allow(Rule::Manager)?;
        let request = PageRequest::new(page.0, per_page.0);
        read(&state, user_id.0, action.0, date_from.0, date_to.0, request)
    }

    /// A person's log
    ///
    /// What was done to and by one person (including as them, while impersonated), newest
    /// first, with the filters of the activity log. Managers only.
    #[oai(path = "/api/users/:id/logs", method = "get", operation_id = "users_logs")]
    #[allow(clippy::too_many_arguments)]
    async fn of_user(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
        action: Query<Option<String>>,
        date_from: Query<Option<String>>,
        date_to: Query<Option<String>>,
    ) -> Result<JsonText<Paged<ActivityView>>, ApiError> {
        caller.allow(Rule::Manager)?;
        let request = PageRequest::new(page.0, per_page.0);
        read(&state, Some(id.0), action.0, date_from.0, date_to.0, request)
    }

    /// Actions of the log
    ///
    /// Every action code with its Russian title, for the history's filter. Managers only.
    #[oai(path = "/api/history/actions", method = "get", operation_id = "history_actions")]
    async fn actions(&self, caller: Caller) -> Result<Json<Data<Vec<ActionView>>>, ApiError> {
        caller.allow(Rule::Manager)?;
        Ok(Json(Data {
            data: Action::ALL
                .iter()
                .map(|a| ActionView {
                    action: a.code().to_owned(),
                    title: a.title().to_owned(),
                })
                .collect(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::json_text::assert_serde_agrees;
    use crate::domain::ActivityId;
    use crate::domain::activity::Entity;
    use poem::IntoResponse;
    use std::collections::HashMap;

    /// Entries of user 2 (named) as user 9 (named, with quotes to escape) or as himself, and
    /// of nobody, with a summary holding what the names' places look like.
    fn sample() -> (Page<ActivityEntry>, HashMap<UserId, String>) {
        let entry = |id, actor, impersonator| ActivityEntry {
            id: ActivityId(id),
            at: Timestamp::from_second(1_780_000_000).expect("time"),
            actor,
            impersonator,
            action: Action::UserUpdated,
            entity: Entity::User,
            entity_id: Some(5),
            summary: "Телефон: «—» → «+79123456789»\n\"кавычки\" \"actor_name\":null".into(),
            ip: None,
            subjects: vec![UserId(5), UserId(6)],
        };
        let names = HashMap::from([
            (UserId(2), "Орлова Наталья".to_owned()),
            (UserId(9), "Д'Артаньян \"Шарль\"".to_owned()),
        ]);
        let page = Page {
            items: vec![
                entry(3, Some(UserId(2)), Some(UserId(9))),
                entry(2, Some(UserId(2)), None),
                entry(1, None, Some(UserId(7))),
            ],
            total: 41,
            request: PageRequest::new(Some(2), Some(3)),
        };
        (page, names)
    }

    fn moscow() -> TimeZone {
        TimeZone::get("Europe/Moscow").expect("zone")
    }

    #[test]
    fn an_entrys_time_is_on_the_schools_clock() {
        let (page, _) = sample();
        let view = ActivityView::new(page.items[0].clone(), &moscow(), |_| None);
        // 1_780_000_000 s is 2026-05-28T20:26:40Z: 23:26 in Moscow.
        assert_eq!(view.created_at, "2026-05-28T23:26:40+03:00");
    }

    fn views(page: &Page<ActivityEntry>, names: &HashMap<UserId, String>) -> Paged<ActivityView> {
        Paged {
            data: page
                .items
                .iter()
                .cloned()
                .map(|e| ActivityView::new(e, &moscow(), |id| names.get(&id).cloned()))
                .collect(),
            meta: PageMeta::of(page),
        }
    }

    #[tokio::test]
    async fn a_page_written_by_serde_is_what_json_of_the_page_would_be() {
        let (page, names) = sample();
        assert_serde_agrees(|| views(&page, &names)).await;
    }

    #[tokio::test]
    async fn a_page_of_kept_texts_with_names_put_in_is_what_serde_writes() {
        let (page, names) = sample();
        let texts = page.clone().map(|e| Arc::new(ActivityView::text(e, &moscow())));
        let json: HashMap<UserId, String> = names
            .iter()
            .map(|(id, name)| (*id, serde_json::to_string(name).expect("json")))
            .collect();
        let pieced = page_text(&texts, |id| json.get(&id).map(String::as_str));
        let whole = serde_json::to_string(&views(&page, &names)).expect("json");
        assert_eq!(
            pieced.into_response().into_body().into_string().await.expect("body"),
            whole
        );
    }
}
