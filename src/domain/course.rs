//! A programme of lessons in one subject, and the students enrolled in it.

use super::{CourseId, EnrolmentId, SubjectId, UserId};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// A stored course, e.g. «Подготовка к ОГЭ по математике».
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Course {
    pub id: CourseId,
    pub subject_id: SubjectId,
    pub name: String,
    pub description: String,
    pub planned_lessons: u32,
    /// For the whole course, in kopecks; `None` when not sold as a whole.
    pub price: Option<i64>,
    /// Set by the Moodle area.
    pub moodle_course_id: Option<u64>,
    pub archived: bool,
}

/// Where a student's enrolment stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnrolmentStatus {
    Active,
    Paused,
    Finished,
}

/// A student enrolled in a course.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Enrolment {
    pub id: EnrolmentId,
    pub course_id: CourseId,
    pub student_id: UserId,
    pub status: EnrolmentStatus,
    pub starts_on: Date,
    pub ends_on: Option<Date>,
}

/// Longest course name and description, in characters.
pub const MAX_COURSE_NAME: usize = 150;
pub const MAX_COURSE_DESCRIPTION: usize = 5000;
/// Most lessons a course may plan.
pub const MAX_PLANNED_LESSONS: u32 = 1000;

/// Checks a course's own fields; returns the name trimmed and single-spaced
/// (`text::single_spaced`) and the description trimmed.
pub fn check_course(
    name: &str,
    description: &str,
    planned_lessons: u32,
    price: Option<i64>,
) -> Result<(String, String), super::FieldMessages> {
    let mut errors = Vec::new();
    // Control characters are refused as typed, before any whitespace among them is made a space.
    let typed = name.trim();
    let name = &super::text::single_spaced(typed);
    if name.is_empty() {
        errors.push(("name", "Обязательное поле".to_owned()));
    } else if name.chars().count() > MAX_COURSE_NAME {
        errors.push(("name", format!("Не длиннее {MAX_COURSE_NAME} символов")));
    } else if let Err(refused) = super::text::check_line(typed) {
        errors.push(("name", refused.to_string()));
    }
    let description = description.trim();
    if description.chars().count() > MAX_COURSE_DESCRIPTION {
        errors.push(("description", format!("Не длиннее {MAX_COURSE_DESCRIPTION} символов")));
    } else if let Err(refused) = super::text::check_text(description) {
        errors.push(("description", refused.to_string()));
    }
    if planned_lessons > MAX_PLANNED_LESSONS {
        errors.push(("planned_lessons", format!("Не больше {MAX_PLANNED_LESSONS}")));
    }
    errors.extend(super::subject::price_error(price).map(|message| ("price", message)));
    if errors.is_empty() {
        Ok((name.to_owned(), description.to_owned()))
    } else {
        Err(errors)
    }
}

impl EnrolmentStatus {
    /// Every status, in the order they are shown.
    pub const ALL: [EnrolmentStatus; 3] = [Self::Active, Self::Paused, Self::Finished];

    /// The stored and API name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Paused => "paused",
            Self::Finished => "finished",
        }
    }

    /// The Russian name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            Self::Active => "учится",
            Self::Paused => "на паузе",
            Self::Finished => "закончил",
        }
    }

    /// The status named so, if any.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == name)
    }
}
