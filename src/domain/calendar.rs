//! A person's calendar: the private iCal link (its token) and the entries a calendar shows.

use super::UserId;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// The private iCal link of one person: a random token that opens his calendar feed without
/// signing in. One per person, kept under the person's id; rotating replaces the token.
///
/// The token is kept as it is, not hashed: the person's calendar page shows the link again
/// whenever he adds a phone, and the token opens only a read-only copy of a timetable that the
/// same database holds in full, so a stolen copy of the database gains nothing from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalendarFeed {
    /// The person's id (the record's key).
    pub id: UserId,
    pub token: String,
    pub rotated_at: Timestamp,
}

/// What a calendar entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    Lesson,
    /// A school event.
    Event,
}

/// One entry of a calendar (a lesson or a school event), as the calendar page and the iCal
/// feed show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CalendarEntry {
    pub kind: EntryKind,
    pub id: u64,
    /// The subject's name for a lesson.
    pub title: String,
    pub starts_at: Timestamp,
    pub ends_at: Timestamp,
    /// An all-day event: from the midnight of its first day to that after its last.
    pub all_day: bool,
    /// A palette colour (spec §9), the subject's for a lesson.
    pub color: String,
    /// Empty when none is set.
    pub room: String,
    pub status: super::lesson::LessonStatus,
    pub cancel_reason: String,
    /// A lesson's topic; an event's description.
    pub topic: String,
    pub subject_id: Option<super::SubjectId>,
    pub group_id: Option<super::GroupId>,
    pub teacher_id: Option<UserId>,
}
