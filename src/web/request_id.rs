//! A request id on every request (taken from `X-Request-Id` or made), in the log span and
//! echoed in the response, with one log line per request. The span also names the client's
//! address (see `client_addr`), which is settled here for everything after.

use super::client_addr::{ClientAddr, TrustedProxies};
use poem::http::HeaderValue;
use poem::{Endpoint, IntoResponse, Request, Response, Result};
use std::sync::Arc;
use std::time::Instant;
use tracing::Instrument;

const HEADER: &str = "x-request-id";

/// Wraps a request in a span carrying its id and client address, and logs method, path,
/// status and duration.
pub async fn with_request_id<E: Endpoint>(next: E, mut req: Request, proxies: Arc<TrustedProxies>) -> Result<Response> {
    let id = req
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 64 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(str::to_owned)
        .unwrap_or_else(|| hex::encode(rand::random::<[u8; 8]>()));
    let client = req
        .remote_addr()
        .as_socket_addr()
        .map(|peer| proxies.client_of(peer.ip(), &req));
    if let Some(client) = client {
        req.extensions_mut().insert(ClientAddr(client));
    }
    let client = client.map(|ip| ip.to_string()).unwrap_or_default();
    // The path is the client's text: logged escaped (`?`), so no control character or
    // bidirectional override reaches the log as it was sent.
    let span =
        tracing::info_span!("request", id = %id, client = %client, method = %req.method(), path = ?req.uri().path());
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
