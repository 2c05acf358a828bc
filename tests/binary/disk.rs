//! A full disk: a write that meets it answers 507 with a Russian message, the portal goes on by
//! itself (no restart) once space is freed, and nothing acknowledged is lost. A soft file-size
//! limit stands in for the full disk; raising it with `prlimit` frees the space.

use crate::http::{csrf_token, request};
use crate::process::{Server, demo_school};
use std::process::Command;

const LIMITS: [&str; 3] = [
    "KLASS_AUTH__LOGIN_PER_MINUTE",
    "KLASS_AUTH__LOGIN_PER_HOUR",
    "KLASS_AUTH__LOGIN_PER_IP_PER_MINUTE",
];

#[test]
fn a_full_disk_answers_507_and_the_portal_recovers_without_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    demo_school(dir.path());
    let size = std::fs::metadata(dir.path().join("klass.redb")).expect("db").len();
    // 512-byte blocks (POSIX sh): the database may grow by 64 KiB, then the "disk" is full.
    let blocks = (size + 65_536) / 512;
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -S -f {blocks}; exec \"$0\" --data-dir \"$1\" serve --listen 127.0.0.1:0"
        ))
        .arg(env!("CARGO_BIN_EXE_klass"))
        .arg(dir.path())
        .env_remove("KLASS_CONFIG")
        .env("RUST_LOG", "warn");
    for name in LIMITS {
        command.env(name, "100000");
    }
    let server = Server::spawn(command);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let token = csrf_token(&addr);
    let cookie = format!("XSRF-TOKEN={token}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Cookie", cookie.as_str()),
        ("X-XSRF-TOKEN", token.as_str()),
    ];
    let body = r#"{"email":"director@demo.klass","password":"klass-demo"}"#;
    let sign_in = || request(&addr, "POST", "/login", &headers, body).expect("sign in");

    let mut acknowledged = Vec::new();
    let full = loop {
        let answer = sign_in();
        if answer.status != 204 {
            break answer;
        }
        acknowledged.push(answer.cookie("klass_session").expect("session"));
        assert!(acknowledged.len() < 50_000, "the disk never filled");
    };
    assert_eq!(full.status, 507, "{}", full.body);
    assert!(
        full.body.contains("На диске сервера закончилось место"),
        "{}",
        full.body
    );
    assert_eq!(sign_in().status, 507, "still full: still 507, not 500");

    let raised = Command::new("prlimit")
        .arg("--pid")
        .arg(server.child.id().to_string())
        .arg("--fsize=unlimited:")
        .status()
        .expect("prlimit (util-linux)");
    assert!(raised.success());
    let recovered = (0..10).map(|_| sign_in().status).find(|status| *status == 204);
    assert_eq!(recovered, Some(204), "writes work again without a restart");
    let health = request(&addr, "GET", "/api/health", &[], "").expect("health");
    assert_eq!(health.status, 200);

    for session in &acknowledged {
        let cookie = format!("klass_session={session}");
        let answer = request(&addr, "GET", "/api/user", &[("Cookie", cookie.as_str())], "").expect("user");
        assert_eq!(answer.status, 200, "an acknowledged sign-in was lost");
    }
}
