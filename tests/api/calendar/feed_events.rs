//! The school's events in a person's iCal feed: those of his audience, not the others.

use super::{make_link, parse, value};
use crate::helpers::spawn_app;
use klass::domain::{Role, UserId};
use serde_json::json;

#[tokio::test]
async fn the_feed_holds_the_events_of_the_persons_audience_and_no_other() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Анна", &[Role::Manager]);
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let other = app.quick_user("o@school.ru", "Другой", "Олег", &[Role::Student]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, UserId(parent), UserId(student)).expect("link");
    txn.commit().expect("commit");
    let zone = jiff::tz::TimeZone::get("Europe/Moscow").expect("zone");
    let day = jiff::Timestamp::now()
        .to_zoned(zone)
        .date()
        .tomorrow()
        .expect("tomorrow");
    let boss = app.browser_as(manager, None);
    let mut ids = Vec::new();
    for (title, audience) in [
        ("Беседа с Симой", json!({"kind": "people", "ids": [student]})),
        ("Беседа с Олегом", json!({"kind": "people", "ids": [other]})),
        ("Педсовет", json!({"kind": "staff"})),
    ] {
        let body = json!({"title": title, "kind": "meeting", "starts_at": day.to_string(),
                          "ends_at": day.to_string(), "all_day": true, "audience": audience});
        let response = boss.post("/api/events", body).await;
        assert_eq!(response.status(), 201);
        let created = crate::helpers::json(response).await;
        ids.push(created["data"]["id"].as_u64().expect("id"));
    }

    let phone = app.browser();
    let summaries = |text: &str| {
        parse(text)
            .events
            .iter()
            .map(|e| value(&e.properties, "SUMMARY").unwrap_or_default().to_owned())
            .collect::<Vec<_>>()
    };
    let link = make_link(&app, student).await;
    let text = phone.get(&link).await.text().await.expect("text");
    assert_eq!(summaries(&text), ["Беседа с Симой"], "{text}");
    let calendar = parse(&text);
    let event = &calendar.events[0].properties;
    assert_eq!(
        value(event, "UID"),
        Some(format!("event-{}@127.0.0.1", ids[0]).as_str())
    );
    let date = day.strftime("%Y%m%d").to_string();
    assert_eq!(value(event, "DTSTART"), Some(date.as_str()), "an all-day event");

    let link = make_link(&app, parent).await;
    let text = phone.get(&link).await.text().await.expect("text");
    assert_eq!(
        summaries(&text),
        ["Беседа с Симой"],
        "a named student's parent is of the audience: {text}"
    );
    let link = make_link(&app, other).await;
    let text = phone.get(&link).await.text().await.expect("text");
    assert_eq!(summaries(&text), ["Беседа с Олегом"], "{text}");
}
