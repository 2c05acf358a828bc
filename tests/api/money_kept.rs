//! A student's ledger and the school's read again after each kind of change show that change:
//! the server keeps those pages between reads (`service::money::ledger_texts`), and nothing may
//! be shown stale.

use crate::charges::priced_lesson;
use crate::helpers::json;
use crate::journal_school::{School, school};
use klass::domain::LessonId;
use klass::domain::lesson::Lesson;
use klass::store::record;
use reqwest::Method;
use serde_json::{Value, json};

/// The body of a successful answer.
async fn ok(response: reqwest::Response) -> Value {
    let status = response.status();
    let body = json(response).await;
    assert!(status.is_success(), "{status} {body}");
    body
}

impl School {
    /// `path` as `user` reads it, twice: the second read (kept) must be the first.
    async fn read_twice(&self, user: u64, path: &str) -> Value {
        let reader = self.as_user(user);
        let first = ok(reader.get(path).await).await;
        assert_eq!(ok(reader.get(path).await).await, first, "read again: {path}");
        first
    }

    async fn manager_sends(&self, method: Method, path: &str, body: Value) -> Value {
        ok(self.as_user(self.manager).send(method, path, body).await).await
    }

    /// Renames the subject «Алгебра».
    async fn subject_renamed(&self) {
        let subject = format!("/api/subjects/{}", self.subject);
        self.manager_sends(Method::PUT, &subject, json!({"name": "Алгебра", "color": "blue"}))
            .await;
    }

    /// Moves `lesson` a day back in the store (no entry is written); the day its charge's
    /// title names now, «ДД.ММ.ГГГГ».
    fn lesson_moved_a_day_back(&self, lesson: u64) -> String {
        let txn = self.app.store.write().expect("txn");
        let old: Lesson = record::get(&txn, LessonId(lesson)).expect("get").expect("lesson");
        let starts_at = old.starts_at - jiff::SignedDuration::from_hours(24);
        record::update(&txn, &Lesson { starts_at, ..old }).expect("update");
        txn.commit().expect("commit");
        let tz = klass::config::Config::default().time_zone();
        starts_at.to_zoned(tz).date().strftime("%d.%m.%Y").to_string()
    }
}

/// Each entry as «kind amount: title (reversed by …)».
fn entries(page: &Value) -> Vec<String> {
    let data = page["data"].as_array().expect("data");
    data.iter()
        .map(|e| format!("{} {}: {} ({})", e["kind"], e["amount"], e["title"], e["reversed_by"]))
        .collect()
}

fn first_title(page: &Value) -> String {
    page["data"][0]["title"].as_str().expect("title").to_owned()
}

#[tokio::test]
async fn a_students_ledger_read_again_shows_every_change() {
    let school = school().await;
    let lesson = priced_lesson(&school, 800_00);
    let records = json!({"records": school.records("present", "present"), "marks": []});
    assert_eq!(school.save(school.teacher, lesson, records).await.0, 200);
    let path = format!("/api/users/{}/payments", school.anna);
    let read = || school.read_twice(school.parent, &path);
    let charged = read().await;
    assert_eq!(charged["balance"], -800_00);
    assert!(first_title(&charged).starts_with("Занятие: Математика, "), "{charged}");

    let day = school.lesson_moved_a_day_back(lesson);
    assert_eq!(
        first_title(&read().await),
        format!("Занятие: Математика, {day}"),
        "a lesson moved"
    );

    school.subject_renamed().await;
    assert_eq!(
        first_title(&read().await),
        format!("Занятие: Алгебра, {day}"),
        "its subject renamed"
    );

    let renamed = json!({"email": "anna@school.ru", "last_name": "Петрова-Орлова", "first_name": "Анна"});
    let user = format!("/api/users/{}", school.anna);
    school.manager_sends(Method::PUT, &user, renamed).await;
    assert_eq!(
        read().await["data"][0]["student_name"],
        "Петрова-Орлова Анна",
        "the student renamed"
    );

    let today = klass::service::money::payments::today(&klass::config::Config::default());
    let sale = json!({"student_id": school.anna, "subject_id": school.subject, "lessons_total": 8,
        "price": 6_400_00, "valid_from": today.to_string(), "valid_to": (today + jiff::ToSpan::days(30)).to_string()});
    let sold = school.manager_sends(Method::POST, "/api/packages", sale).await;
    let package = sold["data"]["id"].as_u64().expect("package");
    let with_package = read().await;
    assert_eq!(with_package["balance"], -7_200_00, "a package sold");
    assert_eq!(first_title(&with_package), "Абонемент: Алгебра, 8 занятий");
    assert_eq!(with_package["packages"][0]["status"], "active");

    let payment = json!({"student_id": school.anna, "amount": 1_000_00, "method": "cash"});
    let paid = school.manager_sends(Method::POST, "/api/payments", payment).await;
    let paid_id = paid["data"]["id"].as_u64().expect("payment");
    assert_eq!(read().await["balance"], -6_200_00, "a payment taken");

    // A page without the package's sale still shows its card.
    let newest = format!("{path}?per_page=1");
    assert_eq!(
        school.read_twice(school.parent, &newest).await["packages"][0]["status"],
        "active"
    );
    let freeze =
        json!({"from": today.to_string(), "to": (today + jiff::ToSpan::days(3)).to_string(), "reason": "Болезнь"});
    let frozen_path = format!("/api/packages/{package}/freeze");
    school.manager_sends(Method::POST, &frozen_path, freeze).await;
    let frozen = school.read_twice(school.parent, &newest).await;
    assert_eq!(entries(&frozen), ["\"payment\" 100000: \"Оплата: наличные\" (null)"]);
    assert_eq!(frozen["packages"][0]["status"], "frozen", "a package frozen");

    let reverse = format!("/api/payments/{paid_id}/reverse");
    let reversal = school
        .manager_sends(Method::POST, &reverse, json!({"reason": "ошибка"}))
        .await;
    let reversed = read().await;
    assert_eq!(reversed["balance"], -7_200_00, "the payment reversed");
    assert_eq!(reversed["data"][1]["reversed_by"], reversal["data"]["id"]);
    assert_eq!(
        entries(&reversed),
        [
            "\"reversal\" 100000: \"Сторно: Оплата: наличные\" (null)".to_owned(),
            format!("\"payment\" 100000: \"Оплата: наличные\" ({})", reversal["data"]["id"]),
            "\"charge\" 640000: \"Абонемент: Алгебра, 8 занятий\" (null)".to_owned(),
            format!("\"charge\" 80000: \"Занятие: Алгебра, {day}\" (null)"),
        ]
    );
    assert_eq!(
        school.read_twice(school.manager, &path).await,
        reversed,
        "the manager reads what the parent does"
    );
}

#[tokio::test]
async fn the_schools_ledger_read_again_shows_every_change() {
    let school = school().await;
    let read = || school.read_twice(school.manager, "/api/payments");
    assert_eq!(read().await["meta"]["totals"]["count"], 0);

    let lesson = priced_lesson(&school, 500_00);
    let records = json!({"records": school.records("present", "late"), "marks": []});
    assert_eq!(school.save(school.teacher, lesson, records).await.0, 200);
    let charged = read().await;
    assert_eq!(charged["meta"]["totals"]["charged"], 1_000_00, "lessons held");
    assert!(first_title(&charged).starts_with("Занятие: Математика, "));

    let day = school.lesson_moved_a_day_back(lesson);
    school.subject_renamed().await;
    assert_eq!(
        first_title(&read().await),
        format!("Занятие: Алгебра, {day}"),
        "a lesson moved and its subject renamed"
    );

    let payment = json!({"student_id": school.boris, "amount": 300_00, "method": "card"});
    school.manager_sends(Method::POST, "/api/payments", payment).await;
    let paid = read().await;
    assert_eq!(paid["meta"]["totals"]["received"], 300_00, "a payment taken");
    assert_eq!(paid["meta"]["totals"]["by_method"]["card"], 300_00);
    assert_eq!(paid["data"][0]["title"], "Оплата: карта");
    assert_eq!(paid["meta"]["total"], 3);
}

#[tokio::test]
async fn the_debtors_read_again_show_every_change() {
    let school = school().await;
    let read = || school.read_twice(school.manager, "/api/payments/debtors");
    assert_eq!(read().await["meta"]["count"], 0);

    let lesson = priced_lesson(&school, 800_00);
    let records = json!({"records": school.records("present", "present"), "marks": []});
    assert_eq!(school.save(school.teacher, lesson, records).await.0, 200);
    let owing = read().await;
    assert_eq!(owing["meta"]["count"], 2, "a lesson held: {owing}");
    assert_eq!(owing["meta"]["total_debt"], 1_600_00);

    let payment = json!({"student_id": school.boris, "amount": 800_00, "method": "cash"});
    school.manager_sends(Method::POST, "/api/payments", payment).await;
    let owing = read().await;
    assert_eq!(owing["meta"]["count"], 1, "a debt paid");
    assert_eq!(owing["data"][0]["student_id"], school.anna);
    assert_eq!(owing["data"][0]["parents"][0]["phone"], Value::Null);

    let renamed =
        json!({"email": "mama@school.ru", "last_name": "Петрова", "first_name": "Ольга", "phone": "8 912 345-67-89"});
    let parent = format!("/api/users/{}", school.parent);
    school.manager_sends(Method::PUT, &parent, renamed).await;
    assert_eq!(
        read().await["data"][0]["parents"][0]["phone"],
        "+79123456789",
        "a parent's phone changed"
    );
}
