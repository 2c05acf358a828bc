//! Users' file cabinets: a file comes back byte for byte with its Cyrillic name, the size limit
//! answers 413 in Russian, and only managers reach any of it.

use crate::helpers::{Browser, TestApp, json, spawn_app, spawn_app_with};
use klass::domain::Role;
use reqwest::Response;
use sha2::{Digest, Sha256};

const MIB: usize = 1024 * 1024;
const NAME: &str = "Договор №5 — Иванов.pdf";
const BOUNDARY: &str = "klass-test-boundary-5b1f0e";

/// A school with a manager's browser, a worker's browser and two students.
struct Cabinet {
    app: TestApp,
    manager: Browser,
    worker: Browser,
    student: u64,
    other: u64,
}

async fn cabinet(app: TestApp) -> Cabinet {
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let worker = app.quick_user("w@school.ru", "Учителева", "Вера", &[Role::Worker]);
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let other = app.quick_user("o@school.ru", "Другой", "Олег", &[Role::Student]);
    Cabinet {
        manager: app.browser_as(manager, None),
        worker: app.browser_as(worker, None),
        app,
        student,
        other,
    }
}

/// A form as a browser sends it: the file's raw UTF-8 name in `filename`.
fn form(field: &str, name: &str, content_type: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\n\
         Content-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn post_form(browser: &Browser, user: u64, body: Vec<u8>) -> Response {
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

/// Uploads `bytes` as `name` into `user`'s cabinet, as the UI does.
pub async fn upload(browser: &Browser, user: u64, name: &str, bytes: &[u8]) -> Response {
    upload_typed(browser, user, name, "application/pdf", bytes).await
}

/// The same, with the content type the browser would name.
pub async fn upload_typed(browser: &Browser, user: u64, name: &str, content_type: &str, bytes: &[u8]) -> Response {
    post_form(browser, user, form("file", name, content_type, bytes)).await
}

fn random_bytes(len: usize) -> Vec<u8> {
    let mut bytes = vec![0; len];
    rand::fill(&mut bytes[..]);
    bytes
}

fn sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The name in `filename*=UTF-8''…` of a Content-Disposition, decoded.
fn extended_file_name(disposition: &str) -> String {
    let encoded = disposition
        .split("filename*=UTF-8''")
        .nth(1)
        .expect("filename*")
        .split(';')
        .next()
        .unwrap_or_default();
    let mut bytes = Vec::new();
    let mut rest = encoded.as_bytes();
    while let Some((&byte, tail)) = rest.split_first() {
        if byte == b'%' {
            let hex = std::str::from_utf8(&tail[..2]).expect("hex");
            bytes.push(u8::from_str_radix(hex, 16).expect("hex"));
            rest = &tail[2..];
        } else {
            bytes.push(byte);
            rest = tail;
        }
    }
    String::from_utf8(bytes).expect("utf-8")
}

async fn delete(browser: &Browser, path: &str) -> Response {
    browser.send(reqwest::Method::DELETE, path, serde_json::json!({})).await
}

#[tokio::test]
async fn a_file_comes_back_byte_identical_with_its_cyrillic_name() {
    let c = cabinet(spawn_app().await).await;
    let bytes = random_bytes(MIB);
    let response = upload(&c.manager, c.student, &format!("C:\\fakepath\\{NAME}"), &bytes).await;
    assert_eq!(response.status(), 201);
    let stored = json(response).await["data"].clone();
    assert_eq!(stored["name"], NAME);
    assert_eq!(stored["size"], MIB);
    assert_eq!(stored["content_type"], "application/pdf");
    assert_eq!(stored["sha256"], sha256(&bytes));

    let list = json(c.manager.get(&format!("/api/users/{}/files", c.student)).await).await;
    assert_eq!(list["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(list["data"][0]["name"], NAME);

    let path = format!("/api/users/{}/files/{}", c.student, stored["id"]);
    let response = c.manager.get(&path).await;
    assert_eq!(response.status(), 200);
    let header = |name: &str| response.headers()[name].to_str().expect("ascii header").to_owned();
    assert_eq!(header("content-type"), "application/pdf");
    assert_eq!(header("content-length"), MIB.to_string());
    let disposition = header("content-disposition");
    assert!(disposition.starts_with("attachment; filename=\""), "{disposition}");
    assert_eq!(extended_file_name(&disposition), NAME);
    let downloaded = response.bytes().await.expect("body");
    assert_eq!(sha256(&downloaded), sha256(&bytes));
}

#[tokio::test]
async fn a_file_over_the_limit_is_413_in_russian() {
    let c = cabinet(spawn_app_with(|config| config.files.max_upload_mb = 1).await).await;
    for size in [MIB + 1, 3 * MIB] {
        let response = upload(&c.manager, c.student, "big.bin", &random_bytes(size)).await;
        assert_eq!(response.status(), 413, "{size} bytes");
        assert_eq!(json(response).await["message"], "Файл больше 1 МиБ");
    }
    let response = upload(&c.manager, c.student, "exact.bin", &random_bytes(MIB)).await;
    assert_eq!(response.status(), 201, "exactly the limit is fine");
    let list = json(c.manager.get(&format!("/api/users/{}/files", c.student)).await).await;
    assert_eq!(
        list["data"].as_array().map(Vec::len),
        Some(1),
        "nothing kept of refused files"
    );
}

#[tokio::test]
async fn uploads_have_their_own_limit_and_other_routes_keep_10_mib() {
    let c = cabinet(spawn_app().await).await;
    let eleven = random_bytes(11 * MIB);
    let response = upload(&c.manager, c.student, "scan.pdf", &eleven).await;
    assert_eq!(response.status(), 201);
    let token = c.manager.ensure_csrf().await;
    let response = c
        .manager
        .client
        .post(format!("{}/api/users", c.manager.base))
        .header("X-XSRF-TOKEN", token)
        .header("Content-Type", "application/json")
        .body(eleven)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 413);
    assert_eq!(
        json(response).await["message"],
        "Слишком большой запрос: не более 10 МиБ"
    );
}

#[tokio::test]
async fn an_empty_file_or_no_file_field_is_422_on_the_field() {
    let c = cabinet(spawn_app().await).await;
    let empty = upload(&c.manager, c.student, "пусто.txt", b"").await;
    assert_eq!(empty.status(), 422);
    assert_eq!(json(empty).await["errors"]["file"][0], "Файл пустой");
    let missing = post_form(
        &c.manager,
        c.student,
        form("document", "a.pdf", "application/pdf", b"x"),
    )
    .await;
    assert_eq!(missing.status(), 422);
    assert_eq!(json(missing).await["errors"]["file"][0], "Выберите файл");
}

#[tokio::test]
async fn only_managers_reach_a_cabinet() {
    let c = cabinet(spawn_app().await).await;
    let response = upload(&c.manager, c.student, "a.txt", b"abc").await;
    let id = json(response).await["data"]["id"].clone();
    let list = format!("/api/users/{}/files", c.student);
    let one = format!("{list}/{id}");
    assert_eq!(c.worker.get(&list).await.status(), 403);
    assert_eq!(c.worker.get(&one).await.status(), 403);
    assert_eq!(upload(&c.worker, c.student, "b.txt", b"abc").await.status(), 403);
    assert_eq!(delete(&c.worker, &one).await.status(), 403);
    assert_eq!(c.app.browser().get(&one).await.status(), 401);
    assert_eq!(c.manager.get(&one).await.status(), 200, "still there");
}

#[tokio::test]
async fn a_file_is_found_only_under_its_own_user_and_is_gone_after_delete() {
    let c = cabinet(spawn_app().await).await;
    let response = upload(&c.manager, c.student, "a.txt", b"abc").await;
    let id = json(response).await["data"]["id"].clone();
    let own = format!("/api/users/{}/files/{id}", c.student);
    let foreign = format!("/api/users/{}/files/{id}", c.other);
    assert_eq!(c.manager.get(&foreign).await.status(), 404);
    assert_eq!(delete(&c.manager, &foreign).await.status(), 404);
    assert_eq!(c.manager.get("/api/users/999999/files").await.status(), 404);
    assert_eq!(upload(&c.manager, 999_999, "a.txt", b"abc").await.status(), 404);

    assert_eq!(delete(&c.manager, &own).await.status(), 204);
    let gone = c.manager.get(&own).await;
    assert_eq!(gone.status(), 404);
    assert_eq!(json(gone).await["message"], "Файл не найден");
    assert_eq!(delete(&c.manager, &own).await.status(), 404);
    let list = json(c.manager.get(&format!("/api/users/{}/files", c.student)).await).await;
    assert_eq!(list["data"], serde_json::json!([]));
}
