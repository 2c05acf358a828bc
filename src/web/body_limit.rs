//! The request body limit: a body over the limit is refused with 413, before a handler reads it
//! when its length is declared, as it arrives when not. File uploads (`POST /api/users/{id}/files`)
//! have their own, usually larger, limit.

use super::counted_body::CountedBody;
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, Error, Request, Response, Result};

/// Room for the multipart framing around an uploaded file (boundaries, part headers).
const MULTIPART_OVERHEAD: usize = 64 * 1024;

/// The limits by kind of request, in bytes.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimits {
    /// Every request but uploads (`server.body_limit_mb`).
    pub general: usize,
    /// The file of an upload (`files.max_upload_mb`).
    pub upload: usize,
}

impl BodyLimits {
    /// From the configured sizes in MiB.
    pub fn from_mib(general: u64, upload: u64) -> Self {
        let bytes = |mib: u64| usize::try_from(mib.saturating_mul(1024 * 1024)).unwrap_or(usize::MAX);
        Self {
            general: bytes(general),
            upload: bytes(upload),
        }
    }

    /// The limit for `req` and the message a refusal carries.
    fn of(&self, req: &Request) -> (usize, String) {
        if is_upload(req) {
            (
                self.upload.saturating_add(MULTIPART_OVERHEAD),
                file_too_large_message(self.upload),
            )
        } else {
            let mib = self.general / (1024 * 1024);
            (self.general, format!("Слишком большой запрос: не более {mib} МиБ"))
        }
    }
}

/// The 413 message for a file over `limit` bytes.
pub fn file_too_large_message(limit: usize) -> String {
    format!("Файл больше {} МиБ", limit / (1024 * 1024))
}

/// `POST /api/users/{id}/files`.
fn is_upload(req: &Request) -> bool {
    let path = req.uri().path();
    req.method() == Method::POST
        && path
            .strip_prefix("/api/users/")
            .and_then(|rest| rest.strip_suffix("/files"))
            .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
}

/// Refuses bodies larger than the limit for the request with 413: by `Content-Length` when it
/// is sent, before the handler runs; otherwise (chunked, or HTTP/2 without a length) by counting
/// the body as the handler reads it, without buffering, and then reading what it left.
pub async fn limit_body<E: Endpoint<Output = Response>>(
    next: E,
    mut req: Request,
    limits: BodyLimits,
) -> Result<Response> {
    let (limit, message) = limits.of(&req);
    let too_large = || Error::from_string(message.clone(), StatusCode::PAYLOAD_TOO_LARGE);
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(length) if length > limit as u64 => Err(too_large()),
        Some(_) => next.call(req).await,
        None => {
            let body = req.take_body();
            if body.is_empty() {
                req.set_body(body);
                return next.call(req).await;
            }
            let (body, count) = CountedBody::wrap(body, limit);
            req.set_body(body);
            let answer = next.call(req).await;
            // Whatever the handler made of a body cut off at the limit (a 400 for unreadable
            // JSON, a 422 for a broken form), or of one it never read, the answer is 413.
            if count.went_over().await {
                return Err(too_large());
            }
            answer
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(method: Method, path: &str) -> Request {
        Request::builder().method(method).uri_str(path).finish()
    }

    #[test]
    fn only_uploads_get_the_upload_limit() {
        let limits = BodyLimits::from_mib(10, 25);
        let upload = limits.of(&request(Method::POST, "/api/users/12/files"));
        assert_eq!(
            upload,
            (25 * 1024 * 1024 + MULTIPART_OVERHEAD, "Файл больше 25 МиБ".into())
        );
        for (method, path) in [
            (Method::POST, "/api/users/12/files/3"),
            (Method::POST, "/api/users/x/files"),
            (Method::PUT, "/api/users/12/files"),
            (Method::POST, "/api/users/import/csv"),
        ] {
            assert_eq!(limits.of(&request(method, path)).0, 10 * 1024 * 1024, "{path}");
        }
    }
}
