//! Security headers on every response, and the strict content policy of the UI's pages.

use poem::http::{HeaderValue, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};

/// The UI's policy: only our own scripts (no inline script), no framing, no plugins.
pub const SPA_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Adds nosniff, a referrer policy and a framing ban to every response.
pub async fn security_headers<E: Endpoint>(next: E, req: Request) -> Result<Response> {
    let mut response = next.call(req).await?.into_response();
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("frame-ancestors 'none'"),
        );
    }
    Ok(response)
}
