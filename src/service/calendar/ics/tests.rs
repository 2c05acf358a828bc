//! The iCal feed's tests: local times with TZID across a DST change, a zone with no changes, long
//! lines folded at 75 octets, and what DESCRIPTION says of a lesson and of an event.

use super::*;
use crate::domain::UserId;

fn lesson(id: u64, starts: &str, status: LessonStatus, room: &str) -> CalendarEntry {
    let starts_at: Timestamp = starts.parse().expect("instant");
    CalendarEntry {
        kind: EntryKind::Lesson,
        id,
        title: "Математика; ОГЭ, группа".into(),
        starts_at,
        ends_at: starts_at + SignedDuration::from_mins(60),
        all_day: false,
        color: "blue".into(),
        room: room.into(),
        status,
        cancel_reason: String::new(),
        topic: String::new(),
        subject_id: None,
        group_id: None,
        teacher_id: Some(UserId(1)),
    }
}

#[test]
fn lessons_keep_their_local_time_across_a_dst_change_and_the_zone_is_described() {
    let tz = TimeZone::get("Europe/Berlin").expect("zone");
    let feed = Feed {
        name: "Расписание",
        tz_name: "Europe/Berlin",
        tz: &tz,
        host: "school.local",
        from: "2026-10-01T00:00:00Z".parse().expect("from"),
        to: "2027-04-30T00:00:00Z".parse().expect("to"),
        now: "2026-10-01T08:00:00Z".parse().expect("now"),
    };
    let text = render(
        &feed,
        &[
            lesson(1, "2026-10-20T14:00:00Z", LessonStatus::Planned, "каб. 12"),
            lesson(2, "2026-10-27T15:00:00Z", LessonStatus::Cancelled, ""),
        ],
    );
    // 16:00 in summer time (UTC+2) and 16:00 in winter time (UTC+1).
    assert!(text.contains("DTSTART;TZID=Europe/Berlin:20261020T160000"), "{text}");
    assert!(text.contains("DTSTART;TZID=Europe/Berlin:20261027T160000"), "{text}");
    assert!(text.contains("UID:lesson-1@school.local"));
    assert!(text.contains("DTSTAMP:20261001T080000Z"));
    assert!(
        text.contains("SUMMARY:Математика\\; ОГЭ\\, группа"),
        "text is escaped: {text}"
    );
    assert!(text.contains("LOCATION:каб. 12"));
    assert!(text.contains("STATUS:CANCELLED"));
    // The observance in force at the start (summer time) and the two changes inside the span.
    assert!(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin"), "{text}");
    assert!(
        text.contains("DTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100"),
        "{text}"
    );
    assert!(
        text.contains("DTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200"),
        "{text}"
    );
    assert!(text.find("BEGIN:VTIMEZONE") < text.find("BEGIN:VEVENT"));
}

#[test]
fn a_zone_without_changes_has_one_observance() {
    let tz = TimeZone::get("Europe/Moscow").expect("zone");
    let feed = Feed {
        name: "Расписание",
        tz_name: "Europe/Moscow",
        tz: &tz,
        host: "school.local",
        from: "2026-10-01T00:00:00Z".parse().expect("from"),
        to: "2027-04-30T00:00:00Z".parse().expect("to"),
        now: "2026-10-01T08:00:00Z".parse().expect("now"),
    };
    let text = render(&feed, &[]);
    assert_eq!(text.matches("TZOFFSETTO:+0300").count(), 1, "{text}");
    assert!(!text.contains("BEGIN:VEVENT"));
}

#[test]
fn an_all_day_event_is_written_as_dates_ending_the_day_after_its_last() {
    let tz = TimeZone::get("Europe/Moscow").expect("zone");
    let feed = Feed {
        name: "Расписание",
        tz_name: "Europe/Moscow",
        tz: &tz,
        host: "school.local",
        from: "2026-10-01T00:00:00Z".parse().expect("from"),
        to: "2027-04-30T00:00:00Z".parse().expect("to"),
        now: "2026-10-01T08:00:00Z".parse().expect("now"),
    };
    let holiday = CalendarEntry {
        kind: EntryKind::Event,
        title: "Новогодние каникулы".into(),
        // 29.12 00:00 to 09.01 00:00 Moscow.
        starts_at: "2026-12-28T21:00:00Z".parse().expect("start"),
        ends_at: "2027-01-08T21:00:00Z".parse().expect("end"),
        all_day: true,
        color: "green".into(),
        teacher_id: None,
        ..lesson(3, "2026-12-28T21:00:00Z", LessonStatus::Planned, "")
    };
    let text = render(&feed, &[holiday]);
    assert!(text.contains("DTSTART;VALUE=DATE:20261229"), "{text}");
    assert!(text.contains("DTEND;VALUE=DATE:20270109"), "{text}");
    assert!(text.contains("UID:event-3@school.local"), "{text}");
}

/// A feed of Moscow over the winter, for tests that look at events rather than the zone.
fn moscow(tz: &TimeZone) -> Feed<'_> {
    Feed {
        name: "Расписание",
        tz_name: "Europe/Moscow",
        tz,
        host: "school.local",
        from: "2026-10-01T00:00:00Z".parse().expect("from"),
        to: "2027-04-30T00:00:00Z".parse().expect("to"),
        now: "2026-10-01T08:00:00Z".parse().expect("now"),
    }
}

#[test]
fn long_lines_are_folded_at_75_octets_between_characters_and_unfold_to_the_text() {
    let tz = TimeZone::get("Europe/Moscow").expect("zone");
    let long: String = "Расписание занятий ".chars().cycle().take(300).collect();
    let entry = CalendarEntry {
        title: long.clone(),
        topic: long.clone(),
        ..lesson(1, "2026-10-20T14:00:00Z", LessonStatus::Planned, "")
    };
    let text = render(&moscow(&tz), &[entry]);
    let bytes = text.as_bytes();
    assert!(bytes.ends_with(b"\r\n"));
    for line in bytes[..bytes.len() - 1].split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").expect("every line ends with CRLF");
        assert!(
            line.len() <= 75,
            "{} octets: {:?}",
            line.len(),
            String::from_utf8_lossy(line)
        );
        assert!(std::str::from_utf8(line).is_ok(), "a character is split: {line:?}");
    }
    let unfolded = text.replace("\r\n ", "");
    assert!(unfolded.contains(&format!("\r\nSUMMARY:{long}\r\n")), "{text}");
    assert!(
        unfolded.contains(&format!("\r\nDESCRIPTION:Тема: {long}\r\n")),
        "{text}"
    );
}

#[test]
fn an_events_description_is_labelled_as_a_description_and_a_lessons_topic_as_a_topic() {
    let tz = TimeZone::get("Europe/Moscow").expect("zone");
    let class = CalendarEntry {
        topic: "Дроби".into(),
        ..lesson(1, "2026-10-20T14:00:00Z", LessonStatus::Planned, "")
    };
    let meeting = CalendarEntry {
        kind: EntryKind::Event,
        title: "Родительское собрание".into(),
        topic: "В актовом зале".into(),
        ..lesson(2, "2026-10-21T14:00:00Z", LessonStatus::Planned, "")
    };
    let text = render(&moscow(&tz), &[class, meeting]);
    assert!(text.contains("DESCRIPTION:Тема: Дроби\r\n"), "{text}");
    assert!(text.contains("DESCRIPTION:Описание: В актовом зале\r\n"), "{text}");
    assert!(!text.contains("Тема: В актовом зале"), "{text}");
}
