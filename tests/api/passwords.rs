//! Passwords: the reset flow over a real SMTP conversation, changing one's own password,
//! ending other sessions.

use crate::helpers::{Browser, json, spawn_app, spawn_app_with};
use crate::smtp_fake::{FakeSmtp, text_parts};
use klass::config::{MailTransport, SmtpTls};
use klass::domain::Role;
use serde_json::json;

const OLD: &str = "старый-пароль-1";
const NEW: &str = "новый-пароль-22";

/// The reset link in a received mail's text part.
fn reset_link(raw: &str) -> String {
    let text = text_parts(raw)
        .into_iter()
        .find(|(kind, _)| kind.starts_with("text/plain"))
        .expect("text part")
        .1;
    let start = text.find("http://").expect("a link");
    text[start..].split_whitespace().next().expect("link").to_owned()
}

fn query_value(link: &str, name: &str) -> String {
    let query = link.split_once('?').expect("query").1;
    let raw = query
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .expect("param");
    raw.replace("%40", "@")
}

#[tokio::test]
async fn forgot_mail_reset_and_sign_in_over_real_smtp() {
    let mut smtp = FakeSmtp::start().await;
    let port = smtp.addr.port();
    let app = spawn_app_with(|config| {
        config.mail.transport = MailTransport::Smtp;
        config.mail.smtp.host = "127.0.0.1".into();
        config.mail.smtp.port = port;
        config.mail.smtp.tls = SmtpTls::None;
        config.school.name = "Лицей №1".into();
    })
    .await;
    app.create_user("olga@school.ru", OLD, &[Role::Worker]);
    let signed_in_elsewhere = app.browser();
    signed_in_elsewhere.sign_in("olga@school.ru", OLD).await;

    let browser = app.browser();
    let answer = browser
        .post("/forgot-password", json!({"email": "Olga@School.ru"}))
        .await;
    assert_eq!(answer.status(), 200);
    let received = smtp.next_message().await;
    assert_eq!(received.to, vec!["olga@school.ru".to_owned()]);
    let link = reset_link(&received.data);
    // Links are built from server.public_url (left at its default here), not from the request.
    assert!(
        link.starts_with("http://127.0.0.1:8080/auth/reset-password?token="),
        "{link}"
    );

    let token = query_value(&link, "token");
    let email = query_value(&link, "email");
    let short = browser
        .post(
            "/reset-password",
            json!({"token": token, "email": email, "password": "123", "password_confirmation": "123"}),
        )
        .await;
    assert_eq!(
        json(short).await["errors"]["password"],
        json!(["Пароль должен быть не короче 8 символов"])
    );
    let body = json!({"token": token, "email": email, "password": NEW, "password_confirmation": NEW});
    assert_eq!(browser.post("/reset-password", body.clone()).await.status(), 200);
    assert_eq!(
        browser.post("/reset-password", body).await.status(),
        422,
        "a token works once"
    );

    assert_eq!(
        signed_in_elsewhere.get("/api/user").await.status(),
        401,
        "a reset ends every session"
    );
    let wrong = browser
        .post("/login", json!({"email": "olga@school.ru", "password": OLD}))
        .await;
    assert_eq!(wrong.status(), 401);
    browser.sign_in("olga@school.ru", NEW).await;
    assert_eq!(
        json(browser.get("/api/user").await).await["data"]["email_verified"],
        true
    );
}

#[tokio::test]
async fn forgot_answers_the_same_for_unknown_addresses_and_sends_nothing() {
    let app = spawn_app().await;
    app.create_user("known@school.ru", OLD, &[Role::Student]);
    let browser = app.browser();
    let known = json(
        browser
            .post("/forgot-password", json!({"email": "known@school.ru"}))
            .await,
    )
    .await;
    let unknown = json(
        browser
            .post("/forgot-password", json!({"email": "ghost@school.ru"}))
            .await,
    )
    .await;
    assert_eq!(known, unknown);
    let outbox = app.data_dir.path().join("outbox");
    let mut files = Vec::new();
    for _ in 0..100 {
        files = std::fs::read_dir(&outbox)
            .map(|d| d.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        files.retain(|name: &std::ffi::OsString| !name.to_string_lossy().starts_with('.'));
        if !files.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(files.len(), 1, "one mail, to the known address: {files:?}");
    let invalid = browser
        .post("/forgot-password", json!({"email": "not-an-address"}))
        .await;
    assert_eq!(invalid.status(), 422);
}

#[tokio::test]
async fn forgot_is_limited_per_client_address() {
    let app = spawn_app().await;
    let browser = app.browser();
    let mut last = 0;
    for n in 0..11 {
        last = browser
            .post("/forgot-password", json!({"email": format!("u{n}@school.ru")}))
            .await
            .status()
            .as_u16();
    }
    assert_eq!(last, 429);
}

async fn signed_in(app: &crate::helpers::TestApp, email: &str) -> Browser {
    let browser = app.browser();
    browser.sign_in(email, OLD).await;
    browser
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_sessions() {
    let app = spawn_app().await;
    app.create_user("p@school.ru", OLD, &[Role::Parent]);
    let here = signed_in(&app, "p@school.ru").await;
    let phone = signed_in(&app, "p@school.ru").await;
    let put = |body| here.send(reqwest::Method::PUT, "/api/user/password", body);
    let wrong =
        json(put(json!({"current_password": "nope-nope", "password": NEW, "password_confirmation": NEW})).await).await;
    assert_eq!(wrong["errors"]["current_password"], json!(["Неверный текущий пароль"]));
    let mismatch =
        json(put(json!({"current_password": OLD, "password": NEW, "password_confirmation": "другой-пароль"})).await)
            .await;
    assert_eq!(
        mismatch["errors"]["password_confirmation"],
        json!(["Пароли не совпадают"])
    );
    let done = put(json!({"current_password": OLD, "password": NEW, "password_confirmation": NEW})).await;
    assert_eq!(done.status(), 200);
    assert_eq!(here.get("/api/user").await.status(), 200, "this session stays");
    assert_eq!(phone.get("/api/user").await.status(), 401, "the other one ended");
    app.browser().sign_in("p@school.ru", NEW).await;
}

#[tokio::test]
async fn signing_out_everywhere_else_keeps_this_session() {
    let app = spawn_app().await;
    app.create_user("q@school.ru", OLD, &[Role::Student]);
    let here = signed_in(&app, "q@school.ru").await;
    let others = [
        signed_in(&app, "q@school.ru").await,
        signed_in(&app, "q@school.ru").await,
    ];
    let refused = here
        .post("/api/user/other-sessions/logout", json!({"password": "wrong-one"}))
        .await;
    assert_eq!(refused.status(), 422);
    let ended = json(
        here.post("/api/user/other-sessions/logout", json!({"password": OLD}))
            .await,
    )
    .await;
    assert_eq!(ended["ended"], 2);
    assert_eq!(here.get("/api/user").await.status(), 200);
    for other in &others {
        assert_eq!(other.get("/api/user").await.status(), 401);
    }
}
