//! A group's weekly timetable: its slots checked, turned into lesson start times between two
//! dates in the school's time zone (16:00 stays 16:00 across daylight-saving changes), and told
//! in words («вт, чт 16:00»).

use super::group::ScheduleSlot;
use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Span, Timestamp, ToSpan};

/// How far ahead an open-ended group's lessons are kept materialised.
pub const HORIZON_WEEKS: i32 = 26;

/// The longest lesson, in minutes (a clash check looks this far back for overlaps).
pub const MAX_DURATION_MINUTES: u16 = 600;

/// Short weekday names, Monday first.
const WEEKDAYS: [&str; 7] = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"];

/// One lesson a timetable asks for: when it starts and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occurrence {
    pub starts_at: Timestamp,
    pub duration_minutes: u16,
}

/// Whether a lesson length is allowed (1 minute to `MAX_DURATION_MINUTES`).
pub fn duration_ok(minutes: u16) -> bool {
    (1..=MAX_DURATION_MINUTES).contains(&minutes)
}

/// The minutes of a week.
const WEEK_MINUTES: i32 = 7 * 24 * 60;

/// What is wrong with a timetable, in Russian, or None: each slot on a weekday 1–7 with an
/// allowed length, and no two slots overlapping.
pub fn check(schedule: &[ScheduleSlot]) -> Option<String> {
    if schedule.is_empty() {
        return Some("Добавьте хотя бы одно занятие в неделю".into());
    }
    if schedule.iter().any(|slot| !(1..=7).contains(&slot.weekday)) {
        return Some("День недели — от 1 (понедельник) до 7 (воскресенье)".into());
    }
    if schedule.iter().any(|slot| !duration_ok(slot.duration_minutes)) {
        return Some(format!("Длительность занятия — от 1 до {MAX_DURATION_MINUTES} минут"));
    }
    let week_minute = |slot: &ScheduleSlot| {
        i32::from(slot.weekday) * 24 * 60 + i32::from(slot.start.hour()) * 60 + i32::from(slot.start.minute())
    };
    let mut sorted: Vec<&ScheduleSlot> = schedule.iter().collect();
    sorted.sort_by_key(|slot| week_minute(slot));
    let ends = |slot: &ScheduleSlot| week_minute(slot) + i32::from(slot.duration_minutes);
    let overlapping = sorted.windows(2).any(|pair| ends(pair[0]) > week_minute(pair[1]));
    // The week's last lesson may run into the next week's first (Sunday night into Monday).
    let into_next_week = match (sorted.first(), sorted.last()) {
        (Some(first), Some(last)) if sorted.len() > 1 => ends(last) > week_minute(first) + WEEK_MINUTES,
        _ => false,
    };
    (overlapping || into_next_week).then(|| "Занятия в расписании пересекаются".into())
}

/// The last day lessons are made for: `ends_on`, or `HORIZON_WEEKS` after `today` when the
/// group is open-ended.
pub fn horizon(ends_on: Option<Date>, today: Date) -> Date {
    ends_on.unwrap_or_else(|| today.saturating_add(HORIZON_WEEKS.weeks()))
}

/// The lessons `schedule` asks for on each day from `from` to `until` (both included), in
/// time order, each at its local time in `tz`.
pub fn occurrences(schedule: &[ScheduleSlot], from: Date, until: Date, tz: &TimeZone) -> Vec<Occurrence> {
    let mut found = Vec::new();
    let mut day = from;
    while day <= until {
        let weekday = day.weekday().to_monday_one_offset();
        for slot in schedule.iter().filter(|slot| i8::try_from(slot.weekday) == Ok(weekday)) {
            if let Ok(zoned) = day.to_datetime(slot.start).to_zoned(tz.clone()) {
                found.push(Occurrence {
                    starts_at: zoned.timestamp(),
                    duration_minutes: slot.duration_minutes,
                });
            }
        }
        match day.checked_add(Span::new().days(1)) {
            Ok(next) => day = next,
            Err(_) => break,
        }
    }
    found.sort_by_key(|occurrence| occurrence.starts_at);
    found
}

/// «вт, чт 16:00»: the days of each start time, the times in the order of their first day;
/// several times are separated by «; » («пн, ср 15:00; пт 17:30»).
pub fn in_words(schedule: &[ScheduleSlot]) -> String {
    let mut sorted: Vec<&ScheduleSlot> = schedule.iter().collect();
    sorted.sort_by_key(|slot| (slot.weekday, slot.start));
    let mut times: Vec<(Time, Vec<&str>)> = Vec::new();
    for slot in sorted {
        let day = WEEKDAYS
            .get(usize::from(slot.weekday).wrapping_sub(1))
            .copied()
            .unwrap_or("?");
        match times.iter_mut().find(|(time, _)| *time == slot.start) {
            Some((_, days)) => days.push(day),
            None => times.push((slot.start, vec![day])),
        }
    }
    let parts: Vec<String> = times
        .into_iter()
        .map(|(time, days)| format!("{} {}", days.join(", "), clock(time)))
        .collect();
    parts.join("; ")
}

/// «16:00».
pub fn clock(time: Time) -> String {
    format!("{:02}:{:02}", time.hour(), time.minute())
}

/// «16:00–17:00»: a lesson's start and end in `tz`.
pub fn span_in(starts_at: Timestamp, duration_minutes: u16, tz: &TimeZone) -> String {
    let end = starts_at + SignedDuration::from_mins(i64::from(duration_minutes));
    let local = |at: Timestamp| clock(at.to_zoned(tz.clone()).time());
    format!("{}–{}", local(starts_at), local(end))
}

/// «24.11.2026»: a day as a person reads it.
pub fn day_text(day: jiff::civil::Date) -> String {
    day.strftime("%d.%m.%Y").to_string()
}

/// «24.11.2026»: the day a lesson starts on, in `tz`.
pub fn day_in(at: Timestamp, tz: &TimeZone) -> String {
    day_text(at.to_zoned(tz.clone()).date())
}

#[cfg(test)]
mod tests;
