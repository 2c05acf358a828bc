//! Packages at the desk: a manager sells one (one charge of its price in the same commit),
//! each bad field is a Russian 422 storing nothing, a freeze moves its end on and pauses it,
//! the parent reads his child's packages.

use crate::helpers::json;
use crate::journal_school::{School, school};
use jiff::ToSpan;
use serde_json::{Value, json};

fn today() -> jiff::civil::Date {
    klass::service::money::payments::today(&klass::config::Config::default())
}

async fn sell(school: &School, body: Value) -> (u16, Value) {
    let response = school.as_user(school.manager).post("/api/packages", body).await;
    (response.status().as_u16(), json(response).await)
}

fn eight_lessons(school: &School) -> Value {
    json!({
        "student_id": school.anna,
        "subject_id": school.subject,
        "lessons_total": 8,
        "price": 6_400_00,
        "valid_from": (today() - 5.days()).to_string(),
        "valid_to": (today() + 25.days()).to_string(),
        "note": "Осенний",
    })
}

#[tokio::test]
async fn selling_a_package_charges_its_price_once_and_the_parent_sees_it() {
    let school = school().await;
    let (status, sold) = sell(&school, eight_lessons(&school)).await;
    assert_eq!(status, 201, "{sold}");
    assert_eq!(sold["balance"], -6_400_00);
    assert_eq!(sold["data"]["subject_name"], "Математика");
    assert_eq!(sold["data"]["lessons_left"], 8);
    assert_eq!(sold["data"]["status"], "active");
    let id = sold["data"]["id"].as_u64().expect("id");

    let parent = school.as_user(school.parent);
    let ledger = json(parent.get(&format!("/api/users/{}/payments", school.anna)).await).await;
    assert_eq!(ledger["meta"]["total"], 1);
    assert_eq!(ledger["data"][0]["reason"], "package");
    assert_eq!(ledger["data"][0]["package_id"], id);
    assert_eq!(ledger["packages"][0]["id"], id);
    let listed = json(parent.get(&format!("/api/packages?student_id={}", school.anna)).await).await;
    assert_eq!(listed["meta"]["total"], 1);
    let boris = school.as_user(school.boris);
    assert_eq!(boris.get(&format!("/api/packages/{id}")).await.status(), 404);
    let logged = school.logged("package.sold").await;
    assert_eq!(logged.len(), 1, "{logged:?}");
}

#[tokio::test]
async fn every_bad_field_of_a_sale_is_a_russian_422_and_stores_nothing() {
    let school = school().await;
    let base = eight_lessons(&school);
    let with = |field: &str, value: Value| {
        let mut body = base.clone();
        body[field] = value;
        body
    };
    let cases = [
        (with("lessons_total", json!(0)), "lessons_total", "От 1 до 200 занятий"),
        (
            with("lessons_total", json!(201)),
            "lessons_total",
            "От 1 до 200 занятий",
        ),
        (with("price", json!(0)), "price", "Сумма должна быть больше нуля"),
        (
            with("valid_to", json!("31.12.2026")),
            "valid_to",
            "Дата в формате ГГГГ-ММ-ДД",
        ),
        (
            with("valid_to", json!((today() - 10.days()).to_string())),
            "valid_to",
            "Конец действия раньше начала",
        ),
        (
            with("student_id", json!(school.teacher)),
            "student_id",
            "Выберите ученика",
        ),
        (with("subject_id", json!(999_999)), "subject_id", "Предмет не найден"),
    ];
    for (body, field, message) in cases {
        let (status, answer) = sell(&school, body).await;
        assert_eq!(status, 422, "{field}: {answer}");
        assert_eq!(answer["errors"][field][0], message, "{answer}");
    }
    let ledger = json(
        school
            .as_user(school.manager)
            .get(&format!("/api/users/{}/payments", school.anna))
            .await,
    )
    .await;
    assert_eq!(ledger["meta"]["total"], 0);
    assert!(ledger["packages"].as_array().expect("packages").is_empty());
}

#[tokio::test]
async fn a_freeze_pauses_the_package_and_moves_its_end_on() {
    let school = school().await;
    let (_, sold) = sell(&school, eight_lessons(&school)).await;
    let id = sold["data"]["id"].as_u64().expect("id");
    let manager = school.as_user(school.manager);
    let path = format!("/api/packages/{id}/freeze");
    let (from, to) = (today() - 1.day(), today() + 5.days());
    let body = json!({"from": from.to_string(), "to": to.to_string(), "reason": "Болезнь"});
    let frozen = manager.post(&path, body.clone()).await;
    assert_eq!(frozen.status(), 200);
    let frozen = json(frozen).await;
    assert_eq!(frozen["data"]["status"], "frozen");
    assert_eq!(frozen["data"]["valid_to"], (today() + 32.days()).to_string());
    assert_eq!(frozen["data"]["freezes"][0]["reason"], "Болезнь");

    let again = json(manager.post(&path, body).await).await;
    assert_eq!(again["errors"]["from"][0], "Абонемент уже заморожен в эти дни");
    let no_reason =
        json!({"from": (today() + 10.days()).to_string(), "to": (today() + 11.days()).to_string(), "reason": " "});
    let refused = json(manager.post(&path, no_reason).await).await;
    assert_eq!(refused["errors"]["reason"][0], "Укажите причину заморозки");

    let lesson = school.lesson(school.teacher, -2);
    let records = json!({"records": school.records("present", "excused"), "marks": []});
    let (status, _) = school.save(school.teacher, lesson, records).await;
    assert_eq!(status, 200);
    let seen = json(manager.get(&format!("/api/packages/{id}")).await).await;
    assert_eq!(seen["data"]["lessons_left"], 8, "a frozen package is not used");
    let dated = |day: jiff::civil::Date| day.strftime("%d.%m.%Y").to_string();
    assert_eq!(
        school.logged("package.frozen").await,
        [format!(
            "Абонемент №{id} (Петрова Анна) заморожен {} – {}: Болезнь",
            dated(from),
            dated(to)
        )]
    );
}

#[tokio::test]
async fn a_manager_changes_the_note_and_the_end() {
    let school = school().await;
    let (_, sold) = sell(&school, eight_lessons(&school)).await;
    let id = sold["data"]["id"].as_u64().expect("id");
    let end = (today() + 40.days()).to_string();
    let changed = school
        .as_user(school.manager)
        .send(
            reqwest::Method::PUT,
            &format!("/api/packages/{id}"),
            json!({"note": "Продлён", "valid_to": end}),
        )
        .await;
    assert_eq!(changed.status(), 200);
    let changed = json(changed).await;
    assert_eq!(changed["data"]["note"], "Продлён");
    assert_eq!(changed["data"]["valid_to"], end);
    let logged = school.logged("package.updated").await;
    let until = (today() + 40.days()).strftime("%d.%m.%Y");
    assert!(
        logged[0].starts_with(&format!("Абонемент №{id} (Петрова Анна): заметка:"))
            && logged[0].ends_with(&format!("→ {until}")),
        "{logged:?}"
    );
}

#[tokio::test]
async fn reversing_a_sale_cancels_the_package_and_the_next_lesson_is_charged_in_money() {
    let school = school().await;
    let (_, sold) = sell(&school, eight_lessons(&school)).await;
    let id = sold["data"]["id"].as_u64().expect("id");
    let manager = school.as_user(school.manager);
    let ledger = json(manager.get(&format!("/api/users/{}/payments", school.anna)).await).await;
    let sale = ledger["data"][0]["id"].as_u64().expect("sale");
    let reversed = manager
        .post(
            &format!("/api/payments/{sale}/reverse"),
            json!({"reason": "Продан по ошибке"}),
        )
        .await;
    assert_eq!(reversed.status(), 201, "{}", json(reversed).await);
    assert_eq!(anna_balance(&school).await, 0);
    let package = json(manager.get(&format!("/api/packages/{id}")).await).await;
    assert_eq!(package["data"]["status"], "cancelled");
    let logged = school.logged("payment.reversed").await;
    assert!(
        logged[0].contains(&format!("абонемент №{id} аннулирован")),
        "{logged:?}"
    );

    let lesson = crate::charges::priced_lesson(&school, 800_00);
    let (status, saved) = school
        .save(
            school.teacher,
            lesson,
            json!({"records": school.records("present", "excused"), "marks": []}),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(
        anna_balance(&school).await,
        -800_00,
        "charged in money, not from the package"
    );
    let package = json(manager.get(&format!("/api/packages/{id}")).await).await;
    assert_eq!(package["data"]["lessons_used"], 0);
}

/// Anna's balance as her ledger shows it.
async fn anna_balance(school: &School) -> i64 {
    let manager = school.as_user(school.manager);
    let ledger = json(manager.get(&format!("/api/users/{}/payments", school.anna)).await).await;
    ledger["balance"].as_i64().expect("balance")
}
