//! The school the journal reads are tested on, its records written through the store.

use crate::helpers::{Browser, TestApp, json, spawn_app_with};
use jiff::Timestamp;
use jiff::civil::date;
use klass::domain::group::Group;
use klass::domain::journal::{Attendance, AttendanceStatus, Mark, MarkKind};
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::domain::{GroupId, LessonId, Role, SubjectId, UserId};
use klass::store::{attendance, record};
use serde_json::Value;

/// September 2026: a math group of Anna and Boris taught by Belov, four lessons (the last one
/// without attendance), marks in math and one in physics.
pub struct School {
    pub app: TestApp,
    pub group: u64,
    pub math: u64,
    pub physics: u64,
    pub lessons: Vec<u64>,
    pub anna: u64,
    pub boris: u64,
    pub teacher: u64,
    pub other_teacher: u64,
    pub parent: u64,
    pub other_parent: u64,
    pub manager: u64,
}

/// A mark in a cell: value, kind, weight.
pub type CellMark = (u64, String, u64);

pub const SEPTEMBER: &str = "from=2026-09-01&to=2026-09-30";

fn subject(txn: &klass::store::WriteTxn, name: &str) -> SubjectId {
    SubjectId(crate::journal_school::add_subject(txn, name))
}

fn mark(
    txn: &klass::store::WriteTxn,
    (student, subject, lesson): (u64, SubjectId, Option<u64>),
    value: u8,
    kind: MarkKind,
    weight: u8,
    teacher: u64,
) {
    record::insert(txn, |id| Mark {
        id,
        student_id: UserId(student),
        subject_id: subject,
        lesson_id: lesson.map(LessonId),
        value,
        kind,
        weight,
        comment: String::new(),
        date: date(2026, 9, 20),
        teacher_id: UserId(teacher),
        given_at: Timestamp::now(),
    })
    .expect("mark");
}

/// 10:00 in Moscow on September `day`, 2026.
fn september(day: i8) -> Timestamp {
    date(2026, 9, day)
        .at(10, 0, 0, 0)
        .to_zoned(jiff::tz::TimeZone::get("Europe/Moscow").expect("zone"))
        .expect("zoned")
        .timestamp()
}

pub async fn school(round_up_from: f64) -> School {
    let app = spawn_app_with(move |config| config.journal.round_up_from = round_up_from).await;
    let teacher = app.quick_user("belov@school.ru", "Белов", "Игорь", &[Role::Worker]);
    let other_teacher = app.quick_user("fizik@school.ru", "Физиков", "Пётр", &[Role::Worker]);
    let anna = app.quick_user("anna@school.ru", "Петрова", "Анна", &[Role::Student]);
    let boris = app.quick_user("boris@school.ru", "Сидоров", "Борис", &[Role::Student]);
    let parent = app.quick_user("mama@school.ru", "Петрова", "Ольга", &[Role::Parent]);
    let other_parent = app.quick_user("papa@school.ru", "Сидоров", "Олег", &[Role::Parent]);
    let manager = app.quick_user("boss@school.ru", "Директорова", "Мария", &[Role::Manager]);
    let txn = app.store.write().expect("txn");
    klass::store::family::link(&txn, UserId(parent), UserId(anna)).expect("link");
    klass::store::family::link(&txn, UserId(other_parent), UserId(boris)).expect("link");
    let (math, physics) = (subject(&txn, "Математика"), subject(&txn, "Физика"));
    let students = vec![UserId(anna), UserId(boris)];
    let group = record::insert(&txn, |id: GroupId| Group {
        id,
        name: "Алгебра 9".into(),
        subject_id: math,
        course_id: None,
        teacher_id: UserId(teacher),
        student_ids: students.clone(),
        capacity: None,
        room: String::new(),
        schedule: Vec::new(),
        starts_on: date(2026, 9, 1),
        ends_on: None,
        price: None,
        archived: false,
    })
    .expect("group");
    let lessons: Vec<Lesson> = [7, 14, 21, 28]
        .into_iter()
        .map(|day| {
            let starts_at = september(day);
            let student_ids: Vec<u64> = students.iter().map(|s| s.0).collect();
            record::insert(&txn, |id| Lesson {
                group_id: Some(group.id),
                duration_minutes: 45,
                status: LessonStatus::Done,
                topic: format!("Тема {day}"),
                ..crate::helpers::planned_lesson(id, math.0, teacher, &student_ids, starts_at)
            })
            .expect("lesson")
        })
        .collect();
    let record = |lesson: &Lesson, student: u64, status| Attendance {
        lesson_id: lesson.id,
        student_id: UserId(student),
        status,
        comment: String::new(),
        recorded_by: UserId(teacher),
        recorded_at: Timestamp::now(),
    };
    use AttendanceStatus::{Excused, Late, Present, Unexcused};
    let days = [
        [(anna, Present), (boris, Late)],
        [(anna, Unexcused), (boris, Present)],
        [(anna, Excused), (boris, Present)],
    ];
    for (lesson, day) in lessons.iter().zip(days) {
        let records: Vec<Attendance> = day.iter().map(|(s, status)| record(lesson, *s, *status)).collect();
        attendance::replace_lesson(&txn, lesson, &records).expect("attendance");
    }
    let ids: Vec<u64> = lessons.iter().map(|l| l.id.0).collect();
    // Anna: 5 and 5 (weight 1) and a test of 4 (weight 2): 18 / 4 = 4.5 (4.67 unweighted).
    mark(&txn, (anna, math, Some(ids[0])), 5, MarkKind::Lesson, 1, teacher);
    mark(&txn, (anna, math, Some(ids[1])), 5, MarkKind::Homework, 1, teacher);
    mark(&txn, (anna, math, Some(ids[2])), 4, MarkKind::Test, 2, teacher);
    // Boris: a 5 at a lesson and a paper test of 2 (weight 2, no lesson): 9 / 3 = 3.
    mark(&txn, (boris, math, Some(ids[0])), 5, MarkKind::Lesson, 1, teacher);
    mark(&txn, (boris, math, None), 2, MarkKind::Test, 2, teacher);
    // Anna's physics mark, by another teacher: not in the math grid.
    mark(&txn, (anna, physics, None), 2, MarkKind::Lesson, 1, other_teacher);
    txn.commit().expect("commit");
    School {
        app,
        group: group.id.0,
        math: math.0,
        physics: physics.0,
        lessons: ids,
        anna,
        boris,
        teacher,
        other_teacher,
        parent,
        other_parent,
        manager,
    }
}

impl School {
    /// Puts the group's lesson `lesson` in physics and gives Anna a physics mark of `value` at it.
    pub fn lesson_moved_to_physics(&self, lesson: u64, value: u8) {
        let txn = self.app.store.write().expect("txn");
        let old: Lesson = record::get(&txn, LessonId(lesson)).expect("get").expect("lesson");
        record::update(
            &txn,
            &Lesson {
                subject_id: SubjectId(self.physics),
                ..old
            },
        )
        .expect("update");
        let at = (self.anna, SubjectId(self.physics), Some(lesson));
        mark(&txn, at, value, MarkKind::Lesson, 1, self.teacher);
        txn.commit().expect("commit");
    }

    /// A done individual math lesson of `student` with `teacher` on September `day`, where he
    /// was present and got a lesson mark of `value`; its id.
    pub fn individual_math_lesson(&self, teacher: u64, student: u64, day: i8, value: u8) -> u64 {
        let txn = self.app.store.write().expect("txn");
        let lesson = record::insert(&txn, |id| Lesson {
            duration_minutes: 45,
            status: LessonStatus::Done,
            ..crate::helpers::planned_lesson(id, self.math, teacher, &[student], september(day))
        })
        .expect("lesson");
        let present = Attendance {
            lesson_id: lesson.id,
            student_id: UserId(student),
            status: AttendanceStatus::Present,
            comment: String::new(),
            recorded_by: UserId(teacher),
            recorded_at: Timestamp::now(),
        };
        attendance::replace_lesson(&txn, &lesson, &[present]).expect("attendance");
        let math = SubjectId(self.math);
        mark(
            &txn,
            (student, math, Some(lesson.id.0)),
            value,
            MarkKind::Lesson,
            1,
            teacher,
        );
        txn.commit().expect("commit");
        lesson.id.0
    }

    pub fn as_user(&self, id: u64) -> Browser {
        self.app.browser_as(id, None)
    }

    pub async fn read(&self, who: u64, path: &str) -> Value {
        let response = self.as_user(who).get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        json(response).await["data"].clone()
    }

    pub async fn status(&self, who: u64, path: &str) -> u16 {
        self.as_user(who).get(path).await.status().as_u16()
    }
}
