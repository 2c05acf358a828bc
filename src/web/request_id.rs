//! A request id on every request (taken from `X-Request-Id` or made), on every line logged while
//! the request is served and echoed in the response, with one log line per request. The line
//! also names the client's address (see `client_addr`), which is settled here for everything
//! after.

use super::client_addr::{ClientAddr, TrustedProxies};
use poem::http::HeaderValue;
use poem::{Endpoint, IntoResponse, Request, Response, Result};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

const HEADER: &str = "x-request-id";

tokio::task_local! {
    /// The id of the request this task serves. A task-local rather than a span: the log's
    /// formatter reads it directly, where a span cost each request ~5k instructions to open,
    /// format its fields, enter, leave and close.
    static REQUEST_ID: Box<str>;
}

/// Runs `work` (a request being served) with `id` as its request id.
pub fn serving_request<F: Future>(id: Box<str>, work: F) -> impl Future<Output = F::Output> {
    REQUEST_ID.scope(id, work)
}

/// Runs `write` with the id of the request the current task serves, if it serves one.
pub fn with_current_request_id<R>(write: impl FnOnce(&str) -> R) -> Option<R> {
    REQUEST_ID.try_with(|id| write(id)).ok()
}

/// Serves a request with its id set for every line logged meanwhile, and logs client, method,
/// path, status and duration.
pub async fn with_request_id<E: Endpoint>(next: E, mut req: Request, proxies: Arc<TrustedProxies>) -> Result<Response> {
    let id: Box<str> = req
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 64 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(Box::from)
        .unwrap_or_else(|| hex::encode(rand::random::<[u8; 8]>()).into_boxed_str());
    let echoed = HeaderValue::from_str(&id).ok();
    let client = req
        .remote_addr()
        .as_socket_addr()
        .map(|peer| proxies.client_of(peer.ip(), &req));
    if let Some(client) = client {
        req.extensions_mut().insert(ClientAddr(client));
    }
    let (method, uri) = (req.method().clone(), req.uri().clone());
    let started = Instant::now();
    serving_request(id, async move {
        let mut response = next.call(req).await?.into_response();
        // The path is the client's text: the log's formatter escapes it, so no control
        // character or bidirectional override reaches the log as it was sent.
        tracing::info!(
            client = client.map(ip_text).unwrap_or_default().as_str(),
            method = method.as_str(),
            path = uri.path(),
            status = response.status().as_u16(),
            ms = started.elapsed().as_secs_f64() * 1e3,
            "served"
        );
        if let Some(value) = echoed {
            response.headers_mut().insert(HEADER, value);
        }
        Ok(response)
    })
    .await
}

/// An address as text; an IPv4 one without `fmt`, whose `Display` costs ~7 times as much
/// (~1,300 instructions) on every request.
fn ip_text(ip: IpAddr) -> String {
    let IpAddr::V4(v4) = ip else {
        return ip.to_string();
    };
    let mut text = String::with_capacity(15);
    for (at, octet) in v4.octets().into_iter().enumerate() {
        if at > 0 {
            text.push('.');
        }
        if octet >= 100 {
            text.push(char::from(b'0' + octet / 100));
        }
        if octet >= 10 {
            text.push(char::from(b'0' + octet / 10 % 10));
        }
        text.push(char::from(b'0' + octet % 10));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_as_the_standard_library_writes_them() {
        for text in ["127.0.0.1", "0.0.0.0", "10.20.100.255", "192.168.1.9", "::1", "fe80::1"] {
            let ip: IpAddr = text.parse().expect("address");
            assert_eq!(ip_text(ip), ip.to_string());
        }
    }
}
