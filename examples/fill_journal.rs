//! A fixture of `make bench`: adds the journal of the lessons done to a data dir filled by
//! `fill_lessons`, so the bench can measure the journal reads at the scale of issue 14
//! (5,000,000 attendance records, 2,000,000 marks).
//!
//! Run: `cargo run --release --example fill_journal -- DATA_DIR ATTENDANCE MARKS` on a data dir
//! no server has open. Going back from now through the school's done lessons, each student of
//! each lesson gets an attendance record (mostly present) until ATTENDANCE are written; marks
//! go with them at the share MARKS / ATTENDANCE (every fourth lesson of a group a test of weight
//! 2 for everyone there, the rest for the lesson or homework). Written as the portal stores them
//! (`store::attendance::replace_lesson`, marks with every index), in batches of non-durable
//! commits made durable by a last durable one.

use jiff::Timestamp;
use jiff::tz::TimeZone;
use klass::domain::journal::{Attendance, AttendanceStatus, Mark, MarkKind};
use klass::domain::lesson::{Lesson, LessonStatus};
use klass::domain::{GroupId, LessonId, MarkId};
use klass::store::lessons::{self, Whose};
use klass::store::{Store, attendance, record};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Lessons per transaction.
const PER_TRANSACTION: usize = 5_000;

/// Why the fixture cannot run.
type Failure = Box<dyn std::error::Error>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|n| n.parse::<u64>().ok());
    let (Some(dir), Some(records), Some(marks)) = (args.first(), number(1), number(2)) else {
        eprintln!("usage: fill_journal DATA_DIR ATTENDANCE MARKS");
        return ExitCode::FAILURE;
    };
    match fill(&PathBuf::from(dir), records, marks) {
        Ok((records, marks)) => {
            println!("fill_journal: {records} attendance records, {marks} marks");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("fill_journal: {err}");
            ExitCode::FAILURE
        }
    }
}

/// A fixed mix of `a` and `b`, 0..1000.
fn roll(a: u64, b: u64) -> u64 {
    let mut x = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_add(0x632B_E59B_D9B4_E019);
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x ^ (x >> 31)) % 1000
}

fn status_of(lesson: LessonId, student: u64) -> AttendanceStatus {
    match roll(lesson.0, student) {
        0..840 => AttendanceStatus::Present,
        840..920 => AttendanceStatus::Late,
        920..960 => AttendanceStatus::Excused,
        _ => AttendanceStatus::Unexcused,
    }
}

fn fill(dir: &std::path::Path, records: u64, marks: u64) -> Result<(u64, u64), Failure> {
    let store = Store::open(dir, 64)?;
    let zone = TimeZone::get("Europe/Moscow")?;
    let now = Timestamp::now();
    let mut ids: Vec<LessonId> = lessons::ids(&store.read()?, &Whose::School, Timestamp::MIN, now)?;
    ids.reverse();
    // A test every fourth lesson marks everyone there (about 92 in 100); the other lessons give
    // marks to `share` in a thousand of those there, so that marks / records comes out right.
    let wanted = if records == 0 {
        0.0
    } else {
        marks as f64 / records as f64
    };
    let share = ((wanted - 0.25 * 0.92) / (0.75 * 0.92)).clamp(0.0, 1.0);
    let share = (share * 1000.0) as u64;
    let (mut written, mut given) = (0u64, 0u64);
    let mut nth: HashMap<Option<GroupId>, u64> = HashMap::new();
    for batch in ids.chunks(PER_TRANSACTION) {
        if written >= records {
            break;
        }
        let txn = store.write_lazily()?;
        for lesson in lessons::load(&txn, batch)? {
            if written >= records {
                break;
            }
            if lesson.status != LessonStatus::Done {
                continue;
            }
            let n = nth.entry(lesson.group_id).or_default();
            *n += 1;
            let test = *n % 4 == 0;
            let rows = journal_of(&lesson);
            attendance::replace_lesson(&txn, &lesson, &rows)?;
            written += rows.len() as u64;
            let date = lesson.starts_at.to_zoned(zone.clone()).date();
            for row in rows.iter().filter(|r| r.status.attended()) {
                let dice = roll(row.student_id.0, lesson.id.0 + 7);
                let kind = if test {
                    MarkKind::Test
                } else if dice < share * 85 / 100 {
                    MarkKind::Lesson
                } else if dice < share {
                    MarkKind::Homework
                } else {
                    continue;
                };
                if given >= marks {
                    continue;
                }
                record::insert(&txn, |id: MarkId| Mark {
                    id,
                    student_id: row.student_id,
                    subject_id: lesson.subject_id,
                    lesson_id: Some(lesson.id),
                    value: 2 + (dice % 4) as u8,
                    kind,
                    weight: if kind == MarkKind::Test { 2 } else { 1 },
                    comment: String::new(),
                    date,
                    teacher_id: lesson.teacher_id,
                    given_at: lesson.starts_at,
                })?;
                given += 1;
            }
        }
        txn.commit()?;
    }
    // One durable commit makes the lazy ones before it durable too.
    store.write()?.commit()?;
    Ok((written, given))
}

/// The attendance of every student of `lesson`.
fn journal_of(lesson: &Lesson) -> Vec<Attendance> {
    lesson
        .student_ids
        .iter()
        .map(|&student_id| Attendance {
            lesson_id: lesson.id,
            student_id,
            status: status_of(lesson.id, student_id.0),
            comment: String::new(),
            recorded_by: lesson.teacher_id,
            recorded_at: lesson.starts_at,
        })
        .collect()
}
