//! Parents' alerts from the journal: a run of lessons missed without a reason (told once per
//! run), a low mark, and switching low marks off in the notification settings; and teachers'
//! evening reminder of the journals they left unfilled.

use crate::journal_school::school;
use serde_json::json;

#[tokio::test]
async fn parents_are_told_of_a_run_of_absences_once_and_of_a_low_mark() {
    let school = school().await;
    let lessons: Vec<u64> = [-72, -48, -24]
        .map(|hours| school.lesson(school.teacher, hours))
        .to_vec();
    let absent = json!({"records": school.records("unexcused", "present"), "marks": []});
    assert_eq!(school.save(school.teacher, lessons[0], absent.clone()).await.0, 200);
    assert!(
        school.told(school.parent, "absences_in_row").await.is_empty(),
        "one is not a run yet"
    );
    assert_eq!(school.save(school.teacher, lessons[1], absent.clone()).await.0, 200);
    let told = school.told(school.parent, "absences_in_row").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with("Анна пропустила 2 урока подряд без уважительной причины"),
        "{}",
        told[0]
    );
    assert_eq!(school.save(school.teacher, lessons[1], absent.clone()).await.0, 200);
    let excused = json!({"records": school.records("excused", "present"), "marks": []});
    assert_eq!(school.save(school.teacher, lessons[1], excused).await.0, 200);
    assert_eq!(school.save(school.teacher, lessons[1], absent.clone()).await.0, 200);
    assert_eq!(school.save(school.teacher, lessons[2], absent).await.0, 200);
    assert_eq!(
        school.told(school.parent, "absences_in_row").await.len(),
        1,
        "saved again, corrected to excused and back, and the run goes on: told once"
    );
    assert!(
        school.told(school.anna, "absences_in_row").await.is_empty(),
        "parents are told"
    );

    let low = json!({
        "records": school.records("unexcused", "present"),
        "marks": [{"student_id": school.anna, "value": 2, "kind": "homework", "comment": null}],
    });
    assert_eq!(school.save(school.teacher, lessons[2], low.clone()).await.0, 200);
    let told = school.told(school.parent, "low_mark").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].starts_with("Анна получила оценку 2 по предмету «Математика» за домашнее задание"),
        "{}",
        told[0]
    );
}

#[tokio::test]
async fn a_run_filled_in_after_a_later_lesson_or_before_an_absence_recorded_ahead_is_told() {
    let school = school().await;
    let lessons: Vec<u64> = [-72, -48, -24, -12, -6, 24]
        .map(|hours| school.lesson(school.teacher, hours))
        .to_vec();
    let anna = |status: &str| json!({"records": school.records(status, "present"), "marks": []});
    let told = || school.told(school.parent, "absences_in_row");
    assert_eq!(school.save(school.teacher, lessons[2], anna("present")).await.0, 200);
    assert_eq!(school.save(school.teacher, lessons[0], anna("unexcused")).await.0, 200);
    assert!(told().await.is_empty(), "one is not a run yet");
    assert_eq!(school.save(school.teacher, lessons[1], anna("unexcused")).await.0, 200);
    let heard = told().await;
    assert_eq!(
        heard.len(),
        1,
        "filled in the evening, after the third lesson: {heard:?}"
    );
    assert!(heard[0].starts_with("Анна пропустила 2 урока подряд"), "{}", heard[0]);

    assert_eq!(school.save(school.manager, lessons[5], anna("excused")).await.0, 200);
    for lesson in &lessons[3..5] {
        assert_eq!(school.save(school.teacher, *lesson, anna("unexcused")).await.0, 200);
    }
    assert_eq!(told().await.len(), 2, "an excused absence recorded ahead hides no run");
}

#[tokio::test]
async fn a_parent_may_switch_low_marks_off_but_not_the_absences() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let parent = school.as_user(school.parent);
    let settings = crate::helpers::json(parent.get("/api/user/notification-settings").await).await;
    let low = settings["data"]
        .as_array()
        .expect("kinds")
        .iter()
        .find(|k| k["kind"] == "low_mark")
        .cloned();
    assert_eq!(
        low.map(|k| (k["switchable"].clone(), k["off"].clone())),
        Some((json!(true), json!(false)))
    );
    let path = "/api/user/notification-settings";
    let refused = parent
        .send(
            reqwest::Method::PUT,
            path,
            json!({"mail": [], "off": ["absences_in_row"]}),
        )
        .await;
    assert_eq!(refused.status(), 422);
    let chosen = parent
        .send(reqwest::Method::PUT, path, json!({"mail": [], "off": ["low_mark"]}))
        .await;
    assert_eq!(chosen.status(), 200);
    let body =
        json!({"records": [], "marks": [{"student_id": school.anna, "value": 1, "kind": "lesson", "comment": null}]});
    assert_eq!(school.save(school.teacher, lesson, body).await.0, 200);
    assert!(school.told(school.parent, "low_mark").await.is_empty(), "switched off");
    let worker = school.as_user(school.teacher);
    let kinds = crate::helpers::json(worker.get(path).await).await;
    assert!(
        kinds["data"]
            .as_array()
            .expect("kinds")
            .iter()
            .all(|k| k["kind"] != "low_mark"),
        "a parent's kind: {kinds}"
    );
}

#[tokio::test]
async fn a_teacher_is_reminded_in_the_evening_of_a_lesson_left_planned() {
    use klass::service::gradebook::unfilled::{JOB, remind};
    let school = school().await;
    let store = &school.app.store;
    // The server's own daily job, at its first start, marks where the runs begin.
    for _ in 0..200 {
        let read = store.read().expect("read");
        if klass::store::job_runs::done_until(&read, JOB).expect("read").is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    for hours in [1, 2] {
        school.lesson(school.teacher, hours);
    }
    let config = std::sync::Arc::new(klass::config::Config::default());
    let tz = config.time_zone();
    let journal = klass::service::journal::Journal::new(config, klass::mail::Mailer::new(), Default::default());
    let two_days_on = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(48);
    let run = |now| remind(store, &journal, &tz, now).expect("remind");
    assert_eq!(run(two_days_on), 2, "both lessons ended planned since the first start");
    let told = school.told(school.teacher, "journal_unfilled").await;
    assert_eq!(told.len(), 1, "one notice for his two lessons: {told:?}");
    assert!(
        told[0].starts_with("Не заполнены журналы занятий: 2. Первое — Математика, "),
        "{}",
        told[0]
    );
    assert_eq!(
        run(two_days_on + jiff::SignedDuration::from_hours(1)),
        0,
        "the evening's run is made"
    );
    assert!(school.told(school.other_teacher, "journal_unfilled").await.is_empty());
    assert!(school.told(school.parent, "journal_unfilled").await.is_empty());

    assert!(offered(&school, school.teacher).await, "a teacher may have it mailed");
    assert!(offered(&school, school.manager).await);
    assert!(!offered(&school, school.parent).await, "parents are not offered it");
    assert!(!offered(&school, school.anna).await);
}

/// Whether `user`'s notification settings offer the reminder of unfilled journals.
async fn offered(school: &crate::journal_school::School, user: u64) -> bool {
    let settings = crate::helpers::json(school.as_user(user).get("/api/user/notification-settings").await).await;
    settings["data"]
        .as_array()
        .expect("kinds")
        .iter()
        .any(|k| k["kind"] == "journal_unfilled")
}

#[tokio::test]
async fn a_lesson_attended_ends_the_run_and_the_next_run_is_told_again() {
    let school = school().await;
    let lessons: Vec<u64> = [-120, -96, -72, -48, -24]
        .map(|hours| school.lesson(school.teacher, hours))
        .to_vec();
    let absent = json!({"records": school.records("unexcused", "present"), "marks": []});
    let present = json!({"records": school.records("present", "present"), "marks": []});
    for (lesson, body) in [
        (lessons[0], &absent),
        (lessons[1], &absent),
        (lessons[2], &present),
        (lessons[3], &absent),
    ] {
        assert_eq!(school.save(school.teacher, lesson, body.clone()).await.0, 200);
    }
    assert_eq!(
        school.told(school.parent, "absences_in_row").await.len(),
        1,
        "the first run; the new one is one absence yet"
    );
    assert_eq!(school.save(school.teacher, lessons[4], absent).await.0, 200);
    let told = school.told(school.parent, "absences_in_row").await;
    assert_eq!(told.len(), 2, "a new run, told again: {told:?}");
    assert!(
        told[0].starts_with("Анна пропустила 2 урока подряд без уважительной причины"),
        "{}",
        told[0]
    );
}
