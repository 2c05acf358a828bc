//! Calendars: `/api/calendar` and the private iCal feed, read back with an independent parser
//! (the `ical` crate, not the `ics` crate that writes it).

use crate::helpers::{TestApp, json, spawn_app};
use ical::parser::ical::component::IcalCalendar;
use ical::property::Property;
use klass::domain::Role;
use serde_json::json;

/// The calendar a feed answer holds, parsed; exactly one.
fn parse(text: &str) -> IcalCalendar {
    let mut calendars = ical::IcalParser::new(text.as_bytes());
    let calendar = calendars.next().expect("a calendar").expect("parses as iCalendar");
    assert!(calendars.next().is_none(), "one calendar");
    calendar
}

fn value<'a>(properties: &'a [Property], name: &str) -> Option<&'a str> {
    properties
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| p.value.as_deref())
}

/// The path and query of a link the API gave (its host is `server.public_url`).
fn path_of(url: &str) -> String {
    let rest = url.split("://").nth(1).expect("absolute link");
    rest[rest.find('/').expect("a path")..].to_owned()
}

/// Makes the person's link (as the person) and returns its path.
async fn make_link(app: &TestApp, user: u64) -> String {
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
