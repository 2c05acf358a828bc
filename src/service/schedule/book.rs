//! Booking lessons: every clash of a batch of lessons about to be written, with the lessons
//! already stored and with each other, found at once through the time indexes of the
//! teachers, students and rooms concerned.

use super::School;
use crate::domain::LessonId;
use crate::domain::clash;
use crate::domain::lesson::Lesson;
use crate::domain::timetable::{MAX_DURATION_MINUTES, day_in};
use crate::service::{FieldErrors, ServiceError};
use crate::store::lessons::{self, Whose};
use crate::store::record::Reader;
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use std::collections::BTreeSet;

/// Refuses the batch with a 422 on `starts_at` naming every clash, when there is one.
/// `leaving` are lessons the same change removes; with `dated`, each message starts with the
/// day («24.11.2026: Учитель …»), for a change of many lessons.
pub fn check(
    txn: &impl Reader,
    batch: &[Lesson],
    leaving: &BTreeSet<LessonId>,
    school: &School,
    tz: &TimeZone,
    dated: bool,
) -> Result<(), ServiceError> {
    let messages = clashes(txn, batch, leaving, school, tz, dated)?;
    if messages.is_empty() {
        return Ok(());
    }
    let mut errors = FieldErrors::new();
    for message in messages {
        errors.push("starts_at", message);
    }
    Err(errors.into())
}

/// Every clash of the batch, one message each, without repeats.
pub fn clashes(
    txn: &impl Reader,
    batch: &[Lesson],
    leaving: &BTreeSet<LessonId>,
    school: &School,
    tz: &TimeZone,
    dated: bool,
) -> Result<Vec<String>, ServiceError> {
    let booking: Vec<&Lesson> = batch.iter().filter(|l| clash::books(l)).collect();
    let (Some(first), Some(last)) = (
        booking.iter().map(|l| l.starts_at).min(),
        booking.iter().map(|l| l.ends_at()).max(),
    ) else {
        return Ok(Vec::new());
    };
    let from = first - SignedDuration::from_mins(i64::from(MAX_DURATION_MINUTES));
    let mut sources: BTreeSet<Whose> = BTreeSet::new();
    for lesson in &booking {
        sources.insert(Whose::Teacher(lesson.teacher_id));
        sources.extend(lesson.student_ids.iter().map(|s| Whose::Student(*s)));
        if !lesson.room.trim().is_empty() {
            sources.insert(Whose::Room(crate::domain::lesson::room_key(&lesson.room)));
        }
    }
    let in_batch: BTreeSet<LessonId> = batch.iter().map(|l| l.id).collect();
    let mut ids = BTreeSet::new();
    for whose in &sources {
        ids.extend(lessons::ids(txn, whose, from, last)?);
    }
    let ids: Vec<LessonId> = ids
        .into_iter()
        .filter(|id| !leaving.contains(id) && !in_batch.contains(id))
        .collect();
    let mut others = lessons::load(txn, &ids)?;
    others.extend(batch.iter().cloned());
    others.sort_by_key(|l| (l.starts_at, l.id));
    let mut found: Vec<String> = Vec::new();
    for lesson in booking {
        let window = near(&others, lesson.starts_at);
        for message in clash::clashes(lesson, window, school, tz) {
            let message = if dated {
                format!("{}: {message}", day_in(lesson.starts_at, tz))
            } else {
                message
            };
            if !found.contains(&message) {
                found.push(message);
            }
        }
    }
    Ok(found)
}

/// The lessons (sorted by start) that may overlap one starting at `at`.
fn near(sorted: &[Lesson], at: Timestamp) -> &[Lesson] {
    let longest = SignedDuration::from_mins(i64::from(MAX_DURATION_MINUTES) * 2);
    let start = sorted.partition_point(|l| l.starts_at < at - longest);
    let end = sorted.partition_point(|l| l.starts_at < at + longest);
    &sorted[start..end]
}
