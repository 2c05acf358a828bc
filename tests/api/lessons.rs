//! Groups and lessons: a timetable fills itself in the school's time zone, clashes are refused
//! with their Russian message, lessons move (one or "this and following"), hand-moved ones
//! survive a timetable change, and a lesson is deleted only when bare, else cancelled.

use crate::helpers::{Browser, TestApp, json, spawn_app, spawn_app_with};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

/// A school with a subject, a teacher, two students (one with a parent) and a manager.
pub struct School {
    pub app: TestApp,
    pub subject: u64,
    pub teacher: u64,
    pub anna: u64,
    pub boris: u64,
    pub parent: u64,
    pub manager: Browser,
}

async fn school_in(timezone: &str) -> School {
    let timezone = timezone.to_owned();
    let app = spawn_app_with(move |config| config.school.timezone = timezone).await;
    school_of(app)
}

pub fn school_of(app: TestApp) -> School {
    let teacher = app.quick_user("belov@school.ru", "Белов", "Игорь", &[Role::Worker]);
    let anna = app.quick_user("anna@school.ru", "Петрова", "Анна", &[Role::Student]);
    let boris = app.quick_user("boris@school.ru", "Сидоров", "Борис", &[Role::Student]);
    let parent = app.quick_user("mama@school.ru", "Петрова", "Ольга", &[Role::Parent]);
    let manager = app.quick_user("boss@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, klass::domain::UserId(parent), klass::domain::UserId(anna)).expect("link");
    let subject = klass::store::record::insert(&txn, |id| klass::domain::subject::Subject {
        id,
        name: "Математика".into(),
        color: "blue".into(),
        archived: false,
        price: Some(100_000),
    })
    .expect("subject")
    .id
    .0;
    txn.commit().expect("commit");
    let manager = app.browser_as(manager, None);
    School {
        app,
        subject,
        teacher,
        anna,
        boris,
        parent,
        manager,
    }
}

impl School {
    pub fn group(&self, schedule: Value, starts_on: &str, ends_on: &str) -> Value {
        json!({
            "name": "Алгебра 9",
            "subject_id": self.subject,
            "teacher_id": self.teacher,
            "student_ids": [self.anna],
            "room": "12",
            "schedule": schedule,
            "starts_on": starts_on,
            "ends_on": ends_on,
        })
    }

    pub async fn create_group(&self, body: Value) -> u64 {
        let response = self.manager.post("/api/group-lessons", body).await;
        assert_eq!(response.status(), 201);
        json(response).await["data"]["id"].as_u64().expect("id")
    }

    /// The starts of a group's lessons, as the API shows them.
    async fn starts(&self, group: u64) -> Vec<String> {
        let page = json(
            self.manager
                .get(&format!("/api/lessons?group_id={group}&per_page=100"))
                .await,
        )
        .await;
        let rows = page["data"].as_array().expect("rows").iter();
        rows.map(|l| l["starts_at"].as_str().expect("start").to_owned())
            .collect()
    }

    async fn lessons_of(&self, group: u64) -> Vec<Value> {
        let page = json(
            self.manager
                .get(&format!("/api/lessons?group_id={group}&per_page=100"))
                .await,
        )
        .await;
        page["data"].as_array().expect("rows").clone()
    }

    pub async fn one_off(&self, body: Value) -> reqwest::Response {
        self.manager.post("/api/lessons", body).await
    }
}

/// The messages of a 422 on `field`.
pub async fn refused(response: reqwest::Response, field: &str) -> Vec<String> {
    assert_eq!(response.status(), 422);
    let body = json(response).await;
    let messages = body["errors"][field]
        .as_array()
        .unwrap_or_else(|| panic!("no {field} in {body}"));
    messages.iter().map(|m| m.as_str().expect("text").to_owned()).collect()
}

#[tokio::test]
async fn a_timetable_at_16_stays_at_16_across_the_change_to_summer_time() {
    let school = school_in("Europe/Berlin").await;
    let slot = json!([{"weekday": 2, "start": "16:00", "duration_minutes": 60}]);
    let group = school
        .create_group(school.group(slot, "2027-03-16", "2027-04-06"))
        .await;
    assert_eq!(
        school.starts(group).await,
        [
            "2027-03-16T16:00:00+01:00",
            "2027-03-23T16:00:00+01:00",
            "2027-03-30T16:00:00+02:00",
            "2027-04-06T16:00:00+02:00"
        ]
    );
    let shown = json(school.manager.get(&format!("/api/group-lessons/{group}")).await).await;
    assert_eq!(shown["data"]["timetable"], "вт 16:00");
    assert_eq!(shown["data"]["teacher_name"], "Белов И.");
}

#[tokio::test]
async fn each_clash_is_refused_with_its_russian_message_and_nothing_is_created() {
    let school = school_of(spawn_app().await);
    let kim = school.app.quick_user("kim@school.ru", "Ким", "Олег", &[Role::Worker]);
    let booked = json!({
        "subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
        "room": "12", "starts_at": "2027-02-02T16:00", "duration_minutes": 60,
    });
    assert_eq!(school.one_off(booked.clone()).await.status(), 201);
    let mut next_week = booked;
    next_week["starts_at"] = json!("2027-02-09T17:00");
    assert_eq!(school.one_off(next_week).await.status(), 201);

    let slot = json!([{"weekday": 2, "start": "16:30", "duration_minutes": 45}]);
    let mut group = school.group(slot, "2027-02-01", "2027-02-14");
    group["student_ids"] = json!([school.boris]);
    group["room"] = json!("");
    let clashes = [
        "02.02.2027: Учитель Белов И. занят: Математика, 16:00–17:00, каб. 12",
        "09.02.2027: Учитель Белов И. занят: Математика, 17:00–18:00, каб. 12",
    ];
    // The form's check before saving tells every clash, as saving does.
    let preview = school.manager.post("/api/group-lessons/preview", group.clone()).await;
    assert_eq!(refused(preview, "starts_at").await, clashes);
    let response = school.manager.post("/api/group-lessons", group.clone()).await;
    assert_eq!(refused(response, "starts_at").await, clashes, "every clash at once");
    group["schedule"] = json!([{"weekday": 3, "start": "16:30", "duration_minutes": 45}]);
    let preview = json(school.manager.post("/api/group-lessons/preview", group).await).await;
    assert_eq!(preview["data"]["lessons"], 2, "two Wednesdays, free: {preview}");
    let groups = json(school.manager.get("/api/group-lessons").await).await;
    assert_eq!(groups["meta"]["total"], 0, "nothing created");
    let boris_lessons = json(
        school
            .manager
            .get(&format!("/api/users/{}/lessons", school.boris))
            .await,
    )
    .await;
    assert_eq!(boris_lessons["meta"]["total"], 0, "no lesson created either");

    let student = json!({
        "subject_id": school.subject, "teacher_id": kim, "student_ids": [school.boris, school.anna],
        "starts_at": "2027-02-02T16:30", "duration_minutes": 60,
    });
    assert_eq!(
        refused(school.one_off(student).await, "starts_at").await,
        ["Ученица Петрова А. занята: Математика, 16:00–17:00, каб. 12"]
    );
    let room = json!({
        "subject_id": school.subject, "teacher_id": kim, "room": " 12 ",
        "starts_at": "2027-02-02T16:59", "duration_minutes": 30,
    });
    assert_eq!(
        refused(school.one_off(room).await, "starts_at").await,
        ["Кабинет 12 занят: Математика, 16:00–17:00, учитель Белов И."]
    );
    let after = json!({
        "subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
        "room": "12", "starts_at": "2027-02-02T17:00", "duration_minutes": 60,
    });
    assert_eq!(school.one_off(after).await.status(), 201, "touching is no clash");
}

#[tokio::test]
async fn this_and_following_moves_the_rest_of_the_group_only() {
    let school = school_of(spawn_app().await);
    let slot = json!([{"weekday": 1, "start": "10:00", "duration_minutes": 60}]);
    let group = school
        .create_group(school.group(slot, "2027-01-04", "2027-01-31"))
        .await;
    let second = school.lessons_of(group).await[1]["id"].as_u64().expect("id");
    let moved = school
        .manager
        .send(
            Method::PUT,
            &format!("/api/lessons/{second}?scope=following"),
            json!({"starts_at": "2027-01-12T11:00"}),
        )
        .await;
    assert_eq!(moved.status(), 200);
    assert_eq!(
        school.starts(group).await,
        [
            "2027-01-04T10:00:00+03:00",
            "2027-01-12T11:00:00+03:00",
            "2027-01-19T11:00:00+03:00",
            "2027-01-26T11:00:00+03:00"
        ]
    );
    for person in [school.anna, school.parent] {
        let browser = school.app.browser_as(person, None);
        let list = json(browser.get(&format!("/api/users/{person}/notifications")).await).await;
        let moved: Vec<&Value> = list["data"]
            .as_array()
            .expect("rows")
            .iter()
            .filter(|n| n["kind"] == "lesson_moved")
            .collect();
        assert_eq!(moved.len(), 1, "one notice for three lessons moved");
        assert!(
            moved[0]["body"]
                .as_str()
                .expect("body")
                .contains("и следующие (3) перенесены")
        );
    }
}

#[tokio::test]
async fn a_hand_moved_lesson_is_kept_when_the_timetable_changes_and_follows_a_new_student() {
    let school = school_of(spawn_app().await);
    let monday = json!([{"weekday": 1, "start": "10:00", "duration_minutes": 60}]);
    let group = school
        .create_group(school.group(monday, "2027-01-04", "2027-01-31"))
        .await;
    let second = school.lessons_of(group).await[1]["id"].as_u64().expect("id");
    let path = format!("/api/lessons/{second}");
    let moved = school
        .manager
        .send(Method::PUT, &path, json!({"starts_at": "2027-01-13T15:00"}))
        .await;
    assert_eq!(json(moved).await["data"]["moved_by_hand"], true);

    let thursday = json!([{"weekday": 4, "start": "10:00", "duration_minutes": 60}]);
    let mut changed = school.group(thursday, "2027-01-04", "2027-01-31");
    changed["student_ids"] = json!([school.anna, school.boris]);
    let response = school
        .manager
        .send(Method::PUT, &format!("/api/group-lessons/{group}"), changed)
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        school.starts(group).await,
        [
            "2027-01-07T10:00:00+03:00",
            "2027-01-13T15:00:00+03:00",
            "2027-01-14T10:00:00+03:00",
            "2027-01-21T10:00:00+03:00",
            "2027-01-28T10:00:00+03:00"
        ]
    );
    let kept = json(school.manager.get(&path).await).await;
    assert_eq!(kept["data"]["student_ids"], json!([school.anna, school.boris]));
}

#[tokio::test]
async fn only_a_bare_planned_lesson_is_deleted_any_other_is_cancelled_with_a_reason() {
    let school = school_of(spawn_app().await);
    let lesson = |at: &str| {
        json!({"subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
               "starts_at": at, "duration_minutes": 45})
    };
    let first = json(school.one_off(lesson("2027-03-01T12:00")).await).await;
    assert_eq!(first["data"]["price"], 100_000, "the subject's price");
    let id = first["data"]["id"].as_u64().expect("id");
    let path = format!("/api/lessons/{id}");
    school.manager.send(Method::PUT, &path, json!({"topic": "Дроби"})).await;
    let refusal = refused(school.manager.send(Method::DELETE, &path, json!({})).await, "status").await;
    assert!(refusal[0].contains("Отмените"), "{refusal:?}");
    let cancel = format!("{path}/cancel");
    let no_reason = school.manager.post(&cancel, json!({"reason": " "})).await;
    assert_eq!(refused(no_reason, "reason").await, ["Укажите причину отмены"]);
    let cancelled = json(school.manager.post(&cancel, json!({"reason": "Болезнь учителя"})).await).await;
    assert_eq!(cancelled["data"]["status"], "cancelled");
    assert_eq!(cancelled["data"]["cancel_reason"], "Болезнь учителя");

    let bare = json(school.one_off(lesson("2027-03-02T12:00")).await).await;
    let bare = format!("/api/lessons/{}", bare["data"]["id"]);
    assert_eq!(
        school.manager.send(Method::DELETE, &bare, json!({})).await.status(),
        204
    );
    assert_eq!(school.manager.get(&bare).await.status(), 404);
}

#[tokio::test]
async fn a_worker_keeps_his_own_lessons_and_a_parent_sees_his_childs() {
    let school = school_of(spawn_app().await);
    let slot = json!([{"weekday": 3, "start": "15:00", "duration_minutes": 60}]);
    let group = school
        .create_group(school.group(slot.clone(), "2027-01-04", "2027-01-17"))
        .await;
    let worker = school.app.browser_as(school.teacher, None);
    let other = school.app.quick_user("kim@school.ru", "Ким", "Олег", &[Role::Worker]);
    let mut given_away = school.group(slot, "2027-01-04", "2027-01-17");
    given_away["teacher_id"] = json!(other);
    let response = worker
        .send(Method::PUT, &format!("/api/group-lessons/{group}"), given_away)
        .await;
    assert_eq!(response.status(), 403);

    let parent = school.app.browser_as(school.parent, None);
    let page = json(parent.get("/api/lessons").await).await;
    assert_eq!(page["meta"]["total"], 2, "his child's two lessons");
    let anna = school.app.browser_as(school.anna, None);
    assert_eq!(json(anna.get("/api/lessons").await).await["meta"]["total"], 2);
    let by_other = json(anna.get(&format!("/api/lessons?teacher_id={other}")).await).await;
    assert_eq!(
        by_other["meta"]["total"], 0,
        "a filter narrows a student's own list too"
    );
    let cancelled = json(
        school
            .manager
            .get(&format!("/api/lessons?group_id={group}&status=cancelled"))
            .await,
    )
    .await;
    assert_eq!(cancelled["meta"]["total"], 0);
    let boris = parent.get(&format!("/api/lessons?student_id={}", school.boris)).await;
    assert_eq!(boris.status(), 403);
}

#[tokio::test]
async fn a_new_timetable_is_one_notification_per_student_and_parent() {
    let school = school_of(spawn_app().await);
    let slot = json!([{"weekday": 2, "start": "16:00", "duration_minutes": 60}]);
    school
        .create_group(school.group(slot, "2027-01-04", "2027-03-31"))
        .await;
    for person in [school.anna, school.parent] {
        let browser = school.app.browser_as(person, None);
        let list = json(browser.get(&format!("/api/users/{person}/notifications")).await).await;
        let kinds: Vec<&str> = list["data"]
            .as_array()
            .expect("rows")
            .iter()
            .filter_map(|n| n["kind"].as_str())
            .collect();
        assert_eq!(kinds, ["lesson_scheduled"], "one notice for a term of lessons");
        let settings = json(browser.get("/api/user/notification-settings").await).await;
        let offered: Vec<&str> = settings["data"]
            .as_array()
            .expect("kinds")
            .iter()
            .filter_map(|k| k["kind"].as_str())
            .collect();
        for kind in ["lesson_scheduled", "lesson_moved", "lesson_cancelled"] {
            assert!(offered.contains(&kind), "{kind} on the settings page");
        }
    }
}

/// Names nobody: the demo check only counts clashes.
struct Nameless;

impl klass::domain::clash::Names for Nameless {
    fn person(&self, _: klass::domain::UserId) -> Option<&klass::domain::User> {
        None
    }
    fn subject(&self, _: klass::domain::SubjectId) -> String {
        String::new()
    }
}

#[tokio::test]
async fn the_demo_school_has_eight_groups_without_a_clash_and_every_student_in_one() {
    use klass::domain::group::Group;
    use klass::domain::lesson::{Lesson, LessonStatus};
    let app = spawn_app().await;
    crate::helpers::seed_demo(&app);
    let read = app.store.read().expect("read");
    let groups: Vec<Group> = klass::store::record::all(&read).expect("groups");
    assert_eq!(groups.len(), 8);
    let rooms: std::collections::BTreeSet<&str> = groups.iter().map(|g| g.room.as_str()).collect();
    assert_eq!(rooms.len(), 3);
    for student in klass::store::users::ids_with_role(&read, Role::Student).expect("students") {
        assert!(
            groups.iter().any(|g| g.student_ids.contains(&student)),
            "{student} in no group"
        );
    }
    let lessons: Vec<Lesson> = klass::store::record::all(&read).expect("lessons");
    let now = jiff::Timestamp::now();
    let past: Vec<&Lesson> = lessons.iter().filter(|l| l.starts_at < now).collect();
    let unfilled: Vec<&&Lesson> = past.iter().filter(|l| l.status == LessonStatus::Planned).collect();
    assert_eq!(
        unfilled.len(),
        1,
        "the past is done but yesterday's extra lesson, left unfilled"
    );
    assert!(unfilled[0].group_id.is_none() && unfilled[0].student_ids.len() == 1);
    let day_before = jiff::Timestamp::now() - jiff::SignedDuration::from_hours(48);
    assert!(unfilled[0].starts_at > day_before, "{}", unfilled[0].starts_at);
    assert!(
        past.iter().any(|l| l.status == LessonStatus::Cancelled),
        "a few cancelled"
    );
    assert!(lessons.iter().any(|l| l.group_id.is_none()), "individual lessons");
    let tz = jiff::tz::TimeZone::UTC;
    for lesson in &lessons {
        let clashes = klass::domain::clash::clashes(lesson, &lessons, &Nameless, &tz);
        assert!(clashes.is_empty(), "{clashes:?} at {}", lesson.starts_at);
    }
}

#[tokio::test]
async fn the_daily_job_keeps_an_open_ended_group_26_weeks_ahead() {
    let school = school_of(spawn_app().await);
    let slot = json!([{"weekday": 5, "start": "09:00", "duration_minutes": 60}]);
    let mut open = school.group(slot, "2026-01-01", "");
    open["ends_on"] = Value::Null;
    let group = school.create_group(open).await;
    let before = school.starts(group).await.len();
    assert!((25..=27).contains(&before), "{before} Fridays in 26 weeks");
    let tz = jiff::tz::TimeZone::get("Europe/Moscow").expect("zone");
    let later = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(24 * 7 * 3);
    let made = klass::service::schedule::horizon::extend(&school.app.store, &tz, later).expect("extend");
    assert_eq!(made, 3, "three more Fridays");
    assert_eq!(school.starts(group).await.len(), before + 3, "the old lessons kept");
    // The app's own daily run may come after with today's horizon: it takes nothing away.
    let today =
        klass::service::schedule::horizon::extend(&school.app.store, &tz, jiff::Timestamp::now()).expect("extend");
    assert_eq!(today, 0);
    assert_eq!(
        school.starts(group).await.len(),
        before + 3,
        "lessons past today's horizon kept"
    );
}

#[tokio::test]
async fn a_group_with_history_is_archived_not_deleted_and_its_future_lessons_go() {
    let school = school_of(spawn_app().await);
    let slot = json!([{"weekday": 1, "start": "12:00", "duration_minutes": 60}]);
    let kept = school
        .create_group(school.group(slot.clone(), "2027-01-04", "2027-01-31"))
        .await;
    let first = school.lessons_of(kept).await[0]["id"].as_u64().expect("id");
    let cancel = format!("/api/lessons/{first}/cancel");
    school.manager.post(&cancel, json!({"reason": "Каникулы"})).await;
    let answer = school
        .manager
        .send(Method::DELETE, &format!("/api/group-lessons/{kept}"), json!({}))
        .await;
    assert_eq!(answer.status(), 200);
    assert_eq!(json(answer).await["data"]["archived"], true);
    let left = school.lessons_of(kept).await;
    assert_eq!(left.len(), 1, "only the cancelled lesson stays");
    assert_eq!(left[0]["status"], "cancelled");

    let mut fresh = school.group(slot, "2027-02-01", "2027-02-28");
    fresh["name"] = json!("Новая");
    let gone = school.create_group(fresh).await;
    let answer = school
        .manager
        .send(Method::DELETE, &format!("/api/group-lessons/{gone}"), json!({}))
        .await;
    assert_eq!(answer.status(), 204);
    assert!(school.lessons_of(gone).await.is_empty());
    let anna = school.app.browser_as(school.anna, None);
    let told = json(anna.get(&format!("/api/users/{}/notifications", school.anna)).await).await;
    let ended = told["data"].as_array().expect("rows").iter();
    let ended = ended.filter(|n| n["body"].as_str().is_some_and(|b| b.contains("больше не проводятся")));
    assert_eq!(ended.count(), 2, "told once per group");
}

#[tokio::test]
async fn every_bad_field_is_named_in_russian_and_nothing_is_stored() {
    let school = school_of(spawn_app().await);
    let body = json!({
        "name": " ", "subject_id": 999, "teacher_id": school.anna, "student_ids": [school.teacher],
        "capacity": 0, "schedule": [{"weekday": 9, "start": "16:00", "duration_minutes": 60}],
        "starts_on": "2026-09-01", "ends_on": "9999-12-31", "price": -1,
    });
    let response = school.manager.post("/api/group-lessons", body).await;
    assert_eq!(response.status(), 422);
    let errors = json(response).await["errors"].clone();
    for field in [
        "name",
        "subject_id",
        "teacher_id",
        "student_ids",
        "capacity",
        "schedule",
        "ends_on",
        "price",
    ] {
        assert!(errors[field].is_array(), "{field} in {errors}");
    }
    assert_eq!(errors["teacher_id"][0], "Вести занятия может только сотрудник");
    let lesson = json!({
        "subject_id": school.subject, "teacher_id": school.teacher,
        "starts_at": "9999-12-31T23:59", "duration_minutes": 100_000,
    });
    let errors = json(school.one_off(lesson).await).await["errors"].clone();
    assert!(
        errors["starts_at"].is_array() && errors["duration_minutes"].is_array(),
        "{errors}"
    );
    let lessons = json(school.manager.get("/api/lessons").await).await;
    assert_eq!(lessons["meta"]["total"], 0);
}

#[tokio::test]
async fn a_lesson_without_a_price_of_its_own_leaves_each_student_his_own() {
    let school = school_of(spawn_app().await);
    let own = json!({"data": [{"subject_id": school.subject, "price": 70_000}]});
    let saved = school
        .manager
        .send(Method::PUT, &format!("/api/users/{}/subjects", school.anna), own)
        .await;
    assert_eq!(saved.status(), 200);
    let lesson = |students: Value, at: &str| {
        json!({"subject_id": school.subject, "teacher_id": school.teacher, "student_ids": students,
               "starts_at": at, "duration_minutes": 45})
    };
    let hers = json(school.one_off(lesson(json!([school.anna]), "2027-03-01T12:00")).await).await;
    assert_eq!(hers["data"]["price"], 70_000, "her own price");
    let both = json(
        school
            .one_off(lesson(json!([school.anna, school.boris]), "2027-03-02T12:00"))
            .await,
    )
    .await;
    assert_eq!(
        both["data"]["price"],
        Value::Null,
        "two prices: each pays his own when it is held"
    );

    let prices_of = |group: u64| {
        let school = &school;
        async move {
            let lessons = school.lessons_of(group).await;
            lessons.iter().map(|l| l["price"].clone()).collect::<Vec<Value>>()
        }
    };
    let weekly = json!([{"weekday": 3, "start": "10:00", "duration_minutes": 45}]);
    let group = school
        .create_group(school.group(weekly.clone(), "2027-01-04", "2027-01-31"))
        .await;
    let prices = prices_of(group).await;
    assert!(!prices.is_empty() && prices.iter().all(Value::is_null), "{prices:?}");
    let mut priced = school.group(weekly, "2027-02-01", "2027-02-28");
    priced["price"] = json!(50_000);
    let group = school.create_group(priced).await;
    let prices = prices_of(group).await;
    assert!(
        !prices.is_empty() && prices.iter().all(|p| *p == 50_000),
        "the group's: {prices:?}"
    );
}

#[tokio::test]
async fn a_future_lesson_with_a_mark_keeps_its_student_and_is_cancelled_not_deleted_with_the_group() {
    let school = school_of(spawn_app().await);
    let slot = json!([{"weekday": 1, "start": "12:00", "duration_minutes": 60}]);
    let mut body = school.group(slot, "2027-01-04", "2027-01-31");
    body["student_ids"] = json!([school.anna, school.boris]);
    let group = school.create_group(body.clone()).await;
    let first = school.lessons_of(group).await[0]["id"].as_u64().expect("id");
    let mark = json!({"records": [], "marks": [{"student_id": school.anna, "value": 5, "kind": "homework",
                      "weight": null, "comment": null}]});
    let saved = school
        .manager
        .send(Method::PUT, &format!("/api/lessons/{first}/journal"), mark)
        .await;
    assert_eq!(saved.status(), 200, "{}", json(saved).await);

    body["student_ids"] = json!([school.boris]);
    let path = format!("/api/group-lessons/{group}");
    assert_eq!(school.manager.send(Method::PUT, &path, body).await.status(), 200);
    let lessons = school.lessons_of(group).await;
    assert_eq!(
        lessons[0]["student_ids"],
        json!([school.anna, school.boris]),
        "her mark keeps her in it"
    );
    assert_eq!(lessons[1]["student_ids"], json!([school.boris]));
    for (who, person) in [("anna", school.anna), ("her parent", school.parent)] {
        let told = json(
            school
                .app
                .browser_as(person, None)
                .get(&format!("/api/users/{person}/notifications"))
                .await,
        )
        .await;
        let rows = told["data"].as_array().expect("rows").iter();
        let left = rows.filter(|n| n["body"] == "Вы больше не в группе «Алгебра 9»: её занятия убраны из расписания");
        assert_eq!(left.count(), 1, "{who} is told once: {told}");
    }

    let archived = school.manager.send(Method::DELETE, &path, json!({})).await;
    assert_eq!(json(archived).await["data"]["archived"], true);
    let left = school.lessons_of(group).await;
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["id"], first);
    assert_eq!(left[0]["status"], "cancelled");
    assert_eq!(left[0]["cancel_reason"], "Группа переведена в архив");
    let marks = json(school.manager.get(&format!("/api/lessons/{first}/journal")).await).await;
    assert_eq!(marks["data"]["marks"].as_array().map(Vec::len), Some(1), "{marks}");
}

#[tokio::test]
async fn a_groups_past_lessons_stay_as_held_when_its_timetable_and_students_change() {
    use klass::domain::lesson::{Lesson, LessonStatus};
    let school = school_of(spawn_app().await);
    let today = jiff::Zoned::now().date();
    let (from, to) = (today - jiff::Span::new().days(21), today + jiff::Span::new().days(21));
    let daily: Vec<Value> = (1..=7)
        .map(|weekday| json!({"weekday": weekday, "start": "10:00", "duration_minutes": 60}))
        .collect();
    let group = school
        .create_group(school.group(json!(daily), &from.to_string(), &to.to_string()))
        .await;
    // Two lessons of last week, as earlier runs left them: one held, one cancelled.
    let txn = school.app.store.write().expect("txn");
    let past = |days: i64, status| {
        let starts_at = jiff::Timestamp::now() - jiff::SignedDuration::from_hours(24 * days);
        klass::store::record::insert(&txn, |id| Lesson {
            group_id: Some(klass::domain::GroupId(group)),
            room: "12".into(),
            status,
            ..crate::helpers::planned_lesson(id, school.subject, school.teacher, &[school.anna], starts_at)
        })
        .expect("lesson")
    };
    let held = past(7, LessonStatus::Done);
    let cancelled = past(6, LessonStatus::Cancelled);
    txn.commit().expect("commit");
    let shown = |lesson: &Value| {
        (
            lesson["starts_at"].clone(),
            lesson["status"].clone(),
            lesson["student_ids"].clone(),
        )
    };
    let before: Vec<_> = [held.id.0, cancelled.id.0]
        .map(|id| format!("/api/lessons/{id}"))
        .to_vec();
    let mut was = Vec::new();
    for path in &before {
        was.push(shown(&json(school.manager.get(path).await).await["data"]));
    }

    let evening: Vec<Value> = (1..=7)
        .map(|weekday| json!({"weekday": weekday, "start": "18:00", "duration_minutes": 60}))
        .collect();
    let mut changed = school.group(json!(evening), &from.to_string(), &to.to_string());
    changed["student_ids"] = json!([school.boris]);
    let response = school
        .manager
        .send(Method::PUT, &format!("/api/group-lessons/{group}"), changed)
        .await;
    assert_eq!(response.status(), 200);
    for (path, was) in before.iter().zip(&was) {
        let now = shown(&json(school.manager.get(path).await).await["data"]);
        assert_eq!(&now, was, "{path} is as it was held or cancelled");
    }
    let future: Vec<Value> = school
        .lessons_of(group)
        .await
        .into_iter()
        .filter(|l| l["status"] == "planned")
        .collect();
    assert!(!future.is_empty());
    for lesson in &future {
        assert!(
            lesson["starts_at"].as_str().expect("start").contains("T18:00"),
            "{lesson}"
        );
        assert_eq!(lesson["student_ids"], json!([school.boris]), "{lesson}");
    }
}
