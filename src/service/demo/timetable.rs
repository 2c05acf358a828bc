//! The demo school's timetable: eight groups across three rooms with no teacher, student or
//! room double-booked, a few individual lessons, the last four weeks done (a few cancelled),
//! the rest planned 26 weeks ahead; every demo student is in at least one group. One individual
//! lesson of yesterday was left planned: a journal to fill, which the evening reminder tells.

use super::catalog::Catalog;
use crate::domain::group::{Group, ScheduleSlot};
use crate::domain::lesson::{Lesson, LessonStatus};
use crate::domain::timetable::{Occurrence, horizon, occurrences};
use crate::domain::{GroupId, User, UserId};
use crate::store::WriteTxn;
use crate::store::{StoreError, record};
use jiff::civil::{Date, time};
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};

/// (name, subject, teacher, room, weekdays, start hour and minute, minutes, course)
type Plan = (
    &'static str,
    usize,
    usize,
    &'static str,
    &'static [u8],
    (i8, i8),
    u16,
    Option<usize>,
);

/// Subjects and teachers by their place in the catalogue and among the workers; each room,
/// teacher and weekday hour is used once.
const GROUPS: [Plan; 8] = [
    ("Математика 9А, ОГЭ", 0, 3, "12", &[1, 3], (16, 0), 90, Some(0)),
    ("Математика 7", 0, 3, "12", &[2, 4], (16, 0), 60, None),
    ("Русский язык 9", 1, 0, "14", &[1, 3], (16, 0), 60, None),
    ("Английский с нуля", 2, 0, "14", &[2, 4], (17, 0), 60, Some(1)),
    ("Английский A2", 2, 2, "21", &[1, 3], (17, 0), 60, None),
    ("Физика 8", 3, 1, "21", &[2, 4], (15, 0), 60, None),
    ("Химия 9", 4, 2, "21", &[5], (16, 0), 90, None),
    ("Информатика: Python", 5, 1, "12", &[5], (16, 0), 90, None),
];

/// A group's size at most: a large demo school (`--demo-people 5000`) keeps real-sized groups
/// rather than putting hundreds of students in each.
const MAX_STUDENTS: usize = 12;

/// How far back the timetable starts: these weeks' lessons are done.
const WEEKS_DONE: i32 = 4;

/// What was made.
pub struct Made {
    pub groups: usize,
    pub lessons: usize,
    /// When the lesson left unfilled starts (none in a school without students).
    pub unfilled_from: Option<Timestamp>,
}

/// Creates the groups and their lessons for `teachers` (the workers) and `students`.
pub fn seed(
    txn: &WriteTxn,
    catalog: &Catalog,
    teachers: &[User],
    students: &[UserId],
    tz: &TimeZone,
) -> Result<Made, StoreError> {
    let now = Timestamp::now();
    let today = now.to_zoned(tz.clone()).date();
    let starts_on = today.saturating_sub(WEEKS_DONE.weeks());
    let mut made = Made {
        groups: 0,
        lessons: 0,
        unfilled_from: None,
    };
    for (n, (name, subject, teacher, room, days, (hour, minute), minutes, course)) in GROUPS.into_iter().enumerate() {
        let members = members_of(n, students);
        // Room to spare: never fewer places than students.
        let capacity = u32::try_from(members.len()).unwrap_or(u32::MAX).max(10) + 2;
        let group = record::insert(txn, |id| Group {
            id,
            name: name.into(),
            subject_id: catalog.subjects[subject].id,
            course_id: course.map(|c| catalog.courses[c].id),
            teacher_id: teachers[teacher].id,
            student_ids: members,
            capacity: Some(capacity),
            room: room.into(),
            schedule: days
                .iter()
                .map(|weekday| ScheduleSlot {
                    weekday: *weekday,
                    start: time(hour, minute, 0, 0),
                    duration_minutes: minutes,
                })
                .collect(),
            starts_on,
            ends_on: None,
            price: None,
            archived: false,
        })?;
        made.groups += 1;
        let until = horizon(group.ends_on, today);
        for (k, occurrence) in occurrences(&group.schedule, starts_on, until, tz)
            .into_iter()
            .enumerate()
        {
            let lesson = lesson(&group, occurrence, k, now);
            record::insert(txn, |id| Lesson { id, ..lesson })?;
            made.lessons += 1;
        }
    }
    let (individual, unfilled_from) = individual(txn, catalog, teachers, students, today, tz, now)?;
    made.lessons += individual;
    made.unfilled_from = unfilled_from;
    Ok(made)
}

/// The students of group `n` (at most `MAX_STUDENTS`): one group each by turn, then, while
/// there is room in the Friday informatics group, every fifth student (unless in Friday
/// chemistry, at the same hour). The first `GROUPS.len() * MAX_STUDENTS` students are each in a
/// group; a bigger demo school leaves the others out.
fn members_of(n: usize, students: &[UserId]) -> Vec<UserId> {
    let by_turn = students.iter().enumerate().filter(|(k, _)| k % GROUPS.len() == n);
    let mut members: Vec<UserId> = by_turn.map(|(_, s)| *s).take(MAX_STUDENTS).collect();
    if n == 7 {
        let also = students
            .iter()
            .enumerate()
            .filter(|(k, _)| k % 5 == 0 && k % GROUPS.len() != 6 && k % GROUPS.len() != n)
            .map(|(_, s)| *s);
        let room = MAX_STUDENTS.saturating_sub(members.len());
        members.extend(also.take(room));
    }
    members
}

/// The `k`-th lesson of a group: done (every ninth cancelled) before `now`, planned after.
fn lesson(group: &Group, occurrence: Occurrence, k: usize, now: Timestamp) -> Lesson {
    let past = occurrence.starts_at < now;
    let cancelled = past && k % 9 == 4;
    let held = past && !cancelled;
    Lesson {
        group_id: Some(group.id),
        course_id: group.course_id,
        student_ids: group.student_ids.clone(),
        room: group.room.clone(),
        status: match (past, cancelled) {
            (_, true) => LessonStatus::Cancelled,
            (true, false) => LessonStatus::Done,
            (false, _) => LessonStatus::Planned,
        },
        cancel_reason: if cancelled {
            "Болезнь учителя".into()
        } else {
            String::new()
        },
        topic: if held {
            format!("Занятие {}", k + 1)
        } else {
            String::new()
        },
        // What a student finds on his start page for the next lesson of the group.
        homework: if held {
            format!("§ {}, упражнения {}–{}", k + 1, 3 * k + 1, 3 * k + 4)
        } else {
            String::new()
        },
        // Each student pays his own price for the subject, or the subject's, as a group
        // without a price of its own charges.
        price: group.price,
        slot_at: Some(occurrence.starts_at),
        ..Lesson::planned(
            group.teacher_id,
            group.subject_id,
            occurrence.starts_at,
            occurrence.duration_minutes,
        )
    }
}

/// Saturday individual lessons of the first student with the mathematics teacher: two weeks
/// back (done) and three ahead (planned). And yesterday at 13:00 an extra one the teacher did not
/// record: it stays planned, on his start page as a journal to fill (nobody has a lesson then:
/// groups meet from 15:00, the Saturday lessons end at 12:00). Returns how many lessons were
/// made and when the unfilled one starts.
fn individual(
    txn: &WriteTxn,
    catalog: &Catalog,
    teachers: &[User],
    students: &[UserId],
    today: Date,
    tz: &TimeZone,
    now: Timestamp,
) -> Result<(usize, Option<Timestamp>), StoreError> {
    let Some(student) = students.first() else {
        return Ok((0, None));
    };
    let saturday = [ScheduleSlot {
        weekday: 6,
        start: time(11, 0, 0, 0),
        duration_minutes: 60,
    }];
    let from = today.saturating_sub(2.weeks());
    let found = occurrences(&saturday, from, today.saturating_add(3.weeks()), tz);
    let group = Group {
        id: GroupId(0),
        name: String::new(),
        subject_id: catalog.subjects[0].id,
        course_id: None,
        teacher_id: teachers[3].id,
        student_ids: vec![*student],
        capacity: None,
        room: String::new(),
        schedule: saturday.to_vec(),
        starts_on: from,
        ends_on: None,
        price: None,
        archived: false,
    };
    for (k, occurrence) in found.iter().enumerate() {
        let one_off = Lesson {
            group_id: None,
            slot_at: None,
            ..lesson(&group, *occurrence, k, now)
        };
        record::insert(txn, |id| Lesson { id, ..one_off })?;
    }
    let yesterday = today.saturating_sub(1.day()).at(13, 0, 0, 0);
    let Ok(starts_at) = yesterday.to_zoned(tz.clone()).map(|at| at.timestamp()) else {
        return Ok((found.len(), None));
    };
    let unfilled = Lesson {
        student_ids: vec![*student],
        ..Lesson::planned(group.teacher_id, group.subject_id, starts_at, 60)
    };
    record::insert(txn, |id| Lesson { id, ..unfilled })?;
    Ok((found.len() + 1, Some(starts_at)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The students of `count` in no group.
    fn left_out(count: u64) -> usize {
        let students: Vec<UserId> = (1..=count).map(UserId).collect();
        let grouped: std::collections::HashSet<UserId> =
            (0..GROUPS.len()).flat_map(|n| members_of(n, &students)).collect();
        students.iter().filter(|s| !grouped.contains(s)).count()
    }

    #[test]
    fn the_first_ninety_six_students_are_each_in_a_group_of_at_most_twelve() {
        for count in [1, 40, 54, 60, 95, 96] {
            assert_eq!(left_out(count), 0, "{count} students");
        }
        assert_eq!(left_out(100), 4, "the groups are full");
        let students: Vec<UserId> = (1..=500).map(UserId).collect();
        assert!((0..GROUPS.len()).all(|n| members_of(n, &students).len() == MAX_STUDENTS));
        let few: Vec<UserId> = (1..=40).map(UserId).collect();
        assert!(
            members_of(7, &few).len() > members_of(6, &few).len(),
            "informatics takes every fifth too"
        );
    }
}
