//! Attendance replaced per lesson, read back per lesson and per student (through his lessons, so
//! it follows a lesson that moved).

use super::*;
use crate::domain::LessonId;
use crate::store::lessons::tests::lesson;
use crate::store::record::{self, insert_built};
use crate::store::{Store, WriteTxn};

fn present(lesson: &Lesson, student: u64, status: AttendanceStatus) -> Attendance {
    Attendance {
        lesson_id: lesson.id,
        student_id: UserId(student),
        status,
        comment: String::new(),
        recorded_by: lesson.teacher_id,
        recorded_at: lesson.starts_at,
    }
}

#[test]
fn a_lessons_attendance_is_replaced_whole_and_a_students_statuses_follow_his_lessons() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let first = lesson(LessonId(1), 1, &[10, 11], Some(5), "", "2026-11-23T10:00:00Z");
    let second = lesson(LessonId(2), 1, &[10], Some(5), "", "2026-11-24T10:00:00Z");
    let txn = store.write().expect("write");
    insert_built(&txn, &first).expect("lesson");
    insert_built(&txn, &second).expect("lesson");
    let records = [
        present(&first, 10, AttendanceStatus::Late),
        present(&first, 11, AttendanceStatus::Present),
    ];
    assert!(replace_lesson(&txn, &first, &records).expect("write").is_empty());
    replace_lesson(&txn, &second, &[present(&second, 10, AttendanceStatus::Unexcused)]).expect("write");
    let old = replace_lesson(&txn, &first, &[present(&first, 10, AttendanceStatus::Excused)]).expect("replace");
    assert_eq!(old, records);
    let moved = Lesson {
        starts_at: "2026-11-25T10:00:00Z".parse().expect("instant"),
        ..first.clone()
    };
    record::replace(&txn, &first, &moved).expect("move");
    txn.commit().expect("commit");

    let read = store.read().expect("read");
    let kept = of_lesson(&read, LessonId(1)).expect("lesson");
    assert_eq!(
        kept.iter().map(|record| record.status).collect::<Vec<_>>(),
        [AttendanceStatus::Excused]
    );
    let year = (
        "2026-09-01T00:00:00Z".parse().expect("from"),
        "2027-06-01T00:00:00Z".parse().expect("to"),
    );
    let statuses = statuses_of(&read, UserId(10), year.0, year.1).expect("statuses");
    let seen: Vec<_> = statuses.iter().map(|at| (at.lesson_id.0, at.status)).collect();
    assert_eq!(
        seen,
        [(2, AttendanceStatus::Unexcused), (1, AttendanceStatus::Excused)],
        "by start, after the move"
    );
    assert!(statuses_of(&read, UserId(11), year.0, year.1).expect("none").is_empty());
}

#[test]
fn a_save_that_keeps_a_status_stores_the_new_comment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let first = lesson(LessonId(1), 1, &[10, 11], Some(5), "", "2026-11-23T10:00:00Z");
    let txn = store.write().expect("write");
    insert_built(&txn, &first).expect("lesson");
    let records = [
        present(&first, 10, AttendanceStatus::Late),
        present(&first, 11, AttendanceStatus::Present),
    ];
    replace_lesson(&txn, &first, &records).expect("write");
    let mut commented = records.clone();
    commented[0].comment = "на 10 минут".into();
    assert_eq!(replace_lesson(&txn, &first, &commented).expect("again"), records);
    txn.commit().expect("commit");

    let read = store.read().expect("read");
    assert_eq!(of_lesson(&read, LessonId(1)).expect("lesson"), commented);
    let (from, to) = (
        "2026-11-01T00:00:00Z".parse().expect("from"),
        "2026-12-01T00:00:00Z".parse().expect("to"),
    );
    for (student, status) in [(10, AttendanceStatus::Late), (11, AttendanceStatus::Present)] {
        let seen: Vec<_> = statuses_of(&read, UserId(student), from, to)
            .expect("statuses")
            .iter()
            .map(|at| at.status)
            .collect();
        assert_eq!(seen, [status]);
    }
}

#[test]
fn a_students_list_gets_a_new_version_only_when_one_of_his_statuses_changes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let at = lesson(LessonId(1), 1, &[10, 11], Some(5), "", "2026-11-23T10:00:00Z");
    let versions = |step: &dyn Fn(&WriteTxn)| -> [bool; 2] {
        let before = [10, 11].map(|s| store.versions.now().of(list_of(UserId(s))));
        let txn = store.write().expect("write");
        step(&txn);
        txn.commit().expect("commit");
        let after = [10, 11].map(|s| store.versions.now().of(list_of(UserId(s))));
        [0, 1].map(|i| before[i] != after[i])
    };
    let both = |ten, eleven| [present(&at, 10, ten), present(&at, 11, eleven)];
    use AttendanceStatus::{Late, Present};
    let first = both(Present, Present);
    assert_eq!(
        versions(&|txn| {
            replace_lesson(txn, &at, &first).expect("write");
        }),
        [true, true]
    );
    let late = both(Late, Present);
    assert_eq!(
        versions(&|txn| {
            replace_lesson(txn, &at, &late).expect("write");
        }),
        [true, false],
        "only his"
    );
    let commented = [
        late[0].clone(),
        Attendance {
            comment: "автобус".into(),
            ..late[1].clone()
        },
    ];
    assert_eq!(
        versions(&|txn| {
            replace_lesson(txn, &at, &commented).expect("write");
        }),
        [false, false],
        "a comment is not a status"
    );
    assert_eq!(
        versions(&|txn| {
            replace_lesson(txn, &at, &late[..1]).expect("write");
        }),
        [false, true],
        "his record removed"
    );
}

#[test]
fn a_students_latest_statuses_are_read_back_past_his_unrecorded_lessons_until_told_to_stop() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let days = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-30"];
    let lessons: Vec<Lesson> = (1..=5)
        .map(|n| {
            lesson(
                LessonId(n),
                1,
                &[10, 11],
                None,
                "",
                &format!("{}T10:00:00Z", days[n as usize - 1]),
            )
        })
        .collect();
    use AttendanceStatus::{Present, Unexcused};
    let txn = store.write().expect("write");
    for (at, status) in [(0, Present), (1, Unexcused), (2, Present), (3, Unexcused)] {
        insert_built(&txn, &lessons[at]).expect("lesson");
        let mut rows = vec![present(&lessons[at], 10, status)];
        if at != 2 {
            rows.push(present(&lessons[at], 11, Present));
        }
        replace_lesson(&txn, &lessons[at], &rows).expect("write");
    }
    insert_built(&txn, &lessons[4]).expect("a lesson ahead, nothing recorded");
    txn.commit().expect("commit");

    let read = store.read().expect("read");
    let statuses = statuses(&read).expect("open");
    let ids = |found: Vec<StatusAt>| found.iter().map(|s| s.lesson_id.0).collect::<Vec<_>>();
    let unexcused = |s: &StatusAt| s.status == Unexcused;
    assert_eq!(
        ids(statuses.back_from(UserId(10), Timestamp::MAX, unexcused).expect("back")),
        [4]
    );
    assert_eq!(
        ids(statuses.back_from(UserId(11), Timestamp::MAX, |_| true).expect("back")),
        [4, 2, 1],
        "latest first, lessons 3 and 5 have nothing of his"
    );
    let before_4 = lessons[3].starts_at;
    assert_eq!(
        ids(statuses.back_from(UserId(10), before_4, |_| true).expect("back")),
        [3, 2, 1]
    );
    let around = |student: u64, at: usize| {
        let (before, after) = statuses
            .around(UserId(student), &lessons[at], |_| true)
            .expect("around");
        (ids(before), ids(after))
    };
    assert_eq!(
        around(11, 1),
        (vec![1], vec![4]),
        "nearest first each side, lesson 3 has nothing of his"
    );
    assert_eq!(
        around(10, 0),
        (vec![], vec![2, 3, 4]),
        "the lesson itself is in neither"
    );
    assert_eq!(
        statuses.at_lesson(LessonId(3)).expect("lesson"),
        [(UserId(10), Present)],
        "a lesson's statuses by student"
    );
}
