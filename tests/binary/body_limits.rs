//! The size limit holds for every body: one without a Content-Length (HTTP/2 without TLS, or
//! chunked) is counted as it arrives and refused with 413 past the limit.

mod h2c;

use crate::http::{Answer, csrf_token, request};
use crate::process::{Server, run, text};
use crate::sign_ins::SignIn;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::Duration;

const MIB: usize = 1024 * 1024;
/// The answer to a body over the 1 MiB limit.
const REFUSED: &str = "Слишком большой запрос: не более 1 МиБ";
/// A sign-in the server must read whole to answer: no such person, so 401.
const SIGN_IN: &str = r#"{"email":"ghost@school.ru","password":"wrong-password"}"#;

/// `klass serve` with 1 MiB for any body and for an uploaded file; its address.
fn small_limits(dir: &Path) -> (Server, String) {
    let env = [
        ("KLASS_SERVER__BODY_LIMIT_MB", "1"),
        ("KLASS_FILES__MAX_UPLOAD_MB", "1"),
    ];
    let server = Server::start_with_env(dir, &[], &env);
    let addr = server.base.trim_start_matches("http://").to_owned();
    (server, addr)
}

/// The headers of an anonymous JSON request that passes the CSRF check.
fn anonymous_json(addr: &str) -> Vec<(String, String)> {
    let token = csrf_token(addr);
    vec![
        ("Content-Type".into(), "application/json".into()),
        ("Cookie".into(), format!("XSRF-TOKEN={token}")),
        ("X-XSRF-TOKEN".into(), token),
    ]
}

/// Sends `body` over HTTP/1.1 in 64 KiB chunks (no Content-Length) from another thread and reads
/// the answer, which may come, and the connection close, before the whole body is sent.
fn chunked(addr: &str, path: &str, headers: &[(String, String)], body: Vec<u8>) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("timeout");
    let mut head =
        format!("POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut writer = stream.try_clone().expect("clone");
    let sender = std::thread::spawn(move || -> std::io::Result<()> {
        writer.write_all(head.as_bytes())?;
        for piece in body.chunks(64 * 1024) {
            write!(writer, "{:x}\r\n", piece.len())?;
            writer.write_all(piece)?;
            writer.write_all(b"\r\n")?;
        }
        writer.write_all(b"0\r\n\r\n")
    });
    let mut raw = Vec::new();
    // A refused body is left unread, so the connection may end in a reset after the answer.
    let _ = stream.read_to_end(&mut raw);
    let _ = sender.join();
    let raw = String::from_utf8_lossy(&raw);
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    Answer {
        status: head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0),
        head: head.to_owned(),
        body: body.to_owned(),
    }
}

/// The `message` of a JSON error answer.
fn message(body: &str) -> String {
    let value: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("a JSON answer: {body}"));
    value["message"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn a_chunked_sign_in_over_the_limit_is_413_and_a_small_one_is_read() {
    let dir = tempfile::tempdir().expect("dir");
    let (_server, addr) = small_limits(dir.path());
    let headers = anonymous_json(&addr);

    let refused = chunked(&addr, "/login", &headers, vec![b' '; 2 * MIB]);
    assert_eq!(refused.status, 413, "{}", refused.head);
    assert_eq!(message(&refused.body), REFUSED);

    let read = chunked(&addr, "/login", &headers, SIGN_IN.into());
    assert_eq!(read.status, 401, "the body was read whole: {}", read.body);
}

#[test]
fn an_http2_sign_in_without_a_length_over_the_limit_is_413_and_a_small_one_is_read() {
    let dir = tempfile::tempdir().expect("dir");
    let (_server, addr) = small_limits(dir.path());
    let headers = anonymous_json(&addr);

    let endless = vec![b' '; 64 * MIB];
    let refused = h2c::post(&addr, "/login", &headers, &endless);
    assert_eq!(refused.status, 413, "{refused:?}");
    assert_eq!(message(&refused.body), REFUSED);
    assert!(
        refused.sent < 8 * MIB,
        "the server stopped reading early: {} bytes",
        refused.sent
    );

    let read = h2c::post(&addr, "/login", &headers, SIGN_IN.as_bytes());
    assert_eq!(read.status, 401, "the body was read whole: {read:?}");
}

/// A `multipart/form-data` body of `(name, file name, contents)` parts, and its content type.
fn form(parts: &[(&str, Option<&str>, &[u8])]) -> (Vec<u8>, String) {
    let boundary = "klass-test-boundary";
    let mut body = Vec::new();
    for (name, file_name, contents) in parts {
        let file_name = file_name.map(|f| format!("; filename=\"{f}\"")).unwrap_or_default();
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"{file_name}\r\n\r\n").bytes(),
        );
        body.extend_from_slice(contents);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{boundary}--\r\n").bytes());
    (body, format!("multipart/form-data; boundary={boundary}"))
}

#[test]
fn chunked_forms_over_the_limit_are_413_and_a_small_one_is_read() {
    let dir = tempfile::tempdir().expect("dir");
    let args = [
        "user",
        "create",
        "--email",
        "boss@school.ru",
        "--role",
        "manager",
        "--last-name",
        "Петрова",
        "--first-name",
        "Анна",
        "--password-stdin",
    ];
    let created = run(dir.path(), &args, "пароль-директора\n");
    assert!(created.status.success(), "{}", text(&created.stderr));
    let (_server, addr) = small_limits(dir.path());
    let signed_in = SignIn::new(&addr, "boss@school.ru", "пароль-директора")
        .send()
        .expect("sign in");
    assert_eq!(signed_in.status, 204, "{}", signed_in.body);
    let session = signed_in.cookie("klass_session").expect("session");
    let token = signed_in.cookie("XSRF-TOKEN").expect("token");
    let cookie = format!("klass_session={session}; XSRF-TOKEN={token}");
    let me = request(&addr, "GET", "/api/user", &[("Cookie", cookie.as_str())], "").expect("me");
    let me: Value = serde_json::from_str(&me.body).expect("json");
    let id = me["data"]["id"].as_u64().expect("id");
    let send = |path: &str, parts: &[(&str, Option<&str>, &[u8])]| {
        let (body, content_type) = form(parts);
        let headers = [
            ("Content-Type".into(), content_type),
            ("Cookie".into(), cookie.clone()),
            ("X-XSRF-TOKEN".into(), token.clone()),
        ];
        chunked(&addr, path, &headers, body)
    };

    // The import reads its whole form: the part past the limit breaks it, and that is a 413.
    let big_csv = vec![b'x'; 2 * MIB];
    let import = send("/api/users/import/csv", &[("file", Some("people.csv"), &big_csv)]);
    assert_eq!(import.status, 413, "{}", import.body);
    assert_eq!(message(&import.body), REFUSED);

    // An upload skips fields other than `file`; a large one still counts against the limit.
    let files = format!("/api/users/{id}/files");
    let upload = send(&files, &[("note", None, &big_csv), ("file", Some("a.txt"), b"small")]);
    assert_eq!(upload.status, 413, "{}", upload.body);
    assert_eq!(message(&upload.body), "Файл больше 1 МиБ");

    let small = send(&files, &[("file", Some("a.txt"), b"a small file")]);
    assert_eq!(small.status, 201, "{}", small.body);
}
