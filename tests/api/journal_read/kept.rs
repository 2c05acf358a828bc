//! A group's journal and a student's marks read again after each kind of change show that
//! change: the server keeps those answers between reads (`service::gradebook::journal_texts`),
//! and nothing may be shown stale.

use super::school::{SEPTEMBER, School, school};
use crate::helpers::json;
use klass::domain::group::Group;
use klass::domain::journal::{Attendance, AttendanceStatus};
use klass::domain::lesson::Lesson;
use klass::domain::{GroupId, LessonId, UserId};
use klass::store::{attendance, record};
use reqwest::Method;
use serde_json::{Value, json};

/// Each cell as (student, lesson, status, mark values).
fn cells(grid: &Value) -> Vec<(u64, u64, Value, Vec<u64>)> {
    let cells = grid["cells"].as_array().expect("cells");
    cells
        .iter()
        .map(|c| {
            let marks = c["marks"].as_array().expect("marks");
            (
                c["student_id"].as_u64().expect("student"),
                c["lesson_id"].as_u64().expect("lesson"),
                c["status"].clone(),
                marks.iter().map(|m| m["value"].as_u64().expect("value")).collect(),
            )
        })
        .collect()
}

fn names(grid: &Value) -> Vec<String> {
    let students = grid["students"].as_array().expect("students");
    students
        .iter()
        .map(|s| s["name"].as_str().expect("name").to_owned())
        .collect()
}

fn lessons(grid: &Value) -> Vec<u64> {
    let lessons = grid["lessons"].as_array().expect("lessons");
    lessons.iter().map(|l| l["id"].as_u64().expect("id")).collect()
}

/// The body of a successful answer (null for a 204).
async fn ok(response: reqwest::Response) -> Value {
    let status = response.status();
    if status == 204 {
        return Value::Null;
    }
    let body = json(response).await;
    assert!(status.is_success(), "{status} {body}");
    body
}

impl School {
    /// The group's September journal as the manager reads it.
    async fn grid(&self) -> Value {
        let path = format!("/api/group-lessons/{}/journal?{SEPTEMBER}", self.group);
        self.read(self.manager, &path).await
    }

    async fn send(&self, method: Method, path: &str, body: Value) -> Value {
        ok(self.as_user(self.manager).send(method, path, body).await).await
    }

    /// Anna's and Boris's attendance at `lesson`, recorded again as the store keeps it.
    fn recorded(&self, lesson: u64, anna: AttendanceStatus, boris: AttendanceStatus) {
        let txn = self.app.store.write().expect("txn");
        let lesson: Lesson = record::get(&txn, LessonId(lesson)).expect("get").expect("lesson");
        let record = |student: u64, status| Attendance {
            lesson_id: lesson.id,
            student_id: UserId(student),
            status,
            comment: String::new(),
            recorded_by: UserId(self.teacher),
            recorded_at: jiff::Timestamp::now(),
        };
        let records = [record(self.anna, anna), record(self.boris, boris)];
        attendance::replace_lesson(&txn, &lesson, &records).expect("attendance");
        txn.commit().expect("commit");
    }

    /// `lesson`'s topic changed, and nothing else.
    fn retitled(&self, lesson: u64, topic: &str) {
        let txn = self.app.store.write().expect("txn");
        let mut lesson: Lesson = record::get(&txn, LessonId(lesson)).expect("get").expect("lesson");
        lesson.topic = topic.into();
        record::update(&txn, &lesson).expect("update");
        txn.commit().expect("commit");
    }

    /// `student` joins the group (its lessons stay as they were).
    fn joins(&self, student: u64) {
        let txn = self.app.store.write().expect("txn");
        let mut group: Group = record::get(&txn, GroupId(self.group)).expect("get").expect("group");
        group.student_ids.push(UserId(student));
        record::update(&txn, &group).expect("update");
        txn.commit().expect("commit");
    }
}

#[tokio::test]
async fn a_group_journal_read_again_shows_every_change_made_since() {
    let school = school(0.5).await;
    let (anna, boris, l) = (school.anna, school.boris, school.lessons.clone());
    let first = school.grid().await;
    assert_eq!(first, school.grid().await, "read twice, the same");
    assert_eq!(cells(&first).len(), 6, "the fourth lesson has nothing recorded");

    let saved = json!({
        "records": [{"student_id": anna, "status": "late", "comment": null},
                    {"student_id": boris, "status": "present", "comment": null}],
        "marks": [{"student_id": boris, "value": 4, "kind": "lesson", "comment": null}],
    });
    school
        .send(Method::PUT, &format!("/api/lessons/{}/journal", l[3]), saved)
        .await;
    let grid = school.grid().await;
    assert_eq!(
        cells(&grid)[3..5],
        [
            (anna, l[3], json!("late"), vec![]),
            (boris, l[0], json!("late"), vec![5])
        ],
        "the fourth lesson's attendance, saved"
    );
    assert_eq!(cells(&grid)[7], (boris, l[3], json!("present"), vec![4]));

    school.recorded(l[1], AttendanceStatus::Excused, AttendanceStatus::Present);
    assert_eq!(
        cells(&school.grid().await)[1].2,
        json!("excused"),
        "a status changed, and nothing else"
    );

    let paper = json!({"student_id": boris, "subject_id": school.math, "lesson_id": null, "value": 5,
                       "kind": "test", "weight": 2, "comment": null, "date": "2026-09-25"});
    let paper = school.send(Method::POST, "/api/marks", paper).await["data"]["id"].clone();
    let average = |grid: &Value, at: usize| grid["averages"][at]["average"].clone();
    assert_eq!(
        average(&school.grid().await, 1),
        json!(3.83),
        "a mark without a lesson: (5 + 2·2 + 4 + 5·2) / 6"
    );
    let changed = json!({"value": 2, "kind": "test", "weight": 2, "comment": null, "date": "2026-09-25"});
    school.send(Method::PUT, &format!("/api/marks/{paper}"), changed).await;
    assert_eq!(average(&school.grid().await, 1), json!(2.83), "that mark changed to 2");

    let renamed = json!({"email": "boris@school.ru", "last_name": "Абрамов", "first_name": "Борис"});
    school.send(Method::PUT, &format!("/api/users/{boris}"), renamed).await;
    assert_eq!(
        names(&school.grid().await),
        ["Абрамов Борис", "Петрова Анна"],
        "renamed, and first by name"
    );

    school.retitled(l[0], "Дроби");
    assert_eq!(
        school.grid().await["lessons"][0]["topic"],
        "Дроби",
        "a lesson's topic changed"
    );

    let subject = json!({"name": "Алгебра", "color": "blue"});
    school
        .send(Method::PUT, &format!("/api/subjects/{}", school.math), subject)
        .await;
    assert_eq!(school.grid().await["subject_name"], "Алгебра");

    school.lesson_moved_to_physics(l[2], 3);
    let grid = school.grid().await;
    assert!(
        cells(&grid).contains(&(anna, l[2], json!("excused"), vec![4, 3])),
        "a physics mark at the lesson put in physics: {grid}"
    );

    let newcomer = school
        .app
        .quick_user("vera@school.ru", "Васильева", "Вера", &[klass::domain::Role::Student]);
    school.joins(newcomer);
    let grid = school.grid().await;
    assert_eq!(
        names(&grid),
        ["Абрамов Борис", "Васильева Вера", "Петрова Анна"],
        "a student joined"
    );
    assert_eq!(lessons(&grid), l, "September's lessons, done, stay as they were");

    school
        .send(Method::DELETE, &format!("/api/marks/{paper}"), json!({}))
        .await;
    assert_eq!(
        average(&school.grid().await, 0),
        json!(3.25),
        "that mark deleted: (5 + 2·2 + 4) / 4"
    );
}

/// Each subject of a student's marks as (name, mark values).
fn by_subject(page: &Value) -> Vec<(String, Vec<u64>)> {
    let subjects = page["subjects"].as_array().expect("subjects");
    subjects
        .iter()
        .map(|s| {
            let marks = s["marks"].as_array().expect("marks");
            let values = marks.iter().map(|m| m["value"].as_u64().expect("value")).collect();
            (s["subject_name"].as_str().expect("name").to_owned(), values)
        })
        .collect()
}

#[tokio::test]
async fn a_students_marks_read_again_show_every_change_made_since() {
    let school = school(0.5).await;
    let path = format!("/api/users/{}/marks?{SEPTEMBER}", school.anna);
    let first = school.read(school.parent, &path).await;
    assert_eq!(first, school.read(school.parent, &path).await, "read twice, the same");
    let math = by_subject(&first)[0].clone();
    assert_eq!(by_subject(&first), [math.clone(), ("Физика".into(), vec![2])]);

    let given = json!({"student_id": school.anna, "subject_id": school.physics, "lesson_id": null, "value": 4,
                       "kind": "lesson", "weight": null, "comment": null, "date": "2026-09-22"});
    let given = school.send(Method::POST, "/api/marks", given).await["data"]["id"].clone();
    assert_eq!(
        by_subject(&school.read(school.parent, &path).await)[1].1,
        [2, 4],
        "a mark given"
    );

    let renamed = json!({"name": "Астрономия", "color": "blue"});
    school
        .send(Method::PUT, &format!("/api/subjects/{}", school.physics), renamed)
        .await;
    let astronomy = ("Астрономия".to_owned(), vec![2, 4]);
    assert_eq!(
        by_subject(&school.read(school.parent, &path).await),
        [astronomy, math.clone()],
        "by the new name"
    );

    let changed = json!({"value": 3, "kind": "lesson", "weight": null, "comment": null, "date": "2026-09-22"});
    school.send(Method::PUT, &format!("/api/marks/{given}"), changed).await;
    assert_eq!(
        by_subject(&school.read(school.parent, &path).await)[0].1,
        [2, 3],
        "the mark changed"
    );
    school
        .send(Method::DELETE, &format!("/api/marks/{given}"), json!({}))
        .await;
    let last = school.read(school.parent, &path).await;
    assert_eq!(by_subject(&last)[0].1, [2], "the mark deleted");
    assert_eq!(
        last,
        school.read(school.manager, &path).await,
        "the manager reads the same"
    );
}

/// Each lesson of a student's attendance as (lesson, subject's name, status).
fn attended(page: &Value) -> Vec<(u64, String, Value)> {
    let lessons = page["lessons"].as_array().expect("lessons");
    lessons
        .iter()
        .map(|l| {
            let subject = l["subject_name"].as_str().expect("subject").to_owned();
            (l["lesson_id"].as_u64().expect("lesson"), subject, l["status"].clone())
        })
        .collect()
}

#[tokio::test]
async fn a_students_attendance_read_again_shows_every_change_made_since() {
    let school = school(0.5).await;
    let (l, math) = (school.lessons.clone(), || "Математика".to_owned());
    let path = format!("/api/users/{}/attendance?{SEPTEMBER}", school.anna);
    let first = school.read(school.parent, &path).await;
    assert_eq!(first, school.read(school.parent, &path).await, "read twice, the same");
    assert_eq!(attended(&first)[1], (l[1], math(), json!("unexcused")));

    school.recorded(l[1], AttendanceStatus::Excused, AttendanceStatus::Present);
    let page = school.read(school.parent, &path).await;
    assert_eq!(
        attended(&page)[1],
        (l[1], math(), json!("excused")),
        "her status changed"
    );
    assert_eq!(page["summary"]["excused"], 2);

    school.lesson_moved_to_physics(l[2], 3);
    assert_eq!(
        attended(&school.read(school.parent, &path).await)[2].1,
        "Физика",
        "a lesson put in physics"
    );
    let renamed = json!({"name": "Астрономия", "color": "blue"});
    school
        .send(Method::PUT, &format!("/api/subjects/{}", school.physics), renamed)
        .await;
    assert_eq!(
        attended(&school.read(school.parent, &path).await)[2].1,
        "Астрономия",
        "its subject renamed"
    );

    let own = school.individual_math_lesson(school.teacher, school.anna, 29, 5);
    let page = school.read(school.parent, &path).await;
    assert_eq!(
        attended(&page)[4],
        (own, math(), json!("present")),
        "a lesson of her own"
    );
    assert_eq!(
        page,
        school.read(school.manager, &path).await,
        "the manager reads the same"
    );
}
