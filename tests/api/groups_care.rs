//! Groups, the timetable and group lessons as a school uses them: bad input, every role, and nothing stored lost.

use crate::helpers::{Browser, json};
use crate::journal_school::{School, school};
use reqwest::Method;
use serde_json::{Value, json};

/// The status and body (null when empty) of `browser`'s `method` on `path` with `body`.
async fn sent(browser: &Browser, method: Method, path: &str, body: Value) -> (u16, Value) {
    let response = browser.send(method, path, body).await;
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A group of the school's subject taught by its teacher to `students`, every Tuesday at
/// `start` for 45 minutes from 01.12.2099 to 29.12.2099 (five lessons, always in the future).
fn school_group(school: &School, start: &str, students: &[u64]) -> Value {
    json!({
        "name": "Алгебра 9", "subject_id": school.subject, "teacher_id": school.teacher,
        "student_ids": students, "room": "12",
        "schedule": [{"weekday": 2, "start": start, "duration_minutes": 45}],
        "starts_on": "2099-12-01", "ends_on": "2099-12-29",
    })
}

/// The messages of a 422 answer on `field`.
fn refused(answer: &(u16, Value), field: &str) -> Value {
    assert_eq!(answer.0, 422, "{}", answer.1);
    answer.1["errors"][field].clone()
}

#[tokio::test]
async fn a_start_with_seconds_is_refused_not_stored_off_the_minute() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    for start in ["16:00:30", "16:00:00.5"] {
        let answer = sent(
            &manager,
            Method::POST,
            "/api/group-lessons",
            school_group(&school, start, &[]),
        )
        .await;
        assert_eq!(
            refused(&answer, "schedule"),
            json!(["Время начала в формате ЧЧ:ММ"]),
            "{start}"
        );
    }
    let lesson = |starts_at: &str| {
        json!({"subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
            "starts_at": starts_at, "duration_minutes": 45})
    };
    for starts_at in ["2099-12-01T10:00:17", "2099-12-01T10:00:00.250+03:00"] {
        let answer = sent(&manager, Method::POST, "/api/lessons", lesson(starts_at)).await;
        assert_eq!(
            refused(&answer, "starts_at"),
            json!(["Дата и время в формате 2026-11-24T16:00, с 2000 по 2100 год"]),
            "{starts_at}"
        );
    }
    let whole = sent(
        &manager,
        Method::POST,
        "/api/lessons",
        lesson("2099-12-01T10:00:00+03:00"),
    )
    .await;
    assert_eq!(whole.0, 201, "{}", whole.1);
}

#[tokio::test]
async fn a_group_whose_student_was_deleted_can_still_be_changed() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let body = school_group(&school, "16:00", &[school.anna, school.boris]);
    let (status, created) = sent(&manager, Method::POST, "/api/group-lessons", body.clone()).await;
    assert_eq!(status, 201, "{created}");
    let path = format!("/api/group-lessons/{}", created["data"]["id"]);
    let (status, answer) = sent(
        &manager,
        Method::DELETE,
        &format!("/api/users/{}", school.boris),
        json!({}),
    )
    .await;
    assert_eq!(status, 204, "{answer}");
    let mut changed = body.clone();
    changed["room"] = json!("14");
    changed["student_ids"] = json!([school.anna]);
    let (status, answer) = sent(&manager, Method::PUT, &path, changed.clone()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["data"]["room"], json!("14"));
    assert_eq!(
        answer["data"]["student_ids"],
        json!([school.anna]),
        "taken off when deleted (tests/api/people_leaving.rs)"
    );
    // A deleted student is not added anew.
    let ghost = school
        .app
        .quick_user("ghost@school.ru", "Призраков", "Пётр", &[klass::domain::Role::Student]);
    let (status, _) = sent(&manager, Method::DELETE, &format!("/api/users/{ghost}"), json!({})).await;
    assert_eq!(status, 204);
    changed["student_ids"] = json!([school.anna, ghost]);
    let answer = sent(&manager, Method::PUT, &path, changed).await;
    assert_eq!(
        refused(&answer, "student_ids"),
        json!([format!("Ученик №{ghost} не найден")])
    );
}

/// The starts of group `group`'s lessons, by time.
async fn starts(browser: &Browser, group: &Value) -> Vec<jiff::Timestamp> {
    let path = format!("/api/lessons?group_id={group}&per_page=100");
    let (status, page) = sent(browser, Method::GET, &path, Value::Null).await;
    assert_eq!(status, 200, "{page}");
    let rows = page["data"].as_array().expect("rows").iter();
    rows.map(|l| l["starts_at"].as_str().expect("start").parse().expect("instant"))
        .collect()
}

#[tokio::test]
async fn the_daily_extension_leaves_out_only_the_lesson_booked_in_the_way() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let mut open = school_group(&school, "09:00", &[school.anna]);
    open["schedule"] = json!([{"weekday": 5, "start": "09:00", "duration_minutes": 60}]);
    open["starts_on"] = json!("2026-01-01");
    open["ends_on"] = Value::Null;
    let (status, created) = sent(&manager, Method::POST, "/api/group-lessons", open).await;
    assert_eq!(status, 201, "{created}");
    let group = created["data"]["id"].clone();
    let before = starts(&manager, &group).await;
    // Anna's one-off lesson with another teacher two Fridays past the horizon, at the group's time.
    let in_the_way = *before.last().expect("lessons") + jiff::SignedDuration::from_hours(24 * 14);
    let one_off = json!({"subject_id": school.subject, "teacher_id": school.other_teacher,
        "student_ids": [school.anna], "starts_at": in_the_way.to_string(), "duration_minutes": 60});
    let (status, answer) = sent(&manager, Method::POST, "/api/lessons", one_off).await;
    assert_eq!(status, 201, "{answer}");
    let tz = jiff::tz::TimeZone::get("Europe/Moscow").expect("zone");
    let later = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(24 * 7 * 3);
    let made = klass::service::schedule::horizon::extend(&school.app.store, &tz, later).expect("extend");
    assert_eq!(made, 2, "three more Fridays but the one booked");
    let after = starts(&manager, &group).await;
    assert_eq!(after.len(), before.len() + 2);
    assert!(!after.contains(&in_the_way), "no lesson made over Anna's");
}

#[tokio::test]
async fn a_groups_notices_take_its_students_and_parents_to_their_lessons() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let (status, body) = sent(
        &manager,
        Method::POST,
        "/api/group-lessons",
        school_group(&school, "16:00", &[school.anna]),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    for person in [school.anna, school.parent] {
        let page = json(
            school
                .as_user(person)
                .get(&format!("/api/users/{person}/notifications"))
                .await,
        )
        .await;
        let links: Vec<&str> = page["data"]
            .as_array()
            .expect("notices")
            .iter()
            .filter_map(|n| n["link"].as_str())
            .collect();
        assert_eq!(links, ["/lessons"], "a page he may open: {page}");
    }
}

#[tokio::test]
async fn a_check_of_a_change_answers_while_a_save_is_under_way() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let answer = sent(
        &manager,
        Method::POST,
        "/api/group-lessons",
        school_group(&school, "16:00", &[school.anna]),
    )
    .await;
    assert_eq!(answer.0, 201, "{}", answer.1);
    let path = format!("/api/group-lessons/preview?id={}", answer.1["data"]["id"]);
    // Someone's save holds the write lock; the check reads a snapshot and does not wait for it.
    let saving = school.app.store.write().expect("write");
    let check = manager.send(Method::POST, &path, school_group(&school, "17:00", &[school.anna]));
    let answer = tokio::time::timeout(std::time::Duration::from_secs(10), check)
        .await
        .expect("the check waited for the save");
    drop(saving);
    assert_eq!(json(answer).await["data"]["lessons"], 5, "five Tuesdays move");
    let moved = sent(
        &manager,
        Method::POST,
        &path,
        school_group(&school, "17:00", &[school.anna, school.boris]),
    )
    .await;
    assert_eq!(moved.1["data"]["lessons"], 5, "{}", moved.1);
    let lessons = json(
        manager
            .get(&format!("/api/users/{}/lessons?from=2099-12-01", school.anna))
            .await,
    )
    .await;
    assert_eq!(
        lessons["data"][0]["starts_at"].as_str().map(|s| &s[11..16]),
        Some("16:00"),
        "nothing saved: {lessons}"
    );
}

/// The group at `path` as `browser` reads it now.
async fn shown(browser: &Browser, path: &str) -> Value {
    let (status, answer) = sent(browser, Method::GET, path, Value::Null).await;
    assert_eq!(status, 200, "{answer}");
    answer["data"].clone()
}

#[tokio::test]
async fn a_change_made_from_an_older_group_is_refused_not_saved_over_another() {
    let school = school().await;
    let (manager, teacher) = (school.as_user(school.manager), school.as_user(school.teacher));
    let body = school_group(&school, "16:00", &[school.anna]);
    let (status, created) = sent(&manager, Method::POST, "/api/group-lessons", body.clone()).await;
    assert_eq!(status, 201, "{created}");
    let path = format!("/api/group-lessons/{}", created["data"]["id"]);
    let loaded = shown(&manager, &path).await["version"].clone();
    assert!(loaded.as_str().is_some_and(|v| !v.is_empty()), "{loaded}");
    // Both open the form on the same group; the manager adds Boris first.
    let mut first = body.clone();
    first["student_ids"] = json!([school.anna, school.boris]);
    first["version"] = loaded.clone();
    let (status, saved) = sent(&manager, Method::PUT, &path, first).await;
    assert_eq!(status, 200, "{saved}");
    assert_ne!(saved["data"]["version"], loaded, "a change makes a new version");
    // The teacher's form still holds the old list: his change of room would drop Boris.
    let mut second = body.clone();
    second["room"] = json!("14");
    second["version"] = loaded;
    let (status, refusal) = sent(&teacher, Method::PUT, &path, second.clone()).await;
    let message = "Группу изменили, пока вы её правили. Обновите страницу и внесите изменения снова.";
    assert_eq!(status, 422, "{refusal}");
    assert_eq!(refusal, json!({"message": message, "errors": {"version": [message]}}));
    assert_eq!(shown(&manager, &path).await, saved["data"], "the first change stands");
    // Made again from the group as it is now, it is saved.
    second["student_ids"] = json!([school.anna, school.boris]);
    second["version"] = saved["data"]["version"].clone();
    let (status, again) = sent(&teacher, Method::PUT, &path, second).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(
        (&again["data"]["room"], &again["data"]["student_ids"]),
        (&json!("14"), &json!([school.anna, school.boris]))
    );
}

#[tokio::test]
async fn a_change_without_a_version_is_saved_as_before() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let body = school_group(&school, "16:00", &[school.anna]);
    let (status, created) = sent(&manager, Method::POST, "/api/group-lessons", body.clone()).await;
    assert_eq!(status, 201, "{created}");
    let path = format!("/api/group-lessons/{}", created["data"]["id"]);
    let mut changed = body;
    changed["room"] = json!("14");
    let (status, saved) = sent(&manager, Method::PUT, &path, changed.clone()).await;
    assert_eq!(status, 200, "{saved}");
    changed["room"] = json!("15");
    changed["version"] = Value::Null;
    let (status, saved) = sent(&manager, Method::PUT, &path, changed).await;
    assert_eq!((status, &saved["data"]["room"]), (200, &json!("15")), "{saved}");
    assert_eq!(shown(&manager, &path).await["version"], saved["data"]["version"]);
}
