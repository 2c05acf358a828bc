//! A full disk: a write that meets it answers 507 with a Russian message, the portal goes on by
//! itself (no restart) once space is freed, and nothing acknowledged is lost; while the database
//! cannot be opened again, the health check says so. A soft file-size limit stands in for the
//! full disk; raising it with `prlimit` frees the space. Managers are told when free space falls
//! below `storage.min_free_mb` (a threshold above any disk stands in for a filling one).

use crate::http::{Answer, request};
use crate::process::{Server, demo_school};
use crate::sign_ins::{SignIn, UNLIMITED, assert_kept};
use std::path::Path;
use std::process::Command;

/// The demo school in `dir`, served with room for its database to grow by 64 KiB only.
fn serve_on_a_small_disk(dir: &Path) -> Server {
    demo_school(dir);
    let size = std::fs::metadata(dir.join("klass.redb")).expect("db").len();
    // 512-byte blocks (POSIX sh).
    let blocks = (size + 65_536) / 512;
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -S -f {blocks}; exec \"$0\" --data-dir \"$1\" serve --listen 127.0.0.1:0"
        ))
        .arg(env!("CARGO_BIN_EXE_klass"))
        .arg(dir)
        .env_remove("KLASS_CONFIG")
        .env("RUST_LOG", "warn")
        .envs(UNLIMITED);
    Server::spawn(command)
}

/// Lifts the file-size limit: the disk has room again.
fn free_space(server: &Server) {
    let raised = Command::new("prlimit")
        .arg("--pid")
        .arg(server.child.id().to_string())
        .arg("--fsize=unlimited:")
        .status()
        .expect("prlimit (util-linux)");
    assert!(raised.success());
}

fn health(addr: &str) -> Answer {
    request(addr, "GET", "/api/health", &[], "").expect("health")
}

/// Signs in until the disk is full, the health check asked (and fine) before each sign-in, so
/// its remembered verdict is fresh when the disk fills; returns the sessions acknowledged before
/// and the first refusal.
fn fill(addr: &str, sign_in: &SignIn) -> (Vec<String>, Answer) {
    let mut acknowledged = Vec::new();
    loop {
        assert_eq!(health(addr).status, 200, "the disk still has room");
        let answer = sign_in.send().expect("sign in");
        if answer.status != 204 {
            return (acknowledged, answer);
        }
        acknowledged.push(answer.cookie("klass_session").expect("session"));
        assert!(acknowledged.len() < 50_000, "the disk never filled");
    }
}

#[test]
fn a_full_disk_answers_507_and_the_portal_recovers_without_a_restart() {
    let dir = tempfile::tempdir().expect("dir");
    let server = serve_on_a_small_disk(dir.path());
    let addr = server.base.trim_start_matches("http://").to_owned();
    let sign_in = SignIn::director(&addr);

    let (acknowledged, full) = fill(&addr, &sign_in);
    assert_eq!(full.status, 507, "{}", full.body);
    assert!(
        full.body.contains("На диске сервера закончилось место"),
        "{}",
        full.body
    );
    assert_eq!(
        sign_in.send().expect("sign in").status,
        507,
        "still full: still 507, not 500"
    );

    free_space(&server);
    let recovered = (0..10)
        .map(|_| sign_in.send().expect("sign in").status)
        .find(|status| *status == 204);
    assert_eq!(recovered, Some(204), "writes work again without a restart");
    assert_eq!(health(&addr).status, 200);
    assert_kept(&addr, &acknowledged, "an acknowledged sign-in was lost");
}

#[test]
fn the_health_check_answers_503_while_the_database_cannot_be_opened_again() {
    let dir = tempfile::tempdir().expect("dir");
    let server = serve_on_a_small_disk(dir.path());
    let addr = server.base.trim_start_matches("http://").to_owned();
    // The open database keeps its file; any fresh open finds a directory in its place.
    let db = dir.path().join("klass.redb");
    let aside = dir.path().join("klass.redb.aside");
    std::fs::rename(&db, &aside).expect("move the file");
    std::fs::create_dir(&db).expect("a directory in its place");

    let (_, full) = fill(&addr, &SignIn::director(&addr));
    assert_eq!(full.status, 507, "{}", full.body);
    for _ in 0..3 {
        let answer = health(&addr);
        assert_eq!(
            answer.status, 503,
            "at once, and as long as it cannot be opened: {}",
            answer.body
        );
        assert!(answer.body.contains("База данных недоступна"), "{}", answer.body);
    }

    std::fs::remove_dir(&db).expect("remove the directory");
    std::fs::rename(&aside, &db).expect("put the file back");
    free_space(&server);
    assert_eq!(health(&addr).status, 200, "it opens again by itself");
}

#[test]
fn a_manager_is_told_when_free_space_falls_below_the_threshold() {
    let dir = tempfile::tempdir().expect("dir");
    demo_school(dir.path());
    // More MiB than any disk has: free space is below it at the first look.
    let server = Server::start_with_env(dir.path(), &[], &[("KLASS_STORAGE__MIN_FREE_MB", "1000000000000")]);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let session = SignIn::director(&addr)
        .send()
        .expect("sign in")
        .cookie("klass_session")
        .expect("session");
    let cookie = format!("klass_session={session}");
    let get = |path: &str| request(&addr, "GET", path, &[("Cookie", cookie.as_str())], "").expect("get");
    let me: serde_json::Value = serde_json::from_str(&get("/api/user").body).expect("json");
    let id = me["id"].as_u64().or_else(|| me["data"]["id"].as_u64()).expect("id");

    // The disk is looked at once at the start and then every minute: wait for the first look.
    let told = (0..100).find_map(|_| {
        let answer = get(&format!("/api/users/{id}/notifications"));
        assert_eq!(answer.status, 200, "{}", answer.body);
        let found = answer.body.contains("На диске сервера осталось");
        if !found {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        found.then_some(answer.body)
    });
    let told = told.expect("the director was never told that the disk is filling");
    assert!(told.contains("порог — 1000000000000 МБ"), "{told}");
}
