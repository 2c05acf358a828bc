//! Signing in and out over the Sanctum protocol: CSRF, sessions, rotation, expiry, limits.

use crate::helpers::{json, spawn_app, spawn_app_with};
use klass::domain::Role;
use serde_json::json;

const PASSWORD: &str = "верный-пароль-1";

#[tokio::test]
async fn state_changing_calls_without_the_csrf_token_get_419() {
    let app = spawn_app().await;
    let bare = reqwest::Client::new();
    let response = bare
        .post(app.url("/login"))
        .json(&json!({"email": "a@b.ru", "password": "x"}))
        .send()
        .await;
    let response = response.expect("request");
    assert_eq!(response.status(), 419);
    assert_eq!(json(response).await["message"], "CSRF token mismatch.");

    let browser = app.browser();
    browser.ensure_csrf().await;
    let forged = browser
        .client
        .post(app.url("/login"))
        .header("X-XSRF-TOKEN", "0123.4567")
        .json(&json!({"email": "a@b.ru", "password": "x"}))
        .send()
        .await
        .expect("request");
    assert_eq!(forged.status(), 419, "a token this server did not sign");
}

#[tokio::test]
async fn sign_in_reads_the_user_and_sign_out_ends_the_session() {
    let app = spawn_app().await;
    let id = app.create_user("Anna@School.ru", PASSWORD, &[Role::Worker]);
    let browser = app.browser();
    assert_eq!(browser.get("/api/user").await.status(), 401);
    browser.sign_in("anna@school.ru", PASSWORD).await;
    let user = json(browser.get("/api/user").await).await;
    assert_eq!(user["data"]["id"], id);
    assert_eq!(user["data"]["email"], "anna@school.ru");
    assert_eq!(user["data"]["roles"], json!(["worker"]));
    assert!(user["data"].get("password_hash").is_none());

    let session = browser.cookie("klass_session").expect("session cookie");
    assert_eq!(browser.post("/api/logout", json!({})).await.status(), 204);
    assert_eq!(browser.get("/api/user").await.status(), 401);
    let thief = app.browser();
    thief.set_cookie("klass_session", &session);
    assert_eq!(
        thief.get("/api/user").await.status(),
        401,
        "the old cookie opens nothing"
    );
}

#[tokio::test]
async fn the_session_cookie_is_httponly_lax_and_persistent_only_when_remembered() {
    let app = spawn_app().await;
    app.create_user("b@school.ru", PASSWORD, &[Role::Student]);
    for (remember, persistent) in [(false, false), (true, true)] {
        let browser = app.browser();
        let token = browser.ensure_csrf().await;
        let response = browser
            .client
            .post(app.url("/login"))
            .header("X-XSRF-TOKEN", token)
            .json(&json!({"email": "b@school.ru", "password": PASSWORD, "remember": remember}))
            .send()
            .await
            .expect("login");
        let cookie = response
            .headers()
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with("klass_session="))
            .expect("session cookie")
            .to_owned();
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
            "{cookie}"
        );
        assert!(!cookie.contains("Secure"), "plain http on the LAN: {cookie}");
        let max_age = cookie
            .split("; ")
            .find_map(|part| part.strip_prefix("Max-Age="))
            .map(|v| v.parse::<u64>());
        let thirty_days = 30 * 24 * 3600;
        let persists = max_age.is_some_and(|age| age.is_ok_and(|age| (thirty_days - 60..=thirty_days).contains(&age)));
        assert_eq!(persists, persistent, "{cookie}");
    }
}

#[tokio::test]
async fn signing_in_rotates_the_session_and_the_csrf_token() {
    let app = spawn_app().await;
    app.create_user("c@school.ru", PASSWORD, &[Role::Parent]);
    let browser = app.browser();
    let anonymous = browser.ensure_csrf().await;
    browser.sign_in("c@school.ru", PASSWORD).await;
    let first = browser.cookie("klass_session").expect("session");
    let signed_in = browser.cookie("XSRF-TOKEN").expect("token");
    assert_ne!(anonymous, signed_in);
    browser.sign_in("c@school.ru", PASSWORD).await;
    let second = browser.cookie("klass_session").expect("session");
    assert_ne!(first, second);
    let old = app.browser();
    old.set_cookie("klass_session", &first);
    assert_eq!(
        old.get("/api/user").await.status(),
        401,
        "the pre-rotation session ended"
    );
    assert_eq!(browser.get("/api/user").await.status(), 200);
}

#[tokio::test]
async fn an_idle_session_expires() {
    let app = spawn_app().await;
    app.create_user("d@school.ru", PASSWORD, &[Role::Student]);
    let browser = app.browser();
    browser.sign_in("d@school.ru", PASSWORD).await;
    let token = browser.cookie("klass_session").expect("session");
    let key = klass::auth::token::digest(&token);
    // Three hours without a request (the idle limit is two).
    let txn = app.store.write().expect("txn");
    let mut session = klass::store::sessions::get(&txn, &key).expect("read").expect("session");
    session.last_seen_at -= jiff::SignedDuration::from_hours(3);
    klass::store::sessions::insert(&txn, &key, &session).expect("write");
    txn.commit().expect("commit");
    assert_eq!(browser.get("/api/user").await.status(), 401);
    // The dead session is removed in the background, right after the answer.
    let mut removed = false;
    for _ in 0..100 {
        let read = app.store.read().expect("read");
        removed = klass::store::sessions::get(&read, &key).expect("read").is_none();
        if removed {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(removed, "the dead session is removed");
}

#[tokio::test]
async fn an_unknown_email_and_a_wrong_password_look_the_same() {
    let app = spawn_app().await;
    app.create_user("e@school.ru", PASSWORD, &[Role::Student]);
    let browser = app.browser();
    let wrong = browser
        .post("/login", json!({"email": "e@school.ru", "password": "не-тот-пароль"}))
        .await;
    let unknown = browser
        .post(
            "/login",
            json!({"email": "nobody@school.ru", "password": "не-тот-пароль"}),
        )
        .await;
    assert_eq!(
        (wrong.status(), unknown.status()),
        (reqwest::StatusCode::UNAUTHORIZED, reqwest::StatusCode::UNAUTHORIZED)
    );
    assert_eq!(json(wrong).await, json(unknown).await);
}

#[tokio::test]
async fn the_sixth_attempt_in_a_minute_is_refused_with_retry_after() {
    let app = spawn_app().await;
    app.create_user("f@school.ru", PASSWORD, &[Role::Student]);
    let browser = app.browser();
    for _ in 0..5 {
        let response = browser
            .post("/login", json!({"email": "f@school.ru", "password": "guess-guess"}))
            .await;
        assert_eq!(response.status(), 401);
    }
    let refused = browser
        .post("/login", json!({"email": "F@school.ru", "password": PASSWORD}))
        .await;
    assert_eq!(refused.status(), 429);
    let retry: u64 = refused.headers()["retry-after"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!((1..=60).contains(&retry));
    assert!(
        json(refused).await["message"]
            .as_str()
            .expect("message")
            .starts_with("Слишком много попыток")
    );
    app.create_user("g@school.ru", PASSWORD, &[Role::Student]);
    browser.sign_in("g@school.ru", PASSWORD).await;
}

#[tokio::test]
async fn one_address_is_limited_across_accounts() {
    let app = spawn_app_with(|config| config.auth.login_per_ip_per_minute = 3).await;
    let browser = app.browser();
    let mut statuses = Vec::new();
    for i in 0..4 {
        let response = browser
            .post(
                "/login",
                json!({"email": format!("u{i}@school.ru"), "password": "x-x-x-x-x"}),
            )
            .await;
        statuses.push(response.status().as_u16());
    }
    assert_eq!(statuses, vec![401, 401, 401, 429]);
}

#[tokio::test]
async fn bad_input_gets_a_clear_4xx_never_a_500() {
    let app = spawn_app().await;
    let browser = app.browser();
    let token = browser.ensure_csrf().await;
    let raw = |content_type: &'static str, body: Vec<u8>| {
        browser
            .client
            .post(app.url("/login"))
            .header("X-XSRF-TOKEN", token.clone())
            .header("content-type", content_type)
            .body(body)
    };
    let malformed = raw("application/json", b"{\"email\":".to_vec())
        .send()
        .await
        .expect("send");
    assert_eq!(malformed.status(), 400);
    assert!(
        json(malformed).await["message"]
            .as_str()
            .expect("msg")
            .contains("не является корректным JSON")
    );
    let wrong_type = raw("text/plain", b"email=a".to_vec()).send().await.expect("send");
    assert_eq!(wrong_type.status(), 415);
    let huge = raw("application/json", vec![b' '; 10 * 1024 * 1024 + 1])
        .send()
        .await
        .expect("send");
    assert_eq!(huge.status(), 413);

    let missing = json(browser.post("/login", json!({})).await).await;
    assert_eq!(missing["errors"]["email"], json!(["Обязательное поле"]));
    assert_eq!(missing["errors"]["password"], json!(["Обязательное поле"]));
    let long_email = format!("{}@school.ru", "a".repeat(300));
    let response = browser
        .post("/login", json!({"email": long_email, "password": "x"}))
        .await;
    assert_eq!(response.status(), 422);
    assert_eq!(
        json(response).await["errors"]["email"],
        json!(["Введите корректный email"])
    );
    let wrong_types = browser.post("/login", json!({"email": 5, "password": ["x"]})).await;
    assert_eq!(wrong_types.status(), 422, "JSON of the wrong shape is invalid data");
    assert_eq!(
        json(wrong_types).await["message"],
        "Значение неверного типа: ожидается строка"
    );
}
