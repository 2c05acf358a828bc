//! A school event (holiday, exam, parent meeting …): when it is, whom it is for, and whether a
//! holiday cancels the lessons it covers.

use super::{EventId, GroupId, UserId};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// The longest title, in characters.
pub const MAX_TITLE: usize = 200;
/// The longest event, in days (a summer break fits).
pub const MAX_DAYS: i64 = 100;

/// What an event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Holiday,
    Exam,
    Meeting,
    Other,
}

impl EventKind {
    /// In Russian, as a badge says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Holiday => "Каникулы и праздники",
            Self::Exam => "Экзамен",
            Self::Meeting => "Собрание",
            Self::Other => "Другое",
        }
    }

    /// The palette colour (spec §9) the calendars show it in.
    pub fn color(self) -> &'static str {
        match self {
            Self::Holiday => "green",
            Self::Exam => "red",
            Self::Meeting => "purple",
            Self::Other => "gray",
        }
    }
}

/// Whom an event is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone of the school.
    All,
    /// Managers and workers.
    Staff,
    /// The students of these groups, their parents and the groups' teachers.
    Groups(Vec<GroupId>),
    /// These people (and a student's parents).
    People(Vec<UserId>),
}

/// A stored event. An all-day event runs from the start of its first day to the start of the
/// day after its last, in the school's time zone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: EventId,
    pub title: String,
    pub description: String,
    pub kind: EventKind,
    pub starts_at: Timestamp,
    pub ends_at: Timestamp,
    pub all_day: bool,
    pub audience: Audience,
    /// A holiday that cancelled the planned lessons it covers.
    pub cancels_lessons: bool,
    pub author_id: UserId,
    pub created_at: Timestamp,
}

impl Event {
    /// Whether it overlaps [from, to).
    pub fn overlaps(&self, from: Timestamp, to: Timestamp) -> bool {
        self.starts_at < to && from < self.ends_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_overlaps_a_span_it_touches() {
        let at = |s: i64| Timestamp::from_second(s).expect("time");
        let event = Event {
            id: EventId(1),
            title: "Каникулы".into(),
            description: String::new(),
            kind: EventKind::Holiday,
            starts_at: at(100),
            ends_at: at(200),
            all_day: true,
            audience: Audience::All,
            cancels_lessons: true,
            author_id: UserId(1),
            created_at: at(0),
        };
        assert!(event.overlaps(at(150), at(300)));
        assert!(event.overlaps(at(0), at(101)));
        assert!(!event.overlaps(at(200), at(300)));
        assert!(!event.overlaps(at(0), at(100)));
    }
}
