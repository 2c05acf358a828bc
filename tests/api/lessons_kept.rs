//! Pages of lessons read again after each kind of change show that change: the server keeps
//! those pages between reads (`service::schedule::lesson_list::shown`), and nothing may be
//! shown stale.

use crate::helpers::{Browser, json, spawn_app};
use crate::lessons::{School, school_of};
use klass::domain::group::Group;
use klass::domain::lesson::Lesson;
use klass::domain::{GroupId, LessonId};
use klass::store::record;
use reqwest::Method;
use serde_json::{Value, json};

const SPAN: &str = "from=2027-02-01&to=2027-02-14";

/// `path` as `reader` reads it, twice: the second read (kept) must be the first.
async fn read_twice(reader: &Browser, path: &str) -> Value {
    let first = json(reader.get(path).await).await;
    assert!(first["data"].is_array(), "{path}: {first}");
    assert_eq!(json(reader.get(path).await).await, first, "read again: {path}");
    first
}

/// Each row as «start subject, teacher, group».
fn rows(page: &Value) -> Vec<String> {
    let data = page["data"].as_array().expect("rows");
    data.iter()
        .map(|l| {
            let text = |field: &str| l[field].as_str().unwrap_or("—").to_owned();
            format!(
                "{} {}, {}, {}",
                &text("starts_at")[..16],
                text("subject_name"),
                text("teacher_name"),
                text("group_name")
            )
        })
        .collect()
}

impl School {
    /// A group «Алгебра 9» of Anna's on Tuesdays at 16:00 from 1 February 2027 to `ends_on`.
    async fn tuesdays_until(&self, ends_on: &str) -> u64 {
        let slot = json!([{"weekday": 2, "start": "16:00", "duration_minutes": 60}]);
        self.create_group(self.group(slot, "2027-02-01", ends_on)).await
    }

    /// Renames the subject «Алгебра».
    async fn subject_renamed(&self) {
        let subject = format!("/api/subjects/{}", self.subject);
        let renamed = self
            .manager
            .send(Method::PUT, &subject, json!({"name": "Алгебра", "color": "blue"}))
            .await;
        assert_eq!(renamed.status(), 200);
    }

    /// The pages that are kept: the teacher's, Anna's as her parent reads them (by the list's
    /// filter and by her own path), and the group's; each as rows.
    async fn pages(&self, group: u64) -> [Vec<String>; 4] {
        let parent = self.app.browser_as(self.parent, None);
        [
            rows(
                &read_twice(
                    &self.manager,
                    &format!("/api/lessons?teacher_id={}&{SPAN}", self.teacher),
                )
                .await,
            ),
            rows(&read_twice(&parent, &format!("/api/lessons?student_id={}&{SPAN}", self.anna)).await),
            rows(&read_twice(&parent, &format!("/api/users/{}/lessons?{SPAN}", self.anna)).await),
            rows(&read_twice(&self.manager, &format!("/api/lessons?group_id={group}&{SPAN}")).await),
        ]
    }
}

fn row(start: &str, subject: &str, teacher: &str, group: &str) -> String {
    format!("{start} {subject}, {teacher}, {group}")
}

#[tokio::test]
async fn a_page_of_lessons_read_again_shows_every_change() {
    let school = school_of(spawn_app().await);
    let group = school.tuesdays_until("2027-02-14").await;
    let [teacher, anna, own, of_group] = school.pages(group).await;
    let first = ["2027-02-02T16:00", "2027-02-09T16:00"].map(|at| row(at, "Математика", "Белов И.", "Алгебра 9"));
    assert_eq!(teacher, first);
    assert_eq!((anna, own, of_group), (first.to_vec(), first.to_vec(), first.to_vec()));

    let single = json!({
        "subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
        "starts_at": "2027-02-03T10:00", "duration_minutes": 45,
    });
    let made = school.one_off(single).await;
    assert_eq!(made.status(), 201);
    let single = json(made).await["data"]["id"].as_u64().expect("id");
    let [teacher, anna, own, of_group] = school.pages(group).await;
    let lone = row("2027-02-03T10:00", "Математика", "Белов И.", "—");
    assert_eq!(teacher[1], lone, "a lesson added: the teacher's");
    assert_eq!(
        (anna[1].clone(), own[1].clone()),
        (lone.clone(), lone),
        "a lesson added: Anna's"
    );
    assert_eq!(of_group.len(), 2, "not the group's");

    // Moved in the store: only the lists' versions tell.
    let txn = school.app.store.write().expect("txn");
    let old: Lesson = record::get(&txn, LessonId(single)).expect("get").expect("lesson");
    let starts_at = old.starts_at + jiff::SignedDuration::from_hours(24);
    record::update(&txn, &Lesson { starts_at, ..old }).expect("moved");
    txn.commit().expect("commit");
    let [teacher, anna, ..] = school.pages(group).await;
    assert_eq!(&teacher[1][..16], "2027-02-04T10:00", "a lesson moved: {teacher:?}");
    assert_eq!(&anna[1][..16], "2027-02-04T10:00", "a lesson moved: {anna:?}");

    // Renamed in the store: only the group's stored bytes tell.
    let txn = school.app.store.write().expect("txn");
    let old: Group = record::get(&txn, GroupId(group)).expect("get").expect("group");
    record::update(
        &txn,
        &Group {
            name: "Алгебра 9А".into(),
            ..old
        },
    )
    .expect("renamed");
    txn.commit().expect("commit");
    let [teacher, anna, own, of_group] = school.pages(group).await;
    for page in [&teacher, &anna, &own, &of_group] {
        assert!(page[0].ends_with("Алгебра 9А"), "a group renamed: {page:?}");
    }

    school.subject_renamed().await;
    let user = format!("/api/users/{}", school.teacher);
    let renamed = json!({"email": "belov@school.ru", "last_name": "Белов-Орлов", "first_name": "Игорь"});
    assert_eq!(school.manager.send(Method::PUT, &user, renamed).await.status(), 200);
    let [teacher, anna, own, of_group] = school.pages(group).await;
    let now = row("2027-02-02T16:00", "Алгебра", "Белов-Орлов И.", "Алгебра 9А");
    for page in [&teacher, &anna, &own, &of_group] {
        assert_eq!(page[0], now, "a subject and a teacher renamed");
    }
}

/// Each calendar entry as «start title».
fn entries(calendar: &Value) -> Vec<String> {
    let data = calendar["data"].as_array().expect("entries");
    data.iter()
        .map(|e| {
            let at = e["starts_at"].as_str().expect("start");
            format!("{} {}", &at[..16], e["title"].as_str().expect("title"))
        })
        .collect()
}

#[tokio::test]
async fn a_calendar_read_again_shows_every_change() {
    let school = school_of(spawn_app().await);
    let group = school.tuesdays_until("2027-02-07").await;
    let parent = school.app.browser_as(school.parent, None);
    let anna = school.app.browser_as(school.anna, None);
    let calendars = || async {
        let of = |user: u64| format!("/api/calendar?user_id={user}&{SPAN}");
        (
            entries(&read_twice(&anna, &of(school.anna)).await),
            entries(&read_twice(&parent, &of(school.parent)).await),
        )
    };
    let (own, parents) = calendars().await;
    assert_eq!(own, ["2027-02-02T16:00 Математика"]);
    assert_eq!(parents, ["2027-02-02T16:00 Математика — Анна"]);

    let single = json!({
        "subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
        "starts_at": "2027-02-03T10:00", "duration_minutes": 45,
    });
    assert_eq!(school.one_off(single).await.status(), 201);
    let (own, parents) = calendars().await;
    assert_eq!(own[1], "2027-02-03T10:00 Математика", "a lesson added");
    assert_eq!(
        parents[1], "2027-02-03T10:00 Математика — Анна",
        "a child's lesson added"
    );

    let event = json!({"title": "Собрание группы", "kind": "meeting", "starts_at": "2027-02-04T18:00",
        "ends_at": "2027-02-04T19:00", "all_day": false, "audience": {"kind": "groups", "ids": [group]}});
    assert_eq!(school.manager.post("/api/events", event).await.status(), 201);
    let (own, parents) = calendars().await;
    assert_eq!(own[2], "2027-02-04T18:00 Собрание группы", "an event of her group");
    assert_eq!(
        parents[2], "2027-02-04T18:00 Собрание группы",
        "an event of the child's group"
    );

    school.subject_renamed().await;
    let (own, parents) = calendars().await;
    assert_eq!(own[0], "2027-02-02T16:00 Алгебра", "a subject renamed");
    assert_eq!(parents[0], "2027-02-02T16:00 Алгебра — Анна", "a subject renamed");

    let user = format!("/api/users/{}", school.anna);
    let renamed = json!({"email": "anna@school.ru", "last_name": "Петрова", "first_name": "Аня"});
    assert_eq!(school.manager.send(Method::PUT, &user, renamed).await.status(), 200);
    assert_eq!(
        calendars().await.1[0],
        "2027-02-02T16:00 Алгебра — Аня",
        "a child renamed"
    );
}

#[tokio::test]
async fn pages_by_room_subject_and_school_read_again_show_every_change() {
    let school = school_of(spawn_app().await);
    school.tuesdays_until("2027-02-14").await;
    let paths = [
        format!("/api/lessons?room=12&{SPAN}"),
        format!("/api/lessons?subject_id={}&{SPAN}", school.subject),
        format!("/api/lessons?{SPAN}"),
        format!("/api/calendar?room=12&{SPAN}"),
        format!("/api/calendar?{SPAN}"),
    ];
    let counts = || async {
        let mut counts = Vec::new();
        for path in &paths {
            let page = read_twice(&school.manager, path).await;
            counts.push(page["data"].as_array().expect("data").len());
        }
        counts
    };
    assert_eq!(counts().await, [2, 2, 2, 2, 2]);

    let single = json!({
        "subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
        "starts_at": "2027-02-03T10:00", "duration_minutes": 45, "room": "12",
    });
    assert_eq!(school.one_off(single).await.status(), 201);
    assert_eq!(counts().await, [3, 3, 3, 3, 3], "a lesson added in room 12");

    // Moved to another room in the store: only the lists' versions tell.
    let txn = school.app.store.write().expect("txn");
    let lessons: Vec<Lesson> = record::all(&txn).expect("lessons");
    let first = lessons.into_iter().min_by_key(|l| l.starts_at).expect("a lesson");
    record::update(
        &txn,
        &Lesson {
            room: "13".into(),
            ..first
        },
    )
    .expect("moved");
    txn.commit().expect("commit");
    assert_eq!(counts().await, [2, 3, 3, 2, 3], "a lesson moved to room 13");
}
