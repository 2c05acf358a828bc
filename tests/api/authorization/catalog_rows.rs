//! The rows of the authorization walk for the catalogue: subjects, courses, enrolments, a
//! person's subjects and courses.

use super::Row;
use reqwest::Method;

/// The catalogue: subjects (staff), courses and enrolments (read by staff, managed by
/// managers), a person's subjects (staff) and courses (`master-by-url`); prices, a subject's
/// or a student's own, are set by managers (`policy::changes_prices`).
pub fn catalog() -> Vec<Row> {
    const STAFF_READ: [u16; 6] = [401, 403, 403, 200, 200, 403];
    const PRICES: [u16; 6] = [401, 403, 403, 403, 200, 403];
    vec![
        ("subjects_list", Method::GET, "/api/subjects", "", STAFF_READ),
        ("subjects_show", Method::GET, "/api/subjects/{subject}", "", STAFF_READ),
        (
            "subjects_create",
            Method::POST,
            "/api/subjects",
            r#"{"name":"Новый {caller}","color":"green"}"#,
            [401, 403, 403, 201, 201, 403],
        ),
        (
            "subjects_create",
            Method::POST,
            "/api/subjects",
            r#"{"name":"Платный {caller}","color":"green","price":50000}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "subjects_update",
            Method::PUT,
            "/api/subjects/{subject}",
            r#"{"name":"Другой {caller}","color":"rose","archived":true}"#,
            STAFF_READ,
        ),
        (
            "subjects_update",
            Method::PUT,
            "/api/subjects/{subject}",
            r#"{"name":"Другой {caller}","color":"rose","price":50000}"#,
            PRICES,
        ),
        (
            "subjects_delete",
            Method::DELETE,
            "/api/subjects/{subject}",
            "",
            [401, 403, 403, 204, 204, 403],
        ),
        ("courses_list", Method::GET, "/api/courses", "", STAFF_READ),
        ("courses_show", Method::GET, "/api/courses/{course}", "", STAFF_READ),
        (
            "courses_create",
            Method::POST,
            "/api/courses",
            r#"{"subject_id":{subject},"name":"Новый {caller}"}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "courses_update",
            Method::PUT,
            "/api/courses/{free_course}",
            r#"{"subject_id":{subject},"name":"Другой {caller}","planned_lessons":12}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "courses_delete",
            Method::DELETE,
            "/api/courses/{free_course}",
            "",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "enrolments_list",
            Method::GET,
            "/api/courses/{course}/enrolments",
            "",
            STAFF_READ,
        ),
        (
            "enrolments_create",
            Method::POST,
            "/api/courses/{course}/enrolments",
            r#"{"student_id":{self}}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "enrolments_update",
            Method::PUT,
            "/api/courses/{course}/enrolments/{enrolment}",
            r#"{"status":"paused"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "enrolments_delete",
            Method::DELETE,
            "/api/courses/{course}/enrolments/{enrolment}",
            "",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "users_subjects",
            Method::GET,
            "/api/users/{self}/subjects",
            "",
            STAFF_READ,
        ),
        (
            "users_subjects_save",
            Method::PUT,
            "/api/users/{self}/subjects",
            r#"{"data":[{"subject_id":{subject},"price":null}]}"#,
            STAFF_READ,
        ),
        (
            "users_subjects_save",
            Method::PUT,
            "/api/users/{self}/subjects",
            r#"{"data":[{"subject_id":{subject},"price":50000}]}"#,
            PRICES,
        ),
        (
            "users_courses",
            Method::GET,
            "/api/users/{self}/courses",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_course",
            Method::GET,
            "/api/users/{other}/courses/{course}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
    ]
}
