//! Marks read back by lesson, by student and by subject over days.

use super::*;
use crate::domain::journal::MarkKind;
use crate::store::Store;
use jiff::civil::date;
use redb::ReadableTable;

fn mark(id: MarkId, student: u64, subject: u64, lesson: Option<u64>, value: u8, day: Date) -> Mark {
    Mark {
        id,
        student_id: UserId(student),
        subject_id: SubjectId(subject),
        lesson_id: lesson.map(LessonId),
        value,
        kind: MarkKind::Lesson,
        weight: 1,
        comment: String::new(),
        date: day,
        teacher_id: UserId(1),
        given_at: "2026-11-23T10:00:00Z".parse().expect("instant"),
    }
}

#[test]
fn marks_are_found_by_lesson_student_and_subject_and_a_day_counts_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    let plan = [
        (10, 1, Some(7), 5, date(2026, 11, 23)),
        (10, 1, None, 3, date(2026, 11, 30)),
        (10, 2, Some(8), 4, date(2026, 11, 23)),
        (11, 1, Some(7), 2, date(2026, 11, 23)),
    ];
    for (student, subject, lesson, value, day) in plan {
        record::insert(&txn, |id| mark(id, student, subject, lesson, value, day)).expect("insert");
    }
    txn.commit().expect("commit");

    let read = store.read().expect("read");
    let values = |marks: Vec<Mark>| marks.into_iter().map(|mark| mark.value).collect::<Vec<_>>();
    assert_eq!(values(of_lesson(&read, LessonId(7)).expect("lesson")), [5, 2]);
    let week = (date(2026, 11, 23), date(2026, 11, 29));
    assert_eq!(
        values(of_student(&read, UserId(10), week.0, week.1).expect("week")),
        [5, 4]
    );
    let through = of_student(&read, UserId(10), week.0, date(2026, 11, 30)).expect("to included");
    assert_eq!(values(through), [5, 4, 3]);
    assert_eq!(
        values(of_subject(&read, SubjectId(1), week.0, week.1).expect("subject")),
        [5, 2]
    );
    let heads = |student, subject, to| {
        let found = subject_marks(&read)
            .expect("open")
            .heads((UserId(student), SubjectId(subject)), week.0, to)
            .expect("heads");
        found.into_iter().map(|head| head.value).collect::<Vec<_>>()
    };
    assert_eq!(heads(10, 1, week.1), [5], "his, in the subject, in the week");
    assert_eq!(heads(10, 1, date(2026, 11, 30)), [5, 3]);
    assert_eq!(heads(11, 1, week.1), [2]);
    assert_eq!(day_key(date(1970, 1, 2)), 86_400_000);
}

#[test]
fn a_marks_student_and_subject_row_moves_with_its_day_and_goes_with_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    let given = record::insert(&txn, |id| mark(id, 10, 1, None, 4, date(2026, 11, 23))).expect("insert");
    record::update(
        &txn,
        &Mark {
            date: date(2026, 12, 1),
            ..given.clone()
        },
    )
    .expect("moved");
    txn.commit().expect("commit");
    let pair = (UserId(10), SubjectId(1));
    let read = store.read().expect("read");
    let november = subject_marks(&read)
        .expect("open")
        .heads(pair, date(2026, 11, 1), date(2026, 11, 30))
        .expect("heads");
    assert!(november.is_empty(), "the old day's row is gone");
    let december = subject_marks(&read)
        .expect("open")
        .heads(pair, date(2026, 12, 1), date(2026, 12, 31))
        .expect("heads");
    assert_eq!(december.iter().map(|h| h.id).collect::<Vec<_>>(), [given.id]);
    drop(read);
    let txn = store.write().expect("write");
    record::delete(
        &txn,
        &Mark {
            date: date(2026, 12, 1),
            ..given
        },
    )
    .expect("delete");
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    let rows = read.open_table(tables::MARKS_BY_STUDENT_SUBJECT).expect("index");
    assert!(rows.first().expect("first").is_none(), "no row left");
}
