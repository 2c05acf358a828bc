//! A payment sent twice is recorded once: the desk's dialog sends the same `Idempotency-Key`
//! with each attempt, and a repeat by the same manager with the same body writes nothing and
//! answers with what the first wrote; another body with that key, or a key that is not one,
//! is a Russian 422 on `idempotency_key`; keys are each manager's own and forgotten after a week.

use crate::helpers::json;
use crate::journal_school::{School, school};
use jiff::{SignedDuration, Timestamp, ToSpan};
use klass::domain::Role;
use serde_json::{Value, json};

/// `body` posted to `path` by `user` with `key` as its `Idempotency-Key`: status and JSON.
async fn post_keyed(school: &School, user: u64, path: &str, key: Option<&str>, body: Value) -> (u16, Value) {
    let browser = school.as_user(user);
    let token = browser.ensure_csrf().await;
    let mut request = browser
        .client
        .post(format!("{}{path}", browser.base))
        .header("X-XSRF-TOKEN", token)
        .json(&body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.expect("request");
    (response.status().as_u16(), json(response).await)
}

/// A cash payment of `amount` kopecks to Anna.
fn payment(school: &School, amount: i64) -> Value {
    json!({"student_id": school.anna, "amount": amount, "method": "cash"})
}

/// The manager's payment with `key`: status and JSON.
async fn pay(school: &School, key: Option<&str>, body: Value) -> (u16, Value) {
    post_keyed(school, school.manager, "/api/payments", key, body).await
}

/// Anna's ledger as the manager reads it: (entries, balance).
async fn ledger(school: &School) -> (u64, i64) {
    let path = format!("/api/users/{}/payments", school.anna);
    let found = json(school.as_user(school.manager).get(&path).await).await;
    let total = found["meta"]["total"].as_u64().expect("total");
    (total, found["balance"].as_i64().expect("balance"))
}

#[tokio::test]
async fn the_same_key_sent_again_writes_one_entry_and_answers_with_it() {
    let school = school().await;
    let (status, first) = pay(&school, Some("desk-1_a"), payment(&school, 1_500_00)).await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = pay(&school, Some("desk-1_a"), payment(&school, 1_500_00)).await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(again["data"]["id"], first["data"]["id"], "the entry the first wrote");
    assert_eq!(again["data"]["title"], "Оплата: наличные");
    assert_eq!(again["balance"], 1_500_00);
    assert_eq!(ledger(&school).await, (1, 1_500_00), "the balance changed once");
    let logged = school.logged("payment.recorded").await;
    assert_eq!(logged.len(), 1, "{logged:?}");
}

#[tokio::test]
async fn two_sends_at_once_with_one_key_write_one_entry() {
    let school = school().await;
    let (one, two) = tokio::join!(
        pay(&school, Some("same-time"), payment(&school, 700_00)),
        pay(&school, Some("same-time"), payment(&school, 700_00)),
    );
    assert_eq!((one.0, two.0), (201, 201), "{one:?} {two:?}");
    assert_eq!(one.1["data"]["id"], two.1["data"]["id"]);
    assert_eq!(ledger(&school).await, (1, 700_00));
}

#[tokio::test]
async fn a_key_used_for_another_request_is_refused() {
    let school = school().await;
    assert_eq!(pay(&school, Some("k1"), payment(&school, 1_000_00)).await.0, 201);
    let reused = "Эта форма уже была отправлена с другими данными, и запись по ней могла быть сделана: проверьте оплаты ученика, прежде чем вносить её снова";
    let (status, other_amount) = pay(&school, Some("k1"), payment(&school, 2_000_00)).await;
    assert_eq!(status, 422, "{other_amount}");
    assert_eq!(other_amount["errors"]["idempotency_key"][0], reused);
    let charge = json!({"student_id": school.anna, "amount": 1_000_00, "kind": "charge", "reason": "other"});
    let (status, other_kind) = pay(&school, Some("k1"), charge).await;
    assert_eq!(status, 422, "{other_kind}");
    let other_student = json!({"student_id": school.boris, "amount": 1_000_00, "method": "cash"});
    assert_eq!(pay(&school, Some("k1"), other_student).await.0, 422);
    assert_eq!(ledger(&school).await, (1, 1_000_00));
}

#[tokio::test]
async fn without_a_key_each_send_is_a_new_entry() {
    let school = school().await;
    let (first, second) = (
        pay(&school, None, payment(&school, 500_00)).await,
        pay(&school, None, payment(&school, 500_00)).await,
    );
    assert_eq!((first.0, second.0), (201, 201));
    assert_ne!(first.1["data"]["id"], second.1["data"]["id"]);
    assert_eq!(ledger(&school).await, (2, 1_000_00));
}

#[tokio::test]
async fn a_key_that_is_not_one_is_a_422_on_its_field() {
    let school = school().await;
    for bad in ["", "пробел ключ", "a/b", &"x".repeat(65)] {
        let (status, answer) = pay(&school, Some(bad), payment(&school, 100_00)).await;
        assert_eq!(status, 422, "{bad:?}: {answer}");
        let message = answer["errors"]["idempotency_key"][0].as_str().expect("message");
        assert!(message.starts_with("Ключ запроса"), "{message}");
    }
    assert_eq!(
        pay(&school, Some(&"x".repeat(64)), payment(&school, 100_00)).await.0,
        201
    );
    assert_eq!(ledger(&school).await, (1, 100_00));
}

#[tokio::test]
async fn keys_are_each_managers_own() {
    let school = school().await;
    let other = school
        .app
        .quick_user("kassa@school.ru", "Кассирова", "Вера", &[Role::Manager]);
    let (_, mine) = pay(&school, Some("same-text"), payment(&school, 300_00)).await;
    let (status, his) = post_keyed(
        &school,
        other,
        "/api/payments",
        Some("same-text"),
        payment(&school, 300_00),
    )
    .await;
    assert_eq!(status, 201, "{his}");
    assert_ne!(his["data"]["id"], mine["data"]["id"], "his own entry");
    assert_eq!(ledger(&school).await, (2, 600_00));
}

#[tokio::test]
async fn a_package_sale_sent_again_sells_one_package() {
    let school = school().await;
    let today = klass::service::money::payments::today(&klass::config::Config::default());
    let body = json!({
        "student_id": school.anna,
        "subject_id": school.subject,
        "lessons_total": 8,
        "price": 6_400_00,
        "valid_from": today.to_string(),
        "valid_to": (today + 30.days()).to_string(),
    });
    let (status, first) = post_keyed(&school, school.manager, "/api/packages", Some("sale-1"), body.clone()).await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = post_keyed(&school, school.manager, "/api/packages", Some("sale-1"), body).await;
    assert_eq!(status, 201, "{again}");
    assert_eq!(again["data"]["id"], first["data"]["id"]);
    assert_eq!(again["balance"], -6_400_00);
    let path = format!("/api/packages?student_id={}", school.anna);
    let listed = json(school.as_user(school.manager).get(&path).await).await;
    assert_eq!(listed["meta"]["total"], 1);
    assert_eq!(ledger(&school).await, (1, -6_400_00), "charged once");
    let (status, as_payment) = pay(&school, Some("sale-1"), payment(&school, 6_400_00)).await;
    assert_eq!(status, 422, "a sale's key is not a payment's: {as_payment}");
}

#[tokio::test]
async fn the_daily_cleanup_forgets_keys_older_than_a_week() {
    let school = school().await;
    assert_eq!(pay(&school, Some("old"), payment(&school, 100_00)).await.0, 201);
    let forget = |after: SignedDuration| {
        klass::service::money::retries::forget_old(&school.app.store, Timestamp::now() + after).expect("forget")
    };
    assert_eq!(forget(SignedDuration::from_hours(6 * 24)), 0, "kept for a week");
    assert_eq!(pay(&school, Some("old"), payment(&school, 100_00)).await.0, 201);
    assert_eq!(ledger(&school).await, (1, 100_00));
    assert_eq!(forget(SignedDuration::from_hours(8 * 24)), 1);
    assert_eq!(pay(&school, Some("old"), payment(&school, 100_00)).await.0, 201);
    assert_eq!(ledger(&school).await, (2, 200_00), "a forgotten key writes anew");
}
