//! A server told to stop while a mail is being sent waits for the mail server's answer and
//! records the mail as sent, however slowly that answer comes (up to the SMTP timeout).

use crate::http::{csrf_token, request};
use crate::process::{Server, demo_school};
use klass::domain::mail::{MailKind, MailRecord, MailStatus};
use klass::store::{Store, record};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::mpsc;
use std::time::Duration;

/// How long the mail server takes to accept a mail's text: longer than a server used to wait
/// for its mail worker at a stop (5 s).
const SLOW_ANSWER: Duration = Duration::from_secs(7);

/// A mail server on a free port that answers every command at once but takes `SLOW_ANSWER`
/// to accept a mail's text; sends on the channel when the text has arrived.
fn slow_mail_server() -> (u16, mpsc::Receiver<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let (arrived, told) = mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut lines = BufReader::new(stream.try_clone().expect("clone"));
            let _ = stream.write_all(b"220 fake ESMTP\r\n");
            let mut line = String::new();
            while lines.read_line(&mut line).is_ok_and(|n| n > 0) {
                let command = line.trim_end().to_ascii_uppercase();
                let answer: &[u8] = if command.starts_with("EHLO") {
                    b"250 fake\r\n"
                } else if command == "DATA" {
                    let _ = stream.write_all(b"354 go on\r\n");
                    let mut text = String::new();
                    while lines.read_line(&mut text).is_ok_and(|n| n > 0) && text != ".\r\n" {
                        text.clear();
                    }
                    let _ = arrived.send(());
                    std::thread::sleep(SLOW_ANSWER);
                    b"250 queued\r\n"
                } else if command == "QUIT" {
                    let _ = stream.write_all(b"221 bye\r\n");
                    break;
                } else {
                    b"250 OK\r\n"
                };
                let _ = stream.write_all(answer);
                line.clear();
            }
        }
    });
    (port, told)
}

#[test]
fn a_stop_during_a_slow_send_waits_for_the_answer_and_records_the_mail_as_sent() {
    let dir = tempfile::tempdir().expect("dir");
    demo_school(dir.path());
    let (port, arrived) = slow_mail_server();
    let port = port.to_string();
    let env = [
        ("KLASS_MAIL__TRANSPORT", "smtp"),
        ("KLASS_MAIL__SMTP__HOST", "127.0.0.1"),
        ("KLASS_MAIL__SMTP__PORT", port.as_str()),
        ("KLASS_MAIL__SMTP__TLS", "none"),
    ];
    let mut server = Server::start_with_env(dir.path(), &[], &env);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let token = csrf_token(&addr);
    let cookie = format!("XSRF-TOKEN={token}");
    let headers = [
        ("Content-Type", "application/json"),
        ("Cookie", cookie.as_str()),
        ("X-XSRF-TOKEN", token.as_str()),
    ];
    let asked = request(
        &addr,
        "POST",
        "/forgot-password",
        &headers,
        r#"{"email":"director@demo.klass"}"#,
    )
    .expect("forgot password");
    assert_eq!(asked.status, 200, "{}", asked.body);
    arrived
        .recv_timeout(Duration::from_secs(30))
        .expect("the mail reaches the mail server");

    server.signal("TERM");
    assert!(server.wait(), "the server stops cleanly");
    let store = Store::open(dir.path(), 8).expect("open");
    let txn = store.read().expect("read");
    let mails: Vec<MailRecord> = record::all(&txn).expect("mails");
    let reset = mails
        .iter()
        .find(|mail| mail.kind == MailKind::PasswordReset)
        .expect("the reset mail");
    assert_eq!(
        (reset.status, reset.attempts),
        (MailStatus::Sent, 1),
        "{:?}",
        reset.last_error
    );
}
