//! Lessons read by time through each index.

use super::*;
use crate::domain::{SubjectId, UserId};
use crate::store::Store;

/// A planned lesson of subject 1, an hour long, for the store's tests.
pub(crate) fn lesson(id: LessonId, teacher: u64, students: &[u64], group: Option<u64>, room: &str, at: &str) -> Lesson {
    Lesson {
        id,
        group_id: group.map(GroupId),
        student_ids: students.iter().copied().map(UserId).collect(),
        room: room.into(),
        ..Lesson::planned(UserId(teacher), SubjectId(1), at.parse().expect("instant"), 60)
    }
}

#[test]
fn each_index_reads_a_window_by_start_and_the_start_survives_as_milliseconds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(dir.path(), 4).expect("open");
    let txn = store.write().expect("write");
    let plan = [
        (1, &[10, 11][..], Some(5), "Каб. 12", "2026-11-24T13:00:00.250Z"),
        (1, &[10][..], None, "", "2026-11-23T13:00:00Z"),
        (2, &[11][..], Some(6), "каб. 12", "2026-11-25T13:00:00Z"),
        (1, &[10][..], Some(5), "", "2026-12-30T13:00:00Z"),
    ];
    for (teacher, students, group, room, at) in plan {
        record::insert(&txn, |id| lesson(id, teacher, students, group, room, at)).expect("insert");
    }
    txn.commit().expect("commit");
    let read = store.read().expect("read");
    let (from, to): (Timestamp, Timestamp) = (
        "2026-11-23T00:00:00Z".parse().expect("instant"),
        "2026-11-30T00:00:00Z".parse().expect("instant"),
    );
    let ids = |found: Vec<Lesson>| found.into_iter().map(|l| l.id.0).collect::<Vec<_>>();
    assert_eq!(ids(between(&read, from, to).expect("week")), [2, 1, 3]);
    assert_eq!(ids(of_teacher(&read, UserId(1), from, to).expect("teacher")), [2, 1]);
    assert_eq!(ids(of_student(&read, UserId(11), from, to).expect("student")), [1, 3]);
    assert_eq!(
        ids(of_group(
            &read,
            GroupId(5),
            from,
            "2027-01-01T00:00:00Z".parse().expect("instant")
        )
        .expect("group")),
        [1, 4]
    );
    assert_eq!(ids(of_room(&read, " КАБ. 12", from, to).expect("room")), [1, 3]);
    let first = record::get::<Lesson>(&read, LessonId(1)).expect("get").expect("stored");
    assert_eq!(first.starts_at.to_string(), "2026-11-24T13:00:00.25Z");
    let heads = heads_of(&read, &Whose::Student(UserId(11)), from, to).expect("heads");
    let full = of_student(&read, UserId(11), from, to).expect("student");
    let expected: Vec<_> = full
        .iter()
        .map(|l| (l.id, l.subject_id, l.teacher_id, l.starts_at, l.status))
        .collect();
    let read_heads: Vec<_> = heads
        .iter()
        .map(|h| (h.id, h.subject_id, h.teacher_id, h.starts_at, h.status))
        .collect();
    assert_eq!(
        read_heads, expected,
        "a head is the lesson's own fields, nothing else decoded"
    );
}
