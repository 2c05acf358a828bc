//! A holiday that cancels lessons, moved to other days, cancels the planned lessons of its new
//! days and brings back those it cancelled before; deleted, it brings back the rest (renamed
//! before, too).

use super::{lesson, school, told};
use crate::helpers::json;
use klass::domain::LessonId;
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::store::record;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn a_holiday_moved_to_other_days_cancels_the_lessons_of_its_new_days() {
    let s = school().await;
    let txn = s.app.store.write().expect("txn");
    let [ninth, twelfth, thirteenth] = [9, 12, 13].map(|day| lesson(&txn, &s, day, LessonStatus::Planned));
    txn.commit().expect("commit");
    let body = json!({"title": "Карантин", "kind": "holiday", "starts_at": "2030-03-09",
                      "ends_at": "2030-03-09", "all_day": true, "audience": {"kind": "all"},
                      "cancels_lessons": true});
    let created = s.manager.post("/api/events", body).await;
    assert_eq!(created.status(), 201);
    let id = json(created).await["data"]["id"].as_u64().expect("id");
    let status = |id: LessonId| {
        let read = s.app.store.read().expect("read");
        record::get::<Lesson>(&read, id).expect("get").expect("lesson")
    };
    assert_eq!(status(ninth).status, LessonStatus::Cancelled);
    assert_eq!(status(twelfth).status, LessonStatus::Planned);

    let moved = s
        .manager
        .send(
            Method::PUT,
            &format!("/api/events/{id}"),
            json!({"starts_at": "2030-03-12", "ends_at": "2030-03-12"}),
        )
        .await;
    assert_eq!(moved.status(), 200);
    assert_eq!(json(moved).await["data"]["starts_at"], "2030-03-12T00:00:00+03:00");
    let cancelled = status(twelfth);
    assert_eq!(cancelled.status, LessonStatus::Cancelled, "the holiday's new day");
    assert_eq!(cancelled.cancel_reason, "Карантин");
    assert_eq!(status(thirteenth).status, LessonStatus::Planned, "the day after it");
    let back = status(ninth);
    assert_eq!(back.status, LessonStatus::Planned, "the holiday left its day");
    assert_eq!(back.cancel_reason, "");
    for person in [s.teacher, s.student, s.parent] {
        let notices = told(&s.app, person, "lesson_cancelled").await;
        assert_eq!(notices.len(), 2, "the first day, then the new one: {notices:?}");
        let scheduled = told(&s.app, person, "lesson_scheduled").await;
        assert_eq!(scheduled.len(), 1, "{scheduled:?}");
        assert!(
            scheduled[0].starts_with("Занятие снова в расписании") && scheduled[0].ends_with("(«Карантин» перенесено)"),
            "{scheduled:?}"
        );
    }

    // A lesson booked over the cancelled one meanwhile keeps it cancelled.
    let txn = s.app.store.write().expect("txn");
    let over = lesson(&txn, &s, 12, LessonStatus::Planned);
    txn.commit().expect("commit");
    let deleted = s
        .manager
        .send(Method::DELETE, &format!("/api/events/{id}"), json!({}))
        .await;
    assert_eq!(deleted.status(), 204);
    assert_eq!(status(over).status, LessonStatus::Planned);
    assert_eq!(status(twelfth).status, LessonStatus::Cancelled, "its time is taken");
}

#[tokio::test]
async fn a_renamed_holiday_still_brings_its_lessons_back_when_deleted() {
    let s = school().await;
    let txn = s.app.store.write().expect("txn");
    let ninth = lesson(&txn, &s, 9, LessonStatus::Planned);
    txn.commit().expect("commit");
    let body = json!({"title": "Каникулы", "kind": "holiday", "starts_at": "2030-03-09",
                      "ends_at": "2030-03-09", "all_day": true, "audience": {"kind": "all"},
                      "cancels_lessons": true});
    let id = json(s.manager.post("/api/events", body).await).await["data"]["id"]
        .as_u64()
        .expect("id");
    let path = format!("/api/events/{id}");
    let renamed = s
        .manager
        .send(Method::PUT, &path, json!({"title": "Весенние каникулы"}))
        .await;
    assert_eq!(renamed.status(), 200);
    let lesson_now = || {
        let read = s.app.store.read().expect("read");
        record::get::<Lesson>(&read, ninth).expect("get").expect("lesson")
    };
    assert_eq!(
        lesson_now().cancel_reason,
        "Весенние каникулы",
        "the reason follows the name"
    );
    let deleted = s.manager.send(Method::DELETE, &path, json!({})).await;
    assert_eq!(deleted.status(), 204);
    assert_eq!(lesson_now().status, LessonStatus::Planned, "back in the timetable");
}
