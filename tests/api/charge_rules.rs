//! What a lesson charges when its price or a package changes after it was held, and what reversing
//! a package sale gives back.

use crate::charges::{kinds, ledger, priced_lesson};
use crate::helpers::json;
use crate::journal_school::{School, school};
use jiff::ToSpan;
use serde_json::{Value, json};

/// The school's today.
fn today() -> jiff::civil::Date {
    klass::service::money::payments::today(&klass::config::Config::default())
}

/// The teacher saves `lesson`'s journal with Anna's and Boris's statuses (and `homework`).
async fn attend(school: &School, lesson: u64, (anna, boris): (&str, &str), homework: &str) {
    let body = json!({"records": school.records(anna, boris), "marks": [], "homework": homework});
    let (status, saved) = school.save(school.teacher, lesson, body).await;
    assert_eq!(status, 200, "{saved}");
}

/// Sells Anna a package of 8 lessons of any subject for 8 000 ₽: its id.
async fn sell_eight(school: &School) -> u64 {
    let body = json!({
        "student_id": school.anna,
        "lessons_total": 8,
        "price": 8_000_00,
        "valid_from": (today() - 5.days()).to_string(),
        "valid_to": (today() + 25.days()).to_string(),
    });
    let sold = school.as_user(school.manager).post("/api/packages", body).await;
    assert_eq!(sold.status(), 201);
    json(sold).await["data"]["id"].as_u64().expect("id")
}

/// Package `id` as a manager reads it.
async fn package(school: &School, id: u64) -> Value {
    let manager = school.as_user(school.manager);
    json(manager.get(&format!("/api/packages/{id}")).await).await["data"].clone()
}

/// Sets (or with `null` removes) Anna's own price for the subject.
async fn anna_price(school: &School, price: Value) {
    let body = json!({"data": [{"subject_id": school.subject, "price": price}]});
    let path = format!("/api/users/{}/subjects", school.anna);
    let saved = school
        .as_user(school.manager)
        .send(reqwest::Method::PUT, &path, body)
        .await;
    assert_eq!(saved.status(), 200, "{}", json(saved).await);
}

#[tokio::test]
async fn a_student_price_removed_later_leaves_the_charge_of_a_lesson_held_before() {
    let school = school().await;
    anna_price(&school, json!(1_500_00)).await;
    let lesson = school.lesson(school.teacher, -2);
    attend(&school, lesson, ("present", "excused"), "").await;
    assert_eq!(kinds(&ledger(&school, school.anna).await), ["charge 150000"]);

    anna_price(&school, Value::Null).await;
    attend(&school, lesson, ("present", "excused"), "№ 12, 14").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(kinds(&anna), ["charge 150000"], "no reversal: {anna}");
    assert_eq!(anna["balance"], -1_500_00);

    attend(&school, lesson, ("excused", "excused"), "№ 12, 14").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(
        kinds(&anna),
        ["reversal 150000", "charge 150000"],
        "an excused absence still gives it back"
    );
    assert_eq!(anna["balance"], 0);
}

#[tokio::test]
async fn a_free_lesson_charges_nothing_and_uses_no_lesson_of_a_package() {
    let school = school().await;
    let id = sell_eight(&school).await;
    let free = priced_lesson(&school, 0);
    attend(&school, free, ("present", "present"), "").await;
    assert_eq!(package(&school, id).await["lessons_used"], 0);
    assert_eq!(
        kinds(&ledger(&school, school.anna).await),
        ["charge 800000"],
        "the sale only"
    );
    assert_eq!(ledger(&school, school.boris).await["meta"]["total"], 0);

    let paid = priced_lesson(&school, 800_00);
    attend(&school, paid, ("present", "excused"), "").await;
    assert_eq!(package(&school, id).await["lessons_used"], 1);
    let made_free = school
        .as_user(school.manager)
        .send(
            reqwest::Method::PUT,
            &format!("/api/lessons/{paid}"),
            json!({"price": 0}),
        )
        .await;
    assert_eq!(made_free.status(), 200, "{}", json(made_free).await);
    assert_eq!(
        package(&school, id).await["lessons_used"],
        0,
        "made free after it was held: the lesson given back"
    );
    assert_eq!(ledger(&school, school.anna).await["balance"], -8_000_00);
}

#[tokio::test]
async fn a_sale_whose_lessons_are_used_is_not_reversed_until_they_are_given_back() {
    let school = school().await;
    let id = sell_eight(&school).await;
    let lessons = [priced_lesson(&school, 800_00), priced_lesson(&school, 800_00)];
    for lesson in lessons {
        attend(&school, lesson, ("present", "excused"), "").await;
    }
    let sale = ledger(&school, school.anna).await["data"][0]["id"].clone();
    let path = format!("/api/payments/{sale}/reverse");
    let manager = school.as_user(school.manager);
    let refused = manager.post(&path, json!({"reason": "Вернули деньги"})).await;
    assert_eq!(refused.status(), 422);
    assert_eq!(
        json(refused).await["errors"]["id"][0],
        "По абонементу уже списаны занятия (2): сторно невозможно, нажмите «Вернуть остаток» у абонемента"
    );
    let anna = ledger(&school, school.anna).await;
    assert_eq!(kinds(&anna), ["charge 800000"], "nothing written: {anna}");
    let kept = package(&school, id).await;
    assert_eq!(kept["status"], "active");
    assert_eq!(kept["lessons_used"], 2);

    for lesson in lessons {
        attend(&school, lesson, ("excused", "excused"), "").await;
    }
    let reversed = manager.post(&path, json!({"reason": "Вернули деньги"})).await;
    assert_eq!(reversed.status(), 201, "{}", json(reversed).await);
    assert_eq!(ledger(&school, school.anna).await["balance"], 0);
    assert_eq!(package(&school, id).await["status"], "cancelled");
}
