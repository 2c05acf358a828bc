//! The money rows of the authorization walk: packages (staff read all; a student or parent
//! only his own or his child's; managers sell, change and freeze).

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
            Method::PATCH,
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
    ]
}
