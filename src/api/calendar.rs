//! `/api/calendar`: the entries (lessons and school events) of a person or of the whole school
//! over a span of days, for the calendar pages.

use super::activity::day_start;
use super::envelope::Data;
use super::json_text::JsonText;
use super::lesson_view::{local, members};
use super::vocabulary::{EntryKindName, LessonStatusName};
use super::{ApiTags, State};
use crate::domain::calendar::CalendarEntry;
use crate::domain::{GroupId, SubjectId, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::calendar::days::{self, DayCount};
use crate::service::calendar::{self, CalendarItem, MAX_SPAN_DAYS, Scope};
use crate::service::{FieldErrors, ServiceError};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use poem_openapi::param::Query;
use poem_openapi::{Object, OpenApi};

/// One entry of a calendar: its title and colour, and the rest.
#[derive(Debug, Object)]
pub struct CalendarEntryView {
    #[oai(flatten)]
    pub names: CalendarNames,
    #[oai(flatten)]
    pub entry: CalendarFields,
}

/// What names an entry on a calendar, which changes without the lesson changing.
// Written straight to JSON text by serde: its names must stay OpenAPI's (a test compares the
// two).
#[derive(Debug, Object, serde::Serialize)]
pub struct CalendarNames {
    /// The subject's name for a lesson («Математика — Петя» on a parent's calendar, with his
    /// child's name); the event's title.
    pub title: String,
    /// A palette colour (spec §9): the subject's, or the event kind's.
    pub color: String,
}

/// An entry's fields but its title and colour: what the calendar keeps of a lesson.
#[derive(Debug, Object, serde::Serialize)]
pub struct CalendarFields {
    pub kind: EntryKindName,
    /// The lesson's (or event's) id.
    #[oai(validator(minimum(value = "1")))]
    pub id: u64,
    /// RFC 3339 with the school's offset.
    pub starts_at: String,
    pub ends_at: String,
    /// An event of whole days (from midnight to the midnight after its last day).
    pub all_day: bool,
    pub room: String,
    pub status: LessonStatusName,
    pub cancel_reason: String,
    /// A lesson's topic; an event's description.
    pub topic: String,
    #[oai(nullable)]
    pub subject_id: Option<SubjectId>,
    #[oai(nullable)]
    pub group_id: Option<GroupId>,
    #[oai(nullable)]
    pub teacher_id: Option<UserId>,
}

impl CalendarFields {
    fn new(entry: CalendarEntry, tz: &TimeZone) -> Self {
        Self {
            kind: entry.kind.into(),
            id: entry.id,
            starts_at: local(entry.starts_at, tz),
            ends_at: local(entry.ends_at, tz),
            all_day: entry.all_day,
            room: entry.room,
            status: entry.status.into(),
            cancel_reason: entry.cancel_reason,
            topic: entry.topic,
            subject_id: entry.subject_id,
            group_id: entry.group_id,
            teacher_id: entry.teacher_id,
        }
    }

    /// The JSON of `entry`'s fields but its title and colour, without the braces.
    fn text(entry: CalendarEntry, tz: &TimeZone) -> String {
        members(serde_json::to_string(&Self::new(entry, tz)))
    }
}

/// A calendar's entries.
pub type CalendarPage = Data<Vec<CalendarEntryView>>;

/// `items` as JSON text: a lesson's kept row, or an event's fields, each with its names.
fn calendar_text(items: Vec<CalendarItem>, tz: &TimeZone) -> JsonText<CalendarPage> {
    let mut text = String::with_capacity(16 + 560 * items.len());
    text.push_str(r#"{"data":["#);
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push('{');
        let names = match item {
            CalendarItem::Lesson { row, title, color } => {
                text.push_str(&row.value.text);
                CalendarNames { title, color }
            }
            CalendarItem::Event(mut event) => {
                let names = CalendarNames {
                    title: std::mem::take(&mut event.title),
                    color: std::mem::take(&mut event.color),
                };
                text.push_str(&CalendarFields::text(event, tz));
                names
            }
        };
        text.push(',');
        text.push_str(&members(serde_json::to_string(&names)));
        text.push('}');
    }
    text.push_str("]}");
    JsonText::new(text)
}

/// A required date of the span: its first instant (of the next day for `to`), or a message on
/// the field.
fn required_day(
    raw: Option<&str>,
    field: &str,
    tz: &TimeZone,
    next_day: bool,
    errors: &mut FieldErrors,
) -> Option<Timestamp> {
    match day_start(raw, field, tz, next_day) {
        Ok(Some(at)) => Some(at),
        Ok(None) => {
            errors.push(field, "Обязательное поле");
            None
        }
        Err(ServiceError::Invalid(fields)) => {
            errors.merge(fields);
            None
        }
        Err(other) => {
            errors.push(field, other.to_string());
            None
        }
    }
}

/// Calendars.
#[derive(Default)]
pub struct CalendarApi;

#[OpenApi(tag = "ApiTags::Schedule")]
impl CalendarApi {
    /// A calendar
    ///
    /// The lessons from `from` to `to` (dates `YYYY-MM-DD`, inclusive, in the school's time
    /// zone, at most 62 days), by start, each with its subject's name and colour, and the
    /// school's events (kind `event`, coloured by their kind, status `planned`). With
    /// `user_id`: that person's lessons (as teacher or student; a parent's also his children's)
    /// and the events of his audience — staff, the person himself or his parent (404 for a
    /// person who does not exist). Without it:
    /// the whole school and every event, staff only, at most 2,000 lessons (more: 422 on `to`,
    /// saying how many and asking for a teacher, a room or a week; `/api/calendar/days` counts
    /// them by day). `room` keeps one room's lessons (no events).
    #[oai(path = "/api/calendar", method = "get", operation_id = "calendar")]
    async fn calendar(
        &self,
        state: State<'_>,
        caller: Caller,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        user_id: Query<Option<UserId>>,
        room: Query<Option<String>>,
    ) -> Result<JsonText<CalendarPage>, ApiError> {
        caller.allow(user_id.0.map_or(Rule::Staff, Rule::SeeUser))?;
        let tz = state.config.time_zone();
        let span = span_of(from.0.as_deref(), to.0.as_deref(), &tz)?;
        let scope = Scope {
            person: user_id.0,
            room: room.0,
        };
        let render = |entry| CalendarFields::text(entry, &tz);
        let write = |items| calendar_text(items, &tz).into_text();
        let shelf = &state.lesson_shelf;
        let text = state.read(|store| calendar::shown::<ApiError>(store, shelf, (&scope, span), render, write))?;
        Ok(JsonText::kept(text))
    }

    /// The school's calendar by day
    ///
    /// Each day from `from` to `to` (dates `YYYY-MM-DD`, inclusive, in the school's time zone,
    /// at most 62 days) with how many of the school's lessons start on it (`lessons`: held or
    /// planned; `cancelled`) and how many school events cover some of it: a month of a school
    /// with more lessons than `/api/calendar` answers at once. `room` counts one room's
    /// lessons (and no events). Staff only.
    #[oai(path = "/api/calendar/days", method = "get", operation_id = "calendar_days")]
    async fn calendar_days(
        &self,
        state: State<'_>,
        caller: Caller,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        room: Query<Option<String>>,
    ) -> Result<JsonText<CalendarDays>, ApiError> {
        caller.allow(Rule::Staff)?;
        let tz = state.config.time_zone();
        let span = span_of(from.0.as_deref(), to.0.as_deref(), &tz)?;
        let scope = Scope {
            person: None,
            room: room.0,
        };
        let write = |days: Vec<DayCount>| {
            let data: Vec<CalendarDayView> = days.into_iter().map(CalendarDayView::from).collect();
            let text = JsonText::serialized(&Data { data }).map_err(ApiError::internal)?;
            Ok::<_, ApiError>(text.into_text())
        };
        let shelf = &state.lesson_shelf;
        let text = state.read(|store| days::counted::<ApiError>(store, shelf, (&scope, span), &tz, write))?;
        Ok(JsonText::kept(text))
    }
}

/// One day of the school's calendar counted.
#[derive(Debug, Object, serde::Serialize)]
pub struct CalendarDayView {
    /// `YYYY-MM-DD`, in the school's time zone.
    pub date: String,
    /// Lessons held or planned that start on this day.
    pub lessons: u32,
    /// Cancelled lessons that were to start on this day.
    pub cancelled: u32,
    /// School events covering some of this day.
    pub events: u32,
}

impl From<DayCount> for CalendarDayView {
    fn from(day: DayCount) -> Self {
        Self {
            date: day.date.to_string(),
            lessons: day.lessons,
            cancelled: day.cancelled,
            events: day.events,
        }
    }
}

/// The school's calendar by day.
pub type CalendarDays = Data<Vec<CalendarDayView>>;

/// The span of a calendar: from `from`'s first instant to the first instant after `to` (dates in
/// `tz`), both required, in order and at most `MAX_SPAN_DAYS` days; else 422 on the field.
fn span_of(from: Option<&str>, to: Option<&str>, tz: &TimeZone) -> Result<(Timestamp, Timestamp), ApiError> {
    let mut errors = FieldErrors::new();
    let start = required_day(from, "from", tz, false, &mut errors);
    let end = required_day(to, "to", tz, true, &mut errors);
    errors.into_result()?;
    let (Some(start), Some(end)) = (start, end) else {
        return Err(FieldErrors::one("from", "Обязательное поле").into());
    };
    if end <= start {
        return Err(FieldErrors::one("to", "Не раньше даты «с»").into());
    }
    // Whole days between the first instants of `from` and of the day after `to` (a day of a
    // daylight-saving change is 23 or 25 hours).
    let days = (end.duration_since(start).as_hours() + 12) / 24;
    if days > MAX_SPAN_DAYS {
        return Err(FieldErrors::one("to", format!("Не больше {MAX_SPAN_DAYS} дней")).into());
    }
    Ok((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::json_text::parsed;
    use crate::domain::event::{Audience, Event, EventKind};
    use crate::domain::lesson::{Lesson, LessonStatus};
    use crate::domain::subject::Subject;
    use crate::domain::{EventId, LessonId, SubjectId};
    use crate::service::schedule::lesson_list::LessonShelf;
    use crate::service::test_store::TestStore;
    use poem_openapi::payload::Json;

    fn lesson(id: u64, hour: i64, room: &str) -> Lesson {
        let starts_at = Timestamp::from_second(1_774_800_000 + hour * 3_600).expect("instant");
        Lesson {
            id: LessonId(id),
            student_ids: vec![UserId(10), UserId(11)],
            room: room.into(),
            status: LessonStatus::Done,
            cancel_reason: "Болезнь\nучителя".into(),
            topic: "Дроби «½» \"устно\"".into(),
            ..Lesson::planned(UserId(7), SubjectId(1), starts_at, 60)
        }
    }

    #[tokio::test]
    async fn a_calendar_from_kept_rows_is_what_json_of_its_entries_would_be() {
        let store = TestStore::default();
        let subject = Subject {
            id: SubjectId(1),
            name: "Математика «ОГЭ»\n\"вечер\"".into(),
            color: "blue".into(),
            archived: false,
            price: None,
        };
        store.insert(&[subject]);
        store.insert(
            &[(1, 30, "каб. 12"), (2, 2, ""), (3, 26, "Каб. 12")].map(|(id, hour, room)| lesson(id, hour, room)),
        );
        let at = |hour: i64| Timestamp::from_second(1_774_800_000 + hour * 3_600).expect("instant");
        let event = Event {
            id: EventId(1),
            title: "Каникулы \"весна\"".into(),
            description: "Без занятий".into(),
            kind: EventKind::Holiday,
            starts_at: at(0),
            ends_at: at(48),
            all_day: true,
            audience: Audience::All,
            cancels_lessons: false,
            author_id: UserId(7),
            created_at: at(0),
        };
        store.insert(&[event]);
        let tz = TimeZone::get("Europe/Berlin").expect("zone");
        let shelf = LessonShelf::default();
        let span = (at(-24), at(72));
        let scopes = [
            Scope::default(),
            Scope {
                person: Some(UserId(10)),
                room: None,
            },
            Scope {
                person: Some(UserId(10)),
                room: Some(" КАБ. 12 ".into()),
            },
            Scope {
                person: None,
                room: Some("каб. 12".into()),
            },
        ];
        // Each scope twice: the second time from the kept rows.
        for scope in scopes.iter().chain(&scopes) {
            let items = calendar::items(&store, &shelf, scope, span, |e| CalendarFields::text(e, &tz)).expect("items");
            let entries = calendar::entries(&store, scope, span.0, span.1).expect("entries");
            let data = entries
                .into_iter()
                .map(|mut entry| CalendarEntryView {
                    names: CalendarNames {
                        title: std::mem::take(&mut entry.title),
                        color: std::mem::take(&mut entry.color),
                    },
                    entry: CalendarFields::new(entry, &tz),
                })
                .collect::<Vec<_>>();
            assert!(!data.is_empty(), "{scope:?}");
            let expected = parsed(Json(Data { data })).await;
            assert_eq!(parsed(calendar_text(items, &tz)).await, expected, "{scope:?}");
        }
    }
}
