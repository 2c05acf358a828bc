//! The class journal: a student's attendance at a lesson, marks, weighted averages and the
//! term mark by the school's rounding threshold.

use super::{LessonId, MarkId, SubjectId, UserId};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// How a student was at a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttendanceStatus {
    /// присутствовал
    Present,
    /// опоздал
    Late,
    /// отсутствовал по уважительной причине
    Excused,
    /// отсутствовал без уважительной причины
    Unexcused,
}

impl AttendanceStatus {
    /// In Russian, as a sentence or a log entry says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Present => "присутствовал",
            Self::Late => "опоздал",
            Self::Excused => "отсутствовал по уважительной причине",
            Self::Unexcused => "отсутствовал без уважительной причины",
        }
    }

    /// Whether the student was at the lesson at all.
    pub fn attended(self) -> bool {
        matches!(self, Self::Present | Self::Late)
    }
}

/// One student's attendance at one lesson (at most one per lesson and student).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attendance {
    pub lesson_id: LessonId,
    pub student_id: UserId,
    pub status: AttendanceStatus,
    pub comment: String,
    pub recorded_by: UserId,
    #[serde(with = "jiff::fmt::serde::timestamp::millisecond::required")]
    pub recorded_at: Timestamp,
}

/// What a mark was given for; each kind has a default weight (`journal.weights`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    Lesson,
    Homework,
    Test,
}

impl MarkKind {
    /// In Russian, for the log and the journal.
    pub fn label(self) -> &'static str {
        match self {
            Self::Lesson => "за урок",
            Self::Homework => "за домашнее задание",
            Self::Test => "за контрольную",
        }
    }
}

/// The lowest and highest mark.
pub const MARK_VALUES: std::ops::RangeInclusive<u8> = 1..=5;
/// The lowest and highest weight of a mark.
pub const MARK_WEIGHTS: std::ops::RangeInclusive<u8> = 1..=10;

/// A stored mark.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    pub id: MarkId,
    pub student_id: UserId,
    pub subject_id: SubjectId,
    /// `None` for a mark given without a lesson (a test on paper).
    pub lesson_id: Option<LessonId>,
    pub value: u8,
    pub kind: MarkKind,
    pub weight: u8,
    pub comment: String,
    /// The day it counts for (the lesson's day in the school's time zone).
    pub date: Date,
    pub teacher_id: UserId,
    #[serde(with = "jiff::fmt::serde::timestamp::millisecond::required")]
    pub given_at: Timestamp,
}

/// The fields of a stored mark a journal grid shows, decoded from the same bytes without its
/// student, subject, comment, day, teacher or time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct MarkHead {
    pub id: MarkId,
    pub lesson_id: Option<LessonId>,
    pub value: u8,
    pub kind: MarkKind,
    pub weight: u8,
}

impl Mark {
    /// What a journal grid shows of it.
    pub fn head(&self) -> MarkHead {
        MarkHead {
            id: self.id,
            lesson_id: self.lesson_id,
            value: self.value,
            kind: self.kind,
            weight: self.weight,
        }
    }
}

/// The weighted average of `(value, weight)` pairs; `None` without marks.
pub fn weighted_average(marks: impl IntoIterator<Item = (u8, u8)>) -> Option<f64> {
    let (mut sum, mut weights) = (0u64, 0u64);
    for (value, weight) in marks {
        sum += u64::from(value) * u64::from(weight);
        weights += u64::from(weight);
    }
    (weights > 0).then(|| sum as f64 / weights as f64)
}

/// The term mark of `average`: the whole part, one up when the fraction reaches
/// `round_up_from` (0.5: 4.5 -> 5, 4.49 -> 4; 0.6: 4.5 -> 4, 4.6 -> 5).
pub fn term_mark(average: f64, round_up_from: f64) -> u8 {
    let whole = average.floor();
    // A hundredth of slack, so 4.6 computed as 4.5999999 still reaches a 0.6 threshold.
    let up = average - whole + 1e-9 >= round_up_from;
    let mark = if up { whole + 1.0 } else { whole };
    mark.clamp(f64::from(*MARK_VALUES.start()), f64::from(*MARK_VALUES.end())) as u8
}

/// A student's attendance over a period, counted by status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AttendanceSummary {
    pub present: u32,
    pub late: u32,
    pub excused: u32,
    pub unexcused: u32,
}

impl AttendanceSummary {
    /// Counts one more lesson with `status`.
    pub fn add(&mut self, status: AttendanceStatus) {
        match status {
            AttendanceStatus::Present => self.present += 1,
            AttendanceStatus::Late => self.late += 1,
            AttendanceStatus::Excused => self.excused += 1,
            AttendanceStatus::Unexcused => self.unexcused += 1,
        }
    }

    /// The share of recorded lessons the student attended (present or late), 0..=1; `None`
    /// when nothing is recorded.
    pub fn rate(&self) -> Option<f64> {
        let total = self.present + self.late + self.excused + self.unexcused;
        (total > 0).then(|| f64::from(self.present + self.late) / f64::from(total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_counts_each_mark_by_its_weight() {
        assert_eq!(weighted_average([]), None);
        assert_eq!(weighted_average([(5, 1), (3, 1)]), Some(4.0));
        // A test (weight 2) of 2 and two lesson marks of 5: (2*2 + 5 + 5) / 4 = 3.5.
        assert_eq!(weighted_average([(2, 2), (5, 1), (5, 1)]), Some(3.5));
    }

    #[test]
    fn the_term_mark_rounds_up_from_the_schools_threshold() {
        assert_eq!(term_mark(4.5, 0.5), 5);
        assert_eq!(term_mark(4.49, 0.5), 4);
        assert_eq!(term_mark(4.5, 0.6), 4);
        assert_eq!(term_mark(4.6, 0.6), 5);
        assert_eq!(term_mark(23.0 / 5.0, 0.6), 5, "4.6 as a computed average");
        assert_eq!(term_mark(5.0, 0.5), 5);
        assert_eq!(term_mark(1.2, 0.5), 1);
    }

    #[test]
    fn the_attendance_rate_is_the_share_attended() {
        let mut summary = AttendanceSummary::default();
        assert_eq!(summary.rate(), None);
        for status in [
            AttendanceStatus::Present,
            AttendanceStatus::Late,
            AttendanceStatus::Excused,
            AttendanceStatus::Unexcused,
        ] {
            summary.add(status);
        }
        assert_eq!(summary.rate(), Some(0.5));
    }
}
