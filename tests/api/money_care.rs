//! Money screens and their API as a school uses them: payments, packages, balances and the ledger keep every rouble through bad input and every role.

use crate::helpers::json;
use crate::journal_school::{School, school};
use jiff::ToSpan;
use reqwest::Method;
use serde_json::{Value, json};

fn today() -> jiff::civil::Date {
    klass::service::money::payments::today(&klass::config::Config::default())
}

/// Sells Anna eight lessons of the school's subject, valid from five days ago for a month;
/// returns the package's id.
async fn sold_package(school: &School) -> u64 {
    let body = json!({
        "student_id": school.anna,
        "subject_id": school.subject,
        "lessons_total": 8,
        "price": 6_400_00,
        "valid_from": (today() - 5.days()).to_string(),
        "valid_to": (today() + 25.days()).to_string(),
    });
    let sold = json(school.as_user(school.manager).post("/api/packages", body).await).await;
    sold["data"]["id"].as_u64().expect("package id")
}

/// `method path body` as the manager: the status and the answer.
async fn as_manager(school: &School, method: Method, path: &str, body: Value) -> (u16, Value) {
    let response = school.as_user(school.manager).send(method, path, body).await;
    (response.status().as_u16(), json(response).await)
}

#[tokio::test]
async fn a_package_change_that_changes_nothing_writes_no_line_in_the_log() {
    let school = school().await;
    let id = sold_package(&school).await;
    let path = format!("/api/packages/{id}");
    let (status, same) = as_manager(&school, Method::PUT, &path, json!({})).await;
    assert_eq!(status, 200, "{same}");
    let (status, _) = as_manager(&school, Method::PUT, &path, json!({"note": ""})).await;
    assert_eq!(status, 200);
    let end = same["data"]["valid_to"].clone();
    let (status, _) = as_manager(&school, Method::PUT, &path, json!({"valid_to": end})).await;
    assert_eq!(status, 200);
    assert_eq!(school.logged("package.updated").await, Vec::<String>::new());
}

#[tokio::test]
async fn a_cancelled_package_is_neither_frozen_nor_given_a_new_end() {
    let school = school().await;
    let id = sold_package(&school).await;
    let ledger = json(
        school
            .as_user(school.manager)
            .get(&format!("/api/users/{}/payments", school.anna))
            .await,
    )
    .await;
    let sale = ledger["data"][0]["id"].as_u64().expect("sale");
    let reverse = format!("/api/payments/{sale}/reverse");
    let (status, _) = as_manager(&school, Method::POST, &reverse, json!({"reason": "Передумали"})).await;
    assert_eq!(status, 201);

    let freeze = json!({
        "from": today().to_string(),
        "to": (today() + 3.days()).to_string(),
        "reason": "Болеет",
    });
    let (status, refused) = as_manager(&school, Method::POST, &format!("/api/packages/{id}/freeze"), freeze).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["from"][0],
        "Абонемент аннулирован: его нельзя заморозить или продлить"
    );
    let later = json!({"valid_to": (today() + 90.days()).to_string()});
    let (status, refused) = as_manager(&school, Method::PUT, &format!("/api/packages/{id}"), later).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["valid_to"][0],
        "Абонемент аннулирован: его нельзя заморозить или продлить"
    );
    let kept = json(school.as_user(school.manager).get(&format!("/api/packages/{id}")).await).await;
    assert_eq!(kept["data"]["status"], "cancelled");
    assert_eq!(kept["data"]["valid_to"], (today() + 25.days()).to_string());
    assert_eq!(kept["data"]["freezes"], json!([]));
    let (status, _) = as_manager(
        &school,
        Method::PUT,
        &format!("/api/packages/{id}"),
        json!({"note": "Возврат", "valid_to": (today() + 25.days()).to_string()}),
    )
    .await;
    assert_eq!(status, 200, "its note still changes, its end sent as it was");
}
