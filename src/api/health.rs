//! `GET /api/health`: is the portal up, which version and which UI build it serves.

use super::{ApiTags, State};
use crate::error::{ApiError, ErrorBody};
use crate::policy::{Caller, Rule};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

/// The answer of the health check.
#[derive(Debug, Object)]
pub struct Health {
    /// `ok` when the server answers and its database can be read.
    pub status: String,
    /// The release of the binary.
    pub version: String,
    /// The id of the embedded UI build; the UI reloads when it changes.
    pub build: String,
}

/// Health and build.
#[derive(Default)]
pub struct HealthApi;

#[OpenApi(tag = "ApiTags::System")]
impl HealthApi {
    /// Health check
    ///
    /// Answers `ok` with the version and the UI build id while the server is up and its
    /// database can be read and written. The database is checked at most every few seconds,
    /// and at once after any failed write: one that refused writes after a full disk is opened
    /// again here; when that fails, 503, so systemd or Docker restart the server. Open to
    /// everyone; Docker's HEALTHCHECK and the UI's build check (`?t=<timestamp>`) call it.
    #[oai(path = "/api/health", method = "get", operation_id = "health")]
    async fn health(&self, state: State<'_>, caller: Caller) -> Result<Json<Health>, ApiError> {
        caller.allow(Rule::Public)?;
        if let Err(err) = state.database_usable().await {
            tracing::error!("health check failed: {err}");
            return Err(ApiError::Unavailable(ErrorBody::new(
                "База данных недоступна: сервер не может ни читать, ни записывать её.",
            )));
        }
        Ok(Json(Health {
            status: "ok".into(),
            version: crate::VERSION.into(),
            build: state.build.to_string(),
        }))
    }
}
