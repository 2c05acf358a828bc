//! The iCal text of a calendar (RFC 5545), written with the `ics` crate: one VEVENT per entry,
//! local times with the school's TZID, and a VTIMEZONE built from the time-zone database for
//! the feed's span, so a phone shows a lesson at 16:00 across daylight-saving changes; an
//! all-day event as dates (`VALUE=DATE`). Long lines are folded here at 75 octets.

use crate::domain::calendar::{CalendarEntry, EntryKind};
use crate::domain::lesson::LessonStatus;
use ics::components::Property;
use ics::parameters::{TzIDParam, Value};
use ics::properties::{CalScale, Description, DtEnd, DtStart, Location, Method, Status, Summary, TzName};
use ics::{Daylight, Event, ICalendar, Standard, TimeZone as VTimeZone, escape_text};
use jiff::tz::{Offset, TimeZone};
use jiff::{SignedDuration, Timestamp};

/// What the feed is about: its name, the school's zone and the span it covers.
pub struct Feed<'a> {
    /// Shown by the phone as the calendar's name.
    pub name: &'a str,
    /// `school.timezone` (an IANA name) and the zone itself.
    pub tz_name: &'a str,
    pub tz: &'a TimeZone,
    /// The host the UIDs are made unique with (from `server.public_url`).
    pub host: &'a str,
    pub from: Timestamp,
    pub to: Timestamp,
    /// DTSTAMP: when the feed was made.
    pub now: Timestamp,
}

/// The whole `.ics` text.
pub fn render(feed: &Feed, entries: &[CalendarEntry]) -> String {
    let mut calendar = ICalendar::new("2.0", "-//Klass//Raspisanie//RU");
    calendar.push(CalScale::new("GREGORIAN"));
    calendar.push(Method::new("PUBLISH"));
    calendar.push(Property::new("X-WR-CALNAME", escape_text(feed.name)));
    calendar.push(Property::new("X-WR-TIMEZONE", feed.tz_name));
    if let Some(zone) = vtimezone(feed) {
        calendar.add_timezone(zone);
    }
    for entry in entries {
        calendar.add_event(event(feed, entry));
    }
    folded(&calendar.to_string())
}

/// The most octets of one physical line, a continuation's leading space included (RFC 5545
/// §3.1; the `ics` crate folds at 75 octets plus that space).
const LINE_OCTETS: usize = 75;

/// `text` (CRLF lines, as the `ics` crate writes them) with its folds undone and made again:
/// each physical line at most `LINE_OCTETS`, never inside a UTF-8 character. Only folds hold
/// «CRLF space»: escaped text has no line breaks of its own.
fn folded(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 20);
    for line in text.replace("\r\n ", "").split_terminator("\r\n") {
        fold_line(&mut out, line);
    }
    out
}

/// Appends the content line `line` to `out` as physical lines, each ended by CRLF.
fn fold_line(out: &mut String, mut line: &str) {
    let mut room = LINE_OCTETS;
    loop {
        let mut cut = line.len().min(room);
        while !line.is_char_boundary(cut) {
            cut -= 1;
        }
        out.push_str(&line[..cut]);
        out.push_str("\r\n");
        line = &line[cut..];
        if line.is_empty() {
            return;
        }
        out.push(' ');
        room = LINE_OCTETS - 1;
    }
}

fn event<'a>(feed: &Feed, entry: &'a CalendarEntry) -> Event<'a> {
    let kind = match entry.kind {
        EntryKind::Lesson => "lesson",
        EntryKind::Event => "event",
    };
    let mut event = Event::new(format!("{kind}-{}@{}", entry.id, feed.host), utc(feed.now));
    if entry.all_day {
        // An all-day event: dates, the end the day after its last (RFC 5545 §3.6.1).
        let mut start = DtStart::new(day(feed, entry.starts_at));
        start.add(Value::DATE);
        event.push(start);
        let mut end = DtEnd::new(day(feed, entry.ends_at));
        end.add(Value::DATE);
        event.push(end);
    } else {
        let mut start = DtStart::new(local(feed, entry.starts_at));
        start.add(TzIDParam::new(feed.tz_name.to_owned()));
        event.push(start);
        let mut end = DtEnd::new(local(feed, entry.ends_at));
        end.add(TzIDParam::new(feed.tz_name.to_owned()));
        event.push(end);
    }
    event.push(Summary::new(escape_text(entry.title.as_str())));
    event.push(if entry.status == LessonStatus::Cancelled {
        Status::cancelled()
    } else {
        Status::confirmed()
    });
    if !entry.room.is_empty() {
        event.push(Location::new(escape_text(entry.room.as_str())));
    }
    let description = description(entry);
    if !description.is_empty() {
        event.push(Description::new(escape_text(description)));
    }
    event
}

/// What DESCRIPTION says: a lesson's topic and why it was cancelled, an event's description
/// (labelled as the calendar page labels them).
fn description(entry: &CalendarEntry) -> String {
    let label = match entry.kind {
        EntryKind::Lesson => "Тема",
        EntryKind::Event => "Описание",
    };
    [
        (!entry.topic.is_empty()).then(|| format!("{label}: {}", entry.topic)),
        (!entry.cancel_reason.is_empty()).then(|| format!("Отменено: {}", entry.cancel_reason)),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("\n")
}

/// `YYYYMMDD`: the day of the instant on the school's clock.
fn day(feed: &Feed, at: Timestamp) -> String {
    feed.tz.to_datetime(at).strftime("%Y%m%d").to_string()
}

/// `YYYYMMDDTHHMMSS`: the instant on the school's clock.
fn local(feed: &Feed, at: Timestamp) -> String {
    feed.tz.to_datetime(at).strftime("%Y%m%dT%H%M%S").to_string()
}

fn utc(at: Timestamp) -> String {
    at.strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// `+HHMM` / `-HHMM`.
fn offset(offset: Offset) -> String {
    let seconds = offset.seconds();
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("{sign}{:02}{:02}", minutes / 60, minutes % 60)
}

/// The VTIMEZONE of the school's zone over the feed's span: the observance in force at its
/// start, then one per transition inside it (no rules to expand, so any client reads it).
fn vtimezone<'a>(feed: &Feed<'a>) -> Option<VTimeZone<'a>> {
    let tz = feed.tz;
    let start = tz
        .preceding(feed.from)
        .next()
        .map_or(Timestamp::UNIX_EPOCH, |t| t.timestamp());
    let changes = tz.following(feed.from).take_while(|t| t.timestamp() < feed.to);
    let mut zone: Option<VTimeZone> = None;
    for at in std::iter::once(start).chain(changes.map(|t| t.timestamp())) {
        let before = tz.to_offset(at.checked_sub(SignedDuration::from_secs(1)).unwrap_or(at));
        let info = tz.to_offset_info(at);
        let civil = before.to_datetime(at).strftime("%Y%m%dT%H%M%S").to_string();
        let (from, to) = (offset(before), offset(info.offset()));
        let name = info.abbreviation().to_owned();
        zone = Some(if info.dst().is_dst() {
            let mut observance = Daylight::new(civil, from, to);
            observance.push(TzName::new(name));
            match zone {
                Some(mut zone) => {
                    zone.add_daylight(observance);
                    zone
                }
                None => VTimeZone::daylight(feed.tz_name, observance),
            }
        } else {
            let mut observance = Standard::new(civil, from, to);
            observance.push(TzName::new(name));
            match zone {
                Some(mut zone) => {
                    zone.add_standard(observance);
                    zone
                }
                None => VTimeZone::standard(feed.tz_name, observance),
            }
        });
    }
    zone
}

#[cfg(test)]
mod tests;
