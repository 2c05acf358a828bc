//! A small school for the journal's tests: a teacher and another one, two students (Anna with
//! a parent), a manager, a subject, and lessons placed relative to now.

use crate::helpers::{Browser, TestApp, json, planned_lesson, spawn_app_with};
use klass::config::Config;
use klass::domain::Role;
use serde_json::Value;

pub struct School {
    pub app: TestApp,
    pub subject: u64,
    pub teacher: u64,
    pub other_teacher: u64,
    pub anna: u64,
    pub boris: u64,
    pub parent: u64,
    pub manager: u64,
}

/// The school with the default configuration.
pub async fn school() -> School {
    school_with(|_| {}).await
}

/// The school, with configuration changes.
pub async fn school_with(adjust: impl FnOnce(&mut Config)) -> School {
    let app = spawn_app_with(adjust).await;
    let teacher = app.quick_user("belov@school.ru", "Белов", "Игорь", &[Role::Worker]);
    let other_teacher = app.quick_user("orlov@school.ru", "Орлов", "Олег", &[Role::Worker]);
    let anna = app.quick_user("anna@school.ru", "Петрова", "Анна", &[Role::Student]);
    let boris = app.quick_user("boris@school.ru", "Сидоров", "Борис", &[Role::Student]);
    let parent = app.quick_user("mama@school.ru", "Петрова", "Ольга", &[Role::Parent]);
    let manager = app.quick_user("boss@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, klass::domain::UserId(parent), klass::domain::UserId(anna)).expect("link");
    let subject = add_subject(&txn, "Математика");
    txn.commit().expect("commit");
    School {
        app,
        subject,
        teacher,
        other_teacher,
        anna,
        boris,
        parent,
        manager,
    }
}

/// Subject `name`, added in `txn`: its id.
pub fn add_subject(txn: &klass::store::WriteTxn, name: &str) -> u64 {
    klass::store::record::insert(txn, |id| klass::domain::subject::Subject {
        id,
        name: name.into(),
        color: "blue".into(),
        archived: false,
        price: None,
    })
    .expect("subject")
    .id
    .0
}

impl School {
    /// A planned lesson of Anna and Boris taught by `teacher`, starting `hours` from now
    /// (negative: in the past).
    pub fn lesson(&self, teacher: u64, hours: i64) -> u64 {
        let txn = self.app.store.write().expect("txn");
        let starts_at = jiff::Timestamp::now() + jiff::SignedDuration::from_hours(hours);
        let lesson = klass::store::record::insert(&txn, |id| klass::domain::lesson::Lesson {
            duration_minutes: 45,
            ..planned_lesson(id, self.subject, teacher, &[self.anna, self.boris], starts_at)
        })
        .expect("lesson");
        txn.commit().expect("commit");
        lesson.id.0
    }

    /// Anna's and Boris's attendance with these statuses (Boris's with a comment).
    pub fn records(&self, anna: &str, boris: &str) -> Value {
        serde_json::json!([
            {"student_id": self.anna, "status": anna, "comment": null},
            {"student_id": self.boris, "status": boris, "comment": "автобус"},
        ])
    }

    /// A browser signed in as `user`.
    pub fn as_user(&self, user: u64) -> Browser {
        self.app.browser_as(user, None)
    }

    /// `user`'s saving of `lesson`'s journal: (status, body).
    pub async fn save(&self, user: u64, lesson: u64, body: Value) -> (u16, Value) {
        let response = self
            .as_user(user)
            .send(reqwest::Method::PUT, &format!("/api/lessons/{lesson}/journal"), body)
            .await;
        (response.status().as_u16(), json(response).await)
    }

    /// `lesson`'s journal as `user` reads it: (status, body).
    pub async fn journal(&self, user: u64, lesson: u64) -> (u16, Value) {
        let response = self.as_user(user).get(&format!("/api/lessons/{lesson}/journal")).await;
        (response.status().as_u16(), json(response).await)
    }

    /// Makes every mark of `lesson` look given `days` ago.
    pub fn backdate_marks(&self, lesson: u64, days: i64) {
        use klass::domain::journal::Mark;
        let txn = self.app.store.write().expect("txn");
        for mark in klass::store::marks::of_lesson(&txn, klass::domain::LessonId(lesson)).expect("marks") {
            let old = mark.clone();
            let new = Mark {
                given_at: mark.given_at - jiff::SignedDuration::from_hours(24 * days),
                ..mark
            };
            klass::store::record::replace(&txn, &old, &new).expect("backdated");
        }
        txn.commit().expect("commit");
    }

    /// The bodies of `user`'s notifications of `kind`, newest first.
    pub async fn told(&self, user: u64, kind: &str) -> Vec<String> {
        let page = json(
            self.as_user(user)
                .get(&format!("/api/users/{user}/notifications"))
                .await,
        )
        .await;
        page["data"]
            .as_array()
            .expect("notifications")
            .iter()
            .filter(|n| n["kind"] == kind)
            .map(|n| n["body"].as_str().expect("body").to_owned())
            .collect()
    }

    /// The summaries of the log's entries of `action`, newest first.
    pub async fn logged(&self, action: &str) -> Vec<String> {
        let manager = self.as_user(self.manager);
        let page = json(manager.get(&format!("/api/history?action={action}")).await).await;
        page["data"]
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| e["summary"].as_str().expect("summary").to_owned())
            .collect()
    }
}
