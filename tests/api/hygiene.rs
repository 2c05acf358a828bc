//! Input hygiene: no control characters or bidi overrides get in, every refusal speaks Russian
//! without parser internals, someone else's records look missing, downloads run nothing, and
//! family links follow the roles.

mod downloads;
mod family;
mod log;
mod refusals;
mod text;

use crate::helpers::{Browser, TestApp, spawn_app};
use klass::domain::Role;
use reqwest::Response;
use serde_json::Value;

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

/// Uploads `bytes` as `name` with `content_type` into `user`'s cabinet, as a browser does.
pub async fn upload(browser: &Browser, user: u64, name: &str, content_type: &str, bytes: &[u8]) -> Response {
    crate::files::upload_typed(browser, user, name, content_type, bytes).await
}

/// A CSV preview (`dry_run=1`); returns the status and the body.
pub async fn import_preview(browser: &Browser, csv: &str) -> (u16, Value) {
    crate::import::upload(browser, csv.as_bytes().to_vec(), true, false).await
}

/// The messages of a 422 at `field`.
pub fn field_messages(body: &Value, field: &str) -> Vec<String> {
    body["errors"][field]
        .as_array()
        .map(|list| list.iter().filter_map(|m| m.as_str().map(str::to_owned)).collect())
        .unwrap_or_default()
}
