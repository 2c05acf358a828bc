//! The catalogue: every table of the database, its key and its value. Names carry a version;
//! a change of a table's key or value layout gets a new name and a migration.

use redb::{Key, TableDefinition, TableHandle, Value};

/// A table's name, for errors and id sequences: `tables::name(&tables::TAGS)` (never the name
/// written out again).
pub fn name<K: Key + 'static, V: Value + 'static>(table: &'static TableDefinition<'static, K, V>) -> &'static str {
    table.name()
}

/// Database facts by name (`schema_version` -> u32 as little-endian bytes).
pub const META: TableDefinition<&str, &[u8]> = TableDefinition::new("meta-1");

/// Last id handed out per table name.
pub const SEQUENCES: TableDefinition<&str, u64> = TableDefinition::new("sequences-1");

/// User id -> `domain::User` (codec-encoded).
pub const USERS: TableDefinition<u64, &[u8]> = TableDefinition::new("users-1");

/// Index: normalised e-mail -> user id. Written with every change of a user's e-mail.
pub const USERS_BY_EMAIL: TableDefinition<&str, u64> = TableDefinition::new("users-by-email-1");

/// Index: (role name, user id) -> (). Written with every change of a user's roles.
pub const USERS_BY_ROLE: TableDefinition<(&str, u64), ()> = TableDefinition::new("users-by-role-1");

/// Signed-in sessions: SHA-256 of the session token -> `auth::Session`. The token itself is
/// only in the browser's cookie, so a copy of the database opens no session.
pub const SESSIONS: TableDefinition<&[u8], &[u8]> = TableDefinition::new("sessions-1");

/// Index: (user id, SHA-256 of the session token) -> (), to end all of a user's sessions.
pub const SESSIONS_BY_USER: TableDefinition<(u64, &[u8]), ()> = TableDefinition::new("sessions-by-user-1");

/// Single-use tokens sent by mail (password reset, e-mail confirmation):
/// SHA-256 of the token -> `auth::OneTimeToken`.
pub const ONE_TIME_TOKENS: TableDefinition<&[u8], &[u8]> = TableDefinition::new("one-time-tokens-1");

/// The mail outbox and history: mail id -> `domain::mail::MailRecord`. Never deleted.
pub const MAIL: TableDefinition<u64, &[u8]> = TableDefinition::new("mail-1");

/// Index: (next attempt, unix ms; mail id) -> () for mail still to be sent.
pub const MAIL_QUEUE: TableDefinition<(i64, u64), ()> = TableDefinition::new("mail-queue-1");

/// Index: (user id, mail id) -> (), a user's mail history.
pub const MAIL_BY_USER: TableDefinition<(u64, u64), ()> = TableDefinition::new("mail-by-user-1");

/// Tags: tag id -> `domain::Tag`.
pub const TAGS: TableDefinition<u64, &[u8]> = TableDefinition::new("tags-1");

/// Index: folded tag name -> tag id (names are unique, case- and ё-insensitive).
pub const TAGS_BY_NAME: TableDefinition<&str, u64> = TableDefinition::new("tags-by-name-1");

/// Family links: (parent id, child id) -> ().
pub const FAMILY: TableDefinition<(u64, u64), ()> = TableDefinition::new("family-1");

/// Index: (child id, parent id) -> (), written with every link.
pub const FAMILY_BY_CHILD: TableDefinition<(u64, u64), ()> = TableDefinition::new("family-by-child-1");

/// Files in a user's cabinet: file id -> `domain::file::StoredFile` (name, type, size, SHA-256 …).
pub const FILES: TableDefinition<u64, &[u8]> = TableDefinition::new("files-1");

/// File contents in chunks: (file id, chunk number) -> bytes, so a download streams.
pub const FILE_CHUNKS: TableDefinition<(u64, u32), &[u8]> = TableDefinition::new("file-chunks-1");

/// Index: (user id, file id) -> (), a user's cabinet.
pub const FILES_BY_USER: TableDefinition<(u64, u64), ()> = TableDefinition::new("files-by-user-1");

/// The activity log, append-only: entry id -> `domain::activity::ActivityEntry`.
pub const ACTIVITY: TableDefinition<u64, &[u8]> = TableDefinition::new("activity-1");

/// Index: (user id, entry id) -> () for every person an entry concerns. Until migration 7,
/// which replaced it with `ACTIVITY_BY_USER`.
pub const ACTIVITY_BY_USER_V1: TableDefinition<(u64, u64), ()> = TableDefinition::new("activity-by-user-1");

/// Index: (user id, entry id) -> the entry's number among that person's entries (1, 2, 3 …),
/// for every person an entry concerns (actor, impersonator, subjects), so a person's log is a
/// range and the entries of a window are counted from its two ends.
pub const ACTIVITY_BY_USER: TableDefinition<(u64, u64), u64> = TableDefinition::new("activity-by-user-2");

/// Index: (`Action::number`, entry id) -> the entry's number among that action's entries, so
/// the entries of one kind are a range, counted from its ends.
pub const ACTIVITY_BY_ACTION: TableDefinition<(u64, u64), u64> = TableDefinition::new("activity-by-action-1");

/// Notifications: id -> `domain::notification::Notification`.
pub const NOTIFICATIONS: TableDefinition<u64, &[u8]> = TableDefinition::new("notifications-1");

/// Index: (user id, notification id) -> (), a person's notifications.
pub const NOTIFICATIONS_BY_USER: TableDefinition<(u64, u64), ()> = TableDefinition::new("notifications-by-user-1");

/// Index: (user id, notification id) -> () for the unread ones, so the count is a range.
pub const NOTIFICATIONS_UNREAD: TableDefinition<(u64, u64), ()> = TableDefinition::new("notifications-unread-1");

/// Which notification kinds a person also gets by mail and which he switched off: user id ->
/// the choice (`store::notifications::choice`).
pub const NOTIFICATION_SETTINGS: TableDefinition<u64, &[u8]> = TableDefinition::new("notification-settings-1");

/// Subjects: subject id -> `domain::subject::Subject`.
pub const SUBJECTS: TableDefinition<u64, &[u8]> = TableDefinition::new("subjects-1");

/// Index: folded subject name -> subject id (names are unique, case- and ё-insensitive).
pub const SUBJECTS_BY_NAME: TableDefinition<&str, u64> = TableDefinition::new("subjects-by-name-1");

/// Courses: course id -> `domain::course::Course`.
pub const COURSES: TableDefinition<u64, &[u8]> = TableDefinition::new("courses-1");

/// Index: (subject id, course id) -> (), the courses of a subject.
pub const COURSES_BY_SUBJECT: TableDefinition<(u64, u64), ()> = TableDefinition::new("courses-by-subject-1");

/// Enrolments: enrolment id -> `domain::course::Enrolment`.
pub const ENROLMENTS: TableDefinition<u64, &[u8]> = TableDefinition::new("enrolments-1");

/// Index: (course id, enrolment id) -> (), a course's enrolments.
pub const ENROLMENTS_BY_COURSE: TableDefinition<(u64, u64), ()> = TableDefinition::new("enrolments-by-course-1");

/// Index: (student id, enrolment id) -> (), a student's enrolments.
pub const ENROLMENTS_BY_STUDENT: TableDefinition<(u64, u64), ()> = TableDefinition::new("enrolments-by-student-1");

/// Index: "course id/student id" -> enrolment id: a student is enrolled in a course once.
pub const ENROLMENTS_BY_PAIR: TableDefinition<&str, u64> = TableDefinition::new("enrolments-by-pair-1");

/// What a person studies or teaches: user id -> `domain::subject::PersonSubjects`.
pub const PERSON_SUBJECTS: TableDefinition<u64, &[u8]> = TableDefinition::new("person-subjects-1");

/// Index: (subject id, user id) -> (), the people who study or teach a subject.
pub const PERSON_SUBJECTS_BY_SUBJECT: TableDefinition<(u64, u64), ()> =
    TableDefinition::new("person-subjects-by-subject-1");

/// Private iCal links: user id -> `domain::calendar::CalendarFeed` (one per person).
pub const CALENDAR_FEEDS: TableDefinition<u64, &[u8]> = TableDefinition::new("calendar-feeds-1");
/// Groups (a teacher, students and a weekly timetable): group id -> `domain::group::Group`.
pub const GROUPS: TableDefinition<u64, &[u8]> = TableDefinition::new("groups-1");

/// Index: (teacher id, group id) -> (), the groups a person teaches.
pub const GROUPS_BY_TEACHER: TableDefinition<(u64, u64), ()> = TableDefinition::new("groups-by-teacher-1");

/// Index: (student id, group id) -> (), the groups a person studies in.
pub const GROUPS_BY_STUDENT: TableDefinition<(u64, u64), ()> = TableDefinition::new("groups-by-student-1");

/// Lessons: lesson id -> `domain::lesson::Lesson` (its start stored as unix ms).
pub const LESSONS: TableDefinition<u64, &[u8]> = TableDefinition::new("lessons-1");

/// Index: (start, unix ms; lesson id) -> (), the whole school's lessons by time.
pub const LESSONS_BY_TIME: TableDefinition<(i64, u64), ()> = TableDefinition::new("lessons-by-time-1");

/// Index: (teacher id, start unix ms, lesson id) -> (), a teacher's lessons by time.
pub const LESSONS_BY_TEACHER: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("lessons-by-teacher-1");

/// Index: (student id, start unix ms, lesson id) -> (), a student's lessons by time.
pub const LESSONS_BY_STUDENT: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("lessons-by-student-1");

/// Index: (group id, start unix ms, lesson id) -> (), a group's lessons by time.
pub const LESSONS_BY_GROUP: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("lessons-by-group-1");

/// Index: (subject id, start unix ms, lesson id) -> (), a subject's lessons by time.
pub const LESSONS_BY_SUBJECT: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("lessons-by-subject-1");

/// Index: (folded room, start unix ms, lesson id) -> (), a room's lessons by time.
pub const LESSONS_BY_ROOM: TableDefinition<(&str, i64, u64), ()> = TableDefinition::new("lessons-by-room-1");

/// Attendance: (lesson id, student id) -> `domain::journal::Attendance` (at most one each).
pub const ATTENDANCE: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("attendance-1");

/// The students' attendance index until migration 21, which dropped it (a student's statuses
/// are read through his lessons): (student id, lesson start unix ms, lesson id) -> status code.
pub const ATTENDANCE_BY_STUDENT_V1: TableDefinition<(u64, i64, u64), u8> =
    TableDefinition::new("attendance-by-student-1");

/// Marks: mark id -> `domain::journal::Mark`.
pub const MARKS: TableDefinition<u64, &[u8]> = TableDefinition::new("marks-1");

/// Index: (lesson id, mark id) -> (), the marks given at a lesson.
pub const MARKS_BY_LESSON: TableDefinition<(u64, u64), ()> = TableDefinition::new("marks-by-lesson-1");

/// The marks' index by student until migration 22, which dropped it (`MARKS_BY_STUDENT_SUBJECT`
/// gives a student's marks): (student id, day as unix ms at 00:00 UTC, mark id) -> ().
pub const MARKS_BY_STUDENT_V1: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("marks-by-student-1");

/// Index: (student id, subject id, day as unix ms at 00:00 UTC, mark id) -> (), a student's
/// marks in one subject by day.
pub const MARKS_BY_STUDENT_SUBJECT: TableDefinition<(u64, u64, i64, u64), ()> =
    TableDefinition::new("marks-by-student-subject-1");

/// Index: (subject id, day as unix ms at 00:00 UTC, mark id) -> (), a subject's marks by day.
pub const MARKS_BY_SUBJECT: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("marks-by-subject-1");

/// The money ledger: entry id -> `domain::ledger::LedgerEntry`. Append only: ids 1, 2, 3 … with
/// no gaps, nothing updated or removed.
pub const LEDGER: TableDefinition<u64, &[u8]> = TableDefinition::new("ledger-1");

/// Index: (student id, entry id) -> 1, 2, 3 … a student's entries, numbered in order.
pub const LEDGER_BY_STUDENT: TableDefinition<(u64, u64), u64> = TableDefinition::new("ledger-by-student-1");

/// Index: (day as unix ms at 00:00 UTC, entry id) -> (student id, kind code, method or reason
/// code, effect on the balance in kopecks): a range of days filtered and totalled from keys.
pub const LEDGER_BY_DAY: TableDefinition<(i64, u64), (u64, u8, u8, i64)> = TableDefinition::new("ledger-by-day-1");

/// Sums of the ledger by day: (day as unix ms at 00:00 UTC, kind code, method or reason code) ->
/// (entries, their effect on balances in kopecks), so a month's totals read a few rows.
pub const LEDGER_DAY_TOTALS: TableDefinition<(i64, u8, u8), (u64, i64)> = TableDefinition::new("ledger-day-totals-1");

/// Reversed entries: entry id -> the id of the reversal that cancels it (at most one).
pub const LEDGER_REVERSED: TableDefinition<u64, u64> = TableDefinition::new("ledger-reversed-1");

/// Balances: student id -> kopecks (payments − charges), written with every entry.
pub const BALANCES: TableDefinition<u64, i64> = TableDefinition::new("balances-1");

/// What each held lesson settled per student: (lesson id, student id) ->
/// `domain::ledger::LessonCharge`.
pub const LESSON_CHARGES: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("lesson-charges-1");

/// Index: (balance, student id) -> () for every balance below zero, so the debtors read in
/// order, the largest debt first, without walking every balance.
pub const DEBTS: TableDefinition<(i64, u64), ()> = TableDefinition::new("debts-1");

/// Prepaid packages: package id -> `domain::package::Package`.
pub const PACKAGES: TableDefinition<u64, &[u8]> = TableDefinition::new("packages-1");

/// Index: (student id, package id) -> (), a student's packages.
pub const PACKAGES_BY_STUDENT: TableDefinition<(u64, u64), ()> = TableDefinition::new("packages-by-student-1");

/// The keys of money-creating requests (`Idempotency-Key`), so that a request sent again finds
/// what the first wrote: (caller's user id, the key's text) -> (the ledger entry's or the
/// package's id, the unix ms it was written, SHA-256 of the request's form). Kept 7 days.
pub const REQUEST_KEYS: TableDefinition<(u64, &str), (u64, i64, [u8; 32])> = TableDefinition::new("request-keys-1");

/// Tasks: task id -> `domain::task::Task`.
pub const TASKS: TableDefinition<u64, &[u8]> = TableDefinition::new("tasks-1");

/// Index: (assignee id, due day, task id) -> (), a person's tasks by due day.
pub const TASKS_BY_ASSIGNEE: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("tasks-by-assignee-1");

/// Index: (author id, due day, task id) -> (), the tasks a person wrote by due day.
pub const TASKS_BY_AUTHOR: TableDefinition<(u64, i64, u64), ()> = TableDefinition::new("tasks-by-author-1");

/// Index: (related person id, task id) -> (), the tasks about a student or parent.
pub const TASKS_BY_RELATED: TableDefinition<(u64, u64), ()> = TableDefinition::new("tasks-by-related-1");

/// Index: (due day, task id) -> (), every task by due day (lists, the daily reminder).
pub const TASKS_BY_DUE: TableDefinition<(i64, u64), ()> = TableDefinition::new("tasks-by-due-1");

/// Index: (board id, column id, position, task id) -> (), a board's cards in order.
pub const TASKS_ON_BOARD: TableDefinition<(u64, u64, &str, u64), ()> = TableDefinition::new("tasks-on-board-1");

/// The versions of lists until migration 20, which dropped them (they are kept in memory now,
/// `record::ListVersions`): (index name, owner) -> a random number.
pub const LIST_VERSIONS_V1: TableDefinition<(&str, u64), u64> = TableDefinition::new("list-versions-1");

/// Boards: board id -> `domain::board::Board`.
pub const BOARDS: TableDefinition<u64, &[u8]> = TableDefinition::new("boards-1");

/// Index: (owner id, board id) -> (), a person's boards.
pub const BOARDS_BY_OWNER: TableDefinition<(u64, u64), ()> = TableDefinition::new("boards-by-owner-1");

/// School events: event id -> `domain::event::Event`.
pub const EVENTS: TableDefinition<u64, &[u8]> = TableDefinition::new("events-1");

/// Index: (start unix ms, event id) -> (), events by start.
pub const EVENTS_BY_START: TableDefinition<(i64, u64), ()> = TableDefinition::new("events-by-start-1");
