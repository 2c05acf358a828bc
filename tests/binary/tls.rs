//! HTTPS by the portal itself: `server.tls.mode = "self-signed"` makes a certificate for the
//! server's names at first start, keeps it, answers over HTTPS and sets `Secure` cookies.

use crate::process::{Server, klass, text};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;

const SELF_SIGNED: [(&str, &str); 1] = [("KLASS_SERVER__TLS__MODE", "self-signed")];

/// GET `path` over HTTPS, trusting only the certificate in `cert_pem`, by the name `localhost`.
fn get(addr: &str, cert_pem: &[u8], path: &str) -> String {
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(cert_pem) {
        roots.add(cert.expect("pem")).expect("root");
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    let name = ServerName::try_from("localhost").expect("name");
    let connection = rustls::ClientConnection::new(Arc::new(config), name).expect("client");
    let mut tls = rustls::StreamOwned::new(connection, TcpStream::connect(addr).expect("connect"));
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    tls.write_all(request.as_bytes())
        .expect("the certificate is valid for localhost");
    let mut answer = Vec::new();
    let _ = tls.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn a_self_signed_certificate_serves_https_with_secure_cookies_and_is_kept() {
    let dir = tempfile::tempdir().expect("dir");
    let server = Server::start_with_env(dir.path(), &[], &SELF_SIGNED);
    assert!(server.base.starts_with("https://"), "{}", server.base);
    let addr = server.base.trim_start_matches("https://").to_owned();
    let cert = std::fs::read(dir.path().join("tls/cert.pem")).expect("the certificate is kept in the data dir");

    let answer = get(&addr, &cert, "/sanctum/csrf-cookie");
    assert!(answer.starts_with("HTTP/1.1 204"), "{answer}");
    let cookie = answer
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie: xsrf-token="))
        .expect("cookie");
    assert!(cookie.contains("; Secure"), "{cookie}");
    assert!(get(&addr, &cert, "/api/health").contains("\"status\":\"ok\""));

    let check = klass()
        .arg("healthcheck")
        .envs(SELF_SIGNED)
        .env("KLASS_SERVER__LISTEN", &addr)
        .output()
        .expect("healthcheck");
    assert!(check.status.success(), "{}", text(&check.stderr));
    drop(server);

    let again = Server::start_with_env(dir.path(), &[], &SELF_SIGNED);
    assert_eq!(
        std::fs::read(dir.path().join("tls/cert.pem")).expect("cert"),
        cert,
        "made once, then kept"
    );
    let addr = again.base.trim_start_matches("https://").to_owned();
    assert!(get(&addr, &cert, "/api/health").contains("\"status\":\"ok\""));
}

#[test]
fn plain_http_on_the_redirect_address_is_sent_to_https_with_its_path() {
    let dir = tempfile::tempdir().expect("dir");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let from = format!("127.0.0.1:{port}");
    let env = [SELF_SIGNED[0], ("KLASS_SERVER__TLS__REDIRECT_FROM", from.as_str())];
    let server = Server::start_with_env(dir.path(), &[], &env);
    let https_port = server.base.rsplit(':').next().expect("port").to_owned();

    let mut plain = TcpStream::connect(&from).expect("the plain-HTTP listener is open");
    let request = "GET /users?page=2 HTTP/1.1\r\nHost: school.local:80\r\nConnection: close\r\n\r\n";
    plain.write_all(request.as_bytes()).expect("send");
    let mut answer = String::new();
    let _ = plain.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 308"), "{answer}");
    let location = format!("location: https://school.local:{https_port}/users?page=2");
    assert!(answer.to_ascii_lowercase().contains(&location), "{answer}");
}

#[test]
fn a_redirect_to_https_needs_https() {
    let dir = tempfile::tempdir().expect("dir");
    let out = klass()
        .args(["serve", "--data-dir"])
        .arg(dir.path())
        .env("KLASS_SERVER__TLS__REDIRECT_FROM", "127.0.0.1:0")
        .output()
        .expect("serve");
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("server.tls.redirect_from"),
        "{}",
        text(&out.stderr)
    );
}
