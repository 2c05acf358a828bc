//! What the school teaches: a subject with a palette colour (spec §9), and what one person
//! studies (with his own price) or teaches.

use super::{SubjectId, UserId};
use serde::{Deserialize, Serialize};

/// A stored subject. Its name is unique, ignoring case and ё/е.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    pub id: SubjectId,
    pub name: String,
    /// One of `tag::TAG_COLORS`.
    pub color: String,
    pub archived: bool,
    /// A lesson's usual price per student, in kopecks; a student's own price overrides it.
    #[serde(default)]
    pub price: Option<i64>,
}

/// One subject a person studies or teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonSubject {
    pub subject_id: SubjectId,
    /// A student's own price per lesson in kopecks (overrides the subject's); `None` for staff.
    pub price: Option<i64>,
}

/// Everything one person studies or teaches, stored under his user id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonSubjects {
    pub user_id: UserId,
    pub subjects: Vec<PersonSubject>,
}

impl PersonSubjects {
    /// The person's own price for `subject`, if he has one.
    pub fn price_of(&self, subject: SubjectId) -> Option<i64> {
        self.subjects
            .iter()
            .find(|s| s.subject_id == subject)
            .and_then(|s| s.price)
    }
}

impl Subject {
    /// The price per lesson for a student: his own, or else the subject's.
    pub fn price_for(&self, person: Option<&PersonSubjects>) -> Option<i64> {
        person.and_then(|p| p.price_of(self.id)).or(self.price)
    }
}
