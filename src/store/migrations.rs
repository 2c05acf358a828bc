//! The stored schema version and the numbered migrations that bring a database up to it.
//! Each migration runs in one write transaction together with the new version number, so a
//! crash leaves either the old or the new version; each is written to be safe to run again.

use super::record::{self, Record};
use super::{Store, StoreError, codec, tables, tasks};
use crate::domain::User;
use crate::domain::activity::ActivityEntry;
use crate::domain::event::Event;
use crate::domain::journal::Mark;
use crate::domain::lesson::{Lesson, LessonHead};
use crate::domain::task::Task;
use crate::store::WriteTxn;
use redb::{ReadTransaction, ReadableTable};
use serde::de::DeserializeOwned;

/// The schema version this release writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

const VERSION_KEY: &str = "schema_version";

type Migration = fn(&WriteTxn) -> Result<(), StoreError>;

/// Migration N (1-based) is `MIGRATIONS[N - 1]`. Append only; never edit a released one.
const MIGRATIONS: [(&str, Migration); 22] = [
    ("create the base tables", create_base_tables),
    ("index users by role", index_users_by_role),
    (
        "create session, token and mail tables and the server key",
        create_auth_and_mail,
    ),
    ("create tag and family tables", create_tags_and_family),
    ("create file tables", create_files),
    (
        "create the activity log and notification tables",
        create_activity_and_notifications,
    ),
    (
        "index the activity log by action, and number each person's and each action's entries",
        index_activity_by_action_and_number,
    ),
    (
        "create subject, course, enrolment and person-subject tables",
        create_subjects_and_courses,
    ),
    ("create the group and lesson tables", create_groups_and_lessons),
    ("create the calendar feed table", create_calendar_feeds),
    ("create the attendance and mark tables", create_attendance_and_marks),
    (
        "create the ledger, balance and package tables",
        create_ledger_and_packages,
    ),
    (
        "create the task, board and event tables",
        create_tasks_boards_and_events,
    ),
    ("index the balances below zero", index_debts),
    (
        "store the instants of tasks and events as unix milliseconds",
        reencode_tasks_and_events,
    ),
    ("index lessons by subject", index_lessons_by_subject),
    ("index marks by student and subject", index_marks_by_student_and_subject),
    ("index tasks by due time within their day", index_tasks_by_due_time),
    ("create the table of lists' versions", create_list_versions),
    (
        "drop the table of lists' versions: they are kept in memory",
        drop_list_versions,
    ),
    (
        "drop the students' attendance index: statuses are read through their lessons",
        drop_attendance_by_student,
    ),
    (
        "drop the marks' index by student: the index by student and subject serves",
        drop_marks_by_student,
    ),
];

/// META key of the server's random secret (signs anonymous CSRF tokens).
pub const SECRET_KEY: &str = "secret_key";

/// Refuses a newer database, then applies every migration above the stored version.
pub fn run(store: &Store) -> Result<(), StoreError> {
    run_up_to(store, SCHEMA_VERSION)
}

fn run_up_to(store: &Store, target: u32) -> Result<(), StoreError> {
    let found = stored_version(store)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    for version in found + 1..=target {
        let (what, migrate) = MIGRATIONS[version as usize - 1];
        tracing::info!(version, what, "applying database migration");
        let txn = store.write()?;
        migrate(&txn)?;
        txn.open_table(tables::META)?
            .insert(VERSION_KEY, version.to_le_bytes().as_slice())?;
        txn.commit()?;
    }
    Ok(())
}

/// The schema version stored in the file; 0 for a new, empty file.
pub fn stored_version(store: &Store) -> Result<u32, StoreError> {
    version_in(&store.read()?)
}

/// The schema version in the snapshot `txn` (of this database or of a copy); 0 when empty.
pub fn version_in(txn: &ReadTransaction) -> Result<u32, StoreError> {
    let meta = match txn.open_table(tables::META) {
        Ok(meta) => meta,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(err) => return Err(err.into()),
    };
    let Some(bytes) = meta.get(VERSION_KEY)? else {
        return Ok(0);
    };
    let bytes: [u8; 4] = bytes.value().try_into().map_err(|_| StoreError::Corrupt {
        table: tables::name(&tables::META),
        reason: "schema_version is not 4 bytes".into(),
    })?;
    Ok(u32::from_le_bytes(bytes))
}

fn create_base_tables(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::META)?;
    txn.open_table(tables::SEQUENCES)?;
    txn.open_table(tables::USERS)?;
    txn.open_table(tables::USERS_BY_EMAIL)?;
    Ok(())
}

/// Version 2 added the role index; this fills it from the users already stored.
fn index_users_by_role(txn: &WriteTxn) -> Result<(), StoreError> {
    let users = txn.open_table(tables::USERS)?;
    let mut by_role = txn.open_table(tables::USERS_BY_ROLE)?;
    by_role.retain(|_, _| false)?;
    for row in users.iter()? {
        let (_, value) = row?;
        let user: User = codec::decode(tables::name(&tables::USERS), value.value())?;
        for role in &user.roles {
            by_role.insert((role.as_str(), user.id.0), ())?;
        }
    }
    Ok(())
}

fn create_auth_and_mail(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::SESSIONS)?;
    txn.open_table(tables::SESSIONS_BY_USER)?;
    txn.open_table(tables::ONE_TIME_TOKENS)?;
    txn.open_table(tables::MAIL)?;
    txn.open_table(tables::MAIL_QUEUE)?;
    txn.open_table(tables::MAIL_BY_USER)?;
    let mut meta = txn.open_table(tables::META)?;
    if meta.get(SECRET_KEY)?.is_none() {
        meta.insert(SECRET_KEY, rand::random::<[u8; 32]>().as_slice())?;
    }
    Ok(())
}

fn create_tags_and_family(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::TAGS)?;
    txn.open_table(tables::TAGS_BY_NAME)?;
    txn.open_table(tables::FAMILY)?;
    txn.open_table(tables::FAMILY_BY_CHILD)?;
    Ok(())
}

fn create_files(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::FILES)?;
    txn.open_table(tables::FILE_CHUNKS)?;
    txn.open_table(tables::FILES_BY_USER)?;
    Ok(())
}

fn create_activity_and_notifications(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::ACTIVITY)?;
    txn.open_table(tables::ACTIVITY_BY_USER_V1)?;
    txn.open_table(tables::NOTIFICATIONS)?;
    txn.open_table(tables::NOTIFICATIONS_BY_USER)?;
    txn.open_table(tables::NOTIFICATIONS_UNREAD)?;
    txn.open_table(tables::NOTIFICATION_SETTINGS)?;
    Ok(())
}

fn create_subjects_and_courses(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::SUBJECTS)?;
    txn.open_table(tables::SUBJECTS_BY_NAME)?;
    txn.open_table(tables::COURSES)?;
    txn.open_table(tables::COURSES_BY_SUBJECT)?;
    txn.open_table(tables::ENROLMENTS)?;
    txn.open_table(tables::ENROLMENTS_BY_COURSE)?;
    txn.open_table(tables::ENROLMENTS_BY_STUDENT)?;
    txn.open_table(tables::ENROLMENTS_BY_PAIR)?;
    txn.open_table(tables::PERSON_SUBJECTS)?;
    txn.open_table(tables::PERSON_SUBJECTS_BY_SUBJECT)?;
    Ok(())
}

fn create_calendar_feeds(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::CALENDAR_FEEDS)?;
    Ok(())
}

fn index_activity_by_action_and_number(txn: &WriteTxn) -> Result<(), StoreError> {
    let mut by_action = txn.open_table(tables::ACTIVITY_BY_ACTION)?;
    let mut counts = std::collections::HashMap::new();
    for row in txn.open_table(tables::ACTIVITY)?.iter()? {
        let (id, bytes) = row?;
        let entry: ActivityEntry = codec::decode(tables::name(&tables::ACTIVITY), bytes.value())?;
        let number = counts.entry(entry.action.number()).or_insert(0);
        *number += 1;
        by_action.insert((entry.action.number(), id.value()), *number)?;
    }
    // The old index, in (person, entry) order, numbered afresh for each person.
    let mut by_user = txn.open_table(tables::ACTIVITY_BY_USER)?;
    let mut previous = (0, 0);
    for row in txn.open_table(tables::ACTIVITY_BY_USER_V1)?.iter()? {
        let (person, entry) = row?.0.value();
        previous = (person, if previous.0 == person { previous.1 + 1 } else { 1 });
        by_user.insert((person, entry), previous.1)?;
    }
    txn.delete_table(tables::ACTIVITY_BY_USER_V1)?;
    Ok(())
}

fn create_groups_and_lessons(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::GROUPS)?;
    txn.open_table(tables::GROUPS_BY_TEACHER)?;
    txn.open_table(tables::GROUPS_BY_STUDENT)?;
    txn.open_table(tables::LESSONS)?;
    txn.open_table(tables::LESSONS_BY_TIME)?;
    txn.open_table(tables::LESSONS_BY_TEACHER)?;
    txn.open_table(tables::LESSONS_BY_STUDENT)?;
    txn.open_table(tables::LESSONS_BY_GROUP)?;
    txn.open_table(tables::LESSONS_BY_ROOM)?;
    Ok(())
}

fn create_attendance_and_marks(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::ATTENDANCE)?;
    txn.open_table(tables::ATTENDANCE_BY_STUDENT_V1)?;
    txn.open_table(tables::MARKS)?;
    txn.open_table(tables::MARKS_BY_LESSON)?;
    txn.open_table(tables::MARKS_BY_STUDENT_V1)?;
    txn.open_table(tables::MARKS_BY_SUBJECT)?;
    Ok(())
}

fn create_ledger_and_packages(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::LEDGER)?;
    txn.open_table(tables::LEDGER_BY_STUDENT)?;
    txn.open_table(tables::LEDGER_BY_DAY)?;
    txn.open_table(tables::LEDGER_DAY_TOTALS)?;
    txn.open_table(tables::LEDGER_REVERSED)?;
    txn.open_table(tables::BALANCES)?;
    txn.open_table(tables::LESSON_CHARGES)?;
    txn.open_table(tables::PACKAGES)?;
    txn.open_table(tables::PACKAGES_BY_STUDENT)?;
    Ok(())
}

fn index_debts(txn: &WriteTxn) -> Result<(), StoreError> {
    let balances = txn.open_table(tables::BALANCES)?;
    let mut debts = txn.open_table(tables::DEBTS)?;
    for row in balances.iter()? {
        let (student, balance) = row?;
        if balance.value() < 0 {
            debts.insert((balance.value(), student.value()), ())?;
        }
    }
    Ok(())
}

fn create_tasks_boards_and_events(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::TASKS)?;
    txn.open_table(tables::TASKS_BY_ASSIGNEE)?;
    txn.open_table(tables::TASKS_BY_AUTHOR)?;
    txn.open_table(tables::TASKS_BY_RELATED)?;
    txn.open_table(tables::TASKS_BY_DUE)?;
    txn.open_table(tables::TASKS_ON_BOARD)?;
    txn.open_table(tables::BOARDS)?;
    txn.open_table(tables::BOARDS_BY_OWNER)?;
    txn.open_table(tables::EVENTS)?;
    txn.open_table(tables::EVENTS_BY_START)?;
    Ok(())
}

/// Writes each task and event again: decoded from the RFC 3339 text they held, encoded with
/// numbers (`domain::instant`); their index rows do not change.
fn reencode_tasks_and_events(txn: &WriteTxn) -> Result<(), StoreError> {
    reencode::<Task>(txn)?;
    reencode::<Event>(txn)
}

fn reencode<R: Record>(txn: &WriteTxn) -> Result<(), StoreError> {
    let mut rows = txn.open_table(R::TABLE)?;
    let ids: Vec<u64> = rows
        .iter()?
        .map(|row| Ok(row?.0.value()))
        .collect::<Result<_, StoreError>>()?;
    for id in ids {
        let Some(bytes) = rows.get(id)?.map(|b| b.value().to_vec()) else {
            continue;
        };
        let record: R = codec::decode(record::name_of::<R>(), &bytes)?;
        rows.insert(id, codec::encode(&record).as_slice())?;
    }
    Ok(())
}

/// Calls `each` with the id of every stored `R` and the record decoded as `H` (the record, or a
/// head of the fields an index needs).
fn each_stored<R: Record, H: DeserializeOwned>(
    txn: &WriteTxn,
    mut each: impl FnMut(u64, H) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let rows = txn.open_table(R::TABLE)?;
    for row in rows.iter()? {
        let (id, bytes) = row?;
        each(id.value(), codec::decode(record::name_of::<R>(), bytes.value())?)?;
    }
    Ok(())
}

/// Writes the subject index row of every lesson stored before it.
fn index_lessons_by_subject(txn: &WriteTxn) -> Result<(), StoreError> {
    let mut by_subject = txn.open_table(tables::LESSONS_BY_SUBJECT)?;
    each_stored::<Lesson, LessonHead>(txn, |id, lesson| {
        by_subject.insert((lesson.subject_id.0, lesson.starts_at.as_millisecond(), id), ())?;
        Ok(())
    })
}

/// Writes the (student, subject, day) index row of every mark stored before it.
fn index_marks_by_student_and_subject(txn: &WriteTxn) -> Result<(), StoreError> {
    let mut index = txn.open_table(tables::MARKS_BY_STUDENT_SUBJECT)?;
    each_stored::<Mark, Mark>(txn, |id, mark| {
        let day = record::day_key(mark.date);
        index.insert((mark.student_id.0, mark.subject_id.0, day, id), ())?;
        Ok(())
    })
}

/// Writes the due indexes of tasks again, keyed by `tasks::due_key` (day and time) where
/// release 17 keyed them by day alone.
fn index_tasks_by_due_time(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.delete_table(tables::TASKS_BY_ASSIGNEE)?;
    txn.delete_table(tables::TASKS_BY_AUTHOR)?;
    txn.delete_table(tables::TASKS_BY_DUE)?;
    let mut by_assignee = txn.open_table(tables::TASKS_BY_ASSIGNEE)?;
    let mut by_author = txn.open_table(tables::TASKS_BY_AUTHOR)?;
    let mut by_due = txn.open_table(tables::TASKS_BY_DUE)?;
    each_stored::<Task, Task>(txn, |id, task| {
        let due = tasks::due_key(&task);
        by_assignee.insert((task.assignee_id.0, due, id), ())?;
        by_author.insert((task.author_id.0, due, id), ())?;
        by_due.insert((due, id), ())?;
        Ok(())
    })
}

/// Lists written before it have no version yet and read as version 0 until their first change.
fn create_list_versions(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.open_table(tables::LIST_VERSIONS_V1)?;
    Ok(())
}

/// The versions moved to memory (`record::ListVersions`): a change no longer writes one row per
/// list it touched, scattered over the file.
fn drop_list_versions(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.delete_table(tables::LIST_VERSIONS_V1)?;
    Ok(())
}

/// A student's statuses are read through his lessons (`store::attendance::Statuses`): a saved
/// journal no longer writes one index row per student, scattered over the file.
fn drop_attendance_by_student(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.delete_table(tables::ATTENDANCE_BY_STUDENT_V1)?;
    Ok(())
}

/// A student's marks are read from the index by student and subject (`store::marks::of_student`):
/// a mark no longer writes a row here too, in another place of the file.
fn drop_marks_by_student(txn: &WriteTxn) -> Result<(), StoreError> {
    txn.delete_table(tables::MARKS_BY_STUDENT_V1)?;
    Ok(())
}

#[cfg(test)]
mod tests;
