//! How lists of teaching read: a lesson names its group (so a student, who may not open the
//! group, sees its name), and the groups list sorts by any of its columns, both ways.

use crate::helpers::{json, spawn_app};
use crate::lessons::{refused, school_of};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

/// The `field` of each row of a list's page.
fn column<'a>(page: &'a Value, field: &str) -> Vec<&'a Value> {
    page["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| &row[field])
        .collect()
}

#[tokio::test]
async fn a_lesson_names_its_group_for_a_student_and_an_individual_one_names_none() {
    let school = school_of(spawn_app().await);
    let slot = json!([{"weekday": 2, "start": "16:00", "duration_minutes": 60}]);
    let group = school
        .create_group(school.group(slot.clone(), "2027-02-01", "2027-02-14"))
        .await;
    let single = json!({
        "subject_id": school.subject, "teacher_id": school.teacher, "student_ids": [school.anna],
        "starts_at": "2027-02-03T10:00", "duration_minutes": 45,
    });
    assert_eq!(school.one_off(single).await.status(), 201);

    let anna = school.app.browser_as(school.anna, None);
    let span = "from=2027-02-01&to=2027-02-14";
    for path in [
        format!("/api/lessons?{span}"),
        format!("/api/users/{}/lessons?{span}", school.anna),
    ] {
        let page = json(anna.get(&path).await).await;
        assert_eq!(
            column(&page, "group_name"),
            [&json!("Алгебра 9"), &Value::Null, &json!("Алгебра 9")],
            "{path}: by start, the individual lesson in between"
        );
        let individual = &page["data"][1];
        assert!(
            individual.as_object().expect("row").contains_key("group_name"),
            "null, not left out"
        );
    }
    let group_card = anna.get(&format!("/api/group-lessons/{group}")).await;
    assert_eq!(group_card.status(), 403, "a student cannot open the group itself");

    let mut renamed = school.group(slot, "2027-02-01", "2027-02-14");
    renamed["name"] = json!("Алгебра 9А");
    let response = school
        .manager
        .send(Method::PUT, &format!("/api/group-lessons/{group}"), renamed)
        .await;
    assert_eq!(response.status(), 200);
    let page = json(school.manager.get(&format!("/api/lessons?group_id={group}")).await).await;
    assert_eq!(
        column(&page, "group_name"),
        [&json!("Алгебра 9А"), &json!("Алгебра 9А")]
    );
    let lesson = page["data"][0]["id"].as_u64().expect("id");
    let shown = json(school.manager.get(&format!("/api/lessons/{lesson}")).await).await;
    assert_eq!(shown["data"]["group_name"], "Алгебра 9А", "one lesson names it too");
}

#[tokio::test]
async fn the_groups_list_sorts_by_name_subject_teacher_and_students_both_ways() {
    let school = school_of(spawn_app().await);
    let app = &school.app;
    let yakovlev = app.quick_user("yak@school.ru", "Яковлев", "Пётр", &[Role::Worker]);
    let antonov = app.quick_user("ant@school.ru", "Антонов", "Олег", &[Role::Worker]);
    let vera = app.quick_user("vera@school.ru", "Волкова", "Вера", &[Role::Student]);
    let txn = app.store.write().expect("txn");
    let subject = |name: &str| {
        let made = klass::store::record::insert(&txn, |id| klass::domain::subject::Subject {
            id,
            name: name.into(),
            color: "green".into(),
            archived: false,
            price: None,
        });
        made.expect("subject").id.0
    };
    let (physics, biology) = (subject("Физика"), subject("Биология"));
    txn.commit().expect("commit");
    // name / subject / teacher / students: each column orders the three differently.
    let groups = [
        ("Альфа", physics, school.teacher, vec![school.anna, school.boris], 1),
        ("Бета", biology, yakovlev, vec![vera], 2),
        ("Вега", school.subject, antonov, vec![], 3),
    ];
    for (name, subject, teacher, students, weekday) in groups {
        let slot = json!([{"weekday": weekday, "start": "16:00", "duration_minutes": 60}]);
        let mut body = school.group(slot, "2027-02-01", "2027-02-14");
        body["name"] = json!(name);
        body["subject_id"] = json!(subject);
        body["teacher_id"] = json!(teacher);
        body["student_ids"] = json!(students);
        school.create_group(body).await;
    }
    for (sort, expected) in [
        ("", ["Альфа", "Бета", "Вега"]),
        ("sort=name", ["Альфа", "Бета", "Вега"]),
        ("sort=-name", ["Вега", "Бета", "Альфа"]),
        ("sort=subject", ["Бета", "Вега", "Альфа"]),
        ("sort=-subject", ["Альфа", "Вега", "Бета"]),
        ("sort=teacher", ["Вега", "Альфа", "Бета"]),
        ("sort=-teacher", ["Бета", "Альфа", "Вега"]),
        ("sort=students", ["Вега", "Бета", "Альфа"]),
        ("sort=-students", ["Альфа", "Бета", "Вега"]),
    ] {
        let page = json(school.manager.get(&format!("/api/group-lessons?{sort}")).await).await;
        assert_eq!(
            column(&page, "name"),
            expected.map(|name| json!(name)).iter().collect::<Vec<_>>(),
            "{sort}"
        );
    }
    let response = school.manager.get("/api/group-lessons?sort=room").await;
    assert_eq!(
        refused(response, "sort").await,
        ["Допустимо: name, subject, teacher, students (с «-» — по убыванию)"]
    );
}
