//! Journals as the API writes them (a group's grid, a student's marks and attendance), kept by
//! the question asked while what they were made from reads the same
//! (`store::shelf::kept_or_made_by`): a journal read again costs a few lookups, not its records
//! decoded and written.

use super::period::Period;
use crate::store::shelf::{self, Renderings};
use bytes::Bytes;
use std::hash::{BuildHasher, RandomState};

/// The kept journals, by a hash of their question (the question itself is in what each is
/// checked against, so two questions with one hash only take each other's place).
pub struct JournalTexts {
    journals: Renderings<KeptJournal, u64>,
    hasher: RandomState,
}

/// A journal's text and the records it shows whose state it is checked against (a grid's
/// students, a student's subjects).
struct KeptJournal {
    text: Bytes,
    shows: Vec<u64>,
}

/// How many journals are kept (a group of 8's term is ~7 KB).
const KEPT_JOURNALS: usize = 64;

/// The longest period whose group journal is kept (a half-year: a group of 30's is ~200 KB),
/// so the kept journals stay within ~13 MB; a longer one is made at each read.
const KEPT_DAYS: i32 = 190;

impl Default for JournalTexts {
    fn default() -> Self {
        Self {
            journals: Renderings::new(KEPT_JOURNALS),
            hasher: RandomState::new(),
        }
    }
}

/// Whether a group's journal over `period` is kept.
pub(super) fn keeps(period: &Period) -> bool {
    period
        .from
        .until(period.to)
        .is_ok_and(|span| span.get_days() <= KEPT_DAYS)
}

/// The text kept for `question` while `head` (the state of what decides what it shows) and
/// `tail` of the records it shows read as when it was kept; otherwise `make`'s (its text and
/// the records it shows), which is kept. All of it is read in one snapshot.
pub(super) fn kept<E>(
    texts: &JournalTexts,
    question: &str,
    head: &[u8],
    tail: impl Fn(&[u64]) -> Result<Vec<u8>, E>,
    make: impl FnOnce() -> Result<(Bytes, Vec<u64>), E>,
) -> Result<Bytes, E> {
    let key = texts.hasher.hash_one(question);
    let source = |kept: &KeptJournal| -> Result<Box<[u8]>, E> {
        let tail = tail(&kept.shows)?;
        let mut bytes = Vec::with_capacity(8 + question.len() + head.len() + tail.len());
        bytes.extend(question.len().to_le_bytes());
        bytes.extend(question.as_bytes());
        bytes.extend(head);
        bytes.extend(tail);
        Ok(bytes.into())
    };
    let shown = shelf::kept_or_made_by(&texts.journals, key, source, || {
        let (text, shows) = make()?;
        Ok(KeptJournal { text, shows })
    })?;
    Ok(shown.value.text.clone())
}
