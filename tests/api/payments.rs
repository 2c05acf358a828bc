//! Money at the desk: a manager takes a payment and the parent sees it; every bad amount, date
//! or method is a Russian 422 on its field; a reversal needs a manager and a reason and stays
//! visible; the school's ledger filters and totals; debtors; the CSV export for Excel.

use crate::helpers::json;
use crate::journal_school::{School, school};
use jiff::ToSpan;
use serde_json::{Value, json};

/// The school's today as the server dates entries.
fn today() -> jiff::civil::Date {
    klass::service::money::payments::today(&klass::config::Config::default())
}

/// `body` posted to `/api/payments` by the manager: the answer's status and JSON.
async fn post(school: &School, body: Value) -> (u16, Value) {
    let response = school.as_user(school.manager).post("/api/payments", body).await;
    (response.status().as_u16(), json(response).await)
}

async fn pay(school: &School, student: u64, amount: i64, method: &str, date: &str) -> Value {
    let body = json!({"student_id": student, "amount": amount, "method": method, "date": date});
    let (status, answer) = post(school, body).await;
    assert_eq!(status, 201, "{answer}");
    answer
}

async fn charge(school: &School, student: u64, amount: i64, date: &str) -> Value {
    let body = json!({"student_id": student, "amount": amount, "kind": "charge", "reason": "course", "date": date, "note": "Курс шахмат"});
    let (status, answer) = post(school, body).await;
    assert_eq!(status, 201, "{answer}");
    answer
}

#[tokio::test]
async fn a_manager_takes_a_payment_and_the_parent_sees_the_balance_and_the_entry() {
    let school = school().await;
    let paid = pay(&school, school.anna, 1_500_00, "cash", &today().to_string()).await;
    assert_eq!(paid["balance"], 1_500_00);
    assert_eq!(paid["data"]["title"], "Оплата: наличные");
    assert_eq!(paid["data"]["effect"], 1_500_00);
    assert_eq!(paid["data"]["student_name"], "Петрова Анна");
    assert_eq!(paid["data"]["created_by_name"], "Директорова М.");
    let id = paid["data"]["id"].as_u64().expect("id");

    let parent = school.as_user(school.parent);
    let ledger = json(parent.get(&format!("/api/users/{}/payments", school.anna)).await).await;
    assert_eq!(ledger["balance"], 1_500_00);
    assert_eq!(ledger["meta"]["balance"], 1_500_00);
    assert_eq!(ledger["meta"]["total"], 1);
    assert_eq!(ledger["data"][0]["id"], id);
    assert!(ledger["packages"].as_array().expect("packages").is_empty());
    let receipt = json(parent.get(&format!("/api/payments/{id}")).await).await;
    assert_eq!(receipt["data"]["amount"], 1_500_00);
    assert_eq!(receipt["balance"], 1_500_00);

    let boris = school.as_user(school.boris);
    assert_eq!(boris.get(&format!("/api/payments/{id}")).await.status(), 404, "not his");
    let refused = boris.get(&format!("/api/users/{}/payments", school.anna)).await;
    assert_eq!(refused.status(), 403);
    let worker = school.as_user(school.teacher);
    let taken = worker
        .post(
            "/api/payments",
            json!({"student_id": school.anna, "amount": 100, "method": "card"}),
        )
        .await;
    assert_eq!(taken.status(), 403, "only managers keep money");
}

#[tokio::test]
async fn every_bad_amount_date_or_method_is_a_russian_422_on_its_field_and_stores_nothing() {
    let school = school().await;
    let tomorrow = (today() + 1.day()).to_string();
    let long_ago = (today() - 1.year() - 1.day()).to_string();
    let cases = [
        (
            json!({"student_id": school.anna, "amount": 0, "method": "cash"}),
            "amount",
            "Сумма должна быть больше нуля",
        ),
        (
            json!({"student_id": school.anna, "amount": -5, "method": "cash"}),
            "amount",
            "Сумма должна быть больше нуля",
        ),
        (
            json!({"student_id": school.anna, "amount": 1_000_000_001, "method": "cash"}),
            "amount",
            "Сумма не может быть больше 10 000 000,00 ₽",
        ),
        (
            json!({"student_id": school.anna, "amount": 100}),
            "method",
            "Выберите способ оплаты",
        ),
        (
            json!({"student_id": school.anna, "amount": 100, "method": "cash", "date": tomorrow}),
            "date",
            "Дата не может быть в будущем",
        ),
        (
            json!({"student_id": school.anna, "amount": 100, "method": "cash", "date": long_ago}),
            "date",
            "Дата не может быть раньше, чем год назад",
        ),
        (
            json!({"student_id": school.anna, "amount": 100, "method": "cash", "date": "23.11.2026"}),
            "date",
            "Дата в формате ГГГГ-ММ-ДД",
        ),
        (
            json!({"student_id": school.parent, "amount": 100, "method": "cash"}),
            "student_id",
            "Выберите ученика",
        ),
        (
            json!({"student_id": school.anna, "amount": 100, "kind": "charge", "reason": "lesson"}),
            "reason",
            "Занятия и абонементы списываются сами",
        ),
        (
            json!({"student_id": school.anna, "amount": 100, "kind": "charge"}),
            "reason",
            "Выберите, за что списание",
        ),
    ];
    // Values of the wrong type or outside a list of values, which the framework refuses before
    // the form is checked: still a 422 on their field.
    let mistyped = [
        (
            json!({"student_id": school.anna, "amount": 100, "method": "bitcoin"}),
            "method",
            "Недопустимое значение «bitcoin»: допустимы cash, card, transfer",
        ),
        (
            json!({"student_id": school.anna, "amount": 12.5, "method": "cash"}),
            "amount",
            "Значение неверного типа: ожидается целое число",
        ),
        (
            json!({"student_id": "Анна", "amount": 100, "method": "cash"}),
            "student_id",
            "Значение неверного типа: ожидается целое неотрицательное число",
        ),
    ];
    for (body, field, message) in cases.into_iter().chain(mistyped) {
        let (status, answer) = post(&school, body.clone()).await;
        assert_eq!(status, 422, "{body}: {answer}");
        assert_eq!(answer["errors"][field][0], message, "{body}: {answer}");
    }
    let manager = school.as_user(school.manager);
    let ledger = json(manager.get(&format!("/api/users/{}/payments", school.anna)).await).await;
    assert_eq!(ledger["meta"]["total"], 0, "nothing stored: {ledger}");
    assert_eq!(ledger["balance"], 0);
}

#[tokio::test]
async fn a_reversal_needs_a_manager_and_a_reason_and_both_entries_stay_in_the_ledger() {
    let school = school().await;
    let paid = pay(&school, school.anna, 2_000_00, "card", &today().to_string()).await;
    let id = paid["data"]["id"].as_u64().expect("id");
    let path = format!("/api/payments/{id}/reverse");
    let worker = school.as_user(school.teacher);
    assert_eq!(worker.post(&path, json!({"reason": "ошибка"})).await.status(), 403);
    let manager = school.as_user(school.manager);
    for body in [json!({"reason": "  "}), json!({})] {
        let response = manager.post(&path, body).await;
        assert_eq!(response.status(), 422);
        assert_eq!(
            json(response).await["errors"]["reason"][0],
            "Укажите причину сторнирования"
        );
    }
    let reversed = manager.post(&path, json!({"reason": "Ошиблись учеником"})).await;
    assert_eq!(reversed.status(), 201);
    let reversed = json(reversed).await;
    assert_eq!(reversed["balance"], 0);
    assert_eq!(reversed["data"]["kind"], "reversal");
    assert_eq!(reversed["data"]["effect"], -2_000_00);
    assert_eq!(reversed["data"]["method"], "card");
    assert_eq!(reversed["data"]["reverses_id"], id);
    assert_eq!(reversed["data"]["title"], "Сторно: Оплата: карта");
    assert_eq!(reversed["data"]["note"], "Ошиблись учеником");
    let reversal = reversed["data"]["id"].as_u64().expect("id");

    let again = json(manager.post(&path, json!({"reason": "ещё раз"})).await).await;
    assert_eq!(again["errors"]["id"][0], "Запись уже сторнирована");
    let of_reversal = manager
        .post(&format!("/api/payments/{reversal}/reverse"), json!({"reason": "назад"}))
        .await;
    assert_eq!(of_reversal.status(), 422);
    let missing = manager
        .post("/api/payments/999999/reverse", json!({"reason": "x"}))
        .await;
    assert_eq!(missing.status(), 404);

    let parent = school.as_user(school.parent);
    let ledger = json(parent.get(&format!("/api/users/{}/payments", school.anna)).await).await;
    assert_eq!(ledger["balance"], 0);
    assert_eq!(ledger["data"][0]["id"], reversal, "newest first");
    assert_eq!(ledger["data"][1]["reversed_by"], reversal);
    let history = json(manager.get("/api/history?action=payment.reversed").await).await;
    let summary = history["data"][0]["summary"].as_str().unwrap_or_default().to_owned();
    assert!(summary.contains("Ошиблись учеником"), "{history}");
}

#[tokio::test]
async fn the_school_ledger_filters_newest_first_and_totals_what_it_keeps() {
    let school = school().await;
    let day = |back: i64| (today() - back.days()).to_string();
    pay(&school, school.anna, 1_000_00, "cash", &day(10)).await;
    let card = pay(&school, school.boris, 500_00, "card", &day(5)).await;
    pay(&school, school.anna, 300_50, "transfer", &day(1)).await;
    charge(&school, school.boris, 2_000_00, &day(3)).await;
    let manager = school.as_user(school.manager);
    let card_id = card["data"]["id"].as_u64().expect("id");
    let reversed = manager
        .post(
            &format!("/api/payments/{card_id}/reverse"),
            json!({"reason": "Возврат"}),
        )
        .await;
    assert_eq!(reversed.status(), 201);

    let worker = school.as_user(school.teacher);
    let all = json(worker.get("/api/payments").await).await;
    let totals = &all["meta"]["totals"];
    assert_eq!(totals["count"], 5, "{all}");
    assert_eq!(totals["received"], 1_000_00 + 300_50, "{totals}");
    assert_eq!(totals["charged"], 2_000_00);
    assert_eq!(totals["by_method"]["cash"], 1_000_00);
    assert_eq!(totals["by_method"]["card"], 0);
    assert_eq!(totals["by_method"]["transfer"], 300_50);
    assert_eq!(
        totals["by_kind"],
        json!({"payment": 1_000_00 + 500_00 + 300_50, "charge": 2_000_00, "reversal": 500_00, "refund": 0})
    );
    let dates: Vec<&str> = all["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|e| e["date"].as_str().expect("date"))
        .collect();
    let mut sorted = dates.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(dates, sorted, "newest first by date");

    let week = json(
        worker
            .get(&format!("/api/payments?from={}&to={}", day(6), day(2)))
            .await,
    )
    .await;
    assert_eq!(week["meta"]["total"], 2, "{week}");
    assert_eq!(week["meta"]["totals"]["received"], 500_00);
    let borises = json(worker.get(&format!("/api/payments?student_id={}", school.boris)).await).await;
    assert_eq!(borises["meta"]["total"], 3);
    let cash = json(worker.get("/api/payments?method=cash").await).await;
    assert_eq!(cash["meta"]["total"], 1);
    let charges = json(worker.get("/api/payments?kind=charge").await).await;
    assert_eq!(charges["data"][0]["title"], "Курс: Курс шахмат");
    assert_eq!(charges["meta"]["totals"]["received"], 0);
    let paged = json(worker.get("/api/payments?per_page=2&page=2").await).await;
    assert_eq!(paged["data"].as_array().expect("rows").len(), 2);
    assert_eq!(paged["meta"]["totals"]["count"], 5, "totals are of the whole filter");

    let backwards = worker
        .get(&format!("/api/payments?from={}&to={}", day(1), day(5)))
        .await;
    assert_eq!(backwards.status(), 422);
    assert_eq!(json(backwards).await["errors"]["to"][0], "Конец периода раньше начала");
    let bad = json(worker.get("/api/payments?from=вчера").await).await;
    assert_eq!(bad["errors"]["from"][0], "Дата в формате ГГГГ-ММ-ДД");
    assert_eq!(school.as_user(school.anna).get("/api/payments").await.status(), 403);
}

#[tokio::test]
async fn debtors_are_listed_largest_debt_first_with_their_parents_contacts() {
    let school = school().await;
    let today = today().to_string();
    charge(&school, school.anna, 700_00, &today).await;
    charge(&school, school.boris, 1_200_00, &today).await;
    pay(&school, school.boris, 200_00, "cash", &today).await;
    let manager = school.as_user(school.manager);
    let debtors = json(manager.get("/api/payments/debtors").await).await;
    assert_eq!(debtors["meta"]["count"], 2, "{debtors}");
    assert_eq!(debtors["meta"]["total_debt"], 1_700_00);
    assert_eq!(debtors["data"][0]["student_id"], school.boris);
    assert_eq!(debtors["data"][0]["balance"], -1_000_00);
    assert_eq!(debtors["data"][1]["student_name"], "Петрова Анна");
    assert_eq!(debtors["data"][1]["parents"][0]["email"], "mama@school.ru");
    assert_eq!(debtors["data"][1]["parents"][0]["name"], "Петрова Ольга");

    pay(&school, school.anna, 700_00, "transfer", &today).await;
    let after = json(manager.get("/api/payments/debtors").await).await;
    assert_eq!(after["meta"]["count"], 1, "Anna has paid: {after}");
    assert_eq!(
        school
            .as_user(school.parent)
            .get("/api/payments/debtors")
            .await
            .status(),
        403
    );
}

#[tokio::test]
async fn the_export_is_cp1251_with_semicolons_a_decimal_comma_and_a_russian_header() {
    let school = school().await;
    let today = today();
    pay(&school, school.anna, 1_234_50, "cash", &today.to_string()).await;
    charge(&school, school.boris, 99_00, &today.to_string()).await;
    let worker = school.as_user(school.teacher);
    let response = worker.get("/api/payments/export.csv?kind=payment").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"].to_str().expect("type"),
        "text/csv; charset=windows-1251"
    );
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .expect("disposition")
            .starts_with("attachment")
    );
    let bytes = response.bytes().await.expect("bytes");
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8");
    let (text, _, malformed) = encoding_rs::WINDOWS_1251.decode(&bytes);
    assert!(!malformed);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "the header and the one payment: {text}");
    assert!(lines[0].starts_with("Дата;Ученик;Вид;"), "{}", lines[0]);
    let fields: Vec<&str> = lines[1].split(';').collect();
    assert_eq!(fields[0], today.strftime("%d.%m.%Y").to_string());
    assert_eq!(fields[1], "Петрова Анна");
    assert_eq!(fields[2], "Оплата");
    assert_eq!(fields[3], "Наличные");
    assert_eq!(fields[4], "1234,50");
    assert_eq!(
        school
            .as_user(school.anna)
            .get("/api/payments/export.csv")
            .await
            .status(),
        403
    );
}
