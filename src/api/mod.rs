//! The HTTP API: one thin `#[OpenApi]` impl per area, described by OpenAPI. Operations carry
//! their full paths: most live under `/api`, the Sanctum sign-in calls at the root.

mod activity;
mod cookies;
mod deferred_form;
mod files;
mod health;
mod ids;
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

/// The areas, in the order the docs show them (each is a unit struct, so one list serves).
type Areas = (
    health::HealthApi,
    session::SessionApi,
    passwords::PasswordsApi,
    verification::VerificationApi,
    mail_history::MailHistoryApi,
    activity::ActivityApi,
    notifications::NotificationsApi,
    users::UsersApi,
    user_actions::UserActionsApi,
    tags::TagsApi,
    import::ImportApi,
    files::FilesApi,
);

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
