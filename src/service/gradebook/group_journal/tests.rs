//! A group's journal is written once for reads that find nothing changed.

use super::*;
use crate::config::Journal;
use crate::domain::journal::{Attendance, AttendanceStatus, Mark, MarkKind};
use crate::domain::{Email, LessonId, NewUser, Password, PersonName, Role, SubjectId};
use crate::service::test_store::TestStore;
use crate::store::lessons::tests::lesson;
use jiff::Timestamp;
use jiff::civil::{Date, date};
use jiff::tz::TimeZone;
use std::cell::Cell;
use std::sync::Arc;

fn person(store: &TestStore, email: &str, role: Role) -> crate::domain::User {
    let new = NewUser::new(
        Email::parse(email).expect("email"),
        PersonName::parse("Белов").expect("name"),
        PersonName::parse("Иван").expect("name"),
        [role].into_iter().collect(),
        Password::generate().hash(),
    );
    store.insert_user(new).expect("user")
}

#[test]
fn a_journal_is_written_again_only_when_what_it_shows_changed() {
    let store = TestStore::default();
    let manager = person(&store, "m@s.ru", Role::Manager);
    let student = person(&store, "s@s.ru", Role::Student);
    let subject = Subject {
        id: SubjectId(1),
        name: "Математика".into(),
        color: "blue".into(),
        archived: false,
        price: None,
    };
    store.insert(&[subject]);
    store.insert(&[Group {
        id: GroupId(1),
        name: "Алгебра".into(),
        subject_id: SubjectId(1),
        course_id: None,
        teacher_id: manager.id,
        student_ids: vec![student.id],
        capacity: None,
        room: String::new(),
        schedule: Vec::new(),
        starts_on: date(2026, 9, 1),
        ends_on: None,
        price: None,
        archived: false,
    }]);
    let at_lesson = lesson(
        LessonId(1),
        manager.id.0,
        &[student.id.0],
        Some(1),
        "",
        "2026-09-07T10:00:00Z",
    );
    store.insert(std::slice::from_ref(&at_lesson));
    let actor = Actor {
        user: Arc::new(manager.clone()),
        session_key: [0; 32],
        impersonator: None,
        csrf_token: String::new(),
        children: Vec::new(),
    };
    let (texts, renders, journal, tz) = (JournalTexts::default(), Cell::new(0), Journal::default(), TimeZone::UTC);
    let read = |to: &str| -> String {
        let ask = Ask {
            journal: &journal,
            tz: &tz,
            today: Date::constant(2026, 11, 28),
            from: Some("2026-09-01"),
            to: Some(to),
        };
        let text = shown(&store, &texts, &actor, GroupId(1), &ask, |found| {
            renders.set(renders.get() + 1);
            let cells: Vec<_> = found
                .grid
                .cells
                .iter()
                .map(|c| format!("{:?} {}", c.status, c.marks.len()))
                .collect();
            Ok::<_, ServiceError>(Bytes::from(cells.join(", ")))
        })
        .expect("journal");
        String::from_utf8(text.to_vec()).expect("text")
    };
    assert_eq!((read("2026-09-30"), read("2026-09-30")), (String::new(), String::new()));
    assert_eq!(renders.get(), 1, "the second read writes nothing");
    assert_eq!(read("2026-10-31"), "");
    assert_eq!(renders.get(), 2, "another period is another journal");
    assert_eq!((read("2027-03-31"), read("2027-03-31")), (String::new(), String::new()));
    assert_eq!(renders.get(), 4, "one of more than 190 days is not kept");

    let txn = store.write().expect("txn");
    let present = Attendance {
        lesson_id: LessonId(1),
        student_id: student.id,
        status: AttendanceStatus::Present,
        comment: String::new(),
        recorded_by: manager.id,
        recorded_at: Timestamp::UNIX_EPOCH,
    };
    attendance::replace_lesson(&txn, &at_lesson, &[present]).expect("attendance");
    txn.commit().expect("commit");
    assert_eq!(read("2026-09-30"), "Some(Present) 0", "attendance recorded");
    let mark = Mark {
        id: crate::domain::MarkId(1),
        student_id: student.id,
        subject_id: SubjectId(1),
        lesson_id: Some(LessonId(1)),
        value: 5,
        kind: MarkKind::Lesson,
        weight: 1,
        comment: String::new(),
        date: date(2026, 9, 7),
        teacher_id: manager.id,
        given_at: Timestamp::UNIX_EPOCH,
    };
    store.insert(&[mark]);
    assert_eq!(read("2026-09-30"), "Some(Present) 1", "a mark given");
    assert_eq!(read("2026-09-30"), "Some(Present) 1");
    assert_eq!(renders.get(), 6, "written once after each change");
}
