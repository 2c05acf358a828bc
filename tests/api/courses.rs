//! Courses and enrolments: validation, students only and once, delete refused while students
//! are enrolled, and a student's courses with progress and lessons, read by him and his parent.

use crate::helpers::{TestApp, json, spawn_app};
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::domain::{CourseId, LessonId, Role, UserId};
use reqwest::Method;
use serde_json::{Value, json};

/// Stores a lesson of `subject` (and `course`) straight into the database, as the lessons
/// area would.
pub fn lesson(app: &TestApp, subject: u64, course: Option<u64>, teacher: u64, students: &[u64], status: &str) {
    let status = match status {
        "done" => LessonStatus::Done,
        "cancelled" => LessonStatus::Cancelled,
        _ => LessonStatus::Planned,
    };
    let txn = app.store.write().expect("txn");
    klass::store::record::insert(&txn, |id: LessonId| {
        let starts_at = "2026-11-02T13:00:00Z".parse::<jiff::Timestamp>().expect("time")
            + jiff::SignedDuration::from_hours(24 * id.0 as i64);
        Lesson {
            course_id: course.map(CourseId),
            room: "12".into(),
            status,
            topic: format!("Тема {}", id.0),
            ..crate::helpers::planned_lesson(id, subject, teacher, students, starts_at)
        }
    })
    .expect("lesson");
    txn.commit().expect("commit");
}

#[tokio::test]
async fn a_course_is_checked_and_only_a_manager_makes_one() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let boss = app.browser_as(manager, None);
    let math = json(
        boss.post("/api/subjects", json!({"name": "Математика", "color": "blue"}))
            .await,
    )
    .await["data"]["id"]
        .clone();
    let wrong = boss
        .post(
            "/api/courses",
            json!({"name": "", "planned_lessons": 5000, "price": -1}),
        )
        .await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(
        json(wrong).await["errors"],
        json!({
            "name": ["Обязательное поле"],
            "planned_lessons": ["Не больше 1000"],
            "price": ["Цена не может быть отрицательной"],
            "subject_id": ["Обязательное поле"],
        })
    );
    let unknown = boss
        .post("/api/courses", json!({"subject_id": 77, "name": "ОГЭ"}))
        .await;
    assert_eq!(
        json(unknown).await["errors"],
        json!({"subject_id": ["Такого предмета нет"]})
    );
    let body = json!({"subject_id": math, "name": "Подготовка к ОГЭ", "planned_lessons": 30, "price": 1_200_000, "description": "Два раза в неделю"});
    assert_eq!(
        app.browser_as(worker, None)
            .post("/api/courses", body.clone())
            .await
            .status(),
        403,
        "courses are a manager's"
    );
    let course = json(boss.post("/api/courses", body).await).await["data"].clone();
    assert_eq!(course["subject"]["name"], "Математика");
    assert_eq!(course["moodle_course_id"], Value::Null);
    assert_eq!(course["students_count"], 0);
    let list = json(
        app.browser_as(worker, None)
            .get(&format!("/api/courses?subject_id={math}"))
            .await,
    )
    .await;
    assert_eq!(list["data"][0]["name"], "Подготовка к ОГЭ", "staff read courses");
}

#[tokio::test]
async fn students_are_enrolled_once_and_a_course_with_students_is_kept() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let kid = app.quick_user("k@s.ru", "Ученик", "Юрий", &[Role::Student]);
    let mum = app.quick_user("p@s.ru", "Ученица", "Мария", &[Role::Parent]);
    let boss = app.browser_as(manager, None);
    let math = json(
        boss.post("/api/subjects", json!({"name": "Математика", "color": "blue"}))
            .await,
    )
    .await["data"]["id"]
        .clone();
    let course = json(
        boss.post("/api/courses", json!({"subject_id": math, "name": "ОГЭ"}))
            .await,
    )
    .await["data"]["id"]
        .clone();
    let path = format!("/api/courses/{course}/enrolments");
    let parent = boss.post(&path, json!({"student_id": mum})).await;
    assert_eq!(
        json(parent).await["errors"],
        json!({"student_id": ["Записать на курс можно только ученика"]})
    );
    let dates = boss
        .post(
            &path,
            json!({"student_id": kid, "status": "lost", "starts_on": "2026-09-01", "ends_on": "2026-08-01"}),
        )
        .await;
    assert_eq!(
        json(dates).await["errors"],
        json!({"status": ["Допустимо: active, paused или finished"], "ends_on": ["Дата окончания раньше даты начала"]})
    );
    let enrolled = boss
        .post(&path, json!({"student_id": kid, "starts_on": "2026-09-01"}))
        .await;
    assert_eq!(enrolled.status(), 201);
    let enrolment = json(enrolled).await["data"].clone();
    assert_eq!(enrolment["status"], "active");
    assert_eq!(enrolment["student_name"], "Ученик Юрий");
    let again = boss.post(&path, json!({"student_id": kid})).await;
    assert_eq!(
        json(again).await["errors"],
        json!({"student_id": ["Этот ученик уже записан на курс"]})
    );
    let id = &enrolment["id"];
    let paused = boss
        .send(
            Method::PUT,
            &format!("{path}/{id}"),
            json!({"status": "paused", "ends_on": "2027-05-31"}),
        )
        .await;
    let paused = json(paused).await["data"].clone();
    assert_eq!(
        (&paused["status"], &paused["starts_on"], &paused["ends_on"]),
        (&json!("paused"), &json!("2026-09-01"), &json!("2027-05-31"))
    );
    let refused = boss
        .send(Method::DELETE, &format!("/api/courses/{course}"), json!({}))
        .await;
    assert_eq!(
        json(refused).await["errors"]["id"],
        json!(["Курс используется (учеников: 1); удалить нельзя — отправьте его в архив"])
    );
    assert_eq!(
        boss.send(Method::DELETE, &format!("{path}/{id}"), json!({}))
            .await
            .status(),
        204
    );
    assert_eq!(json(boss.get(&path).await).await["data"], json!([]));
    assert_eq!(
        boss.send(Method::DELETE, &format!("/api/courses/{course}"), json!({}))
            .await
            .status(),
        204
    );
}

#[tokio::test]
async fn a_student_and_his_parent_see_his_courses_with_progress_and_lessons() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let kid = app.quick_user("k@s.ru", "Ученик", "Юрий", &[Role::Student]);
    let other = app.quick_user("o@s.ru", "Другой", "Олег", &[Role::Student]);
    let mum = app.quick_user("p@s.ru", "Ученица", "Мария", &[Role::Parent]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, UserId(mum), UserId(kid)).expect("link");
    txn.commit().expect("commit");
    let boss = app.browser_as(manager, None);
    let math = json(
        boss.post("/api/subjects", json!({"name": "Математика", "color": "blue"}))
            .await,
    )
    .await["data"]["id"]
        .as_u64()
        .expect("id");
    let course = json(
        boss.post(
            "/api/courses",
            json!({"subject_id": math, "name": "ОГЭ", "planned_lessons": 10}),
        )
        .await,
    )
    .await["data"]["id"]
        .as_u64()
        .expect("id");
    boss.post(&format!("/api/courses/{course}/enrolments"), json!({"student_id": kid}))
        .await;
    for status in ["done", "done", "cancelled", "planned"] {
        lesson(&app, math, Some(course), manager, &[kid], status);
    }
    lesson(&app, math, None, manager, &[kid], "done");
    let mine = json(
        app.browser_as(kid, None)
            .get(&format!("/api/users/{kid}/courses"))
            .await,
    )
    .await;
    let first = &mine["data"][0];
    assert_eq!(first["course"]["name"], "ОГЭ");
    assert_eq!(first["enrolment"]["status"], "active");
    assert_eq!(
        (&first["lessons_done"], &first["lessons_planned"]),
        (&json!(2), &json!(10))
    );
    let detail = app
        .browser_as(mum, None)
        .get(&format!("/api/users/{kid}/courses/{course}"))
        .await;
    assert_eq!(detail.status(), 200, "a parent reads his child's course");
    let detail = json(detail).await["data"].clone();
    let lessons = detail["lessons"].as_array().expect("lessons");
    assert_eq!(lessons.len(), 4, "only the lessons of this course");
    assert_eq!(lessons[0]["teacher_name"], "Орлова Н.");
    assert_eq!(
        lessons[0]["starts_at"], "2026-11-03T16:00:00+03:00",
        "in the school's time"
    );
    assert_eq!(lessons[2]["status"], "cancelled");
    let stranger = app.browser_as(other, None);
    assert_eq!(stranger.get(&format!("/api/users/{kid}/courses")).await.status(), 403);
    assert_eq!(
        stranger
            .get(&format!("/api/users/{other}/courses/{course}"))
            .await
            .status(),
        404,
        "not enrolled"
    );
}

#[tokio::test]
async fn the_demo_school_teaches_six_subjects_and_two_courses_with_students() {
    let app = spawn_app().await;
    crate::helpers::seed_demo(&app);
    let director = app.browser();
    director
        .sign_in(klass::service::demo::MANAGER_EMAIL, klass::service::demo::PASSWORD)
        .await;
    let subjects = json(director.get("/api/subjects").await).await;
    assert_eq!(subjects["meta"]["total"], 6);
    let seeded = json(director.get("/api/history?action=import.demo_seeded").await).await;
    let summary = seeded["data"][0]["summary"]
        .as_str()
        .expect("the log tells of the demo");
    assert!(
        summary.contains(", 5 тегов, 6 предметов, 2 курса, 8 групп, "),
        "counted in Russian: {summary}"
    );
    let courses = json(director.get("/api/courses").await).await;
    let courses = courses["data"].as_array().expect("courses");
    assert_eq!(courses.len(), 2);
    assert!(
        courses.iter().all(|c| c["students_count"].as_u64() > Some(5)),
        "{courses:?}"
    );
    let belov = json(director.get("/api/users?search=Белов").await).await["data"][0]["id"].clone();
    let taught = json(director.get(&format!("/api/users/{belov}/subjects")).await).await;
    assert_eq!(
        taught["data"].as_array().map(Vec::len),
        Some(2),
        "a teacher teaches two subjects"
    );
    let enrolled = json(
        director
            .get(&format!("/api/courses/{}/enrolments", courses[0]["id"]))
            .await,
    )
    .await;
    let student = &enrolled["data"][0]["student_id"];
    let studies = json(director.get(&format!("/api/users/{student}/subjects")).await).await;
    assert!(
        !studies["data"].as_array().expect("subjects").is_empty(),
        "a student studies his course's subject"
    );
}
