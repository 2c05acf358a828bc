//! Refusals of malformed requests speak Russian without parser internals, and someone else's
//! notification answers like a missing one.

use super::{school, upload};
use crate::helpers::{Browser, json};
use reqwest::Method;
use serde_json::Value;

/// Sends `body` (raw text, `None`: no body) and returns the status and the JSON answer.
async fn raw(browser: &Browser, method: Method, path: &str, body: Option<&str>) -> (u16, Value) {
    let token = browser.ensure_csrf().await;
    let mut request = browser
        .client
        .request(method, format!("{}{path}", browser.base))
        .header("X-XSRF-TOKEN", token);
    if let Some(body) = body {
        request = request.header("Content-Type", "application/json").body(body.to_owned());
    }
    let response = request.send().await.expect("request");
    (response.status().as_u16(), json(response).await)
}

/// English words and parser vocabulary that must never reach a person.
fn speaks_parser(message: &str) -> bool {
    let lower = message.to_lowercase();
    [
        "param",
        "parse",
        "expected",
        "found",
        "integer",
        "uint",
        "string",
        "json payload",
        "invalid",
        "failed",
        "line ",
        "column",
    ]
    .iter()
    .any(|word| lower.contains(word))
        || message.contains("Body")
}

#[tokio::test]
async fn every_refusal_of_a_malformed_request_is_russian_without_parser_internals() {
    let (_app, boss, student, _) = school().await;
    let post = Method::POST;
    let cases: Vec<(Method, String, Option<&str>, u16)> = vec![
        // Malformed ids in the address: no such record.
        (Method::GET, "/api/users/abc".into(), None, 404),
        (Method::GET, "/api/users/-1".into(), None, 404),
        (Method::GET, "/api/users/18446744073709551616".into(), None, 404),
        (Method::DELETE, "/api/users/1.5".into(), None, 404),
        (Method::GET, format!("/api/users/{student}/files/xyz"), None, 404),
        (post.clone(), "/api/notifications/abc/read".into(), Some("{}"), 404),
        (
            post.clone(),
            "/api/users/abc/update-roles".into(),
            Some(r#"{"roles":["student"]}"#),
            404,
        ),
        // Query values of the wrong form: 422 on the parameter.
        (Method::GET, "/api/users?page=abc".into(), None, 422),
        (Method::GET, "/api/users?tags[]=x".into(), None, 422),
        (Method::GET, "/api/history?user_id=-3".into(), None, 422),
        // A body that is not JSON: 400.
        (post.clone(), "/api/users".into(), Some("{"), 400),
        (post.clone(), "/login".into(), Some("{\"email\": "), 400),
        (post.clone(), "/api/tags".into(), Some("name=x"), 400),
        // JSON of the wrong shape: 422.
        (post.clone(), "/api/users".into(), Some("[1,2]"), 422),
        (post.clone(), "/api/users".into(), Some(""), 422),
        (post.clone(), "/api/tags".into(), Some(r#"{"name":["x"]}"#), 422),
        (post.clone(), "/login".into(), Some(r#""text""#), 422),
        (
            post.clone(),
            "/login".into(),
            Some(r#"{"email":"a@b.ru","password":"x","remember":"yes"}"#),
            422,
        ),
        (
            Method::PUT,
            "/api/user/notification-settings".into(),
            Some(r#"{"mail":"x"}"#),
            422,
        ),
        (Method::PUT, "/api/user/notification-settings".into(), Some("{}"), 422),
        (
            post.clone(),
            format!("/api/users/{student}/parents/save"),
            Some(r#"{"parents":["a"]}"#),
            422,
        ),
        (
            post.clone(),
            format!("/api/users/{student}/parents/save"),
            Some(r#"{"parents":[-1]}"#),
            422,
        ),
        (
            post,
            format!("/api/users/{student}/update-roles"),
            Some(r#"{"roles":null}"#),
            422,
        ),
    ];
    let mut wrong = Vec::new();
    for (method, path, body, expected) in cases {
        let (status, answer) = raw(&boss, method.clone(), &path, body).await;
        let message = answer["message"].as_str().unwrap_or_default();
        let cyrillic = message
            .chars()
            .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)));
        if status != expected || !cyrillic || speaks_parser(&answer.to_string()) {
            wrong.push(format!("{method} {path} {body:?}: {status} {answer}"));
        }
    }
    assert!(wrong.is_empty(), "answers not as expected:\n{}", wrong.join("\n"));
}

#[tokio::test]
async fn someone_elses_notification_answers_like_a_missing_one() {
    let (app, boss, student, parent) = school().await;
    // The student gets a notification: a file added to his card.
    assert_eq!(
        upload(&boss, student, "Справка.pdf", "application/pdf", b"%PDF")
            .await
            .status(),
        201
    );
    let kid = app.browser_as(student, None);
    let inbox = json(kid.get(&format!("/api/users/{student}/notifications")).await).await;
    let id = inbox["data"][0]["id"].as_u64().expect("a notification");

    let mum = app.browser_as(parent, None);
    let (theirs, theirs_body) = raw(&mum, Method::POST, &format!("/api/notifications/{id}/read"), Some("{}")).await;
    let (missing, missing_body) = raw(&mum, Method::POST, "/api/notifications/999999/read", Some("{}")).await;
    assert_eq!((theirs, missing), (404, 404));
    assert_eq!(theirs_body, missing_body, "the same answer");
    let unread = json(kid.get(&format!("/api/users/{student}/notifications")).await).await;
    assert!(unread["data"][0]["read_at"].is_null(), "still unread");
    let (own, _) = raw(&kid, Method::POST, &format!("/api/notifications/{id}/read"), Some("{}")).await;
    assert_eq!(own, 200);
}
