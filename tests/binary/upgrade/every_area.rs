//! The fixtures of schemas 19 and 22: a school with data in every area (`scripts/upgrade-fixture.sh`,
//! the demo school of 12 people, plus a file, a calendar link, a notification read and a
//! password-reset mail). Every record of every type must still decode with this build, the
//! indexes must still find them, and the server must serve them.

use super::migrated;
use crate::http::request;
use crate::process::Server;
use crate::sign_ins::SignIn;
use klass::domain::board::Board;
use klass::domain::course::{Course, Enrolment};
use klass::domain::event::{Audience, Event, EventKind};
use klass::domain::file::StoredFile;
use klass::domain::group::Group;
use klass::domain::journal::{AttendanceStatus, Mark};
use klass::domain::ledger::LedgerEntry;
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::domain::mail::{MailKind, MailRecord};
use klass::domain::notification::Notification;
use klass::domain::package::Package;
use klass::domain::subject::{PersonSubjects, Subject};
use klass::domain::task::Task;
use klass::domain::{Email, Role, Tag, UserId};
use klass::store::record::{self, Record};
use klass::store::{SCHEMA_VERSION, attendance, calendar_feeds, copy, family, files, ledger, users};
use redb::ReadTransaction;

/// A fixture, with what its demo school holds that depends on the day it was written.
struct Fixture {
    file: &'static str,
    lessons: usize,
    attendance: usize,
    ledger_entries: usize,
    artems_balance: i64,
}

/// Written on 2026-11-28 by schema 19.
const SCHEMA_19: Fixture = Fixture {
    file: "klass-schema-19.redb",
    lessons: 426,
    attendance: 35,
    ledger_entries: 32,
    artems_balance: -18_800_00,
};

/// Written on 2026-11-29 by schema 22, after migrations 20–22 made and dropped tables.
const SCHEMA_22: Fixture = Fixture {
    file: "klass-schema-22.redb",
    lessons: 425,
    attendance: 34,
    ledger_entries: 31,
    artems_balance: -17_600_00,
};

/// Every stored record of type `R`, each decoded by this build.
fn all<R: Record>(txn: &ReadTransaction) -> Vec<R> {
    record::all(txn).expect("every record still decodes")
}

fn user(txn: &ReadTransaction, email: &str) -> klass::domain::User {
    users::find_by_email(txn, &Email::parse(email).expect("email"))
        .expect("lookup")
        .unwrap_or_else(|| panic!("{email} is still found by e-mail"))
}

#[test]
fn a_school_written_with_schema_19_migrates_and_keeps_every_area() {
    keeps_every_area(&SCHEMA_19);
}

#[test]
fn a_school_written_with_schema_22_migrates_and_keeps_every_area() {
    keeps_every_area(&SCHEMA_22);
}

#[test]
fn the_server_serves_the_migrated_schema_19_school() {
    serves(&SCHEMA_19);
}

#[test]
fn the_server_serves_the_migrated_schema_22_school() {
    serves(&SCHEMA_22);
}

fn keeps_every_area(fixture: &Fixture) {
    let (_dir, store) = migrated(fixture.file);
    let txn = store.read().expect("read");
    assert_eq!(klass::store::schema_version_in(&txn).expect("version"), SCHEMA_VERSION);

    // People, family, tags.
    let people = users::all(&txn).expect("people");
    assert_eq!(people.len(), 12);
    let director = user(&txn, "director@demo.klass");
    assert_eq!(director.full_name(), "Орлова Наталья Игоревна");
    assert!(director.roles.contains(&Role::Manager));
    assert!(director.password_hash.verify("klass-demo"), "her password still works");
    let count = |role| people.iter().filter(|p| p.roles.contains(&role)).count();
    assert_eq!(
        [Role::Worker, Role::Parent, Role::Student].map(count),
        [4, 3, 4],
        "workers, parents, students"
    );
    let artem = user(&txn, "artem.ivanov@demo.klass");
    let mother = user(&txn, "marina.ivanova@demo.klass");
    assert_eq!(family::parents_of(&txn, artem.id).expect("parents"), [mother.id]);
    assert_eq!(family::children_of(&txn, mother.id).expect("children").len(), 2);
    let tags: Vec<Tag> = all(&txn);
    assert_eq!(tags.len(), 5);
    assert_eq!(tags[0].name, "Подготовка к ОГЭ");
    assert!(people.iter().any(|p| !p.tags.is_empty()), "students keep their tags");
    assert!(people.iter().any(|p| p.birth_date.is_some()), "and their birth dates");

    // Files: the record and its contents.
    let stored: Vec<StoredFile> = all(&txn);
    assert_eq!(stored.len(), 1);
    let listed = files::list(&txn, artem.id).expect("files");
    assert_eq!(listed, stored, "the file is in the student's cabinet");
    let contents: Vec<u8> = files::contents(&store, &stored[0])
        .collect::<Result<Vec<_>, _>>()
        .expect("chunks")
        .concat();
    assert_eq!(
        String::from_utf8_lossy(&contents),
        format!("Справка из школы для {}.\n", artem.id.0)
    );

    // The catalogue: subjects, courses, enrolments, a person's subjects.
    let subjects: Vec<Subject> = all(&txn);
    assert_eq!(subjects.len(), 6);
    assert_eq!(
        (subjects[0].name.as_str(), subjects[0].price),
        ("Математика", Some(1_500_00))
    );
    let courses: Vec<Course> = all(&txn);
    assert_eq!(courses.len(), 2);
    assert_eq!(courses[0].name, "Подготовка к ОГЭ по математике");
    assert_eq!(all::<Enrolment>(&txn).len(), 4);
    assert_eq!(all::<PersonSubjects>(&txn).len(), 6);

    // The timetable: groups and lessons, found through their indexes too.
    let groups: Vec<Group> = all(&txn);
    assert_eq!(groups.len(), 8);
    assert_eq!(groups[0].name, "Математика 9А, ОГЭ");
    assert_eq!(groups[0].student_ids, [artem.id]);
    let lessons: Vec<Lesson> = all(&txn);
    assert_eq!(lessons.len(), fixture.lessons);
    let done = lessons.iter().filter(|l| l.status == LessonStatus::Done).count();
    assert!(done > 0, "lessons already given");

    // The journal: attendance and marks of the lessons given.
    let statuses: Vec<AttendanceStatus> = lessons
        .iter()
        .flat_map(|l| attendance::of_lesson(&txn, l.id).expect("attendance"))
        .map(|a| a.status)
        .collect();
    assert_eq!(statuses.len(), fixture.attendance);
    assert!(statuses.contains(&AttendanceStatus::Present));
    let marks: Vec<Mark> = all(&txn);
    assert_eq!(marks.len(), 23);
    assert_eq!((marks[0].student_id, marks[0].value), (artem.id, 5));

    // Money: the ledger, balances that still add up, packages.
    let entries: Vec<LedgerEntry> = all(&txn);
    assert_eq!(entries.len(), fixture.ledger_entries);
    let (recounted, differences) = ledger::recount(&txn).expect("recount");
    assert_eq!(
        (recounted, differences.len()),
        (fixture.ledger_entries as u64, 0),
        "every balance equals its entries"
    );
    assert_eq!(
        ledger::balance_of(&txn, artem.id).expect("balance"),
        fixture.artems_balance
    );
    assert_eq!(ledger::debts(&txn).expect("debts").len(), 2);
    let packages: Vec<Package> = all(&txn);
    assert_eq!(packages.len(), 1);
    assert_eq!((packages[0].lessons_total, packages[0].lessons_used), (8, 5));
    assert_eq!(packages[0].freezes.len(), 1);

    // Work: boards, tasks, events.
    let boards: Vec<Board> = all(&txn);
    assert_eq!(boards.len(), 5);
    assert_eq!(boards[0].columns.len(), 3);
    let tasks: Vec<Task> = all(&txn);
    assert_eq!(tasks.len(), 40);
    assert_eq!(
        tasks.iter().filter(|t| t.placement.is_some()).count(),
        37,
        "cards on boards"
    );
    assert_eq!(tasks[0].title, "Позвонить маме Иванова Артёма");
    assert_eq!(tasks[0].related_user_id, Some(artem.id));
    let events: Vec<Event> = all(&txn);
    assert_eq!(events.len(), 5);
    assert_eq!(events[0].kind, EventKind::Holiday);
    assert!(matches!(&events[1].audience, Audience::Groups(groups) if groups.len() == 2));

    // What people were told, and the log.
    let notifications: Vec<Notification> = all(&txn);
    assert_eq!(notifications.len(), 7);
    assert_eq!(notifications.iter().filter(|n| n.read_at.is_some()).count(), 1);
    let mail: Vec<MailRecord> = all(&txn);
    assert_eq!(mail.len(), 1);
    assert_eq!(
        (mail[0].to.as_str(), mail[0].kind),
        ("marina.ivanova@demo.klass", MailKind::PasswordReset)
    );
    assert!(
        calendar_feeds::of(&txn, artem.id).expect("feed").is_some(),
        "his calendar link"
    );
    let log = klass::store::activity::entries(&txn, &(1..=5).map(klass::domain::ActivityId).collect::<Vec<_>>())
        .expect("log");
    assert_eq!(log.len(), 5);
    let summaries: Vec<(Option<UserId>, &str)> = log.iter().map(|e| (e.actor, e.summary.as_str())).collect();
    assert!(
        summaries
            .iter()
            .any(|(actor, summary)| actor.is_none() && summary.starts_with("Создана демо-школа: 12 человек")),
        "{summaries:?}"
    );
    assert!(
        summaries.contains(&(Some(director.id), "Вход в систему")),
        "{summaries:?}"
    );

    // Rows kept by hand, counted by table.
    let counts = copy::counts(&txn).expect("counts");
    for (table, rows) in [("sessions-1", 1), ("one-time-tokens-1", 1), ("family-1", 4)] {
        assert_eq!(counts.get(table), Some(&rows), "{table}");
    }
    store.secret_key().expect("the server key is kept");
}

fn serves(fixture: &Fixture) {
    let (dir, store) = migrated(fixture.file);
    drop(store);
    let server = Server::start(dir.path(), &[]);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let signed_in = SignIn::director(&addr).send().expect("sign in");
    assert_eq!(signed_in.status, 204, "{}", signed_in.body);
    let session = signed_in.cookie("klass_session").expect("session");
    let cookie = format!("klass_session={session}");
    let get = |path: &str| {
        let answer = request(&addr, "GET", path, &[("Cookie", cookie.as_str())], "").expect(path);
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
        answer.body
    };

    let people: serde_json::Value = serde_json::from_str(&get("/api/users?per_page=100")).expect("json");
    assert_eq!(people["meta"]["total"], 12);
    let student = UserId(7);
    let files: serde_json::Value =
        serde_json::from_str(&get(&format!("/api/users/{}/files", student.0))).expect("json");
    assert_eq!(files["data"][0]["name"], "spravka.txt");
    let id = &files["data"][0]["id"];
    let download = get(&format!("/api/users/{}/files/{id}", student.0));
    assert!(download.contains("Справка из школы для 7.\n"), "{download}");
}
