//! Each kind of clash and its message.

use super::*;
use crate::domain::{Email, LessonId, NewUser, Password, PersonName, Role, Roles};
use std::collections::HashMap;

struct School(HashMap<UserId, User>);

impl Names for School {
    fn person(&self, id: UserId) -> Option<&User> {
        self.0.get(&id)
    }
    fn subject(&self, _: SubjectId) -> String {
        "Математика".into()
    }
}

fn person(id: u64, last: &str, first: &str, middle: Option<&str>) -> (UserId, User) {
    let mut new = NewUser::new(
        Email::parse(&format!("p{id}@school.ru")).expect("email"),
        PersonName::parse(last).expect("name"),
        PersonName::parse(first).expect("name"),
        [Role::Student].into_iter().collect::<Roles>(),
        Password::generate().hash(),
    );
    new.middle_name = middle.map(|m| PersonName::parse(m).expect("name"));
    (UserId(id), User::create(new, UserId(id), jiff::Timestamp::now()))
}

fn school() -> School {
    School(HashMap::from([
        person(1, "Белов", "Игорь", Some("Викторович")),
        person(2, "Петрова", "Анна", None),
        person(3, "Ким", "Олег", None),
    ]))
}

fn lesson(id: u64, teacher: u64, students: &[u64], room: &str, at: &str, minutes: u16) -> Lesson {
    Lesson {
        id: LessonId(id),
        student_ids: students.iter().copied().map(UserId).collect(),
        room: room.into(),
        ..Lesson::planned(UserId(teacher), SubjectId(1), at.parse().expect("instant"), minutes)
    }
}

fn moscow() -> TimeZone {
    TimeZone::get("Europe/Moscow").expect("zone")
}

#[test]
fn a_busy_teacher_student_and_room_are_each_named() {
    let booked = [lesson(1, 1, &[2], "12", "2026-11-24T13:00:00Z", 60)];
    let teacher = lesson(9, 1, &[], "", "2026-11-24T13:30:00Z", 60);
    assert_eq!(
        clashes(&teacher, &booked, &school(), &moscow()),
        ["Учитель Белов И. В. занят: Математика, 16:00–17:00, каб. 12"]
    );
    let student = lesson(9, 3, &[2], "", "2026-11-24T12:30:00Z", 45);
    assert_eq!(
        clashes(&student, &booked, &school(), &moscow()),
        ["Ученица Петрова А. занята: Математика, 16:00–17:00, каб. 12"]
    );
    let room = lesson(9, 3, &[], " 12 ", "2026-11-24T13:59:00Z", 30);
    assert_eq!(
        clashes(&room, &booked, &school(), &moscow()),
        ["Кабинет 12 занят: Математика, 16:00–17:00, учитель Белов И. В."]
    );
}

#[test]
fn touching_cancelled_or_the_same_lesson_is_no_clash() {
    let mut booked = vec![lesson(1, 1, &[2], "12", "2026-11-24T13:00:00Z", 60)];
    let after = lesson(9, 1, &[2], "12", "2026-11-24T14:00:00Z", 60);
    assert!(clashes(&after, &booked, &school(), &moscow()).is_empty());
    let itself = lesson(1, 1, &[2], "12", "2026-11-24T13:15:00Z", 60);
    assert!(clashes(&itself, &booked, &school(), &moscow()).is_empty());
    booked[0].status = LessonStatus::Cancelled;
    let same_time = lesson(9, 1, &[2], "12", "2026-11-24T13:00:00Z", 60);
    assert!(clashes(&same_time, &booked, &school(), &moscow()).is_empty());
}
