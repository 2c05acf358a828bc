//! The school's events: a manager lists, creates, moves and deletes them; creating, moving or
//! deleting one notifies its audience (once each), as does adding people to it, and a holiday that
//! cancels lessons cancels them (or brings them back) in the same commit (`holiday`), telling whose
//! lessons it touched that instead of announcing it.

use super::{audience, holiday};
use crate::domain::activity::{Action, Entity};
use crate::domain::event::{Audience, Event, EventFilter};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{EventId, Page, PageRequest, UserId};
use crate::policy::Actor;
use crate::service::ServiceError;
use crate::service::journal::{Change, Journal};
use crate::store::record::{self, Reader};
use crate::store::{Store, events, users};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use std::collections::BTreeSet;

pub use super::event_form::{AudienceForm, Checked, EventForm, check, check_change};

/// Where an event's notice leads.
const LINK: &str = "/calendar";

fn not_found() -> ServiceError {
    ServiceError::NotFound("Событие не найдено".into())
}

/// One page of the events overlapping the filter's span (all without one), of its kind, by
/// start.
pub fn list(store: &Store, filter: &EventFilter, request: PageRequest) -> Result<Page<Event>, ServiceError> {
    let txn = store.read()?;
    let mut found = match (filter.from, filter.to) {
        (Some(from), Some(to)) => events::overlapping(&txn, from, to)?,
        _ => record::all::<Event>(&txn)?,
    };
    found.retain(|e| {
        filter.kind.is_none_or(|k| e.kind == k)
            && filter.from.is_none_or(|from| e.ends_at > from)
            && filter.to.is_none_or(|to| e.starts_at < to)
    });
    found.sort_by_key(|e| (e.starts_at, e.id));
    Ok(request.slice(found.into_iter()))
}

/// The events overlapping [from, to) that `person`'s calendar shows (those of his audience), or
/// every one for the school's calendar (`None`), by start.
pub fn seen_in(
    txn: &impl Reader,
    person: Option<UserId>,
    from: Timestamp,
    to: Timestamp,
) -> Result<Vec<Event>, ServiceError> {
    let mut found = events::overlapping(txn, from, to)?;
    if let Some(person) = person
        && !found.is_empty()
    {
        let Some(user) = users::get(txn, person)? else {
            return Ok(Vec::new());
        };
        let membership = audience::Membership::of(txn, person)?;
        found.retain(|e| membership.includes(&user, &e.audience));
    }
    Ok(found)
}

/// What, besides the events and his roles, decides which events `person`'s calendar shows:
/// his groups, his children and theirs, as bytes (a kept calendar is checked against them).
pub fn membership_of(txn: &impl Reader, person: UserId) -> Result<Vec<u8>, ServiceError> {
    Ok(format!("{:?}", audience::Membership::of(txn, person)?).into_bytes())
}

/// One event.
pub fn get(store: &Store, id: EventId) -> Result<Event, ServiceError> {
    stored(&store.read()?, id)
}

/// The event `id` as `txn` holds it.
pub fn stored(txn: &impl Reader, id: EventId) -> Result<Event, ServiceError> {
    record::get::<Event>(txn, id)?.ok_or_else(not_found)
}

/// «29.12.2026 – 08.01.2027» or «05.02.2030 18:00–20:00».
pub fn when(event: &Checked, tz: &TimeZone) -> String {
    let zoned = |at: Timestamp| at.to_zoned(tz.clone());
    let (starts, ends) = (zoned(event.starts_at), zoned(event.ends_at));
    if event.all_day {
        let last = (event.ends_at - SignedDuration::from_secs(1)).to_zoned(tz.clone());
        let (first, last) = (starts.strftime("%d.%m.%Y"), last.strftime("%d.%m.%Y"));
        let (first, last) = (first.to_string(), last.to_string());
        if first == last {
            first
        } else {
            format!("{first} – {last}")
        }
    } else if starts.date() == ends.date() {
        format!("{}–{}", starts.strftime("%d.%m.%Y %H:%M"), ends.strftime("%H:%M"))
    } else {
        format!(
            "{} – {}",
            starts.strftime("%d.%m.%Y %H:%M"),
            ends.strftime("%d.%m.%Y %H:%M")
        )
    }
}

/// Everyone `audience` names (`audience::people`).
fn people(txn: &impl Reader, store: &Store, audience: &Audience) -> Result<BTreeSet<UserId>, ServiceError> {
    let directory = store.directory(&store.read()?)?;
    audience::people(txn, &directory, audience)
}

/// `change` telling each of `people` once that the event was announced, moved or cancelled.
fn announce(mut change: Change, people: BTreeSet<UserId>, body: &str) -> Change {
    for to in people {
        change = change.notify(Notice {
            to,
            kind: NotificationKind::EventAnnounced,
            body: body.to_owned(),
            link: Some(LINK.to_owned()),
        });
    }
    change
}

/// Whom a change of `old` into `new` tells, and what: everyone of the audience that it moved,
/// else whom it added to the audience that it is announced (as a create tells it).
fn told_of_change(
    txn: &impl Reader,
    store: &Store,
    old: &Event,
    new: &Event,
    when: &str,
) -> Result<(BTreeSet<UserId>, String), ServiceError> {
    let mut to = people(txn, store, &new.audience)?;
    if (old.starts_at, old.ends_at, old.all_day) != (new.starts_at, new.ends_at, new.all_day) {
        return Ok((to, format!("Событие перенесено: {}, {when}", new.title)));
    }
    let before = people(txn, store, &old.audience)?;
    to.retain(|p| !before.contains(p));
    Ok((to, format!("{}: {when}", new.title)))
}

/// Creates an event, notifies its audience, and (a holiday that cancels lessons) cancels the
/// planned lessons it covers, all in one commit.
pub fn create(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    form: &EventForm,
    tz: &TimeZone,
) -> Result<Event, ServiceError> {
    let school = crate::service::schedule::School::load(store)?;
    let txn = store.write()?;
    let checked = check(&txn, form, tz)?;
    let event = record::insert(&txn, |id| Event {
        id,
        title: checked.title.clone(),
        description: checked.description.clone(),
        kind: checked.kind,
        starts_at: checked.starts_at,
        ends_at: checked.ends_at,
        all_day: checked.all_day,
        audience: checked.audience.clone(),
        cancels_lessons: checked.cancels_lessons,
        author_id: actor.user.id,
        created_at: Timestamp::now(),
    })?;
    let when = when(&checked, tz);
    let summary = format!("Создано событие «{}» ({}, {when})", event.title, event.kind.label());
    let change = Change::new(Action::EventCreated, Entity::Event, Some(event.id.0), summary);
    let body = format!("{}: {when}", event.title);
    let change = announce(change, people(&txn, store, &event.audience)?, &body);
    let cancelled = holiday::cancel(&txn, journal, &school, actor.user.id, &event, tz)?;
    let change = cancelled.told_in(change);
    journal.commit_change(txn, change)?;
    Ok(event)
}

/// Changes an event; moving it notifies the audience again (else only whom it adds to the
/// audience is told), and a holiday that cancels lessons cancels the planned lessons its new span
/// covers, brings back those no holiday covers any more, and gives those it still covers its new
/// title as their reason.
pub fn update(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: EventId,
    form: EventForm,
    tz: &TimeZone,
) -> Result<Event, ServiceError> {
    let school = crate::service::schedule::School::load(store)?;
    let txn = store.write()?;
    let old = stored(&txn, id)?;
    let checked = check_change(&txn, form, &old, tz)?;
    let new = Event {
        title: checked.title.clone(),
        description: checked.description.clone(),
        kind: checked.kind,
        starts_at: checked.starts_at,
        ends_at: checked.ends_at,
        all_day: checked.all_day,
        audience: checked.audience.clone(),
        cancels_lessons: checked.cancels_lessons,
        ..old.clone()
    };
    record::replace(&txn, &old, &new)?;
    let when = when(&checked, tz);
    let renamed = if old.title == new.title {
        String::new()
    } else {
        format!(" (было «{}»)", old.title)
    };
    let summary = format!("Изменено событие «{}»{renamed}: {when}", new.title);
    let change = Change::new(Action::EventUpdated, Entity::Event, Some(id.0), summary);
    let (to, body) = told_of_change(&txn, store, &old, &new, &when)?;
    let change = announce(change, to, &body);
    let back = holiday::bring_back(&txn, journal, &school, &old, Some(&new), tz)?;
    let cancelled = holiday::cancel(&txn, journal, &school, actor.user.id, &new, tz)?;
    let change = back.told_in(cancelled.told_in(change));
    journal.commit_change(txn, change)?;
    Ok(new)
}

/// Deletes an event and, unless it is over, tells its audience it is cancelled; a holiday's
/// cancelled lessons come back into the timetable (`holiday::bring_back`), and whose lessons come
/// back is told that instead (it names the holiday as cancelled), so nobody is told twice.
pub fn delete(store: &Store, journal: &Journal, id: EventId, tz: &TimeZone) -> Result<(), ServiceError> {
    let school = crate::service::schedule::School::load(store)?;
    let txn = store.write()?;
    let old = record::remove::<Event>(&txn, id)?.ok_or_else(not_found)?;
    let shown = Checked {
        title: old.title.clone(),
        description: String::new(),
        kind: old.kind,
        starts_at: old.starts_at,
        ends_at: old.ends_at,
        all_day: old.all_day,
        audience: Audience::All,
        cancels_lessons: false,
    };
    let when = when(&shown, tz);
    let summary = format!("Удалено событие «{}» ({when})", old.title);
    let mut change = Change::new(Action::EventDeleted, Entity::Event, Some(id.0), summary);
    if old.ends_at > Timestamp::now() {
        let body = format!("Событие отменено: {}, {when}", old.title);
        change = announce(change, people(&txn, store, &old.audience)?, &body);
    }
    let back = holiday::bring_back(&txn, journal, &school, &old, None, tz)?;
    let change = back.told_in(change);
    journal.commit_change(txn, change)?;
    Ok(())
}
