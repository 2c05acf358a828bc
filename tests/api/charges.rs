//! Charges that follow attendance: a held lesson charges each student per his status at the
//! lesson's price, or uses a lesson of his package; a change of attendance after the fact
//! writes a reversal and a new charge; a manager cancelling a held lesson reverses its charges;
//! parents are told of a low balance once per crossing and of a package ending.

use crate::helpers::json;
use crate::journal_school::{School, school, school_with};
use klass::domain::package::Package;
use klass::domain::{LessonId, UserId};
use serde_json::{Value, json};

/// A lesson two hours ago priced `price` kopecks per student.
pub fn priced_lesson(school: &School, price: i64) -> u64 {
    let lesson = school.lesson(school.teacher, -2);
    let txn = school.app.store.write().expect("txn");
    let old: klass::domain::lesson::Lesson = klass::store::record::get(&txn, LessonId(lesson))
        .expect("read")
        .expect("lesson");
    let new = klass::domain::lesson::Lesson {
        price: Some(price),
        ..old.clone()
    };
    klass::store::record::replace(&txn, &old, &new).expect("priced");
    txn.commit().expect("commit");
    lesson
}

async fn attend(school: &School, lesson: u64, anna: &str, boris: &str) {
    let (status, saved) = school
        .save(
            school.teacher,
            lesson,
            json!({"records": school.records(anna, boris), "marks": []}),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
}

/// `student`'s ledger as a manager reads it.
pub async fn ledger(school: &School, student: u64) -> Value {
    json(
        school
            .as_user(school.manager)
            .get(&format!("/api/users/{student}/payments"))
            .await,
    )
    .await
}

/// Each entry of `ledger` as «kind amount», newest first.
pub fn kinds(ledger: &Value) -> Vec<String> {
    ledger["data"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| format!("{} {}", e["kind"].as_str().expect("kind"), e["amount"]))
        .collect()
}

#[tokio::test]
async fn a_held_lesson_charges_present_late_and_unexcused_but_never_excused() {
    let school = school().await;
    let lesson = priced_lesson(&school, 800_00);
    attend(&school, lesson, "late", "excused").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["balance"], -800_00);
    assert_eq!(kinds(&anna), ["charge 80000"]);
    assert_eq!(anna["data"][0]["reason"], "lesson");
    assert_eq!(anna["data"][0]["lesson_id"], lesson);
    assert_eq!(
        ledger(&school, school.boris).await["balance"],
        0,
        "excused pays nothing"
    );

    let other = priced_lesson(&school, 500_00);
    attend(&school, other, "present", "unexcused").await;
    assert_eq!(ledger(&school, school.boris).await["balance"], -500_00);
    attend(&school, other, "present", "unexcused").await;
    assert_eq!(
        ledger(&school, school.anna).await["balance"],
        -1_300_00,
        "saved again: no second charge"
    );
}

#[tokio::test]
async fn unexcused_is_free_when_the_school_says_so() {
    let school = school_with(|c| c.money.charge_unexcused = false).await;
    let lesson = priced_lesson(&school, 800_00);
    attend(&school, lesson, "unexcused", "present").await;
    assert_eq!(ledger(&school, school.anna).await["balance"], 0);
    assert_eq!(ledger(&school, school.boris).await["balance"], -800_00);
}

#[tokio::test]
async fn attendance_changed_after_the_fact_writes_a_reversal_and_a_new_entry() {
    let school = school().await;
    let lesson = priced_lesson(&school, 800_00);
    attend(&school, lesson, "present", "present").await;
    attend(&school, lesson, "excused", "present").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["balance"], 0);
    assert_eq!(
        kinds(&anna),
        ["reversal 80000", "charge 80000"],
        "the whole story stays"
    );
    assert_eq!(anna["data"][0]["reverses_id"], anna["data"][1]["id"]);
    attend(&school, lesson, "late", "present").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["balance"], -800_00);
    assert_eq!(anna["meta"]["total"], 3);
    let logged = school.logged("journal.lesson_saved").await;
    assert!(logged[0].contains("Списание 800,00 ₽"), "{logged:?}");
}

#[tokio::test]
async fn a_manager_cancels_a_held_lesson_and_its_charges_are_reversed() {
    let school = school().await;
    let lesson = priced_lesson(&school, 800_00);
    attend(&school, lesson, "present", "late").await;
    let path = format!("/api/lessons/{lesson}/cancel");
    let refused = school
        .as_user(school.teacher)
        .post(&path, json!({"reason": "Ошибка"}))
        .await;
    assert_eq!(refused.status(), 422, "a teacher cannot cancel a held lesson");
    let cancelled = school
        .as_user(school.manager)
        .post(&path, json!({"reason": "Занятие не состоялось"}))
        .await;
    assert_eq!(cancelled.status(), 200);
    for student in [school.anna, school.boris] {
        let seen = ledger(&school, student).await;
        assert_eq!(seen["balance"], 0);
        assert_eq!(kinds(&seen), ["reversal 80000", "charge 80000"]);
    }
    let logged = school.logged("lesson.cancelled").await;
    assert!(logged[0].contains("деньги: Сторно"), "{logged:?}");
}

/// Gives `student` a package of `total` lessons of any subject, valid this month around today.
fn package(school: &School, student: u64, total: u32) -> u64 {
    let today = klass::service::money::payments::today(&klass::config::Config::default());
    let txn = school.app.store.write().expect("txn");
    let package = klass::store::record::insert(&txn, |id| Package {
        id,
        student_id: UserId(student),
        subject_id: None,
        course_id: None,
        lessons_total: total,
        lessons_used: 0,
        price: 4_000_00,
        valid_from: today - jiff::ToSpan::days(10),
        valid_to: today + jiff::ToSpan::days(20),
        freezes: Vec::new(),
        note: String::new(),
        cancelled: false,
        returned: None,
        created_by: None,
        created_at: jiff::Timestamp::now(),
    })
    .expect("package");
    txn.commit().expect("commit");
    package.id.0
}

#[tokio::test]
async fn a_package_counts_down_instead_of_money_tells_the_parent_near_its_end_and_then_money_is_charged() {
    let school = school().await;
    let id = package(&school, school.anna, 2);
    let first = priced_lesson(&school, 800_00);
    attend(&school, first, "present", "excused").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["balance"], 0, "the package paid");
    assert_eq!(anna["packages"][0]["lessons_left"], 1);
    let told = school.told(school.parent, "package_ending").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("осталось занятий: 1 из 2"), "{told:?}");

    attend(&school, first, "excused", "excused").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["packages"][0]["lessons_left"], 2, "the lesson given back");
    attend(&school, first, "present", "excused").await;
    let second = priced_lesson(&school, 800_00);
    attend(&school, second, "present", "excused").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["packages"][0]["id"], id);
    assert_eq!(anna["packages"][0]["lessons_left"], 0);
    assert_eq!(anna["packages"][0]["status"], "used_up");
    assert_eq!(anna["balance"], 0);
    let third = priced_lesson(&school, 800_00);
    attend(&school, third, "present", "excused").await;
    assert_eq!(
        ledger(&school, school.anna).await["balance"],
        -800_00,
        "used up: money again"
    );
}

#[tokio::test]
async fn a_balance_falling_below_the_line_tells_the_parents_once_per_crossing() {
    let school = school().await;
    for _ in 0..2 {
        let lesson = priced_lesson(&school, 800_00);
        attend(&school, lesson, "present", "present").await;
    }
    let told = school.told(school.parent, "low_balance").await;
    assert_eq!(told.len(), 1, "once, not per charge: {told:?}");
    assert_eq!(told[0], "Баланс ниже 0,00 ₽: -800,00 ₽");
}

#[tokio::test]
async fn the_demo_school_has_lesson_charges_payments_packages_two_debtors_and_a_frozen_package() {
    let app = crate::helpers::spawn_app().await;
    let director = crate::helpers::demo_director(&app);
    let debtors = json(director.get("/api/payments/debtors").await).await;
    assert_eq!(debtors["meta"]["count"], 2, "{debtors}");
    let frozen = json(director.get("/api/packages?status=frozen").await).await;
    assert_eq!(frozen["meta"]["total"], 1, "{frozen}");
    // The freeze is in the log, where /history/payments sends a manager.
    let logged = json(director.get("/api/history?action=package.frozen").await).await;
    let summary = logged["data"][0]["summary"].as_str().expect("an entry");
    assert!(summary.ends_with(": Болезнь"), "{summary}");
    let all = json(director.get("/api/packages").await).await;
    assert!(all["meta"]["total"].as_u64().expect("total") > 3, "{}", all["meta"]);
    let payments = json(director.get("/api/payments?kind=payment").await).await;
    assert!(
        payments["meta"]["totals"]["count"].as_u64().expect("count") > 20,
        "{}",
        payments["meta"]
    );
    let charges = json(director.get("/api/payments?kind=charge").await).await;
    let lessons = charges["data"]
        .as_array()
        .expect("charges")
        .iter()
        .filter(|e| e["reason"] == "lesson")
        .count();
    assert!(lessons > 0, "done lessons charged");
    let (_, differences) = klass::store::ledger::recount(&app.store.read().expect("read")).expect("recount");
    assert!(differences.is_empty(), "{differences:?}");
}

#[tokio::test]
async fn a_new_price_after_the_lesson_reverses_the_charge_and_charges_the_new_one() {
    let school = school().await;
    let lesson = priced_lesson(&school, 800_00);
    attend(&school, lesson, "present", "excused").await;
    let changed = school
        .as_user(school.manager)
        .send(
            reqwest::Method::PUT,
            &format!("/api/lessons/{lesson}"),
            json!({"price": 900_00}),
        )
        .await;
    assert_eq!(changed.status(), 200, "{}", json(changed).await);
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["balance"], -900_00);
    assert_eq!(kinds(&anna), ["charge 90000", "reversal 80000", "charge 80000"]);
    assert_eq!(
        ledger(&school, school.boris).await["meta"]["total"],
        0,
        "excused: untouched"
    );
    let logged = school.logged("lesson.updated").await;
    assert!(logged[0].contains("Списание 900,00 ₽, Петрова Анна"), "{logged:?}");
}

#[tokio::test]
async fn a_manual_charge_below_the_line_tells_the_parents_too() {
    let school = school().await;
    let body = json!({"student_id": school.anna, "amount": 300_00, "kind": "charge", "reason": "other"});
    let charged = school.as_user(school.manager).post("/api/payments", body).await;
    assert_eq!(charged.status(), 201);
    assert_eq!(
        school.told(school.parent, "low_balance").await,
        ["Баланс ниже 0,00 ₽: -300,00 ₽"]
    );
}

#[tokio::test]
async fn a_lesson_charge_the_manager_reversed_is_not_charged_again_when_the_journal_is_saved() {
    let school = school().await;
    let lesson = priced_lesson(&school, 800_00);
    attend(&school, lesson, "present", "excused").await;
    let charge = ledger(&school, school.anna).await["data"][0]["id"].clone();
    let reversed = school
        .as_user(school.manager)
        .post(
            &format!("/api/payments/{charge}/reverse"),
            json!({"reason": "Пробное занятие"}),
        )
        .await;
    assert_eq!(reversed.status(), 201);
    attend(&school, lesson, "present", "excused").await;
    assert_eq!(ledger(&school, school.anna).await["balance"], 0, "the goodwill stays");
    attend(&school, lesson, "excused", "excused").await;
    let anna = ledger(&school, school.anna).await;
    assert_eq!(anna["balance"], 0, "no second reversal");
    assert_eq!(anna["meta"]["total"], 2);
}

#[tokio::test]
async fn a_student_taken_off_a_held_lesson_gets_his_charge_reversed() {
    let school = school().await;
    let lesson = priced_lesson(&school, 800_00);
    attend(&school, lesson, "present", "present").await;
    let changed = school
        .as_user(school.manager)
        .send(
            reqwest::Method::PUT,
            &format!("/api/lessons/{lesson}"),
            json!({"student_ids": [school.anna]}),
        )
        .await;
    assert_eq!(changed.status(), 200, "{}", json(changed).await);
    assert_eq!(ledger(&school, school.anna).await["balance"], -800_00);
    let boris = ledger(&school, school.boris).await;
    assert_eq!(boris["balance"], 0);
    assert_eq!(kinds(&boris), ["reversal 80000", "charge 80000"]);
}

#[tokio::test]
async fn without_a_lesson_price_each_student_pays_his_own_and_a_price_changed_later_leaves_the_charge() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let subject = format!("/api/subjects/{}", school.subject);
    let priced = manager
        .send(
            reqwest::Method::PUT,
            &subject,
            json!({"name": "Математика", "color": "blue", "price": 1_000_00}),
        )
        .await;
    assert_eq!(priced.status(), 200, "{}", json(priced).await);
    let own = json!({"data": [{"subject_id": school.subject, "price": 700_00}]});
    let saved = manager
        .send(
            reqwest::Method::PUT,
            &format!("/api/users/{}/subjects", school.anna),
            own,
        )
        .await;
    assert_eq!(saved.status(), 200, "{}", json(saved).await);

    let lesson = school.lesson(school.teacher, -2);
    attend(&school, lesson, "present", "late").await;
    assert_eq!(
        kinds(&ledger(&school, school.anna).await),
        ["charge 70000"],
        "her own price"
    );
    assert_eq!(
        kinds(&ledger(&school, school.boris).await),
        ["charge 100000"],
        "the subject's"
    );

    let raised = manager
        .send(
            reqwest::Method::PUT,
            &subject,
            json!({"name": "Математика", "color": "blue", "price": 1_200_00}),
        )
        .await;
    assert_eq!(raised.status(), 200);
    attend(&school, lesson, "late", "present").await;
    assert_eq!(
        kinds(&ledger(&school, school.boris).await),
        ["charge 100000"],
        "the lesson held at the old price keeps its charge"
    );
    let next = school.lesson(school.teacher, -1);
    attend(&school, next, "present", "present").await;
    assert_eq!(
        kinds(&ledger(&school, school.boris).await),
        ["charge 120000", "charge 100000"],
        "the next lesson is charged at the new price"
    );
}
