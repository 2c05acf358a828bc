//! Input hygiene: no control characters or bidi overrides get in, every refusal speaks Russian
//! without parser internals, someone else's records look missing, downloads run nothing, and
//! family links follow the roles.

use crate::helpers::{Browser, TestApp, json, spawn_app};
use klass::domain::Role;
use reqwest::{Method, Response};
use serde_json::{Value, json};

const BOUNDARY: &str = "klass-hygiene-boundary-7c2d";
const RLO: &str = "\u{202E}";

/// A school with a manager's browser, a student and a parent.
async fn school() -> (TestApp, Browser, u64, u64) {
    let app = spawn_app().await;
    let manager = app.quick_user("boss@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let student = app.quick_user("kid@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("mum@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let boss = app.browser_as(manager, None);
    (app, boss, student, parent)
}

/// Uploads `bytes` as `name` with `content_type` into `user`'s cabinet, as a browser does
/// (the raw UTF-8 name in `filename`).
async fn upload(browser: &Browser, user: u64, name: &str, content_type: &str, bytes: &[u8]) -> Response {
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
async fn import_preview(browser: &Browser, csv: &str) -> (u16, Value) {
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
fn field_messages(body: &Value, field: &str) -> Vec<String> {
    body["errors"][field]
        .as_array()
        .map(|list| list.iter().filter_map(|m| m.as_str().map(str::to_owned)).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn names_e_mails_phones_and_notes_refuse_control_characters_and_bidi_overrides() {
    let (_app, boss, student, _) = school().await;
    let created = boss
        .post(
            "/api/users",
            json!({
                "email": "new\u{7f}@school.ru",
                "last_name": format!("Иванов{RLO}"),
                "first_name": "Ив\u{85}ан",
                "middle_name": "Петро\u{2066}вич",
                "phone": format!("+7 912 345{RLO}67 89"),
                "notes": "звонок\u{1b}[31m",
                "roles": ["student"],
            }),
        )
        .await;
    assert_eq!(created.status(), 422);
    let body = json(created).await;
    let control = "Содержит недопустимые управляющие символы";
    let bidi = "Содержит недопустимые символы смены направления текста";
    for (field, message) in [
        ("email", control),
        ("last_name", bidi),
        ("first_name", control),
        ("middle_name", bidi),
        ("phone", bidi),
        ("notes", control),
    ] {
        assert_eq!(field_messages(&body, field), vec![message], "{field}: {body}");
    }

    let path = format!("/api/users/{student}");
    let edited = boss
        .send(
            Method::PUT,
            &path,
            json!({"email": "kid@school.ru", "last_name": "Ученикова", "first_name": format!("Си{RLO}ма")}),
        )
        .await;
    assert_eq!(edited.status(), 422);
    assert_eq!(field_messages(&json(edited).await, "first_name"), vec![bidi]);

    let notes = "Первая строка\nвторая\tс табуляцией";
    let saved = boss
        .send(
            Method::PUT,
            &path,
            json!({"email": "kid@school.ru", "last_name": "Ученикова", "first_name": "Сима", "notes": notes}),
        )
        .await;
    assert_eq!(saved.status(), 200, "notes keep line breaks and tabs");
    assert_eq!(json(boss.get(&path).await).await["data"]["notes"], notes);
}

#[tokio::test]
async fn tags_file_names_and_imported_cells_refuse_them_too() {
    let (_app, boss, student, _) = school().await;
    let tag = boss
        .post("/api/tags", json!({"name": format!("Отличник{RLO}"), "color": "red"}))
        .await;
    assert_eq!(tag.status(), 422);
    assert_eq!(
        field_messages(&json(tag).await, "name"),
        vec!["Содержит недопустимые символы смены направления текста"]
    );

    for name in [format!("счёт{RLO}fdp.exe"), "отчёт\u{85}.txt".to_owned()] {
        let refused = upload(&boss, student, &name, "text/plain", b"contents").await;
        assert_eq!(refused.status(), 422, "{name:?}");
        let messages = field_messages(&json(refused).await, "file");
        assert!(
            messages[0].starts_with("Имя файла: Содержит недопустимые"),
            "{messages:?}"
        );
    }
    let files = json(boss.get(&format!("/api/users/{student}/files")).await).await;
    assert_eq!(files["data"], json!([]), "nothing stored");

    let csv = format!(
        "Фамилия;Имя;Email;Роль;Теги\n\
         Петров{RLO};Пётр;petr@school.ru;ученик;\n\
         Сидоров;Сидор;sidor@school.ru;ученик;Хор{RLO}\n"
    );
    let (status, preview) = import_preview(&boss, &csv).await;
    assert_eq!(status, 200, "{preview}");
    let errors = preview["data"]["errors"].as_array().cloned().unwrap_or_default();
    let found: Vec<(u64, &str)> = errors
        .iter()
        .map(|e| (e["row"].as_u64().unwrap_or(0), e["column"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(found, vec![(2, "Фамилия"), (3, "Теги")], "{preview}");
}

/// Sends `body` (raw text, `None`: no body) and returns the status and the JSON answer.
async fn raw(browser: &Browser, method: Method, path: &str, body: Option<&str>) -> (u16, Value) {
    let token = browser.ensure_csrf().await;
    let mut request = browser
        .client
        .request(method, format!("{}{path}", browser.base))
        .header("X-XSRF-TOKEN", token);
    if let Some(body) = body {
        request = request.header("Content-Type", "application/json").body(body.to_owned());
    }
    let response = request.send().await.expect("request");
    (response.status().as_u16(), json(response).await)
}

/// English words and parser vocabulary that must never reach a person.
fn speaks_parser(message: &str) -> bool {
    let lower = message.to_lowercase();
    [
        "param",
        "parse",
        "expected",
        "found",
        "integer",
        "uint",
        "string",
        "json payload",
        "invalid",
        "failed",
        "line ",
        "column",
    ]
    .iter()
    .any(|word| lower.contains(word))
        || message.contains("Body")
}

#[tokio::test]
async fn every_refusal_of_a_malformed_request_is_russian_without_parser_internals() {
    let (_app, boss, student, _) = school().await;
    let post = Method::POST;
    let cases: Vec<(Method, String, Option<&str>, u16)> = vec![
        // Malformed ids in the address: no such record.
        (Method::GET, "/api/users/abc".into(), None, 404),
        (Method::GET, "/api/users/-1".into(), None, 404),
        (Method::GET, "/api/users/18446744073709551616".into(), None, 404),
        (Method::DELETE, "/api/users/1.5".into(), None, 404),
        (Method::GET, format!("/api/users/{student}/files/xyz"), None, 404),
        (post.clone(), "/api/notifications/abc/read".into(), Some("{}"), 404),
        (
            post.clone(),
            "/api/users/abc/update-roles".into(),
            Some(r#"{"roles":["student"]}"#),
            404,
        ),
        // Query values of the wrong form: 422 on the parameter.
        (Method::GET, "/api/users?page=abc".into(), None, 422),
        (Method::GET, "/api/users?tags[]=x".into(), None, 422),
        (Method::GET, "/api/history?user_id=-3".into(), None, 422),
        // A body that is not JSON: 400.
        (post.clone(), "/api/users".into(), Some("{"), 400),
        (post.clone(), "/login".into(), Some("{\"email\": "), 400),
        (post.clone(), "/api/tags".into(), Some("name=x"), 400),
        // JSON of the wrong shape: 422.
        (post.clone(), "/api/users".into(), Some("[1,2]"), 422),
        (post.clone(), "/api/users".into(), Some(""), 422),
        (post.clone(), "/api/tags".into(), Some(r#"{"name":["x"]}"#), 422),
        (post.clone(), "/login".into(), Some(r#""text""#), 422),
        (
            post.clone(),
            "/login".into(),
            Some(r#"{"email":"a@b.ru","password":"x","remember":"yes"}"#),
            422,
        ),
        (
            Method::PUT,
            "/api/user/notification-settings".into(),
            Some(r#"{"mail":"x"}"#),
            422,
        ),
        (Method::PUT, "/api/user/notification-settings".into(), Some("{}"), 422),
        (
            post.clone(),
            format!("/api/users/{student}/parents/save"),
            Some(r#"{"parents":["a"]}"#),
            422,
        ),
        (
            post.clone(),
            format!("/api/users/{student}/parents/save"),
            Some(r#"{"parents":[-1]}"#),
            422,
        ),
        (
            post,
            format!("/api/users/{student}/update-roles"),
            Some(r#"{"roles":null}"#),
            422,
        ),
    ];
    let mut wrong = Vec::new();
    for (method, path, body, expected) in cases {
        let (status, answer) = raw(&boss, method.clone(), &path, body).await;
        let message = answer["message"].as_str().unwrap_or_default();
        let cyrillic = message
            .chars()
            .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)));
        if status != expected || !cyrillic || speaks_parser(&answer.to_string()) {
            wrong.push(format!("{method} {path} {body:?}: {status} {answer}"));
        }
    }
    assert!(wrong.is_empty(), "answers not as expected:\n{}", wrong.join("\n"));
}

#[tokio::test]
async fn someone_elses_notification_answers_like_a_missing_one() {
    let (app, boss, student, parent) = school().await;
    // The student gets a notification: a file added to his card.
    assert_eq!(
        upload(&boss, student, "Справка.pdf", "application/pdf", b"%PDF")
            .await
            .status(),
        201
    );
    let kid = app.browser_as(student, None);
    let inbox = json(kid.get(&format!("/api/users/{student}/notifications")).await).await;
    let id = inbox["data"][0]["id"].as_u64().expect("a notification");

    let mum = app.browser_as(parent, None);
    let (theirs, theirs_body) = raw(&mum, Method::POST, &format!("/api/notifications/{id}/read"), Some("{}")).await;
    let (missing, missing_body) = raw(&mum, Method::POST, "/api/notifications/999999/read", Some("{}")).await;
    assert_eq!((theirs, missing), (404, 404));
    assert_eq!(theirs_body, missing_body, "the same answer");
    let unread = json(kid.get(&format!("/api/users/{student}/notifications")).await).await;
    assert!(unread["data"][0]["read_at"].is_null(), "still unread");
    let (own, _) = raw(&kid, Method::POST, &format!("/api/notifications/{id}/read"), Some("{}")).await;
    assert_eq!(own, 200);
}

#[tokio::test]
async fn downloads_are_sandboxed_and_types_a_browser_would_run_come_as_bytes() {
    let (_app, boss, student, _) = school().await;
    let html = b"<html><script>alert(document.cookie)</script></html>".as_slice();
    let cases: [(&str, &str, &[u8], &str); 7] = [
        ("страница.html", "text/html", html, "application/octet-stream"),
        (
            "картинка.svg",
            "image/svg+xml",
            b"<svg onload='alert(1)'/>",
            "application/octet-stream",
        ),
        ("данные.xml", "application/xml", b"<a/>", "application/octet-stream"),
        (
            "страница.xhtml",
            "application/xhtml+xml",
            html,
            "application/octet-stream",
        ),
        ("код.js", "text/javascript", b"alert(1)", "application/octet-stream"),
        (
            "без типа.htm",
            "application/octet-stream",
            html,
            "application/octet-stream",
        ),
        ("Договор.pdf", "application/pdf", b"%PDF-1.4", "application/pdf"),
    ];
    for (name, sent, bytes, served) in cases {
        let uploaded = upload(&boss, student, name, sent, bytes).await;
        assert_eq!(uploaded.status(), 201, "{name}");
        let id = json(uploaded).await["data"]["id"].as_u64().expect("id");
        let download = boss.get(&format!("/api/users/{student}/files/{id}")).await;
        assert_eq!(download.status(), 200);
        let header = |h: &str| {
            download
                .headers()
                .get(h)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let policy = header("content-security-policy");
        assert!(policy.split(';').any(|d| d.trim() == "sandbox"), "{name}: {policy}");
        assert_eq!(header("content-type"), served, "{name}");
        assert!(header("content-disposition").starts_with("attachment;"), "{name}");
        assert_eq!(download.bytes().await.expect("bytes").as_ref(), bytes, "{name}");
    }
}

#[tokio::test]
async fn only_a_parent_is_linked_as_a_parent_and_staff_are_nobodys_child() {
    let (app, boss, student, parent) = school().await;
    let other_student = app.quick_user("other@school.ru", "Другой", "Олег", &[Role::Student]);
    let teacher = app.quick_user("teacher@school.ru", "Учителева", "Вера", &[Role::Worker]);

    let not_a_parent = boss
        .post(
            &format!("/api/users/{student}/parents/save"),
            json!({"parents": [other_student]}),
        )
        .await;
    assert_eq!(not_a_parent.status(), 422);
    let messages = field_messages(&json(not_a_parent).await, "parents");
    assert!(
        messages[0].contains("только пользователя с ролью «Родитель»"),
        "{messages:?}"
    );

    let staff_child = boss
        .post(
            &format!("/api/users/{parent}/children/save"),
            json!({"children": [student, teacher]}),
        )
        .await;
    assert_eq!(staff_child.status(), 422);
    let messages = field_messages(&json(staff_child).await, "children");
    assert!(messages[0].contains("нельзя сделать чьим-то ребёнком"), "{messages:?}");
    let card = json(boss.get(&format!("/api/users/{parent}")).await).await;
    assert_eq!(card["data"]["children_ids"], json!([]), "nothing saved: {card}");

    let staff_parents = boss
        .post(
            &format!("/api/users/{teacher}/parents/save"),
            json!({"parents": [parent]}),
        )
        .await;
    assert_eq!(staff_parents.status(), 422, "a worker gets no parents either");

    let linked = boss
        .post(
            &format!("/api/users/{parent}/children/save"),
            json!({"children": [student]}),
        )
        .await;
    assert_eq!(json(linked).await["data"]["children_ids"], json!([student]));

    // Roles change within the same rule while the links stand.
    for (who, roles, message) in [
        (parent, json!(["student"]), "роль «Родитель» снять нельзя"),
        (
            student,
            json!(["student", "worker"]),
            "сотрудником или менеджером его сделать нельзя",
        ),
    ] {
        let changed = boss
            .post(&format!("/api/users/{who}/update-roles"), json!({"roles": roles}))
            .await;
        assert_eq!(changed.status(), 422);
        let messages = field_messages(&json(changed).await, "roles");
        assert!(messages[0].contains(message), "{messages:?}");
    }

    // The import makes links by the same rule.
    let csv = "Фамилия;Имя;Email;Роль;Email родителя\n\
               Новикова;Нина;nina@school.ru;ученик;other@school.ru\n\
               Учителев;Иван;ivan@school.ru;учитель;mum@school.ru\n";
    let (status, preview) = import_preview(&boss, csv).await;
    assert_eq!(status, 200, "{preview}");
    let errors = preview["data"]["errors"].as_array().cloned().unwrap_or_default();
    let found: Vec<(u64, &str)> = errors
        .iter()
        .map(|e| (e["row"].as_u64().unwrap_or(0), e["column"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(found, vec![(2, "Email родителя"), (3, "Email родителя")], "{preview}");
}

thread_local! {
    /// Where the log lines of this thread go, while a test listens.
    static LISTENING: std::cell::RefCell<Option<Vec<u8>>> = const { std::cell::RefCell::new(None) };
}

/// The server's log as it is formatted for the console: each thread's lines go to that
/// thread's buffer while a test listens, and nowhere otherwise.
struct ThreadLog;

impl std::io::Write for ThreadLog {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        LISTENING.with(|log| {
            if let Some(lines) = log.borrow_mut().as_mut() {
                lines.extend_from_slice(buf);
            }
        });
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Starts listening to this thread's log. One global subscriber serves every test: a scoped
/// one can miss events whose interest another test's thread cached at the same moment.
fn listen_to_log() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .with_writer(|| ThreadLog)
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("the only global subscriber");
    });
    tracing::callsite::rebuild_interest_cache();
    LISTENING.with(|log| *log.borrow_mut() = Some(Vec::new()));
}

/// What this thread logged since `listen_to_log`.
fn logged() -> String {
    let lines = LISTENING.with(|log| log.borrow_mut().take()).unwrap_or_default();
    String::from_utf8(lines).expect("utf-8 log")
}

/// Sends `request` as raw bytes (no client escapes anything) and reads the whole answer.
async fn send_raw(app: &TestApp, request: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("read");
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn nothing_a_client_sends_reaches_the_log_unescaped() {
    // This test's runtime has one thread: the server's tasks log on it.
    listen_to_log();
    let (app, boss, student, _) = school().await;
    let xsrf = boss.ensure_csrf().await;
    let session = boss.cookie("klass_session").expect("session");

    let answer = send_raw(
        &app,
        &format!(
            "GET /api/users/{RLO}exe.txt\u{85} HTTP/1.1\r\nHost: school\r\nUser-Agent: evil{RLO}agent\r\n\
             Connection: close\r\n\r\n"
        ),
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 40"), "{answer}");
    let changed = send_raw(
        &app,
        &format!(
            "POST /api/users/{student}/restore/{RLO}x HTTP/1.1\r\nHost: school\r\n\
             Cookie: klass_session={session}; XSRF-TOKEN={xsrf}\r\nX-XSRF-TOKEN: {xsrf}\r\n\
             Content-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    )
    .await;
    assert!(changed.starts_with("HTTP/1.1 40"), "{changed}");
    let refused = boss
        .post(
            "/login",
            json!({"email": format!("ghost{RLO}@school.ru"), "password": "wrong-wrong"}),
        )
        .await;
    assert_eq!(refused.status(), 422);
    let unknown = boss
        .post("/login", json!({"email": "ghost@school.ru", "password": "wrong-wrong"}))
        .await;
    assert_eq!(unknown.status(), 401);

    let text = logged();
    assert!(
        text.contains("\\u{202e}exe.txt\\u{85}"),
        "the path is in the log, escaped:\n{text}"
    );
    assert!(
        text.contains("ghost@school.ru"),
        "the refused sign-in is logged:\n{text}"
    );
    let raw: Vec<char> = text
        .chars()
        .filter(|c| (c.is_control() && *c != '\n') || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect();
    assert!(raw.is_empty(), "unescaped {raw:?} in the log:\n{text}");
}
