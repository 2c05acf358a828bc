//! An event as a manager sends it, checked field by field (a 422 names each wrong one): title,
//! kind, the span (all-day events as dates, the last day included), the audience's ids (on a
//! change, the stored audience is kept as it is, its people deleted and groups removed since too).

use crate::domain::event::{Audience, Event, EventKind, MAX_DAYS, MAX_TITLE};
use crate::domain::group::Group;
use crate::domain::{GroupId, UserId};
use crate::service::schedule::form;
use crate::service::{FieldErrors, ServiceError};
use crate::store::record::{self, Reader};
use crate::store::users;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp, ToSpan};

/// An event as a manager sends it; on an update a field left out keeps its value.
#[derive(Clone, Debug, Default)]
pub struct EventForm {
    pub title: Option<String>,
    pub description: Option<String>,
    /// `holiday`, `exam`, `meeting` or `other`.
    pub kind: Option<String>,
    /// A date «2026-12-29» for an all-day event, else a local time «2026-12-29T18:00» (or an
    /// instant with its offset).
    pub starts_at: Option<String>,
    /// For an all-day event its LAST day.
    pub ends_at: Option<String>,
    pub all_day: Option<bool>,
    pub audience: Option<AudienceForm>,
    pub cancels_lessons: Option<bool>,
}

/// `{kind: all|staff|groups|people, ids}`.
#[derive(Clone, Debug, Default)]
pub struct AudienceForm {
    pub kind: String,
    pub ids: Vec<u64>,
}

/// What an event is once checked (everything but its id, author and creation).
#[derive(Clone, Debug)]
pub struct Checked {
    pub title: String,
    pub description: String,
    pub kind: EventKind,
    pub starts_at: Timestamp,
    pub ends_at: Timestamp,
    pub all_day: bool,
    pub audience: Audience,
    pub cancels_lessons: bool,
}

const REQUIRED: &str = "Обязательное поле";
const MAX_DESCRIPTION: usize = 5000;

/// The form `event` would be sent as, for filling what an update leaves out (but its audience,
/// which the update keeps as stored: `audience_of`).
fn form_of(event: &Event, all_day: bool, tz: &TimeZone) -> EventForm {
    let (starts_at, ends_at) = if all_day {
        let last = (event.ends_at - SignedDuration::from_secs(1))
            .to_zoned(tz.clone())
            .date();
        let first = event.starts_at.to_zoned(tz.clone()).date();
        (first.to_string(), last.max(first).to_string())
    } else {
        let local = |at: Timestamp| at.to_zoned(tz.clone()).strftime("%Y-%m-%dT%H:%M").to_string();
        (local(event.starts_at), local(event.ends_at))
    };
    EventForm {
        title: Some(event.title.clone()),
        description: Some(event.description.clone()),
        kind: Some(event.kind.as_str().to_owned()),
        starts_at: Some(starts_at),
        ends_at: Some(ends_at),
        all_day: Some(all_day),
        audience: None,
        cancels_lessons: Some(event.cancels_lessons),
    }
}

/// `form` over `old`: what the update leaves out stays as it was.
fn merged(form: EventForm, old: &Event, tz: &TimeZone) -> EventForm {
    let all_day = form.all_day.unwrap_or(old.all_day);
    let base = form_of(old, all_day, tz);
    EventForm {
        title: form.title.or(base.title),
        description: form.description.or(base.description),
        kind: form.kind.or(base.kind),
        starts_at: form.starts_at.or(base.starts_at),
        ends_at: form.ends_at.or(base.ends_at),
        all_day: Some(all_day),
        audience: form.audience,
        cancels_lessons: form.cancels_lessons.or(base.cancels_lessons),
    }
}

/// The start and end of an all-day event (midnights; the end the day after its last) or a
/// timed one.
fn span(errors: &mut FieldErrors, form: &EventForm, tz: &TimeZone) -> Option<(Timestamp, Timestamp)> {
    let all_day = form.all_day.unwrap_or(false);
    let mut at = |field: &str, raw: Option<&str>, next_day: bool| -> Option<Timestamp> {
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
            errors.push(field, REQUIRED);
            return None;
        };
        if all_day {
            // A time sent with an all-day event is ignored: its day counts.
            let day = raw.get(..10).unwrap_or(raw);
            let date = form::date(errors, field, Some(day))?;
            let date = if next_day { date.tomorrow().ok()? } else { date };
            return date.to_zoned(tz.clone()).ok().map(|z| z.timestamp());
        }
        let found = form::instant(raw, tz);
        if found.is_none() {
            errors.push(field, "Дата и время в формате ГГГГ-ММ-ДДTЧЧ:ММ, с 2000 по 2100 год");
        }
        found
    };
    let starts = at("starts_at", form.starts_at.as_deref(), false);
    let ends = at("ends_at", form.ends_at.as_deref(), true);
    let (starts, ends) = (starts?, ends?);
    if ends <= starts {
        errors.push(
            "ends_at",
            if all_day {
                "Не раньше первого дня"
            } else {
                "Позже начала"
            },
        );
        return None;
    }
    let longest = starts
        .to_zoned(tz.clone())
        .checked_add(MAX_DAYS.days())
        .ok()?
        .timestamp();
    if ends > longest {
        errors.push("ends_at", format!("Событие не длиннее {MAX_DAYS} дней"));
        return None;
    }
    Some((starts, ends))
}

/// How a 422 names the ids of an audience of groups or people: one not found, none chosen.
struct Named {
    missing: fn(u64) -> String,
    none: &'static str,
}

const GROUPS: Named = Named {
    missing: |id| format!("Группа №{id} не найдена"),
    none: "Выберите хотя бы одну группу",
};

const PEOPLE: Named = Named {
    missing: |id| format!("Человек №{id} не найден"),
    none: "Выберите хотя бы одного человека",
};

/// The audience sent, with every id existing; left out, the `stored` one as it is (an update's),
/// else a 422. An id of the `stored` audience that is gone (a person deleted, a group removed
/// since) is dropped quietly; a new one is named in the 422.
fn audience_of(
    errors: &mut FieldErrors,
    txn: &impl Reader,
    form: Option<&AudienceForm>,
    stored: Option<&Audience>,
) -> Option<Audience> {
    let Some(form) = form else {
        if stored.is_none() {
            errors.push("audience", REQUIRED);
        }
        return stored.cloned();
    };
    let kind = form.kind.trim();
    let listed = stored
        .filter(|s| s.kind() == kind)
        .map(Audience::ids)
        .unwrap_or_default();
    match kind {
        "all" => Some(Audience::All),
        "staff" => Some(Audience::Staff),
        "groups" => {
            let exists = |id| matches!(record::get::<Group>(txn, GroupId(id)), Ok(Some(_)));
            let found = existing(errors, &form.ids, &listed, exists, &GROUPS)?;
            Some(Audience::Groups(found.into_iter().map(GroupId).collect()))
        }
        "people" => {
            let exists = |id| matches!(users::get(txn, UserId(id)), Ok(Some(user)) if user.deleted_at.is_none());
            let found = existing(errors, &form.ids, &listed, exists, &PEOPLE)?;
            Some(Audience::People(found.into_iter().map(UserId).collect()))
        }
        _ => {
            errors.push("audience", "Допустимо: all, staff, groups, people");
            None
        }
    }
}

/// The `ids` sent (each once) that `exist`; one that does not is dropped when `listed` (the stored
/// audience had it), else named in the 422. `None` (and the 422) when none is left.
fn existing(
    errors: &mut FieldErrors,
    ids: &[u64],
    listed: &[u64],
    exists: impl Fn(u64) -> bool,
    named: &Named,
) -> Option<Vec<u64>> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let (found, gone): (Vec<u64>, Vec<u64>) = ids.into_iter().partition(|&id| exists(id));
    let unknown: Vec<u64> = gone.into_iter().filter(|id| !listed.contains(id)).collect();
    for &id in &unknown {
        errors.push("audience", (named.missing)(id));
    }
    if found.is_empty() && unknown.is_empty() {
        errors.push("audience", named.none);
        return None;
    }
    Some(found)
}

/// Checks every field of a new event at once (a 422 names each wrong one).
pub fn check(txn: &impl Reader, form: &EventForm, tz: &TimeZone) -> Result<Checked, ServiceError> {
    checked(txn, form, None, tz)
}

/// Checks `form` as a change of `old`: what it leaves out keeps its value (an audience left out
/// is kept as stored, not checked again).
pub fn check_change(txn: &impl Reader, form: EventForm, old: &Event, tz: &TimeZone) -> Result<Checked, ServiceError> {
    checked(txn, &merged(form, old, tz), Some(&old.audience), tz)
}

/// Checks every field at once (a 422 names each wrong one); `stored` is the audience of the event
/// changed (`audience_of`).
fn checked(
    txn: &impl Reader,
    form: &EventForm,
    stored: Option<&Audience>,
    tz: &TimeZone,
) -> Result<Checked, ServiceError> {
    let mut errors = FieldErrors::new();
    let title = form::text(&mut errors, "title", form.title.as_deref(), MAX_TITLE);
    if title.is_empty() {
        errors.push("title", REQUIRED);
    }
    let description = form::text(&mut errors, "description", form.description.as_deref(), MAX_DESCRIPTION);
    let kind = match form.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        None => {
            errors.push("kind", REQUIRED);
            None
        }
        Some(raw) => {
            let kind = EventKind::parse(raw);
            if kind.is_none() {
                errors.push("kind", "Допустимо: holiday, exam, meeting, other");
            }
            kind
        }
    };
    let span = span(&mut errors, form, tz);
    let audience = audience_of(&mut errors, txn, form.audience.as_ref(), stored);
    errors.into_result()?;
    let (Some(kind), Some((starts_at, ends_at)), Some(audience)) = (kind, span, audience) else {
        return Err(FieldErrors::one("title", REQUIRED));
    };
    Ok(Checked {
        title,
        description,
        kind,
        starts_at,
        ends_at,
        all_day: form.all_day.unwrap_or(false),
        audience,
        cancels_lessons: kind == EventKind::Holiday && form.cancels_lessons.unwrap_or(false),
    })
}
