//! Each migration on a store made by the ones before it, and the refusal of a newer file.
use super::*;
use crate::domain::{ActivityId, Email, NewUser, Password, PersonName, Role, Roles};
use crate::store::users;

fn a_user(email: &str, roles: &[Role]) -> NewUser {
    NewUser::new(
        Email::parse(email).expect("email"),
        PersonName::parse("Иванова").expect("name"),
        PersonName::parse("Алёна").expect("name"),
        roles.iter().copied().collect::<Roles>(),
        Password::parse("пароль-пароль").expect("pw").hash(),
    )
}

/// Writes users the way release 1 did: the record and the e-mail index, no role index.
fn insert_as_version_1(store: &Store, user: &NewUser, id: u64) {
    let txn = store.write().expect("txn");
    let now = jiff::Timestamp::now();
    let record = crate::domain::User::create(user.clone(), crate::domain::UserId(id), now);
    txn.open_table(tables::USERS)
        .expect("t")
        .insert(id, codec::encode(&record).as_slice())
        .expect("i");
    txn.open_table(tables::USERS_BY_EMAIL)
        .expect("t")
        .insert(user.email.as_str(), id)
        .expect("i");
    txn.commit().expect("commit");
}

/// A store on a new file, with no migration run yet.
fn unmigrated(dir: &std::path::Path) -> Store {
    let path = dir.join("t.redb");
    let db = redb::Database::create(&path).expect("db");
    Store {
        db: std::sync::Arc::new(super::super::slot::Slot::new(db, path.clone(), 1 << 20)),
        path: path.into(),
        directory: Default::default(),
        verdict: Default::default(),
        versions: Default::default(),
        together: Default::default(),
    }
}

#[test]
fn version_2_indexes_users_stored_by_version_1_and_is_idempotent() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = unmigrated(dir.path());
    run_up_to(&store, 1).expect("v1");
    insert_as_version_1(&store, &a_user("a@school.ru", &[Role::Student]), 1);
    insert_as_version_1(&store, &a_user("b@school.ru", &[Role::Worker, Role::Parent]), 2);

    run(&store).expect("to latest");
    assert_eq!(stored_version(&store).expect("version"), SCHEMA_VERSION);
    let read = store.read().expect("read");
    assert_eq!(
        users::ids_with_role(&read, Role::Parent).expect("ids"),
        vec![crate::domain::UserId(2)]
    );

    let txn = store.write().expect("txn");
    index_users_by_role(&txn).expect("again");
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    assert_eq!(users::ids_with_role(&read, Role::Student).expect("ids").len(), 1);
}

#[test]
fn version_7_indexes_the_log_written_before_it_by_action_and_numbers_it() {
    use crate::domain::activity::{Action, Entity};
    let dir = tempfile::tempdir().expect("tempdir");
    let store = unmigrated(dir.path());
    run_up_to(&store, 6).expect("v6");
    let txn = store.write().expect("txn");
    for (id, action) in [(1, Action::SignedIn), (2, Action::UserUpdated), (3, Action::SignedIn)] {
        let entry = ActivityEntry {
            id: ActivityId(id),
            at: jiff::Timestamp::now(),
            actor: None,
            impersonator: None,
            action,
            entity: Entity::User,
            entity_id: None,
            summary: String::new(),
            ip: None,
            subjects: Vec::new(),
        };
        txn.open_table(tables::ACTIVITY)
            .expect("t")
            .insert(id, codec::encode(&entry).as_slice())
            .expect("i");
    }
    let mut by_user = txn.open_table(tables::ACTIVITY_BY_USER_V1).expect("t");
    for (person, entry) in [(4, 1), (4, 3), (7, 2), (7, 3)] {
        by_user.insert((person, entry), ()).expect("i");
    }
    drop(by_user);
    txn.commit().expect("commit");

    run(&store).expect("to latest");
    let read = store.read().expect("read");
    let index = read.open_table(tables::ACTIVITY_BY_ACTION).expect("index");
    let signed_in = Action::SignedIn.number();
    let numbered = |index: &redb::ReadOnlyTable<(u64, u64), u64>, key: u64| -> Vec<(u64, u64)> {
        index
            .range((key, 0)..=(key, u64::MAX))
            .expect("range")
            .map(|row| row.expect("row"))
            .map(|(key, number)| (key.value().1, number.value()))
            .collect()
    };
    assert_eq!(numbered(&index, signed_in), [(1, 1), (3, 2)]);
    assert_eq!(redb::ReadableTableMetadata::len(&index).expect("len"), 3);
    let by_user = read.open_table(tables::ACTIVITY_BY_USER).expect("index");
    assert_eq!(numbered(&by_user, 4), [(1, 1), (3, 2)]);
    assert_eq!(numbered(&by_user, 7), [(2, 1), (3, 2)]);
    assert!(
        read.open_table(tables::ACTIVITY_BY_USER_V1).is_err(),
        "the old index is gone"
    );
}

#[test]
fn version_14_indexes_the_balances_below_zero_stored_before_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = unmigrated(dir.path());
    run_up_to(&store, 13).expect("v13");
    let txn = store.write().expect("txn");
    let mut balances = txn.open_table(tables::BALANCES).expect("t");
    for (student, balance) in [(1, -500), (2, 300), (3, -100)] {
        balances.insert(student, balance).expect("i");
    }
    drop(balances);
    txn.commit().expect("commit");
    run(&store).expect("to latest");
    let read = store.read().expect("read");
    let debts = crate::store::ledger::debts(&read).expect("debts");
    assert_eq!(
        debts,
        [(crate::domain::UserId(1), -500), (crate::domain::UserId(3), -100)]
    );
}

#[test]
fn version_15_writes_the_instants_of_tasks_held_as_text_as_numbers() {
    use crate::domain::task::{Task, TaskPriority, TaskStatus};
    use crate::domain::{TaskId, UserId};
    let dir = tempfile::tempdir().expect("tempdir");
    let store = unmigrated(dir.path());
    run_up_to(&store, 14).expect("v14");
    let at: jiff::Timestamp = "2026-11-23T09:15:00.250Z".parse().expect("instant");
    let task = Task {
        id: TaskId(1),
        title: "Позвонить".into(),
        description: String::new(),
        author_id: UserId(2),
        assignee_id: UserId(2),
        related_user_id: None,
        due_on: jiff::civil::date(2026, 11, 24),
        due_time: None,
        priority: TaskPriority::Normal,
        status: TaskStatus::Done,
        placement: None,
        created_at: at,
        done_at: Some(at),
        reminded_for: None,
    };
    // The task as version 14 wrote it: its instants as RFC 3339 text.
    let mut before = serde_json::to_value(&task).expect("value");
    before["created_at"] = serde_json::json!("2026-11-23T09:15:00.25Z");
    before["done_at"] = serde_json::json!("2026-11-23T09:15:00.25Z");
    let txn = store.write().expect("txn");
    txn.open_table(tables::TASKS)
        .expect("t")
        .insert(1, codec::encode(&before).as_slice())
        .expect("i");
    txn.commit().expect("commit");
    run(&store).expect("to latest");
    let read = store.read().expect("read");
    let rows = read.open_table(tables::TASKS).expect("t");
    let bytes = rows.get(1).expect("get").expect("row").value().to_vec();
    let after: serde_json::Value = rmp_serde::from_slice(&bytes).expect("value");
    assert_eq!(after["created_at"], serde_json::json!(at.as_millisecond()));
    assert_eq!(after["done_at"], serde_json::json!(at.as_millisecond()));
    assert_eq!(codec::decode::<Task>("tasks", &bytes).expect("task"), task);
}

#[test]
fn version_16_indexes_the_lessons_stored_before_it_by_subject() {
    use crate::domain::lesson::Lesson;
    use crate::domain::{LessonId, SubjectId, UserId};
    use crate::store::lessons::{self, Whose};
    let dir = tempfile::tempdir().expect("tempdir");
    let store = unmigrated(dir.path());
    run_up_to(&store, 15).expect("v15");
    let lesson = |id: u64, subject: u64, at: &str| Lesson {
        id: LessonId(id),
        student_ids: vec![UserId(3)],
        ..Lesson::planned(UserId(2), SubjectId(subject), at.parse().expect("instant"), 45)
    };
    // Stored as version 15 did: the record alone (its other indexes do not matter here).
    let txn = store.write().expect("txn");
    let mut rows = txn.open_table(tables::LESSONS).expect("t");
    for l in [
        lesson(1, 7, "2026-11-20T09:00Z"),
        lesson(2, 8, "2026-11-21T09:00Z"),
        lesson(3, 7, "2026-11-19T09:00Z"),
    ] {
        rows.insert(l.id.0, codec::encode(&l).as_slice()).expect("i");
    }
    drop(rows);
    txn.commit().expect("commit");
    run(&store).expect("to latest");
    let read = store.read().expect("read");
    let (from, to) = (jiff::Timestamp::MIN, jiff::Timestamp::MAX);
    let of_7: Vec<LessonId> = lessons::ids(&read, &Whose::Subject(SubjectId(7)), from, to).expect("ids");
    assert_eq!(of_7, [LessonId(3), LessonId(1)], "by start");
}

#[test]
fn version_17_indexes_the_marks_stored_before_it_by_student_and_subject() {
    use crate::domain::journal::{Mark, MarkKind};
    use crate::domain::{MarkId, SubjectId, UserId};
    let dir = tempfile::tempdir().expect("tempdir");
    let store = unmigrated(dir.path());
    run_up_to(&store, 16).expect("v16");
    let mark = |id: u64, subject: u64, day: i8| Mark {
        id: MarkId(id),
        student_id: UserId(3),
        subject_id: SubjectId(subject),
        lesson_id: None,
        value: 5,
        kind: MarkKind::Test,
        weight: 2,
        comment: String::new(),
        date: jiff::civil::date(2026, 11, day),
        teacher_id: UserId(2),
        given_at: "2026-11-23T09:00Z".parse().expect("instant"),
    };
    let txn = store.write().expect("txn");
    let mut rows = txn.open_table(tables::MARKS).expect("t");
    for m in [mark(1, 7, 20), mark(2, 8, 21), mark(3, 7, 19)] {
        rows.insert(m.id.0, codec::encode(&m).as_slice()).expect("i");
    }
    drop(rows);
    txn.commit().expect("commit");
    run(&store).expect("to latest");
    let read = store.read().expect("read");
    let november = (jiff::civil::date(2026, 11, 1), jiff::civil::date(2026, 11, 30));
    let heads = crate::store::marks::subject_marks(&read)
        .expect("open")
        .heads((UserId(3), SubjectId(7)), november.0, november.1)
        .expect("heads");
    assert_eq!(
        heads.iter().map(|h| h.id).collect::<Vec<_>>(),
        [MarkId(3), MarkId(1)],
        "by day"
    );
}

#[test]
fn version_18_keys_the_due_indexes_of_tasks_by_day_and_time() {
    use crate::domain::task::{Task, TaskPriority, TaskStatus};
    use crate::domain::{TaskId, UserId};
    let dir = tempfile::tempdir().expect("tempdir");
    let store = unmigrated(dir.path());
    run_up_to(&store, 17).expect("v17");
    let day = jiff::civil::date(2026, 11, 24);
    let task = |id: u64, due_time: Option<jiff::civil::Time>| Task {
        id: TaskId(id),
        title: "Позвонить".into(),
        description: String::new(),
        author_id: UserId(2),
        assignee_id: UserId(3),
        related_user_id: None,
        due_on: day,
        due_time,
        priority: TaskPriority::Normal,
        status: TaskStatus::Todo,
        placement: None,
        created_at: "2026-11-23T09:15:00Z".parse().expect("instant"),
        done_at: None,
        reminded_for: None,
    };
    // As version 17 wrote them: every due index keyed by the day alone.
    let txn = store.write().expect("txn");
    for t in [
        task(1, None),
        task(2, Some(jiff::civil::time(16, 0, 0, 0))),
        task(3, Some(jiff::civil::time(9, 30, 0, 0))),
    ] {
        let (id, old) = (t.id.0, record::day_key(day));
        txn.open_table(tables::TASKS)
            .expect("t")
            .insert(id, codec::encode(&t).as_slice())
            .expect("i");
        txn.open_table(tables::TASKS_BY_ASSIGNEE)
            .expect("t")
            .insert((3, old, id), ())
            .expect("i");
        txn.open_table(tables::TASKS_BY_AUTHOR)
            .expect("t")
            .insert((2, old, id), ())
            .expect("i");
        txn.open_table(tables::TASKS_BY_DUE)
            .expect("t")
            .insert((old, id), ())
            .expect("i");
    }
    txn.commit().expect("commit");
    run(&store).expect("to latest");
    let read = store.read().expect("read");
    let (from, to) = (record::day_key(day), record::day_after(day));
    let by_time = [TaskId(3), TaskId(2), TaskId(1)];
    let assigned: Vec<TaskId> = record::ids_owned_between(&read, tables::TASKS_BY_ASSIGNEE, 3, from, to).expect("ids");
    assert_eq!(assigned, by_time, "timed first, by time; then the one with no time");
    let written: Vec<TaskId> = record::ids_owned_between(&read, tables::TASKS_BY_AUTHOR, 2, from, to).expect("ids");
    assert_eq!(written, by_time);
    let due: Vec<TaskId> = record::ids_between(&read, tables::TASKS_BY_DUE, from, to).expect("ids");
    assert_eq!(due, by_time, "and no row keyed by the day alone is left");
}

#[test]
fn a_newer_database_is_refused_with_advice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("txn");
    txn.open_table(tables::META)
        .expect("t")
        .insert(VERSION_KEY, 99u32.to_le_bytes().as_slice())
        .expect("i");
    txn.commit().expect("commit");
    drop(store);
    let err = Store::open(dir.path(), 4).err().expect("refused");
    assert!(matches!(err, StoreError::NewerSchema { found: 99, .. }));
    assert!(err.to_string().contains("Установите новую версию"));
}
