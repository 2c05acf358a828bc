//! Who may read the mail history, and what it shows.

use crate::helpers::{json, spawn_app};
use klass::domain::Role;
use serde_json::json;

#[tokio::test]
async fn only_managers_read_the_mail_history() {
    let app = spawn_app().await;
    app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    app.create_user("s@school.ru", "пароль-ученика", &[Role::Student]);
    assert_eq!(app.browser().get("/api/history/mail").await.status(), 401);
    let student = app.browser();
    student.sign_in("s@school.ru", "пароль-ученика").await;
    let refused = student.get("/api/history/mail").await;
    assert_eq!(refused.status(), 403);
    assert_eq!(
        json(refused).await["message"],
        "Отсутствуют требуемые права для доступа к действию"
    );

    student.post("/forgot-password", json!({"email": "s@school.ru"})).await;
    let manager = app.browser();
    manager.sign_in("m@school.ru", "пароль-менеджера").await;
    let mut page = json!(null);
    for _ in 0..100 {
        page = json(manager.get("/api/history/mail?kind=password_reset&per_page=10").await).await;
        if page["meta"]["total"] == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(page["meta"]["total"], 1, "{page}");
    assert_eq!(page["meta"]["from"], 1);
    let mail = &page["data"][0];
    assert_eq!(
        (mail["to"].as_str(), mail["kind_title"].as_str()),
        (Some("s@school.ru"), Some("Сброс пароля"))
    );
    let bad_filter = manager.get("/api/history/mail?status=lost").await;
    assert_eq!(bad_filter.status(), 422);
    assert_eq!(
        json(bad_filter).await["errors"]["status"],
        json!(["Недопустимое значение параметра «status»"])
    );
    assert_eq!(manager.get("/api/history/mail?status=").await.status(), 422);
}

#[tokio::test]
async fn a_persons_mail_shows_only_what_was_sent_to_them() {
    let app = spawn_app().await;
    app.create_user("m@school.ru", "пароль-менеджера", &[Role::Manager]);
    let anna = app.create_user("anna@school.ru", "пароль-анны", &[Role::Student]);
    let boris = app.create_user("boris@school.ru", "пароль-бориса", &[Role::Student]);
    let manager = app.browser();
    manager.sign_in("m@school.ru", "пароль-менеджера").await;
    for id in [anna, boris, anna] {
        let sent = manager
            .post(&format!("/api/users/{id}/resend-password"), json!({}))
            .await;
        assert_eq!(sent.status(), 202);
    }
    let annas = json(manager.get(&format!("/api/users/{anna}/mail")).await).await;
    assert_eq!(annas["meta"]["total"], 2, "{annas}");
    assert!(
        annas["data"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|m| m["to"] == "anna@school.ru" && m["user_id"] == anna)
    );
    let boris_page = json(manager.get(&format!("/api/users/{boris}/mail?per_page=1")).await).await;
    assert_eq!(boris_page["meta"]["total"], 1);
    assert_eq!(boris_page["data"][0]["to"], "boris@school.ru");
}
