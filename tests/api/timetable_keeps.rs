//! What the timetable keeps when it is filled again: a deleted group lesson stays gone, a lesson
//! with a topic or homework is not replaced, and one falling on a holiday is made cancelled.

use crate::helpers::{json, spawn_app};
use crate::lessons::{School, refused, school_of};
use reqwest::Method;
use serde_json::{Value, json};

const TUESDAYS: &str = r#"[{"weekday": 2, "start": "16:00", "duration_minutes": 60}]"#;

impl School {
    /// The group's lessons, as the API lists them (by start).
    async fn rows_of(&self, group: u64) -> Vec<Value> {
        let path = format!("/api/lessons?group_id={group}&per_page=100");
        let page = json(self.manager.get(&path).await).await;
        page["data"].as_array().expect("rows").clone()
    }

    /// A group «Алгебра 9» on Tuesdays at 16:00 in room 12 through February 2027, as sent.
    fn tuesdays(&self) -> Value {
        let slot: Value = serde_json::from_str(TUESDAYS).expect("slot");
        self.group(slot, "2027-02-01", "2027-02-28")
    }

    /// The id of the group's lesson starting at `at` (school time, «2027-02-09T16:00»).
    async fn lesson_at(&self, group: u64, at: &str) -> u64 {
        let rows = self.rows_of(group).await;
        let found = rows
            .iter()
            .find(|l| l["starts_at"].as_str().is_some_and(|s| s.starts_with(at)));
        found
            .and_then(|l| l["id"].as_u64())
            .unwrap_or_else(|| panic!("no lesson at {at}: {rows:?}"))
    }

    /// Writes `change` (a topic, homework) on lesson `id`.
    async fn write_on(&self, id: u64, change: Value) {
        let path = format!("/api/lessons/{id}");
        let written = self.manager.send(Method::PUT, &path, change).await;
        assert_eq!(written.status(), 200, "{}", json(written).await);
    }
}

/// Each lesson as «start status: topic / homework».
fn shown(rows: &[Value]) -> Vec<String> {
    rows.iter()
        .map(|l| {
            let text = |field: &str| l[field].as_str().unwrap_or_default().to_owned();
            format!(
                "{} {}: {} / {}",
                &text("starts_at")[..16],
                text("status"),
                text("topic"),
                text("homework")
            )
        })
        .collect()
}

#[tokio::test]
async fn a_group_lesson_is_not_deleted_but_cancelled_and_the_timetable_does_not_bring_it_back() {
    let school = school_of(spawn_app().await);
    let body = school.tuesdays();
    let group = school.create_group(body.clone()).await;
    let second = school.lesson_at(group, "2027-02-09T16:00").await;
    let path = format!("/api/lessons/{second}");

    let refusal = refused(school.manager.send(Method::DELETE, &path, json!({})).await, "status").await;
    assert_eq!(
        refusal,
        ["Занятие группы нельзя удалить: расписание группы вернёт его. Отмените его"]
    );
    assert_eq!(school.manager.get(&path).await.status(), 200, "still there");
    let cancel = format!("{path}/cancel");
    let cancelled = school.manager.post(&cancel, json!({"reason": "Болезнь учителя"})).await;
    assert_eq!(cancelled.status(), 200);

    // A change of the group fills its timetable again: the cancelled lesson stays the only one
    // at its time.
    let mut moved = body;
    moved["room"] = json!("14");
    let changed = school
        .manager
        .send(Method::PUT, &format!("/api/group-lessons/{group}"), moved)
        .await;
    assert_eq!(changed.status(), 200);
    let rows = school.rows_of(group).await;
    assert_eq!(
        shown(&rows),
        [
            "2027-02-02T16:00 planned:  / ",
            "2027-02-09T16:00 cancelled:  / ",
            "2027-02-16T16:00 planned:  / ",
            "2027-02-23T16:00 planned:  / "
        ]
    );

    // An individual lesson with nothing on it is still deleted.
    let single = json!({"subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
                        "starts_at": "2027-02-10T12:00", "duration_minutes": 45});
    let single = json(school.one_off(single).await).await["data"]["id"]
        .as_u64()
        .expect("id");
    let single = format!("/api/lessons/{single}");
    assert_eq!(
        school.manager.send(Method::DELETE, &single, json!({})).await.status(),
        204
    );
}

#[tokio::test]
async fn homework_written_ahead_survives_a_move_of_the_timetable_to_another_weekday() {
    let school = school_of(spawn_app().await);
    let body = school.tuesdays();
    let group = school.create_group(body.clone()).await;
    let second = school.lesson_at(group, "2027-02-09T16:00").await;
    school.write_on(second, json!({"homework": "Упр. 5"})).await;
    let third = school.lesson_at(group, "2027-02-16T16:00").await;
    school.write_on(third, json!({"topic": "Дроби"})).await;

    // The room changes: the written lessons follow their slot and keep their texts.
    let mut roomier = body.clone();
    roomier["room"] = json!("14");
    let path = format!("/api/group-lessons/{group}");
    assert_eq!(
        school.manager.send(Method::PUT, &path, roomier.clone()).await.status(),
        200
    );
    let rows = school.rows_of(group).await;
    assert!(rows.iter().all(|l| l["room"] == "14"), "{rows:?}");
    assert_eq!(rows[1]["id"], second);
    assert_eq!(rows[1]["homework"], "Упр. 5");

    // Tuesday becomes Wednesday: the lessons with a topic or homework stay where they were.
    let mut wednesdays = roomier;
    wednesdays["schedule"] = json!([{"weekday": 3, "start": "16:00", "duration_minutes": 60}]);
    assert_eq!(school.manager.send(Method::PUT, &path, wednesdays).await.status(), 200);
    let rows = school.rows_of(group).await;
    assert_eq!(
        shown(&rows),
        [
            "2027-02-03T16:00 planned:  / ",
            "2027-02-09T16:00 planned:  / Упр. 5",
            "2027-02-10T16:00 planned:  / ",
            "2027-02-16T16:00 planned: Дроби / ",
            "2027-02-17T16:00 planned:  / ",
            "2027-02-24T16:00 planned:  / "
        ]
    );
    assert_eq!((&rows[1]["id"], &rows[3]["id"]), (&json!(second), &json!(third)));
}

#[tokio::test]
async fn a_group_with_homework_written_ahead_is_archived_not_deleted_and_keeps_that_lesson() {
    let school = school_of(spawn_app().await);
    let group = school.create_group(school.tuesdays()).await;
    let second = school.lesson_at(group, "2027-02-09T16:00").await;
    school.write_on(second, json!({"homework": "Упр. 5"})).await;

    let path = format!("/api/group-lessons/{group}");
    let answer = school.manager.send(Method::DELETE, &path, json!({})).await;
    assert_eq!(answer.status(), 200, "archived, not deleted");
    assert_eq!(json(answer).await["data"]["archived"], true);
    let rows = school.rows_of(group).await;
    assert_eq!(shown(&rows), ["2027-02-09T16:00 cancelled:  / Упр. 5"]);
    assert_eq!(rows[0]["cancel_reason"], "Группа переведена в архив");
}

#[tokio::test]
async fn a_group_made_after_a_holiday_has_its_lessons_on_that_holiday_cancelled() {
    let school = school_of(spawn_app().await);
    let holiday = json!({"title": "Зимние каникулы", "kind": "holiday", "starts_at": "2027-02-09",
                         "ends_at": "2027-02-10", "all_day": true, "audience": {"kind": "all"},
                         "cancels_lessons": true});
    let created = school.manager.post("/api/events", holiday).await;
    assert_eq!(created.status(), 201);
    let holiday = json(created).await["data"]["id"].as_u64().expect("id");
    let group = school.create_group(school.tuesdays()).await;
    let on_holiday = school.lesson_at(group, "2027-02-09T16:00").await;
    let manager = &school.manager;
    let lesson = |id: u64| async move { json(manager.get(&format!("/api/lessons/{id}")).await).await };
    let cancelled = lesson(on_holiday).await;
    assert_eq!(cancelled["data"]["status"], "cancelled", "{cancelled}");
    assert_eq!(cancelled["data"]["cancel_reason"], "Зимние каникулы");
    let after = school.lesson_at(group, "2027-02-16T16:00").await;
    assert_eq!(lesson(after).await["data"]["status"], "planned", "the week after it");

    let deleted = school
        .manager
        .send(Method::DELETE, &format!("/api/events/{holiday}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);
    assert_eq!(
        lesson(on_holiday).await["data"]["status"],
        "planned",
        "the holiday gone, the lesson is back"
    );
}
