//! `/api/calendar`: the entries (lessons and school events) of a person or of the whole school
//! over a span of days, for the calendar pages.

use super::activity::day_start;
use super::envelope::Data;
use super::json_text::JsonText;
use super::lesson_view::local;
use super::vocabulary::{EntryKindName, LessonStatusName};
use super::{ApiTags, State};
use crate::domain::UserId;
use crate::domain::calendar::CalendarEntry;
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::calendar::{self, MAX_SPAN_DAYS, Scope};
use crate::service::{FieldErrors, ServiceError};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use poem_openapi::param::Query;
use poem_openapi::{Object, OpenApi};

/// One entry of a calendar.
// Written straight to JSON text by serde: its names must stay OpenAPI's (a test compares the
// two).
#[derive(Debug, Object, serde::Serialize)]
pub struct CalendarEntryView {
    pub kind: EntryKindName,
    /// The lesson's (or event's) id.
    pub id: u64,
    /// The subject's name for a lesson.
    pub title: String,
    /// RFC 3339 with the school's offset.
    pub starts_at: String,
    pub ends_at: String,
    /// An event of whole days (from midnight to the midnight after its last day).
    pub all_day: bool,
    /// A palette colour (spec §9): the subject's, or the event kind's.
    pub color: String,
    pub room: String,
    pub status: LessonStatusName,
    pub cancel_reason: String,
    /// A lesson's topic; an event's description.
    pub topic: String,
    #[oai(nullable)]
    pub subject_id: Option<u64>,
    #[oai(nullable)]
    pub group_id: Option<u64>,
    #[oai(nullable)]
    pub teacher_id: Option<u64>,
    pub student_ids: Vec<u64>,
}

impl CalendarEntryView {
    fn new(entry: CalendarEntry, tz: &TimeZone) -> Self {
        Self {
            kind: entry.kind.into(),
            id: entry.id,
            title: entry.title,
            starts_at: local(entry.starts_at, tz),
            ends_at: local(entry.ends_at, tz),
            all_day: entry.all_day,
            color: entry.color,
            room: entry.room,
            status: entry.status.into(),
            cancel_reason: entry.cancel_reason,
            topic: entry.topic,
            subject_id: entry.subject_id.map(|s| s.0),
            group_id: entry.group_id.map(|g| g.0),
            teacher_id: entry.teacher_id.map(|t| t.0),
            student_ids: entry.student_ids.into_iter().map(|s| s.0).collect(),
        }
    }
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
    /// and the events of his audience — staff, the person himself or his parent. Without it:
    /// the whole school and every event, staff only, at most 2,000 lessons (more: 422 on `to`,
    /// saying how many and asking for a teacher, a room or a week). `room` keeps one room's
    /// lessons (no events).
    #[oai(path = "/api/calendar", method = "get", operation_id = "calendar")]
    async fn calendar(
        &self,
        state: State<'_>,
        caller: Caller,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
        user_id: Query<Option<UserId>>,
        room: Query<Option<String>>,
    ) -> Result<JsonText<Data<Vec<CalendarEntryView>>>, ApiError> {
        caller.allow(user_id.0.map_or(Rule::Staff, Rule::SeeUser))?;
        let tz = state.config.time_zone();
        let mut errors = FieldErrors::new();
        let start = required_day(from.0.as_deref(), "from", &tz, false, &mut errors);
        let end = required_day(to.0.as_deref(), "to", &tz, true, &mut errors);
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
        let scope = Scope {
            person: user_id.0,
            room: room.0,
        };
        let entries = state.read(|store| calendar::entries(store, &scope, start, end))?;
        let data = entries.into_iter().map(|e| CalendarEntryView::new(e, &tz)).collect();
        JsonText::serialized(&Data { data }).map_err(ApiError::internal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::json_text::assert_serde_agrees;

    #[tokio::test]
    async fn a_calendar_written_by_serde_is_what_json_of_it_would_be() {
        let entry = |id: u64, lesson: bool| CalendarEntryView {
            kind: if lesson {
                EntryKindName::Lesson
            } else {
                EntryKindName::Event
            },
            id,
            title: "Математика «ОГЭ»\n\"вечер\"".into(),
            starts_at: "2026-03-29T16:00:00+02:00".into(),
            ends_at: "2026-03-29T17:00:00+02:00".into(),
            all_day: !lesson,
            color: "blue".into(),
            room: String::new(),
            status: LessonStatusName::Done,
            cancel_reason: String::new(),
            topic: "Дроби".into(),
            subject_id: lesson.then_some(1),
            group_id: lesson.then_some(9_007_199_254_740_991),
            teacher_id: lesson.then_some(7),
            student_ids: if lesson { vec![10, 11] } else { Vec::new() },
        };
        assert_serde_agrees(|| Data {
            data: vec![entry(1, true), entry(2, false)],
        })
        .await;
    }
}
