//! The HTTP API: one thin `#[OpenApi]` impl per area, described by OpenAPI. Operations carry
//! their full paths: most live under `/api`, the Sanctum sign-in calls at the root.

mod activity;
mod cookies;
mod deferred_form;
mod envelope;
mod files;
mod health;
mod id_types;
mod import;
mod import_form;
mod json_text;
mod mail_history;
mod message;
mod notifications;
mod paging;
mod passwords;
mod session;
mod tags;
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

/// Records kept by the school: the tag catalogue and people's files.
type RecordsGroup = (tags::TagsApi, files::FilesApi);

/// The groups of areas, in the order the docs show them. A new area joins its group's tuple,
/// a new group this one: poem-openapi nests tuples, so no tuple comes near its limit of 16
/// (nor `Default`'s of 12).
type Areas = (SessionGroup, HistoryGroup, PeopleGroup, RecordsGroup);

/// Every area of the API.
pub fn service() -> OpenApiService<Areas, ()> {
    OpenApiService::new(Areas::default(), "Klass API", crate::VERSION)
        .description("API портала Klass: школа или учебный центр в одном файле.")
}

/// The OpenAPI document, as `klass openapi` prints it and `/api/openapi.json` serves it.
pub fn openapi_json() -> String {
    service().spec()
}

/// Shared state every operation may ask for with `Data<&AppState>`.
pub type State<'a> = poem::web::Data<&'a AppState>;
