//! The money rows of the authorization walk: a student's ledger for staff, himself and his
//! parents; one entry for staff and its owners (404 otherwise); payments and reversals for
//! managers; the school's ledger, debtors and export for staff; packages (staff read all; a
//! student or parent only his own or his child's; managers sell, change, freeze and give back).

use super::Row;
use reqwest::Method;

/// `/api/packages`.
pub fn packages() -> Vec<Row> {
    vec![
        (
            "packages_list",
            Method::GET,
            "/api/packages?student_id={self}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "packages_list",
            Method::GET,
            "/api/packages?student_id={other}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "packages_list",
            Method::GET,
            "/api/packages",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "packages_show",
            Method::GET,
            "/api/packages/{package}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "packages_show",
            Method::GET,
            "/api/packages/{other_package}",
            "",
            [401, 404, 404, 200, 200, 404],
        ),
        (
            "packages_create",
            Method::POST,
            "/api/packages",
            r#"{"student_id":{other},"lessons_total":8,"price":800000,"valid_from":"2026-11-01","valid_to":"2026-12-31"}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "packages_update",
            Method::PUT,
            "/api/packages/{package}",
            r#"{"note":"Скидка"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "packages_freeze",
            Method::POST,
            "/api/packages/{package}/freeze",
            r#"{"from":"2026-12-01","to":"2026-12-07","reason":"Болезнь"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "packages_refund",
            Method::POST,
            "/api/packages/{package}/refund",
            "",
            [401, 403, 403, 403, 201, 403],
        ),
    ]
}

/// A student's ledger, entries, payments, reversals, the school's ledger, debtors, export.
pub fn payments() -> Vec<Row> {
    let staff = [401, 403, 403, 200, 200, 403];
    vec![
        (
            "users_payments",
            Method::GET,
            "/api/users/{self}/payments",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        ("users_payments", Method::GET, "/api/users/{other}/payments", "", staff),
        (
            "payments_show",
            Method::GET,
            "/api/payments/{payment}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "payments_show",
            Method::GET,
            "/api/payments/{other_payment}",
            "",
            [401, 404, 404, 200, 200, 404],
        ),
        (
            "payments_create",
            Method::POST,
            "/api/payments",
            r#"{"student_id":{self},"amount":150000,"method":"cash"}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "payments_reverse",
            Method::POST,
            "/api/payments/{payment}/reverse",
            r#"{"reason":"Ошибка кассира"}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        ("payments_list", Method::GET, "/api/payments", "", staff),
        ("payments_debtors", Method::GET, "/api/payments/debtors", "", staff),
        (
            "payments_export",
            Method::GET,
            "/api/payments/export.csv?from=2026-01-01",
            "",
            staff,
        ),
    ]
}
