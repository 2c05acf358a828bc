//! Events keep their promises: a lesson stays cancelled while any holiday covers it, an event
//! stays editable when one of its people is deleted, and its audience hears of changes.

use crate::events::{School, lesson, school, told, told_all};
use crate::helpers::{group_of, json};
use klass::domain::LessonId;
use klass::domain::group::Group;
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::store::record;
use reqwest::Method;
use serde_json::{Value, json};

/// A holiday on 9–10 March 2030 for `audience` that cancels lessons.
fn holiday(title: &str, audience: Value) -> Value {
    json!({"title": title, "kind": "holiday", "starts_at": "2030-03-09", "ends_at": "2030-03-10",
           "all_day": true, "audience": audience, "cancels_lessons": true})
}

/// A meeting on 5 February 2030, 18:00–19:30, for `audience`.
fn meeting(audience: Value) -> Value {
    json!({"title": "Собрание", "kind": "meeting", "starts_at": "2030-02-05T18:00",
           "ends_at": "2030-02-05T19:30", "all_day": false, "audience": audience})
}

/// Creates the event `body`; its id.
async fn created(s: &School, body: Value) -> u64 {
    let answer = s.manager.post("/api/events", body).await;
    assert_eq!(answer.status(), 201);
    json(answer).await["data"]["id"].as_u64().expect("id")
}

/// Sends `body` as a change of the event `id`.
async fn changed(s: &School, id: u64, body: Value) -> reqwest::Response {
    s.manager.send(Method::PUT, &format!("/api/events/{id}"), body).await
}

async fn deleted(s: &School, path: &str) {
    assert_eq!(
        s.manager.send(Method::DELETE, path, json!({})).await.status(),
        204,
        "{path}"
    );
}

/// The school's group lesson on 9 March 2030.
fn ninth(s: &School) -> LessonId {
    let txn = s.app.store.write().expect("txn");
    let id = lesson(&txn, s, 9, LessonStatus::Planned);
    txn.commit().expect("commit");
    id
}

fn lesson_now(s: &School, id: LessonId) -> Lesson {
    let read = s.app.store.read().expect("read");
    record::get::<Lesson>(&read, id).expect("get").expect("lesson")
}

#[tokio::test]
async fn a_lesson_stays_cancelled_while_another_holiday_covers_it_whichever_came_first() {
    for quarantine_first in [true, false] {
        let s = school().await;
        let id = ninth(&s);
        let quarantine = ("Карантин", json!({"kind": "groups", "ids": [s.group]}));
        let vacation = ("Каникулы", json!({"kind": "all"}));
        let ((first_title, first), (second_title, second)) = if quarantine_first {
            (quarantine, vacation)
        } else {
            (vacation, quarantine)
        };
        let first = created(&s, holiday(first_title, first)).await;
        let second = created(&s, holiday(second_title, second)).await;
        assert_eq!(lesson_now(&s, id).cancel_reason, first_title);

        deleted(&s, &format!("/api/events/{first}")).await;
        let kept = lesson_now(&s, id);
        assert_eq!(kept.status, LessonStatus::Cancelled, "«{second_title}» still covers it");
        assert_eq!(kept.cancel_reason, second_title, "it knows its holiday now");
        let back = told(&s.app, s.student, "lesson_scheduled").await;
        assert!(back.is_empty(), "not told it is back: {back:?}");

        deleted(&s, &format!("/api/events/{second}")).await;
        assert_eq!(lesson_now(&s, id).status, LessonStatus::Planned, "no holiday left");
        let back = told(&s.app, s.student, "lesson_scheduled").await;
        assert_eq!(back.len(), 1, "{back:?}");
        assert!(back[0].ends_with(&format!("(«{second_title}» отменено)")), "{back:?}");
    }
}

#[tokio::test]
async fn a_holiday_moved_off_a_lesson_another_holiday_covers_leaves_it_cancelled() {
    let s = school().await;
    let id = ninth(&s);
    let quarantine = created(&s, holiday("Карантин", json!({"kind": "groups", "ids": [s.group]}))).await;
    let vacation = created(&s, holiday("Каникулы", json!({"kind": "all"}))).await;
    let moved = changed(
        &s,
        quarantine,
        json!({"starts_at": "2030-03-12", "ends_at": "2030-03-12"}),
    )
    .await;
    assert_eq!(moved.status(), 200);
    let kept = lesson_now(&s, id);
    assert_eq!(kept.status, LessonStatus::Cancelled);
    assert_eq!(kept.cancel_reason, "Каникулы");

    deleted(&s, &format!("/api/events/{vacation}")).await;
    assert_eq!(lesson_now(&s, id).status, LessonStatus::Planned);
}

#[tokio::test]
async fn an_event_stays_editable_when_a_person_or_group_of_its_audience_is_gone() {
    let s = school().await;
    let alone = created(&s, meeting(json!({"kind": "people", "ids": [s.other]}))).await;
    let pair = created(&s, meeting(json!({"kind": "people", "ids": [s.student, s.other]}))).await;
    deleted(&s, &format!("/api/users/{}", s.other)).await;

    let renamed = changed(&s, alone, json!({"title": "Беседа"})).await;
    assert_eq!(renamed.status(), 200, "the audience left out is kept as it is");
    assert_eq!(json(renamed).await["data"]["audience"]["ids"], json!([s.other]));
    let resent = changed(
        &s,
        pair,
        json!({"audience": {"kind": "people", "ids": [s.student, s.other]}}),
    )
    .await;
    assert_eq!(resent.status(), 200);
    assert_eq!(
        json(resent).await["data"]["audience"]["ids"],
        json!([s.student]),
        "the deleted one dropped"
    );
    let stranger = changed(
        &s,
        alone,
        json!({"audience": {"kind": "people", "ids": [s.student, s.other, 999]}}),
    )
    .await;
    assert_eq!(stranger.status(), 422);
    assert_eq!(
        json(stranger).await["errors"]["audience"],
        json!(["Человек №999 не найден"]),
        "only the new one, not the one deleted from it"
    );

    let txn = s.app.store.write().expect("txn");
    let start = jiff::civil::date(2030, 1, 1);
    let spare = record::insert(&txn, |id| Group {
        id,
        ..group_of("Геометрия 9", 1, s.teacher, &[s.student], start)
    })
    .expect("group")
    .id
    .0;
    txn.commit().expect("commit");
    let groups = json!({"kind": "groups", "ids": [s.group, spare]});
    let both = created(&s, meeting(groups.clone())).await;
    deleted(&s, &format!("/api/group-lessons/{spare}")).await;
    let shown = meeting(groups.clone());
    let previewed = s.manager.post("/api/events/preview", shown.clone()).await;
    assert_eq!(previewed.status(), 422, "as a new event: the group is gone");
    let previewed = s
        .manager
        .post(&format!("/api/events/preview?event_id={both}"), shown)
        .await;
    assert_eq!(previewed.status(), 200, "as the change the dialog is about to save");
    let resent = changed(&s, both, json!({"title": "Собрание 9", "audience": groups})).await;
    assert_eq!(resent.status(), 200);
    assert_eq!(json(resent).await["data"]["audience"]["ids"], json!([s.group]));
}

#[tokio::test]
async fn people_added_to_an_event_are_told_of_it_and_the_others_not_again() {
    let s = school().await;
    let id = created(&s, meeting(json!({"kind": "groups", "ids": [s.group]}))).await;
    let answer = changed(
        &s,
        id,
        json!({"audience": {"kind": "people", "ids": [s.student, s.other]}}),
    )
    .await;
    assert_eq!(answer.status(), 200);
    assert_eq!(
        told(&s.app, s.other, "event_announced").await,
        ["Собрание: 05.02.2030 18:00–19:30"],
        "added: told as at a create"
    );
    for person in [s.teacher, s.student, s.parent] {
        let notices = told(&s.app, person, "event_announced").await;
        assert_eq!(notices.len(), 1, "told at the create only: {notices:?}");
    }

    let moved = changed(
        &s,
        id,
        json!({"starts_at": "2030-02-06T18:00", "ends_at": "2030-02-06T19:30"}),
    )
    .await;
    assert_eq!(moved.status(), 200);
    for person in [s.student, s.parent, s.other] {
        let notices = told(&s.app, person, "event_announced").await;
        assert_eq!(
            notices.first().map(String::as_str),
            Some("Событие перенесено: Собрание, 06.02.2030 18:00–19:30"),
            "moving tells the whole audience: {notices:?}"
        );
    }
    assert_eq!(
        told(&s.app, s.teacher, "event_announced").await.len(),
        1,
        "no longer of it"
    );
}

#[tokio::test]
async fn a_deleted_event_is_cancelled_for_its_audience_once() {
    let s = school().await;
    let id = created(&s, meeting(json!({"kind": "groups", "ids": [s.group]}))).await;
    deleted(&s, &format!("/api/events/{id}")).await;
    for person in [s.teacher, s.student, s.parent] {
        let notices = told(&s.app, person, "event_announced").await;
        assert_eq!(
            notices.first().map(String::as_str),
            Some("Событие отменено: Собрание, 05.02.2030 18:00–19:30"),
            "{notices:?}"
        );
    }
    assert!(told_all(&s.app, s.other).await.is_empty(), "not of its audience");

    // A holiday whose lessons come back: their people are told that (it names the holiday),
    // the rest of its audience that it is cancelled.
    let ninth = ninth(&s);
    let vacation = created(&s, holiday("Каникулы", json!({"kind": "all"}))).await;
    deleted(&s, &format!("/api/events/{vacation}")).await;
    assert_eq!(lesson_now(&s, ninth).status, LessonStatus::Planned);
    for person in [s.teacher, s.student, s.parent] {
        let notices = told_all(&s.app, person).await;
        let latest = &notices[0];
        assert_eq!(latest.0, "lesson_scheduled", "{notices:?}");
        assert!(latest.1.ends_with("(«Каникулы» отменено)"), "{notices:?}");
        assert!(
            !notices
                .iter()
                .any(|(_, body)| body.starts_with("Событие отменено: Каникулы")),
            "told once: {notices:?}"
        );
    }
    assert_eq!(
        told(&s.app, s.other, "event_announced").await,
        [
            "Событие отменено: Каникулы, 09.03.2030 – 10.03.2030",
            "Каникулы: 09.03.2030 – 10.03.2030"
        ],
        "newest first"
    );

    // An event over already is not cancelled for anyone.
    let past = json!({"title": "Выпускной", "kind": "other", "starts_at": "2020-06-20", "ends_at": "2020-06-20",
                      "all_day": true, "audience": {"kind": "people", "ids": [s.other]}});
    let past = created(&s, past).await;
    deleted(&s, &format!("/api/events/{past}")).await;
    let notices = told(&s.app, s.other, "event_announced").await;
    assert!(!notices.iter().any(|n| n.contains("Выпускной, ")), "{notices:?}");
}
