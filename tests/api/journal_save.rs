//! Saving a lesson's journal: one request and one commit (a refused one writes nothing), the
//! lesson becomes done, the edit window, who may save and read it, the log's «было → стало».

use crate::helpers::json;
use crate::journal_school::{school, school_with};
use serde_json::{Value, json};

#[tokio::test]
async fn the_journal_is_saved_in_one_commit_and_the_lesson_is_done() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let body = json!({
        "topic": "Дроби",
        "homework": "№ 12, 14",
        "records": school.records("present", "late"),
        "marks": [
            {"student_id": school.anna, "value": 5, "kind": "lesson", "comment": null},
            {"student_id": school.boris, "value": 3, "kind": "test", "comment": "ошибки в знаках"},
        ],
    });
    let (status, saved) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 200, "{saved}");
    let data = &saved["data"];
    assert_eq!(data["lesson_status"], "done");
    assert_eq!(data["homework"], "№ 12, 14");
    assert_eq!(data["records"][1]["status"], "late");
    assert_eq!(data["marks"][1]["weight"], 2, "a test weighs 2 by default");
    assert!(data["marks"][0]["id"].as_u64().is_some());
    assert_eq!(data["students"].as_array().map(Vec::len), Some(2));
    assert_eq!(school.logged("journal.lesson_saved").await.len(), 1, "one entry");

    // A request wrong late in its lists is refused whole, every problem at once.
    let anna_mark = data["marks"][0]["id"].clone();
    let stranger = school
        .app
        .quick_user("x@school.ru", "Чужой", "Кирилл", &[klass::domain::Role::Student]);
    let body = json!({
        "topic": "Не сохранится",
        "records": [
            {"student_id": school.anna, "status": "unexcused", "comment": null},
            {"student_id": school.boris, "status": "present", "comment": null},
            {"student_id": stranger, "status": "present", "comment": null},
            {"student_id": school.boris, "status": "late", "comment": null},
        ],
        "marks": [
            {"id": anna_mark, "student_id": school.anna, "value": 4, "kind": "lesson", "comment": null},
            {"student_id": school.boris, "value": 7, "kind": "lesson", "weight": 11, "comment": null},
            {"id": 999, "student_id": school.boris, "value": 5, "kind": "lesson", "comment": null},
        ],
    });
    let (status, refused) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 422, "{refused}");
    let errors = &refused["errors"];
    assert_eq!(errors["records[2].student_id"][0], "Ученик не записан на этот урок");
    assert_eq!(errors["records[3].student_id"][0], "Ученик уже отмечен выше");
    assert_eq!(errors["marks[1].value"][0], "Оценка — число от 1 до 5");
    assert_eq!(errors["marks[1].weight"][0], "Вес — число от 1 до 10");
    assert_eq!(errors["marks[2].id"][0], "Оценка не относится к этому уроку");
    let (_, after) = school.journal(school.teacher, lesson).await;
    assert_eq!(after["data"]["topic"], "Дроби", "nothing written");
    assert_eq!(after["data"]["records"], data["records"]);
    assert_eq!(after["data"]["marks"], data["marks"]);

    // Changing a mark and a status is logged «было → стало»; a mark not sent is removed.
    let body = json!({
        "records": school.records("present", "unexcused"),
        "marks": [{"id": anna_mark, "student_id": school.anna, "value": 4, "kind": "lesson", "comment": null}],
    });
    let (status, saved) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["marks"].as_array().map(Vec::len), Some(1));
    let log = school.logged("journal.lesson_saved").await;
    let last = &log[0];
    assert!(last.contains("Отметка по предмету «Математика» за "), "{last}");
    assert!(last.contains("(Петрова А.): 5 → 4"), "{last}");
    assert!(last.contains("(Сидоров Б.): 3 (за контрольную) → —"), "{last}");
    assert!(
        last.contains("Посещение (Сидоров Б.): опоздал → отсутствовал без уважительной причины"),
        "{last}"
    );
}

#[tokio::test]
async fn a_student_taken_off_the_lesson_keeps_his_row_and_the_journal_is_saved_as_shown() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let anna_mark = json!({"student_id": school.anna, "value": 4, "kind": "lesson", "comment": null});
    let body = json!({"records": school.records("present", "present"), "marks": [anna_mark]});
    assert_eq!(school.save(school.teacher, lesson, body).await.0, 200);
    let taken_off = json!({"student_ids": [school.boris]});
    let path = format!("/api/lessons/{lesson}");
    let response = school
        .as_user(school.manager)
        .send(reqwest::Method::PUT, &path, taken_off)
        .await;
    assert_eq!(response.status(), 200);

    let (_, shown) = school.journal(school.teacher, lesson).await;
    let data = &shown["data"];
    let mark = &data["marks"][0];
    assert_eq!(mark["student_id"], school.anna, "{shown}");
    let body = json!({
        "records": school.records("late", "present"),
        "marks": [{"id": mark["id"], "student_id": school.anna, "value": 5, "kind": "lesson", "comment": null}],
    });
    let (status, saved) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["records"][0]["status"], "late", "changed as sent");
    assert_eq!(saved["data"]["marks"][0]["value"], 5);

    let stranger = json!({"records": [], "marks": [
        {"student_id": school.parent, "value": 5, "kind": "lesson", "comment": null},
    ]});
    let (status, refused) = school.save(school.teacher, lesson, stranger).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["marks[0].student_id"][0],
        "Ученик не записан на этот урок"
    );
}

#[tokio::test]
async fn a_student_gets_at_most_ten_marks_in_one_save() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let mark = |student: u64| json!({"student_id": student, "value": 5, "kind": "lesson", "comment": null});
    let marks = |anna: usize| {
        let mut marks = vec![mark(school.boris)];
        marks.extend((0..anna).map(|_| mark(school.anna)));
        json!({"records": [], "marks": marks})
    };
    let (status, saved) = school.save(school.teacher, lesson, marks(10)).await;
    assert_eq!(status, 200, "{saved}");
    let (status, refused) = school.save(school.teacher, lesson, marks(12)).await;
    assert_eq!(status, 422, "{refused}");
    let errors = refused["errors"].as_object().expect("errors");
    assert_eq!(errors.len(), 1, "once, at Anna's 11th: {refused}");
    assert_eq!(
        errors["marks[11].student_id"][0],
        "Не больше 10 оценок одному ученику за урок"
    );
}

#[tokio::test]
async fn a_mark_is_changed_by_its_teacher_only_within_the_edit_window() {
    let school = school_with(|config| config.journal.edit_days = 3).await;
    let lesson = school.lesson(school.teacher, -1);
    let mark = |id: &Value, value: u8| json!({"id": id, "student_id": school.anna, "value": value, "kind": "lesson", "comment": null});
    let body =
        json!({"records": [], "marks": [{"student_id": school.anna, "value": 4, "kind": "lesson", "comment": null}]});
    let (_, saved) = school.save(school.teacher, lesson, body).await;
    let id = saved["data"]["marks"][0]["id"].clone();
    assert_eq!(saved["data"]["marks"][0]["editable"], true);

    school.backdate_marks(lesson, 4);
    let (_, read) = school.journal(school.teacher, lesson).await;
    assert_eq!(read["data"]["marks"][0]["editable"], false);
    let (status, refused) = school
        .save(school.teacher, lesson, json!({"records": [], "marks": [mark(&id, 5)]}))
        .await;
    assert_eq!(status, 403, "{refused}");
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("срока правки")));
    let (status, refused) = school
        .save(school.teacher, lesson, json!({"records": [], "marks": []}))
        .await;
    assert_eq!(status, 403, "removing it is a change too: {refused}");
    let (status, same) = school
        .save(school.teacher, lesson, json!({"records": [], "marks": [mark(&id, 4)]}))
        .await;
    assert_eq!(status, 200, "an unchanged mark sent back is fine: {same}");
    let (status, changed) = school
        .save(school.manager, lesson, json!({"records": [], "marks": [mark(&id, 5)]}))
        .await;
    assert_eq!(status, 200, "a manager always may: {changed}");
    assert_eq!(changed["data"]["marks"][0]["value"], 5);
}

#[tokio::test]
async fn only_the_lessons_teacher_or_a_manager_keeps_its_journal() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let body = json!({"records": school.records("present", "present"), "marks": []});
    let (status, refused) = school.save(school.other_teacher, lesson, body.clone()).await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(refused["message"], "Вести журнал можно только на своих занятиях");
    let (status, refused) = school.save(school.parent, lesson, body.clone()).await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(school.save(school.manager, lesson, body.clone()).await.0, 200);

    let cancelled = school.lesson(school.teacher, -5);
    let path = format!("/api/lessons/{cancelled}/cancel");
    let response = school
        .as_user(school.teacher)
        .post(&path, json!({"reason": "Карантин"}))
        .await;
    assert_eq!(response.status(), 200);
    let (status, refused) = school.save(school.teacher, cancelled, body).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["status"][0],
        "Занятие отменено: журнал по нему не ведётся"
    );
}

#[tokio::test]
async fn attendance_before_the_lesson_starts_is_for_managers_only() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, 48);
    let body = json!({"homework": "Прочитать §3", "records": school.records("present", "excused"), "marks": []});
    let (status, refused) = school.save(school.teacher, lesson, body.clone()).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["records"][0],
        "Занятие ещё не началось: посещаемость отмечают после начала"
    );
    let homework_only = json!({"homework": "Прочитать §3", "records": [], "marks": []});
    let (status, saved) = school.save(school.teacher, lesson, homework_only).await;
    assert_eq!(status, 200, "homework may be set ahead: {saved}");
    assert_eq!(saved["data"]["lesson_status"], "planned", "not started: not done");
    let (status, saved) = school.save(school.manager, lesson, body.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["records"][1]["status"], "excused");
    assert_eq!(saved["data"]["lesson_status"], "planned");

    // What the manager noted ahead, sent back as the page does, lets the teacher save the topic;
    // changing it or leaving it out (which would remove it) is still refused.
    let sent_back = json!({"topic": "Повторение", "records": saved["data"]["records"], "marks": []});
    let (status, saved) = school.save(school.teacher, lesson, sent_back).await;
    assert_eq!(status, 200, "the recorded attendance sent back unchanged: {saved}");
    assert_eq!(saved["data"]["topic"], "Повторение");
    for records in [school.records("present", "present"), json!([])] {
        let body = json!({"records": records, "marks": []});
        let (status, refused) = school.save(school.teacher, lesson, body).await;
        assert_eq!(status, 422, "{refused}");
        assert_eq!(
            refused["errors"]["records"][0],
            "Занятие ещё не началось: посещаемость отмечают после начала"
        );
    }
    let (_, kept) = school
        .save(
            school.manager,
            lesson,
            json!({"records": saved["data"]["records"], "marks": []}),
        )
        .await;
    assert_eq!(
        kept["data"]["records"][1]["status"], "excused",
        "the manager's record stays"
    );
}

#[tokio::test]
async fn students_and_parents_read_only_their_own_rows() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let body = json!({
        "records": school.records("present", "unexcused"),
        "marks": [
            {"student_id": school.anna, "value": 5, "kind": "lesson", "comment": null},
            {"student_id": school.boris, "value": 3, "kind": "lesson", "comment": null},
        ],
    });
    assert_eq!(school.save(school.teacher, lesson, body).await.0, 200);
    for reader in [school.parent, school.anna] {
        let (status, seen) = school.journal(reader, lesson).await;
        assert_eq!(status, 200);
        let data = &seen["data"];
        assert_eq!(data["editable"], false);
        assert_eq!(data["students"], json!([{"id": school.anna, "name": "Петрова Анна"}]));
        assert_eq!(data["records"].as_array().map(Vec::len), Some(1));
        assert_eq!(data["marks"].as_array().map(Vec::len), Some(1));
        assert_eq!(data["marks"][0]["value"], 5);
    }
    let other_lesson = school.lesson(school.other_teacher, -3);
    let txn = school.app.store.write().expect("txn");
    let stored: klass::domain::lesson::Lesson = klass::store::record::get(&txn, klass::domain::LessonId(other_lesson))
        .expect("read")
        .expect("lesson");
    let only_boris = klass::domain::lesson::Lesson {
        student_ids: vec![klass::domain::UserId(school.boris)],
        ..stored.clone()
    };
    klass::store::record::replace(&txn, &stored, &only_boris).expect("replace");
    txn.commit().expect("commit");
    assert_eq!(school.journal(school.parent, other_lesson).await.0, 403);
    assert_eq!(school.journal(school.anna, other_lesson).await.0, 403);
    assert_eq!(school.journal(school.anna, 9999).await.0, 404);
    assert_eq!(
        school.journal(school.teacher, other_lesson).await.0,
        200,
        "staff read every lesson"
    );
}

#[tokio::test]
async fn a_saved_journal_is_in_the_logs_of_the_students_it_changed_only() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let first = json!({"records": school.records("present", "present"), "marks": []});
    assert_eq!(school.save(school.teacher, lesson, first).await.0, 200);
    // Boris is now late, the topic is set, Anna's row is left as it was.
    let second = json!({"topic": "Дроби", "records": school.records("present", "late"), "marks": []});
    assert_eq!(school.save(school.teacher, lesson, second).await.0, 200);
    let manager = school.as_user(school.manager);
    let saves_of = |student: u64| {
        let manager = &manager;
        async move {
            let page = json(
                manager
                    .get(&format!("/api/history?user_id={student}&action=journal.lesson_saved"))
                    .await,
            )
            .await;
            page["data"].as_array().expect("entries").len()
        }
    };
    assert_eq!(saves_of(school.boris).await, 2, "his row was recorded, then changed");
    assert_eq!(
        saves_of(school.anna).await,
        1,
        "her row was recorded, then left as it was"
    );
    assert_eq!(school.logged("journal.lesson_saved").await.len(), 2);
}

#[tokio::test]
async fn the_log_says_how_the_topic_and_homework_changed_and_that_the_lesson_was_held() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let body = json!({"topic": "Дроби", "homework": "№ 12, 14", "records": [], "marks": []});
    let (status, saved) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 200, "{saved}");
    let log = school.logged("journal.lesson_saved").await;
    assert_eq!(log.len(), 1, "{log:?}");
    let first = &log[0];
    assert!(first.starts_with("Журнал занятия "), "{first}");
    assert!(first.contains("Тема: «» → «Дроби»"), "{first}");
    assert!(first.contains("Домашнее задание: «» → «№ 12, 14»"), "{first}");
    assert!(first.contains("Занятие проведено"), "{first}");

    let body = json!({"topic": "Проценты", "homework": "№ 15", "records": [], "marks": []});
    assert_eq!(school.save(school.teacher, lesson, body).await.0, 200);
    let log = school.logged("journal.lesson_saved").await;
    assert_eq!(log.len(), 2, "{log:?}");
    let second = &log[0];
    assert!(second.contains("Тема: «Дроби» → «Проценты»"), "{second}");
    assert!(second.contains("Домашнее задание: «№ 12, 14» → «№ 15»"), "{second}");
    assert!(!second.contains("Занятие проведено"), "held once: {second}");

    let same = json!({"topic": "Проценты", "homework": "№ 15", "records": [], "marks": []});
    assert_eq!(school.save(school.teacher, lesson, same).await.0, 200);
    assert_eq!(
        school.logged("journal.lesson_saved").await.len(),
        2,
        "nothing changed, nothing logged"
    );
}
