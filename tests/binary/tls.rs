//! HTTPS by the portal itself: `server.tls.mode = "self-signed"` makes a certificate for the
//! server's names at first start, keeps it, answers over HTTPS and sets `Secure` cookies;
//! `mode = "files"` serves the certificate and key it is given, and refuses to start without them.

use crate::process::{Server, klass, text};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
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

/// A certificate for `localhost` and its key, written as PEM files in `dir`, as a school's CA
/// would hand them over.
fn certificate_files(dir: &Path, stem: &str) -> (PathBuf, PathBuf) {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).expect("certificate");
    let (cert, key) = (dir.join(format!("{stem}.crt")), dir.join(format!("{stem}.key")));
    std::fs::write(&cert, made.cert.pem()).expect("write cert");
    std::fs::write(&key, made.signing_key.serialize_pem()).expect("write key");
    (cert, key)
}

/// The environment of `mode = "files"` with `cert` and `key`.
fn files_env<'a>(cert: &'a Path, key: &'a Path) -> [(&'static str, &'a str); 3] {
    [
        ("KLASS_SERVER__TLS__MODE", "files"),
        ("KLASS_SERVER__TLS__CERT", cert.to_str().expect("utf-8 path")),
        ("KLASS_SERVER__TLS__KEY", key.to_str().expect("utf-8 path")),
    ]
}

/// `klass serve` with `env`, expected to stop at once: its error output.
fn refused(data_dir: &Path, env: &[(&str, &str)]) -> String {
    let out = klass()
        .arg("--data-dir")
        .arg(data_dir)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .envs(env.iter().copied())
        .output()
        .expect("serve");
    assert!(!out.status.success(), "it must not start: {}", text(&out.stdout));
    text(&out.stderr)
}

#[test]
fn a_certificate_from_files_serves_https_with_it() {
    let (data, certs) = (tempfile::tempdir().expect("dir"), tempfile::tempdir().expect("dir"));
    let (cert, key) = certificate_files(certs.path(), "school");
    let env = files_env(&cert, &key);
    let server = Server::start_with_env(data.path(), &[], &env);
    assert!(server.base.starts_with("https://"), "{}", server.base);
    let addr = server.base.trim_start_matches("https://").to_owned();

    // The client trusts that certificate alone: an answer proves the server presented it.
    let pem = std::fs::read(&cert).expect("cert");
    let health = get(&addr, &pem, "/api/health");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(health.contains("\"status\":\"ok\""), "{health}");
    let answer = get(&addr, &pem, "/sanctum/csrf-cookie");
    let cookie = answer
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie: xsrf-token="))
        .expect("cookie");
    assert!(cookie.contains("; Secure"), "{cookie}");
    assert!(
        !data.path().join("tls").exists(),
        "no certificate of its own is made when one is given"
    );

    let check = klass()
        .arg("healthcheck")
        .envs(env)
        .env("KLASS_SERVER__LISTEN", &addr)
        .output()
        .expect("healthcheck");
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(
        text(&check.stdout).starts_with("ok: https://"),
        "{}",
        text(&check.stdout)
    );
}

#[test]
fn files_mode_without_its_certificate_or_key_refuses_to_start_and_says_which() {
    let (data, certs) = (tempfile::tempdir().expect("dir"), tempfile::tempdir().expect("dir"));

    let unset = refused(data.path(), &[("KLASS_SERVER__TLS__MODE", "files")]);
    assert!(unset.contains("server.tls.cert"), "{unset}");
    assert!(unset.contains("укажите файлы cert и key"), "{unset}");

    let (cert, key) = certificate_files(certs.path(), "school");
    let nowhere = certs.path().join("missing.pem");
    let no_cert = refused(data.path(), &files_env(&nowhere, &key));
    let expected = format!("не удалось прочитать сертификат {}", nowhere.display());
    assert!(no_cert.contains(&expected), "{no_cert}");
    let no_key = refused(data.path(), &files_env(&cert, &nowhere));
    let expected = format!("не удалось прочитать ключ {}", nowhere.display());
    assert!(no_key.contains(&expected), "{no_key}");

    let (_, other_key) = certificate_files(certs.path(), "other");
    let mismatched = refused(data.path(), &files_env(&cert, &other_key));
    assert!(
        mismatched.contains("сертификат и ключ не подходят друг к другу"),
        "{mismatched}"
    );
}
