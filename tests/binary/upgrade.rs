//! Upgrades are proven against real old files: `tests/fixtures/klass-schema-N.redb` is a
//! database written by the release whose schema is N and stopped with SIGTERM. Schema 7's is the
//! demo school of 5 people (`klass serve --demo --demo-people 5`); schemas 19's and 22's are the
//! demo school of 12 with data in every area, written by `scripts/upgrade-fixture.sh`. This build
//! opens a copy of each, migrates it and finds its records. A release whose migration changes a table keeps
//! these green and commits the fixture its own schema writes (the script makes it), so the
//! migrations after it are proven against that file too.

mod every_area;

use klass::domain::{Email, Role};
use klass::store::{SCHEMA_VERSION, Store, copy, users};
use std::path::Path;

pub(crate) fn migrated(fixture: &str) -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("dir");
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(fixture);
    std::fs::copy(&source, dir.path().join(klass::store::DB_FILE_NAME)).expect("fixture");
    let store = Store::open(dir.path(), 8).expect("the old file opens and migrates");
    (dir, store)
}

#[test]
fn a_database_written_with_schema_7_migrates_and_keeps_its_records() {
    let (_dir, store) = migrated("klass-schema-7.redb");
    let txn = store.read().expect("read");
    assert_eq!(klass::store::schema_version_in(&txn).expect("version"), SCHEMA_VERSION);
    let counts = copy::counts(&txn).expect("counts");
    assert_eq!(counts["users-1"], 5);
    let director = users::find_by_email(&txn, &Email::parse("director@demo.klass").expect("email"))
        .expect("lookup")
        .expect("the director is still there");
    assert_eq!(director.full_name(), "Орлова Наталья Игоревна");
    assert!(director.roles.contains(&Role::Manager));
    assert!(director.password_hash.verify("klass-demo"), "her password still works");
    assert!(counts["activity-1"] >= 1, "the log is kept");
    store.secret_key().expect("the server key is kept");
}
