//! The health check, the API description, and the JSON shape of unknown paths.

use crate::helpers::spawn_app;
use serde_json::Value;

#[tokio::test]
async fn health_reports_status_version_and_build() {
    let app = spawn_app().await;
    let response = reqwest::Client::new()
        .get(app.url("/api/health?t=1700000000000"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 200);
    assert!(response.headers().contains_key("x-request-id"));
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    assert!(body["build"].as_str().is_some_and(|b| !b.is_empty()));
}

#[tokio::test]
async fn a_given_request_id_is_echoed() {
    let app = spawn_app().await;
    let response = reqwest::Client::new()
        .get(app.url("/api/health"))
        .header("x-request-id", "abc-123")
        .send()
        .await
        .expect("request");
    assert_eq!(response.headers()["x-request-id"], "abc-123");
}

#[tokio::test]
async fn unknown_api_paths_are_json_404s() {
    let app = spawn_app().await;
    for path in ["/api/nope", "/api/users/1/nothing", "/api/"] {
        let response = reqwest::Client::new().get(app.url(path)).send().await.expect("request");
        assert_eq!(response.status(), 404, "{path}");
        let body: Value = response.json().await.expect("json body");
        assert_eq!(body["message"], "Не найдено", "{path}");
    }
}

#[tokio::test]
async fn a_wrong_method_is_a_json_405() {
    let app = spawn_app().await;
    let response = app
        .browser()
        .send(reqwest::Method::DELETE, "/api/health", serde_json::json!({}))
        .await;
    assert_eq!(response.status(), 405);
    let body: Value = response.json().await.expect("json body");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("метод")));
}

#[tokio::test]
async fn the_openapi_document_and_its_docs_are_served() {
    let app = spawn_app().await;
    let spec: Value = reqwest::Client::new()
        .get(app.url("/api/openapi.json"))
        .send()
        .await
        .expect("spec")
        .json()
        .await
        .expect("json");
    assert!(spec["paths"]["/api/health"]["get"]["operationId"] == "health");
    assert_eq!(
        spec,
        serde_json::from_str::<Value>(&klass::api::openapi_json()).expect("cli spec")
    );
    let docs = reqwest::Client::new()
        .get(app.url("/api/docs"))
        .send()
        .await
        .expect("docs");
    assert_eq!(docs.status(), 200);
    assert!(docs.text().await.expect("html").contains("swagger"));
}
