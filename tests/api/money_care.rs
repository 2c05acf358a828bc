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

/// The teacher holds `lesson` with Anna present (Boris excused).
async fn anna_attends(school: &School, lesson: u64) {
    let body = json!({"records": school.records("present", "excused"), "marks": [], "homework": ""});
    let (status, saved) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 200, "{saved}");
}

/// The school's ledger totals as the manager reads them.
async fn totals(school: &School) -> Value {
    let (status, page) = as_manager(school, Method::GET, "/api/payments", Value::Null).await;
    assert_eq!(status, 200, "{page}");
    page["meta"]["totals"].clone()
}

#[tokio::test]
async fn a_package_s_unused_part_is_credited_back_and_the_package_ends() {
    let school = school().await;
    let id = sold_package(&school).await;
    anna_attends(&school, school.lesson(school.teacher, -48)).await;
    anna_attends(&school, school.lesson(school.teacher, -24)).await;
    let path = format!("/api/packages/{id}/refund");
    let (_, used) = as_manager(&school, Method::GET, &format!("/api/packages/{id}"), Value::Null).await;
    assert_eq!(used["data"]["lessons_left"], 6);
    assert_eq!(used["data"]["refundable"], 4_800_00, "6 400 ₽ × 6 / 8");

    let worker = school.as_user(school.teacher).post(&path, json!({})).await;
    assert_eq!(worker.status(), 403, "a teacher gives no money back");
    let parent = school.as_user(school.parent).post(&path, json!({})).await;
    assert_eq!(parent.status(), 403);
    let (status, refused) = as_manager(&school, Method::POST, &path, json!({"amount": 4_800_01})).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["amount"][0],
        "Не больше неиспользованной части: 4 800,00 ₽"
    );

    let (status, returned) = as_manager(&school, Method::POST, &path, json!({"amount": 4_000_00})).await;
    assert_eq!(status, 201, "{returned}");
    assert_eq!(returned["balance"], -6_400_00 + 4_000_00);
    assert_eq!(returned["data"]["status"], "refunded");
    assert_eq!(returned["data"]["lessons_returned"], 6);
    assert_eq!(returned["data"]["refundable"], 0);
    let (status, again) = as_manager(&school, Method::POST, &path, json!({})).await;
    assert_eq!(status, 422, "{again}");
    assert_eq!(again["errors"]["id"][0], "Остаток абонемента уже возвращён");

    anna_attends(&school, school.lesson(school.teacher, -3)).await;
    let (_, ended) = as_manager(&school, Method::GET, &format!("/api/packages/{id}"), Value::Null).await;
    assert_eq!(ended["data"]["lessons_used"], 2, "an ended package covers no lesson");

    let ledger = json(
        school
            .as_user(school.manager)
            .get(&format!("/api/users/{}/payments", school.anna))
            .await,
    )
    .await;
    let credit = &ledger["data"][0];
    assert_eq!(credit["kind"], "refund");
    assert_eq!(credit["effect"], 4_000_00);
    assert_eq!(credit["title"], "Возврат за абонемент: Математика, 6 занятий из 8");
    let sale = ledger["data"][1]["id"].clone();
    let (status, _) = as_manager(
        &school,
        Method::POST,
        &format!("/api/payments/{sale}/reverse"),
        json!({"reason": "x"}),
    )
    .await;
    assert_eq!(status, 422, "nor the sale of a package already returned");

    let totals = totals(&school).await;
    assert_eq!(
        totals["charged"], 2_400_00,
        "charged: the price less what was given back"
    );
    assert_eq!(totals["received"], 0);
    assert_eq!(totals["by_kind"]["refund"], 4_000_00);
    assert_eq!(
        school.logged("package.refunded").await,
        [format!(
            "Возврат остатка абонемента №{id} (Петрова Анна): 6 занятий из 8, 4 000,00 ₽ на баланс"
        )]
    );
}

#[tokio::test]
async fn money_paid_out_comes_off_the_balance_and_what_was_received() {
    let school = school().await;
    let pay =
        |amount: i64, kind: &str| json!({"student_id": school.anna, "amount": amount, "kind": kind, "method": "cash"});
    let (status, refused) = as_manager(&school, Method::POST, "/api/payments", pay(100_00, "refund")).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"]["amount"][0], "На счёте ученика нет денег к возврату");
    let (status, _) = as_manager(&school, Method::POST, "/api/payments", pay(5_000_00, "payment")).await;
    assert_eq!(status, 201);
    let (status, refused) = as_manager(&school, Method::POST, "/api/payments", pay(5_000_01, "refund")).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"]["amount"][0], "Не больше остатка на счёте: 5 000,00 ₽");
    let worker = school
        .as_user(school.teacher)
        .post("/api/payments", pay(100_00, "refund"))
        .await;
    assert_eq!(worker.status(), 403);

    let (status, paid_out) = as_manager(&school, Method::POST, "/api/payments", pay(3_000_00, "refund")).await;
    assert_eq!(status, 201, "{paid_out}");
    assert_eq!(paid_out["balance"], 2_000_00);
    assert_eq!(paid_out["data"]["effect"], -3_000_00);
    assert_eq!(paid_out["data"]["title"], "Возврат: наличные");
    let totals = totals(&school).await;
    assert_eq!(totals["received"], 2_000_00);
    assert_eq!(totals["by_method"]["cash"], 2_000_00);
    assert_eq!(totals["charged"], 0);
    assert_eq!(
        school.logged("payment.paid_out").await,
        ["Возврат 3 000,00 ₽ (наличные), Петрова Анна"]
    );
}

#[tokio::test]
async fn a_freeze_over_a_day_a_lesson_already_used_the_package_is_refused() {
    let school = school().await;
    let id = sold_package(&school).await;
    anna_attends(&school, school.lesson(school.teacher, -48)).await;
    let path = format!("/api/packages/{id}/freeze");
    let over = json!({
        "from": (today() - 3.days()).to_string(),
        "to": (today() + 2.days()).to_string(),
        "reason": "Болела",
    });
    let (status, refused) = as_manager(&school, Method::POST, &path, over).await;
    assert_eq!(status, 422, "{refused}");
    let used = (today() - 2.days()).strftime("%d.%m.%Y").to_string();
    assert_eq!(
        refused["errors"]["from"][0],
        format!("{used} по абонементу уже списано занятие: заморозка не может включать этот день")
    );
    let after = json!({
        "from": (today() - 1.day()).to_string(),
        "to": (today() + 2.days()).to_string(),
        "reason": "Болела",
    });
    let (status, frozen) = as_manager(&school, Method::POST, &path, after).await;
    assert_eq!(status, 200, "the days after the lesson freeze: {frozen}");
}

/// Reverses entry `id` as the manager with a reason: the status and the answer.
async fn reverse(school: &School, id: &Value) -> (u16, Value) {
    let path = format!("/api/payments/{id}/reverse");
    as_manager(school, Method::POST, &path, json!({"reason": "Ошибка кассира"})).await
}

/// Package `id` as the manager reads it.
async fn package(school: &School, id: u64) -> Value {
    let (status, read) = as_manager(school, Method::GET, &format!("/api/packages/{id}"), Value::Null).await;
    assert_eq!(status, 200, "{read}");
    read["data"].clone()
}

/// Anna's ledger, newest first.
async fn anna_ledger(school: &School) -> Value {
    let (status, page) = as_manager(
        school,
        Method::GET,
        &format!("/api/users/{}/payments", school.anna),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200, "{page}");
    page
}

#[tokio::test]
async fn a_package_s_credit_is_reversed_and_the_package_covers_lessons_again() {
    let school = school().await;
    let id = sold_package(&school).await;
    anna_attends(&school, school.lesson(school.teacher, -48)).await;
    anna_attends(&school, school.lesson(school.teacher, -24)).await;
    let (status, returned) = as_manager(&school, Method::POST, &format!("/api/packages/{id}/refund"), json!({})).await;
    assert_eq!(status, 201, "{returned}");
    assert_eq!(returned["balance"], -6_400_00 + 4_800_00);

    let credit = anna_ledger(&school).await["data"][0]["id"].clone();
    let (status, reversed) = reverse(&school, &credit).await;
    assert_eq!(status, 201, "a package's credit is reversed: {reversed}");
    assert_eq!(reversed["data"]["effect"], -4_800_00, "the credit is taken back");
    assert_eq!(reversed["balance"], -6_400_00);
    let reopened = package(&school, id).await;
    assert_eq!(reopened["status"], "active");
    assert_eq!(reopened["lessons_returned"], Value::Null);
    assert_eq!(
        reopened["refundable"], 4_800_00,
        "its unused part may be given back again"
    );
    anna_attends(&school, school.lesson(school.teacher, -3)).await;
    assert_eq!(package(&school, id).await["lessons_used"], 3, "it covers lessons again");

    let totals = totals(&school).await;
    assert_eq!(totals["charged"], 6_400_00, "the sale, less a credit taken back");
    assert_eq!(totals["by_kind"]["refund"], 4_800_00);
    assert_eq!(totals["by_kind"]["reversal"], 4_800_00);
    let logged = school.logged("payment.reversed").await;
    assert!(
        logged[0].ends_with(&format!("причина: Ошибка кассира; абонемент №{id} снова действует")),
        "{logged:?}"
    );
}

#[tokio::test]
async fn money_paid_out_by_mistake_comes_back_to_the_balance_and_the_totals() {
    let school = school().await;
    let cash =
        |amount: i64, kind: &str| json!({"student_id": school.anna, "amount": amount, "kind": kind, "method": "cash"});
    for (amount, kind) in [(5_000_00, "payment"), (1_000_00, "payment"), (3_000_00, "refund")] {
        let (status, written) = as_manager(&school, Method::POST, "/api/payments", cash(amount, kind)).await;
        assert_eq!(status, 201, "{written}");
    }
    let ledger = anna_ledger(&school).await;
    let (paid_out, second_payment) = (ledger["data"][0]["id"].clone(), ledger["data"][1]["id"].clone());
    let (status, back) = reverse(&school, &paid_out).await;
    assert_eq!(status, 201, "{back}");
    assert_eq!(back["data"]["effect"], 3_000_00, "money paid out comes back");
    assert_eq!(back["balance"], 6_000_00);
    let (status, wrong) = reverse(&school, &second_payment).await;
    assert_eq!(status, 201, "{wrong}");
    assert_eq!(wrong["balance"], 5_000_00);

    // Both reversals are cash and of one day, going opposite ways: each counts in full.
    let everyone = totals(&school).await;
    let (status, anna) = as_manager(
        &school,
        Method::GET,
        &format!("/api/payments?student_id={}", school.anna),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200);
    for totals in [everyone, anna["meta"]["totals"].clone()] {
        assert_eq!(totals["received"], 5_000_00, "{totals}");
        assert_eq!(totals["by_method"]["cash"], 5_000_00);
        assert_eq!(totals["by_kind"]["reversal"], 4_000_00);
        assert_eq!(totals["by_kind"]["refund"], 3_000_00);
        assert_eq!(totals["charged"], 0);
    }
    let export = school.as_user(school.manager).get("/api/payments/export.csv").await;
    let bytes = export.bytes().await.expect("csv");
    let (text, _, _) = encoding_rs::WINDOWS_1251.decode(&bytes);
    assert!(
        text.contains("Сторно;Наличные;3000,00;Сторно: Возврат: наличные"),
        "{text}"
    );
    let (status, again) = reverse(&school, &paid_out).await;
    assert_eq!(status, 422, "{again}");
    assert_eq!(again["errors"]["id"][0], "Запись уже сторнирована");
}

#[tokio::test]
async fn a_lesson_given_back_to_a_returned_package_is_credited_its_share() {
    let school = school().await;
    let id = sold_package(&school).await;
    anna_attends(&school, school.lesson(school.teacher, -48)).await;
    let lesson = school.lesson(school.teacher, -24);
    anna_attends(&school, lesson).await;
    let (status, _) = as_manager(&school, Method::POST, &format!("/api/packages/{id}/refund"), json!({})).await;
    assert_eq!(status, 201);

    let excused = json!({"records": school.records("excused", "excused"), "marks": [], "homework": ""});
    let (status, saved) = school.save(school.teacher, lesson, excused).await;
    assert_eq!(status, 200, "{saved}");
    let ledger = anna_ledger(&school).await;
    assert_eq!(
        ledger["balance"],
        -6_400_00 + 4_800_00 + 800_00,
        "the lesson's eighth of 6 400 ₽"
    );
    let credit = &ledger["data"][0];
    assert_eq!(credit["kind"], "refund");
    assert_eq!(credit["effect"], 800_00);
    let tz = klass::config::Config::default().time_zone();
    let day = (jiff::Timestamp::now() - 24.hours()).to_zoned(tz).strftime("%d.%m.%Y");
    assert_eq!(credit["title"], format!("Возврат за занятие: Математика, {day}"));
    let ended = package(&school, id).await;
    assert_eq!(
        (ended["status"].clone(), ended["lessons_used"].clone()),
        (json!("refunded"), json!(1))
    );
    assert_eq!(ended["lessons_returned"], 7);
    let logged = school.logged("journal.lesson_saved").await;
    assert!(
        logged.iter().any(|line| line.contains(&format!(
            "Абонемент {id}: остаток уже возвращён, за занятие 800,00 ₽ на баланс"
        ))),
        "{logged:?}"
    );

    let return_credit = ledger["data"][1]["id"].clone();
    let (status, refused) = reverse(&school, &return_credit).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["id"][0],
        "После возврата остатка в абонемент вернулись занятия (1): сначала сторнируйте возвраты за них"
    );
    let (status, back) = reverse(&school, &credit["id"]).await;
    assert_eq!((status, back["balance"].clone()), (201, json!(-1_600_00)), "{back}");
    assert_eq!(package(&school, id).await["lessons_returned"], 6);
    let (status, back) = reverse(&school, &return_credit).await;
    assert_eq!((status, back["balance"].clone()), (201, json!(-6_400_00)), "{back}");
    let reopened = package(&school, id).await;
    assert_eq!(
        (reopened["status"].clone(), reopened["lessons_left"].clone()),
        (json!("active"), json!(7))
    );
    assert_eq!(totals(&school).await["charged"], 6_400_00);
}

/// Whether each of Anna's entries may be reversed, by id, as her ledger and the school's tell
/// it (they must agree), newest first.
async fn reversible_rows(school: &School) -> Vec<(u64, bool)> {
    let rows = |page: &Value| -> Vec<(u64, bool)> {
        let rows = page["data"].as_array().expect("rows").iter();
        rows.map(|row| {
            (
                row["id"].as_u64().expect("id"),
                row["reversible"].as_bool().expect("reversible"),
            )
        })
        .collect()
    };
    let own = rows(&anna_ledger(school).await);
    let path = format!("/api/payments?student_id={}", school.anna);
    let (status, page) = as_manager(school, Method::GET, &path, Value::Null).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(rows(&page), own, "the school's ledger tells what hers does");
    let (_, whole) = as_manager(school, Method::GET, "/api/payments", Value::Null).await;
    assert_eq!(rows(&whole), own, "so does the school's whole ledger");
    own
}

#[tokio::test]
async fn a_row_offers_a_reversal_only_where_the_server_takes_one() {
    let school = school().await;
    let id = sold_package(&school).await;
    let payment = json!({"student_id": school.anna, "amount": 1_000_00, "method": "cash"});
    let (status, paid) = as_manager(&school, Method::POST, "/api/payments", payment).await;
    assert_eq!(status, 201, "{paid}");
    let [(paid, true), (sale, true)] = reversible_rows(&school).await[..] else {
        panic!("a payment and a sale with no lesson used are both reversed")
    };

    anna_attends(&school, school.lesson(school.teacher, -24)).await;
    assert_eq!(
        reversible_rows(&school).await,
        [(paid, true), (sale, false)],
        "a lesson was used"
    );
    let (status, returned) = as_manager(&school, Method::POST, &format!("/api/packages/{id}/refund"), json!({})).await;
    assert_eq!(status, 201, "{returned}");
    let rows = reversible_rows(&school).await;
    let credit = rows[0].0;
    assert_eq!(rows, [(credit, true), (paid, true), (sale, false)], "the rest returned");
    let (status, refused) = reverse(&school, &json!(sale)).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["errors"]["id"],
        json!(["Остаток абонемента уже возвращён: сторно невозможно"])
    );

    let (status, back) = reverse(&school, &json!(paid)).await;
    assert_eq!(status, 201, "{back}");
    let rows = reversible_rows(&school).await;
    let reversal = rows[0].0;
    assert_eq!(
        rows,
        [(reversal, false), (credit, true), (paid, false), (sale, false)],
        "neither a reversal nor what it reversed"
    );
    for (id, _) in rows.iter().filter(|(_, reversible)| !reversible) {
        let (status, refused) = reverse(&school, &json!(id)).await;
        assert_eq!(status, 422, "entry {id}: {refused}");
    }
}
