//! The activity log: every change leaves an entry naming who, as whom, from where and what;
//! nobody can change or remove an entry.

use crate::helpers::{json, spawn_app};
use klass::domain::Role;
use serde_json::{Value, json};

fn entries(page: &Value) -> Vec<Value> {
    page["data"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_change_made_while_impersonating_names_both_people() {
    let app = spawn_app().await;
    let manager = app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    let student = app.create_user("s@school.ru", "пароль-ученика", &[Role::Worker]);
    let child = app.quick_user("child@school.ru", "Детская", "Дина", &[Role::Student]);
    let parent = app.quick_user("parent@school.ru", "Родителева", "Рита", &[Role::Parent]);
    let browser = app.browser();
    browser.sign_in("m@school.ru", "пароль-менеджера").await;
    let started = browser.post(&format!("/api/users/{student}/login"), json!({})).await;
    assert_eq!(started.status(), 204);
    let linked = browser
        .post(
            &format!("/api/users/{child}/parents/save"),
            json!({"parents": [parent]}),
        )
        .await;
    assert_eq!(linked.status(), 200);
    assert_eq!(browser.post("/api/impersonation/leave", json!({})).await.status(), 204);

    let log = json(browser.get(&format!("/api/users/{student}/logs")).await).await;
    let actions: Vec<String> = entries(&log)
        .iter()
        .map(|e| e["action"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        actions[..3],
        [
            "session.impersonation_ended",
            "user.parents_changed",
            "session.impersonation_started"
        ],
        "{log}"
    );
    let changed = &entries(&log)[1];
    assert_eq!(changed["actor_id"], student);
    assert_eq!(changed["impersonator_id"], manager);
    assert_eq!(changed["actor_name"], "Тестова Анна");
    assert_eq!(changed["impersonator_name"], "Тестова Анна");
    assert_eq!(changed["ip"], "127.0.0.1");
    assert_eq!(changed["action_title"], "Изменение родителей");
    assert!(
        changed["summary"]
            .as_str()
            .unwrap_or_default()
            .contains("Родителева Рита"),
        "{changed}"
    );
    let started = &entries(&log)[2];
    assert_eq!(
        (started["actor_id"].clone(), started["impersonator_id"].clone()),
        (json!(manager), json!(null))
    );

    // The student is told his account was used.
    let student_browser = app.browser();
    student_browser.sign_in("s@school.ru", "пароль-ученика").await;
    let inbox = json(
        student_browser
            .get(&format!("/api/users/{student}/notifications"))
            .await,
    )
    .await;
    assert_eq!(inbox["data"][0]["kind"], "account_used", "{inbox}");
    assert_eq!(inbox["meta"]["unread"], 1);

    // The whole history filters by person and action.
    let only = json(
        browser
            .get(&format!("/api/history?user_id={student}&action=user.parents_changed"))
            .await,
    )
    .await;
    assert_eq!(only["meta"]["total"], 1, "{only}");
}

#[tokio::test]
async fn an_edit_is_summarised_field_by_field() {
    let app = spawn_app().await;
    let me = app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    let student = app.quick_user("s@school.ru", "Иванова", "Алёна", &[Role::Student]);
    let manager = app.browser();
    manager.sign_in("m@school.ru", "пароль-менеджера").await;
    let body =
        json!({"email": "s@school.ru", "last_name": "Иванова", "first_name": "Алёна", "phone": "8 912 345-67-89"});
    let saved = manager
        .send(reqwest::Method::PUT, &format!("/api/users/{student}"), body.clone())
        .await;
    assert_eq!(saved.status(), 200);
    // Saving the same card again changes nothing and records nothing.
    manager
        .send(reqwest::Method::PUT, &format!("/api/users/{student}"), body)
        .await;
    let log = json(manager.get("/api/history?action=user.updated").await).await;
    assert_eq!(log["meta"]["total"], 1, "{log}");
    assert_eq!(
        log["data"][0]["summary"],
        "Иванова Алёна: Телефон: «—» → «+79123456789»"
    );
    assert_eq!(log["data"][0]["entity"], "user");
    assert_eq!(log["data"][0]["entity_id"], student);
    assert_eq!(log["data"][0]["actor_name"], "Тестова Анна");

    // An entry shown before names its people as they are called now.
    let renamed = json!({"email": "m@school.ru", "last_name": "Петрова", "first_name": "Анна"});
    let saved = manager
        .send(reqwest::Method::PUT, &format!("/api/users/{me}"), renamed)
        .await;
    assert_eq!(saved.status(), 200);
    let log = json(manager.get("/api/history?action=user.updated").await).await;
    assert_eq!(log["meta"]["total"], 2, "{log}");
    assert_eq!(log["data"][1]["actor_name"], "Петрова Анна", "{log}");
}

#[tokio::test]
async fn the_log_cannot_be_edited_and_filters_are_checked() {
    let app = spawn_app().await;
    app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    let manager = app.browser();
    manager.sign_in("m@school.ru", "пароль-менеджера").await;
    let signed_in = json(manager.get("/api/history").await).await;
    let id = signed_in["data"][0]["id"].as_u64().expect("the sign-in is logged");
    assert_eq!(signed_in["data"][0]["action"], "session.signed_in");
    for method in [reqwest::Method::DELETE, reqwest::Method::PUT] {
        let refused = manager.send(method, &format!("/api/history/{id}"), json!({})).await;
        assert!(matches!(refused.status().as_u16(), 404 | 405), "{}", refused.status());
    }
    assert_eq!(json(manager.get("/api/history").await).await["meta"]["total"], 1);
    let bad = manager
        .get("/api/history?date_from=31.12.2026&action=user.exploded")
        .await;
    assert_eq!(bad.status(), 422);
    let errors = json(bad).await["errors"].clone();
    assert_eq!(errors["action"], json!(["Неизвестное действие"]), "{errors}");
    let today = jiff::Zoned::now().date();
    let tomorrow = today.tomorrow().expect("tomorrow");
    // Two days ahead: after today in any school time zone.
    let later = tomorrow.tomorrow().expect("later");
    let none = json(manager.get(&format!("/api/history?date_from={later}")).await).await;
    assert_eq!(none["meta"]["total"], 0);
    let yesterday = today.yesterday().expect("yesterday");
    let some = json(
        manager
            .get(&format!("/api/history?date_from={yesterday}&date_to={tomorrow}"))
            .await,
    )
    .await;
    assert_eq!(some["meta"]["total"], 1);
}

#[tokio::test]
async fn signing_out_is_logged_as_the_person_who_left() {
    let app = spawn_app().await;
    app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    let student = app.create_user("s@school.ru", "пароль-ученика", &[Role::Student]);
    let leaving = app.browser();
    leaving.sign_in("s@school.ru", "пароль-ученика").await;
    assert_eq!(leaving.post("/api/logout", json!({})).await.status(), 204);

    let manager = app.browser();
    manager.sign_in("m@school.ru", "пароль-менеджера").await;
    let log = json(manager.get(&format!("/api/users/{student}/logs")).await).await;
    let newest = &entries(&log)[0];
    assert_eq!(newest["action"], "session.signed_out", "{log}");
    assert_eq!(newest["action_title"], "Выход из системы");
    assert_eq!(newest["actor_id"], student);
    assert_eq!(newest["ip"], "127.0.0.1");
}
