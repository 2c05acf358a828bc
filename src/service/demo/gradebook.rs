//! The demo school's journal: every done lesson has its attendance (mostly present, some late,
//! a few absent with and without a reason) and marks (for the lesson, for homework, and every
//! fourth lesson of a group a test for everyone there), the same each time it is seeded.

use crate::domain::journal::{Attendance, AttendanceStatus, Mark, MarkKind};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::{GroupId, MarkId, UserId};
use crate::store::WriteTxn;
use crate::store::{StoreError, attendance, lessons, record};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use std::collections::HashMap;

/// What was recorded.
pub struct Made {
    pub attendance: usize,
    pub marks: usize,
}

/// A number from 0 to 99 that depends only on `a` and `b` (a fixed mix, no randomness).
fn roll(a: u64, b: u64) -> u64 {
    let mut x = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_add(0x632B_E59B_D9B4_E019);
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    (x ^ (x >> 31)) % 100
}

/// How `student` was at `lesson`: 84 in 100 present, 8 late, 4 excused, 4 unexcused.
fn status_of(lesson: &Lesson, student: UserId) -> AttendanceStatus {
    match roll(lesson.id.0, student.0) {
        0..84 => AttendanceStatus::Present,
        84..92 => AttendanceStatus::Late,
        92..96 => AttendanceStatus::Excused,
        _ => AttendanceStatus::Unexcused,
    }
}

/// A mark of `student` around his usual level (3, 4 or 5, by his id), now and then one lower
/// or higher.
fn value_of(student: UserId, salt: u64) -> u8 {
    let usual = 3 + (student.0 % 3) as i16;
    let shift = match roll(student.0, salt) {
        0..15 => -1,
        15..80 => 0,
        _ => 1,
    };
    (usual + shift).clamp(2, 5) as u8
}

/// Records the attendance and marks of every done lesson that started before `now`;
/// `weight` gives each kind's weight.
pub fn seed(
    txn: &WriteTxn,
    tz: &TimeZone,
    now: Timestamp,
    weight: impl Fn(MarkKind) -> u8,
) -> Result<Made, StoreError> {
    let mut made = Made {
        attendance: 0,
        marks: 0,
    };
    // The n-th done lesson of each group (individual lessons count as one group).
    let mut count: HashMap<Option<GroupId>, u64> = HashMap::new();
    for lesson in lessons::between(txn, Timestamp::MIN, now)? {
        if lesson.status != LessonStatus::Done {
            continue;
        }
        let n = count.entry(lesson.group_id).or_default();
        *n += 1;
        let test = *n % 4 == 0;
        let ends = lesson.starts_at + i64::from(lesson.duration_minutes).minutes();
        let records: Vec<Attendance> = lesson
            .student_ids
            .iter()
            .map(|&student_id| Attendance {
                lesson_id: lesson.id,
                student_id,
                status: status_of(&lesson, student_id),
                comment: String::new(),
                recorded_by: lesson.teacher_id,
                recorded_at: ends,
            })
            .collect();
        attendance::replace_lesson(txn, &lesson, &records)?;
        made.attendance += records.len();
        let date = lesson.starts_at.to_zoned(tz.clone()).date();
        for record in records.iter().filter(|r| r.status.attended()) {
            let student = record.student_id;
            let dice = roll(student.0, lesson.id.0 + 7);
            let kinds = [
                (test, MarkKind::Test),
                (!test && dice < 30, MarkKind::Lesson),
                (!test && dice % 7 == 0, MarkKind::Homework),
            ];
            for (kind, salt) in kinds.into_iter().filter(|(give, _)| *give).map(|(_, k)| k).zip(1..) {
                record::insert(txn, |id: MarkId| Mark {
                    id,
                    student_id: student,
                    subject_id: lesson.subject_id,
                    lesson_id: Some(lesson.id),
                    value: value_of(student, lesson.id.0 * 3 + salt),
                    kind,
                    weight: weight(kind),
                    comment: String::new(),
                    date,
                    teacher_id: lesson.teacher_id,
                    given_at: ends,
                })?;
                made.marks += 1;
            }
        }
    }
    Ok(made)
}
