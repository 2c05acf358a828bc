//! The one mapping from errors to HTTP statuses and JSON bodies (`{message, errors?}`).
//! Internal causes are logged with an error id; the client sees only `Server Error` and the id.

use crate::service::ServiceError;
use crate::store::StoreError;
use poem::http::StatusCode;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};
use std::collections::BTreeMap;

/// The body of every error answer.
#[derive(Debug, Clone, Object, serde::Serialize)]
pub struct ErrorBody {
    /// A human-readable message, in Russian (or the protocol's fixed text, e.g. `Server Error`).
    pub message: String,
    /// Per-field messages for 422: field name -> messages.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, Vec<String>>>,
    /// For 500: the id under which the cause is in the server's log.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_id: Option<String>,
}

impl ErrorBody {
    /// A body with only a message.
    pub fn new(message: impl Into<String>) -> Json<Self> {
        Json(Self {
            message: message.into(),
            errors: None,
            error_id: None,
        })
    }
}

/// The error answers shared by every API operation, declared once: the document lists them all
/// on every operation, and `render` answers the framework's own refusals with them too.
#[derive(Debug, ApiResponse)]
pub enum ApiError {
    /// The body is not JSON (or not a readable multipart form).
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// Not signed in.
    #[oai(status = 401)]
    Unauthenticated(Json<ErrorBody>),
    /// Signed in, but the action is not allowed for this user.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// No such record.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The school requires a confirmed e-mail and this user has not confirmed it yet.
    #[oai(status = 409)]
    Unverified(Json<ErrorBody>),
    /// The body is larger than the server accepts (`server.max_body_mb`, or for a file
    /// `files.max_upload_mb`).
    #[oai(status = 413)]
    TooLarge(Json<ErrorBody>),
    /// The body is of a type the operation does not read (see its `Content-Type`).
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorBody>),
    /// A state-changing request without the session's CSRF token in `X-XSRF-TOKEN`.
    #[oai(status = 419)]
    CsrfMismatch(Json<ErrorBody>),
    /// The data sent is invalid; `errors` names each field (a malformed query value names
    /// its parameter; JSON of the wrong shape has the message only).
    #[oai(status = 422)]
    Invalid(Json<ErrorBody>),
    /// Too many attempts; try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>, #[oai(header = "Retry-After")] u64),
    /// Something broke on the server; `error_id` points to the log.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// The database is being opened again after a failed write; try again shortly.
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>),
    /// The server's disk is full: nothing was changed; the portal goes on once space is freed.
    #[oai(status = 507)]
    InsufficientStorage(Json<ErrorBody>),
}

impl ApiError {
    /// 401 with a message (bad credentials, or not signed in).
    pub fn unauthenticated(message: impl Into<String>) -> Self {
        Self::Unauthenticated(ErrorBody::new(message))
    }

    /// 403 with a Russian message saying why.
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::Forbidden(ErrorBody::new(message))
    }

    /// 404 with a Russian message.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(ErrorBody::new(message))
    }

    /// 413 with a Russian message naming the limit.
    pub fn too_large(message: impl Into<String>) -> Self {
        Self::TooLarge(ErrorBody::new(message))
    }

    /// The shared answer with this status, if it is one of them; otherwise the body back.
    fn with_status(status: StatusCode, body: ErrorBody) -> Result<Self, ErrorBody> {
        let body = Json(body);
        Ok(match status.as_u16() {
            400 => Self::BadRequest(body),
            401 => Self::Unauthenticated(body),
            403 => Self::Forbidden(body),
            404 => Self::NotFound(body),
            413 => Self::TooLarge(body),
            415 => Self::UnsupportedMediaType(body),
            419 => Self::CsrfMismatch(body),
            422 => Self::Invalid(body),
            500 => Self::Internal(body),
            _ => return Err(body.0),
        })
    }

    /// 422 with per-field messages; the general message is the first field's.
    pub fn invalid(errors: BTreeMap<String, Vec<String>>) -> Self {
        let message = errors
            .values()
            .flatten()
            .next()
            .cloned()
            .unwrap_or_else(|| "Некорректные данные".into());
        Self::Invalid(Json(ErrorBody {
            message,
            errors: Some(errors),
            error_id: None,
        }))
    }

    /// 500: logs `cause` under a fresh error id and answers with the id only.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        Self::Internal(Json(internal_body(&cause)))
    }
}

fn internal_body(cause: &dyn std::fmt::Display) -> ErrorBody {
    let error_id = new_error_id();
    // A cause may quote what a client sent: the log quotes and escapes it (`cli::log_format`).
    tracing::error!(%error_id, cause = %cause, "request failed");
    ErrorBody {
        message: "Server Error".into(),
        errors: None,
        error_id: Some(error_id),
    }
}

fn new_error_id() -> String {
    hex::encode(rand::random::<[u8; 6]>())
}

impl From<crate::policy::Denied> for ApiError {
    fn from(denied: crate::policy::Denied) -> Self {
        use crate::policy::Denied;
        match denied {
            Denied::Unauthenticated => Self::Unauthenticated(ErrorBody::new("Unauthenticated.")),
            Denied::Unverified => Self::Unverified(ErrorBody::new("Подтвердите адрес электронной почты")),
            Denied::Forbidden => Self::Forbidden(ErrorBody::new("Отсутствуют требуемые права для доступа к действию")),
        }
    }
}

impl From<crate::auth::Limited> for ApiError {
    fn from(limited: crate::auth::Limited) -> Self {
        let seconds = limited.seconds();
        Self::TooManyRequests(
            ErrorBody::new(format!("Слишком много попыток. Повторите через {seconds} с.")),
            seconds,
        )
    }
}

/// A full disk is 507 and a database being opened again 503, each with its Russian message;
/// anything else the store refuses is a logged 500.
impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::DiskFull => {
                tracing::error!("a write failed: the disk is full");
                ApiError::InsufficientStorage(ErrorBody::new(err.to_string()))
            }
            StoreError::Unavailable => ApiError::Unavailable(ErrorBody::new(err.to_string())),
            other => ApiError::internal(other),
        }
    }
}

/// A use case that did not happen, as the HTTP answer that says why.
impl From<ServiceError> for ApiError {
    fn from(err: ServiceError) -> Self {
        match err {
            ServiceError::Invalid(errors) => ApiError::invalid(errors.into_map()),
            ServiceError::NotFound(message) => ApiError::not_found(message),
            ServiceError::BadCredentials => ApiError::unauthenticated(err.to_string()),
            ServiceError::TooMany(limited) => limited.into(),
            ServiceError::Denied(denied) => denied.into(),
            ServiceError::Forbidden(message) => ApiError::forbidden(message),
            ServiceError::Store(err) => err.into(),
            ServiceError::Spool(err) => ApiError::internal(err),
            ServiceError::Backup(err) => ApiError::internal(err),
        }
    }
}

/// Turns any error that escaped an operation (unknown route, body too large, unreadable body,
/// panic) into the same JSON shape, with a Russian message.
pub fn render(err: poem::Error) -> Response {
    if err.is_from_response() {
        // An operation's own answer (an `ApiError`), already in the right shape.
        return err.into_response();
    }
    let (status, body) = crate::rejection::answer(&err).unwrap_or_else(|| {
        let status = err.status();
        let body = match status {
            StatusCode::PAYLOAD_TOO_LARGE => ErrorBody::new(err.to_string()).0,
            s if s.is_server_error() => internal_body(&err),
            s => ErrorBody::new(client_error_message(s)).0,
        };
        (status, body)
    });
    match ApiError::with_status(status, body) {
        Ok(shared) => shared.into_response(),
        // Statuses no operation documents, because none can answer them (405, 408, 414 …).
        Err(body) => (status, poem::web::Json(body)).into_response(),
    }
}

/// The Russian message of a client error that no operation answered itself. Never the
/// framework's own text: it is English and may quote what the client sent.
fn client_error_message(status: StatusCode) -> String {
    match status.as_u16() {
        400 => "Некорректный запрос".into(),
        401 => "Unauthenticated.".into(),
        403 => "Отсутствуют требуемые права для доступа к действию".into(),
        404 => "Не найдено".into(),
        405 => "Этот метод не поддерживается для данного адреса".into(),
        408 => "Запрос не успел прийти целиком: повторите его".into(),
        411 => "Не указана длина тела запроса (Content-Length)".into(),
        414 => "Слишком длинный адрес".into(),
        415 => "Неподдерживаемый тип содержимого: ожидается application/json".into(),
        419 => crate::auth::csrf::MISMATCH.into(),
        431 => "Слишком большие заголовки запроса".into(),
        code => format!("Запрос не может быть выполнен (код {code})"),
    }
}

/// The error answer of a panic inside a handler: a 500 with an error id, the server goes on.
#[derive(Clone)]
pub struct PanicToServerError;

impl poem::middleware::PanicHandler for PanicToServerError {
    type Response = Response;

    fn get_response(&self, payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
        let cause = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into());
        let body = internal_body(&format!("panic: {cause}"));
        (StatusCode::INTERNAL_SERVER_ERROR, poem::web::Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem::middleware::CatchPanic;
    use poem::test::TestClient;
    use poem::{EndpointExt, handler};

    #[handler]
    fn explode() -> &'static str {
        panic!("boom in a handler")
    }

    #[tokio::test]
    async fn a_panic_becomes_server_error_with_an_id() {
        let client = TestClient::new(explode.with(CatchPanic::new().with_handler(PanicToServerError)));
        let response = client.get("/").send().await;
        response.assert_status(StatusCode::INTERNAL_SERVER_ERROR);
        let body = response.json().await;
        let body = body.value().object();
        body.get("message").assert_string("Server Error");
        assert_eq!(body.get("error_id").string().len(), 12);
    }

    async fn rendered(status: StatusCode) -> (StatusCode, serde_json::Value) {
        let response = render(poem::Error::from_status(status));
        let status = response.status();
        let body = response.into_body().into_json().await.expect("json body");
        (status, body)
    }

    #[tokio::test]
    async fn escaped_errors_keep_their_status_and_speak_russian() {
        let (status, body) = rendered(StatusCode::NOT_FOUND).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (StatusCode::NOT_FOUND, Some("Не найдено"))
        );
        let (status, body) = rendered(StatusCode::BAD_GATEWAY).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (StatusCode::BAD_GATEWAY, Some("Server Error"))
        );
        assert!(body["error_id"].is_string());
    }
}
