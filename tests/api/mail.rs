//! Mail: recorded in the database, sent by the worker through a real SMTP conversation (with
//! retries), written to the outbox, or refused; the history; `klass mail test`.

use crate::smtp_fake::{FakeSmtp, free_port, text_parts};
use klass::config::{Config, MailTransport, SmtpTls};
use klass::domain::{Email, MailId, PageRequest, UserId};
use klass::mail::{self, Backoff, MailContext, MailDraft, MailFilter, MailKind, MailRecord, MailStatus, Mailer};
use klass::store::{self, Store};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

const LINK: &str = "http://192.168.1.10:8080/auth/reset-password?token=T0k3n&email=anna%40school.ru";
const SCHOOL: &str = "Школа «Эрудит»";

struct Outbox {
    dir: tempfile::TempDir,
    store: Store,
    config: Arc<Config>,
    mailer: Mailer,
}

impl Outbox {
    fn new(transport: MailTransport, smtp_port: u16) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config {
            data_dir: dir.path().to_owned(),
            ..Config::default()
        };
        config.school.name = SCHOOL.into();
        config.mail.transport = transport;
        config.mail.from = "Эрудит <noreply@erudit.ru>".into();
        config.mail.smtp.host = "127.0.0.1".into();
        config.mail.smtp.port = smtp_port;
        config.mail.smtp.tls = SmtpTls::None;
        config.mail.smtp.user = "klass".into();
        config.mail.smtp.password = "секрет".into();
        let store = Store::open(dir.path(), 8).expect("store opens");
        Self {
            dir,
            store,
            config: Arc::new(config),
            mailer: Mailer::new(),
        }
    }

    /// Starts a worker; it stops when the returned sender is dropped or fired.
    fn start(&self, base: Duration) -> (oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
        let (stop, stopped) = oneshot::channel::<()>();
        let backoff = Backoff { base, max: base * 2 };
        let worker = mail::spawn_with_backoff(
            self.store.clone(),
            Arc::clone(&self.config),
            self.mailer.clone(),
            stopped,
            backoff,
        );
        (stop, worker)
    }

    fn enqueue(&self, to: &str, user: Option<u64>, kind: MailKind) -> MailId {
        let txn = self.store.write().expect("write");
        let draft = MailDraft {
            to: Email::parse(to).expect("address"),
            to_name: Some("Анна Петрова".into()),
            user_id: user.map(UserId),
            kind,
            link: LINK.into(),
            valid_minutes: Some(60),
            title: None,
            body: None,
        };
        let id = mail::enqueue(&txn, &MailContext::from_config(&self.config), draft).expect("enqueued");
        txn.commit().expect("commit");
        self.mailer.wake();
        id
    }

    /// Waits (up to 10 s) until the mail satisfies `done`.
    async fn wait_for(&self, id: MailId, done: impl Fn(&MailRecord) -> bool) -> MailRecord {
        let mut last = None;
        for _ in 0..500 {
            let store = self.store.clone();
            let mail = tokio::task::spawn_blocking(move || store::record::get(&store.read()?, id))
                .await
                .expect("join");
            let mail = mail.expect("readable").expect("stored");
            if done(&mail) {
                return mail;
            }
            last = Some(mail);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("mail {id} never reached the expected state: {last:#?}");
    }
}

fn sent(mail: &MailRecord) -> bool {
    mail.status == MailStatus::Sent
}

#[tokio::test]
async fn a_reset_mail_goes_out_through_a_real_smtp_conversation() {
    let mut server = FakeSmtp::start().await;
    let outbox = Outbox::new(MailTransport::Smtp, server.addr.port());
    let (_stop, _worker) = outbox.start(Duration::from_secs(30));
    let id = outbox.enqueue("Anna@School.ru", Some(7), MailKind::PasswordReset);

    let message = server.next_message().await;
    assert_eq!(
        (message.from.as_str(), message.to.as_slice()),
        ("noreply@erudit.ru", &["anna@school.ru".to_owned()][..])
    );
    assert_eq!(message.user.as_deref(), Some("klass"), "credentials are used");
    assert!(message.data.contains("multipart/alternative"), "{}", message.data);
    let parts = text_parts(&message.data);
    let text = parts
        .iter()
        .find(|(kind, _)| kind.starts_with("text/plain"))
        .expect("text part");
    let html = parts
        .iter()
        .find(|(kind, _)| kind.starts_with("text/html"))
        .expect("html part");
    assert!(text.1.contains(LINK) && text.1.contains(SCHOOL), "{}", text.1);
    assert!(
        text.1.contains("Здравствуйте, Анна Петрова!") && text.1.contains("1 час"),
        "{}",
        text.1
    );
    assert!(html.1.contains(&LINK.replace('&', "&amp;")), "{}", html.1);
    assert!(html.1.contains(SCHOOL), "{}", html.1);

    let mail = outbox.wait_for(id, sent).await;
    assert_eq!((mail.attempts, mail.last_error.as_deref()), (1, None));
    assert!(mail.sent_at.is_some() && mail.next_attempt_at.is_none());
    assert_eq!(mail.subject, format!("Сброс пароля — {SCHOOL}"));
}

#[tokio::test]
async fn a_refused_mail_stays_queued_and_goes_out_on_the_next_attempt() {
    let mut server = FakeSmtp::start().await;
    server.refuse_data(1);
    let outbox = Outbox::new(MailTransport::Smtp, server.addr.port());
    let (_stop, _worker) = outbox.start(Duration::from_millis(400));
    let id = outbox.enqueue("anna@school.ru", None, MailKind::VerifyEmail);

    let waiting = outbox.wait_for(id, |m| m.attempts == 1 && m.last_error.is_some()).await;
    assert_eq!(waiting.status, MailStatus::Queued);
    let error = waiting.last_error.expect("the refusal is recorded");
    assert!(error.contains("451") && error.contains("127.0.0.1"), "{error}");
    assert!(!error.contains("секрет"), "no secrets in the history");

    let message = server.next_message().await;
    assert!(text_parts(&message.data).iter().any(|(_, text)| text.contains(LINK)));
    let mail = outbox.wait_for(id, sent).await;
    assert_eq!(mail.attempts, 2);
}

#[tokio::test]
async fn a_mail_server_that_is_down_delays_mail_and_loses_none() {
    let port = free_port();
    let outbox = Outbox::new(MailTransport::Smtp, port);
    let (stop, worker) = outbox.start(Duration::from_millis(50));
    let id = outbox.enqueue("anna@school.ru", Some(3), MailKind::PasswordReset);
    let waiting = outbox.wait_for(id, |m| m.attempts >= 2).await;
    assert_eq!(waiting.status, MailStatus::Queued);
    assert!(waiting.last_error.is_some());

    // The server restarts (the worker stops) while the mail server is still down …
    stop.send(()).expect("worker running");
    tokio::time::timeout(Duration::from_secs(5), worker)
        .await
        .expect("worker stops")
        .expect("no panic");
    // … then the mail server comes up and a new worker finds the mail in the database.
    let mut server = FakeSmtp::start_at(port).await;
    let (_stop, _worker) = outbox.start(Duration::from_millis(50));
    let message = server.next_message().await;
    assert_eq!(message.to, ["anna@school.ru"]);
    let mail = outbox.wait_for(id, sent).await;
    assert!(mail.attempts >= 3, "{mail:?}");
}

#[tokio::test]
async fn a_mail_that_never_goes_out_is_marked_failed_after_max_attempts() {
    let mut outbox = Outbox::new(MailTransport::Smtp, free_port());
    Arc::make_mut(&mut outbox.config).mail.max_attempts = 2;
    let (_stop, _worker) = outbox.start(Duration::from_millis(10));
    let id = outbox.enqueue("anna@school.ru", None, MailKind::Test);
    let mail = outbox.wait_for(id, |m| m.status == MailStatus::Failed).await;
    assert_eq!(mail.attempts, 2);
    assert!(mail.next_attempt_at.is_none() && mail.last_error.is_some());
}

#[tokio::test]
async fn the_file_transport_writes_a_readable_eml_into_the_outbox() {
    let outbox = Outbox::new(MailTransport::File, 0);
    let (_stop, _worker) = outbox.start(Duration::from_secs(30));
    let id = outbox.enqueue("anna@school.ru", Some(1), MailKind::SetPassword);
    let mail = outbox.wait_for(id, sent).await;
    assert_eq!(mail.attempts, 1);

    let path = outbox.dir.path().join("outbox").join(format!("{id}-set_password.eml"));
    let raw = std::fs::read_to_string(&path).expect("the .eml is written");
    assert!(
        raw.contains("To: =?utf-8?") || raw.contains("To: \"Анна Петрова\""),
        "{raw}"
    );
    assert!(raw.contains("<anna@school.ru>") && raw.contains("Subject: "), "{raw}");
    let parts = text_parts(&raw);
    assert_eq!(parts.len(), 2, "text and HTML");
    assert!(parts.iter().all(|(_, text)| text.contains(SCHOOL)));
    assert!(parts[0].1.contains(LINK), "{}", parts[0].1);
}

#[tokio::test]
async fn with_transport_none_the_history_shows_the_mail_was_not_sent() {
    let outbox = Outbox::new(MailTransport::None, 0);
    let (_stop, _worker) = outbox.start(Duration::from_millis(10));
    let id = outbox.enqueue("anna@school.ru", None, MailKind::PasswordReset);
    let mail = outbox.wait_for(id, |m| m.status == MailStatus::Failed).await;
    assert_eq!(mail.attempts, 1);
    assert_eq!(
        mail.last_error.as_deref(),
        Some("Отправка почты отключена (mail.transport = none)")
    );
    assert!(!outbox.dir.path().join("outbox").exists());
}

#[tokio::test]
async fn the_history_filters_and_pages_newest_first() {
    let outbox = Outbox::new(MailTransport::File, 0);
    let first = outbox.enqueue("anna@school.ru", Some(1), MailKind::PasswordReset);
    let second = outbox.enqueue("boris@school.ru", Some(2), MailKind::VerifyEmail);
    let third = outbox.enqueue("anna@school.ru", Some(1), MailKind::VerifyEmail);
    let fourth = outbox.enqueue("vera@school.ru", None, MailKind::Test);
    let txn = outbox.store.write().expect("write");
    let mut done = store::record::get::<MailRecord>(&txn, second)
        .expect("read")
        .expect("stored");
    (done.status, done.next_attempt_at) = (MailStatus::Sent, None);
    store::mail::update(&txn, &done).expect("update");
    txn.commit().expect("commit");

    let ids = |filter: MailFilter, page: PageRequest| {
        let page = klass::service::mail_history::page(&outbox.store, &filter, page).expect("history");
        (page.items.iter().map(|m| m.id).collect::<Vec<_>>(), page.total)
    };
    let all = PageRequest::default();
    assert_eq!(ids(MailFilter::default(), all), (vec![fourth, third, second, first], 4));
    assert_eq!(
        ids(MailFilter::default(), PageRequest::new(Some(2), Some(3))),
        (vec![first], 4)
    );
    let by_user = MailFilter {
        user_id: Some(UserId(1)),
        ..MailFilter::default()
    };
    assert_eq!(ids(by_user.clone(), all), (vec![third, first], 2));
    let verify = MailFilter {
        kind: Some(MailKind::VerifyEmail),
        ..by_user
    };
    assert_eq!(ids(verify, all), (vec![third], 1));
    let queued = MailFilter {
        status: Some(MailStatus::Queued),
        ..MailFilter::default()
    };
    assert_eq!(
        ids(queued, PageRequest::new(Some(1), Some(2))),
        (vec![fourth, third], 3)
    );
    let search = |text: &str| MailFilter {
        search: Some(text.into()),
        ..MailFilter::default()
    };
    assert_eq!(ids(search(" ANNA@ "), all), (vec![third, first], 2));
    assert_eq!(ids(search("проверка"), all), (vec![fourth], 1), "subjects are searched");
    assert_eq!(ids(search("петрова"), all).1, 4, "names are searched");
    assert_eq!(ids(search("nobody"), all), (vec![], 0));
}

#[test]
fn klass_mail_test_writes_an_eml_or_says_why_not() {
    let dir = tempfile::tempdir().expect("dir");
    let klass = |to: &str, transport: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_klass"))
            .args(["--data-dir".as_ref(), dir.path().as_os_str()])
            .args(["mail", "test", "--to", to])
            .env_remove("KLASS_CONFIG")
            .env("KLASS_MAIL__TRANSPORT", transport)
            .output()
            .expect("klass runs")
    };
    let out = klass("director@school.ru", "file");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let path = stdout
        .trim()
        .strip_prefix("Письмо записано в файл ")
        .expect("the path is printed");
    let raw = std::fs::read_to_string(path).expect("the .eml exists");
    assert!(raw.contains("director@school.ru"), "{raw}");
    assert!(
        text_parts(&raw)
            .iter()
            .all(|(_, text)| text.contains("Моя школа") && text.contains("проверочное"))
    );

    let off = klass("director@school.ru", "none");
    assert_eq!(off.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&off.stderr).contains("Отправка почты отключена"));
    let bad = klass("not an address", "file");
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("Некорректный адрес"));
}
