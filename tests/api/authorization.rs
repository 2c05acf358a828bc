//! Every API operation, called by every kind of caller, gets the status policy.rs decides.
//! An operation in the OpenAPI document without a row here fails the test.

use crate::helpers::{Browser, TestApp, spawn_app};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// The callers, in the order of the status columns.
const CALLERS: [&str; 6] = ["anonymous", "student", "parent", "worker", "manager", "impersonating"];

/// (operation id, method, path, body, statuses for CALLERS). In paths and bodies, `{self}` is
/// the student S, `{other}` another student O, `{parent}` S's parent, `{file}` a file in O's
/// cabinet, `{tag}` a tag of the caller's own, `{caller}` the caller's name.
type Row = (&'static str, Method, &'static str, &'static str, [u16; 6]);

fn rows() -> Vec<Row> {
    vec![
        ("health", Method::GET, "/api/health", "", [200, 200, 200, 200, 200, 200]),
        (
            "csrf_cookie",
            Method::GET,
            "/sanctum/csrf-cookie",
            "",
            [204, 204, 204, 204, 204, 204],
        ),
        (
            "login",
            Method::POST,
            "/login",
            r#"{"email":"x-{caller}@school.ru","password":"wrong-wrong"}"#,
            [401; 6],
        ),
        (
            "logout",
            Method::POST,
            "/api/logout",
            "{}",
            [401, 204, 204, 204, 204, 204],
        ),
        (
            "current_user",
            Method::GET,
            "/api/user",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "forgot_password",
            Method::POST,
            "/forgot-password",
            r#"{"email":"ghost-{caller}@school.ru"}"#,
            [200; 6],
        ),
        (
            "reset_password",
            Method::POST,
            "/reset-password",
            r#"{"token":"x","email":"a@b.ru","password":"12345678","password_confirmation":"12345678"}"#,
            [422; 6],
        ),
        (
            "change_password",
            Method::PUT,
            "/api/user/password",
            r#"{"current_password":"wrong"}"#,
            [401, 422, 422, 422, 422, 422],
        ),
        (
            "end_other_sessions",
            Method::POST,
            "/api/user/other-sessions/logout",
            r#"{"password":"wrong"}"#,
            [401, 422, 422, 422, 422, 422],
        ),
        (
            "send_verification",
            Method::POST,
            "/api/email/verification-notification",
            "{}",
            [401, 202, 202, 202, 202, 202],
        ),
        (
            "verify_email",
            Method::POST,
            "/api/email/verify",
            r#"{"token":"forged"}"#,
            [422; 6],
        ),
        (
            "mail_history",
            Method::GET,
            "/api/history/mail",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_list",
            Method::GET,
            "/api/users",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_show",
            Method::GET,
            "/api/users/{self}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_show",
            Method::GET,
            "/api/users/{other}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "users_create",
            Method::POST,
            "/api/users",
            r#"{"email":"new-{caller}@school.ru","last_name":"Новый","first_name":"Ян","roles":["student"]}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "users_update",
            Method::PUT,
            "/api/users/{other}",
            r#"{"email":"o@school.ru","last_name":"Другой","first_name":"Ученик"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_delete",
            Method::DELETE,
            "/api/users/{other}",
            "",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "users_restore",
            Method::POST,
            "/api/users/{other}/restore",
            "{}",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_change_password",
            Method::POST,
            "/api/users/{other}/change-password",
            r#"{"password":"новый-пароль","password_confirmation":"новый-пароль"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_resend_password",
            Method::POST,
            "/api/users/{other}/resend-password",
            "{}",
            [401, 403, 403, 403, 202, 403],
        ),
        (
            "users_update_roles",
            Method::POST,
            "/api/users/{other}/update-roles",
            r#"{"roles":["student"]}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_save_parents",
            Method::POST,
            "/api/users/{other}/parents/save",
            r#"{"parents":[{parent}]}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "users_save_children",
            Method::POST,
            "/api/users/{parent}/children/save",
            r#"{"children":[{self}]}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_attach_tags",
            Method::POST,
            "/api/users/{other}/tags/attach",
            r#"{"tags":[{tag}]}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_import_csv",
            Method::POST,
            "/api/users/import/csv",
            "{}",
            [401, 403, 403, 403, 422, 403],
        ),
        (
            "users_login_as",
            Method::POST,
            "/api/users/{other}/login",
            "{}",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "impersonation_leave",
            Method::POST,
            "/api/impersonation/leave",
            "{}",
            [401, 422, 422, 422, 422, 204],
        ),
        (
            "files_list",
            Method::GET,
            "/api/users/{other}/files",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            // JSON instead of a multipart form: 422 on the `file` field, after the rule.
            "files_upload",
            Method::POST,
            "/api/users/{other}/files",
            "{}",
            [401, 403, 403, 403, 422, 403],
        ),
        (
            "files_download",
            Method::GET,
            "/api/users/{other}/files/{file}",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "files_delete",
            Method::DELETE,
            "/api/users/{other}/files/{file}",
            "",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "tags_list",
            Method::GET,
            "/api/tags",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "tags_show",
            Method::GET,
            "/api/tags/{tag}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "tags_create",
            Method::POST,
            "/api/tags",
            r#"{"name":"Новый {caller}","color":"blue"}"#,
            [401, 403, 403, 201, 201, 403],
        ),
        (
            "tags_update",
            Method::PUT,
            "/api/tags/{tag}",
            r#"{"name":"Тег {caller}","color":"rose"}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "tags_delete",
            Method::DELETE,
            "/api/tags/{tag}",
            "",
            [401, 403, 403, 204, 204, 403],
        ),
    ]
}

/// The school of one row: S (student) with parent P, another student O, a worker, two managers.
struct School {
    /// Keeps the server running for the row.
    _app: TestApp,
    ids: [(&'static str, u64); 4],
    browsers: Vec<Browser>,
    tags: Vec<u64>,
}

async fn school() -> School {
    let app = spawn_app().await;
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let other = app.quick_user("o@school.ru", "Другой", "Олег", &[Role::Student]);
    let worker = app.quick_user("w@school.ru", "Учителева", "Вера", &[Role::Worker]);
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let second_manager = app.quick_user("m2@school.ru", "Завучева", "Зоя", &[Role::Manager]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, klass::domain::UserId(parent), klass::domain::UserId(student)).expect("link");
    let tags = CALLERS
        .iter()
        .map(|c| {
            klass::store::tags::insert(&txn, format!("Тег {c}"), "red".into())
                .expect("tag")
                .id
                .0
        })
        .collect();
    let mut file = klass::store::files::FileWriter::start(&txn).expect("file");
    file.push("договор".as_bytes()).expect("chunk");
    let file = file
        .finish(klass::store::files::NewFile {
            user_id: klass::domain::UserId(other),
            name: "Договор.txt".into(),
            content_type: "text/plain".into(),
            uploaded_at: jiff::Timestamp::now(),
            uploaded_by: klass::domain::UserId(manager),
        })
        .expect("file")
        .id;
    txn.commit().expect("commit");
    let browsers = vec![
        app.browser(),
        app.browser_as(student, None),
        app.browser_as(parent, None),
        app.browser_as(worker, None),
        app.browser_as(manager, None),
        app.browser_as(student, Some(second_manager)),
    ];
    School {
        _app: app,
        ids: [
            ("{self}", student),
            ("{other}", other),
            ("{parent}", parent),
            ("{file}", file),
        ],
        browsers,
        tags,
    }
}

fn fill(template: &str, school: &School, caller: usize) -> String {
    let mut text = template
        .replace("{tag}", &school.tags[caller].to_string())
        .replace("{caller}", CALLERS[caller]);
    for (name, id) in school.ids {
        text = text.replace(name, &id.to_string());
    }
    text
}

#[tokio::test]
async fn every_operation_with_every_caller() {
    let rows = rows();
    let documented: BTreeSet<String> = {
        let spec: Value = serde_json::from_str(&klass::api::openapi_json()).expect("spec");
        let paths = spec["paths"].as_object().expect("paths").values();
        paths
            .flat_map(|ops| {
                ops.as_object()
                    .expect("ops")
                    .values()
                    .map(|op| op["operationId"].as_str().expect("id").to_owned())
            })
            .collect()
    };
    let covered: BTreeSet<String> = rows.iter().map(|r| r.0.to_owned()).collect();
    let missing: Vec<_> = documented.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "operations without a row in the authorization table: {missing:?}"
    );

    let mut failures = Vec::new();
    for (operation, method, path, body, expected) in rows {
        let school = school().await;
        for (caller, browser) in school.browsers.iter().enumerate() {
            let path = fill(path, &school, caller);
            let response = if method == Method::GET {
                browser.get(&path).await
            } else {
                let body: Value = if body.is_empty() {
                    json!({})
                } else {
                    serde_json::from_str(&fill(body, &school, caller)).expect("body")
                };
                browser.send(method.clone(), &path, body).await
            };
            let status = response.status().as_u16();
            if status != expected[caller] {
                let text = response.text().await.unwrap_or_default();
                failures.push(format!(
                    "{operation} {path} as {}: {status}, expected {} ({text})",
                    CALLERS[caller], expected[caller]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
