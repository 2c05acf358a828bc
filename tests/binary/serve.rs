//! `klass serve`: the demo school, the health check, one process per database, graceful stop.

use crate::http::{csrf_token, request};
use crate::process::{Server, healthcheck, run, text};
use crate::sign_ins::SignIn;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

#[test]
fn demo_school_is_created_once_and_sign_in_is_printed() {
    let dir = tempfile::tempdir().expect("dir");
    let first = Server::start(dir.path(), &["--demo"]);
    assert!(
        first
            .banner
            .iter()
            .any(|l| l.starts_with("Демо-школа создана: 75 человек")),
        "{:?}",
        first.banner
    );
    assert!(
        first
            .banner
            .iter()
            .any(|l| l.contains("director@demo.klass / klass-demo"))
    );
    let addr = first.base.trim_start_matches("http://").to_owned();
    // Yesterday's extra lesson was left unfilled: the reminder job tells its teacher at start.
    let told = (0..50).find_map(|_| {
        let found = journal_reminders(&addr);
        (!found.is_empty()).then_some(found).or_else(|| {
            std::thread::sleep(Duration::from_millis(100));
            None
        })
    });
    let told = told.expect("the teacher is reminded of the unfilled journal");
    assert_eq!(told.len(), 1);
    assert!(
        told[0]["body"]
            .as_str()
            .is_some_and(|b| b.contains("журнал не заполнен")),
        "{told:?}"
    );
    drop(first);
    let second = Server::start(dir.path(), &["--demo"]);
    assert!(
        second.banner.iter().any(|l| l.contains("демо-данные не добавлялись")),
        "{:?}",
        second.banner
    );
    assert_eq!(journal_reminders(&second.base.replace("http://", "")).len(), 1, "once");
    drop(second);
    let people = text(&run(dir.path(), &["user", "list"], "").stdout);
    assert_eq!(people.lines().count(), 75);
    assert_eq!(people.lines().filter(|l| l.ends_with("\tstudent")).count(), 40);
    assert_eq!(people.lines().filter(|l| l.ends_with("\tparent")).count(), 30);
    assert!(people.contains("Соколова Алёна Андреевна"));
}

/// The demo teacher Belov's reminders of unfilled journals on the server at `addr`.
fn journal_reminders(addr: &str) -> Vec<serde_json::Value> {
    let session = SignIn::new(addr, "belov@demo.klass", "klass-demo")
        .send()
        .expect("sign in")
        .cookie("klass_session")
        .expect("session");
    let cookie = format!("klass_session={session}");
    let get = |path: &str| {
        let answer = request(addr, "GET", path, &[("Cookie", cookie.as_str())], "").expect(path);
        serde_json::from_str::<serde_json::Value>(&answer.body).expect("json")
    };
    let id = get("/api/user")["data"]["id"].clone();
    let notifications = get(&format!("/api/users/{id}/notifications?per_page=100"));
    let all = notifications["data"].as_array().cloned().unwrap_or_default();
    all.into_iter().filter(|n| n["kind"] == "journal_unfilled").collect()
}

#[test]
fn healthcheck_passes_only_while_the_server_answers() {
    let dir = tempfile::tempdir().expect("dir");
    let server = Server::start(dir.path(), &[]);
    let listen = server.base.trim_start_matches("http://").to_owned();
    let ok = healthcheck(&listen);
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    drop(server);
    let down = healthcheck(&listen);
    assert!(!down.status.success());
}

#[test]
fn a_second_process_on_the_same_data_dir_gets_a_clear_message() {
    let dir = tempfile::tempdir().expect("dir");
    let _server = Server::start(dir.path(), &[]);
    let second = run(dir.path(), &["user", "list"], "");
    assert!(!second.status.success());
    let stderr = text(&second.stderr);
    assert!(stderr.contains("уже открыта другим процессом klass"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn sigterm_lets_a_request_in_flight_finish() {
    let dir = tempfile::tempdir().expect("dir");
    let mut server = Server::start(dir.path(), &[]);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let token = csrf_token(&addr);
    let mut stream = TcpStream::connect(&addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    // Half a sign-in request: the server is now reading the body of a request it accepted.
    let body = r#"{"email":"ghost@school.ru","password":"wrong-password"}"#;
    write!(
        stream,
        "POST /login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nCookie: XSRF-TOKEN={token}\r\n\
         X-XSRF-TOKEN: {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .expect("head");
    stream.write_all(&body.as_bytes()[..10]).expect("part");
    std::thread::sleep(Duration::from_millis(200));
    server.signal("TERM");
    std::thread::sleep(Duration::from_millis(200));
    stream.write_all(&body.as_bytes()[10..]).expect("rest of the body");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    assert!(
        answer.starts_with("HTTP/1.1 401"),
        "the request in flight got its real answer: {answer}"
    );
    assert!(server.wait(), "exits cleanly after finishing");
    assert!(TcpStream::connect(&addr).is_err(), "no longer listening");
}
