//! `klass backup …` as the person looking after the server uses it: copies made by the running
//! server and from the file, their check, and putting one back.

use crate::http::request;
use crate::process::{Server, demo_school, run, text};
use crate::sign_ins::{SignIn, UNLIMITED, assert_kept};
use klass::domain::User;
use klass::domain::money::format_rub;
use klass::store::{Store, ledger, record, tables};
use std::io::Read;
use std::path::Path;

/// Runs `klass backup ARGS` and returns (success, stdout, stderr).
fn backup(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = run(dir, &[&["backup"], args].concat(), "");
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

/// The SHA-256 in `create`'s output: copies of equal databases are equal byte for byte,
/// so equal sums mean every table holds the same rows.
fn sha_of(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("SHA-256 базы: "))
        .expect("sha line")
        .to_owned()
}

/// Writes the copy `from` again as `to`, its manifest saying Klass `version` made it (the
/// manifest's checksum covers the database only, so the copy stays sound otherwise).
fn as_made_by(from: &Path, to: &Path, version: &str) {
    let file = std::fs::File::open(from).expect("copy");
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let out = std::fs::File::create(to).expect("new copy");
    let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(out, flate2::Compression::fast()));
    for entry in archive.entries().expect("entries") {
        let mut entry = entry.expect("entry");
        let name = entry.path().expect("name").into_owned();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("read entry");
        if name.as_os_str() == "manifest.json" {
            let mut manifest: serde_json::Value = serde_json::from_slice(&bytes).expect("manifest");
            manifest["klass_version"] = version.into();
            bytes = serde_json::to_vec_pretty(&manifest).expect("json");
        }
        let mut header = entry.header().clone();
        header.set_size(bytes.len() as u64);
        builder
            .append_data(&mut header, &name, bytes.as_slice())
            .expect("append");
    }
    builder.into_inner().expect("tar").finish().expect("gzip");
}

#[test]
fn a_copy_restored_over_a_changed_school_gives_back_every_table_as_it_was() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    demo_school(&data);
    let copy = dir.path().join("school.tar.gz");
    let (ok, made, err) = backup(&data, &["create", "--out", copy.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    let people_before = text(&run(&data, &["user", "list"], "").stdout);

    let changed = run(
        &data,
        &[
            "user",
            "create",
            "--email",
            "new@school.ru",
            "--role",
            "worker",
            "--last-name",
            "Новый",
            "--first-name",
            "Пётр",
        ],
        "",
    );
    assert!(changed.status.success());
    let (ok, out, err) = backup(&data, &["restore", copy.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    assert!(out.contains("Прежняя база сохранена как"), "{out}");
    let kept: Vec<_> = std::fs::read_dir(&data)
        .expect("dir")
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("klass.redb.before-restore-")
        })
        .collect();
    assert_eq!(kept.len(), 1, "the replaced database is kept");

    assert_eq!(text(&run(&data, &["user", "list"], "").stdout), people_before);
    let again = dir.path().join("again.tar.gz");
    let (ok, remade, err) = backup(&data, &["create", "--out", again.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    assert_eq!(sha_of(&remade), sha_of(&made), "every table equals the original");
}

#[test]
fn a_copy_made_while_sign_ins_stream_in_holds_every_one_acknowledged_before_it() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    demo_school(&data);
    let server = Server::start_with_env(&data, &[], &UNLIMITED);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let sign_ins = SignIn::director(&addr).stream();
    let before_copy = sign_ins.wait_for(10);
    let copy = dir.path().join("online.tar.gz");
    let (ok, out, err) = backup(&data, &["create", "--out", copy.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    assert!(out.contains("Копию сделал работающий сервер"), "{out}");
    sign_ins.stop();

    let (ok, _, err) = backup(&data, &["restore", copy.to_str().expect("utf-8")]);
    assert!(!ok, "restore must be refused while the server runs");
    assert!(err.contains("Сервер Klass сейчас работает с базой"), "{err}");
    drop(server);

    let (ok, out, err) = backup(&data, &["verify", copy.to_str().expect("utf-8")]);
    assert!(ok, "nothing half-written: {out}{err}");
    let restored = dir.path().join("restored");
    let (ok, _, err) = backup(&restored, &["restore", copy.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    let server = Server::start(&restored, &[]);
    let addr = server.base.trim_start_matches("http://").to_owned();
    assert_kept(&addr, &before_copy, "a sign-in acknowledged before the copy is missing");
}

/// `copy` with one byte from its middle on flipped: the first one whose flip changes what the
/// archive unpacks to. (A flip inside a run of zeros can leave the unpacked bytes as they were,
/// say a match's distance 1 made 3: such a copy is not damaged, and no check could tell.)
fn with_a_telling_flip(copy: &[u8]) -> Vec<u8> {
    let unpacked = |bytes: &[u8]| {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut out)
            .map(|_| out)
            .ok()
    };
    let sound = unpacked(copy).expect("the copy unpacks");
    (copy.len() / 2..copy.len())
        .map(|at| {
            let mut bytes = copy.to_vec();
            bytes[at] ^= 0x20;
            bytes
        })
        .find(|bytes| unpacked(bytes).as_ref() != Some(&sound))
        .expect("some flip changes the copy")
}

#[test]
fn a_flipped_byte_fails_verify_and_restore_changes_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    demo_school(&data);
    let (ok, out, err) = backup(&data, &["create"]);
    assert!(ok, "{err}");
    let path = out
        .lines()
        .find_map(|l| l.strip_prefix("Копия готова: "))
        .expect("path")
        .to_owned();
    assert!(
        path.starts_with(data.join("backups").to_str().expect("utf-8")),
        "{path}"
    );
    let (ok, listed, _) = backup(&data, &["list"]);
    assert!(ok && listed.contains("не проверялась"), "{listed}");

    let broken = dir.path().join("broken.tar.gz");
    std::fs::write(&broken, with_a_telling_flip(&std::fs::read(&path).expect("copy"))).expect("write");
    let (ok, _, err) = backup(&data, &["verify", broken.to_str().expect("utf-8")]);
    assert!(!ok, "a damaged copy must fail verify");
    assert!(err.contains("не прошла проверку") || err.contains("повреждён"), "{err}");
    let db = std::fs::read(data.join("klass.redb")).expect("db");
    let (ok, _, _) = backup(&data, &["restore", broken.to_str().expect("utf-8")]);
    assert!(!ok);
    assert_eq!(
        std::fs::read(data.join("klass.redb")).expect("db"),
        db,
        "a failed restore changes nothing"
    );

    let mut bytes = std::fs::read(&path).expect("copy");
    let crc = bytes.len() - 8;
    bytes[crc] ^= 0x01;
    let bad_trailer = dir.path().join("bad-trailer.tar.gz");
    std::fs::write(&bad_trailer, bytes).expect("write");
    let (ok, _, err) = backup(&data, &["verify", bad_trailer.to_str().expect("utf-8")]);
    assert!(!ok, "a damaged gzip checksum must fail verify too");
    assert!(err.contains("повреждён"), "{err}");

    let (ok, _, err) = backup(&data, &["verify", &path]);
    assert!(ok, "{err}");
    let (_, listed, _) = backup(&data, &["list"]);
    assert!(listed.contains("проверена"), "{listed}");
}

#[test]
fn a_copy_whose_balance_differs_from_its_entries_fails_verify_naming_the_student() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    demo_school(&data);
    let sound = dir.path().join("sound.tar.gz");
    let (ok, _, err) = backup(&data, &["create", "--out", sound.to_str().expect("utf-8")]);
    assert!(ok, "{err}");

    let (student, name, balance) = {
        let store = Store::open(&data, 4).expect("open");
        let txn = store.write().expect("write");
        let (student, balance) = *ledger::balances(&txn)
            .expect("balances")
            .first()
            .expect("the demo school has balances");
        let user: User = record::get(&txn, student).expect("read").expect("student");
        txn.open_table(tables::BALANCES)
            .expect("balances")
            .insert(student.0, balance + 100_00)
            .expect("tamper");
        txn.commit().expect("commit");
        (student, user.full_name(), balance)
    };
    let tampered = dir.path().join("tampered.tar.gz");
    let (ok, _, err) = backup(&data, &["create", "--out", tampered.to_str().expect("utf-8")]);
    assert!(ok, "{err}");

    let (ok, out, err) = backup(&data, &["verify", tampered.to_str().expect("utf-8")]);
    assert!(!ok, "a balance that differs from its entries must fail verify: {out}");
    let expected = format!(
        "баланс ученика №{student} ({name}) не равен сумме его записей: хранится {}, по записям {}",
        format_rub(balance + 100_00),
        format_rub(balance)
    );
    assert!(err.contains(&expected), "{err}");
    let (ok, out, err) = backup(&data, &["verify", sound.to_str().expect("utf-8")]);
    assert!(ok, "a copy whose balances add up verifies: {out}{err}");
}

#[test]
fn a_full_disk_leaves_no_partial_copy() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    demo_school(&data);
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).expect("dir");
    // A file-size limit of 64 KiB stands in for a full disk (EFBIG instead of ENOSPC).
    let script = format!(
        "trap '' XFSZ; ulimit -f 128; exec \"$0\" --data-dir '{}' backup create --out '{}/copy.tar.gz'",
        data.display(),
        backups.display()
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_klass"))
        .env_remove("KLASS_CONFIG")
        .output()
        .expect("sh");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("Копия не сделана: на диске закончилось место"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read_dir(&backups).expect("dir").count(),
        0,
        "no partial file is left"
    );
}

#[test]
fn an_unwritable_backup_dir_fails_the_copy_and_the_portal_keeps_serving() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    demo_school(&data);
    let server = Server::start(&data, &[]);
    let not_a_dir = dir.path().join("file");
    std::fs::write(&not_a_dir, "").expect("file");
    let out = not_a_dir.join("copy.tar.gz");
    let (ok, _, err) = backup(&data, &["create", "--out", out.to_str().expect("utf-8")]);
    assert!(!ok);
    assert!(
        err.contains("копия не сделана") || err.contains("Копия не сделана"),
        "{err}"
    );
    let addr = server.base.trim_start_matches("http://").to_owned();
    let health = request(&addr, "GET", "/api/health", &[], "").expect("health");
    assert_eq!(health.status, 200);
    let copy = dir.path().join("after.tar.gz");
    let (ok, _, err) = backup(&data, &["create", "--out", copy.to_str().expect("utf-8")]);
    assert!(ok, "the next copy works: {err}");
}

#[test]
fn a_copy_made_by_a_newer_release_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    demo_school(&data);
    let copy = dir.path().join("school.tar.gz");
    let (ok, _, err) = backup(&data, &["create", "--out", copy.to_str().expect("utf-8")]);
    assert!(ok, "{err}");
    let newer = dir.path().join("newer.tar.gz");
    as_made_by(&copy, &newer, "999.0.0");
    let db = std::fs::read(data.join("klass.redb")).expect("db");

    let (ok, _, err) = backup(&data, &["restore", newer.to_str().expect("utf-8")]);
    assert!(!ok, "a copy from a newer release must be refused");
    assert!(
        err.contains("копия сделана более новой версией Klass (999.0.0)"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(data.join("klass.redb")).expect("db"),
        db,
        "a refused restore changes nothing"
    );

    let same = dir.path().join("same.tar.gz");
    as_made_by(&copy, &same, env!("CARGO_PKG_VERSION"));
    let (ok, _, err) = backup(&data, &["restore", same.to_str().expect("utf-8")]);
    assert!(ok, "the same copy from this release is taken back: {err}");
}
