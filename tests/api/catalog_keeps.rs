//! Subjects and courses keep what depends on them: packages, marks without a lesson and groups
//! are not stranded by a delete or a change of subject, archived ones take nothing new, and
//! only a manager sets prices.

use crate::helpers::{Browser, json};
use crate::journal_school::{School, school};
use reqwest::Method;
use serde_json::{Value, json};

/// What `browser` creates at `path` from `body` (asserted 201): its id.
async fn made(browser: &Browser, path: &str, body: Value) -> u64 {
    let response = browser.post(path, body).await;
    let status = response.status();
    let body = json(response).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_u64().expect("id")
}

/// The status and body of `browser`'s `method` on `path` with `body`.
async fn sent(browser: &Browser, method: Method, path: &str, body: Value) -> (u16, Value) {
    let response = browser.send(method, path, body).await;
    (response.status().as_u16(), json(response).await)
}

/// A subject the manager creates (blue, no price): its id.
async fn subject(school: &School, name: &str) -> u64 {
    let manager = school.as_user(school.manager);
    made(&manager, "/api/subjects", json!({"name": name, "color": "blue"})).await
}

/// A course of `subject` the manager creates: its id.
async fn course(school: &School, subject: u64, name: &str) -> u64 {
    let manager = school.as_user(school.manager);
    made(&manager, "/api/courses", json!({"subject_id": subject, "name": name})).await
}

/// Anna's package of eight lessons of what `covers` names (`subject_id` or `course_id`).
async fn package_for(school: &School, covers: Value) {
    let mut body = json!({"student_id": school.anna, "lessons_total": 8, "price": 6_400_00,
        "valid_from": "2026-09-01", "valid_to": "2027-05-31", "note": ""});
    body.as_object_mut()
        .expect("body")
        .extend(covers.as_object().expect("covers").clone());
    made(&school.as_user(school.manager), "/api/packages", body).await;
}

/// The messages of a 422 answer on `field`.
fn refused(answer: &(u16, Value), field: &str) -> Value {
    assert_eq!(answer.0, 422, "{}", answer.1);
    answer.1["errors"][field].clone()
}

#[tokio::test]
async fn a_course_or_a_subject_a_package_covers_is_not_deleted() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let physics = subject(&school, "Физика").await;
    let exam = course(&school, physics, "ЕГЭ").await;
    package_for(&school, json!({"course_id": exam})).await;
    let answer = sent(&manager, Method::DELETE, &format!("/api/courses/{exam}"), json!({})).await;
    assert_eq!(
        refused(&answer, "id"),
        json!(["Курс используется (абонементов: 1); удалить нельзя — отправьте его в архив"])
    );
    let chemistry = subject(&school, "Химия").await;
    package_for(&school, json!({"subject_id": chemistry})).await;
    package_for(&school, json!({"subject_id": chemistry})).await;
    let path = format!("/api/subjects/{chemistry}");
    let answer = sent(&manager, Method::DELETE, &path, json!({})).await;
    assert_eq!(
        refused(&answer, "id"),
        json!(["Предмет используется (абонементов: 2); удалить нельзя — отправьте его в архив"])
    );
    assert_eq!(manager.get(&path).await.status(), 200, "kept");
}

#[tokio::test]
async fn a_subject_with_marks_given_without_a_lesson_is_not_deleted() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let physics = subject(&school, "Физика").await;
    let mark = json!({"student_id": school.anna, "subject_id": physics, "value": 5, "kind": "test",
        "comment": null, "date": "2026-10-01"});
    made(&manager, "/api/marks", mark).await;
    let answer = sent(&manager, Method::DELETE, &format!("/api/subjects/{physics}"), json!({})).await;
    assert_eq!(
        refused(&answer, "id"),
        json!(["Предмет используется (оценок: 1); удалить нельзя — отправьте его в архив"])
    );
    let marks = json(manager.get(&format!("/api/marks?student_id={}", school.anna)).await).await;
    assert_eq!(
        marks["data"][0]["subject_name"], "Физика",
        "the mark still names its subject"
    );
}

#[tokio::test]
async fn a_course_in_use_keeps_its_subject_and_a_free_one_moves() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let (physics, chemistry) = (subject(&school, "Физика").await, subject(&school, "Химия").await);
    let (enrolled, grouped, free) = (
        course(&school, physics, "ЕГЭ").await,
        course(&school, physics, "Олимпиада").await,
        course(&school, physics, "Кружок").await,
    );
    made(
        &manager,
        &format!("/api/courses/{enrolled}/enrolments"),
        json!({"student_id": school.anna}),
    )
    .await;
    let txn = school.app.store.write().expect("txn");
    klass::store::record::insert(&txn, |id| klass::domain::group::Group {
        id,
        course_id: Some(klass::domain::CourseId(grouped)),
        ..crate::helpers::group_of("Олимпийцы", physics, school.teacher, &[], jiff::civil::date(2026, 9, 1))
    })
    .expect("group");
    txn.commit().expect("commit");
    for (id, name) in [(enrolled, "ЕГЭ"), (grouped, "Олимпиада")] {
        let moved = json!({"subject_id": chemistry, "name": name});
        let answer = sent(&manager, Method::PUT, &format!("/api/courses/{id}"), moved).await;
        assert_eq!(
            refused(&answer, "subject_id"),
            json!(["Нельзя сменить предмет: у курса есть ученики, группы, занятия или абонементы"])
        );
    }
    let renamed = json!({"subject_id": physics, "name": "ЕГЭ по физике"});
    let answer = sent(&manager, Method::PUT, &format!("/api/courses/{enrolled}"), renamed).await;
    assert_eq!(answer.0, 200, "the same subject: {}", answer.1);
    let moved = json!({"subject_id": chemistry, "name": "Кружок"});
    let answer = sent(&manager, Method::PUT, &format!("/api/courses/{free}"), moved).await;
    assert_eq!(answer.1["data"]["subject"]["name"], "Химия", "{}", answer.1);
}

#[tokio::test]
async fn an_archived_subject_takes_no_course_and_an_archived_course_no_student() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let (physics, old) = (subject(&school, "Физика").await, subject(&school, "Астрономия").await);
    let kept = course(&school, old, "Звёзды").await;
    let free = course(&school, physics, "Кружок").await;
    let archived = json!({"name": "Астрономия", "color": "blue", "archived": true});
    let answer = sent(&manager, Method::PUT, &format!("/api/subjects/{old}"), archived).await;
    assert_eq!(answer.0, 200, "{}", answer.1);
    let new = json!({"subject_id": old, "name": "Планеты"});
    let answer = sent(&manager, Method::POST, "/api/courses", new).await;
    assert_eq!(refused(&answer, "subject_id"), json!(["Предмет в архиве"]));
    let moved = json!({"subject_id": old, "name": "Кружок"});
    let answer = sent(&manager, Method::PUT, &format!("/api/courses/{free}"), moved).await;
    assert_eq!(refused(&answer, "subject_id"), json!(["Предмет в архиве"]));
    let renamed = json!({"subject_id": old, "name": "Звёзды и планеты", "archived": true});
    let answer = sent(&manager, Method::PUT, &format!("/api/courses/{kept}"), renamed).await;
    assert_eq!(answer.0, 200, "a course stays in its archived subject: {}", answer.1);
    let path = format!("/api/courses/{kept}/enrolments");
    let answer = sent(&manager, Method::POST, &path, json!({"student_id": school.anna})).await;
    assert_eq!(refused(&answer, "course_id"), json!(["Курс в архиве"]));
    assert_eq!(json(manager.get(&path).await).await["data"], json!([]));
}

#[tokio::test]
async fn a_change_of_an_enrolment_keeps_what_it_leaves_out_and_null_opens_its_end() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let exam = course(&school, school.subject, "ОГЭ").await;
    let path = format!("/api/courses/{exam}/enrolments");
    let dates = json!({"student_id": school.anna, "starts_on": "2026-09-01", "ends_on": "2027-05-31"});
    let enrolment = format!("{path}/{}", made(&manager, &path, dates).await);
    let terms = |answer: &(u16, Value)| {
        let data = &answer.1["data"];
        (
            data["status"].clone(),
            data["starts_on"].clone(),
            data["ends_on"].clone(),
        )
    };
    let paused = sent(&manager, Method::PUT, &enrolment, json!({"status": "paused"})).await;
    assert_eq!(
        terms(&paused),
        (json!("paused"), json!("2026-09-01"), json!("2027-05-31")),
        "the end is kept"
    );
    let moved = sent(&manager, Method::PUT, &enrolment, json!({"starts_on": "2026-10-01"})).await;
    assert_eq!(
        terms(&moved),
        (json!("paused"), json!("2026-10-01"), json!("2027-05-31"))
    );
    let open = sent(&manager, Method::PUT, &enrolment, json!({"ends_on": null})).await;
    assert_eq!(terms(&open), (json!("paused"), json!("2026-10-01"), Value::Null));
}

#[tokio::test]
async fn a_worker_manages_subjects_and_what_a_student_studies_but_not_prices() {
    let school = school().await;
    let (worker, manager) = (school.as_user(school.teacher), school.as_user(school.manager));
    let priced = json!({"name": "Физика", "color": "blue", "price": 1_000_00});
    let answer = sent(&worker, Method::POST, "/api/subjects", priced).await;
    assert_eq!(
        answer,
        (403, json!({"message": "Цены может менять только менеджер"})),
        "a new subject with a price"
    );
    let physics = made(&worker, "/api/subjects", json!({"name": "Физика", "color": "blue"})).await;
    let path = format!("/api/subjects/{physics}");
    let set = |price: Value| json!({"name": "Физика", "color": "cyan", "price": price});
    assert_eq!(sent(&worker, Method::PUT, &path, set(json!(1_000_00))).await.0, 403);
    assert_eq!(sent(&manager, Method::PUT, &path, set(json!(1_000_00))).await.0, 200);
    for price in [json!(1_200_00), Value::Null] {
        assert_eq!(sent(&worker, Method::PUT, &path, set(price)).await.0, 403);
    }
    let renamed = json!({"name": "Физика и астрономия", "color": "cyan", "price": 1_000_00, "archived": false});
    let answer = sent(&worker, Method::PUT, &path, renamed).await;
    assert_eq!(answer.0, 200, "the price as it was: {}", answer.1);

    let own = format!("/api/users/{}/subjects", school.anna);
    let studies = |rows: Value| json!({"data": rows});
    let math = school.subject;
    let plain = studies(json!([{"subject_id": physics, "price": null}]));
    assert_eq!(
        sent(&worker, Method::PUT, &own, plain).await.0,
        200,
        "his subjects are a worker's"
    );
    let priced = studies(json!([{"subject_id": physics, "price": 900_00}]));
    assert_eq!(
        sent(&worker, Method::PUT, &own, priced.clone()).await.0,
        403,
        "a price added"
    );
    assert_eq!(sent(&manager, Method::PUT, &own, priced).await.0, 200);
    let more = studies(json!([{"subject_id": physics, "price": 900_00}, {"subject_id": math, "price": null}]));
    assert_eq!(sent(&worker, Method::PUT, &own, more).await.0, 200, "his price kept");
    let changed = studies(json!([{"subject_id": physics, "price": 800_00}, {"subject_id": math, "price": null}]));
    let dropped = studies(json!([{"subject_id": math, "price": null}]));
    for refused in [changed, dropped] {
        assert_eq!(
            sent(&worker, Method::PUT, &own, refused.clone()).await.0,
            403,
            "{refused}"
        );
    }
    let read = json(worker.get(&own).await).await;
    assert_eq!(
        read["data"],
        json!([{"subject_id": physics, "price": 900_00}, {"subject_id": math, "price": null}])
    );
}

#[tokio::test]
async fn two_courses_of_one_subject_do_not_share_a_name() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let (physics, chemistry) = (subject(&school, "Физика").await, subject(&school, "Химия").await);
    let exam = course(&school, physics, "ЕГЭ").await;
    let club = course(&school, physics, "Кружок").await;
    let taken = json!(["Курс с таким названием в этом предмете уже есть"]);
    let again = json!({"subject_id": physics, "name": "егэ"});
    assert_eq!(
        refused(&sent(&manager, Method::POST, "/api/courses", again).await, "name"),
        taken
    );
    let renamed = json!({"subject_id": physics, "name": "ЕГЭ "});
    let answer = sent(&manager, Method::PUT, &format!("/api/courses/{club}"), renamed).await;
    assert_eq!(refused(&answer, "name"), taken);
    let kept = json!({"subject_id": physics, "name": "ЕГЭ", "description": "Два года"});
    let answer = sent(&manager, Method::PUT, &format!("/api/courses/{exam}"), kept).await;
    assert_eq!(answer.0, 200, "its own name is free for it: {}", answer.1);
    course(&school, chemistry, "ЕГЭ").await;
}
