//! The rows of the authorization walk, by area: (operation id, method, path, body, statuses).

use super::Row;
use reqwest::Method;

/// Health, sign-in, sessions, passwords and e-mail confirmation.
pub fn session() -> Vec<Row> {
    vec![
        ("health", Method::GET, "/api/health", "", [200, 200, 200, 200, 200, 200]),
        (
            "csrf_cookie",
            Method::GET,
            "/sanctum/csrf-cookie",
            "",
            [204, 204, 204, 204, 204, 204],
        ),
        (
            "login",
            Method::POST,
            "/login",
            r#"{"email":"x-{caller}@school.ru","password":"wrong-wrong"}"#,
            [401; 6],
        ),
        (
            "logout",
            Method::POST,
            "/api/logout",
            "{}",
            [401, 204, 204, 204, 204, 204],
        ),
        (
            "current_user",
            Method::GET,
            "/api/user",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "forgot_password",
            Method::POST,
            "/forgot-password",
            r#"{"email":"ghost-{caller}@school.ru"}"#,
            [200; 6],
        ),
        (
            "reset_password",
            Method::POST,
            "/reset-password",
            r#"{"token":"x","email":"a@b.ru","password":"12345678","password_confirmation":"12345678"}"#,
            [422; 6],
        ),
        (
            "reset_password_check",
            Method::POST,
            "/reset-password/check",
            r#"{"token":"x","email":"a@b.ru"}"#,
            [422; 6],
        ),
        (
            "change_password",
            Method::PUT,
            "/api/user/password",
            r#"{"current_password":"wrong"}"#,
            [401, 422, 422, 422, 422, 422],
        ),
        (
            "end_other_sessions",
            Method::POST,
            "/api/user/other-sessions/logout",
            r#"{"password":"wrong"}"#,
            [401, 422, 422, 422, 422, 422],
        ),
        (
            "send_verification",
            Method::POST,
            "/api/email/verification-notification",
            "{}",
            [401, 202, 202, 202, 202, 202],
        ),
        (
            "verify_email",
            Method::POST,
            "/api/email/verify",
            r#"{"token":"forged"}"#,
            [422; 6],
        ),
    ]
}

/// People and the calls on one person.
pub fn people() -> Vec<Row> {
    vec![
        (
            "users_list",
            Method::GET,
            "/api/users",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_show",
            Method::GET,
            "/api/users/{self}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_show",
            Method::GET,
            "/api/users/{other}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "users_create",
            Method::POST,
            "/api/users",
            r#"{"email":"new-{caller}@school.ru","last_name":"Новый","first_name":"Ян","roles":["student"]}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "users_update",
            Method::PUT,
            "/api/users/{other}",
            r#"{"email":"o@school.ru","last_name":"Другой","first_name":"Ученик"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_delete",
            Method::DELETE,
            "/api/users/{other}",
            "",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "users_restore",
            Method::POST,
            "/api/users/{other}/restore",
            "{}",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_change_password",
            Method::POST,
            "/api/users/{other}/change-password",
            r#"{"password":"новый-пароль","password_confirmation":"новый-пароль"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_resend_password",
            Method::POST,
            "/api/users/{other}/resend-password",
            "{}",
            [401, 403, 403, 403, 202, 403],
        ),
        (
            "users_update_roles",
            Method::POST,
            "/api/users/{other}/update-roles",
            r#"{"roles":["student"]}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_save_parents",
            Method::POST,
            "/api/users/{other}/parents/save",
            r#"{"parents":[{parent}]}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "users_save_children",
            Method::POST,
            "/api/users/{parent}/children/save",
            r#"{"children":[{self}]}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_attach_tags",
            Method::POST,
            "/api/users/{other}/tags/attach",
            r#"{"tags":[{tag}]}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_import_csv",
            Method::POST,
            "/api/users/import/csv",
            "{}",
            [401, 403, 403, 403, 422, 403],
        ),
        (
            "users_login_as",
            Method::POST,
            "/api/users/{other}/login",
            "{}",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "users_login_as",
            Method::POST,
            "/api/users/{second_manager}/login",
            "{}",
            [401, 403, 403, 403, 403, 403],
        ),
        (
            "impersonation_leave",
            Method::POST,
            "/api/impersonation/leave",
            "{}",
            [401, 422, 422, 422, 422, 204],
        ),
    ]
}

/// File cabinets and tags.
pub fn files_and_tags() -> Vec<Row> {
    vec![
        (
            "files_list",
            Method::GET,
            "/api/users/{other}/files",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            // JSON instead of a multipart form: 422 on the `file` field, after the rule.
            "files_upload",
            Method::POST,
            "/api/users/{other}/files",
            "{}",
            [401, 403, 403, 403, 422, 403],
        ),
        (
            "files_download",
            Method::GET,
            "/api/users/{other}/files/{file}",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "files_delete",
            Method::DELETE,
            "/api/users/{other}/files/{file}",
            "",
            [401, 403, 403, 403, 204, 403],
        ),
        (
            "tags_list",
            Method::GET,
            "/api/tags",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "tags_show",
            Method::GET,
            "/api/tags/{tag}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "tags_create",
            Method::POST,
            "/api/tags",
            r#"{"name":"Новый {caller}","color":"blue"}"#,
            [401, 403, 403, 201, 201, 403],
        ),
        (
            "tags_update",
            Method::PUT,
            "/api/tags/{tag}",
            r#"{"name":"Тег {caller}","color":"rose"}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "tags_delete",
            Method::DELETE,
            "/api/tags/{tag}",
            "",
            [401, 403, 403, 204, 204, 403],
        ),
    ]
}

/// What happened: mail, activity, notifications.
pub fn history() -> Vec<Row> {
    vec![
        (
            "mail_history",
            Method::GET,
            "/api/history/mail",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_mail",
            Method::GET,
            "/api/users/{other}/mail",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "mail_history_resend",
            Method::POST,
            "/api/history/mail/999999/resend",
            "{}",
            [401, 403, 403, 403, 404, 403],
        ),
        (
            "history_list",
            Method::GET,
            "/api/history?user_id={self}",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "history_actions",
            Method::GET,
            "/api/history/actions",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_logs",
            Method::GET,
            "/api/users/{other}/logs",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_notifications",
            Method::GET,
            "/api/users/{self}/notifications",
            "",
            [401, 200, 403, 403, 200, 200],
        ),
        (
            "notifications_read",
            Method::POST,
            "/api/notifications/{notification}/read",
            "{}",
            [401, 200, 404, 404, 200, 200],
        ),
        (
            "users_notifications_check_all",
            Method::POST,
            "/api/users/{self}/notifications/check-all",
            "{}",
            [401, 200, 403, 403, 200, 403],
        ),
        (
            "notification_settings",
            Method::GET,
            "/api/user/notification-settings",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "notification_settings_update",
            Method::PUT,
            "/api/user/notification-settings",
            r#"{"mail":["file_added"]}"#,
            [401, 200, 200, 200, 200, 403],
        ),
    ]
}

/// Backups: managers only.
pub fn backups() -> Vec<Row> {
    vec![
        (
            "backups_list",
            Method::GET,
            "/api/backups",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "backups_create",
            Method::POST,
            "/api/backups",
            "",
            [401, 403, 403, 403, 202, 403],
        ),
        (
            "backups_download",
            Method::GET,
            "/api/backups/klass-2026-01-01-030000.tar.gz",
            "",
            [401, 403, 403, 403, 404, 403],
        ),
    ]
}

/// Groups and lessons: staff manage (a worker only what he teaches), everyone reads his own.
pub fn schedule() -> Vec<Row> {
    const GROUP: &str = r#"{"name":"Группа {caller}","subject_id":{subject},"teacher_id":{me},"schedule":[{"weekday":2,"start":"16:00","duration_minutes":60}],"starts_on":"2020-01-06","ends_on":"2020-01-31"}"#;
    vec![
        (
            "group_lessons_list",
            Method::GET,
            "/api/group-lessons",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "group_lessons_show",
            Method::GET,
            "/api/group-lessons/{group}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "group_lessons_create",
            Method::POST,
            "/api/group-lessons",
            GROUP,
            [401, 403, 403, 201, 201, 403],
        ),
        (
            "group_lessons_preview",
            Method::POST,
            "/api/group-lessons/preview",
            GROUP,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "group_lessons_update",
            Method::PUT,
            "/api/group-lessons/{group}",
            r#"{"name":"Группа {caller}","subject_id":{subject},"teacher_id":{worker},"schedule":[{"weekday":2,"start":"16:00","duration_minutes":60}],"starts_on":"2020-01-06","ends_on":"2020-01-31"}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "group_lessons_delete",
            Method::DELETE,
            "/api/group-lessons/{group}",
            "",
            [401, 403, 403, 204, 204, 403],
        ),
        (
            "lessons_list",
            Method::GET,
            "/api/lessons",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "lessons_show",
            Method::GET,
            "/api/lessons/{lesson}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "lessons_show",
            Method::GET,
            "/api/lessons/{other_lesson}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "lessons_create",
            Method::POST,
            "/api/lessons",
            r#"{"subject_id":{subject},"teacher_id":{me},"starts_at":"2031-03-03T10:00","duration_minutes":45}"#,
            [401, 403, 403, 201, 201, 403],
        ),
        (
            "lessons_update",
            Method::PUT,
            "/api/lessons/{lesson}",
            r#"{"topic":"Дроби"}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "lessons_update",
            Method::PUT,
            "/api/lessons/{other_lesson}",
            r#"{"topic":"Дроби"}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "lessons_cancel",
            Method::POST,
            "/api/lessons/{lesson}/cancel",
            r#"{"reason":"Болезнь учителя"}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "lessons_delete",
            Method::DELETE,
            "/api/lessons/{single_lesson}",
            "",
            [401, 403, 403, 204, 204, 403],
        ),
        (
            "users_lessons",
            Method::GET,
            "/api/users/{self}/lessons",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_lessons",
            Method::GET,
            "/api/users/{other}/lessons",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
    ]
}

/// Calendars: a person's calendar (staff, himself, his parents), the whole school's and its
/// count by day (staff),
/// and the private iCal link (himself, his parents, managers; the feed by its token alone).
pub fn calendars() -> Vec<Row> {
    vec![
        (
            "calendar",
            Method::GET,
            "/api/calendar?from=2026-11-02&to=2026-11-08&user_id={self}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "calendar",
            Method::GET,
            "/api/calendar?from=2026-11-02&to=2026-11-08&user_id={other}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "calendar",
            Method::GET,
            "/api/calendar?from=2026-11-02&to=2026-11-08",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "calendar_days",
            Method::GET,
            "/api/calendar/days?from=2026-11-01&to=2026-11-30",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "calendar_days",
            Method::GET,
            "/api/calendar/days?from=2026-11-01&to=2026-11-30&room=12",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "users_calendar_feed",
            Method::GET,
            "/api/users/{self}/calendar-feed",
            "",
            [401, 200, 200, 403, 200, 200],
        ),
        (
            "users_calendar_feed_rotate",
            Method::POST,
            "/api/users/{self}/calendar-feed/rotate",
            "",
            [401, 200, 200, 403, 200, 200],
        ),
        (
            "users_calendar_feed_rotate",
            Method::POST,
            "/api/users/{other}/calendar-feed/rotate",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_calendar_ics",
            Method::GET,
            "/api/users/{self}/calendar.ics?token=wrong",
            "",
            [404; 6],
        ),
    ]
}

/// The journal's reads (h-jread): a group's grid for its teacher and managers, a subject's for
/// staff (a worker's holds his own lessons of it), a student's
/// attendance and marks for managers, his teachers, himself and his parents.
pub fn journal_reads() -> Vec<Row> {
    vec![
        (
            "group_lessons_journal",
            Method::GET,
            "/api/group-lessons/{group}/journal",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "subjects_journal",
            Method::GET,
            "/api/subjects/{subject}/journal",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "journal_terms",
            Method::GET,
            "/api/journal/terms",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_attendance",
            Method::GET,
            "/api/users/{self}/attendance",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_attendance",
            Method::GET,
            "/api/users/{other}/attendance",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "users_marks",
            Method::GET,
            "/api/users/{self}/marks",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "users_marks",
            Method::GET,
            "/api/users/{other}/marks",
            "",
            [401, 403, 403, 403, 200, 403],
        ),
    ]
}

/// The journal (h-jsave): a lesson's journal, and marks.
pub fn journal() -> Vec<Row> {
    vec![
        (
            "lessons_journal",
            Method::GET,
            "/api/lessons/{lesson}/journal",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "lessons_journal",
            Method::GET,
            "/api/lessons/{other_lesson}/journal",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "lessons_journal_save",
            Method::PUT,
            "/api/lessons/{lesson}/journal",
            r#"{"topic":"Дроби","records":[],"marks":[{"student_id":{self},"value":5,"kind":"lesson"}]}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "lessons_journal_save",
            Method::PUT,
            "/api/lessons/{other_lesson}/journal",
            r#"{"topic":"Дроби","records":[],"marks":[]}"#,
            [401, 403, 403, 403, 200, 403],
        ),
        (
            "marks_list",
            Method::GET,
            "/api/marks",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "marks_list",
            Method::GET,
            "/api/marks?student_id={other}",
            "",
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "marks_create",
            Method::POST,
            "/api/marks",
            r#"{"student_id":{self},"lesson_id":{lesson},"value":4,"kind":"test"}"#,
            [401, 403, 403, 201, 201, 403],
        ),
        (
            "marks_create",
            Method::POST,
            "/api/marks",
            r#"{"student_id":{other},"subject_id":{subject},"value":4,"kind":"test","date":"2026-11-12"}"#,
            [401, 403, 403, 403, 201, 403],
        ),
        (
            "marks_show",
            Method::GET,
            "/api/marks/{mark}",
            "",
            [401, 200, 200, 200, 200, 200],
        ),
        (
            "marks_show",
            Method::GET,
            "/api/marks/{other_mark}",
            "",
            [401, 404, 404, 404, 200, 404],
        ),
        (
            "marks_update",
            Method::PUT,
            "/api/marks/{mark}",
            r#"{"value":5,"kind":"test"}"#,
            [401, 403, 403, 200, 200, 403],
        ),
        (
            "marks_update",
            Method::PUT,
            "/api/marks/{other_mark}",
            r#"{"value":5,"kind":"test"}"#,
            [401, 403, 403, 404, 200, 403],
        ),
        (
            "marks_delete",
            Method::DELETE,
            "/api/marks/{other_mark}",
            "",
            [401, 403, 403, 404, 204, 403],
        ),
    ]
}
