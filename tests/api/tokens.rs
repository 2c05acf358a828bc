//! Links sent by mail: a new password ends every older reset or set-password link, the reset
//! page can ask whether its link still works, and a new e-mail is not confirmed.

use crate::helpers::{Browser, TestApp, json, spawn_app, spawn_app_with};
use klass::domain::{Role, UserId};
use klass::mail::MailKind;
use reqwest::Method;
use serde_json::json;

const INVALID: &str = "Ссылка для сброса пароля недействительна или устарела";

/// A reset or set-password link from a mail: its token and e-mail.
pub struct Link {
    pub token: String,
    pub email: String,
}

/// The mails of `kinds` to user `id` in the store, oldest first.
fn mails_of(app: &TestApp, id: u64, kinds: &[MailKind]) -> Vec<klass::mail::MailRecord> {
    (1..)
        .map_while(|n| {
            klass::store::record::get::<klass::mail::MailRecord>(
                &app.store.read().expect("read"),
                klass::domain::MailId(n),
            )
            .expect("read")
        })
        .filter(|mail| mail.user_id == Some(UserId(id)) && kinds.contains(&mail.kind))
        .collect()
}

/// Waits until `count` reset or set-password mails to user `id` are queued, and reads their
/// links, oldest first.
pub async fn reset_mails_to(app: &TestApp, id: u64, count: usize) -> Vec<Link> {
    let kinds = [MailKind::PasswordReset, MailKind::SetPassword];
    for _ in 0..200 {
        let mails = mails_of(app, id, &kinds);
        if mails.len() >= count {
            return mails.iter().map(|mail| link_in(&mail.text)).collect();
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("fewer than {count} reset mails to user {id}");
}

fn link_in(text: &str) -> Link {
    let start = text.find("reset-password?").expect("a reset link") + "reset-password?".len();
    let query = text[start..].split_whitespace().next().expect("query");
    let value = |name: &str| {
        query
            .split('&')
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
            .expect("param")
            .replace("%40", "@")
    };
    Link {
        token: value("token"),
        email: value("email"),
    }
}

/// Sets a new password with `link` and expects `status`.
pub async fn reset_with(browser: &Browser, link: &Link, status: u16) -> serde_json::Value {
    let password = "по-ссылке-пароль-1";
    let body =
        json!({"token": link.token, "email": link.email, "password": password, "password_confirmation": password});
    let answer = browser.post("/reset-password", body).await;
    assert_eq!(answer.status(), status);
    json(answer).await
}

async fn check(browser: &Browser, token: &str, email: &str) -> reqwest::Response {
    browser
        .post("/reset-password/check", json!({"token": token, "email": email}))
        .await
}

#[tokio::test]
async fn a_reset_ends_every_older_link() {
    let app = spawn_app().await;
    let id = app.quick_user("olga@school.ru", "Сергеева", "Ольга", &[Role::Worker]);
    let browser = app.browser();
    for _ in 0..2 {
        let body = json!({"email": "olga@school.ru"});
        assert_eq!(browser.post("/forgot-password", body).await.status(), 200);
    }
    let links = reset_mails_to(&app, id, 2).await;
    reset_with(&browser, &links[1], 200).await;
    let older = reset_with(&browser, &links[0], 422).await;
    assert_eq!(older["errors"]["email"], json!([INVALID]), "{older}");
}

#[tokio::test]
async fn a_password_set_by_a_manager_or_changed_ends_the_links_in_the_mailbox() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let id = app.quick_user("olga@school.ru", "Сергеева", "Ольга", &[Role::Worker]);
    let boss = app.browser_as(manager, None);
    let sent = boss.post(&format!("/api/users/{id}/resend-password"), json!({})).await;
    assert_eq!(sent.status(), 202);
    let body = json!({"password": "задал-менеджер-1", "password_confirmation": "задал-менеджер-1"});
    let set = boss.post(&format!("/api/users/{id}/change-password"), body).await;
    assert_eq!(set.status(), 200);
    let links = reset_mails_to(&app, id, 1).await;
    let refused = reset_with(&app.browser(), &links[0], 422).await;
    assert_eq!(refused["message"], INVALID);

    let asked = app.browser();
    assert_eq!(
        asked
            .post("/forgot-password", json!({"email": "olga@school.ru"}))
            .await
            .status(),
        200
    );
    let links = reset_mails_to(&app, id, 2).await;
    let own = app.browser();
    own.sign_in("olga@school.ru", "задал-менеджер-1").await;
    let body = json!({"current_password": "задал-менеджер-1", "password": "свой-пароль-22", "password_confirmation": "свой-пароль-22"});
    assert_eq!(own.send(Method::PUT, "/api/user/password", body).await.status(), 200);
    reset_with(&app.browser(), &links[1], 422).await;
}

#[tokio::test]
async fn the_reset_page_can_ask_whether_its_link_still_works() {
    let app = spawn_app().await;
    let id = app.quick_user("olga@school.ru", "Сергеева", "Ольга", &[Role::Worker]);
    let browser = app.browser();
    assert_eq!(
        browser
            .post("/forgot-password", json!({"email": "olga@school.ru"}))
            .await
            .status(),
        200
    );
    let link = reset_mails_to(&app, id, 1).await.remove(0);
    assert_eq!(check(&browser, &link.token, &link.email).await.status(), 204);
    assert_eq!(
        check(&browser, &link.token, &link.email).await.status(),
        204,
        "checking spends nothing"
    );
    let unknown_email = check(&browser, &link.token, "ghost@school.ru").await;
    let bad_token = check(&browser, "not-a-token", &link.email).await;
    assert_eq!(
        (unknown_email.status().as_u16(), bad_token.status().as_u16()),
        (422, 422)
    );
    let (unknown_email, bad_token) = (json(unknown_email).await, json(bad_token).await);
    assert_eq!(unknown_email, bad_token, "the same answer either way");
    assert_eq!(bad_token["message"], INVALID);

    reset_with(&browser, &link, 200).await;
    let used = check(&browser, &link.token, &link.email).await;
    assert_eq!(used.status(), 422, "a used link");
}

#[tokio::test]
async fn checking_links_is_limited_per_client_address() {
    let app = spawn_app().await;
    let browser = app.browser();
    let mut last = 0;
    for _ in 0..31 {
        last = check(&browser, "guess", "a@school.ru").await.status().as_u16();
    }
    assert_eq!(last, 429);
}

#[tokio::test]
async fn a_new_email_is_not_confirmed_and_gets_a_confirmation_mail() {
    let app = spawn_app_with(|config| config.auth.require_verified_email = true).await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let id = app.quick_user("olga@school.ru", "Сергеева", "Ольга", &[Role::Worker]);
    let txn = app.store.write().expect("txn");
    for user in [manager, id] {
        let mut person = klass::store::users::get(&txn, UserId(user))
            .expect("read")
            .expect("user");
        person.email_verified_at = Some(jiff::Timestamp::now());
        klass::store::users::update(&txn, &person).expect("write");
    }
    txn.commit().expect("commit");
    let boss = app.browser_as(manager, None);
    let card = json(boss.get(&format!("/api/users/{id}")).await).await;
    assert_eq!(card["data"]["email_verified"], true, "{card}");
    let body = json!({"email": "olga.new@school.ru", "last_name": "Сергеева", "first_name": "Ольга"});
    let saved = boss.send(Method::PUT, &format!("/api/users/{id}"), body).await;
    assert_eq!(saved.status(), 200);
    let card = json(boss.get(&format!("/api/users/{id}")).await).await;
    assert_eq!(card["data"]["email_verified"], false, "{card}");
    let mails = mails_of(&app, id, &[MailKind::VerifyEmail]);
    assert_eq!(
        mails.iter().map(|mail| mail.to.as_str()).collect::<Vec<_>>(),
        ["olga.new@school.ru"]
    );
    let body = json!({"email": "olga.new@school.ru", "last_name": "Сергеева", "first_name": "Оля"});
    assert_eq!(
        boss.send(Method::PUT, &format!("/api/users/{id}"), body).await.status(),
        200
    );
    assert_eq!(
        mails_of(&app, id, &[MailKind::VerifyEmail]).len(),
        1,
        "only a new address"
    );
}

#[tokio::test]
async fn a_password_link_sent_to_an_old_address_stops_working_when_the_address_changes() {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let id = app.quick_user("family@school.ru", "Сергеева", "Ольга", &[Role::Parent]);
    let boss = app.browser_as(manager, None);
    let sent = boss.post(&format!("/api/users/{id}/resend-password"), json!({})).await;
    assert_eq!(sent.status(), 202);
    let links = reset_mails_to(&app, id, 1).await;
    let body = json!({"email": "olga@school.ru", "last_name": "Сергеева", "first_name": "Ольга"});
    let saved = boss.send(Method::PUT, &format!("/api/users/{id}"), body).await;
    assert_eq!(saved.status(), 200);
    let with_new_address = Link {
        token: links[0].token.clone(),
        email: "olga@school.ru".into(),
    };
    let refused = reset_with(&app.browser(), &with_new_address, 422).await;
    assert_eq!(refused["message"], INVALID, "the link went to the old mailbox");
}
