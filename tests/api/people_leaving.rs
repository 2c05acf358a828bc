//! A deleted student leaves his groups and future lessons, his history kept; nobody else is.

use crate::helpers::{Browser, planned_lesson};
use crate::journal_school::{School, school};
use klass::domain::UserId;
use klass::domain::lesson::Lesson;
use reqwest::Method;
use serde_json::{Value, json};

/// The status and body (null when empty) of `browser`'s `method` on `path` with `body`.
async fn sent(browser: &Browser, method: Method, path: &str, body: Value) -> (u16, Value) {
    let response = browser.send(method, path, body).await;
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Group «Алгебра 9» of `teacher` for `students`, every Tuesday at 16:00 in December 2099 (five
/// lessons), created by the manager: its id.
async fn group(school: &School, teacher: u64, students: &[u64]) -> u64 {
    let body = json!({
        "name": "Алгебра 9", "subject_id": school.subject, "teacher_id": teacher,
        "student_ids": students, "room": "12",
        "schedule": [{"weekday": 2, "start": "16:00", "duration_minutes": 45}],
        "starts_on": "2099-12-01", "ends_on": "2099-12-29",
    });
    let (status, created) = sent(
        &school.as_user(school.manager),
        Method::POST,
        "/api/group-lessons",
        body,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    created["data"]["id"].as_u64().expect("id")
}

/// The group's students.
async fn members(school: &School, group: u64) -> Value {
    let path = format!("/api/group-lessons/{group}");
    let (status, body) = sent(&school.as_user(school.manager), Method::GET, &path, Value::Null).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["student_ids"].clone()
}

/// The students of each of the group's lessons, by time.
async fn lesson_students(school: &School, group: u64) -> Vec<Value> {
    let path = format!("/api/lessons?group_id={group}&per_page=100");
    let (status, page) = sent(&school.as_user(school.manager), Method::GET, &path, Value::Null).await;
    assert_eq!(status, 200, "{page}");
    page["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|l| l["student_ids"].clone())
        .collect()
}

/// Lesson `id` as the manager reads it: (status, data).
async fn lesson(school: &School, id: u64) -> (u16, Value) {
    let path = format!("/api/lessons/{id}");
    let (status, body) = sent(&school.as_user(school.manager), Method::GET, &path, Value::Null).await;
    (status, body["data"].clone())
}

/// A planned lesson of `students` with the school's teacher `hours` from now, changed by
/// `adjust` before it is stored: its id.
fn stored_lesson(school: &School, students: &[u64], hours: i64, adjust: impl FnOnce(Lesson) -> Lesson) -> u64 {
    let txn = school.app.store.write().expect("txn");
    let starts_at = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(hours);
    let lesson = klass::store::record::insert(&txn, |id| {
        adjust(planned_lesson(id, school.subject, school.teacher, students, starts_at))
    })
    .expect("lesson");
    txn.commit().expect("commit");
    lesson.id.0
}

/// `who` deletes `person`: the status.
async fn delete(school: &School, who: u64, person: u64) -> u16 {
    sent(
        &school.as_user(who),
        Method::DELETE,
        &format!("/api/users/{person}"),
        json!({}),
    )
    .await
    .0
}

#[tokio::test]
async fn a_deleted_student_leaves_his_groups_and_future_lessons_his_history_kept() {
    let school = school().await;
    let boris_mother = school
        .app
        .quick_user("sidorova@school.ru", "Сидорова", "Вера", &[klass::domain::Role::Parent]);
    let txn = school.app.store.write().expect("txn");
    klass::store::family::link(&txn, UserId(boris_mother), UserId(school.boris)).expect("link");
    txn.commit().expect("commit");
    let group = group(&school, school.teacher, &[school.anna, school.boris]).await;
    // A past lesson of the group with Boris's attendance and mark in its journal.
    let group_id = klass::domain::GroupId(group);
    let past = stored_lesson(&school, &[school.anna, school.boris], -2, |l| Lesson {
        group_id: Some(group_id),
        ..l
    });
    let body = json!({"topic": "Дроби", "records": school.records("present", "late"),
        "marks": [{"student_id": school.boris, "value": 4, "kind": "lesson", "comment": null}]});
    let (status, saved) = school.save(school.teacher, past, body).await;
    assert_eq!(status, 200, "{saved}");
    // His individual future lessons: one with Anna, one blank of his alone, one of his alone
    // with a topic.
    let shared = stored_lesson(&school, &[school.anna, school.boris], 48, |l| l);
    let blank = stored_lesson(&school, &[school.boris], 72, |l| l);
    let written = stored_lesson(&school, &[school.boris], 96, |l| Lesson {
        topic: "Повторение".into(),
        ..l
    });

    assert_eq!(delete(&school, school.manager, school.boris).await, 204);

    assert_eq!(members(&school, group).await, json!([school.anna]));
    let students = lesson_students(&school, group).await;
    assert_eq!(students.len(), 6, "the past one and five ahead: {students:?}");
    assert_eq!(
        students[0],
        json!([school.anna, school.boris]),
        "the past lesson keeps him"
    );
    assert!(students[1..].iter().all(|s| *s == json!([school.anna])), "{students:?}");
    let (status, journal) = school.journal(school.manager, past).await;
    assert_eq!(status, 200, "{journal}");
    assert_eq!(journal["data"]["records"][1]["status"], "late", "{journal}");
    assert_eq!(journal["data"]["marks"][0]["value"], 4, "{journal}");
    assert_eq!(lesson(&school, shared).await.1["student_ids"], json!([school.anna]));
    assert_eq!(
        lesson(&school, blank).await.0,
        404,
        "a blank lesson of his alone is deleted"
    );
    let (status, kept) = lesson(&school, written).await;
    assert_eq!(status, 200);
    assert_eq!(
        (&kept["status"], &kept["cancel_reason"]),
        (&json!("cancelled"), &json!("Ученик удалён"))
    );

    assert_eq!(
        school.logged("user.deleted").await,
        ["Удалён пользователь Сидоров Борис (boris@school.ru); снят с групп: «Алгебра 9»; будущих занятий без него: 8"]
    );
    assert_eq!(
        school.told(school.teacher, "lesson_cancelled").await,
        ["Занятия с учеником Сидоровым Борисом убраны из расписания (ученик удалён): 2"]
    );
    assert!(
        school.told(boris_mother, "lesson_cancelled").await.is_empty(),
        "his family is not told of the lessons of someone deleted"
    );

    let restore = format!("/api/users/{}/restore", school.boris);
    let (status, answer) = sent(&school.as_user(school.manager), Method::POST, &restore, json!({})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        members(&school, group).await,
        json!([school.anna]),
        "a manager adds him again"
    );
}

#[tokio::test]
async fn a_worker_cannot_delete_a_student_and_nothing_changes() {
    let school = school().await;
    let group = group(&school, school.teacher, &[school.anna, school.boris]).await;
    assert_eq!(delete(&school, school.teacher, school.boris).await, 403);
    assert_eq!(members(&school, group).await, json!([school.anna, school.boris]));
}

#[tokio::test]
async fn a_deleted_teacher_keeps_his_groups_and_lessons() {
    let school = school().await;
    let group = group(&school, school.other_teacher, &[school.anna]).await;
    let before = lesson_students(&school, group).await;
    let individual = stored_lesson(&school, &[school.anna], 48, |l| Lesson {
        teacher_id: UserId(school.other_teacher),
        ..l
    });

    assert_eq!(delete(&school, school.manager, school.other_teacher).await, 204);

    let path = format!("/api/group-lessons/{group}");
    let (_, shown) = sent(&school.as_user(school.manager), Method::GET, &path, Value::Null).await;
    assert_eq!(shown["data"]["teacher_id"], json!(school.other_teacher));
    assert_eq!(lesson_students(&school, group).await, before);
    assert_eq!(lesson(&school, individual).await.1["status"], "planned");
    assert_eq!(
        school.logged("user.deleted").await,
        ["Удалён пользователь Орлов Олег (orlov@school.ru)"]
    );
}
