//! School events: a manager creates, lists, moves and deletes them (422s per field); their
//! audience sees them in the calendars and is told once; a holiday cancels exactly the planned
//! lessons it covers (only those its audience is off for: `holiday_audience`) and tells each
//! person once; the daily job reminds of tasks due tomorrow once.

mod holiday_audience;
mod holiday_moved;

use crate::helpers::{Browser, TestApp, json, planned_lesson, spawn_app};
use klass::domain::group::Group;
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::domain::{GroupId, LessonId, Role, UserId};
use klass::store::record;
use reqwest::Method;
use serde_json::json;

/// A school: a manager, a teacher with a group of one student (whose parent is linked), and
/// another student outside it.
pub(crate) struct School {
    pub(crate) app: TestApp,
    pub(crate) manager: Browser,
    pub(crate) manager_id: u64,
    pub(crate) teacher: u64,
    pub(crate) student: u64,
    pub(crate) parent: u64,
    pub(crate) other: u64,
    pub(crate) group: u64,
}

pub(crate) async fn school() -> School {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let teacher = app.quick_user("t@school.ru", "Белов", "Игорь", &[Role::Worker]);
    let student = app.quick_user("s@school.ru", "Ёжиков", "Илья", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ёжикова", "Анна", &[Role::Parent]);
    let other = app.quick_user("o@school.ru", "Другов", "Олег", &[Role::Student]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, UserId(parent), UserId(student)).expect("link");
    let group = record::insert(&txn, |id| Group {
        id,
        ends_on: Some(jiff::civil::date(2030, 6, 1)),
        ..crate::helpers::group_of("Алгебра 9", 1, teacher, &[student], jiff::civil::date(2030, 1, 1))
    })
    .expect("group")
    .id
    .0;
    txn.commit().expect("commit");
    School {
        manager: app.browser_as(manager, None),
        manager_id: manager,
        app,
        teacher,
        student,
        parent,
        other,
        group,
    }
}

/// The bodies of `person`'s notifications of `kind`.
pub(crate) async fn told(app: &TestApp, person: u64, kind: &str) -> Vec<String> {
    told_all(app, person)
        .await
        .into_iter()
        .filter(|(k, _)| k == kind)
        .map(|(_, body)| body)
        .collect()
}

/// Every notification of `person`: its kind and body.
pub(crate) async fn told_all(app: &TestApp, person: u64) -> Vec<(String, String)> {
    let list = json(
        app.browser_as(person, None)
            .get(&format!("/api/users/{person}/notifications"))
            .await,
    )
    .await;
    list["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|n| {
            let text = |field: &str| n[field].as_str().unwrap_or_default().to_owned();
            (text("kind"), text("body"))
        })
        .collect()
}

/// The events on `person`'s calendar (or the school's) in February 2030, by title.
async fn events_seen(browser: &Browser, person: Option<u64>) -> Vec<String> {
    let whose = person.map(|p| format!("&user_id={p}")).unwrap_or_default();
    let answer = browser
        .get(&format!("/api/calendar?from=2030-02-01&to=2030-02-28{whose}"))
        .await;
    assert_eq!(answer.status(), 200);
    json(answer).await["data"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["kind"] == "event")
        .map(|e| e["title"].as_str().expect("title").to_owned())
        .collect()
}

#[tokio::test]
async fn events_are_created_listed_moved_and_deleted_with_a_message_per_wrong_field() {
    let s = school().await;
    let refused = s
        .manager
        .post(
            "/api/events",
            json!({"title": " ", "kind": "party", "starts_at": "2030-02-05T18:00", "ends_at": "2030-02-05T17:00",
                   "all_day": false, "audience": {"kind": "groups", "ids": [999]}}),
        )
        .await;
    assert_eq!(refused.status(), 422);
    let errors = json(refused).await["errors"].clone();
    assert_eq!(errors["title"], json!(["Обязательное поле"]));
    assert_eq!(errors["kind"], json!(["Допустимо: holiday, exam, meeting, other"]));
    assert_eq!(errors["ends_at"], json!(["Позже начала"]));
    assert_eq!(errors["audience"], json!(["Группа №999 не найдена"]));
    let too_long = s
        .manager
        .post(
            "/api/events",
            json!({"title": "Лето", "kind": "holiday", "starts_at": "2030-06-01", "ends_at": "2030-09-30",
                   "all_day": true, "audience": {"kind": "all"}}),
        )
        .await;
    assert_eq!(
        json(too_long).await["errors"]["ends_at"],
        json!(["Событие не длиннее 100 дней"])
    );

    let created = s
        .manager
        .post(
            "/api/events",
            json!({"title": "Новогодние каникулы", "kind": "holiday", "starts_at": "2029-12-29",
                   "ends_at": "2030-01-08", "all_day": true, "audience": {"kind": "all"}}),
        )
        .await;
    assert_eq!(created.status(), 201);
    let holiday = json(created).await["data"].clone();
    assert_eq!(holiday["starts_at"], "2029-12-29T00:00:00+03:00");
    assert_eq!(
        holiday["ends_at"], "2030-01-09T00:00:00+03:00",
        "the day after the last"
    );
    assert_eq!(holiday["audience"], json!({"kind": "all", "ids": []}));
    assert_eq!(holiday["cancels_lessons"], false);
    let meeting = json(
        s.manager
            .post(
                "/api/events",
                json!({"title": "Родительское собрание", "kind": "meeting", "starts_at": "2030-02-05T18:00",
                       "ends_at": "2030-02-05T19:30", "all_day": false,
                       "audience": {"kind": "groups", "ids": [s.group]}}),
            )
            .await,
    )
    .await["data"]
        .clone();
    assert_eq!(meeting["audience"], json!({"kind": "groups", "ids": [s.group]}));
    let meetings = |notices: Vec<String>| notices.iter().filter(|b| b.contains("собрание")).count();
    for person in [s.teacher, s.student, s.parent] {
        let notices = told(&s.app, person, "event_announced").await;
        assert_eq!(notices.len(), 2, "the holiday for all, the meeting: {notices:?}");
        assert_eq!(meetings(notices), 1, "told once");
    }
    let others = told(&s.app, s.other, "event_announced").await;
    assert_eq!(meetings(others), 0, "not of the group");

    let list = json(s.manager.get("/api/events?from=2030-02-01&to=2030-02-28").await).await;
    assert_eq!(list["meta"]["total"], 1);
    assert_eq!(list["data"][0]["title"], "Родительское собрание");
    let holidays = json(s.manager.get("/api/events?kind=holiday").await).await;
    assert_eq!(holidays["data"][0]["id"], holiday["id"]);
    let bad = s.manager.get("/api/events?kind=party&from=вчера").await;
    assert_eq!(bad.status(), 422);

    let id = meeting["id"].as_u64().expect("id");
    let path = format!("/api/events/{id}");
    let renamed = json(
        s.manager
            .send(Method::PUT, &path, json!({"title": "Собрание 9 «Б»"}))
            .await,
    )
    .await;
    assert_eq!(
        renamed["data"]["starts_at"], "2030-02-05T18:00:00+03:00",
        "the rest kept"
    );
    assert_eq!(
        told(&s.app, s.parent, "event_announced").await.len(),
        2,
        "a rename tells nobody"
    );
    let moved = s
        .manager
        .send(
            Method::PUT,
            &path,
            json!({"starts_at": "2030-02-06T18:00", "ends_at": "2030-02-06T19:00"}),
        )
        .await;
    assert_eq!(moved.status(), 200);
    assert_eq!(
        told(&s.app, s.parent, "event_announced").await.len(),
        3,
        "moving tells again"
    );
    let wrong = s
        .manager
        .send(Method::PUT, &path, json!({"ends_at": "2030-02-06T17:00"}))
        .await;
    assert_eq!(json(wrong).await["errors"]["ends_at"], json!(["Позже начала"]));
    assert_eq!(
        json(s.manager.get(&path).await).await["data"]["title"],
        "Собрание 9 «Б»"
    );
    assert_eq!(s.manager.send(Method::DELETE, &path, json!({})).await.status(), 204);
    assert_eq!(s.manager.get(&path).await.status(), 404);
}

#[tokio::test]
async fn the_audience_sees_an_event_in_its_calendars_and_nobody_else_does() {
    let s = school().await;
    for (title, audience, description) in [
        (
            "Собрание группы",
            json!({"kind": "groups", "ids": [s.group]}),
            "Принесите дневники",
        ),
        ("Педсовет", json!({"kind": "staff"}), ""),
        ("Беседа с Другов", json!({"kind": "people", "ids": [s.other]}), ""),
    ] {
        let created = s
            .manager
            .post(
                "/api/events",
                json!({"title": title, "kind": "meeting", "starts_at": "2030-02-05", "description": description,
                       "ends_at": "2030-02-05", "all_day": true, "audience": audience}),
            )
            .await;
        assert_eq!(created.status(), 201);
    }
    let parent = s.app.browser_as(s.parent, None);
    assert_eq!(
        events_seen(&parent, Some(s.student)).await,
        ["Собрание группы"],
        "his child's calendar"
    );
    assert_eq!(events_seen(&parent, Some(s.parent)).await, ["Собрание группы"]);
    let teacher = s.app.browser_as(s.teacher, None);
    assert_eq!(
        events_seen(&teacher, Some(s.teacher)).await,
        ["Собрание группы", "Педсовет"]
    );
    let other = s.app.browser_as(s.other, None);
    assert_eq!(events_seen(&other, Some(s.other)).await, ["Беседа с Другов"]);
    assert_eq!(
        events_seen(&s.manager, None).await.len(),
        3,
        "the school's calendar: every event"
    );
    let entry = json(
        parent
            .get(&format!(
                "/api/calendar?from=2030-02-05&to=2030-02-05&user_id={}",
                s.student
            ))
            .await,
    )
    .await["data"][0]
        .clone();
    assert_eq!(entry["color"], "purple");
    assert_eq!(entry["status"], "planned");
    assert_eq!(entry["starts_at"], "2030-02-05T00:00:00+03:00");
    assert_eq!(entry["ends_at"], "2030-02-06T00:00:00+03:00");
    assert_eq!(
        (&entry["all_day"], &entry["topic"]),
        (&json!(true), &json!("Принесите дневники")),
        "the description too"
    );
}

/// 16:00 Moscow on `day` of March 2030, when the holidays of these tests fall.
fn march_at_four(day: i8) -> jiff::Timestamp {
    jiff::civil::date(2030, 3, day)
        .at(16, 0, 0, 0)
        .to_zoned(jiff::tz::TimeZone::get("Europe/Moscow").expect("zone"))
        .expect("time")
        .timestamp()
}

/// A planned lesson of the school's group at `day` 16:00 Moscow, with `status`.
pub(crate) fn lesson(txn: &klass::store::WriteTxn, s: &School, day: i8, status: LessonStatus) -> LessonId {
    let at = march_at_four(day);
    record::insert(txn, |id| Lesson {
        group_id: Some(GroupId(s.group)),
        status,
        ..planned_lesson(id, 1, s.teacher, &[s.student], at)
    })
    .expect("lesson")
    .id
}

#[tokio::test]
async fn the_holiday_cancels_exactly_the_covered_planned_lessons_and_notifies_each_affected_person_once() {
    let s = school().await;
    let txn = s.app.store.write().expect("txn");
    let covered = [
        lesson(&txn, &s, 9, LessonStatus::Planned),
        lesson(&txn, &s, 10, LessonStatus::Planned),
    ];
    let held = lesson(&txn, &s, 10, LessonStatus::Done);
    let outside = [
        lesson(&txn, &s, 8, LessonStatus::Planned),
        lesson(&txn, &s, 12, LessonStatus::Planned),
    ];
    txn.commit().expect("commit");
    let body = json!({"title": "Весенние каникулы", "kind": "holiday", "starts_at": "2030-03-09",
                      "ends_at": "2030-03-11", "all_day": true, "audience": {"kind": "all"},
                      "cancels_lessons": true});
    let preview = json(s.manager.post("/api/events/preview", body.clone()).await).await;
    assert_eq!(
        preview["data"],
        json!({"lessons": 2, "people": 3}),
        "teacher, student, parent"
    );
    let mut keeps = body.clone();
    keeps["cancels_lessons"] = json!(false);
    let preview = json(s.manager.post("/api/events/preview", keeps).await).await;
    assert_eq!(preview["data"], json!({"lessons": 0, "people": 0}));
    let mut wrong = body.clone();
    wrong["title"] = json!("");
    assert_eq!(s.manager.post("/api/events/preview", wrong).await.status(), 422);
    assert_eq!(s.manager.post("/api/events", body).await.status(), 201);

    let read = s.app.store.read().expect("read");
    let status = |id: LessonId| record::get::<Lesson>(&read, id).expect("get").expect("lesson");
    for id in covered {
        assert_eq!(status(id).status, LessonStatus::Cancelled);
        assert_eq!(status(id).cancel_reason, "Весенние каникулы");
    }
    assert_eq!(status(held).status, LessonStatus::Done, "a held lesson stays");
    for id in outside {
        assert_eq!(status(id).status, LessonStatus::Planned, "outside the holiday");
    }
    for person in [s.teacher, s.student, s.parent] {
        let notices = told_all(&s.app, person).await;
        assert_eq!(
            notices.len(),
            1,
            "once for two lessons, and not also the announcement: {notices:?}"
        );
        assert_eq!(notices[0].0, "lesson_cancelled");
        assert!(notices[0].1.contains("Весенние каникулы"), "{notices:?}");
    }
    let other = told_all(&s.app, s.other).await;
    assert_eq!(other.len(), 1, "no lessons of his: only told of the holiday: {other:?}");
    assert_eq!(other[0].0, "event_announced");
    let manager = told_all(&s.app, s.manager_id).await;
    assert!(manager.is_empty(), "not told of his own doing: {manager:?}");
}

#[tokio::test]
async fn the_daily_job_reminds_each_assignee_once_of_a_task_due_tomorrow() {
    use klass::domain::task::{Task, TaskStatus};
    let s = school().await;
    let today = jiff::civil::date(2030, 4, 14);
    let tomorrow = jiff::civil::date(2030, 4, 15);
    let task = |txn: &klass::store::WriteTxn, title: &str, due_on, status| {
        // A task at a time of day is due that day too.
        let due_time = (status == TaskStatus::Todo).then(|| jiff::civil::time(16, 0, 0, 0));
        record::insert(txn, |id| Task {
            id,
            title: title.into(),
            description: String::new(),
            author_id: UserId(s.teacher),
            assignee_id: UserId(s.teacher),
            related_user_id: None,
            due_on,
            due_time,
            priority: Default::default(),
            status,
            placement: None,
            created_at: jiff::Timestamp::now(),
            done_at: None,
            reminded_for: None,
        })
        .expect("task")
    };
    let txn = s.app.store.write().expect("txn");
    let due = task(&txn, "Позвонить маме Ёжикова", tomorrow, TaskStatus::Todo);
    task(&txn, "Уже сделано", tomorrow, TaskStatus::Done);
    task(
        &txn,
        "Послезавтра",
        jiff::civil::date(2030, 4, 16),
        TaskStatus::InProgress,
    );
    txn.commit().expect("commit");
    let config = std::sync::Arc::new(klass::config::Config::default());
    let journal = klass::service::journal::Journal::new(config, klass::mail::Mailer::new(), Default::default());
    let remind = |day| klass::service::work::reminders::remind(&s.app.store, &journal, day).expect("remind");
    assert_eq!(remind(today), 1);
    assert_eq!(remind(today), 0, "a second run reminds nobody again");
    let notices = told(&s.app, s.teacher, "task_due").await;
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("Позвонить маме Ёжикова"));

    // Moving the due date re-arms the reminder.
    let txn = s.app.store.write().expect("txn");
    let moved = Task {
        due_on: jiff::civil::date(2030, 4, 17),
        ..record::get::<Task>(&txn, due.id).expect("get").expect("task")
    };
    record::update(&txn, &moved).expect("update");
    txn.commit().expect("commit");
    assert_eq!(
        remind(jiff::civil::date(2030, 4, 15)),
        1,
        "only the task due the day after"
    );
    assert_eq!(remind(jiff::civil::date(2030, 4, 16)), 1, "the moved one, again");
    assert_eq!(told(&s.app, s.teacher, "task_due").await.len(), 3);
}

#[tokio::test]
async fn a_task_made_due_tomorrow_after_the_evening_run_is_reminded_as_it_is_saved() {
    use klass::domain::TaskId;
    use klass::service::work::reminders::{RUNS_AT, remind};
    use klass::service::work::tasks::{TaskForm, create, update};
    let s = school().await;
    let (manager, journal) = crate::helpers::acting_as(&s.app.store, s.manager_id);
    let (teacher, own_journal) = crate::helpers::acting_as(&s.app.store, s.teacher);
    let today = jiff::civil::date(2030, 4, 14);
    let at = |hour| {
        today
            .at(hour, 0, 0, 0)
            .to_zoned(journal.time_zone())
            .expect("time")
            .timestamp()
    };
    let (before_run, after_run) = (at(RUNS_AT.hour() - 1), at(RUNS_AT.hour() + 1));
    let form = |title: &str, due_on: &str| TaskForm {
        title: Some(title.into()),
        assignee_id: Some(UserId(s.teacher)),
        due_on: Some(due_on.into()),
        ..Default::default()
    };
    let made = |title, due_on, now| create(&s.app.store, &journal, &manager, form(title, due_on), now).expect("made");

    made("До вечера", "2030-04-15", before_run);
    assert!(
        told(&s.app, s.teacher, "task_due").await.is_empty(),
        "tonight's run will do"
    );
    assert_eq!(remind(&s.app.store, &journal, today).expect("run"), 1);

    let late = made("После вечера", "2030-04-15", after_run);
    assert_eq!(late.reminded_for, Some(jiff::civil::date(2030, 4, 15)));
    let later = made("Через неделю", "2030-04-21", after_run);
    let own = create(
        &s.app.store,
        &own_journal,
        &teacher,
        form("Своя", "2030-04-15"),
        after_run,
    )
    .expect("own");
    assert_eq!(own.reminded_for, None, "one's own task needs no reminder");
    let notices = told(&s.app, s.teacher, "task_due").await;
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert!(
        notices.contains(&"«После вечера»: срок завтра, 15.04.2030".to_owned()),
        "{notices:?}"
    );

    // Moved to tomorrow after the run: reminded as it is saved, once.
    let moved = |now| {
        let form = TaskForm {
            due_on: Some("2030-04-15".into()),
            ..Default::default()
        };
        update(&s.app.store, &journal, &manager, TaskId(later.id.0), form, now).expect("moved")
    };
    assert!(moved(after_run).reminded_for.is_some());
    assert!(moved(after_run).reminded_for.is_some(), "a second save changes nothing");
    let notices = told(&s.app, s.teacher, "task_due").await;
    assert_eq!(notices.len(), 3, "{notices:?}");
    assert!(notices.iter().any(|n| n.contains("Через неделю")), "{notices:?}");
}
