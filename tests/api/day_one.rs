//! The rough edges a school meets on day one: a new student is created with his parents in one
//! step, the file cabinet says its upload limit before a file is chosen, and "login as" names
//! people declined in Russian.

use crate::helpers::{json, spawn_app, spawn_app_with};
use klass::domain::Role;
use serde_json::json;

fn student(email: &str, parents: serde_json::Value) -> serde_json::Value {
    json!({
        "email": email, "last_name": "Соколов", "first_name": "Миша",
        "roles": ["student"], "parents": parents,
    })
}

#[tokio::test]
async fn a_student_is_created_with_his_parents_in_one_step() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let mum = app.quick_user("mum@school.ru", "Соколова", "Марина", &[Role::Parent]);
    let boss = app.browser_as(manager, None);

    let created = boss.post("/api/users", student("misha@school.ru", json!([mum]))).await;
    assert_eq!(created.status(), 201);
    let card = json(created).await;
    assert_eq!(card["data"]["parent_ids"], json!([mum]), "{card}");
    let child = card["data"]["id"].as_u64().expect("id");
    let mums = json(boss.get(&format!("/api/users/{mum}")).await).await;
    assert_eq!(mums["data"]["children_ids"], json!([child]));
    // The parent's log shows that she became someone's parent.
    let log = json(boss.get(&format!("/api/users/{mum}/logs")).await).await;
    let summary = log["data"][0]["summary"].as_str().unwrap_or_default().to_owned();
    assert!(summary.contains("родители: Соколова Марина"), "{log}");
}

#[tokio::test]
async fn a_refused_parent_link_creates_nobody() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let boss = app.browser_as(manager, None);

    let refused = boss
        .post("/api/users", student("misha@school.ru", json!([99_999])))
        .await;
    assert_eq!(refused.status(), 422);
    let body = json(refused).await;
    assert!(body["errors"]["parents"][0].as_str().is_some(), "{body}");
    let search = json(boss.get("/api/users?search=misha").await).await;
    assert_eq!(search["meta"]["total"], 0, "nothing half-made: {search}");
    // The same address is still free.
    assert_eq!(
        boss.post("/api/users", student("misha@school.ru", json!([])))
            .await
            .status(),
        201
    );
}

#[tokio::test]
async fn the_file_list_says_the_upload_limit() {
    let app = spawn_app_with(|config| config.files.max_upload_mb = 3).await;
    let manager = app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let kid = app.quick_user("k@school.ru", "Соколов", "Миша", &[Role::Student]);
    let boss = app.browser_as(manager, None);
    let list = json(boss.get(&format!("/api/users/{kid}/files")).await).await;
    assert_eq!(list["meta"]["max_upload_bytes"], 3 * 1024 * 1024, "{list}");
}

#[tokio::test]
async fn login_as_names_people_declined() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let pupil = app.quick_user("s@school.ru", "Соколова", "Марина", &[Role::Student]);
    let boss = app.browser_as(manager, None);
    assert_eq!(
        boss.post(&format!("/api/users/{pupil}/login"), json!({}))
            .await
            .status(),
        204
    );
    assert_eq!(boss.post("/api/impersonation/leave", json!({})).await.status(), 204);

    let log = json(boss.get(&format!("/api/users/{pupil}/logs")).await).await;
    let summaries: Vec<&str> = log["data"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["summary"].as_str())
        .collect();
    assert!(
        summaries.contains(&"Вход под учётной записью пользователя Соколовой Марины (s@school.ru)"),
        "{summaries:?}"
    );
    assert!(
        summaries
            .contains(&"Возврат к своей учётной записи из учётной записи пользователя Соколовой Марины (s@school.ru)"),
        "{summaries:?}"
    );

    let inbox = json(
        app.browser_as(pupil, None)
            .get(&format!("/api/users/{pupil}/notifications"))
            .await,
    )
    .await;
    let note = &inbox["data"][0];
    assert_eq!(note["kind_title"], "Вход менеджера в учётную запись", "{inbox}");
    let body = note["body"].as_str().unwrap_or_default();
    assert!(body.contains("выполнен менеджером Орловой Натальей."), "{body}");
    assert!(!body.contains("руководител"), "{body}");
}

#[tokio::test]
async fn a_parent_is_told_of_a_file_in_the_childs_card_with_the_name_declined() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let mum = app.quick_user("mum@school.ru", "Соколова", "Марина", &[Role::Parent]);
    let boss = app.browser_as(manager, None);
    let created = json(
        boss.post(
            "/api/users",
            json!({
                "email": "misha@school.ru", "last_name": "Соколов", "first_name": "Михаил",
                "roles": ["student"], "parents": [mum],
            }),
        )
        .await,
    )
    .await;
    let child = created["data"]["id"].as_u64().expect("id");

    let token = boss.ensure_csrf().await;
    let part = reqwest::multipart::Part::bytes(b"%PDF-1.4".to_vec()).file_name("справка.pdf");
    let uploaded = boss
        .client
        .post(app.url(&format!("/api/users/{child}/files")))
        .header("X-XSRF-TOKEN", token)
        .header("Accept", "application/json")
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .expect("upload");
    assert_eq!(uploaded.status(), 201);

    let inbox = json(
        app.browser_as(mum, None)
            .get(&format!("/api/users/{mum}/notifications"))
            .await,
    )
    .await;
    let body = inbox["data"][0]["body"].as_str().unwrap_or_default().to_owned();
    assert!(
        body.starts_with("В карточку пользователя Соколова Михаила добавлен документ."),
        "{inbox}"
    );
}
