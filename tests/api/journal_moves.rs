//! A lesson's journal rows follow it: they move with a moved lesson, keep a lesson from being
//! deleted or regenerated away (their group archived rather than deleted), and go with a
//! lesson that is removed.

use crate::journal_school::school;
use serde_json::json;

#[tokio::test]
async fn attendance_and_marks_move_with_their_lesson() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -2);
    let body = json!({
        "records": school.records("present", "late"),
        "marks": [{"student_id": school.anna, "value": 5, "kind": "lesson", "comment": null}],
    });
    assert_eq!(school.save(school.teacher, lesson, body).await.0, 200);
    let manager = school.as_user(school.manager);
    let deleted = manager
        .send(reqwest::Method::DELETE, &format!("/api/lessons/{lesson}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 422, "a lesson with a journal is not deleted");

    let moved = manager
        .send(
            reqwest::Method::PUT,
            &format!("/api/lessons/{lesson}"),
            json!({"starts_at": "2026-03-02T09:00"}),
        )
        .await;
    assert_eq!(moved.status(), 200);
    let txn = school.app.store.read().expect("txn");
    let (student, id) = (klass::domain::UserId(school.boris), klass::domain::LessonId(lesson));
    let statuses = klass::store::attendance::statuses_of(&txn, student, jiff::Timestamp::MIN, jiff::Timestamp::MAX)
        .expect("statuses");
    let lesson_now: klass::domain::lesson::Lesson = klass::store::record::get(&txn, id).expect("read").expect("lesson");
    assert_eq!(statuses.len(), 1, "one row, moved: {statuses:?}");
    assert_eq!(statuses[0].starts_at_ms, lesson_now.starts_at.as_millisecond());
    let marks = klass::store::marks::of_lesson(&txn, id).expect("marks");
    assert_eq!(marks[0].date, jiff::civil::date(2026, 3, 2), "the mark's day follows");
}

#[tokio::test]
async fn a_timetable_change_keeps_a_lesson_with_a_journal_and_deleting_the_group_archives_it_with_its_rows() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let group_body = |weekday: u8| {
        json!({
            "name": "Алгебра 9", "subject_id": school.subject, "teacher_id": school.teacher,
            "student_ids": [school.anna], "room": "12",
            "schedule": [{"weekday": weekday, "start": "10:00", "duration_minutes": 60}],
            "starts_on": "2027-01-04", "ends_on": "2027-01-31",
        })
    };
    let created = crate::helpers::json(manager.post("/api/group-lessons", group_body(1)).await).await;
    let group = created["data"]["id"].as_u64().expect("group");
    let lessons_of = || async {
        let page = crate::helpers::json(
            manager
                .get(&format!("/api/lessons?group_id={group}&per_page=100"))
                .await,
        )
        .await;
        page["data"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|l| l["id"].as_u64().expect("id"))
            .collect::<Vec<u64>>()
    };
    let first = lessons_of().await[0];
    let ahead = json!({"records": [{"student_id": school.anna, "status": "excused", "comment": "сборы"}], "marks": []});
    assert_eq!(
        school.save(school.manager, first, ahead).await.0,
        200,
        "a manager records ahead"
    );

    let changed = manager
        .send(
            reqwest::Method::PUT,
            &format!("/api/group-lessons/{group}"),
            group_body(4),
        )
        .await;
    assert_eq!(changed.status(), 200);
    let lessons = lessons_of().await;
    assert!(
        lessons.contains(&first),
        "the lesson with a journal is kept: {lessons:?}"
    );
    assert_eq!(lessons.len(), 5, "four Thursdays and the kept Monday: {lessons:?}");
    let (_, kept) = school.journal(school.manager, first).await;
    assert_eq!(kept["data"]["records"][0]["status"], "excused");

    let deleted = manager
        .send(
            reqwest::Method::DELETE,
            &format!("/api/group-lessons/{group}"),
            json!({}),
        )
        .await;
    assert_eq!(deleted.status(), 200, "a group with a journal is archived, not deleted");
    assert_eq!(
        lessons_of().await,
        [first],
        "the lesson with a journal stays, cancelled"
    );
    let (_, kept) = school.journal(school.manager, first).await;
    assert_eq!(kept["data"]["records"][0]["status"], "excused", "its rows stay");
}
