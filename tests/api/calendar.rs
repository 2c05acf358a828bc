//! Calendars: `/api/calendar` and the private iCal feed, read back with an independent parser
//! (the `ical` crate, not the `ics` crate that writes it).

mod feed_events;

use crate::helpers::{TestApp, json, spawn_app};
use ical::parser::ical::component::IcalCalendar;
use ical::property::Property;
use klass::domain::Role;
use serde_json::json;

/// The calendar a feed answer holds, parsed; exactly one.
pub(crate) fn parse(text: &str) -> IcalCalendar {
    let mut calendars = ical::IcalParser::new(text.as_bytes());
    let calendar = calendars.next().expect("a calendar").expect("parses as iCalendar");
    assert!(calendars.next().is_none(), "one calendar");
    calendar
}

pub(crate) fn value<'a>(properties: &'a [Property], name: &str) -> Option<&'a str> {
    properties
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| p.value.as_deref())
}

/// The path and query of a link the API gave (its host is `server.public_url`).
pub(crate) fn path_of(url: &str) -> String {
    let rest = url.split("://").nth(1).expect("absolute link");
    rest[rest.find('/').expect("a path")..].to_owned()
}

/// Makes the person's link (as the person) and returns its path.
pub(crate) async fn make_link(app: &TestApp, user: u64) -> String {
    let response = app
        .browser_as(user, None)
        .post(&format!("/api/users/{user}/calendar-feed/rotate"), json!({}))
        .await;
    assert_eq!(response.status(), 200);
    let body = json(response).await;
    path_of(body["data"]["url"].as_str().expect("url"))
}

#[tokio::test]
async fn a_person_makes_a_private_link_that_opens_without_signing_in_until_it_is_changed() {
    let app = spawn_app().await;
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let me = app.browser_as(student, None);
    let shown = json(me.get(&format!("/api/users/{student}/calendar-feed")).await).await;
    assert_eq!(
        shown["data"]["url"],
        serde_json::Value::Null,
        "no link until one is made"
    );

    let link = make_link(&app, student).await;
    let shown = json(me.get(&format!("/api/users/{student}/calendar-feed")).await).await;
    assert_eq!(
        path_of(shown["data"]["url"].as_str().expect("url")),
        link,
        "the page shows it again"
    );

    let phone = app.browser();
    let response = phone.get(&link).await;
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str().expect("type").to_owned();
    assert!(content_type.starts_with("text/calendar"), "{content_type}");
    let calendar = parse(&response.text().await.expect("text"));
    assert_eq!(value(&calendar.properties, "VERSION"), Some("2.0"));
    assert!(value(&calendar.properties, "PRODID").is_some());
    let zone = calendar.timezones.first().expect("a VTIMEZONE");
    assert_eq!(
        value(&zone.properties, "TZID"),
        Some("Europe/Moscow"),
        "school.timezone"
    );
    assert!(!zone.transitions.is_empty());

    let token = link.split("token=").nth(1).expect("token");
    let wrong = link.replace(token, &"0".repeat(token.len()));
    let without = link.split('?').next().expect("path").to_owned();
    for path in [wrong, without, format!("/api/users/999/calendar.ics?token={token}")] {
        let response = phone.get(&path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(json(response).await["message"], "Календарь не найден");
    }

    let new_link = make_link(&app, student).await;
    assert_ne!(new_link, link);
    assert_eq!(phone.get(&link).await.status(), 404, "the old link stops working");
    assert_eq!(phone.get(&new_link).await.status(), 200);
}

#[tokio::test]
async fn a_parent_may_change_his_childs_link_and_a_worker_may_not_see_it() {
    let app = spawn_app().await;
    let child = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let worker = app.quick_user("w@school.ru", "Учителева", "Вера", &[Role::Worker]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, klass::domain::UserId(parent), klass::domain::UserId(child)).expect("link");
    txn.commit().expect("commit");
    let by_parent = app
        .browser_as(parent, None)
        .post(&format!("/api/users/{child}/calendar-feed/rotate"), json!({}))
        .await;
    assert_eq!(by_parent.status(), 200);
    let url = json(by_parent).await["data"]["url"].as_str().expect("url").to_owned();
    let seen = json(
        app.browser_as(child, None)
            .get(&format!("/api/users/{child}/calendar-feed"))
            .await,
    )
    .await;
    assert_eq!(
        seen["data"]["url"],
        url.as_str(),
        "the child sees the link his parent made"
    );
    let by_worker = app
        .browser_as(worker, None)
        .get(&format!("/api/users/{child}/calendar-feed"))
        .await;
    assert_eq!(by_worker.status(), 403);
}

/// A subject and lessons written straight into the store: (teacher, students, start, room, cancelled).
pub(crate) fn lessons(app: &TestApp, rows: &[(u64, &[u64], &str, &str, bool)]) -> Vec<u64> {
    use klass::domain::lesson::{Lesson, LessonStatus};
    use klass::domain::subject::Subject;
    use klass::domain::{LessonId, SubjectId};
    let txn = app.store.write().expect("txn");
    let subject = klass::store::record::insert(&txn, |id: SubjectId| Subject {
        id,
        name: "Математика".into(),
        color: "blue".into(),
        archived: false,
        price: None,
    })
    .expect("subject");
    let mut ids = Vec::new();
    for (teacher, students, starts, room, cancelled) in rows {
        let starts_at = starts.parse().expect("instant");
        let lesson = klass::store::record::insert(&txn, |id: LessonId| Lesson {
            room: (*room).into(),
            status: if *cancelled {
                LessonStatus::Cancelled
            } else {
                LessonStatus::Planned
            },
            cancel_reason: if *cancelled {
                "Болеет учитель".into()
            } else {
                String::new()
            },
            ..crate::helpers::planned_lesson(id, subject.id.0, *teacher, students, starts_at)
        })
        .expect("lesson");
        ids.push(lesson.id.0);
    }
    txn.commit().expect("commit");
    ids
}

#[tokio::test]
async fn the_feed_holds_the_persons_lessons_in_school_time_with_cancelled_ones_marked() {
    let app = spawn_app().await;
    let teacher = app.quick_user("t@school.ru", "Белов", "Иван", &[Role::Worker]);
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let other = app.quick_user("o@school.ru", "Другой", "Олег", &[Role::Student]);
    let soon = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::get("Europe/Moscow").expect("zone"));
    let day = soon.date().tomorrow().expect("tomorrow");
    let at = |hour: i8| {
        day.at(hour, 0, 0, 0)
            .to_zoned(jiff::tz::TimeZone::get("Europe/Moscow").expect("zone"))
            .expect("time")
            .timestamp()
            .to_string()
    };
    let (four, six) = (at(16), at(18));
    let ids = lessons(
        &app,
        &[
            (teacher, &[student], &four, "каб. 12", false),
            (teacher, &[student], &six, "", true),
            (teacher, &[other], &four, "каб. 7", false),
        ],
    );
    let link = make_link(&app, student).await;
    let text = app.browser().get(&link).await.text().await.expect("text");
    let calendar = parse(&text);
    assert_eq!(
        calendar.events.len(),
        2,
        "his two lessons, not the other student's: {text}"
    );
    let host = "127.0.0.1";
    let first = &calendar.events[0].properties;
    assert_eq!(value(first, "UID"), Some(format!("lesson-{}@{host}", ids[0]).as_str()));
    assert!(value(first, "DTSTAMP").is_some_and(|v| v.ends_with('Z')));
    let start = first.iter().find(|p| p.name == "DTSTART").expect("DTSTART");
    let tzid = start
        .params
        .as_ref()
        .and_then(|ps| ps.iter().find(|(k, _)| k == "TZID"));
    assert_eq!(tzid.map(|(_, v)| v[0].as_str()), Some("Europe/Moscow"));
    let local = format!("{}T160000", day.strftime("%Y%m%d"));
    assert_eq!(
        start.value.as_deref(),
        Some(local.as_str()),
        "16:00 on the school's clock"
    );
    assert_eq!(value(first, "SUMMARY"), Some("Математика"));
    assert_eq!(value(first, "LOCATION"), Some("каб. 12"));
    let second = &calendar.events[1].properties;
    assert_eq!(value(second, "STATUS"), Some("CANCELLED"));
    assert_eq!(value(first, "STATUS"), Some("CONFIRMED"));
}

#[tokio::test]
async fn a_calendar_shows_a_persons_lessons_his_parent_sees_them_and_staff_filter_by_room() {
    let app = spawn_app().await;
    let teacher = app.quick_user("t@school.ru", "Белов", "Иван", &[Role::Worker]);
    let child = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let other = app.quick_user("o@school.ru", "Другой", "Олег", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, klass::domain::UserId(parent), klass::domain::UserId(child)).expect("link");
    txn.commit().expect("commit");
    let ids = lessons(
        &app,
        &[
            (teacher, &[child], "2026-11-24T13:00:00Z", "каб. 12", false),
            (teacher, &[other], "2026-11-25T13:00:00Z", "Каб. 7", false),
            (teacher, &[child], "2026-12-24T13:00:00Z", "каб. 12", false),
        ],
    );
    let week = "/api/calendar?from=2026-11-23&to=2026-11-29";
    let by_parent = json(
        app.browser_as(parent, None)
            .get(&format!("{week}&user_id={child}"))
            .await,
    )
    .await;
    let entries = by_parent["data"].as_array().expect("entries");
    assert_eq!(entries.len(), 1, "{by_parent}");
    assert_eq!(entries[0]["kind"], "lesson");
    assert_eq!(entries[0]["id"], ids[0]);
    assert_eq!(entries[0]["title"], "Математика");
    assert_eq!(entries[0]["color"], "blue");
    assert_eq!(
        entries[0]["starts_at"], "2026-11-24T16:00:00+03:00",
        "the school's clock"
    );
    assert_eq!(entries[0]["ends_at"], "2026-11-24T17:00:00+03:00");
    let own = json(
        app.browser_as(parent, None)
            .get(&format!("{week}&user_id={parent}"))
            .await,
    )
    .await;
    assert_eq!(
        own["data"].as_array().map(Vec::len),
        Some(1),
        "a parent's own calendar holds his child's lessons"
    );
    assert_eq!(own["data"][0]["title"], "Математика — Сима", "named with the child");

    let as_other = app
        .browser_as(other, None)
        .get(&format!("{week}&user_id={child}"))
        .await;
    assert_eq!(as_other.status(), 403);

    let staff = app.browser_as(teacher, None);
    let school = json(staff.get(week).await).await;
    assert_eq!(school["data"].as_array().map(Vec::len), Some(2));
    let room = json(staff.get(&format!("{week}&room=каб.%207")).await).await;
    let room = room["data"].as_array().expect("entries");
    assert_eq!(room.len(), 1, "the room, ignoring case");
    assert_eq!(room[0]["id"], ids[1]);
}

#[tokio::test]
async fn a_calendar_span_must_be_two_dates_in_order_and_at_most_62_days() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let browser = app.browser_as(manager, None);
    for (query, field, message) in [
        ("", "from", "Обязательное поле"),
        ("from=2026-11-23", "to", "Обязательное поле"),
        ("from=23.11.2026&to=2026-11-29", "from", "Дата в формате ГГГГ-ММ-ДД"),
        ("from=2026-11-29&to=2026-11-23", "to", "Не раньше даты «с»"),
        ("from=2026-01-01&to=2026-12-31", "to", "Не больше 62 дней"),
        ("from=2026-11-01&to=2027-01-02", "to", "Не больше 62 дней"),
    ] {
        let response = browser.get(&format!("/api/calendar?{query}")).await;
        assert_eq!(response.status(), 422, "{query}");
        let body = json(response).await;
        assert_eq!(body["errors"][field][0], message, "{query}: {body}");
    }
    let longest = browser.get("/api/calendar?from=2026-11-01&to=2027-01-01").await;
    assert_eq!(longest.status(), 200, "62 days, across the winter");
}

#[tokio::test]
async fn the_whole_schools_calendar_answers_at_most_two_thousand_lessons_at_once_and_counts_more_by_day() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let teacher = app.quick_user("t@school.ru", "Белов", "Игорь", &[Role::Worker]);
    let txn = app.store.write().expect("txn");
    let subject = klass::store::record::insert(&txn, |id| klass::domain::subject::Subject {
        id,
        name: "Математика".into(),
        color: "blue".into(),
        archived: false,
        price: None,
    })
    .expect("subject");
    // 1,000 lessons on 2026-11-02 and 1,001 on 2026-11-09 (one a minute from 08:00 UTC).
    for (day, count) in [(2, 1_000), (9, 1_001)] {
        let morning: jiff::Timestamp = format!("2026-11-{day:02}T08:00:00Z").parse().expect("instant");
        for minute in 0..count {
            let at = morning + jiff::SignedDuration::from_secs(60 * minute);
            klass::store::record::insert(&txn, |id| {
                crate::helpers::planned_lesson(id, subject.id.0, teacher, &[], at)
            })
            .expect("lesson");
        }
    }
    txn.commit().expect("commit");
    let browser = app.browser_as(manager, None);
    let both = browser.get("/api/calendar?from=2026-11-01&to=2026-11-15").await;
    assert_eq!(both.status(), 422);
    assert_eq!(
        json(both).await["errors"]["to"][0],
        "Занятий в школе за эти дни: 2 001 — календарь показывает не больше 2 000 за раз. Выберите учителя или кабинет или откройте неделю"
    );
    let by_day = counted(&browser, "from=2026-11-01&to=2026-11-15").await;
    let busy: Vec<_> = by_day.iter().filter(|d| d.1 > 0).map(|d| (d.0.as_str(), d.1)).collect();
    // 08:00 UTC is 11:00 in Moscow: 780 a day until midnight, the rest the day after.
    let expected = [
        ("2026-11-02", 780),
        ("2026-11-03", 220),
        ("2026-11-09", 780),
        ("2026-11-10", 221),
    ];
    assert_eq!(busy, expected, "counted by day instead");
    let week = json(browser.get("/api/calendar?from=2026-11-09&to=2026-11-15").await).await;
    assert_eq!(week["data"].as_array().map(Vec::len), Some(1_001), "a week of them");
    let his = browser
        .get(&format!(
            "/api/calendar?from=2026-11-01&to=2026-11-15&user_id={teacher}"
        ))
        .await;
    assert_eq!(his.status(), 200, "one teacher's, however many");
}

/// (date, lessons, cancelled, events) of each day `/api/calendar/days` answers for `query`.
async fn counted(browser: &crate::helpers::Browser, query: &str) -> Vec<(String, u64, u64, u64)> {
    let answer = browser.get(&format!("/api/calendar/days?{query}")).await;
    assert_eq!(answer.status(), 200, "{query}");
    let body = json(answer).await;
    let days = body["data"].as_array().unwrap_or_else(|| panic!("days in {body}"));
    days.iter()
        .map(|d| {
            let number = |field: &str| d[field].as_u64().unwrap_or_else(|| panic!("{field} in {d}"));
            let date = d["date"].as_str().expect("date").to_owned();
            (date, number("lessons"), number("cancelled"), number("events"))
        })
        .collect()
}

#[tokio::test]
async fn the_schools_calendar_counted_by_day_splits_days_on_the_schools_clock_across_a_time_change() {
    let app = crate::helpers::spawn_app_with(|config| config.school.timezone = "Europe/Berlin".into()).await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let teacher = app.quick_user("t@school.ru", "Белов", "Игорь", &[Role::Worker]);
    // Summer time ends in Berlin on 2026-10-25 at 03:00 (+02:00 -> +01:00).
    lessons(
        &app,
        &[
            (teacher, &[], "2026-10-24T21:30:00Z", "Каб. 12", false), // 24th, 23:30 summer time
            (teacher, &[], "2026-10-24T22:30:00Z", "", false),        // 25th, 00:30
            (teacher, &[], "2026-10-25T22:30:00Z", "каб. 12", true),  // 25th, 23:30 winter time
            (teacher, &[], "2026-10-26T09:00:00Z", "", false),        // 26th, 10:00
        ],
    );
    let browser = app.browser_as(manager, None);
    let holiday = browser
        .post(
            "/api/events",
            json!({"title": "Осенние каникулы", "kind": "holiday", "starts_at": "2026-10-25", "ends_at": "2026-10-26",
                   "all_day": true, "audience": {"kind": "all"}}),
        )
        .await;
    assert_eq!(holiday.status(), 201, "{}", holiday.text().await.unwrap_or_default());
    let day = |date: &str, lessons, cancelled, events| (date.to_owned(), lessons, cancelled, events);
    assert_eq!(
        counted(&browser, "from=2026-10-23&to=2026-10-27").await,
        [
            day("2026-10-23", 0, 0, 0),
            day("2026-10-24", 1, 0, 0),
            day("2026-10-25", 1, 1, 1),
            day("2026-10-26", 1, 0, 1),
            day("2026-10-27", 0, 0, 0),
        ]
    );
    assert_eq!(
        counted(&browser, "from=2026-10-24&to=2026-10-25&room=КАБ. 12").await,
        [day("2026-10-24", 1, 0, 0), day("2026-10-25", 0, 1, 0)],
        "one room's lessons, and no events"
    );
    // Asked again after one more lesson: the count is made anew, not the one kept.
    let subjects = json(browser.get("/api/subjects").await).await;
    let subject = subjects["data"][0]["id"].as_u64().expect("the subject");
    let txn = app.store.write().expect("txn");
    let at = "2026-10-26T10:00:00Z".parse().expect("instant");
    klass::store::record::insert(&txn, |id| crate::helpers::planned_lesson(id, subject, teacher, &[], at))
        .expect("lesson");
    txn.commit().expect("commit");
    let again = counted(&browser, "from=2026-10-23&to=2026-10-27").await;
    assert_eq!(again[3], day("2026-10-26", 2, 0, 1));
    let wrong = browser.get("/api/calendar/days?from=2026-10-27&to=2026-10-23").await;
    assert_eq!(json(wrong).await["errors"]["to"][0], "Не раньше даты «с»");
    let long = browser.get("/api/calendar/days?from=2026-01-01&to=2026-12-31").await;
    assert_eq!(json(long).await["errors"]["to"][0], "Не больше 62 дней");
}
