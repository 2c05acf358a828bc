//! Downloads from a file cabinet are sandboxed, and types a browser would run come as bytes.

use super::{school, upload};
use crate::helpers::json;

#[tokio::test]
async fn downloads_are_sandboxed_and_types_a_browser_would_run_come_as_bytes() {
    let (_app, boss, student, _) = school().await;
    let html = b"<html><script>alert(document.cookie)</script></html>".as_slice();
    let cases: [(&str, &str, &[u8], &str); 7] = [
        ("страница.html", "text/html", html, "application/octet-stream"),
        (
            "картинка.svg",
            "image/svg+xml",
            b"<svg onload='alert(1)'/>",
            "application/octet-stream",
        ),
        ("данные.xml", "application/xml", b"<a/>", "application/octet-stream"),
        (
            "страница.xhtml",
            "application/xhtml+xml",
            html,
            "application/octet-stream",
        ),
        ("код.js", "text/javascript", b"alert(1)", "application/octet-stream"),
        (
            "без типа.htm",
            "application/octet-stream",
            html,
            "application/octet-stream",
        ),
        ("Договор.pdf", "application/pdf", b"%PDF-1.4", "application/pdf"),
    ];
    for (name, sent, bytes, served) in cases {
        let uploaded = upload(&boss, student, name, sent, bytes).await;
        assert_eq!(uploaded.status(), 201, "{name}");
        let id = json(uploaded).await["data"]["id"].as_u64().expect("id");
        let download = boss.get(&format!("/api/users/{student}/files/{id}")).await;
        assert_eq!(download.status(), 200);
        let header = |h: &str| {
            download
                .headers()
                .get(h)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let policy = header("content-security-policy");
        assert!(policy.split(';').any(|d| d.trim() == "sandbox"), "{name}: {policy}");
        assert_eq!(header("content-type"), served, "{name}");
        assert!(header("content-disposition").starts_with("attachment;"), "{name}");
        assert_eq!(download.bytes().await.expect("bytes").as_ref(), bytes, "{name}");
    }
}
