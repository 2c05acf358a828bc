//! Tags on people (a name and a colour from the portal's palette).

use super::TagId;
use serde::{Deserialize, Serialize};

/// The selectable colours (spec §9).
pub const TAG_COLORS: [&str; 18] = [
    "red", "orange", "amber", "yellow", "lime", "green", "emerald", "teal", "cyan", "sky", "blue", "indigo", "violet",
    "purple", "fuchsia", "pink", "rose", "gray",
];

/// Longest tag name, in characters.
pub const MAX_TAG_NAME: usize = 50;

/// A stored tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    pub id: TagId,
    pub name: String,
    pub color: String,
}

/// Checks a tag's name and colour; returns the name trimmed and single-spaced
/// (`text::single_spaced`). Messages are per field.
pub fn check_tag(name: &str, color: &str) -> Result<String, super::FieldMessages> {
    let mut errors = Vec::new();
    // Control characters are refused as typed, before any whitespace among them is made a space.
    let typed = name.trim();
    let name = &super::text::single_spaced(typed);
    if name.is_empty() {
        errors.push(("name", "Обязательное поле".to_owned()));
    } else if name.chars().count() > MAX_TAG_NAME {
        errors.push(("name", format!("Не длиннее {MAX_TAG_NAME} символов")));
    } else if let Err(refused) = super::text::check_line(typed) {
        errors.push(("name", refused.to_string()));
    }
    if !TAG_COLORS.contains(&color) {
        errors.push(("color", "Выберите цвет из палитры".to_owned()));
    }
    if errors.is_empty() {
        Ok(name.to_owned())
    } else {
        Err(errors)
    }
}
