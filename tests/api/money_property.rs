//! The property the ledger lives by: after any sequence of money operations through the API —
//! payments, manual charges, reversals, package sales, attendance saved and changed on held
//! lessons, prices changed after the fact — every stored balance equals the sum of its entries,
//! and the balance the API shows is that sum.

use crate::charges::priced_lesson;
use crate::helpers::json;
use crate::journal_school::school;
use klass::store::ledger;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

const STATUSES: [&str; 4] = ["present", "late", "excused", "unexcused"];
const METHODS: [&str; 3] = ["cash", "card", "transfer"];

#[tokio::test]
async fn every_balance_equals_its_recount_after_a_thousand_random_operations() {
    let school = school().await;
    let manager = school.as_user(school.manager);
    let students = [school.anna, school.boris];
    let lessons: Vec<u64> = (0..6).map(|i| priced_lesson(&school, 300_00 + i * 50_00)).collect();
    let mut rng = StdRng::seed_from_u64(20261123);
    let mut entries: Vec<u64> = Vec::new();
    let mut outcomes = [0usize; 6];
    for _ in 0..1_000 {
        let student = students[rng.random_range(0..2)];
        let operation = rng.random_range(0..6);
        let response = match operation {
            0 => {
                let body = json!({
                    "student_id": student,
                    "amount": rng.random_range(1..=5_000_00),
                    "method": METHODS[rng.random_range(0..3)],
                });
                manager.post("/api/payments", body).await
            }
            1 => {
                let body = json!({
                    "student_id": student,
                    "amount": rng.random_range(1..=2_000_00),
                    "kind": "charge",
                    "reason": if rng.random_bool(0.5) { "course" } else { "other" },
                });
                manager.post("/api/payments", body).await
            }
            2 if !entries.is_empty() => {
                let entry = entries[rng.random_range(0..entries.len())];
                let body = json!({"reason": "Проверка"});
                manager.post(&format!("/api/payments/{entry}/reverse"), body).await
            }
            3 => {
                let lesson = lessons[rng.random_range(0..lessons.len())];
                let records = school.records(STATUSES[rng.random_range(0..4)], STATUSES[rng.random_range(0..4)]);
                let (status, saved) = school
                    .save(school.teacher, lesson, json!({"records": records, "marks": []}))
                    .await;
                assert_eq!(status, 200, "{saved}");
                outcomes[3] += 1;
                continue;
            }
            4 => {
                let lesson = lessons[rng.random_range(0..lessons.len())];
                let body = json!({"price": rng.random_range(0..=1_000_00)});
                manager
                    .send(reqwest::Method::PUT, &format!("/api/lessons/{lesson}"), body)
                    .await
            }
            _ => {
                let body = json!({
                    "student_id": student,
                    "lessons_total": rng.random_range(1..=3),
                    "price": rng.random_range(1..=3_000_00),
                    "valid_from": "2026-01-01",
                    "valid_to": "2027-12-31",
                });
                manager.post("/api/packages", body).await
            }
        };
        let status = response.status().as_u16();
        let answer = json(response).await;
        assert!(
            [200, 201, 422].contains(&status),
            "operation {operation} answered {status}: {answer}"
        );
        if status == 201 && operation < 3 {
            entries.extend(answer["data"]["id"].as_u64());
        }
        outcomes[operation] += usize::from(status != 422);
    }
    assert!(
        outcomes.iter().all(|done| *done > 0),
        "every kind of operation happened: {outcomes:?}"
    );

    let (count, differences) = ledger::recount(&school.app.store.read().expect("read")).expect("recount");
    let written = outcomes[0] + outcomes[1] + outcomes[2] + outcomes[5];
    assert!(
        count as usize >= written,
        "each payment, charge, reversal and sale is an entry ({count} < {written})"
    );
    assert_eq!(differences, [], "every stored balance equals the sum of its entries");
    for student in students {
        let shown = json(
            manager
                .get(&format!("/api/users/{student}/payments?per_page=100"))
                .await,
        )
        .await;
        let mut sum = 0;
        for page in 1.. {
            let listed = json(
                manager
                    .get(&format!("/api/users/{student}/payments?per_page=100&page={page}"))
                    .await,
            )
            .await;
            let rows = listed["data"].as_array().expect("entries").clone();
            if rows.is_empty() {
                break;
            }
            sum += rows.iter().map(|e| e["effect"].as_i64().expect("effect")).sum::<i64>();
        }
        assert_eq!(
            shown["balance"], sum,
            "the balance shown is the sum of the entries shown"
        );
    }
}
