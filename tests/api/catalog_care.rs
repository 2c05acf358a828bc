//! The calendar, its iCal feeds, subjects, courses, tags and notifications as a school uses them:
//! bad input, every role, and nothing stored lost.

use crate::helpers::{Browser, json};
use crate::journal_school::{School, school};
use reqwest::Method;
use serde_json::{Value, json};

/// The status and body of `browser`'s `method` on `path` with `body`.
async fn sent(browser: &Browser, method: Method, path: &str, body: Value) -> (u16, Value) {
    let response = browser.send(method, path, body).await;
    (response.status().as_u16(), json(response).await)
}

/// The manager of `school`, signed in.
fn manager(school: &School) -> Browser {
    school.as_user(school.manager)
}

#[tokio::test]
async fn a_name_typed_with_two_spaces_is_kept_with_one_and_is_taken_when_it_is() {
    let school = school().await;
    let boss = manager(&school);
    let made = sent(
        &boss,
        Method::POST,
        "/api/tags",
        json!({"name": "Подготовка к ЕГЭ", "color": "red"}),
    )
    .await;
    assert_eq!(made.0, 201, "{}", made.1);
    let twin = json!({"name": " Подготовка  к\u{a0}ЕГЭ ", "color": "blue"});
    let (status, body) = sent(&boss, Method::POST, "/api/tags", twin.clone()).await;
    assert_eq!(status, 422, "a page shows both names alike: {body}");
    assert_eq!(body["errors"]["name"], json!(["Тег с таким названием уже есть"]));
    let other = sent(
        &boss,
        Method::POST,
        "/api/tags",
        json!({"name": "Новичок", "color": "red"}),
    )
    .await;
    let path = format!("/api/tags/{}", other.1["data"]["id"]);
    let (status, body) = sent(&boss, Method::PUT, &path, twin).await;
    assert_eq!(
        (status, &body["errors"]["name"]),
        (422, &json!(["Тег с таким названием уже есть"]))
    );

    let subject = json!({"name": "Химия  и   биология", "color": "green"});
    let (status, body) = sent(&boss, Method::POST, "/api/subjects", subject).await;
    assert_eq!(
        (status, &body["data"]["name"]),
        (201, &json!("Химия и биология")),
        "{body}"
    );
    let subject_id = body["data"]["id"].clone();
    let course = json!({"subject_id": subject_id, "name": "ЕГЭ  за  год"});
    let (status, body) = sent(&boss, Method::POST, "/api/courses", course).await;
    assert_eq!((status, &body["data"]["name"]), (201, &json!("ЕГЭ за год")), "{body}");
}

#[tokio::test]
async fn a_control_character_among_spaces_is_still_refused() {
    let school = school().await;
    let boss = manager(&school);
    let (status, body) = sent(
        &boss,
        Method::POST,
        "/api/tags",
        json!({"name": "Ив\u{85}ан", "color": "red"}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"]["name"],
        json!(["Содержит недопустимые управляющие символы"])
    );
}
