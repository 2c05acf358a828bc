//! Attendance replaced per lesson, read back per lesson and per student, and moved with its lesson.

use super::*;
use crate::domain::LessonId;
use crate::store::Store;
use crate::store::lessons::tests::lesson;

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
fn a_lessons_attendance_is_replaced_whole_and_the_student_index_follows() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let mut first = lesson(LessonId(1), 1, &[10, 11], Some(5), "", "2026-11-23T10:00:00Z");
    let second = lesson(LessonId(2), 1, &[10], Some(5), "", "2026-11-24T10:00:00Z");
    let txn = store.write().expect("write");
    let records = [
        present(&first, 10, AttendanceStatus::Late),
        present(&first, 11, AttendanceStatus::Present),
    ];
    assert!(replace_lesson(&txn, &first, &records).expect("write").is_empty());
    replace_lesson(&txn, &second, &[present(&second, 10, AttendanceStatus::Unexcused)]).expect("write");
    let old = replace_lesson(&txn, &first, &[present(&first, 10, AttendanceStatus::Excused)]).expect("replace");
    assert_eq!(old, records);
    let moved_from = first.starts_at;
    first.starts_at = "2026-11-25T10:00:00Z".parse().expect("instant");
    lesson_moved(&txn, &first, moved_from).expect("move");
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
fn a_save_that_keeps_a_status_keeps_its_index_row_and_stores_the_new_comment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let first = lesson(LessonId(1), 1, &[10, 11], Some(5), "", "2026-11-23T10:00:00Z");
    let txn = store.write().expect("write");
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
    let mut at = lesson(LessonId(1), 1, &[10, 11], Some(5), "", "2026-11-23T10:00:00Z");
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
    let moved_from = at.starts_at;
    at.starts_at = "2026-11-25T10:00:00Z".parse().expect("instant");
    assert_eq!(
        versions(&|txn| lesson_moved(txn, &at, moved_from).expect("move")),
        [true, true],
        "the lesson moved"
    );
    assert_eq!(
        versions(&|txn| {
            replace_lesson(txn, &at, &late[..1]).expect("write");
        }),
        [false, true],
        "his record removed"
    );
}
