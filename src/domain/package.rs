//! A prepaid package of lessons (абонемент): which lessons it covers, how many are left, when
//! it is valid, its freezes (each moves the end of its validity on by its length), and the
//! return of its unused part, which ends it.

use super::{CourseId, EntryId, PackageId, SubjectId, UserId};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// Where a package stands on a given day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PackageStatus {
    /// Its lessons may be used.
    Active,
    /// Paused by a freeze on that day.
    Frozen,
    /// Its validity has ended.
    Expired,
    /// Every lesson has been used.
    UsedUp,
    /// Its sale was reversed: it covers nothing.
    Cancelled,
    /// Its unused part was given back: it covers nothing.
    Refunded,
}

impl PackageStatus {
    /// In Russian, as a badge says it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Active => "Действует",
            Self::Frozen => "Заморожен",
            Self::Expired => "Истёк",
            Self::UsedUp => "Израсходован",
            Self::Cancelled => "Аннулирован",
            Self::Refunded => "Остаток возвращён",
        }
    }
}

/// A pause of a package, both days included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Freeze {
    pub from: Date,
    pub to: Date,
    pub reason: String,
}

impl Freeze {
    /// Its length in days, both ends counted.
    pub fn days(&self) -> i64 {
        self.from
            .until(self.to)
            .map(|span| i64::from(span.get_days()) + 1)
            .unwrap_or(0)
            .max(0)
    }

    /// Whether `day` falls inside it.
    pub fn holds(&self, day: Date) -> bool {
        self.from <= day && day <= self.to
    }
}

/// The unused part of a package given back: the entry that credited it and the lessons it
/// returned, and the lessons credited one by one since (a lesson that had used the package
/// given back to it: its attendance changed, it was cancelled).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Returned {
    pub entry_id: EntryId,
    pub lessons: u32,
    /// Lessons credited since, each by an entry of its own whose reversal stands not (a
    /// package returned before this field existed has none).
    #[serde(default)]
    pub later: u32,
}

impl Returned {
    /// Every lesson given back: with the unused part and since.
    pub fn count(&self) -> u32 {
        self.lessons + self.later
    }
}

/// A stored package. Selling it is one charge of its `price`; each lesson it covers uses one
/// of its `lessons_total` instead of charging money.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Package {
    pub id: PackageId,
    pub student_id: UserId,
    /// The subject it covers; with neither this nor `course_id`, any lesson.
    pub subject_id: Option<SubjectId>,
    pub course_id: Option<CourseId>,
    pub lessons_total: u32,
    pub lessons_used: u32,
    /// Kopecks, charged once when sold.
    pub price: i64,
    pub valid_from: Date,
    /// The last valid day, moved on by each freeze's length.
    pub valid_to: Date,
    pub freezes: Vec<Freeze>,
    pub note: String,
    /// Its sale was reversed (a package stored before this field existed was not).
    #[serde(default)]
    pub cancelled: bool,
    /// Its unused part was given back (a package stored before this field existed was not).
    #[serde(default)]
    pub returned: Option<Returned>,
    pub created_by: Option<UserId>,
    #[serde(with = "jiff::fmt::serde::timestamp::millisecond::required")]
    pub created_at: Timestamp,
}

impl Package {
    /// Lessons not used yet.
    pub fn lessons_left(&self) -> u32 {
        self.lessons_total.saturating_sub(self.lessons_used)
    }

    /// What its unused lessons are worth, in kopecks: its price × lessons left / lessons
    /// bought, rounded half up to a kopeck.
    pub fn unused_value(&self) -> i64 {
        let total = i128::from(self.lessons_total.max(1));
        let share = i128::from(self.price) * i128::from(self.lessons_left()) * 2 / total;
        i64::try_from(share.div_euclid(2) + share.rem_euclid(2)).unwrap_or(i64::MAX)
    }

    /// Whether it has ended by hand: its sale reversed or its unused part given back.
    pub fn closed(&self) -> bool {
        self.cancelled || self.returned.is_some()
    }

    /// Where it stands on `day`.
    pub fn status_on(&self, day: Date) -> PackageStatus {
        if self.cancelled {
            PackageStatus::Cancelled
        } else if self.returned.is_some() {
            PackageStatus::Refunded
        } else if self.lessons_left() == 0 {
            PackageStatus::UsedUp
        } else if day > self.valid_to {
            PackageStatus::Expired
        } else if self.freezes.iter().any(|f| f.holds(day)) {
            PackageStatus::Frozen
        } else {
            PackageStatus::Active
        }
    }

    /// Whether a lesson of `subject` (in `course`, if any) on `day` uses one of its lessons.
    pub fn covers(&self, subject: SubjectId, course: Option<CourseId>, day: Date) -> bool {
        let fits = match (self.subject_id, self.course_id) {
            (None, None) => true,
            (Some(own), _) if own == subject => true,
            (_, Some(own)) => course == Some(own),
            _ => false,
        };
        fits && day >= self.valid_from && self.status_on(day) == PackageStatus::Active
    }

    /// Adds `freeze`, moving the end of validity on by its length.
    pub fn freeze(&mut self, freeze: Freeze) {
        self.valid_to = self
            .valid_to
            .checked_add(jiff::Span::new().days(freeze.days()))
            .unwrap_or(self.valid_to);
        self.freezes.push(freeze);
    }
}

/// Why a freeze of `package` is refused, per field, if it is: `to` before `from`, a freeze
/// outside the validity, one overlapping another, an empty or long reason.
pub fn freeze_errors(package: &Package, freeze: &Freeze) -> super::FieldMessages {
    let mut errors = Vec::new();
    if freeze.to < freeze.from {
        errors.push(("to", "Конец заморозки раньше её начала".into()));
    } else if freeze.days() > 366 {
        errors.push(("to", "Заморозка не может быть длиннее года".into()));
    }
    if freeze.from < package.valid_from || freeze.from > package.valid_to {
        errors.push(("from", "Заморозка должна начаться, пока абонемент действует".into()));
    } else if package
        .freezes
        .iter()
        .any(|f| f.from <= freeze.to && freeze.from <= f.to)
    {
        errors.push(("from", "Абонемент уже заморожен в эти дни".into()));
    }
    let reason = freeze.reason.trim();
    if reason.is_empty() {
        errors.push(("reason", "Укажите причину заморозки".into()));
    } else if reason.chars().count() > 500 {
        errors.push(("reason", "Не больше 500 символов".into()));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(m: i8, d: i8) -> Date {
        Date::constant(2026, m, d)
    }

    fn package() -> Package {
        Package {
            id: PackageId(1),
            student_id: UserId(2),
            subject_id: Some(SubjectId(3)),
            course_id: None,
            lessons_total: 8,
            lessons_used: 0,
            price: 8_000_00,
            valid_from: day(11, 1),
            valid_to: day(11, 30),
            freezes: Vec::new(),
            note: String::new(),
            cancelled: false,
            returned: None,
            created_by: None,
            created_at: Timestamp::UNIX_EPOCH,
        }
    }

    #[test]
    fn a_package_covers_its_subject_while_valid_and_not_used_up() {
        let mut p = package();
        assert!(p.covers(SubjectId(3), None, day(11, 10)));
        assert!(!p.covers(SubjectId(4), None, day(11, 10)), "another subject");
        assert!(!p.covers(SubjectId(3), None, day(10, 31)), "before it starts");
        assert!(!p.covers(SubjectId(3), None, day(12, 1)), "after it ends");
        assert_eq!(p.status_on(day(12, 1)), PackageStatus::Expired);
        p.lessons_used = 8;
        assert_eq!(p.status_on(day(11, 10)), PackageStatus::UsedUp);
        assert!(!p.covers(SubjectId(3), None, day(11, 10)));
    }

    #[test]
    fn a_freeze_pauses_it_and_moves_its_end_on_by_its_length() {
        let mut p = package();
        let freeze = Freeze {
            from: day(11, 10),
            to: day(11, 16),
            reason: "Болеет".into(),
        };
        assert!(freeze_errors(&p, &freeze).is_empty());
        p.freeze(freeze.clone());
        assert_eq!(p.valid_to, day(12, 7));
        assert_eq!(p.status_on(day(11, 12)), PackageStatus::Frozen);
        assert!(!p.covers(SubjectId(3), None, day(11, 12)));
        assert!(p.covers(SubjectId(3), None, day(12, 5)));
        assert_eq!(
            freeze_errors(&p, &freeze),
            [("from", "Абонемент уже заморожен в эти дни".to_owned())]
        );
    }

    #[test]
    fn a_package_for_any_lesson_or_a_course_covers_accordingly() {
        let mut p = Package {
            subject_id: None,
            ..package()
        };
        assert!(p.covers(SubjectId(9), None, day(11, 10)));
        p.course_id = Some(CourseId(5));
        assert!(p.covers(SubjectId(9), Some(CourseId(5)), day(11, 10)));
        assert!(!p.covers(SubjectId(9), None, day(11, 10)));
    }

    #[test]
    fn the_unused_part_is_the_price_of_the_lessons_left_rounded_to_a_kopeck() {
        let mut p = Package {
            lessons_total: 3,
            price: 1_000_00,
            ..package()
        };
        assert_eq!(p.unused_value(), 1_000_00);
        p.lessons_used = 1;
        assert_eq!(p.unused_value(), 666_67, "2/3 of 1 000 ₽, rounded half up");
        p.lessons_used = 2;
        assert_eq!(p.unused_value(), 333_33);
        p.lessons_used = 3;
        assert_eq!(p.unused_value(), 0);
        p.lessons_used = 1;
        p.returned = Some(Returned {
            entry_id: EntryId(9),
            lessons: 2,
            later: 0,
        });
        assert_eq!(p.status_on(day(11, 10)), PackageStatus::Refunded);
        assert!(
            !p.covers(SubjectId(3), None, day(11, 10)),
            "a returned package covers nothing"
        );
    }

    #[test]
    fn a_bad_freeze_is_refused_per_field() {
        let p = package();
        let backwards = Freeze {
            from: day(11, 10),
            to: day(11, 5),
            reason: " ".into(),
        };
        let fields: Vec<_> = freeze_errors(&p, &backwards).into_iter().map(|(f, _)| f).collect();
        assert_eq!(fields, ["to", "reason"]);
    }
}
