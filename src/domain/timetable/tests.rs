//! Timetables: DST, the horizon, checks and words.

use super::*;
use jiff::civil::{date, time};

fn slot(weekday: u8, hour: i8, minute: i8, duration_minutes: u16) -> ScheduleSlot {
    ScheduleSlot {
        weekday,
        start: time(hour, minute, 0, 0),
        duration_minutes,
    }
}

#[test]
fn a_lesson_at_16_stays_at_16_local_across_the_change_to_winter_time() {
    let berlin = TimeZone::get("Europe/Berlin").expect("zone");
    let tuesdays = occurrences(&[slot(2, 16, 0, 60)], date(2026, 10, 13), date(2026, 11, 3), &berlin);
    let utc: Vec<String> = tuesdays.iter().map(|o| o.starts_at.to_string()).collect();
    assert_eq!(
        utc,
        [
            "2026-10-13T14:00:00Z",
            "2026-10-20T14:00:00Z",
            "2026-10-27T15:00:00Z",
            "2026-11-03T15:00:00Z"
        ]
    );
    for o in &tuesdays {
        assert_eq!(span_in(o.starts_at, o.duration_minutes, &berlin), "16:00–17:00");
    }
}

#[test]
fn occurrences_are_in_time_order_across_slots_and_the_dates_are_included() {
    let moscow = TimeZone::get("Europe/Moscow").expect("zone");
    let week = occurrences(
        &[slot(4, 9, 30, 45), slot(2, 16, 0, 90)],
        date(2026, 11, 24),
        date(2026, 11, 26),
        &moscow,
    );
    let local: Vec<String> = week
        .iter()
        .map(|o| o.starts_at.to_zoned(moscow.clone()).datetime().to_string())
        .collect();
    assert_eq!(local, ["2026-11-24T16:00:00", "2026-11-26T09:30:00"]);
    assert_eq!(week[0].duration_minutes, 90);
}

#[test]
fn an_open_ended_group_is_materialised_26_weeks_ahead() {
    assert_eq!(horizon(None, date(2026, 11, 23)), date(2027, 5, 24));
    assert_eq!(
        horizon(Some(date(2026, 12, 25)), date(2026, 11, 23)),
        date(2026, 12, 25)
    );
}

#[test]
fn a_timetable_is_told_in_words() {
    assert_eq!(in_words(&[slot(4, 16, 0, 60), slot(2, 16, 0, 60)]), "вт, чт 16:00");
    assert_eq!(
        in_words(&[slot(5, 17, 30, 60), slot(1, 15, 0, 45), slot(3, 15, 0, 45)]),
        "пн, ср 15:00; пт 17:30"
    );
    assert_eq!(in_words(&[]), "");
}

#[test]
fn a_timetable_with_a_bad_day_length_or_overlap_is_refused() {
    assert_eq!(check(&[slot(2, 16, 0, 60), slot(4, 16, 0, 60)]), None);
    assert!(check(&[]).is_some());
    assert!(check(&[slot(8, 16, 0, 60)]).expect("bad day").contains("День недели"));
    assert!(check(&[slot(2, 16, 0, 0)]).expect("no length").contains("Длительность"));
    assert_eq!(
        check(&[slot(2, 16, 0, 60), slot(2, 16, 30, 60)]).as_deref(),
        Some("Занятия в расписании пересекаются")
    );
    assert_eq!(
        check(&[slot(1, 0, 0, 45), slot(7, 23, 30, 60)]).as_deref(),
        Some("Занятия в расписании пересекаются"),
        "Sunday night runs into Monday's first lesson"
    );
    assert_eq!(
        check(&[slot(1, 0, 30, 45), slot(7, 23, 30, 60)]),
        None,
        "it ends as Monday's starts"
    );
    assert_eq!(check(&[slot(7, 23, 30, 60)]), None, "one slot meets itself a week on");
}
