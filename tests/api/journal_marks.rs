//! `/api/marks`: giving a mark with or without a lesson, the list's filters, who sees which
//! marks, and changing or removing one through the same rules as the lesson's journal.

use crate::helpers::json;
use crate::journal_school::{add_subject, school_with};
use reqwest::Method;
use serde_json::{Value, json};

fn values(page: &Value) -> Vec<u64> {
    page["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|m| m["value"].as_u64().expect("value"))
        .collect()
}

#[tokio::test]
async fn marks_are_given_listed_by_filter_and_seen_by_whom_they_concern() {
    let school = school_with(|_| {}).await;
    let lesson = school.lesson(school.teacher, -30);
    let teacher = school.as_user(school.teacher);
    let give = |student: u64, value: u8, kind: &str, date: &str| json!({"student_id": student, "subject_id": school.subject, "value": value, "kind": kind, "comment": null, "date": date});
    for body in [
        give(school.anna, 5, "lesson", "2026-10-01"),
        give(school.anna, 4, "test", "2026-10-20"),
        give(school.boris, 3, "homework", "2026-10-21"),
    ] {
        let response = teacher.post("/api/marks", body).await;
        assert_eq!(response.status(), 201, "{}", json(response).await);
    }
    let at_lesson =
        json!({"student_id": school.anna, "lesson_id": lesson, "value": 2, "kind": "lesson", "comment": null});
    let created = json(teacher.post("/api/marks", at_lesson).await).await;
    assert_eq!(created["data"]["lesson_id"], lesson);
    assert_eq!(created["data"]["subject_name"], "Математика");

    let refused = school
        .as_user(school.other_teacher)
        .post("/api/marks", give(school.anna, 5, "lesson", "2026-10-02"))
        .await;
    assert_eq!(refused.status(), 403, "he does not teach Anna");
    let txn = school.app.store.write().expect("txn");
    let sport = add_subject(&txn, "Физкультура");
    txn.commit().expect("commit");
    let other_subject = json!({"student_id": school.anna, "subject_id": sport, "value": 2, "kind": "test", "comment": null, "date": "2026-10-03"});
    let elsewhere = teacher.post("/api/marks", other_subject).await;
    assert_eq!(elsewhere.status(), 403, "he teaches Anna mathematics only");
    assert_eq!(
        json(elsewhere).await["message"],
        "Оценки можно ставить только своим ученикам по своим предметам"
    );
    let invalid = json(
        teacher
            .post(
                "/api/marks",
                json!({"student_id": school.parent, "value": 0, "kind": "lesson", "weight": 0, "comment": null}),
            )
            .await,
    )
    .await;
    for field in ["student_id", "value", "weight", "subject_id", "date"] {
        assert!(invalid["errors"][field].is_array(), "{field}: {invalid}");
    }

    let manager = school.as_user(school.manager);
    let list = |query: &str| format!("/api/marks?{query}");
    assert_eq!(values(&json(manager.get(&list("")).await).await).len(), 4);
    let annas = json(manager.get(&list(&format!("student_id={}", school.anna))).await).await;
    assert_eq!(annas["meta"]["total"], 3);
    assert_eq!(values(&json(manager.get(&list("kind=test")).await).await), [4]);
    let october = list(&format!("subject_id={}&from=2026-10-15&to=2026-10-31", school.subject));
    assert_eq!(values(&json(manager.get(&october).await).await), [3, 4], "newest first");
    let bad = manager.get(&list("from=15.10.2026")).await;
    assert_eq!(bad.status(), 422);

    let parent = school.as_user(school.parent);
    assert_eq!(
        values(&json(parent.get(&list("")).await).await).len(),
        3,
        "his child's only"
    );
    let others = parent.get(&list(&format!("student_id={}", school.boris))).await;
    assert_eq!(others.status(), 403);
    let boris = school.as_user(school.boris);
    assert_eq!(values(&json(boris.get(&list("")).await).await), [3]);
    let other_teacher = school.as_user(school.other_teacher);
    assert!(
        values(&json(other_teacher.get(&list("")).await).await).is_empty(),
        "not his students"
    );

    let id = created["data"]["id"].as_u64().expect("id");
    assert_eq!(boris.get(&format!("/api/marks/{id}")).await.status(), 404);
    assert_eq!(parent.get(&format!("/api/marks/{id}")).await.status(), 200);
    let changed = teacher
        .send(
            Method::PUT,
            &format!("/api/marks/{id}"),
            json!({"value": 3, "kind": "lesson", "weight": 4, "comment": "исправил"}),
        )
        .await;
    assert_eq!(changed.status(), 200);
    assert_eq!(json(changed).await["data"]["value"], 3);
    let log = school.logged("mark.updated").await;
    assert!(log[0].contains("(Петрова А.): 2 → 3"), "{log:?}");
    let again = teacher
        .send(
            Method::PUT,
            &format!("/api/marks/{id}"),
            json!({"value": 3, "kind": "lesson", "comment": "исправил ещё раз"}),
        )
        .await;
    assert_eq!(json(again).await["data"]["weight"], 4, "the weight left out stays");
    let foreign = other_teacher
        .send(Method::DELETE, &format!("/api/marks/{id}"), json!({}))
        .await;
    assert_eq!(foreign.status(), 404, "he cannot see it");
    let removed = teacher
        .send(Method::DELETE, &format!("/api/marks/{id}"), json!({}))
        .await;
    assert_eq!(removed.status(), 204);
    assert_eq!(manager.get(&format!("/api/marks/{id}")).await.status(), 404);
    assert_eq!(school.told(school.parent, "low_mark").await.len(), 1, "the 2 was told");
}

#[tokio::test]
async fn the_list_of_a_group_holds_its_students_marks_in_its_subject_only() {
    let school = school_with(|_| {}).await;
    school.lesson(school.teacher, -30);
    let txn = school.app.store.write().expect("txn");
    let physics = add_subject(&txn, "Физика");
    let group = klass::store::record::insert(&txn, |id| klass::domain::group::Group {
        id,
        ..crate::helpers::group_of(
            "Алгебра, Анна",
            school.subject,
            school.teacher,
            &[school.anna],
            jiff::civil::date(2026, 9, 1),
        )
    })
    .expect("group")
    .id
    .0;
    txn.commit().expect("commit");
    let (teacher, manager) = (school.as_user(school.teacher), school.as_user(school.manager));
    // He teaches Anna mathematics only: her physics mark is the manager's.
    for (giver, student, subject, value) in [
        (&teacher, school.anna, school.subject, 5),
        (&manager, school.anna, physics, 4),
        (&teacher, school.boris, school.subject, 3),
    ] {
        let body = json!({"student_id": student, "subject_id": subject, "value": value, "kind": "lesson",
                          "comment": null, "date": "2026-10-01"});
        let response = giver.post("/api/marks", body).await;
        assert_eq!(response.status(), 201, "{}", json(response).await);
    }

    assert_eq!(values(&json(manager.get("/api/marks").await).await).len(), 3);
    let of_group = json(manager.get(&format!("/api/marks?group_id={group}")).await).await;
    assert_eq!(
        values(&of_group),
        [5],
        "Anna's mark in the group's subject; not her physics, not Boris's: {of_group}"
    );
    assert_eq!(of_group["meta"]["total"], 1);
    assert_eq!(
        values(&json(teacher.get(&format!("/api/marks?group_id={group}")).await).await),
        [5],
        "the same for the group's teacher"
    );
    assert_eq!(manager.get("/api/marks?group_id=999").await.status(), 404);
}
