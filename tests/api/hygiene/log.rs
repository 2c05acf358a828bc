//! Nothing a client sends reaches the server's log unescaped.

use super::{RLO, school};
use crate::helpers::TestApp;
use serde_json::json;

thread_local! {
    /// Where the log lines of this thread go, while a test listens.
    static LISTENING: std::cell::RefCell<Option<Vec<u8>>> = const { std::cell::RefCell::new(None) };
}

/// The server's log as it is formatted for the console: each thread's lines go to that
/// thread's buffer while a test listens, and nowhere otherwise.
struct ThreadLog;

impl std::io::Write for ThreadLog {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        LISTENING.with(|log| {
            if let Some(lines) = log.borrow_mut().as_mut() {
                lines.extend_from_slice(buf);
            }
        });
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Starts listening to this thread's log. One global subscriber serves every test: a scoped
/// one can miss events whose interest another test's thread cached at the same moment.
fn listen_to_log() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .with_writer(|| ThreadLog)
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("the only global subscriber");
    });
    tracing::callsite::rebuild_interest_cache();
    LISTENING.with(|log| *log.borrow_mut() = Some(Vec::new()));
}

/// What this thread logged since `listen_to_log`.
fn logged() -> String {
    let lines = LISTENING.with(|log| log.borrow_mut().take()).unwrap_or_default();
    String::from_utf8(lines).expect("utf-8 log")
}

/// Sends `request` as raw bytes (no client escapes anything) and reads the whole answer.
async fn send_raw(app: &TestApp, request: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("read");
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn nothing_a_client_sends_reaches_the_log_unescaped() {
    // This test's runtime has one thread: the server's tasks log on it.
    listen_to_log();
    let (app, boss, student, _) = school().await;
    let xsrf = boss.ensure_csrf().await;
    let session = boss.cookie("klass_session").expect("session");

    let answer = send_raw(
        &app,
        &format!(
            "GET /api/users/{RLO}exe.txt\u{85} HTTP/1.1\r\nHost: school\r\nUser-Agent: evil{RLO}agent\r\n\
             Connection: close\r\n\r\n"
        ),
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 40"), "{answer}");
    let changed = send_raw(
        &app,
        &format!(
            "POST /api/users/{student}/restore/{RLO}x HTTP/1.1\r\nHost: school\r\n\
             Cookie: klass_session={session}; XSRF-TOKEN={xsrf}\r\nX-XSRF-TOKEN: {xsrf}\r\n\
             Content-Length: 0\r\nConnection: close\r\n\r\n"
        ),
    )
    .await;
    assert!(changed.starts_with("HTTP/1.1 40"), "{changed}");
    let refused = boss
        .post(
            "/login",
            json!({"email": format!("ghost{RLO}@school.ru"), "password": "wrong-wrong"}),
        )
        .await;
    assert_eq!(refused.status(), 422);
    let unknown = boss
        .post("/login", json!({"email": "ghost@school.ru", "password": "wrong-wrong"}))
        .await;
    assert_eq!(unknown.status(), 401);

    let text = logged();
    assert!(
        text.contains("\\u{202e}exe.txt\\u{85}"),
        "the path is in the log, escaped:\n{text}"
    );
    assert!(
        text.contains("ghost@school.ru"),
        "the refused sign-in is logged:\n{text}"
    );
    let raw: Vec<char> = text
        .chars()
        .filter(|c| (c.is_control() && *c != '\n') || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect();
    assert!(raw.is_empty(), "unescaped {raw:?} in the log:\n{text}");
}
