//! The journal as teachers, students and parents use it: bad input, every role, and nothing stored lost.

use crate::helpers::json;
use crate::journal_school::school;
use reqwest::Method;
use serde_json::json;

/// The school's date `days` from today, «ГГГГ-ММ-ДД».
fn day_from_today(days: i64) -> String {
    let tz = klass::config::Config::default().time_zone();
    let today = jiff::Timestamp::now().to_zoned(tz).date();
    today
        .checked_add(jiff::Span::new().days(days))
        .expect("date")
        .to_string()
}

#[tokio::test]
async fn a_mark_without_a_lesson_is_not_dated_ahead() {
    let school = school().await;
    school.lesson(school.teacher, -30);
    let teacher = school.as_user(school.teacher);
    let give = |date: String| json!({"student_id": school.anna, "subject_id": school.subject, "value": 4, "kind": "test", "date": date});

    let ahead = teacher.post("/api/marks", give(day_from_today(1))).await;
    assert_eq!(ahead.status(), 422);
    assert_eq!(
        json(ahead).await["errors"]["date"][0],
        "Оценку нельзя поставить на будущую дату"
    );

    let today = teacher.post("/api/marks", give(day_from_today(0))).await;
    assert_eq!(today.status(), 201, "today is fine");
    let id = json(today).await["data"]["id"].as_u64().expect("id");
    let moved = teacher
        .send(
            Method::PUT,
            &format!("/api/marks/{id}"),
            json!({"value": 4, "kind": "test", "date": day_from_today(400)}),
        )
        .await;
    assert_eq!(moved.status(), 422, "nor moved ahead");
    let kept = json(teacher.get(&format!("/api/marks/{id}")).await).await;
    assert_eq!(kept["data"]["date"], day_from_today(0));
}

#[tokio::test]
async fn a_mark_at_another_teachers_lesson_is_refused_before_its_student_is_checked() {
    let school = school().await;
    let lesson = school.lesson(school.other_teacher, -2);
    let teacher = school.as_user(school.teacher);
    for student in [school.anna, school.parent] {
        let body = json!({"student_id": student, "lesson_id": lesson, "value": 5, "kind": "lesson"});
        let response = teacher.post("/api/marks", body).await;
        assert_eq!(response.status(), 403, "whoever the student, the lesson is not his");
        assert_eq!(
            json(response).await["message"],
            "Вести журнал можно только на своих занятиях"
        );
    }
}
