//! `server.tls.redirect_from`: a plain-HTTP listener that sends every request to the same
//! address over HTTPS, so a person who types `http://school.local` still reaches the portal.

use poem::http::{StatusCode, header};
use poem::{Endpoint, Request, Response};

/// Answers every request with `308 Permanent Redirect` to the HTTPS portal on `https_port`,
/// keeping the host the browser asked for, the path and the query (308 keeps the method too).
pub fn endpoint(https_port: u16, fallback_host: String) -> impl Endpoint<Output = Response> {
    poem::endpoint::make_sync(move |req: Request| {
        let host = req
            .headers()
            .get(header::HOST)
            .and_then(|value| value.to_str().ok())
            .map(host_without_port)
            .filter(|host| !host.is_empty())
            .unwrap_or(&fallback_host);
        let path = req.uri().path_and_query().map_or("/", |p| p.as_str());
        let location = target(host, https_port, path);
        Response::builder()
            .status(StatusCode::PERMANENT_REDIRECT)
            .header(header::LOCATION, location.clone())
            .content_type("text/plain; charset=utf-8")
            .body(format!("Портал работает по HTTPS: {location}\n"))
    })
}

/// The HTTPS address of `path` on `host`; the port is left out when it is 443.
fn target(host: &str, port: u16, path: &str) -> String {
    if port == 443 {
        format!("https://{host}{path}")
    } else {
        format!("https://{host}:{port}{path}")
    }
}

/// `school.local:80` → `school.local`, `[::1]:80` → `[::1]`, a bare host as it is.
fn host_without_port(host: &str) -> &str {
    let host = host.trim();
    match host.rfind(':') {
        Some(colon) if !host[colon..].contains(']') && (host.starts_with('[') || !host[..colon].contains(':')) => {
            &host[..colon]
        }
        _ => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_keeps_its_name_and_loses_its_port() {
        assert_eq!(host_without_port("school.local:80"), "school.local");
        assert_eq!(host_without_port("192.168.1.5"), "192.168.1.5");
        assert_eq!(host_without_port("[::1]:8080"), "[::1]");
        assert_eq!(host_without_port("[::1]"), "[::1]");
        assert_eq!(
            target("school.local", 443, "/users?page=2"),
            "https://school.local/users?page=2"
        );
        assert_eq!(target("10.0.0.2", 8443, "/"), "https://10.0.0.2:8443/");
    }
}
