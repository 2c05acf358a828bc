//! The evening reminder: each teacher once, of the planned lessons that ended since the last run.

use super::*;
use crate::config::Config;
use crate::domain::activity::Origin;
use crate::domain::lesson::LessonStatus;
use crate::domain::notification::Notification;
use crate::domain::subject::Subject;
use crate::domain::{Email, LessonId, NewUser, PageRequest, Password, PersonName, Role, SubjectId, User};
use crate::mail::Mailer;
use crate::service::test_store::TestStore;
use crate::store::lessons::tests::lesson;
use crate::store::notifications;
use std::sync::Arc;

fn teacher(store: &TestStore, email: &str) -> User {
    let new = NewUser::new(
        Email::parse(email).expect("email"),
        PersonName::parse("Белов").expect("name"),
        PersonName::parse("Иван").expect("name"),
        [Role::Worker].into_iter().collect(),
        Password::generate().hash(),
    );
    store.insert_user(new).expect("user")
}

/// The reminder's run at `now`, in Moscow (UTC+3: its 20:00 is 17:00Z).
fn run(store: &TestStore, now: &str) -> usize {
    let journal = Journal::new(Arc::new(Config::default()), Mailer::new(), Origin::default());
    let tz = TimeZone::get("Europe/Moscow").expect("zone");
    remind(store, &journal, &tz, now.parse().expect("instant")).expect("remind")
}

/// What `user` has been told, oldest first: (body, link).
fn told(store: &TestStore, user: &User) -> Vec<(String, Option<String>)> {
    let txn = store.read().expect("read");
    let page = notifications::page(&txn, user.id, false, PageRequest::default()).expect("page");
    let mut told: Vec<Notification> = page.items;
    told.reverse();
    assert!(
        told.iter()
            .all(|n| n.kind == NotificationKind::JournalUnfilled && n.title == "Журнал не заполнен")
    );
    told.into_iter().map(|n| (n.body, n.link)).collect()
}

#[test]
fn each_teacher_is_told_once_of_his_lessons_that_ended_planned_since_the_last_run() {
    let store = TestStore::default();
    let remind = |now: &str| run(&store, now);
    store.insert(&[Subject {
        id: SubjectId(1),
        name: "Математика".into(),
        color: "blue".into(),
        archived: false,
        price: None,
    }]);
    let (belov, orlova) = (teacher(&store, "belov@s.ru"), teacher(&store, "orlova@s.ru"));

    // The very first run only marks where the runs begin.
    assert_eq!(remind("2026-11-23T08:00:00Z"), 0);
    let planned = |id: u64, teacher: &User, starts: &str| lesson(LessonId(id), teacher.id.0, &[], None, "", starts);
    store.insert(&[
        planned(1, &belov, "2026-11-23T06:00:00Z"), // ended before the first run: on his start page
        planned(2, &belov, "2026-11-23T09:00:00Z"), // 12:00–13:00 on 23.11
        Lesson {
            status: LessonStatus::Done,
            ..planned(3, &belov, "2026-11-23T10:00:00Z")
        },
        Lesson {
            status: LessonStatus::Cancelled,
            ..planned(4, &belov, "2026-11-23T11:00:00Z")
        },
        planned(5, &orlova, "2026-11-23T12:00:00Z"),
        planned(6, &orlova, "2026-11-23T14:00:00Z"),
        planned(7, &belov, "2026-11-23T16:30:00Z"), // ends 20:30, after the run
    ]);

    assert_eq!(remind("2026-11-23T16:59:00Z"), 0, "the evening's run has not come");
    assert_eq!(remind("2026-11-23T17:00:00Z"), 3);
    assert_eq!(
        told(&store, &belov),
        [(
            "Математика, 23.11.2026 12:00–13:00: журнал не заполнен. Отметьте посещение или отмените занятие."
                .to_owned(),
            Some("/lessons/2".to_owned())
        )]
    );
    assert_eq!(
        told(&store, &orlova),
        [(
            "Не заполнены журналы занятий: 2. Первое — Математика, 23.11.2026 15:00–16:00.".to_owned(),
            Some("/".to_owned())
        )]
    );
    assert_eq!(
        remind("2026-11-23T17:30:00Z"),
        0,
        "a restart the same evening reminds of nothing again"
    );

    // The next evening: lesson 7, which ended after yesterday's run; one saved meanwhile is not.
    store.update(&Lesson {
        status: LessonStatus::Done,
        ..planned(5, &orlova, "2026-11-23T12:00:00Z")
    });
    assert_eq!(remind("2026-11-24T17:00:00Z"), 1);
    assert_eq!(told(&store, &belov).len(), 2);
    assert_eq!(told(&store, &belov)[1].1.as_deref(), Some("/lessons/7"));
    assert_eq!(told(&store, &orlova).len(), 1);
}

#[test]
fn a_run_missed_while_the_server_was_down_is_made_at_start_a_week_back_at_most() {
    let store = TestStore::default();
    let remind = |now: &str| run(&store, now);
    let belov = teacher(&store, "belov@s.ru");
    assert_eq!(remind("2026-11-01T17:00:00Z"), 0);
    let planned = |id: u64, starts: &str| lesson(LessonId(id), belov.id.0, &[], None, "", starts);
    store.insert(&[planned(1, "2026-11-05T09:00:00Z"), planned(2, "2026-11-20T09:00:00Z")]);
    // Down from 01.11 to the morning of 23.11: yesterday's run was missed, so it is made now,
    // over the last seven days only.
    assert_eq!(remind("2026-11-23T06:00:00Z"), 1);
    assert_eq!(told(&store, &belov)[0].1.as_deref(), Some("/lessons/2"));
    assert_eq!(remind("2026-11-23T07:00:00Z"), 0, "made: tonight's run is the next");
}
