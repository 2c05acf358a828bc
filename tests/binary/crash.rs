//! Crash safety: every write the server acknowledged survives a SIGKILL.

use crate::process::{Server, run};
use crate::sign_ins::{SignIn, UNLIMITED, assert_kept};

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

    let server = Server::start_with_env(dir.path(), &[], &UNLIMITED);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let sign_ins = SignIn::new(&addr, "crash@school.ru", PASSWORD).stream();
    // Let writes stream, then kill the server mid-stream.
    sign_ins.wait_for(25);
    server.signal("KILL");
    drop(server);
    let sessions = sign_ins.stop();
    assert!(sessions.len() >= 25);

    let restarted = Server::start(dir.path(), &[]);
    let addr = restarted.base.trim_start_matches("http://").to_owned();
    assert_kept(&addr, &sessions, "an acknowledged session was lost");
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
