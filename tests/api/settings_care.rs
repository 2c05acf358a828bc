//! Settings, backups and the mail history as a manager uses them: bad input, every role, and nothing stored lost.

use crate::helpers::{Browser, json, spawn_app, spawn_app_with};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};

/// The status and body of `browser`'s `method` on `path` with `body`.
async fn sent(browser: &Browser, method: Method, path: &str, body: Value) -> (u16, Value) {
    let response = browser.send(method, path, body).await;
    (response.status().as_u16(), json(response).await)
}

/// The kinds the settings page shows as coming by mail, and as switched off.
fn chosen(settings: &Value) -> (Vec<String>, Vec<String>) {
    let kinds = |flag: &str| {
        settings["data"]
            .as_array()
            .expect("kinds")
            .iter()
            .filter(|kind| kind[flag] == true)
            .map(|kind| kind["kind"].as_str().expect("kind").to_owned())
            .collect()
    };
    (kinds("mail"), kinds("off"))
}

#[tokio::test]
async fn nobody_chooses_notifications_their_roles_never_get() {
    let app = spawn_app().await;
    let student = app.browser_as(app.quick_user("s@school.ru", "Петров", "Пётр", &[Role::Student]), None);
    let path = "/api/user/notification-settings";
    let before = chosen(&json(student.get(path).await).await);

    let managers_own = sent(&student, Method::PUT, path, json!({"mail": ["server_problem"]})).await;
    assert_eq!(managers_own.0, 422, "{}", managers_own.1);
    assert_eq!(
        managers_own.1["errors"]["mail"],
        json!(["Уведомления «Неполадка на сервере» Вам не приходят"])
    );
    let parents_own = sent(&student, Method::PUT, path, json!({"mail": [], "off": ["low_mark"]})).await;
    assert_eq!(parents_own.0, 422, "{}", parents_own.1);
    assert_eq!(
        parents_own.1["errors"]["off"],
        json!(["Уведомления «Низкая оценка» Вам не приходят"])
    );
    assert_eq!(
        chosen(&json(student.get(path).await).await),
        before,
        "nothing was stored"
    );

    let own = sent(&student, Method::PUT, path, json!({"mail": ["file_added"]})).await;
    assert_eq!(own.0, 200, "{}", own.1);
    assert_eq!(chosen(&own.1), (vec!["file_added".to_owned()], vec![]));
}

#[tokio::test]
async fn the_mail_history_shows_its_times_on_the_school_s_clock() {
    let app = spawn_app_with(|config| config.school.timezone = "Asia/Yekaterinburg".into()).await;
    let manager = app.browser_as(
        app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]),
        None,
    );
    let student = app.quick_user("s@school.ru", "Петров", "Пётр", &[Role::Student]);
    let queued = manager
        .post(&format!("/api/users/{student}/resend-password"), json!({}))
        .await;
    assert_eq!(queued.status(), 202);
    let mut page = json!(null);
    for _ in 0..100 {
        page = json(manager.get("/api/history/mail").await).await;
        if page["data"][0]["sent_at"].is_string() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mail = &page["data"][0];
    for field in ["created_at", "sent_at"] {
        let at = mail[field].as_str().unwrap_or_default();
        assert!(at.ends_with("+05:00"), "{field}: {page}");
    }
    let persons = json(manager.get(&format!("/api/users/{student}/mail")).await).await;
    assert_eq!(persons["data"][0]["created_at"], mail["created_at"], "{persons}");
}

#[tokio::test]
async fn a_backup_directory_that_cannot_be_read_is_named_as_a_directory() {
    let blocker = tempfile::NamedTempFile::new().expect("file");
    let not_a_dir = blocker.path().join("backups");
    let app = spawn_app_with(|config| config.backup.dir = not_a_dir.clone()).await;
    let manager = app.browser_as(
        app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]),
        None,
    );
    let answer = manager.get("/api/backups").await;
    assert_eq!(answer.status(), 200);
    let view = json(answer).await;
    assert_eq!(view["data"], json!([]));
    let message = view["last_failure"]["message"].as_str().expect("the failure");
    let expected = format!("Не удалось прочитать каталог копий {}: ", not_a_dir.display());
    assert!(message.starts_with(&expected), "{message}");
}

#[tokio::test]
async fn a_copy_asked_for_in_the_second_of_the_last_one_waits_for_its_own_name() {
    let app = spawn_app().await;
    let manager = app.browser_as(
        app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]),
        None,
    );
    let dir = app.data_dir.path().join("backups");
    std::fs::create_dir_all(&dir).expect("dir");
    let now = jiff::Timestamp::now().to_zoned(klass::config::Config::default().time_zone());
    let taken = klass::backup::file_name(&now);
    std::fs::write(dir.join(&taken), b"the copy made a moment ago").expect("taken");

    assert_eq!(manager.post("/api/backups", json!({})).await.status(), 202);
    let mut view = json!(null);
    for _ in 0..600 {
        view = json(manager.get("/api/backups").await).await;
        if view["running"].is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(view["last_failure"], json!(null), "{view}");
    let made: Vec<&Value> = view["data"]
        .as_array()
        .expect("copies")
        .iter()
        .filter(|copy| copy["name"] != taken.as_str())
        .collect();
    assert_eq!(made.len(), 1, "{view}");
    assert_eq!(made[0]["status"], "unchecked");
}

#[tokio::test]
async fn settings_sent_without_their_required_list_are_refused_on_it() {
    let app = spawn_app().await;
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let (status, body) = sent(
        &app.browser_as(student, None),
        Method::PUT,
        "/api/user/notification-settings",
        json!({}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["errors"],
        json!({"mail": ["Не хватает обязательного значения: ожидается список"]}),
        "the required one of its two lists: {body}"
    );
}

#[tokio::test]
async fn a_copy_that_is_not_made_is_said_so_once_in_the_managers_notice() {
    let blocker = tempfile::NamedTempFile::new().expect("file");
    let not_a_dir = blocker.path().join("backups");
    let app = spawn_app_with(|config| config.backup.dir = not_a_dir.clone()).await;
    let id = app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]);
    let manager = app.browser_as(id, None);
    assert_eq!(manager.post("/api/backups", json!({})).await.status(), 202);
    let mut told = json!(null);
    for _ in 0..600 {
        told = json(manager.get(&format!("/api/users/{id}/notifications")).await).await;
        if told["data"][0].is_object() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let notice = told["data"][0]["body"].as_str().expect("the notice");
    assert!(notice.starts_with("Резервная копия не сделана: "), "{notice}");
    assert_eq!(notice.matches("не сделана").count(), 1, "{notice}");
    let failure = json(manager.get("/api/backups").await).await;
    let shown = failure["last_failure"]["message"].as_str().expect("the failure");
    assert!(shown.starts_with("Копия не сделана: "), "{shown}");
    assert_eq!(shown.matches("не сделана").count(), 1, "{shown}");
}

/// Polls the mail history of `browser` until its newest mail is no longer queued.
async fn settled_mail(browser: &Browser) -> Value {
    for _ in 0..200 {
        let page = json(browser.get("/api/history/mail").await).await;
        if page["data"][0]["status"] != "queued" {
            return page;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the newest mail stayed queued");
}

/// An app whose mail goes to an SMTP server on `port` (none listens until a test starts one),
/// tried once.
async fn app_mailing_to(port: u16) -> crate::helpers::TestApp {
    use klass::config::{MailTransport, SmtpTls};
    spawn_app_with(|config| {
        config.mail.transport = MailTransport::Smtp;
        config.mail.smtp.host = "127.0.0.1".into();
        config.mail.smtp.port = port;
        config.mail.smtp.tls = SmtpTls::None;
        config.mail.max_attempts = 1;
    })
    .await
}

#[tokio::test]
async fn a_manager_sends_a_failed_mail_again_and_it_arrives() {
    use crate::smtp_fake::{FakeSmtp, free_port};
    let port = free_port();
    let app = app_mailing_to(port).await;
    let manager = app.browser_as(
        app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]),
        None,
    );
    let worker = app.browser_as(
        app.quick_user("w@school.ru", "Учителева", "Ольга", &[Role::Worker]),
        None,
    );
    let student = app.quick_user("s@school.ru", "Петров", "Пётр", &[Role::Student]);
    // «Пароль изменён» is mailed by default: a notification, with no link that expires.
    let password = json!({"password": "новый-пароль-1", "password_confirmation": "новый-пароль-1"});
    let changed = manager
        .post(&format!("/api/users/{student}/change-password"), password)
        .await;
    assert_eq!(changed.status(), 200);
    let failed = settled_mail(&manager).await["data"][0].clone();
    assert_eq!(failed["status"], "failed", "no mail server listens yet: {failed}");
    assert_eq!(failed["kind"], "notification", "{failed}");
    assert_eq!(failed["resend_refusal"], Value::Null, "it may be sent again: {failed}");
    let resend = format!("/api/history/mail/{}/resend", failed["id"]);

    assert_eq!(sent(&worker, Method::POST, &resend, json!({})).await.0, 403);
    let unknown = sent(&manager, Method::POST, "/api/history/mail/999999/resend", json!({})).await;
    assert_eq!(unknown.0, 404, "{}", unknown.1);

    let mut smtp = FakeSmtp::start_at(port).await;
    let (status, body) = sent(&manager, Method::POST, &resend, json!({})).await;
    assert_eq!(status, 202, "{body}");
    assert_eq!(body["message"], "Письмо снова в очереди на отправку");
    let arrived = smtp.next_message().await;
    assert_eq!(arrived.to, ["s@school.ru".to_owned()]);

    let page = settled_mail(&manager).await;
    let rows = page["data"].as_array().expect("rows");
    assert_eq!(rows.len(), 2, "the failed mail is kept beside its copy: {page}");
    assert_eq!(
        (&rows[0]["status"], &rows[0]["subject"]),
        (&json!("sent"), &failed["subject"])
    );
    let once = "Это письмо уже отправлено ещё раз";
    let mut kept = failed.clone();
    kept["resend_refusal"] = json!(once);
    assert_eq!(rows[1], kept, "the failed mail is as it was, known as sent again");
    let (status, body) = sent(&manager, Method::POST, &resend, json!({})).await;
    assert_eq!(status, 422, "the failed mail is not queued twice: {body}");
    assert_eq!(body["errors"]["id"], json!([once]), "{body}");
    let page = json(manager.get("/api/history/mail").await).await;
    assert_eq!(page["meta"]["total"], 2, "no second copy: {page}");
    let again = format!("/api/history/mail/{}/resend", rows[0]["id"]);
    let (status, body) = sent(&manager, Method::POST, &again, json!({})).await;
    assert_eq!(status, 422, "a sent mail is not sent twice: {body}");
    let log = json(manager.get("/api/history?action=mail.resent").await).await;
    assert!(log.to_string().contains("Повторная отправка письма"), "{log}");
}

#[tokio::test]
async fn a_failed_mail_with_a_link_is_not_sent_again_but_a_new_link_is_asked_for() {
    let app = app_mailing_to(crate::smtp_fake::free_port()).await;
    let manager = app.browser_as(
        app.quick_user("m@school.ru", "Орлова", "Наталья", &[Role::Manager]),
        None,
    );
    let student = app.quick_user("s@school.ru", "Петров", "Пётр", &[Role::Student]);
    let queued = manager
        .post(&format!("/api/users/{student}/resend-password"), json!({}))
        .await;
    assert_eq!(queued.status(), 202);
    let failed = settled_mail(&manager).await["data"][0].clone();
    assert_eq!(failed["status"], "failed", "no mail server listens: {failed}");
    let expired =
        "Ссылка в этом письме могла устареть: отправьте новую со страницы человека («Пароль» → «Отправить ссылку»)";
    assert_eq!(
        failed["resend_refusal"], expired,
        "the row tells before the button: {failed}"
    );

    let resend = format!("/api/history/mail/{}/resend", failed["id"]);
    let (status, body) = sent(&manager, Method::POST, &resend, json!({})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["id"], json!([expired]), "{body}");
    let page = json(manager.get("/api/history/mail").await).await;
    assert_eq!(page["meta"]["total"], 1, "no copy with the old link: {page}");
}
