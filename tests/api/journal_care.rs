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

#[tokio::test]
async fn a_bad_value_in_a_list_of_the_journal_is_refused_on_its_item() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let mark = |kind: &str| json!({"student_id": school.anna, "value": 5, "kind": kind, "comment": null});
    let body = json!({"records": school.records("present", "present"), "marks": [mark("lesson"), mark("bogus")]});
    let (status, answer) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["errors"]["marks[1].kind"][0], "Недопустимое значение «bogus»: допустимы lesson, homework, test",
        "{answer}"
    );

    let body = json!({"records": school.records("present", "asleep"), "marks": []});
    let (status, answer) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 422);
    let message = answer["errors"]["records[1].status"][0].as_str().unwrap_or_default();
    assert!(message.starts_with("Недопустимое значение «asleep»"), "{answer}");
}

#[tokio::test]
async fn the_lessons_over_are_those_whose_journal_is_late() {
    let school = school().await;
    let over = school.lesson(school.teacher, -1);
    let running = school.lesson(school.teacher, 0);
    let ahead = school.lesson(school.teacher, 2);
    let manager = school.as_user(school.manager);
    let ids = |answer: serde_json::Value| -> Vec<u64> {
        answer["data"]
            .as_array()
            .expect("lessons")
            .iter()
            .map(|l| l["id"].as_u64().expect("id"))
            .collect()
    };
    let all = json(manager.get("/api/lessons?status=planned").await).await;
    assert_eq!(ids(all), vec![over, running, ahead]);
    let late = json(manager.get("/api/lessons?status=planned&over=true").await).await;
    assert_eq!(late["meta"]["total"], 1, "{late}");
    assert_eq!(ids(late), vec![over], "a lesson still running or ahead is not late");
    let refused = manager.get("/api/lessons?over=maybe").await;
    assert_eq!(refused.status(), 422);
}

#[tokio::test]
async fn a_teacher_reads_his_students_journal_in_every_period() {
    let school = school().await;
    school.lesson(school.teacher, -24 * 60);
    let day = day_from_today(0);
    for part in ["attendance", "marks"] {
        let path = format!("/api/users/{}/{part}?from={day}&to={day}", school.anna);
        let his = school.as_user(school.teacher).get(&path).await;
        assert_eq!(
            his.status(),
            200,
            "{part}: he taught her two months ago, none of his lessons today"
        );
        let other = school.as_user(school.other_teacher).get(&path).await;
        assert_eq!(other.status(), 403, "{part}: never taught her");
    }
}
