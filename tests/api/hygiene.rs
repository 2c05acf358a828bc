//! Input hygiene: no control characters or bidi overrides get in, every refusal speaks Russian
//! without parser internals, someone else's records look missing, downloads run nothing, and
//! family links follow the roles.

mod downloads;
mod family;
mod log;
mod refusals;
mod text;

use crate::helpers::{Browser, TestApp, json, spawn_app};
use klass::domain::Role;
use reqwest::Response;
use serde_json::Value;

const BOUNDARY: &str = "klass-hygiene-boundary-7c2d";
pub const RLO: &str = "\u{202E}";

/// A school with a manager's browser, a student and a parent.
pub async fn school() -> (TestApp, Browser, u64, u64) {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let student = app.quick_user("kid@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("mum@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let boss = app.browser_as(manager, None);
    (app, boss, student, parent)
}

/// Uploads `bytes` as `name` with `content_type` into `user`'s cabinet, as a browser does
/// (the raw UTF-8 name in `filename`).
pub async fn upload(browser: &Browser, user: u64, name: &str, content_type: &str, bytes: &[u8]) -> Response {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n\
         Content-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    let token = browser.ensure_csrf().await;
    browser
        .client
        .post(format!("{}/api/users/{user}/files", browser.base))
        .header("X-XSRF-TOKEN", token)
        .header("Content-Type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body)
        .send()
        .await
        .expect("upload")
}

/// A CSV preview (`dry_run=1`); returns the status and the body.
pub async fn import_preview(browser: &Browser, csv: &str) -> (u16, Value) {
    let token = browser.ensure_csrf().await;
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("people.csv"),
        )
        .text("dry_run", "1");
    let response = browser
        .client
        .post(format!("{}/api/users/import/csv", browser.base))
        .header("X-XSRF-TOKEN", token)
        .multipart(form)
        .send()
        .await
        .expect("import");
    (response.status().as_u16(), json(response).await)
}

/// The messages of a 422 at `field`.
pub fn field_messages(body: &Value, field: &str) -> Vec<String> {
    body["errors"][field]
        .as_array()
        .map(|list| list.iter().filter_map(|m| m.as_str().map(str::to_owned)).collect())
        .unwrap_or_default()
}
