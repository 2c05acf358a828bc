//! `/api/backups`: a manager makes a copy while the portal serves, sees it listed, downloads
//! it; a copy that cannot be written is reported and tells the managers.

use crate::helpers::{TestApp, json, spawn_app, spawn_app_with};
use klass::domain::Role;
use serde_json::Value;
use std::time::Duration;

/// Polls the list until no copy is being made (bounded, so a hang fails instead of blocking).
async fn settled(browser: &crate::helpers::Browser) -> Value {
    for _ in 0..600 {
        let view = json(browser.get("/api/backups").await).await;
        if view["running"].is_null() {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the copy never finished");
}

fn manager(app: &TestApp) -> crate::helpers::Browser {
    let id = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    app.browser_as(id, None)
}

#[tokio::test]
async fn a_manager_makes_a_copy_sees_it_and_downloads_exactly_that_file() {
    let app = spawn_app().await;
    let browser = manager(&app);
    let before = json(browser.get("/api/backups").await).await;
    assert_eq!(before["data"], serde_json::json!([]));
    assert_eq!(before["schedule"], "Каждую ночь в 03:00");

    let started = browser.post("/api/backups", serde_json::json!({})).await;
    assert_eq!(started.status(), 202);
    let view = settled(&browser).await;
    assert!(view["last_failure"].is_null(), "{view}");
    let copy = &view["data"][0];
    assert_eq!(copy["status"], "unchecked");
    assert_eq!(copy["status_text"], "Не проверялась");
    assert!(copy["records"].as_u64().expect("records") > 0);
    let name = copy["name"].as_str().expect("name");
    assert!(name.starts_with("klass-") && name.ends_with(".tar.gz"), "{name}");

    let download = browser.get(&format!("/api/backups/{name}")).await;
    assert_eq!(download.status(), 200);
    assert!(
        download.headers()["content-disposition"]
            .to_str()
            .expect("header")
            .contains(name)
    );
    let bytes = download.bytes().await.expect("body");
    let on_disk = std::fs::read(app.data_dir.path().join("backups").join(name)).expect("copy on disk");
    assert_eq!(bytes.as_ref(), on_disk.as_slice());
    let verified = klass::backup::verify(&app.data_dir.path().join("backups").join(name)).expect("verify");
    assert!(verified.problems.is_empty(), "{:?}", verified.problems);
    let checked = json(browser.get("/api/backups").await).await;
    assert_eq!(checked["data"][0]["status"], "verified");

    let activity = json(browser.get("/api/history?action=backup.created").await).await;
    assert!(activity.to_string().contains("Сделана резервная копия"), "{activity}");
}

#[tokio::test]
async fn only_copies_in_the_backup_directory_can_be_downloaded() {
    let app = spawn_app().await;
    let browser = manager(&app);
    for name in ["klass.redb", "..%2Fklass.redb", "klass-2026-01-01-030000.tar.gz"] {
        let answer = browser.get(&format!("/api/backups/{name}")).await;
        assert_eq!(answer.status(), 404, "{name}");
    }
}

#[tokio::test]
async fn a_copy_that_cannot_be_written_is_reported_to_the_managers_and_the_portal_keeps_serving() {
    let blocker = tempfile::NamedTempFile::new().expect("file");
    let not_a_dir = blocker.path().join("backups");
    let app = spawn_app_with(|config| config.backup.dir = not_a_dir.clone()).await;
    let browser = manager(&app);
    assert_eq!(browser.post("/api/backups", serde_json::json!({})).await.status(), 202);
    let view = settled(&browser).await;
    let failure = view["last_failure"]["message"].as_str().expect("failure");
    assert!(
        failure.contains("копия не сделана") || failure.contains("Копия не сделана"),
        "{failure}"
    );
    assert_eq!(view["data"], serde_json::json!([]));
    assert_eq!(browser.get("/api/user").await.status(), 200, "the portal keeps serving");

    let me = json(browser.get("/api/user").await).await;
    let id = me["id"].as_u64().or_else(|| me["data"]["id"].as_u64()).expect("id");
    // The copy counts as being made until the managers are told, so this is already there.
    let told = json(browser.get(&format!("/api/users/{id}/notifications")).await).await;
    assert!(told.to_string().contains("Резервная копия не сделана"), "{told}");
}
