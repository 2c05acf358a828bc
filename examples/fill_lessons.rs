//! A fixture of `make bench`: adds groups and their lessons to a data dir, so the bench can
//! measure the teaching reads at the scale of issue 13 (300 groups, 1,000,000 lessons).
//!
//! Run: `cargo run --release --example fill_lessons -- DATA_DIR GROUPS LESSONS` on a data dir no
//! server has open (e.g. one seeded by `klass serve --demo --demo-people 5000`). Each group has a
//! teacher (60 in all, added as workers when the school has fewer), eight students, one of 30 rooms and two weekly slots; its lessons run back in time
//! from 26 weeks ahead, two a week, so this week holds as many lessons as a real school's week
//! and the rest lie in the past. Lessons are written as the portal stores them (with every
//! index), without clash checks: the fixture is about reading.

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use klass::domain::group::{Group, ScheduleSlot};
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::domain::subject::Subject;
use klass::domain::{Email, GroupId, LessonId, NewUser, PersonName, Role, SubjectId, UserId};
use klass::store::{Store, record, users};
use std::path::PathBuf;
use std::process::ExitCode;

const PER_TRANSACTION: u64 = 20_000;
const STUDENTS_PER_GROUP: usize = 8;
const ROOMS: u64 = 30;
/// Teachers the groups are shared among (about five groups, ten lessons a week, each), added as
/// workers when the school has fewer.
const TEACHERS: usize = 60;
const FIRST_NAMES: [&str; 6] = ["Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор"];

/// Why the fixture cannot run.
type Failure = Box<dyn std::error::Error>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|n| n.parse::<u64>().ok());
    let (Some(dir), Some(groups), Some(lessons)) = (args.first(), number(1), number(2)) else {
        eprintln!("usage: fill_lessons DATA_DIR GROUPS LESSONS");
        return ExitCode::FAILURE;
    };
    match fill(&PathBuf::from(dir), groups.max(1), lessons) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fill_lessons: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The people a group is made of.
struct Cast {
    teachers: Vec<UserId>,
    students: Vec<UserId>,
    subjects: Vec<SubjectId>,
}

fn cast(store: &Store) -> Result<Cast, Failure> {
    hire_teachers(store)?;
    let txn = store.read()?;
    let teachers = users::ids_with_role(&txn, Role::Worker)?;
    let students = users::ids_with_role(&txn, Role::Student)?;
    let subjects = record::all::<Subject>(&txn)?.into_iter().map(|s| s.id).collect();
    Ok(Cast {
        teachers,
        students,
        subjects,
    })
}

fn fill(dir: &std::path::Path, groups: u64, lessons: u64) -> Result<(), Failure> {
    let store = Store::open(dir, 64)?;
    let Cast {
        teachers,
        students,
        subjects,
    } = cast(&store)?;
    if teachers.is_empty() || subjects.is_empty() || students.len() < STUDENTS_PER_GROUP {
        let need = format!("workers, subjects and at least {STUDENTS_PER_GROUP} students");
        return Err(format!("the school needs {need} (seed it with `serve --demo`)").into());
    }
    let zone = TimeZone::get("Europe/Moscow")?;
    let today = Timestamp::now().to_zoned(zone.clone()).date();
    let horizon = today.checked_sub((today.weekday().to_monday_zero_offset() as i64).days())? + 26.weeks();
    let now = Timestamp::now();
    let txn = store.write()?;
    let mut made = Vec::with_capacity(groups as usize);
    for g in 0..groups {
        let teacher = teachers[(g as usize) % teachers.len()];
        let first = (g as usize * STUDENTS_PER_GROUP) % (students.len() - STUDENTS_PER_GROUP + 1);
        let group = record::insert(&txn, |id: GroupId| Group {
            id,
            name: format!("Группа {}", g + 1),
            subject_id: subjects[(g as usize) % subjects.len()],
            course_id: None,
            teacher_id: teacher,
            student_ids: students[first..first + STUDENTS_PER_GROUP].to_vec(),
            capacity: Some(STUDENTS_PER_GROUP as u32 + 2),
            room: format!("каб. {}", g % ROOMS + 1),
            schedule: slots(g),
            starts_on: jiff::civil::date(2000, 1, 3),
            ends_on: None,
            price: Some(80_000),
            archived: false,
        })?;
        made.push(group);
    }
    txn.commit()?;
    let per_group = lessons.div_ceil(groups);
    let mut written = 0;
    while written < lessons {
        let txn = store.write()?;
        for n in written..lessons.min(written + PER_TRANSACTION) {
            let group = &made[(n / per_group) as usize];
            let k = n % per_group;
            // Two a week, on the group's slots, going back from the horizon.
            let slot = group.schedule[(k % 2) as usize];
            let weeks_back = i64::try_from(k / 2).unwrap_or(i64::MAX);
            let day: Date = horizon.checked_sub(weeks_back.weeks())? + i64::from(slot.weekday - 1).days();
            let starts_at = day.to_datetime(slot.start).to_zoned(zone.clone())?.timestamp();
            let status = if starts_at < now {
                LessonStatus::Done
            } else {
                LessonStatus::Planned
            };
            record::insert(&txn, |id: LessonId| Lesson {
                id,
                group_id: Some(group.id),
                subject_id: group.subject_id,
                course_id: None,
                teacher_id: group.teacher_id,
                student_ids: group.student_ids.clone(),
                starts_at,
                duration_minutes: 60,
                room: group.room.clone(),
                status,
                cancel_reason: String::new(),
                topic: String::new(),
                homework: String::new(),
                price: group.price,
                moved_by_hand: false,
                slot_at: Some(starts_at),
            })?;
        }
        txn.commit()?;
        written = lessons.min(written + PER_TRANSACTION);
    }
    Ok(())
}

/// Adds workers until the school has `TEACHERS` (signing in with the first worker's password).
fn hire_teachers(store: &Store) -> Result<(), Failure> {
    let txn = store.write()?;
    let workers = users::ids_with_role(&txn, Role::Worker)?;
    let Some(first) = workers.first() else {
        return Err("the school has no worker to copy a password from".into());
    };
    let password = users::get(&txn, *first)?.ok_or("no first worker")?.password_hash;
    for n in workers.len()..TEACHERS {
        let new = NewUser::new(
            Email::parse(&format!("teacher{n}@bench.klass"))?,
            PersonName::parse("Учителев")?,
            PersonName::parse(FIRST_NAMES[n % FIRST_NAMES.len()])?,
            [Role::Worker].into(),
            password.clone(),
        );
        users::insert(&txn, new, Timestamp::now())?;
    }
    txn.commit()?;
    Ok(())
}

/// Two weekly slots for group `g`.
fn slots(g: u64) -> Vec<ScheduleSlot> {
    let hour = 9 + (g / 5 % 10) as i8;
    let start = jiff::civil::time(hour, 0, 0, 0);
    let weekday = (g % 5) as u8 + 1;
    vec![
        ScheduleSlot {
            weekday,
            start,
            duration_minutes: 60,
        },
        ScheduleSlot {
            weekday: weekday + 2,
            start,
            duration_minutes: 60,
        },
    ]
}
