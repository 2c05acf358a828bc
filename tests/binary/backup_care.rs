//! Leftovers of interrupted copies are cleared, rotation always keeps the newest copy, and a
//! restored database keeps the owner and mode of the one it replaces.

use crate::http::csrf_token;
use crate::process::{Server, klass, run, text};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Older than the hour after which a scratch file belongs to no work going on.
const STALE: Duration = Duration::from_secs(2 * 60 * 60);
/// Young enough to be a copy being made right now by another process.
const FRESH: Duration = Duration::from_secs(60);

/// Runs `klass backup ARGS` and returns (success, stdout, stderr).
fn backup(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = run(dir, &[&["backup"], args].concat(), "");
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

/// An empty file `name` in `dir`, last modified `age` ago.
fn file_aged(dir: &Path, name: &str, age: Duration) -> PathBuf {
    let path = dir.join(name);
    let file = std::fs::File::create(&path).expect("file");
    file.set_modified(SystemTime::now() - age).expect("mtime");
    path
}

/// A data directory with an empty school in it, the server stopped cleanly.
fn empty_school(dir: &Path) {
    let mut server = Server::start(dir, &[]);
    csrf_token(server.base.trim_start_matches("http://"));
    server.signal("TERM");
    assert!(server.wait(), "the server stops cleanly");
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).expect("metadata").mode() & 0o777
}

#[test]
fn scratch_files_of_interrupted_copies_are_cleared_at_start_and_by_a_backup_command() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let backups = data.join("backups");
    std::fs::create_dir_all(&backups).expect("dirs");
    let stale_copy = file_aged(&backups, ".klass-copy-x.tmp", STALE);
    let stale_restore = file_aged(&data, ".klass-restore-y.tmp", STALE);
    let fresh = file_aged(&backups, ".klass-backup-z.tmp", FRESH);
    let not_ours = file_aged(&backups, ".klass-notes.tmp", STALE);

    empty_school(&data);
    assert!(!stale_copy.exists(), "a stale copy's scratch file is removed at start");
    assert!(!stale_restore.exists(), "so is a stale restore's");
    assert!(fresh.exists(), "a copy being made now by another process is left alone");
    assert!(not_ours.exists(), "a file of another name is not ours to remove");

    let stale_pack = file_aged(&backups, ".klass-backup-w.tmp", STALE);
    let (ok, out, err) = backup(&data, &["list"]);
    assert!(ok, "{err}");
    assert!(out.contains("копий нет"), "scratch files are not copies: {out}");
    assert!(!stale_pack.exists(), "`klass backup list` clears one too");
    assert!(err.contains(".klass-backup-w.tmp"), "the removal is logged: {err}");
    assert!(fresh.exists() && not_ours.exists());
}

#[test]
fn a_config_that_keeps_no_copies_at_all_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let list = |keeps: &[(&str, &str)]| {
        klass()
            .arg("--data-dir")
            .arg(dir.path())
            .args(["backup", "list"])
            .envs(keeps.iter().copied())
            .output()
            .expect("klass")
    };
    let none = list(&[
        ("KLASS_BACKUP__KEEP_DAILY", "0"),
        ("KLASS_BACKUP__KEEP_WEEKLY", "0"),
        ("KLASS_BACKUP__KEEP_MONTHLY", "0"),
    ]);
    assert!(!none.status.success());
    let err = text(&none.stderr);
    assert!(
        err.contains("backup.keep_daily") && err.contains("не могут быть все равны 0"),
        "{err}"
    );

    let monthly_only = list(&[("KLASS_BACKUP__KEEP_DAILY", "0"), ("KLASS_BACKUP__KEEP_WEEKLY", "0")]);
    assert!(monthly_only.status.success(), "{}", text(&monthly_only.stderr));
}

#[test]
fn a_restored_database_keeps_the_owner_and_mode_of_the_one_it_replaces() {
    let dir = tempfile::tempdir().expect("dir");
    let root = std::fs::metadata(dir.path()).expect("metadata").uid() == 0;
    let data = dir.path().join("data");
    empty_school(&data);
    let copies = dir.path().join("copies");
    std::fs::create_dir(&copies).expect("dir");
    let copy = copies.join("school.tar.gz");
    let copy_arg = copy.to_str().expect("utf-8");
    let (ok, _, err) = backup(&data, &["create", "--out", copy_arg]);
    assert!(ok, "{err}");

    let stale_check = file_aged(&copies, ".klass-verify-v.tmp", STALE);
    let (ok, _, err) = backup(&data, &["verify", copy_arg]);
    assert!(ok, "{err}");
    assert!(
        !stale_check.exists(),
        "verify clears a stale check's scratch file beside the copy"
    );

    let db = data.join("klass.redb");
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    if root {
        // The server's own user on a systemd install; the restore runs as root (`sudo`).
        std::os::unix::fs::chown(&db, Some(10001), Some(10001)).expect("chown");
    }
    let stale_restore = file_aged(&data, ".klass-restore-r.tmp", STALE);
    let (ok, _, err) = backup(&data, &["restore", copy_arg]);
    assert!(ok, "{err}");
    assert!(!stale_restore.exists(), "restore clears a stale restore's scratch file");
    assert_eq!(mode(&db), 0o640, "the mode of the replaced database");
    if root {
        let meta = std::fs::metadata(&db).expect("metadata");
        assert_eq!(
            (meta.uid(), meta.gid()),
            (10001, 10001),
            "the owner of the replaced database"
        );
    }
    let listed = run(&data, &["user", "list"], "");
    assert!(listed.status.success(), "{}", text(&listed.stderr));

    let first = dir.path().join("first");
    std::fs::create_dir(&first).expect("dir");
    std::fs::set_permissions(&first, std::fs::Permissions::from_mode(0o750)).expect("chmod");
    let (ok, _, err) = backup(&first, &["restore", copy_arg]);
    assert!(ok, "{err}");
    assert_eq!(
        mode(&first.join("klass.redb")),
        0o640,
        "a first database takes the data directory's mode, less its execute bits"
    );
}

/// A queued mail to `to`, as the outbox stores it.
fn queued_mail(to: &str) -> klass::domain::mail::MailRecord {
    use klass::domain::mail::{MailKind, MailRecord, MailStatus};
    let now = jiff::Timestamp::now();
    MailRecord {
        id: klass::domain::MailId(0),
        to: to.into(),
        to_name: None,
        user_id: None,
        from: "Школа <noreply@school.ru>".into(),
        kind: MailKind::Test,
        subject: "Проверка почты".into(),
        text: "Проверка".into(),
        html: "<p>Проверка</p>".into(),
        status: MailStatus::Queued,
        attempts: 0,
        last_error: None,
        created_at: now,
        next_attempt_at: Some(now),
        sent_at: None,
        resent_as: None,
    }
}

#[test]
fn a_restored_copy_does_not_send_again_the_mails_sent_since_it_was_made() {
    use klass::domain::mail::MailStatus;
    use klass::store::{Store, mail, record};
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    empty_school(&data);
    let (sent, waiting) = {
        let store = Store::open(&data, 8).expect("open");
        let txn = store.write().expect("write");
        let sent = mail::insert(&txn, queued_mail("sent@school.ru")).expect("insert");
        let waiting = mail::insert(&txn, queued_mail("waiting@school.ru")).expect("insert");
        txn.commit().expect("commit");
        (sent, waiting)
    };
    let copy = dir.path().join("school.tar.gz");
    let (ok, _, err) = backup(&data, &["create", "--out", copy.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    let sent_at = {
        let store = Store::open(&data, 8).expect("open");
        let txn = store.write().expect("write");
        let mut mail: klass::domain::mail::MailRecord = record::get(&txn, sent).expect("read").expect("stored");
        mail.status = MailStatus::Sent;
        mail.attempts = 1;
        mail.sent_at = Some(jiff::Timestamp::now());
        mail.next_attempt_at = None;
        mail::update(&txn, &mail).expect("update");
        txn.commit().expect("commit");
        mail.sent_at
    };

    let (ok, out, err) = backup(&data, &["restore", copy.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Писем, отправленных после создания копии: 1; повторно они не отправятся."),
        "{out}"
    );
    let store = Store::open(&data, 8).expect("open");
    let due = mail::due(&store, jiff::Timestamp::now(), 10).expect("due");
    assert_eq!(
        due.iter().map(|m| m.id).collect::<Vec<_>>(),
        [waiting],
        "only the unsent mail waits"
    );
    let mail: klass::domain::mail::MailRecord = record::get(&store.read().expect("read"), sent)
        .expect("read")
        .expect("stored");
    assert_eq!((mail.status, mail.sent_at), (MailStatus::Sent, sent_at));
}
