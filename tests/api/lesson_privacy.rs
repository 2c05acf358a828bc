//! A lesson as a student or a parent reads it: who else is in it stays unnamed and unnumbered.

use crate::helpers::{Browser, json, spawn_app};
use crate::lessons::{School, school_of};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

const SPAN: &str = "from=2027-02-01&to=2027-02-14";

/// The students' ids and count of the only lesson of `reader`'s page at `path`.
async fn shown_in_page(reader: &Browser, path: &str) -> (Value, Value) {
    let page = json(reader.get(path).await).await;
    let [lesson] = page["data"].as_array().expect("rows").as_slice() else {
        panic!("one lesson at {path}: {page}")
    };
    (lesson["student_ids"].clone(), lesson["students_count"].clone())
}

/// The students' ids and count of lesson `id` as `reader` reads it.
async fn shown_alone(reader: &Browser, id: u64) -> (Value, Value) {
    let lesson = json(reader.get(&format!("/api/lessons/{id}")).await).await;
    (
        lesson["data"]["student_ids"].clone(),
        lesson["data"]["students_count"].clone(),
    )
}

/// A one-off lesson of Anna's and Boris's on 3 February 2027.
async fn shared_lesson(school: &School) -> u64 {
    let body = json!({
        "subject_id": school.subject, "teacher_id": school.teacher,
        "student_ids": [school.anna, school.boris],
        "starts_at": "2027-02-03T10:00", "duration_minutes": 45,
    });
    let made = school.one_off(body).await;
    assert_eq!(made.status(), 201);
    json(made).await["data"]["id"].as_u64().expect("id")
}

#[tokio::test]
async fn a_student_or_parent_is_shown_only_his_own_among_a_lessons_students() {
    let school = school_of(spawn_app().await);
    let id = shared_lesson(&school).await;
    let (anna, boris) = (json!([school.anna]), json!([school.boris]));
    let everyone = json!([school.anna, school.boris]);
    let list = format!("/api/lessons?{SPAN}");
    // The manager's read first keeps the lesson's row with every student.
    assert_eq!(
        shown_in_page(&school.manager, &list).await,
        (everyone.clone(), json!(2))
    );

    let parent = school.app.browser_as(school.parent, None);
    let student = school.app.browser_as(school.boris, None);
    for _ in 0..2 {
        assert_eq!(
            shown_in_page(&parent, &list).await,
            (anna.clone(), json!(2)),
            "the parent's"
        );
        let own = format!("/api/users/{}/lessons?{SPAN}", school.anna);
        assert_eq!(
            shown_in_page(&parent, &own).await,
            (anna.clone(), json!(2)),
            "his child's"
        );
        assert_eq!(
            shown_in_page(&student, &list).await,
            (boris.clone(), json!(2)),
            "Boris's"
        );
        assert_eq!(shown_alone(&parent, id).await, (anna.clone(), json!(2)));
        assert_eq!(shown_alone(&student, id).await, (boris.clone(), json!(2)));
        assert_eq!(
            shown_in_page(&school.manager, &list).await,
            (everyone.clone(), json!(2))
        );
        assert_eq!(shown_alone(&school.manager, id).await, (everyone.clone(), json!(2)));
    }

    let journal = json(parent.get(&format!("/api/lessons/{id}/journal")).await).await;
    let students = journal["data"]["students"].as_array().expect("students");
    let ids: Vec<&Value> = students.iter().map(|s| &s["id"]).collect();
    assert_eq!(ids, [&json!(school.anna)], "the journal: {journal}");
}

#[tokio::test]
async fn a_parents_kept_page_counts_a_student_who_joins_the_lesson() {
    let school = school_of(spawn_app().await);
    let id = shared_lesson(&school).await;
    let parent = school.app.browser_as(school.parent, None);
    let list = format!("/api/lessons?{SPAN}");
    assert_eq!(shown_in_page(&parent, &list).await, (json!([school.anna]), json!(2)));

    let vera = school
        .app
        .quick_user("vera@school.ru", "Орлова", "Вера", &[Role::Student]);
    let students = json!({"student_ids": [school.anna, school.boris, vera]});
    let joined = school
        .manager
        .send(Method::PUT, &format!("/api/lessons/{id}"), students)
        .await;
    assert_eq!(joined.status(), 200);
    assert_eq!(json(joined).await["data"]["students_count"], 3, "the manager's answer");
    assert_eq!(shown_in_page(&parent, &list).await, (json!([school.anna]), json!(3)));
}
