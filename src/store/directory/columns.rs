//! The directory's columns: what lists test of every person, by position in the directory's
//! name order, as bitmaps and packed search texts. A list combines a few bitmaps of 5,000 bits
//! each and reads a person's entry only for the rows it shows.

use super::Entry;
use crate::domain::search::Pairs;
use crate::domain::{Role, UserId};
use std::iter::FusedIterator;
use std::sync::Arc;

/// A set of positions in the directory, one bit each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions {
    words: Vec<u64>,
}

impl Positions {
    /// None of `len` positions.
    pub fn none(len: usize) -> Self {
        Self {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// All of `len` positions.
    pub fn all(len: usize) -> Self {
        let mut all = Self {
            words: vec![u64::MAX; len.div_ceil(64)],
        };
        if len % 64 != 0 {
            all.words[len / 64] = (1 << (len % 64)) - 1;
        }
        all
    }

    fn insert(&mut self, at: usize) {
        self.words[at / 64] |= 1 << (at % 64);
    }

    /// Keeps only the positions that are also in `other`.
    pub fn and(&mut self, other: &Self) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(word, other)| *word &= other);
    }

    /// Drops the positions that are in `other`.
    pub fn and_not(&mut self, other: &Self) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(word, other)| *word &= !other);
    }

    /// Adds the positions of `other`.
    pub fn or(&mut self, other: &Self) {
        self.words
            .iter_mut()
            .zip(&other.words)
            .for_each(|(word, other)| *word |= other);
    }

    /// Keeps the positions `keep` says yes to, asking in order.
    pub fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        for (i, word) in self.words.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                if !keep(i * 64 + bit as usize) {
                    *word &= !(1 << bit);
                }
            }
        }
    }

    /// The positions, in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            words: &self.words,
            next: 0,
            bits: 0,
        }
    }
}

/// The positions of a `Positions`, in order; counting them does not visit them.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    words: &'a [u64],
    /// The next word to read.
    next: usize,
    /// What is left of the word read last.
    bits: u64,
}

impl Iterator for Iter<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            self.bits = *self.words.get(self.next)?;
            self.next += 1;
        }
        let at = (self.next - 1) * 64 + self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(at)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.clone().count();
        (left, Some(left))
    }

    fn count(self) -> usize {
        let later: u32 = self.words[self.next..].iter().map(|word| word.count_ones()).sum();
        (self.bits.count_ones() + later) as usize
    }
}

impl FusedIterator for Iter<'_> {}

/// What lists test of each entry, at the entries' positions.
#[derive(Debug)]
pub struct Columns {
    pub ids: Vec<UserId>,
    /// Who is deleted.
    pub deleted: Positions,
    /// Who holds each role (indexed by the role).
    holding: [Positions; Role::ALL.len()],
    /// For each of the 128 kinds of letter pairs, whose search text has one.
    pairs: Vec<Positions>,
    /// Every search text, one after another (see `search`).
    texts: String,
    /// Where each search text ends in `texts`.
    ends: Vec<usize>,
}

impl Columns {
    /// The columns of `entries`, in their order.
    pub(super) fn of(entries: &[Arc<Entry>]) -> Self {
        let len = entries.len();
        let mut columns = Self {
            ids: Vec::with_capacity(len),
            deleted: Positions::none(len),
            holding: Role::ALL.map(|_| Positions::none(len)),
            pairs: (0..Pairs::KINDS).map(|_| Positions::none(len)).collect(),
            texts: String::with_capacity(entries.iter().map(|e| e.search.len()).sum()),
            ends: Vec::with_capacity(len),
        };
        for (at, entry) in entries.iter().enumerate() {
            columns.ids.push(entry.id);
            if entry.deleted {
                columns.deleted.insert(at);
            }
            for role in &entry.roles {
                columns.holding[*role as usize].insert(at);
            }
            for pair in entry.pairs.each() {
                columns.pairs[pair].insert(at);
            }
            columns.texts.push_str(&entry.search);
            columns.ends.push(columns.texts.len());
        }
        columns
    }

    /// Everyone whose search text may hold all of `pairs` (everyone for none): a word occurs
    /// only where each of its pairs does, so a few bitmaps rule out most people at once.
    pub fn with_pairs(&self, pairs: Pairs) -> Positions {
        let mut found = Positions::all(self.ids.len());
        for pair in pairs.each() {
            found.and(&self.pairs[pair]);
        }
        found
    }

    /// Everyone who holds any of `roles`.
    pub fn holding_any(&self, roles: &[Role]) -> Positions {
        let mut found = Positions::none(self.ids.len());
        for role in roles {
            found.or(&self.holding[*role as usize]);
        }
        found
    }

    /// The folded search text of the entry at `at`.
    pub fn search(&self, at: usize) -> &str {
        let start = at.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.texts[start..self.ends[at]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_combine_and_count_without_visiting() {
        let mut odd = Positions::none(130);
        let mut low = Positions::all(130);
        assert_eq!(low.iter().count(), 130);
        assert_eq!(low.iter().last(), Some(129));
        odd.retain(|_| true);
        assert_eq!(odd.iter().next(), None);
        for at in (1..130).step_by(2) {
            odd.insert(at);
        }
        low.retain(|at| at < 100);
        let mut both = odd.clone();
        both.and(&low);
        assert_eq!(both.iter().collect::<Vec<_>>(), (1..100).step_by(2).collect::<Vec<_>>());
        let mut high_odd = odd.clone();
        high_odd.and_not(&low);
        assert_eq!(
            high_odd.iter().collect::<Vec<_>>(),
            (101..130).step_by(2).collect::<Vec<_>>()
        );
        low.or(&odd);
        let mut rest = low.iter();
        assert_eq!((rest.nth(99), rest.size_hint()), (Some(99), (15, Some(15))));
        assert_eq!(rest.collect::<Vec<_>>(), (101..130).step_by(2).collect::<Vec<_>>());
    }
}
