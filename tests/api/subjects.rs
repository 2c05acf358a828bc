//! Subjects: validation, a unique name ignoring case and ё, delete refused while in use, and
//! what a person studies (with his own price) or teaches.

use crate::helpers::{json, spawn_app};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

fn names(list: &Value) -> Vec<&str> {
    let rows = list["data"].as_array().expect("rows");
    rows.iter().map(|s| s["name"].as_str().expect("name")).collect()
}

#[tokio::test]
async fn a_subject_is_checked_unique_without_case_or_yo_listed_and_archived() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let teacher = app.browser_as(worker, None);
    let empty = teacher
        .post("/api/subjects", json!({"name": "  ", "color": "beige", "price": -5}))
        .await;
    assert_eq!(empty.status(), 422);
    assert_eq!(
        json(empty).await["errors"],
        json!({
            "name": ["Обязательное поле"],
            "color": ["Выберите цвет из палитры"],
            "price": ["Цена не может быть отрицательной"],
        })
    );
    let chem = teacher
        .post("/api/subjects", json!({"name": "Химия ёмкая", "color": "green"}))
        .await;
    assert_eq!(chem.status(), 201, "a worker manages subjects");
    let chem = json(chem).await["data"].clone();
    assert_eq!(chem["price"], Value::Null);
    let twin = teacher
        .post("/api/subjects", json!({"name": "ХИМИЯ ЕМКАЯ", "color": "red"}))
        .await;
    assert_eq!(twin.status(), 422);
    assert_eq!(
        json(twin).await["errors"],
        json!({"name": ["Предмет с таким названием уже есть"]})
    );
    for (name, color) in [("Алгебра", "blue"), ("Биология", "lime")] {
        teacher
            .post("/api/subjects", json!({"name": name, "color": color}))
            .await;
    }
    let id = &chem["id"];
    let archived = teacher
        .send(
            Method::PUT,
            &format!("/api/subjects/{id}"),
            json!({"name": "Химия", "color": "green", "archived": true}),
        )
        .await;
    assert_eq!(json(archived).await["data"]["archived"], true);
    let list = json(teacher.get("/api/subjects").await).await;
    assert_eq!(names(&list), ["Алгебра", "Биология"], "archived ones are hidden");
    let all = json(teacher.get("/api/subjects?archived=with&sort=-name").await).await;
    assert_eq!(names(&all), ["Химия", "Биология", "Алгебра"]);
    let found = json(teacher.get("/api/subjects?archived=only&search=хим").await).await;
    assert_eq!(names(&found), ["Химия"]);
    let paged = json(teacher.get("/api/subjects?archived=with&per_page=2&page=2").await).await;
    assert_eq!(names(&paged), ["Химия"]);
    assert_eq!(paged["meta"]["total"], 3);
    let nonsense = teacher.get("/api/subjects?archived=maybe").await;
    assert_eq!(
        json(nonsense).await["errors"]["archived"],
        json!(["Допустимо: with или only"])
    );
}

#[tokio::test]
async fn a_subject_in_use_is_not_deleted_but_an_unused_one_is_and_leaves_people() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let kid = app.quick_user("k@s.ru", "Ученик", "Юрий", &[Role::Student]);
    let boss = app.browser_as(manager, None);
    let math = json(
        boss.post("/api/subjects", json!({"name": "Математика", "color": "blue"}))
            .await,
    )
    .await["data"]["id"]
        .clone();
    let art = json(
        boss.post("/api/subjects", json!({"name": "ИЗО", "color": "pink"}))
            .await,
    )
    .await["data"]["id"]
        .clone();
    boss.post("/api/courses", json!({"subject_id": math, "name": "ОГЭ"}))
        .await;
    let refused = boss
        .send(Method::DELETE, &format!("/api/subjects/{math}"), json!({}))
        .await;
    assert_eq!(refused.status(), 422);
    assert_eq!(
        json(refused).await["errors"]["id"],
        json!(["Предмет используется (курсов: 1); удалить нельзя — отправьте его в архив"])
    );
    boss.send(
        Method::PUT,
        &format!("/api/users/{kid}/subjects"),
        json!({"data": [{"subject_id": art, "price": null}]}),
    )
    .await;
    let deleted = boss
        .send(Method::DELETE, &format!("/api/subjects/{art}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);
    let left = json(boss.get(&format!("/api/users/{kid}/subjects")).await).await;
    assert_eq!(left["data"], json!([]), "taken off the student");
    assert_eq!(boss.get(&format!("/api/subjects/{math}")).await.status(), 200);
    assert_eq!(boss.get(&format!("/api/subjects/{art}")).await.status(), 404);
}

#[tokio::test]
async fn a_subject_a_group_or_a_lesson_uses_is_not_deleted() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);
    let id = json(
        boss.post("/api/subjects", json!({"name": "Физика", "color": "cyan"}))
            .await,
    )
    .await["data"]["id"]
        .as_u64()
        .expect("id");
    crate::courses::lesson(&app, id, None, manager, &[], "done");
    let refused = boss
        .send(Method::DELETE, &format!("/api/subjects/{id}"), json!({}))
        .await;
    assert_eq!(
        json(refused).await["errors"]["id"],
        json!(["Предмет используется (занятия); удалить нельзя — отправьте его в архив"])
    );
    let chess = json(
        boss.post("/api/subjects", json!({"name": "Шахматы", "color": "gray"}))
            .await,
    )
    .await["data"]["id"]
        .as_u64()
        .expect("id");
    let txn = app.store.write().expect("txn");
    klass::store::record::insert(&txn, |id| klass::domain::group::Group {
        id,
        ..crate::helpers::group_of("Шахматный клуб", chess, manager, &[], jiff::civil::date(2026, 9, 1))
    })
    .expect("group");
    txn.commit().expect("commit");
    let refused = boss
        .send(Method::DELETE, &format!("/api/subjects/{chess}"), json!({}))
        .await;
    assert_eq!(
        json(refused).await["errors"]["id"],
        json!(["Предмет используется (групп: 1); удалить нельзя — отправьте его в архив"])
    );
}

#[tokio::test]
async fn a_students_price_overrides_and_staff_teach_without_prices() {
    let app = spawn_app().await;
    let worker = app.quick_user("w@s.ru", "Белов", "Иван", &[Role::Worker]);
    let manager = app.quick_user("m@s.ru", "Орлова", "Наталья", &[Role::Manager]);
    let kid = app.quick_user("k@s.ru", "Ученик", "Юрий", &[Role::Student]);
    let teacher = app.browser_as(worker, None);
    let boss = app.browser_as(manager, None);
    let subject = |name: &'static str| {
        let boss = &boss;
        async move {
            let body = json!({"name": name, "color": "blue", "price": 100_000});
            json(boss.post("/api/subjects", body).await).await["data"]["id"].clone()
        }
    };
    let (math, music) = (subject("Математика").await, subject("Музыка").await);
    let wrong = teacher
        .send(
            Method::PUT,
            &format!("/api/users/{kid}/subjects"),
            json!({"data": [{"subject_id": math, "price": -1}, {"subject_id": math, "price": null}, {"subject_id": 999, "price": null}]}),
        )
        .await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(
        json(wrong).await["errors"],
        json!({
            "data": ["Предмет указан дважды", "Такого предмета нет"],
            "data.0.price": ["Цена не может быть отрицательной"],
        })
    );
    let body = json!({"data": [{"subject_id": math, "price": 80_000}, {"subject_id": music, "price": null}]});
    let saved = boss
        .send(Method::PUT, &format!("/api/users/{kid}/subjects"), body)
        .await;
    assert_eq!(saved.status(), 200, "a manager sets a student's subjects and prices");
    let read = json(teacher.get(&format!("/api/users/{kid}/subjects")).await).await;
    assert_eq!(
        read["data"],
        json!([{"subject_id": math, "price": 80_000}, {"subject_id": music, "price": null}])
    );
    let txn = app.store.read().expect("txn");
    let price = |subject: &Value| {
        let subject = klass::domain::SubjectId(subject.as_u64().expect("id"));
        klass::store::subjects::price_for(&txn, subject, klass::domain::UserId(kid)).expect("price")
    };
    assert_eq!(price(&math), Some(80_000), "his own price");
    assert_eq!(price(&music), Some(100_000), "the subject's");
    let body = json!({"data": [{"subject_id": math, "price": 80_000}]});
    let staff = teacher
        .send(Method::PUT, &format!("/api/users/{worker}/subjects"), body)
        .await;
    assert_eq!(
        json(staff).await["data"],
        json!([{"subject_id": math, "price": null}]),
        "a teacher teaches it, without a price"
    );
    let log = json(boss.get(&format!("/api/users/{kid}/logs")).await).await;
    let summaries: Vec<&str> = log["data"]
        .as_array()
        .expect("log")
        .iter()
        .filter_map(|e| e["summary"].as_str())
        .collect();
    assert!(
        summaries.contains(&"Предметы Ученик Юрий: Математика (800,00 ₽), Музыка"),
        "{summaries:?}"
    );
}
