//! Crash safety: every write the server acknowledged survives a SIGKILL.

use crate::http::{csrf_token, request};
use crate::process::{Server, run};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const PASSWORD: &str = "crash-test-password";

#[test]
fn acknowledged_sign_ins_survive_sigkill() {
    let dir = tempfile::tempdir().expect("dir");
    let create = [
        "user",
        "create",
        "--email",
        "crash@school.ru",
        "--role",
        "student",
        "--last-name",
        "Краш",
    ];
    let created = run(
        dir.path(),
        &[&create[..], &["--first-name", "Тест", "--password-stdin"]].concat(),
        &format!("{PASSWORD}\n"),
    );
    assert!(created.status.success());

    let server = Server::start_with_env(
        dir.path(),
        &[],
        &[
            ("KLASS_AUTH__LOGIN_PER_MINUTE", "100000"),
            ("KLASS_AUTH__LOGIN_PER_HOUR", "100000"),
            ("KLASS_AUTH__LOGIN_PER_IP_PER_MINUTE", "100000"),
        ],
    );
    let addr = server.base.trim_start_matches("http://").to_owned();
    let token = csrf_token(&addr);
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (addr, acknowledged, stop) = (addr.clone(), acknowledged.clone(), stop.clone());
        std::thread::spawn(move || {
            let body = format!(r#"{{"email":"crash@school.ru","password":"{PASSWORD}"}}"#);
            let cookie = format!("XSRF-TOKEN={token}");
            let headers = [
                ("Content-Type", "application/json"),
                ("Cookie", cookie.as_str()),
                ("X-XSRF-TOKEN", token.as_str()),
            ];
            while !stop.load(Ordering::Relaxed) {
                match request(&addr, "POST", "/login", &headers, &body) {
                    Ok(answer) if answer.status == 204 => {
                        let session = answer.cookie("klass_session").expect("session cookie");
                        acknowledged.lock().expect("lock").push(session);
                    }
                    // Status 0: the connection closed without an answer, as the server was killed.
                    Ok(answer) if answer.status == 0 => break,
                    Ok(answer) => panic!("unexpected answer {}: {}", answer.status, answer.body),
                    Err(_) => break, // the server is gone
                }
            }
        })
    };
    // Let writes stream, then kill the server mid-stream.
    while acknowledged.lock().expect("lock").len() < 25 {
        std::thread::sleep(Duration::from_millis(20));
    }
    server.signal("KILL");
    drop(server);
    stop.store(true, Ordering::Relaxed);
    writer.join().expect("writer");
    let sessions = acknowledged.lock().expect("lock").clone();
    assert!(sessions.len() >= 25);

    let restarted = Server::start(dir.path(), &[]);
    let addr = restarted.base.trim_start_matches("http://").to_owned();
    for session in &sessions {
        let cookie = format!("klass_session={session}");
        let answer = request(&addr, "GET", "/api/user", &[("Cookie", cookie.as_str())], "").expect("user");
        assert_eq!(answer.status, 200, "an acknowledged session was lost: {}", answer.body);
    }
}

#[test]
fn the_start_after_an_unclean_stop_says_it_is_repairing_the_database() {
    let dir = tempfile::tempdir().expect("dir");
    let server = Server::start(dir.path(), &["--demo", "--demo-people", "20"]);
    server.signal("KILL");
    drop(server);
    let listed = run(dir.path(), &["user", "list"], "");
    assert!(listed.status.success());
    let log = crate::process::text(&listed.stderr);
    assert!(log.contains("not closed cleanly: repairing"), "{log}");
}
