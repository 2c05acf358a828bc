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

/// Highest price accepted, in kopecks (10 000 000 ₽).
pub const MAX_PRICE: i64 = 1_000_000_000;

/// Why a price in kopecks is refused, if it is.
pub fn price_error(price: Option<i64>) -> Option<String> {
    match price {
        Some(p) if p < 0 => Some("Цена не может быть отрицательной".into()),
        Some(p) if p > MAX_PRICE => Some("Слишком большая цена".into()),
        _ => None,
    }
}

/// Checks a subject's name and colour (the rules of a tag's: up to 50 characters, a palette
/// colour) and its price; returns the name as `check_tag` does. Messages are per field.
pub fn check_subject(name: &str, color: &str, price: Option<i64>) -> Result<String, super::FieldMessages> {
    let (name, mut errors) = match super::tag::check_tag(name, color) {
        Ok(name) => (name, Vec::new()),
        Err(errors) => (String::new(), errors),
    };
    errors.extend(price_error(price).map(|message| ("price", message)));
    if errors.is_empty() { Ok(name) } else { Err(errors) }
}
