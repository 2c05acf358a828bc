//! The HTTP API: one thin `#[OpenApi]` impl per area, described by OpenAPI. Operations carry
//! their full paths: most live under `/api`, the Sanctum sign-in calls at the root.

mod activity;
mod backups;
mod boards;
mod calendar;
mod calendar_feed;
mod card_view;
mod catalog_query;
mod cookies;
mod courses;
mod deferred_form;
mod enrolments;
mod envelope;
mod events;
mod files;
mod group_journal;
mod group_lessons;
mod health;
mod ids;
mod import;
mod import_form;
mod import_text;
pub(crate) mod items;
mod journal_view;
mod json_text;
mod ledger_view;
mod lesson_journal;
mod lesson_view;
mod lessons;
mod mail_history;
mod marks;
mod message;
mod notifications;
mod packages;
mod paging;
mod passwords;
mod payment_reports;
mod payments;
mod person_catalog;
mod person_journal;
mod session;
mod student_ledger;
mod subjects;
mod tags;
mod task_view;
mod tasks;
mod upload_form;
mod user_actions;
mod user_view;
mod users;
mod verification;
mod vocabulary;

use crate::service::AppState;
use poem_openapi::{ApiResponse, OpenApiService, Tags};

/// Paths outside `/api` and `/sanctum` that the API serves (Sanctum puts them at the root).
pub const ROOT_PATHS: [&str; 4] = ["/login", "/forgot-password", "/reset-password", "/reset-password/check"];

/// The areas of the API, as the docs group them.
#[derive(Tags)]
pub enum ApiTags {
    /// The portal itself: health and build.
    System,
    /// Signing in and out, sessions, passwords.
    Auth,
    /// What happened: every change (the activity log) and the mail sent.
    History,
    /// People, their roles, families and tags.
    People,
    /// Files in users' cabinets.
    Files,
    /// What a person is told, and what comes by mail.
    Notifications,
    /// Copies of the whole school's database.
    Backups,
    /// What the school teaches: subjects, courses and who studies or teaches them.
    Teaching,
    /// Groups with their weekly timetable, lessons, and the calendars that show them.
    Schedule,
    /// The class journal: attendance, marks, topics and homework, averages and term marks.
    Journal,
    /// Money: payments, charges and reversals, balances, debtors, packages.
    Money,
    /// Work: tasks, kanban boards and the school's events.
    Work,
}

/// The answer of an operation that has nothing to say.
#[derive(Debug, ApiResponse)]
pub enum NoContent {
    /// Done.
    #[oai(status = 204)]
    Done,
}

/// The portal itself and the session: health, signing in and out, passwords, e-mail checks.
type SessionGroup = (
    health::HealthApi,
    session::SessionApi,
    passwords::PasswordsApi,
    verification::VerificationApi,
);

/// What happened and what a person was told: the activity log, mail, notifications.
type HistoryGroup = (
    mail_history::MailHistoryApi,
    activity::ActivityApi,
    notifications::NotificationsApi,
);

/// People: their cards, roles, families, and the import of many at once.
type PeopleGroup = (users::UsersApi, user_actions::UserActionsApi, import::ImportApi);

/// Records kept by the school: the tag catalogue, people's files and the copies of the whole school.
type RecordsGroup = (tags::TagsApi, files::FilesApi, backups::BackupsApi);

/// What the school teaches: subjects, courses, enrolments, a person's subjects and courses.
type CatalogGroup = (
    subjects::SubjectsApi,
    courses::CoursesApi,
    enrolments::EnrolmentsApi,
    person_catalog::PersonCatalogApi,
);

/// Teaching in time: groups with a weekly timetable, and lessons.
type ScheduleGroup = (group_lessons::GroupLessonsApi, lessons::LessonsApi);

/// The class journal: a lesson's journal, marks, a group's grid, a student's attendance and
/// marks, the terms.
type JournalGroup = (
    lesson_journal::LessonJournalApi,
    marks::MarksApi,
    group_journal::GroupJournalApi,
    person_journal::PersonJournalApi,
);

/// Money: a student's ledger, payments and reversals, the school's ledger, debtors, export,
/// packages.
type MoneyGroup = (
    student_ledger::StudentLedgerApi,
    payments::PaymentsApi,
    packages::PackagesApi,
);

/// Calendars: a person's or the school's lessons over a span, and the private iCal feed.
type CalendarGroup = (calendar::CalendarApi, calendar_feed::CalendarFeedApi);

/// Work: tasks, kanban boards and the school's events.
type WorkGroup = (tasks::TasksApi, boards::BoardsApi, events::EventsApi);

/// The groups of areas, in the order the docs show them. A new area joins its group's tuple,
/// a new group this one: poem-openapi nests tuples, so no tuple comes near its limit of 16
/// (nor `Default`'s of 12).
type Areas = (
    SessionGroup,
    HistoryGroup,
    PeopleGroup,
    RecordsGroup,
    CatalogGroup,
    ScheduleGroup,
    CalendarGroup,
    JournalGroup,
    MoneyGroup,
    WorkGroup,
);

/// Every area of the API.
pub fn service() -> OpenApiService<Areas, ()> {
    OpenApiService::new(Areas::default(), "Klass API", crate::VERSION)
        .description("API портала Klass: школа или учебный центр в одном файле.")
}

/// The schemas of every area's bodies and answers, as the document holds them.
pub fn schemas() -> poem_openapi::registry::Registry {
    let mut registry = poem_openapi::registry::Registry::new();
    <Areas as poem_openapi::OpenApi>::register(&mut registry);
    registry
}

/// The OpenAPI document, as `klass openapi` prints it and `/api/openapi.json` serves it.
pub fn openapi_json() -> String {
    service().spec()
}

/// `GET /api/openapi.json`: the document, written when asked (about 1 MB that an idle server
/// need not hold).
#[poem::handler]
pub fn openapi_document() -> poem::Response {
    poem::Response::builder()
        .content_type("application/json; charset=utf-8")
        .body(openapi_json())
}

/// Shared state every operation may ask for with `Data<&AppState>`.
pub type State<'a> = poem::web::Data<&'a AppState>;

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// The document, parsed.
    fn document() -> Value {
        serde_json::from_str(&super::openapi_json()).expect("the document is JSON")
    }

    // Every status the server can answer to any request the framework refuses (or any
    // operation's shared errors) is in the document of every operation: a client and a
    // conformance run can rely on it.
    #[test]
    fn every_operation_documents_the_shared_error_answers() {
        let shared = [
            "400", "401", "403", "404", "409", "413", "415", "419", "422", "429", "500",
        ];
        let document = document();
        let paths = document["paths"].as_object().expect("paths");
        for (path, operations) in paths {
            for (method, operation) in operations.as_object().expect("operations") {
                let responses = operation["responses"].as_object().expect("responses");
                for status in shared {
                    assert!(responses.contains_key(status), "{method} {path} lacks {status}");
                }
            }
        }
    }

    // A property the server may send as null says so; an id in the address says it starts at 1.
    #[test]
    fn optional_properties_are_nullable_and_ids_non_negative() {
        let document = document();
        let user = &document["components"]["schemas"]["UserView"]["properties"];
        for field in ["middle_name", "phone", "birth_date", "deleted_at", "last_login_at"] {
            assert_eq!(user[field]["nullable"], Value::Bool(true), "UserView.{field}");
        }
        let meta = &document["components"]["schemas"]["PageMeta"]["properties"];
        assert_eq!(meta["from"]["nullable"], Value::Bool(true));
        let card = &document["paths"]["/api/users/{id}"]["get"];
        assert_eq!(card["parameters"][0]["schema"]["minimum"].as_f64(), Some(1.0));
        let download = &document["paths"]["/api/users/{id}/files/{file}"]["get"]["responses"]["200"];
        assert!(download["content"]["*/*"].is_object(), "a download is of any type");
    }

    // Every object's optional property is sent as null when it has no value (poem-openapi writes
    // `None` as null), so each must be marked nullable, in every area, new ones included. The
    // only exceptions are left out of the answer instead (`skip_serializing_if_is_none`).
    #[test]
    fn every_optional_property_of_every_object_is_nullable() {
        const LEFT_OUT_WHEN_EMPTY: [&str; 2] = ["ErrorBody.errors", "ErrorBody.error_id"];
        let document = document();
        let schemas = document["components"]["schemas"].as_object().expect("schemas");
        let mut missing = Vec::new();
        for (name, schema) in schemas {
            let Some(properties) = schema["properties"].as_object() else {
                continue;
            };
            let required: Vec<&str> = schema["required"]
                .as_array()
                .map(|list| list.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for (field, property) in properties {
                let path = format!("{name}.{field}");
                let optional = !required.contains(&field.as_str());
                if optional
                    && property["nullable"] != Value::Bool(true)
                    && !LEFT_OUT_WHEN_EMPTY.contains(&path.as_str())
                {
                    missing.push(path);
                }
            }
        }
        assert!(missing.is_empty(), "optional but not nullable: {missing:?}");
    }
}
