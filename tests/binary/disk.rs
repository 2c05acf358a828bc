//! A full disk: a write that meets it answers 507 with a Russian message, the portal goes on by
//! itself (no restart) once space is freed, and nothing acknowledged is lost; while the database
//! cannot be opened again, the health check says so. A soft file-size limit stands in for the
//! full disk; raising it with `prlimit` frees the space. Managers are told when free space falls
//! below `storage.min_free_mb` (a threshold above any disk stands in for a filling one).

use crate::http::{Answer, request};
use crate::process::{Server, demo_school, healthcheck, text};
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
    let check = healthcheck(&addr);
    assert!(
        !check.status.success(),
        "`klass healthcheck` fails, so Docker restarts the server"
    );
    let said = text(&check.stderr);
    assert!(
        said.contains("отвечает, но неисправен: HTTP/1.1 503 Service Unavailable — База данных недоступна"),
        "{said}"
    );

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

/// The soft file-size limit of the process `pid`, in bytes.
fn file_size_limit(pid: u32) -> usize {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).expect("limits");
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max file size"))
        .expect("file size line");
    line.split_whitespace()
        .nth(3)
        .and_then(|n| n.parse().ok())
        .expect("a number")
}

/// Uploads `contents` as a file of the person `id`, with the session in `cookie`.
fn upload(addr: &str, cookie: &str, token: &str, id: u64, contents: &str) -> Answer {
    let boundary = "klass-test-boundary";
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.txt\"\r\n\
         Content-Type: text/plain\r\n\r\n{contents}\r\n--{boundary}--\r\n"
    );
    let headers = [
        ("Content-Type", content_type.as_str()),
        ("Cookie", cookie),
        ("X-XSRF-TOKEN", token),
    ];
    request(addr, "POST", &format!("/api/users/{id}/files"), &headers, &body).expect("upload")
}

/// The director signed in: his cookies and his CSRF token, for the requests that change things.
fn director(addr: &str) -> (String, String) {
    let signed_in = SignIn::director(addr).send().expect("sign in");
    assert_eq!(signed_in.status, 204, "{}", signed_in.body);
    let session = signed_in.cookie("klass_session").expect("session");
    let token = signed_in.cookie("XSRF-TOKEN").expect("token");
    (format!("klass_session={session}; XSRF-TOKEN={token}"), token)
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut all: Vec<_> = std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    all.sort();
    all
}

#[test]
fn a_full_disk_while_an_upload_is_received_answers_507_leaves_no_file_and_the_portal_goes_on() {
    let dir = tempfile::tempdir().expect("dir");
    let server = serve_on_a_small_disk(dir.path());
    let addr = server.base.trim_start_matches("http://").to_owned();
    let (cookie, token) = director(&addr);
    let me = request(&addr, "GET", "/api/user", &[("Cookie", cookie.as_str())], "").expect("me");
    let me: serde_json::Value = serde_json::from_str(&me.body).expect("json");
    let id = me["id"].as_u64().or_else(|| me["data"]["id"].as_u64()).expect("id");
    let before = names(dir.path());

    // The upload is spooled to a file of its own in the data directory first: one a little
    // larger than the file-size limit finds no room there.
    let too_big = "x".repeat(file_size_limit(server.child.id()) + 1024);
    assert!(too_big.len() < 25 << 20, "within files.max_upload_mb");
    let full = upload(&addr, &cookie, &token, id, &too_big);
    assert_eq!(full.status, 507, "{}", full.body);
    assert!(
        full.body.contains("На диске сервера закончилось место"),
        "{}",
        full.body
    );
    assert_eq!(names(dir.path()), before, "no spooled file is left");

    assert_eq!(health(&addr).status, 200);
    let small = upload(&addr, &cookie, &token, id, "a small file");
    assert_eq!(small.status, 201, "the portal goes on: {}", small.body);
}

#[test]
fn a_journal_save_that_meets_a_full_disk_answers_507_and_the_last_acknowledged_one_stands() {
    let dir = tempfile::tempdir().expect("dir");
    let server = serve_on_a_small_disk(dir.path());
    let addr = server.base.trim_start_matches("http://").to_owned();
    let (cookie, token) = director(&addr);
    let headers = [
        ("Content-Type", "application/json"),
        ("Cookie", cookie.as_str()),
        ("X-XSRF-TOKEN", token.as_str()),
    ];
    let get = |path: &str| -> serde_json::Value {
        let answer = request(&addr, "GET", path, &headers, "").expect("get");
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
        serde_json::from_str(&answer.body).expect("json")
    };
    let done = get("/api/lessons?status=done&per_page=1&from=2000-01-01");
    let lesson = done["data"][0]["id"].as_u64().expect("a held demo lesson");
    let path = format!("/api/lessons/{lesson}/journal");
    let students: Vec<u64> = get(&path)["data"]["records"]
        .as_array()
        .expect("records")
        .iter()
        .map(|r| r["student_id"].as_u64().expect("student"))
        .collect();
    assert!(!students.is_empty());
    // Journals that differ in every row and in the topic, saved in turn until the disk is full.
    let journal = |n: usize| {
        let status = if n % 2 == 0 { "late" } else { "present" };
        let records: Vec<_> = students
            .iter()
            .map(|s| serde_json::json!({"student_id": s, "status": status, "comment": null}))
            .collect();
        serde_json::json!({"topic": format!("Сохранение {n}"), "records": records, "marks": []}).to_string()
    };
    let mut acknowledged = None;
    let refused = (0..5_000)
        .map(|n| (n, request(&addr, "PUT", &path, &headers, &journal(n)).expect("save")))
        .find(|(n, answer)| {
            if answer.status == 200 {
                acknowledged = Some(*n);
            }
            answer.status != 200
        })
        .map(|(_, answer)| answer)
        .expect("the disk never filled");
    assert_eq!(refused.status, 507, "{}", refused.body);
    assert!(
        refused.body.contains("На диске сервера закончилось место"),
        "{}",
        refused.body
    );
    let last = acknowledged.expect("a save was acknowledged before the disk filled");

    free_space(&server);
    let stands = get(&path);
    assert_eq!(
        stands["data"]["topic"],
        format!("Сохранение {last}"),
        "the last acknowledged save"
    );
    let status = if last % 2 == 0 { "late" } else { "present" };
    let rows = stands["data"]["records"].as_array().expect("records");
    assert!(
        rows.iter().all(|r| r["status"] == status),
        "no row of the refused save: {stands}"
    );
    let saved = request(&addr, "PUT", &path, &headers, &journal(last + 1)).expect("save");
    assert_eq!(saved.status, 200, "with room again: {}", saved.body);
}
