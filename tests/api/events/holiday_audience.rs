//! A holiday for some people cancels only the lessons they are off for: a named teacher's
//! lessons, or the lessons all of whose students are named; the people of those lessons are
//! told once, and nobody else is told of them.

use super::{School, school, told_all};
use crate::helpers::{json, planned_lesson};
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::domain::{GroupId, LessonId, Role};
use klass::store::record;
use serde_json::{Value, json};

/// A planned lesson on `day` of March 2030 at 16:00 Moscow, of `teacher` with `students`.
fn lesson(txn: &klass::store::WriteTxn, day: i8, teacher: u64, students: &[u64], group: Option<u64>) -> LessonId {
    let at = super::march_at_four(day);
    record::insert(txn, |id| Lesson {
        group_id: group.map(GroupId),
        ..planned_lesson(id, 1, teacher, students, at)
    })
    .expect("lesson")
    .id
}

/// A holiday on 9–10 March 2030 for `people` that cancels lessons.
fn holiday(title: &str, people: &[u64]) -> Value {
    json!({"title": title, "kind": "holiday", "starts_at": "2030-03-09", "ends_at": "2030-03-10",
           "all_day": true, "audience": {"kind": "people", "ids": people}, "cancels_lessons": true})
}

fn status(s: &School, id: LessonId) -> LessonStatus {
    let read = s.app.store.read().expect("read");
    record::get::<Lesson>(&read, id).expect("get").expect("lesson").status
}

/// The kinds of every notification `person` got.
async fn kinds(s: &School, person: u64) -> Vec<String> {
    told_all(&s.app, person)
        .await
        .into_iter()
        .map(|(kind, _)| kind)
        .collect()
}

#[tokio::test]
async fn a_holiday_for_one_teacher_cancels_only_his_lessons_and_tells_only_their_people() {
    let s = school().await;
    let colleague = s.app.quick_user("t2@school.ru", "Серова", "Мария", &[Role::Worker]);
    let txn = s.app.store.write().expect("txn");
    let his = [
        lesson(&txn, 9, s.teacher, &[s.student], Some(s.group)),
        lesson(&txn, 10, s.teacher, &[s.student, s.other], None),
    ];
    let hers = [
        lesson(&txn, 9, colleague, &[s.other], None),
        lesson(&txn, 10, colleague, &[s.student], None),
    ];
    txn.commit().expect("commit");

    let body = holiday("Отпуск Белова", &[s.teacher]);
    let preview = json(s.manager.post("/api/events/preview", body.clone()).await).await;
    assert_eq!(
        preview["data"],
        json!({"lessons": 2, "people": 4}),
        "he, his two students, a parent"
    );
    assert_eq!(s.manager.post("/api/events", body).await.status(), 201);

    for id in his {
        assert_eq!(status(&s, id), LessonStatus::Cancelled);
    }
    for id in hers {
        assert_eq!(status(&s, id), LessonStatus::Planned, "his colleague still teaches");
    }
    for person in [s.teacher, s.student, s.parent, s.other] {
        assert_eq!(kinds(&s, person).await, ["lesson_cancelled"], "once, person {person}");
    }
    assert!(kinds(&s, colleague).await.is_empty(), "not hers, not for her");
}

#[tokio::test]
async fn a_holiday_for_some_students_cancels_only_the_lessons_all_of_whose_students_are_off() {
    let s = school().await;
    let colleague = s.app.quick_user("t2@school.ru", "Серова", "Мария", &[Role::Worker]);
    let third = s.app.quick_user("x@school.ru", "Третьяков", "Пётр", &[Role::Student]);
    let txn = s.app.store.write().expect("txn");
    let off = [
        lesson(&txn, 9, s.teacher, &[s.student], Some(s.group)),
        lesson(&txn, 9, colleague, &[s.other], None),
        lesson(&txn, 10, colleague, &[s.student, s.other], None),
    ];
    let kept = [
        lesson(&txn, 10, colleague, &[s.other, third], None),
        lesson(&txn, 10, s.teacher, &[third], None),
    ];
    txn.commit().expect("commit");

    let parents_only = holiday("Родительский день", &[s.parent]);
    let preview = json(s.manager.post("/api/events/preview", parents_only).await).await;
    assert_eq!(
        preview["data"],
        json!({"lessons": 0, "people": 0}),
        "a parent stands for no lesson"
    );
    let body = holiday("Олимпиада", &[s.student, s.other]);
    let preview = json(s.manager.post("/api/events/preview", body.clone()).await).await;
    assert_eq!(
        preview["data"],
        json!({"lessons": 3, "people": 5}),
        "both teachers, both students, a parent"
    );
    assert_eq!(s.manager.post("/api/events", body).await.status(), 201);

    for id in off {
        assert_eq!(status(&s, id), LessonStatus::Cancelled);
    }
    for id in kept {
        assert_eq!(status(&s, id), LessonStatus::Planned, "a student not off still comes");
    }
    for person in [s.teacher, colleague, s.student, s.parent, s.other] {
        assert_eq!(kinds(&s, person).await, ["lesson_cancelled"], "once, person {person}");
    }
    assert!(
        kinds(&s, third).await.is_empty(),
        "his lessons stay, the holiday is not his"
    );
}
