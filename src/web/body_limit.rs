//! The request body limit: a body over the limit is refused with 413 before a handler reads it.

use poem::http::{StatusCode, header};
use poem::{Body, Endpoint, Error, Request, Response, Result};

/// Refuses bodies larger than `limit` bytes: by `Content-Length` when it is sent, otherwise
/// (chunked bodies) by reading at most `limit` bytes before the handler runs.
pub async fn limit_body<E: Endpoint<Output = Response>>(next: E, mut req: Request, limit: usize) -> Result<Response> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(length) if length > limit as u64 => return Err(too_large(limit)),
        Some(_) => {}
        None if req.headers().contains_key(header::TRANSFER_ENCODING) => {
            let bytes = req
                .take_body()
                .into_bytes_limit(limit)
                .await
                .map_err(|_| too_large(limit))?;
            req.set_body(Body::from_bytes(bytes));
        }
        None => {}
    }
    next.call(req).await
}

fn too_large(limit: usize) -> Error {
    let mib = limit / (1024 * 1024);
    Error::from_string(
        format!("Слишком большой запрос: не более {mib} МиБ"),
        StatusCode::PAYLOAD_TOO_LARGE,
    )
}
