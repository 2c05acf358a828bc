//! A private calendar link ends with the right to read it: unlinking a parent, deleting a person;
//! a deleted child is out of his parent's calendar, a student's calendar names no classmate, and
//! the feed's UIDs name the school's host.

use crate::calendar::{lessons, make_link, parse, path_of, value};
use crate::helpers::{TestApp, json, spawn_app, spawn_app_with};
use klass::domain::{Role, UserId};
use reqwest::Method;
use serde_json::json;

/// Links `parent` to `child` straight in the store.
fn link_family(app: &TestApp, parent: u64, child: u64) {
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, UserId(parent), UserId(child)).expect("link");
    txn.commit().expect("commit");
}

/// The path of the link `by` makes for `user`'s calendar.
async fn link_made_by(app: &TestApp, by: u64, user: u64) -> String {
    let response = app
        .browser_as(by, None)
        .post(&format!("/api/users/{user}/calendar-feed/rotate"), json!({}))
        .await;
    assert_eq!(response.status(), 200);
    path_of(json(response).await["data"]["url"].as_str().expect("url"))
}

/// Asserts that the feed at `link` is no longer given, with the one answer of a wrong link.
async fn assert_ended(app: &TestApp, link: &str, why: &str) {
    let response = app.browser().get(link).await;
    assert_eq!(response.status(), 404, "{why}");
    assert_eq!(json(response).await["message"], "Календарь не найден", "{why}");
}

/// Tomorrow on the school's clock at `hour`, as an instant, and the date.
fn tomorrow_at(hour: i8) -> (String, String) {
    let zone = jiff::tz::TimeZone::get("Europe/Moscow").expect("zone");
    let day = jiff::Timestamp::now()
        .to_zoned(zone.clone())
        .date()
        .tomorrow()
        .expect("tomorrow");
    let at = day.at(hour, 0, 0, 0).to_zoned(zone).expect("time").timestamp();
    (at.to_string(), day.to_string())
}

#[tokio::test]
async fn a_childs_link_ends_when_staff_unlink_a_parent_from_either_side() {
    let app = spawn_app().await;
    let child = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let staff = app.browser_as(manager, None);
    link_family(&app, parent, child);
    let link = link_made_by(&app, parent, child).await;
    assert_eq!(app.browser().get(&link).await.status(), 200);
    let same = staff
        .post(
            &format!("/api/users/{child}/parents/save"),
            json!({"parents": [parent]}),
        )
        .await;
    assert_eq!(same.status(), 200);
    assert_eq!(
        app.browser().get(&link).await.status(),
        200,
        "a save that keeps the parent keeps the link"
    );

    let unlinked = staff
        .post(&format!("/api/users/{child}/parents/save"), json!({"parents": []}))
        .await;
    assert_eq!(unlinked.status(), 200);
    assert_ended(&app, &link, "the parent who made the link is no longer the child's").await;
    let log = json(staff.get("/api/history?action=user.parents_changed").await).await;
    assert!(
        log["data"][0]["summary"]
            .as_str()
            .is_some_and(|s| s.ends_with("; отключена личная ссылка на календарь: Ученикова Сима")),
        "the log says the link ended: {log}"
    );
    let shown = app
        .browser_as(child, None)
        .get(&format!("/api/users/{child}/calendar-feed"))
        .await;
    assert_eq!(
        json(shown).await["data"]["url"],
        serde_json::Value::Null,
        "the child makes a new one"
    );

    link_family(&app, parent, child);
    let own = make_link(&app, child).await;
    let unlinked = staff
        .post(&format!("/api/users/{parent}/children/save"), json!({"children": []}))
        .await;
    assert_eq!(unlinked.status(), 200);
    assert_ended(
        &app,
        &own,
        "even a link the child made himself: the parent may have seen it",
    )
    .await;
}

#[tokio::test]
async fn a_deleted_persons_link_stays_ended_when_he_is_restored() {
    let app = spawn_app().await;
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let staff = app.browser_as(manager, None);
    let link = make_link(&app, student).await;
    let deleted = staff
        .send(Method::DELETE, &format!("/api/users/{student}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);
    assert_ended(&app, &link, "a deleted person's link").await;
    let restored = staff.post(&format!("/api/users/{student}/restore"), json!({})).await;
    assert_eq!(restored.status(), 200);
    assert_ended(&app, &link, "restoring him does not bring the old link back").await;
}

#[tokio::test]
async fn a_deleted_parents_childs_link_ends_with_him() {
    let app = spawn_app().await;
    let child = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    link_family(&app, parent, child);
    let link = link_made_by(&app, parent, child).await;
    let staff = app.browser_as(manager, None);
    let deleted = staff
        .send(Method::DELETE, &format!("/api/users/{parent}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);
    assert_ended(&app, &link, "the link a deleted parent may know").await;
}

#[tokio::test]
async fn a_deleted_childs_lessons_and_events_leave_his_parents_calendar_and_feed() {
    let app = spawn_app().await;
    let teacher = app.quick_user("t@school.ru", "Белов", "Иван", &[Role::Worker]);
    let child = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let staff = app.browser_as(manager, None);
    link_family(&app, parent, child);
    let (four, day) = tomorrow_at(16);
    lessons(&app, &[(teacher, &[child], &four, "каб. 12", false)]);
    let talk = json!({"title": "Беседа с Симой", "kind": "meeting", "starts_at": day, "ends_at": day,
                      "all_day": true, "audience": {"kind": "people", "ids": [child]}});
    assert_eq!(staff.post("/api/events", talk).await.status(), 201);
    let mine = app.browser_as(parent, None);
    let page = format!("/api/calendar?from={day}&to={day}&user_id={parent}");
    let titles = |body: serde_json::Value| -> Vec<String> {
        let entries = body["data"].as_array().expect("entries").iter();
        entries
            .map(|e| e["title"].as_str().expect("title").to_owned())
            .collect()
    };
    let feed = make_link(&app, parent).await;
    let summaries = |text: &str| -> Vec<String> {
        let events = parse(text).events;
        events
            .iter()
            .map(|e| value(&e.properties, "SUMMARY").unwrap_or_default().to_owned())
            .collect()
    };
    let before = json(mine.get(&page).await).await;
    assert_eq!(titles(before), ["Беседа с Симой", "Математика — Сима"]);
    let text = app.browser().get(&feed).await.text().await.expect("text");
    assert_eq!(summaries(&text), ["Беседа с Симой", "Математика — Сима"], "{text}");

    let deleted = staff
        .send(Method::DELETE, &format!("/api/users/{child}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);
    let after = json(mine.get(&page).await).await;
    assert!(
        titles(after.clone()).is_empty(),
        "the page kept before is made anew: {after}"
    );
    let text = app.browser().get(&feed).await.text().await.expect("text");
    assert!(summaries(&text).is_empty(), "{text}");
}

#[tokio::test]
async fn the_feeds_uids_name_the_host_of_an_ipv6_public_url() {
    let app = spawn_app_with(|config| config.server.public_url = "http://[::1]:8080/".into()).await;
    let teacher = app.quick_user("t@school.ru", "Белов", "Иван", &[Role::Worker]);
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let ids = lessons(&app, &[(teacher, &[student], &tomorrow_at(16).0, "", false)]);
    let text = app
        .browser()
        .get(&make_link(&app, student).await)
        .await
        .text()
        .await
        .expect("text");
    let calendar = parse(&text);
    let uid = calendar.events.first().and_then(|e| value(&e.properties, "UID"));
    assert_eq!(uid, Some(format!("lesson-{}@[::1]", ids[0]).as_str()), "{text}");
}

#[tokio::test]
async fn a_students_calendar_does_not_list_his_classmates() {
    let app = spawn_app().await;
    let teacher = app.quick_user("t@school.ru", "Белов", "Иван", &[Role::Worker]);
    let sima = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let classmate = app.quick_user("k@school.ru", "Соседова", "Катя", &[Role::Student]);
    let (four, day) = tomorrow_at(16);
    lessons(&app, &[(teacher, &[sima, classmate], &four, "каб. 12", false)]);
    let page = format!("/api/calendar?from={day}&to={day}&user_id={sima}");
    let body = json(app.browser_as(sima, None).get(&page).await).await;
    let entries = body["data"].as_array().expect("entries");
    assert_eq!(entries.len(), 1, "{body}");
    assert!(
        entries[0].get("student_ids").is_none(),
        "no ids of the lesson's students: {body}"
    );
}
