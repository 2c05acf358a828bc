//! `spawn_app`: the real application, bound to a free port, with its own data directory, and
//! `Browser`: a client with its own cookies that speaks the Sanctum protocol like the UI.

use klass::config::Config;
use klass::domain::{Password, Role};
use klass::service::users::{self, UserInput};
use klass::startup::App;
use klass::store::Store;
use reqwest::cookie::{CookieStore, Jar};
use serde_json::Value;
use std::sync::Arc;
use tokio::sync::oneshot;

/// A running application; stops when dropped.
pub struct TestApp {
    pub base: String,
    pub store: Store,
    pub data_dir: tempfile::TempDir,
    _stop: oneshot::Sender<()>,
}

/// Starts the application on 127.0.0.1:0 with a fresh data directory.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The same, with configuration changes.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut config = Config {
        data_dir: data_dir.path().to_owned(),
        ..Config::default()
    };
    config.server.listen = "127.0.0.1:0".parse().expect("addr");
    config.storage.cache_mb = 8;
    adjust(&mut config);
    let app = App::build(config).await.expect("app builds");
    let base = format!("http://{}", app.addr());
    let store = app.store().clone();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    TestApp {
        base,
        store,
        data_dir,
        _stop: stop,
    }
}

impl TestApp {
    /// The absolute URL of `path`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A new browser with no cookies.
    pub fn browser(&self) -> Browser {
        let jar = Arc::new(Jar::default());
        let client = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .build()
            .expect("client");
        Browser {
            base: self.base.clone(),
            client,
            jar,
        }
    }

    /// A browser signed in as `user` (optionally as impersonated by `impersonator`) without the
    /// cost of a password check: the session is written straight into the store.
    pub fn browser_as(&self, user: u64, impersonator: Option<u64>) -> Browser {
        let rules = klass::config::Auth::default();
        let mut session =
            klass::auth::Session::start(klass::domain::UserId(user), false, jiff::Timestamp::now(), &rules);
        session.impersonator = impersonator.map(klass::domain::UserId);
        let token = klass::auth::token::new_token();
        let txn = self.store.write().expect("txn");
        klass::store::sessions::insert(&txn, &klass::auth::token::digest(&token), &session).expect("session");
        txn.commit().expect("commit");
        let browser = self.browser();
        browser.set_cookie("klass_session", &token);
        browser.set_cookie("XSRF-TOKEN", &session.csrf_token);
        browser
    }

    /// Creates a user quickly (one shared password hash); returns the id.
    pub fn quick_user(&self, email: &str, last_name: &str, first_name: &str, roles: &[Role]) -> u64 {
        static HASH: std::sync::LazyLock<klass::domain::PasswordHash> =
            std::sync::LazyLock::new(|| Password::parse("общий-пароль").expect("password").hash());
        let new = klass::domain::NewUser::new(
            klass::domain::Email::parse(email).expect("email"),
            klass::domain::PersonName::parse(last_name).expect("name"),
            klass::domain::PersonName::parse(first_name).expect("name"),
            roles.iter().copied().collect(),
            HASH.clone(),
        );
        self.store.insert_user(new).expect("user").id.0
    }

    /// Creates a user with this password and these roles; returns the id.
    pub fn create_user(&self, email: &str, password: &str, roles: &[Role]) -> u64 {
        let input = UserInput {
            email: email.into(),
            last_name: "Тестова".into(),
            first_name: "Анна".into(),
            middle_name: None,
            roles: roles.iter().map(|r| r.as_str().to_owned()).collect(),
        };
        let password = Password::parse(password).expect("password");
        let new = users::validate(&input, password.hash()).expect("valid user");
        self.store.insert_user(new).expect("user created").id.0
    }
}

/// User `id` as the actor of a service call made straight from a test, with his journal
/// (for what a test must run at a chosen time, or too often for HTTP round trips).
pub fn acting_as(store: &Store, id: u64) -> (klass::policy::Actor, klass::service::journal::Journal) {
    let id = klass::domain::UserId(id);
    let user = klass::store::users::get(&store.read().expect("read"), id)
        .expect("user")
        .expect("stored");
    let actor = klass::policy::Actor {
        user: Arc::new(user),
        session_key: [0; 32],
        impersonator: None,
        csrf_token: String::new(),
        children: Vec::new(),
    };
    let journal = klass::service::journal::Journal::new(
        Arc::new(Config::default()),
        klass::mail::Mailer::new(),
        klass::domain::activity::Origin {
            actor: Some(id),
            impersonator: None,
            ip: None,
        },
    );
    (actor, journal)
}

/// A client with a cookie jar, sending `X-XSRF-TOKEN` like the UI does.
pub struct Browser {
    pub base: String,
    pub client: reqwest::Client,
    jar: Arc<Jar>,
}

impl Browser {
    /// The value of a cookie this browser holds.
    pub fn cookie(&self, name: &str) -> Option<String> {
        let url = self.base.parse().expect("url");
        let header = self.jar.cookies(&url)?;
        let text = header.to_str().ok()?.to_owned();
        text.split("; ")
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")).map(str::to_owned))
    }

    /// Puts a cookie into the jar (e.g. a stolen or old session cookie).
    pub fn set_cookie(&self, name: &str, value: &str) {
        let url = self.base.parse().expect("url");
        self.jar.add_cookie_str(&format!("{name}={value}; Path=/"), &url);
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("GET")
    }

    /// Fetches the CSRF cookie when this browser has none yet (as the UI's client does).
    pub async fn ensure_csrf(&self) -> String {
        if self.cookie("XSRF-TOKEN").is_none() {
            assert_eq!(self.get("/sanctum/csrf-cookie").await.status(), 204);
        }
        self.cookie("XSRF-TOKEN").expect("XSRF-TOKEN cookie")
    }

    /// A JSON request with the CSRF header.
    pub async fn send(&self, method: reqwest::Method, path: &str, body: Value) -> reqwest::Response {
        let token = self.ensure_csrf().await;
        self.client
            .request(method, format!("{}{path}", self.base))
            .header("X-XSRF-TOKEN", token)
            .json(&body)
            .send()
            .await
            .expect("request")
    }

    pub async fn post(&self, path: &str, body: Value) -> reqwest::Response {
        self.send(reqwest::Method::POST, path, body).await
    }

    /// Signs in and asserts it worked.
    pub async fn sign_in(&self, email: &str, password: &str) {
        let response = self
            .post("/login", serde_json::json!({"email": email, "password": password}))
            .await;
        assert_eq!(
            response.status(),
            204,
            "sign-in of {email}: {:?}",
            response.text().await
        );
    }
}

/// The JSON body of a response.
pub async fn json(response: reqwest::Response) -> Value {
    response.json().await.expect("json body")
}

/// A planned hour-long lesson without a group, room, topic or price, for tests that write
/// lessons straight to the store; change what a test needs with struct update syntax.
pub fn planned_lesson(
    id: klass::domain::LessonId,
    subject: u64,
    teacher: u64,
    students: &[u64],
    starts_at: jiff::Timestamp,
) -> klass::domain::lesson::Lesson {
    use klass::domain::lesson::Lesson;
    use klass::domain::{SubjectId, UserId};
    Lesson {
        id,
        student_ids: students.iter().copied().map(UserId).collect(),
        ..Lesson::planned(UserId(teacher), SubjectId(subject), starts_at, 60)
    }
}

/// Seeds the demo school (75 people) into `app`, as `serve --demo` does.
pub fn seed_demo(app: &TestApp) {
    let config = std::sync::Arc::new(klass::config::Config::default());
    let journal = klass::service::journal::Journal::new(config, klass::mail::Mailer::new(), Default::default());
    klass::service::demo::seed(&app.store, &journal, 75).expect("demo");
}

/// Seeds the demo school into `app` and returns a browser signed in as its director.
pub fn demo_director(app: &TestApp) -> Browser {
    seed_demo(app);
    let email = klass::domain::Email::parse(klass::service::demo::MANAGER_EMAIL).expect("email");
    let manager = klass::store::users::find_by_email(&app.store.read().expect("read"), &email)
        .expect("lookup")
        .expect("the director");
    app.browser_as(manager.id.0, None)
}

/// A group to store with `record::insert(&txn, |id| Group { id, ..group_of(…) })`: `name`, of
/// `subject`, taught by `teacher` to `students` from `starts_on`, open-ended, with no timetable
/// (so no lessons), room, price or capacity.
pub fn group_of(
    name: &str,
    subject: u64,
    teacher: u64,
    students: &[u64],
    starts_on: jiff::civil::Date,
) -> klass::domain::group::Group {
    use klass::domain::{GroupId, SubjectId, UserId};
    klass::domain::group::Group {
        id: GroupId(0),
        name: name.into(),
        subject_id: SubjectId(subject),
        course_id: None,
        teacher_id: UserId(teacher),
        student_ids: students.iter().copied().map(UserId).collect(),
        capacity: None,
        room: String::new(),
        schedule: Vec::new(),
        starts_on,
        ends_on: None,
        price: None,
        archived: false,
    }
}
