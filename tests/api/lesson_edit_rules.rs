//! Editing one lesson by hand: what the timetable keeps of it, who may change a held lesson, and
//! what "this and following" may touch.

use crate::charges::priced_lesson;
use crate::helpers::{Browser, json, spawn_app};
use crate::lessons::{School, refused, school_of};
use klass::domain::Role;
use klass::policy::{HELD_LESSON_BY_MANAGER, NOT_YOUR_LESSON};
use reqwest::Method;
use serde_json::{Value, json};

/// The ids of `group`'s lessons, earliest first.
async fn lesson_ids(reader: &Browser, group: u64) -> Vec<u64> {
    let page = json(reader.get(&format!("/api/lessons?group_id={group}&per_page=100")).await).await;
    let rows = page["data"].as_array().expect("rows").iter();
    rows.map(|l| l["id"].as_u64().expect("id")).collect()
}

/// Lesson `id` as a manager reads it.
async fn lesson(school: &School, id: u64) -> Value {
    json(school.manager.get(&format!("/api/lessons/{id}")).await).await["data"].clone()
}

/// `body` sent by `who` to `PUT /api/lessons/{id}` (with `?scope=following` when `following`).
async fn edit(who: &Browser, id: u64, following: bool, body: Value) -> reqwest::Response {
    let scope = if following { "?scope=following" } else { "" };
    who.send(Method::PUT, &format!("/api/lessons/{id}{scope}"), body).await
}

/// The message of a 403.
async fn forbidden(response: reqwest::Response) -> String {
    assert_eq!(response.status(), 403);
    json(response).await["message"].as_str().expect("message").to_owned()
}

/// An open-ended group «Алгебра 9» of Anna's on Fridays at 9:00, with `price` when given.
fn open_group(school: &School, price: Option<i64>) -> Value {
    let slot = json!([{"weekday": 5, "start": "09:00", "duration_minutes": 60}]);
    let mut open = school.group(slot, "2026-01-01", "");
    open["ends_on"] = Value::Null;
    open["price"] = json!(price);
    open
}

#[tokio::test]
async fn a_group_lesson_given_a_student_or_a_price_by_hand_keeps_them_when_the_timetable_is_filled_again() {
    let school = school_of(spawn_app().await);
    let group = school.create_group(open_group(&school, None)).await;
    let ids = lesson_ids(&school.manager, group).await;
    let (trial, priced, noted) = (ids[0], ids[1], ids[2]);
    let both = json!([school.anna, school.boris]);
    let added = edit(&school.manager, trial, false, json!({"student_ids": both})).await;
    assert_eq!(added.status(), 200);
    assert_eq!(
        json(added).await["data"]["moved_by_hand"],
        true,
        "a trial student added"
    );
    assert_eq!(
        edit(&school.manager, priced, false, json!({"price": 50_000}))
            .await
            .status(),
        200
    );
    let topic = json(edit(&school.manager, noted, false, json!({"topic": "Дроби"})).await).await;
    assert_eq!(
        topic["data"]["moved_by_hand"], false,
        "a topic is no change of the timetable"
    );

    // The nightly fill, three weeks on.
    let tz = jiff::tz::TimeZone::get("Europe/Moscow").expect("zone");
    let later = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(24 * 7 * 3);
    klass::service::schedule::horizon::extend(&school.app.store, &tz, later).expect("extend");
    assert_eq!(
        lesson(&school, trial).await["student_ids"],
        both,
        "the trial student stays"
    );
    assert_eq!(lesson(&school, priced).await["price"], 50_000, "the price stays");

    // A change of the group reaches its other lessons, not those changed by hand.
    let changed = school
        .manager
        .send(
            Method::PUT,
            &format!("/api/group-lessons/{group}"),
            open_group(&school, Some(30_000)),
        )
        .await;
    assert_eq!(changed.status(), 200);
    assert_eq!(lesson(&school, priced).await["price"], 50_000, "its own price stays");
    assert_eq!(lesson(&school, ids[3]).await["price"], 30_000, "the group's new price");
    assert_eq!(lesson(&school, trial).await["student_ids"], both);
}

/// A group of Belov's on Mondays at 10:00 in January 2027, room 12: its four lessons.
async fn mondays(school: &School) -> Vec<u64> {
    let slot = json!([{"weekday": 1, "start": "10:00", "duration_minutes": 60}]);
    let group = school
        .create_group(school.group(slot, "2027-01-04", "2027-01-31"))
        .await;
    let ids = lesson_ids(&school.manager, group).await;
    assert_eq!(ids.len(), 4);
    ids
}

/// Each lesson as «start, teacher, room».
async fn placed(school: &School, ids: &[u64]) -> Vec<String> {
    let mut rows = Vec::new();
    for id in ids {
        let l = lesson(school, *id).await;
        let start = l["starts_at"].as_str().expect("start");
        rows.push(format!("{}, {}, {}", &start[..16], l["teacher_id"], l["room"]));
    }
    rows
}

#[tokio::test]
async fn a_substitute_moves_his_own_lesson_but_not_the_following_ones_of_the_groups_teacher() {
    let school = school_of(spawn_app().await);
    let kim = school.app.quick_user("kim@school.ru", "Ким", "Олег", &[Role::Worker]);
    let ids = mondays(&school).await;
    let substitute = json!({"teacher_id": kim});
    assert_eq!(edit(&school.manager, ids[1], false, substitute).await.status(), 200);
    let before = placed(&school, &ids).await;

    let kims = school.app.browser_as(kim, None);
    let later = json!({"starts_at": "2027-01-11T11:00", "room": "7"});
    let refusal = edit(&kims, ids[1], true, later.clone()).await;
    assert_eq!(forbidden(refusal).await, NOT_YOUR_LESSON);
    assert_eq!(placed(&school, &ids).await, before, "nothing moved");

    assert_eq!(edit(&kims, ids[1], false, later).await.status(), 200, "his own lesson");
    let after = placed(&school, &ids).await;
    assert_eq!(after[1], format!("2027-01-11T11:00, {kim}, \"7\""));
    assert_eq!(after[2..], before[2..], "Belov's lessons as they were");
}

#[tokio::test]
async fn this_and_following_keeps_a_later_lessons_substitute_and_room_unless_it_changes_them() {
    let school = school_of(spawn_app().await);
    let kim = school.app.quick_user("kim@school.ru", "Ким", "Олег", &[Role::Worker]);
    let belov = school.teacher;
    let ids = mondays(&school).await;
    assert_eq!(
        edit(&school.manager, ids[2], false, json!({"teacher_id": kim}))
            .await
            .status(),
        200
    );
    assert_eq!(
        edit(&school.manager, ids[3], false, json!({"room": "7"}))
            .await
            .status(),
        200
    );

    let teachers = school.app.browser_as(belov, None);
    let hour_later = json!({"starts_at": "2027-01-11T11:00"});
    let refusal = edit(&teachers, ids[1], true, hour_later.clone()).await;
    assert_eq!(forbidden(refusal).await, NOT_YOUR_LESSON, "Kim's lesson among them");

    assert_eq!(edit(&school.manager, ids[1], true, hour_later).await.status(), 200);
    assert_eq!(
        placed(&school, &ids).await,
        [
            format!("2027-01-04T10:00, {belov}, \"12\""),
            format!("2027-01-11T11:00, {belov}, \"12\""),
            format!("2027-01-18T11:00, {kim}, \"12\""),
            format!("2027-01-25T11:00, {belov}, \"7\""),
        ],
        "shifted, each keeping its teacher and room"
    );

    let new_room = json!({"room": "14"});
    assert_eq!(edit(&school.manager, ids[1], true, new_room).await.status(), 200);
    assert_eq!(
        placed(&school, &ids).await[1..],
        [
            format!("2027-01-11T11:00, {belov}, \"14\""),
            format!("2027-01-18T11:00, {kim}, \"14\""),
            format!("2027-01-25T11:00, {belov}, \"14\""),
        ],
        "the room changed reaches the following ones"
    );
}

/// A manager's reading of `student`'s balance.
async fn balance(school: &crate::journal_school::School, student: u64) -> Value {
    let manager = school.as_user(school.manager);
    json(manager.get(&format!("/api/users/{student}/payments")).await).await["balance"].clone()
}

#[tokio::test]
async fn a_worker_cannot_undo_his_held_lessons_charges_by_editing_it_and_a_manager_can() {
    let school = crate::journal_school::school().await;
    let id = priced_lesson(&school, 800_00);
    let present = json!({"records": school.records("present", "present"), "marks": []});
    let (status, saved) = school.save(school.teacher, id, present).await;
    assert_eq!(status, 200, "{saved}");
    let teacher = school.as_user(school.teacher);
    for body in [
        json!({"status": "planned"}),
        json!({"price": 0}),
        json!({"student_ids": [school.boris]}),
    ] {
        let refusal = edit(&teacher, id, false, body.clone()).await;
        assert_eq!(refused(refusal, "status").await, [HELD_LESSON_BY_MANAGER], "{body}");
    }
    let cancel = teacher
        .post(&format!("/api/lessons/{id}/cancel"), json!({"reason": "Ошибка"}))
        .await;
    assert_eq!(
        refused(cancel, "status").await,
        [HELD_LESSON_BY_MANAGER],
        "as cancelling it is"
    );
    for student in [school.anna, school.boris] {
        assert_eq!(balance(&school, student).await, -800_00, "charged still");
    }
    let topic = edit(&teacher, id, false, json!({"topic": "Дроби"})).await;
    assert_eq!(topic.status(), 200, "the topic is still his");
    assert_eq!(json(topic).await["data"]["status"], "done");

    let manager = school.as_user(school.manager);
    assert_eq!(edit(&manager, id, false, json!({"price": 0})).await.status(), 200);
    for student in [school.anna, school.boris] {
        assert_eq!(balance(&school, student).await, 0, "a manager's free lesson");
    }
}

#[tokio::test]
async fn a_cancelled_lesson_brought_back_as_held_is_checked_for_clashes() {
    let school = school_of(spawn_app().await);
    let at = |student: u64| {
        json!({"subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [student],
               "starts_at": "2027-03-01T12:00", "duration_minutes": 45})
    };
    let first = json(school.one_off(at(school.anna)).await).await["data"]["id"]
        .as_u64()
        .expect("id");
    let cancel = format!("/api/lessons/{first}/cancel");
    let cancelled = school.manager.post(&cancel, json!({"reason": "Болезнь"})).await;
    assert_eq!(cancelled.status(), 200);
    assert_eq!(school.one_off(at(school.boris)).await.status(), 201, "its time is free");
    let held = edit(&school.manager, first, false, json!({"status": "done"})).await;
    let clashes = refused(held, "starts_at").await;
    assert!(clashes[0].starts_with("Учитель Белов И. занят"), "{clashes:?}");
    assert_eq!(lesson(&school, first).await["status"], "cancelled");
}

#[tokio::test]
async fn a_price_above_the_cap_is_refused_on_a_lesson_and_a_group() {
    let school = school_of(spawn_app().await);
    let huge: i64 = 9_000_000_000_000_000_000;
    let cap = klass::domain::subject::price_error(Some(huge)).expect("refused");
    let single = json!({"subject_id": school.subject, "teacher_id": school.teacher,
                        "starts_at": "2027-03-01T12:00", "duration_minutes": 45});
    let id = json(school.one_off(single).await).await["data"]["id"]
        .as_u64()
        .expect("id");
    let refusal = edit(&school.manager, id, false, json!({"price": huge})).await;
    assert_eq!(refused(refusal, "price").await, [cap.as_str()]);
    assert_eq!(lesson(&school, id).await["price"], 100_000, "the subject's price kept");
    let group = school
        .manager
        .post("/api/group-lessons", open_group(&school, Some(huge)))
        .await;
    assert_eq!(refused(group, "price").await, [cap.as_str()]);
}
