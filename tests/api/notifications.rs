//! Notifications: who is told what, the unread count, marking read, and the kinds a person
//! also gets by mail (through the outbox).

use crate::helpers::{json, spawn_app};
use klass::domain::Role;
use serde_json::json;

#[tokio::test]
async fn a_person_is_told_marks_read_and_nobody_else_reads_it() {
    let app = spawn_app().await;
    app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    let student = app.create_user("s@school.ru", "пароль-ученика", &[Role::Student]);
    app.create_user("o@school.ru", "пароль-другого", &[Role::Student]);
    let manager = app.browser();
    manager.sign_in("m@school.ru", "пароль-менеджера").await;
    let roles = json!({"roles": ["student", "parent"]});
    assert_eq!(
        manager
            .post(&format!("/api/users/{student}/update-roles"), roles)
            .await
            .status(),
        200
    );
    let set = json!({"password": "новый-пароль-1", "password_confirmation": "новый-пароль-1"});
    assert_eq!(
        manager
            .post(&format!("/api/users/{student}/change-password"), set)
            .await
            .status(),
        200
    );

    let owner = app.browser();
    owner.sign_in("s@school.ru", "новый-пароль-1").await;
    let inbox = json(owner.get(&format!("/api/users/{student}/notifications")).await).await;
    let kinds: Vec<&str> = inbox["data"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|n| n["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["password_changed", "roles_changed"], "{inbox}");
    assert_eq!(inbox["meta"]["unread"], 2);
    assert_eq!(
        inbox["data"][1]["body"],
        "Ваши роли изменены: было «Ученик», стало «Ученик, Родитель»."
    );

    let first = inbox["data"][1]["id"].as_u64().expect("id");
    let other = app.browser();
    other.sign_in("o@school.ru", "пароль-другого").await;
    assert_eq!(
        other
            .post(&format!("/api/notifications/{first}/read"), json!({}))
            .await
            .status(),
        404,
        "someone else's notification looks missing"
    );
    assert_eq!(
        other.get(&format!("/api/users/{student}/notifications")).await.status(),
        403
    );
    assert_eq!(
        other.post("/api/notifications/999999/read", json!({})).await.status(),
        404
    );

    let read = json(owner.post(&format!("/api/notifications/{first}/read"), json!({})).await).await;
    assert!(read["data"]["read_at"].is_string(), "{read}");
    let unread = json(owner.get(&format!("/api/users/{student}/notifications?unread=1")).await).await;
    assert_eq!(
        (unread["meta"]["total"].clone(), unread["meta"]["unread"].clone()),
        (json!(1), json!(1))
    );
    let all = json(
        owner
            .post(&format!("/api/users/{student}/notifications/check-all"), json!({}))
            .await,
    )
    .await;
    assert_eq!(all["data"]["marked"], 1);
    let after = json(owner.get(&format!("/api/users/{student}/notifications")).await).await;
    assert_eq!(
        (after["meta"]["total"].clone(), after["meta"]["unread"].clone()),
        (json!(2), json!(0))
    );
}

#[tokio::test]
async fn chosen_kinds_also_come_by_mail() {
    let app = spawn_app().await;
    app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    let student = app.create_user("s@school.ru", "пароль-ученика", &[Role::Student]);
    let owner = app.browser();
    owner.sign_in("s@school.ru", "пароль-ученика").await;
    let defaults = json(owner.get("/api/user/notification-settings").await).await;
    let mailed: Vec<&str> = defaults["data"]
        .as_array()
        .expect("kinds")
        .iter()
        .filter(|k| k["mail"] == true)
        .filter_map(|k| k["kind"].as_str())
        .collect();
    assert_eq!(mailed, ["password_changed", "account_used"], "{defaults}");
    let bad = owner
        .send(
            reqwest::Method::PUT,
            "/api/user/notification-settings",
            json!({"mail": ["spam"]}),
        )
        .await;
    assert_eq!(bad.status(), 422);
    let chosen = owner
        .send(
            reqwest::Method::PUT,
            "/api/user/notification-settings",
            json!({"mail": ["file_added"]}),
        )
        .await;
    assert_eq!(chosen.status(), 200);

    let manager = app.browser();
    manager.sign_in("m@school.ru", "пароль-менеджера").await;
    let uploaded = crate::files::upload(&manager, student, "Расписание.csv", b"1,2,3").await;
    assert_eq!(uploaded.status(), 201);
    let roles = json!({"roles": ["student", "parent"]});
    manager.post(&format!("/api/users/{student}/update-roles"), roles).await;

    let mail = json(
        manager
            .get(&format!("/api/users/{student}/mail?kind=notification"))
            .await,
    )
    .await;
    assert_eq!(mail["meta"]["total"], 1, "only the chosen kind is mailed: {mail}");
    let subject = mail["data"][0]["subject"].as_str().unwrap_or_default();
    assert!(subject.starts_with("Новый файл — "), "{subject}");
    let inbox = json(owner.get(&format!("/api/users/{student}/notifications")).await).await;
    assert_eq!(inbox["meta"]["total"], 2, "both are in the panel: {inbox}");
}
