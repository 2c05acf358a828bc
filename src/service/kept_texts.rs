//! Answers as the API writes them (JSON text), kept by the question asked while what they were
//! made from reads the same (`store::shelf::kept_or_made_by`): a page read again costs a few
//! lookups, not its records decoded and written. The journals, the pages of tasks, the ledgers,
//! the pages of lessons, the calendars, the activity log's pages and the pages of people keep
//! theirs here.

use crate::policy::Actor;
use crate::store::record::{ListKey, Seen};
use crate::store::shelf::{self, Renderings};
use bytes::Bytes;
use std::hash::{BuildHasher, RandomState};

/// Kept texts by a hash of their question (the question itself is in what each is checked
/// against, so two questions with one hash only take each other's place). `S` names the records
/// a text shows whose state it is checked against (a journal's students, a ledger's lessons).
pub struct KeptTexts<S = Vec<u64>> {
    texts: Renderings<KeptText<S>, u64>,
    hasher: RandomState,
}

/// A text and the records it shows.
struct KeptText<S> {
    text: Bytes,
    shows: S,
}

impl<S> KeptTexts<S> {
    /// An empty shelf of up to `capacity` texts.
    pub fn new(capacity: usize) -> Self {
        Self {
            texts: Renderings::new(capacity),
            hasher: RandomState::new(),
        }
    }
}

/// What a page answers: which list (`what`, e.g. «person 7 …» with the query and the page) and
/// who reads it (his id, roles and children decide what he sees).
pub fn question(actor: &Actor, what: std::fmt::Arguments) -> String {
    let reader = (actor.user.id, &actor.user.roles, &actor.children);
    format!("{reader:?} {what}")
}

/// Room made for a tail (~25 records of ~300 bytes) when the bytes a text is checked against are
/// put together, so that they are seldom moved.
const TAIL_ROOM: usize = 8 * 1024;

/// The versions of `lists`, as bytes (a `head`).
pub fn versions_of(versions: &Seen, lists: &[ListKey]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(8 * lists.len() + 8);
    for &list in lists {
        bytes.extend(versions.of(list).to_le_bytes());
    }
    bytes
}

/// The text kept for `question` while `head` (the state of what decides what it shows) and the
/// bytes `tail` appends for the records it shows read as when it was kept; otherwise `make`'s
/// (its text and the records it shows), which is kept. All of it must be read in one snapshot.
pub fn kept<S, E>(
    texts: &KeptTexts<S>,
    question: &str,
    head: &[u8],
    tail: impl Fn(&S, &mut Vec<u8>) -> Result<(), E>,
    make: impl FnOnce() -> Result<(Bytes, S), E>,
) -> Result<Bytes, E> {
    let key = texts.hasher.hash_one(question);
    let source = |kept: &KeptText<S>| -> Result<Box<[u8]>, E> {
        let mut bytes = Vec::with_capacity(TAIL_ROOM + question.len() + head.len());
        bytes.extend(question.len().to_le_bytes());
        bytes.extend(question.as_bytes());
        bytes.extend(head);
        tail(&kept.shows, &mut bytes)?;
        Ok(bytes.into())
    };
    let shown = shelf::kept_or_made_by(&texts.texts, key, source, || {
        let (text, shows) = make()?;
        Ok(KeptText { text, shows })
    })?;
    Ok(shown.value.text.clone())
}

/// The text kept for `question` while `source` (the state of everything it shows) reads as
/// when it was kept; otherwise `make`'s, which is kept.
pub fn kept_whole<E>(
    texts: &KeptTexts<()>,
    question: &str,
    source: &[u8],
    make: impl FnOnce() -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    kept(texts, question, source, |(), _| Ok(()), || Ok((make()?, ())))
}
