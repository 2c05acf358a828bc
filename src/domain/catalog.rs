//! What a list of the catalogue (subjects, courses) asks for: a name search, the archive mark,
//! the order, and for courses one subject.

use super::SubjectId;
use super::search::{Words, collation_key, fold};

/// Which records a list shows by their archive mark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Archived {
    /// Only those in use (the default).
    #[default]
    Without,
    /// All of them.
    With,
    /// Only the archived ones.
    Only,
}

impl Archived {
    /// Whether a record so marked is shown.
    pub fn admits(self, archived: bool) -> bool {
        match self {
            Archived::Without => !archived,
            Archived::With => true,
            Archived::Only => archived,
        }
    }
}

/// A list of the catalogue: filters and order.
#[derive(Clone, Debug, Default)]
pub struct CatalogQuery {
    pub search: String,
    pub archived: Archived,
    /// By name from Я to А.
    pub descending: bool,
    /// Only the courses of this subject.
    pub subject: Option<SubjectId>,
}

impl CatalogQuery {
    /// The records this query admits, ordered by name the Russian way (`name` and `archived`
    /// and `subject` read each record's).
    pub fn select<T>(
        &self,
        records: Vec<T>,
        name: impl Fn(&T) -> &str,
        archived: impl Fn(&T) -> bool,
        subject: impl Fn(&T) -> Option<SubjectId>,
    ) -> Vec<T> {
        let words = Words::of(&self.search);
        let mut kept: Vec<T> = records
            .into_iter()
            .filter(|r| self.archived.admits(archived(r)))
            .filter(|r| self.subject.is_none() || subject(r) == self.subject)
            .filter(|r| words.all_in(&fold(name(r))))
            .collect();
        kept.sort_by_cached_key(|r| collation_key(&[name(r)]));
        if self.descending {
            kept.reverse();
        }
        kept
    }
}
