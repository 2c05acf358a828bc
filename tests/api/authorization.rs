//! Every API operation, called by every kind of caller, gets the status policy.rs decides.
//! An operation in the OpenAPI document without a row here fails the test.

use crate::helpers::{Browser, TestApp, spawn_app};
use klass::domain::Role;
use reqwest::Method;
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// The callers, in the order of the status columns.
const CALLERS: [&str; 6] = ["anonymous", "student", "parent", "worker", "manager", "impersonating"];

/// (operation id, method, path, body, statuses for CALLERS). In paths and bodies, `{self}` is
/// the student S, `{other}` another student O, `{parent}` S's parent, `{second_manager}` the
/// manager behind the impersonating caller, `{file}` a file in O's cabinet, `{notification}` one of S's notifications, `{tag}` a tag of the caller's own, `{caller}` the caller's name;
/// the caller's own `{subject}` (unused), `{course}` (O enrolled as `{enrolment}`) and
/// `{free_course}` (nobody enrolled);
/// `{me}` the caller's own id (the worker's for anonymous), `{worker}` the worker, `{group}` a
/// group of the caller's own taught by the worker with S in it, `{lesson}` a lesson of that
/// group, `{single_lesson}` the caller's own lesson of S's outside any group taught by the worker
/// (a group's lesson is never deleted), `{other_lesson}` a lesson of O taught by the manager; `{mark}` a mark of S given by
/// the worker, `{other_mark}` one of O given by the manager; `{package}` a package of S's,
/// `{other_package}` one of O's; `{payment}` a payment of S, `{other_payment}` one of O; the
/// work fixtures of `work_rows::fixtures`.
type Row = (&'static str, Method, &'static str, &'static str, [u16; 6]);

mod catalog_rows;
mod money_rows;
mod rows;
mod work_rows;

fn all_rows() -> Vec<Row> {
    [
        rows::session(),
        rows::people(),
        rows::files_and_tags(),
        rows::history(),
        rows::backups(),
        catalog_rows::catalog(),
        rows::schedule(),
        rows::calendars(),
        rows::journal_reads(),
        rows::journal(),
        money_rows::packages(),
        money_rows::payments(),
        work_rows::tasks(),
        work_rows::boards(),
        work_rows::boards_and_events(),
        work_rows::events(),
    ]
    .concat()
}

/// The school of one row: S (student) with parent P, another student O, a worker, two managers.
struct School {
    /// Keeps the server running for the row.
    _app: TestApp,
    ids: Vec<(&'static str, u64)>,
    browsers: Vec<Browser>,
    tags: Vec<u64>,
    /// Per caller: (subject, course, enrolment, free course).
    catalog: Vec<[u64; 4]>,
    /// Each caller's own id (the worker's for anonymous), group, its lesson and a lesson
    /// outside any group.
    mine: Vec<(u64, u64, u64, u64)>,
}

async fn school() -> School {
    let app = spawn_app().await;
    let student = app.quick_user("s@school.ru", "Ученикова", "Сима", &[Role::Student]);
    let parent = app.quick_user("p@school.ru", "Ученикова", "Полина", &[Role::Parent]);
    let other = app.quick_user("o@school.ru", "Другой", "Олег", &[Role::Student]);
    let worker = app.quick_user("w@school.ru", "Учителева", "Вера", &[Role::Worker]);
    let manager = app.quick_user("m@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let second_manager = app.quick_user("m2@school.ru", "Завучева", "Зоя", &[Role::Manager]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, klass::domain::UserId(parent), klass::domain::UserId(student)).expect("link");
    let tags = CALLERS
        .iter()
        .map(|c| {
            klass::store::tags::insert(&txn, format!("Тег {c}"), "red".into())
                .expect("tag")
                .id
                .0
        })
        .collect();
    let catalog = CALLERS
        .iter()
        .map(|c| catalog_of(&txn, c, klass::domain::UserId(other)))
        .collect();
    let mut file = klass::store::files::FileWriter::start(&txn).expect("file");
    file.push("договор".as_bytes()).expect("chunk");
    let file = file
        .finish(klass::store::files::NewFile {
            user_id: klass::domain::UserId(other),
            name: "Договор.txt".into(),
            content_type: "text/plain".into(),
            uploaded_at: jiff::Timestamp::now(),
            uploaded_by: klass::domain::UserId(manager),
        })
        .expect("file")
        .id;
    let notification = klass::store::notifications::insert(
        &txn,
        klass::domain::notification::Notification {
            id: klass::domain::NotificationId(0),
            user_id: klass::domain::UserId(student),
            kind: klass::domain::notification::NotificationKind::FileAdded,
            title: "Новый файл".into(),
            body: "В Вашу карточку добавлен файл".into(),
            link: None,
            created_at: jiff::Timestamp::now(),
            read_at: None,
        },
    )
    .expect("notification");
    let subject = klass::store::record::insert(&txn, |id| klass::domain::subject::Subject {
        id,
        name: "Математика".into(),
        color: "blue".into(),
        archived: false,
        price: None,
    })
    .expect("subject")
    .id;
    let teaching = Teaching {
        subject,
        worker,
        student,
    };
    let callers = [worker, student, parent, worker, manager, student];
    let mine = (0..CALLERS.len())
        .map(|caller| {
            let (group, lesson) = teaching.group_with_a_lesson(&txn, caller as i8);
            let single = teaching.lesson(&txn, None, worker, student, caller as i8 + 11);
            (callers[caller], group, lesson, single)
        })
        .collect();
    let other_lesson = teaching.lesson(&txn, None, manager, other, 20);
    let mark = teaching.mark(&txn, student, worker);
    let other_mark = teaching.mark(&txn, other, manager);
    let (package, other_package) = (package_of(&txn, student), package_of(&txn, other));
    let (payment, other_payment) = (payment_of(&txn, student, manager), payment_of(&txn, other, manager));
    let work = work_rows::fixtures(&txn, student, worker, manager);
    txn.commit().expect("commit");
    let browsers = vec![
        app.browser(),
        app.browser_as(student, None),
        app.browser_as(parent, None),
        app.browser_as(worker, None),
        app.browser_as(manager, None),
        app.browser_as(student, Some(second_manager)),
    ];
    School {
        _app: app,
        ids: [
            ("{self}", student),
            ("{other}", other),
            ("{parent}", parent),
            ("{second_manager}", second_manager),
            ("{file}", file.0),
            ("{notification}", notification.0),
            ("{worker}", worker),
            ("{other_lesson}", other_lesson),
            ("{mark}", mark),
            ("{other_mark}", other_mark),
            ("{package}", package),
            ("{other_package}", other_package),
            ("{payment}", payment),
            ("{other_payment}", other_payment),
        ]
        .into_iter()
        .chain(work)
        .collect(),
        browsers,
        tags,
        catalog,
        mine,
    }
}

/// What the schedule rows need: a subject, a worker's groups and lessons, one of the manager's.
struct Teaching {
    subject: klass::domain::SubjectId,
    worker: u64,
    student: u64,
}

impl Teaching {
    /// A group of the worker's with S in it (timetable: Mondays), and one lesson of it on
    /// 2030-01-`day`.
    fn group_with_a_lesson(&self, txn: &klass::store::WriteTxn, day: i8) -> (u64, u64) {
        use klass::domain::group::{Group, ScheduleSlot};
        let group = klass::store::record::insert(txn, |id| Group {
            id,
            name: format!("Группа {day}"),
            subject_id: self.subject,
            course_id: None,
            teacher_id: klass::domain::UserId(self.worker),
            student_ids: vec![klass::domain::UserId(self.student)],
            capacity: None,
            room: String::new(),
            schedule: vec![ScheduleSlot {
                weekday: 1,
                start: jiff::civil::time(10, 0, 0, 0),
                duration_minutes: 60,
            }],
            starts_on: jiff::civil::date(2030, 1, 1),
            ends_on: Some(jiff::civil::date(2030, 1, 31)),
            price: None,
            archived: false,
        })
        .expect("group")
        .id;
        (
            group.0,
            self.lesson(txn, Some(group), self.worker, self.student, day + 1),
        )
    }

    /// A mark of `student` given by `teacher` now, without a lesson.
    fn mark(&self, txn: &klass::store::WriteTxn, student: u64, teacher: u64) -> u64 {
        use klass::domain::journal::{Mark, MarkKind};
        let mark = klass::store::record::insert(txn, |id| Mark {
            id,
            student_id: klass::domain::UserId(student),
            subject_id: self.subject,
            lesson_id: None,
            value: 4,
            kind: MarkKind::Test,
            weight: 2,
            comment: String::new(),
            date: jiff::civil::date(2026, 11, 12),
            teacher_id: klass::domain::UserId(teacher),
            given_at: jiff::Timestamp::now(),
        })
        .expect("mark");
        mark.id.0
    }

    /// A planned lesson of `student` taught by `teacher` on 2030-01-`day` at 10:00 UTC.
    fn lesson(
        &self,
        txn: &klass::store::WriteTxn,
        group: Option<klass::domain::GroupId>,
        teacher: u64,
        student: u64,
        day: i8,
    ) -> u64 {
        let starts_at = jiff::civil::date(2030, 1, day)
            .at(10, 0, 0, 0)
            .to_zoned(jiff::tz::TimeZone::UTC)
            .expect("utc")
            .timestamp();
        let lesson = klass::store::record::insert(txn, |id| klass::domain::lesson::Lesson {
            group_id: group,
            ..crate::helpers::planned_lesson(id, self.subject.0, teacher, &[student], starts_at)
        })
        .expect("lesson");
        lesson.id.0
    }
}

/// A package of `student`'s, of any lesson, valid from November 2026 to June 2027.
fn package_of(txn: &klass::store::WriteTxn, student: u64) -> u64 {
    klass::store::record::insert(txn, |id| klass::domain::package::Package {
        id,
        student_id: klass::domain::UserId(student),
        subject_id: None,
        course_id: None,
        lessons_total: 8,
        lessons_used: 0,
        price: 8_000_00,
        valid_from: jiff::civil::date(2026, 11, 1),
        valid_to: jiff::civil::date(2027, 6, 30),
        freezes: Vec::new(),
        note: String::new(),
        cancelled: false,
        returned: None,
        created_by: None,
        created_at: jiff::Timestamp::now(),
    })
    .expect("package")
    .id
    .0
}

/// A cash payment of 1 000 ₽ by `student`, taken by `manager` today.
fn payment_of(txn: &klass::store::WriteTxn, student: u64, manager: u64) -> u64 {
    use klass::domain::ledger::{EntryKind, LedgerEntry, PaymentMethod};
    let written = klass::store::ledger::append(txn, |id| LedgerEntry {
        id,
        student_id: klass::domain::UserId(student),
        kind: EntryKind::Payment,
        amount: 1_000_00,
        method: Some(PaymentMethod::Cash),
        reason: None,
        lesson_id: None,
        package_id: None,
        reverses_id: None,
        reverses_refund: false,
        note: String::new(),
        date: jiff::civil::date(2026, 11, 20),
        created_by: Some(klass::domain::UserId(manager)),
        created_at: jiff::Timestamp::now(),
    })
    .expect("payment");
    written.entry.id.0
}

/// A caller's own subject, a course of another subject with O enrolled, and a course nobody is in.
fn catalog_of(txn: &klass::store::WriteTxn, caller: &str, student: klass::domain::UserId) -> [u64; 4] {
    use klass::domain::course::{Course, Enrolment, EnrolmentStatus};
    use klass::domain::subject::Subject;
    use klass::store::record;
    let subject = |name: String| {
        record::insert(txn, |id| Subject {
            id,
            name,
            color: "blue".into(),
            archived: false,
            price: None,
        })
        .expect("subject")
        .id
    };
    let own = subject(format!("Предмет {caller}"));
    let taught = subject(format!("Курсовой {caller}"));
    let course = |name: String| {
        record::insert(txn, |id| Course {
            id,
            subject_id: taught,
            name,
            description: String::new(),
            planned_lessons: 0,
            price: None,
            moodle_course_id: None,
            archived: false,
        })
        .expect("course")
        .id
    };
    let (course, free) = (course(format!("Курс {caller}")), course(format!("Пустой {caller}")));
    let enrolment = record::insert(txn, |id| Enrolment {
        id,
        course_id: course,
        student_id: student,
        status: EnrolmentStatus::Active,
        starts_on: jiff::civil::date(2026, 9, 1),
        ends_on: None,
    })
    .expect("enrolment");
    [own.0, course.0, enrolment.id.0, free.0]
}

fn fill(template: &str, school: &School, caller: usize) -> String {
    let (me, group, lesson, single_lesson) = school.mine[caller];
    let mut text = template
        .replace("{tag}", &school.tags[caller].to_string())
        .replace("{subject}", &school.catalog[caller][0].to_string())
        .replace("{course}", &school.catalog[caller][1].to_string())
        .replace("{enrolment}", &school.catalog[caller][2].to_string())
        .replace("{free_course}", &school.catalog[caller][3].to_string())
        .replace("{me}", &me.to_string())
        .replace("{group}", &group.to_string())
        .replace("{lesson}", &lesson.to_string())
        .replace("{single_lesson}", &single_lesson.to_string())
        .replace("{caller}", CALLERS[caller]);
    for &(name, id) in &school.ids {
        text = text.replace(name, &id.to_string());
    }
    text
}

#[tokio::test]
async fn every_operation_with_every_caller() {
    let rows = all_rows();
    let documented: BTreeSet<String> = {
        let spec: Value = serde_json::from_str(&klass::api::openapi_json()).expect("spec");
        let paths = spec["paths"].as_object().expect("paths").values();
        paths
            .flat_map(|ops| {
                ops.as_object()
                    .expect("ops")
                    .values()
                    .map(|op| op["operationId"].as_str().expect("id").to_owned())
            })
            .collect()
    };
    let covered: BTreeSet<String> = rows.iter().map(|r| r.0.to_owned()).collect();
    let missing: Vec<_> = documented.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "operations without a row in the authorization table: {missing:?}"
    );

    let mut failures = Vec::new();
    for (operation, method, path, body, expected) in rows {
        let school = school().await;
        for (caller, browser) in school.browsers.iter().enumerate() {
            let path = fill(path, &school, caller);
            let response = if method == Method::GET {
                browser.get(&path).await
            } else {
                let body: Value = if body.is_empty() {
                    json!({})
                } else {
                    serde_json::from_str(&fill(body, &school, caller)).expect("body")
                };
                browser.send(method.clone(), &path, body).await
            };
            let status = response.status().as_u16();
            if status != expected[caller] {
                let text = response.text().await.unwrap_or_default();
                failures.push(format!(
                    "{operation} {path} as {}: {status}, expected {} ({text})",
                    CALLERS[caller], expected[caller]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
