//! Journals as the API writes them (a group's grid, a student's marks and attendance), kept by
//! the question asked while what they were made from reads the same (`service::kept_texts`):
//! a journal read again costs a few lookups, not its records decoded and written.

use super::period::Period;
use crate::service::kept_texts::KeptTexts;

/// The kept journals; each names the records it shows by id (a grid's students, a student's
/// subjects).
pub struct JournalTexts(pub(super) KeptTexts);

/// How many journals are kept (a group of 8's term is ~7 KB).
const KEPT_JOURNALS: usize = 64;

/// The longest period whose group journal is kept (a half-year: a group of 30's is ~200 KB),
/// so the kept journals stay within ~13 MB; a longer one is made at each read.
const KEPT_DAYS: i32 = 190;

impl Default for JournalTexts {
    fn default() -> Self {
        Self(KeptTexts::new(KEPT_JOURNALS))
    }
}

/// Whether a group's journal over `period` is kept.
pub(super) fn keeps(period: &Period) -> bool {
    period
        .from
        .until(period.to)
        .is_ok_and(|span| span.get_days() <= KEPT_DAYS)
}
