//! Guessing and throttling: failures counted per (e-mail, client address), an hourly cap that
//! spares addresses without failures, password checks behind a session, the client address
//! behind a trusted proxy, and reset mails that cannot be used to block a person.

use crate::helpers::{Browser, TestApp, json, spawn_app_with};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

/// The password `quick_user` gives everyone.
const PASSWORD: &str = "общий-пароль";

/// An app behind a proxy on 127.0.0.1 (the tests' own address), so `X-Forwarded-For` names
/// the client.
async fn behind_proxy(adjust: impl FnOnce(&mut klass::config::Config)) -> TestApp {
    spawn_app_with(|config| {
        config.server.trusted_proxies = vec!["127.0.0.1".into()];
        adjust(config);
    })
    .await
}

/// A request as if from the client `ip` through the proxy.
async fn from(browser: &Browser, ip: &str, method: Method, path: &str, body: Value) -> reqwest::Response {
    let token = browser.ensure_csrf().await;
    browser
        .client
        .request(method, format!("{}{path}", browser.base))
        .header("X-XSRF-TOKEN", token)
        .header("X-Forwarded-For", ip)
        .json(&body)
        .send()
        .await
        .expect("request")
}

async fn login(browser: &Browser, ip: &str, email: &str, password: &str) -> u16 {
    let body = json!({"email": email, "password": password});
    from(browser, ip, Method::POST, "/login", body).await.status().as_u16()
}

fn retry_after(response: &reqwest::Response) -> u64 {
    response.headers()["retry-after"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds")
}

#[tokio::test]
async fn a_stranger_guessing_cannot_lock_the_owner_out() {
    let app = behind_proxy(|_| {}).await;
    app.quick_user("anna@school.ru", "Иванова", "Анна", &[Role::Worker]);
    let stranger = app.browser();
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(login(&stranger, "203.0.113.9", "anna@school.ru", "угадаю-угадаю").await);
    }
    assert_eq!(statuses, [401, 401, 401, 401, 401, 429]);
    assert_eq!(
        login(&stranger, "203.0.113.9", "anna@school.ru", PASSWORD).await,
        429,
        "the guessing address waits, even with the right password"
    );
    let owner = app.browser();
    assert_eq!(
        login(&owner, "198.51.100.7", "anna@school.ru", PASSWORD).await,
        204,
        "the owner, from an address without failures, signs in"
    );
}

#[tokio::test]
async fn the_hourly_cap_per_email_spares_an_address_without_failures() {
    let app = behind_proxy(|config| config.auth.login_per_hour = 3).await;
    app.quick_user("boris@school.ru", "Петров", "Борис", &[Role::Student]);
    let botnet = app.browser();
    for n in 1..=3 {
        let ip = format!("203.0.113.{n}");
        assert_eq!(login(&botnet, &ip, "boris@school.ru", "угадаю-угадаю").await, 401);
    }
    let capped = from(
        &botnet,
        "203.0.113.1",
        Method::POST,
        "/login",
        json!({"email": "boris@school.ru", "password": PASSWORD}),
    )
    .await;
    assert_eq!(capped.status(), 429, "an address that failed meets the hourly cap");
    assert!(retry_after(&capped) > 60, "the hour's cap, not the minute's");
    assert_eq!(
        login(&app.browser(), "198.51.100.7", "boris@school.ru", PASSWORD).await,
        204
    );
}

#[tokio::test]
async fn password_checks_behind_a_session_count_like_sign_in() {
    let app = behind_proxy(|_| {}).await;
    app.quick_user("vera@school.ru", "Учителева", "Вера", &[Role::Worker]);
    let thief = app.browser();
    assert_eq!(login(&thief, "203.0.113.5", "vera@school.ru", PASSWORD).await, 204);
    let change = json!({"current_password": "угадаю-угадаю", "password": "новый-пароль-1", "password_confirmation": "новый-пароль-1"});
    for _ in 0..3 {
        let wrong = from(&thief, "203.0.113.5", Method::PUT, "/api/user/password", change.clone()).await;
        assert_eq!(wrong.status(), 422);
    }
    for _ in 0..2 {
        let body = json!({"password": "угадаю-угадаю"});
        let wrong = from(
            &thief,
            "203.0.113.5",
            Method::POST,
            "/api/user/other-sessions/logout",
            body,
        )
        .await;
        assert_eq!(wrong.status(), 422);
    }
    let refused = from(&thief, "203.0.113.5", Method::PUT, "/api/user/password", change).await;
    assert_eq!(refused.status(), 429);
    assert!((1..=60).contains(&retry_after(&refused)));
    let body = json!({"password": PASSWORD});
    let also = from(
        &thief,
        "203.0.113.5",
        Method::POST,
        "/api/user/other-sessions/logout",
        body,
    )
    .await;
    assert_eq!(also.status(), 429, "one count for every password check");
    assert_eq!(
        login(&app.browser(), "198.51.100.7", "vera@school.ru", PASSWORD).await,
        204,
        "the owner elsewhere is not locked out"
    );
}

#[tokio::test]
async fn forwarded_for_names_the_client_only_behind_a_trusted_proxy() {
    let app = behind_proxy(|config| config.auth.login_per_ip_per_minute = 2).await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let browser = app.browser();
    assert_eq!(
        login(&browser, "6.6.6.6, 203.0.113.77", "m@school.ru", PASSWORD).await,
        204
    );
    let log = json(browser.get(&format!("/api/users/{manager}/logs")).await).await;
    assert_eq!(log["data"][0]["action"], "session.signed_in", "{log}");
    assert_eq!(
        log["data"][0]["ip"], "203.0.113.77",
        "the right-most hop the proxy added, not what the client wrote"
    );
    // The address limit counts the forwarded client, not the proxy everyone comes through.
    for _ in 0..2 {
        assert_eq!(
            login(&app.browser(), "203.0.113.8", "x@school.ru", "угадаю-угадаю").await,
            401
        );
    }
    assert_eq!(
        login(&app.browser(), "203.0.113.8", "y@school.ru", "угадаю-угадаю").await,
        429
    );
    assert_eq!(
        login(&app.browser(), "203.0.113.9", "y@school.ru", "угадаю-угадаю").await,
        401
    );

    let direct = spawn_app_with(|config| config.auth.login_per_ip_per_minute = 2).await;
    let manager = direct.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let browser = direct.browser();
    assert_eq!(login(&browser, "203.0.113.77", "m@school.ru", PASSWORD).await, 204);
    let log = json(browser.get(&format!("/api/users/{manager}/logs")).await).await;
    assert_eq!(
        log["data"][0]["ip"], "127.0.0.1",
        "without a trusted proxy the header is ignored"
    );
}

#[tokio::test]
async fn many_reset_requests_get_the_same_answer_and_the_links_sent_keep_working() {
    let app = behind_proxy(|_| {}).await;
    let id = app.quick_user("olga@school.ru", "Сергеева", "Ольга", &[Role::Worker]);
    let stranger = app.browser();
    let mut answers = Vec::new();
    for n in 0..6 {
        let body = json!({"email": "olga@school.ru"});
        let answer = from(
            &stranger,
            &format!("203.0.113.{n}"),
            Method::POST,
            "/forgot-password",
            body,
        )
        .await;
        answers.push((answer.status().as_u16(), json(answer).await["message"].clone()));
    }
    assert!(
        answers.iter().all(|answer| answer == &answers[0] && answer.0 == 200),
        "{answers:?}"
    );
    let mails = crate::tokens::reset_mails_to(&app, id, 3).await;
    assert_eq!(mails.len(), 3, "mails to one address are limited");
    let newest = mails.last().expect("a link");
    crate::tokens::reset_with(&app.browser(), newest, 200).await;
}
