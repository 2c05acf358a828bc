//! A request id on every request (taken from `X-Request-Id` or made), in the log span and
//! echoed in the response, with one log line per request.

use poem::http::HeaderValue;
use poem::{Endpoint, IntoResponse, Request, Response, Result};
use std::time::Instant;
use tracing::Instrument;

const HEADER: &str = "x-request-id";

/// Wraps a request in a span carrying its id, and logs method, path, status and duration.
pub async fn with_request_id<E: Endpoint>(next: E, req: Request) -> Result<Response> {
    let id = req
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 64 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(str::to_owned)
        .unwrap_or_else(|| hex::encode(rand::random::<[u8; 8]>()));
    // The path is the client's text: logged escaped (`?`), so no control character or
    // bidirectional override reaches the log as it was sent.
    let span = tracing::info_span!("request", id = %id, method = %req.method(), path = ?req.uri().path());
    let started = Instant::now();
    async move {
        let mut response = next.call(req).await?.into_response();
        tracing::info!(
            status = response.status().as_u16(),
            ms = started.elapsed().as_secs_f64() * 1e3,
            "served"
        );
        if let Ok(value) = HeaderValue::from_str(&id) {
            response.headers_mut().insert(HEADER, value);
        }
        Ok(response)
    }
    .instrument(span)
    .await
}
