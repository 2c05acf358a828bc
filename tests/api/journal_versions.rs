//! A lesson's journal saved from a page loaded before someone changed it: refused on `version`
//! with nothing written, so a mark added or a status fixed meanwhile is never removed silently.

use crate::journal_school::{School, school};
use serde_json::{Value, json};

/// The message of a save refused because the journal changed since the form was loaded.
const CHANGED: &str =
    "Журнал этого занятия изменили, пока вы его заполняли. Загрузите его заново и внесите свои изменения.";

/// `lesson`'s journal version as `user` reads it.
async fn version_of(school: &School, user: u64, lesson: u64) -> String {
    let (status, answer) = school.journal(user, lesson).await;
    assert_eq!(status, 200, "{answer}");
    let version = answer["data"]["version"].as_str().expect("version").to_owned();
    assert!(!version.is_empty(), "{answer}");
    version
}

/// A journal body with this attendance and no marks, made from `version` (none: left out).
fn body(school: &School, (anna, boris): (&str, &str), version: Option<&str>) -> Value {
    let mut body = json!({"topic": "Дроби", "homework": "№ 12", "records": school.records(anna, boris), "marks": []});
    if let Some(version) = version {
        body["version"] = json!(version);
    }
    body
}

/// A test mark for Anna at `lesson` given by `user` through `POST /api/marks`: its id.
async fn mark_meanwhile(school: &School, user: u64, lesson: u64) -> u64 {
    let mark = json!({"student_id": school.anna, "lesson_id": lesson, "value": 5, "kind": "test"});
    let response = school.as_user(user).post("/api/marks", mark).await;
    assert_eq!(response.status(), 201);
    crate::helpers::json(response).await["data"]["id"].as_u64().expect("id")
}

/// The ids of `lesson`'s marks as the manager reads them.
async fn mark_ids(school: &School, lesson: u64) -> Vec<u64> {
    let (_, answer) = school.journal(school.manager, lesson).await;
    let marks = answer["data"]["marks"].as_array().expect("marks");
    marks.iter().map(|m| m["id"].as_u64().expect("id")).collect()
}

#[tokio::test]
async fn a_save_from_the_version_read_passes_and_answers_the_new_one_to_save_again_from() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let read = version_of(&school, school.teacher, lesson).await;

    let (status, answer) = school
        .save(school.teacher, lesson, body(&school, ("present", "late"), Some(&read)))
        .await;
    assert_eq!(status, 200, "{answer}");
    let saved = answer["data"]["version"].as_str().expect("version").to_owned();
    assert_ne!(saved, read, "attendance and texts were written");
    assert_eq!(
        saved,
        version_of(&school, school.teacher, lesson).await,
        "the answer's is the journal's"
    );

    let again = body(&school, ("present", "present"), Some(&saved));
    let (status, answer) = school.save(school.teacher, lesson, again).await;
    assert_eq!(status, 200, "saving twice from one page works: {answer}");
}

#[tokio::test]
async fn a_save_from_a_page_loaded_before_a_mark_was_added_is_refused_and_the_mark_kept() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let read = version_of(&school, school.teacher, lesson).await;
    let mark = mark_meanwhile(&school, school.manager, lesson).await;
    assert_ne!(version_of(&school, school.teacher, lesson).await, read);

    let (status, answer) = school
        .save(
            school.teacher,
            lesson,
            body(&school, ("present", "present"), Some(&read)),
        )
        .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["errors"]["version"][0], CHANGED, "{answer}");
    assert_eq!(mark_ids(&school, lesson).await, vec![mark], "the mark is still there");
    let (_, journal) = school.journal(school.teacher, lesson).await;
    assert_eq!(journal["data"]["records"], json!([]), "nothing written: {journal}");
    assert_eq!(journal["data"]["topic"], "");
}

#[tokio::test]
async fn attendance_another_save_changed_changes_the_version_and_refuses_the_stale_save() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let read = version_of(&school, school.teacher, lesson).await;
    let (status, _) = school
        .save(school.manager, lesson, body(&school, ("excused", "present"), None))
        .await;
    assert_eq!(status, 200);
    assert_ne!(version_of(&school, school.teacher, lesson).await, read);

    let (status, answer) = school
        .save(
            school.teacher,
            lesson,
            body(&school, ("unexcused", "present"), Some(&read)),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(answer["errors"]["version"][0], CHANGED, "{answer}");
    let (_, journal) = school.journal(school.teacher, lesson).await;
    assert_eq!(
        journal["data"]["records"][0]["status"], "excused",
        "the fixed status stays"
    );
}

#[tokio::test]
async fn a_save_without_a_version_is_saved_over_whatever_the_journal_is_now() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    mark_meanwhile(&school, school.teacher, lesson).await;

    let (status, answer) = school
        .save(school.teacher, lesson, body(&school, ("present", "present"), None))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        mark_ids(&school, lesson).await,
        Vec::<u64>::new(),
        "a stored mark not sent is removed"
    );
}

#[tokio::test]
async fn a_wrong_or_garbage_version_is_refused_on_version_and_nothing_is_written() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let long = "я".repeat(10_000);
    for sent in ["", "0000000000000000", "<script>", long.as_str()] {
        let (status, answer) = school
            .save(school.teacher, lesson, body(&school, ("late", "late"), Some(sent)))
            .await;
        assert_eq!(status, 422, "{answer}");
        assert_eq!(answer["errors"]["version"][0], CHANGED, "{answer}");
    }
    let (_, journal) = school.journal(school.teacher, lesson).await;
    assert_eq!(journal["data"]["records"], json!([]));
}

#[tokio::test]
async fn of_two_saves_from_one_version_at_once_only_one_is_written() {
    let school = school().await;
    let lesson = school.lesson(school.teacher, -1);
    let read = version_of(&school, school.teacher, lesson).await;
    let (first, second) = tokio::join!(
        school.save(
            school.teacher,
            lesson,
            body(&school, ("present", "present"), Some(&read))
        ),
        school.save(school.manager, lesson, body(&school, ("late", "late"), Some(&read))),
    );
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 422], "{first:?} {second:?}");
}
