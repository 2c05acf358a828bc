//! What the school teaches: a subject with a palette colour (spec §9).

use super::SubjectId;
use serde::{Deserialize, Serialize};

/// A stored subject. Its name is unique, ignoring case and ё/е.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    pub id: SubjectId,
    pub name: String,
    /// One of `tag::TAG_COLORS`.
    pub color: String,
    pub archived: bool,
}
