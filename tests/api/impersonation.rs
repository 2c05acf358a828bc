//! "Login as": it lives only as long as the manager's own access, keeps his session's
//! absolute end, is never as another manager, and cannot hide its trace. And what limits a
//! remembered session has.

use crate::helpers::{Browser, TestApp, json, spawn_app};
use jiff::{SignedDuration, Timestamp};
use klass::auth::Session;
use klass::auth::token::digest;
use klass::domain::Role;
use klass::store::sessions;
use reqwest::Method;
use serde_json::{Value, json};

/// The password `quick_user` gives everyone.
const PASSWORD: &str = "общий-пароль";

/// A school with the manager M (signed in for real), a second manager and a student S.
struct School {
    app: TestApp,
    manager: u64,
    student: u64,
    /// The second manager's browser.
    other: Browser,
}

async fn school() -> School {
    let app = spawn_app().await;
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let second = app.quick_user("m2@school.ru", "Завучева", "Зоя", &[Role::Manager]);
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let other = app.browser_as(second, None);
    School {
        app,
        manager,
        student,
        other,
    }
}

impl School {
    /// A browser in which M signed in and then began acting as S.
    async fn acting(&self) -> Browser {
        let browser = self.app.browser();
        browser.sign_in("m@school.ru", PASSWORD).await;
        let started = browser
            .post(&format!("/api/users/{}/login", self.student), json!({}))
            .await;
        assert_eq!(started.status(), 204);
        assert_eq!(json(browser.get("/api/user").await).await["data"]["id"], self.student);
        browser
    }

    /// The stored session of a browser.
    fn session(&self, browser: &Browser) -> Session {
        let key = digest(&browser.cookie("klass_session").expect("cookie"));
        let txn = self.app.store.read().expect("read");
        sessions::get(&txn, &key).expect("read").expect("session")
    }

    /// Changes the stored session of a browser.
    fn change_session(&self, browser: &Browser, change: impl FnOnce(&mut Session)) {
        let key = digest(&browser.cookie("klass_session").expect("cookie"));
        let txn = self.app.store.write().expect("txn");
        let mut session = sessions::get(&txn, &key).expect("read").expect("session");
        change(&mut session);
        sessions::insert(&txn, &key, &session).expect("write");
        txn.commit().expect("commit");
    }
}

#[tokio::test]
async fn acting_ends_when_the_manager_is_deleted_and_cannot_restore_him() {
    let school = school().await;
    let acting = school.acting().await;
    let deleted = school
        .other
        .send(Method::DELETE, &format!("/api/users/{}", school.manager), json!({}))
        .await;
    assert!(deleted.status().is_success(), "{}", deleted.status());
    assert_eq!(acting.get("/api/user").await.status(), 401);
    // The page asks for a fresh CSRF cookie, as the UI does after a 401.
    assert_eq!(acting.get("/sanctum/csrf-cookie").await.status(), 204);
    let restore = acting
        .post(&format!("/api/users/{}/restore", school.manager), json!({}))
        .await;
    assert_eq!(
        restore.status(),
        401,
        "the acting session cannot bring the manager back"
    );
    assert_eq!(
        acting.post("/api/impersonation/leave", json!({})).await.status(),
        401,
        "nor return to him"
    );
    let card = json(school.other.get(&format!("/api/users/{}", school.manager)).await).await;
    assert!(card["data"]["deleted_at"].is_string(), "{card}");
}

#[tokio::test]
async fn acting_ends_when_the_manager_loses_the_role() {
    let school = school().await;
    let acting = school.acting().await;
    let body = json!({"roles": ["worker"]});
    let path = format!("/api/users/{}/update-roles", school.manager);
    assert_eq!(school.other.post(&path, body).await.status(), 200);
    assert_eq!(acting.get("/api/user").await.status(), 401);
}

#[tokio::test]
async fn acting_ends_when_the_one_acted_as_is_made_a_manager() {
    let school = school().await;
    let acting = school.acting().await;
    let body = json!({"roles": ["manager"]});
    let path = format!("/api/users/{}/update-roles", school.student);
    assert_eq!(school.other.post(&path, body).await.status(), 200);
    assert_eq!(
        acting.get("/api/user").await.status(),
        401,
        "a manager is never acted as"
    );
}

#[tokio::test]
async fn acting_ends_when_the_managers_password_is_set_or_changed() {
    let school = school().await;
    let acting = school.acting().await;
    let body = json!({"password": "новый-пароль-1", "password_confirmation": "новый-пароль-1"});
    let path = format!("/api/users/{}/change-password", school.manager);
    assert_eq!(school.other.post(&path, body).await.status(), 200);
    assert_eq!(acting.get("/api/user").await.status(), 401, "set by another manager");

    let acting = school.app.browser();
    acting.sign_in("m@school.ru", "новый-пароль-1").await;
    let path = format!("/api/users/{}/login", school.student);
    assert_eq!(acting.post(&path, json!({})).await.status(), 204);
    let own = school.app.browser();
    own.sign_in("m@school.ru", "новый-пароль-1").await;
    let body = json!({"current_password": "новый-пароль-1", "password": "третий-пароль-1", "password_confirmation": "третий-пароль-1"});
    assert_eq!(own.send(Method::PUT, "/api/user/password", body).await.status(), 200);
    assert_eq!(acting.get("/api/user").await.status(), 401, "changed by himself");
    assert_eq!(own.get("/api/user").await.status(), 200);
}

#[tokio::test]
async fn signing_out_everywhere_else_ends_acting_too() {
    let school = school().await;
    let acting = school.acting().await;
    let own = school.app.browser();
    own.sign_in("m@school.ru", PASSWORD).await;
    let ended = own
        .post("/api/user/other-sessions/logout", json!({"password": PASSWORD}))
        .await;
    assert_eq!(ended.status(), 200);
    assert_eq!(acting.get("/api/user").await.status(), 401);
    assert_eq!(own.get("/api/user").await.status(), 200);
}

#[tokio::test]
async fn acting_and_leaving_keep_the_absolute_end_of_the_managers_session() {
    let school = school().await;
    let browser = school.app.browser();
    browser.sign_in("m@school.ru", PASSWORD).await;
    // Signed in almost 12 hours ago: half an hour left (a session keeps its instants to the
    // millisecond).
    let ends = Timestamp::from_millisecond((Timestamp::now() + SignedDuration::from_mins(30)).as_millisecond())
        .expect("an instant");
    school.change_session(&browser, |session| {
        session.created_at -= SignedDuration::from_mins(11 * 60 + 30);
        session.expires_at = ends;
    });
    let path = format!("/api/users/{}/login", school.student);
    assert_eq!(browser.post(&path, json!({})).await.status(), 204);
    assert_eq!(
        school.session(&browser).expires_at,
        ends,
        "acting does not start a new lifetime"
    );
    assert_eq!(browser.post("/api/impersonation/leave", json!({})).await.status(), 204);
    let back = school.session(&browser);
    assert_eq!(
        (back.user_id.0, back.expires_at),
        (school.manager, ends),
        "nor does leaving"
    );
}

#[tokio::test]
async fn a_manager_may_not_act_as_another_manager() {
    let school = school().await;
    let manager = school.app.browser_as(school.manager, None);
    let second = school
        .app
        .quick_user("m3@school.ru", "Третья", "Тамара", &[Role::Manager, Role::Worker]);
    let refused = manager.post(&format!("/api/users/{second}/login"), json!({})).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(
        json(refused).await["message"],
        "Нельзя войти под учётной записью другого менеджера"
    );
    assert_eq!(json(manager.get("/api/user").await).await["data"]["id"], school.manager);
}

#[tokio::test]
async fn while_acting_the_trace_of_it_cannot_be_hidden() {
    let school = school().await;
    let acting = school.acting().await;
    let settings = acting
        .send(
            Method::PUT,
            "/api/user/notification-settings",
            json!({"mail": ["account_used"]}),
        )
        .await;
    assert_eq!(settings.status(), 403);
    let path = format!("/api/users/{}/notifications/check-all", school.student);
    assert_eq!(acting.post(&path, json!({})).await.status(), 403);
    let inbox = json(
        acting
            .get(&format!("/api/users/{}/notifications?unread=1", school.student))
            .await,
    )
    .await;
    assert_eq!(inbox["data"][0]["kind"], "account_used", "{inbox}");
    // Opening it in the panel while acting leaves it unread.
    let trace = inbox["data"][0]["id"].as_u64().expect("id");
    let open_it = || async {
        let opened = json(
            acting
                .post(&format!("/api/notifications/{trace}/read"), json!({}))
                .await,
        )
        .await;
        assert_eq!(opened["data"]["read_at"], Value::Null, "{opened}");
    };
    open_it().await;

    assert_eq!(acting.post("/api/impersonation/leave", json!({})).await.status(), 204);
    // Back as himself, the manager may clear the student's bell, but not of that notice.
    json(acting.post(&path, json!({})).await).await;
    open_it().await;
    let unread = json(
        acting
            .get(&format!("/api/users/{}/notifications?unread=1", school.student))
            .await,
    )
    .await;
    assert_eq!(unread["meta"]["unread"], 1, "{unread}");
    assert_eq!(unread["data"][0]["kind"], "account_used", "{unread}");

    let student = school.app.browser_as(school.student, None);
    assert_eq!(
        student.post(&path, json!({})).await.status(),
        200,
        "the person himself may"
    );
}

#[tokio::test]
async fn a_remembered_session_has_no_idle_timeout_but_ends_after_remember_days() {
    let school = school().await;
    let remembered = school.app.browser();
    let signed_in = remembered
        .post(
            "/login",
            json!({"email": "s@school.ru", "password": PASSWORD, "remember": true}),
        )
        .await;
    assert_eq!(signed_in.status(), 204);
    let session = school.session(&remembered);
    assert_eq!(
        session.expires_at.duration_since(session.created_at),
        SignedDuration::from_hours(30 * 24)
    );
    school.change_session(&remembered, |s| s.last_seen_at -= SignedDuration::from_hours(3));
    assert_eq!(
        remembered.get("/api/user").await.status(),
        200,
        "three hours idle are fine"
    );
    school.change_session(&remembered, |s| {
        s.created_at -= SignedDuration::from_hours(30 * 24);
        s.expires_at = Timestamp::now() - SignedDuration::from_secs(1);
    });
    assert_eq!(remembered.get("/api/user").await.status(), 401, "30 days after sign-in");

    // Acting as someone from a remembered session has the idle timeout again.
    let manager = school.app.browser();
    let body = json!({"email": "m@school.ru", "password": PASSWORD, "remember": true});
    assert_eq!(manager.post("/login", body).await.status(), 204);
    let path = format!("/api/users/{}/login", school.student);
    assert_eq!(manager.post(&path, json!({})).await.status(), 204);
    school.change_session(&manager, |s| s.last_seen_at -= SignedDuration::from_hours(3));
    assert_eq!(manager.get("/api/user").await.status(), 401);
}
