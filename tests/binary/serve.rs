//! `klass serve`: the demo school, the health check, one process per database, graceful stop.

use crate::http::csrf_token;
use crate::process::{Server, healthcheck, run, text};
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
    drop(first);
    let second = Server::start(dir.path(), &["--demo"]);
    assert!(
        second.banner.iter().any(|l| l.contains("демо-данные не добавлялись")),
        "{:?}",
        second.banner
    );
    drop(second);
    let people = text(&run(dir.path(), &["user", "list"], "").stdout);
    assert_eq!(people.lines().count(), 75);
    assert_eq!(people.lines().filter(|l| l.ends_with("\tstudent")).count(), 40);
    assert_eq!(people.lines().filter(|l| l.ends_with("\tparent")).count(), 30);
    assert!(people.contains("Соколова Алёна Андреевна"));
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
