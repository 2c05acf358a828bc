//! Search and sort rules for Russian names: ё matches е, case does not matter, and names sort
//! in Russian alphabetical order (ё right after е, not after я as in Unicode).

/// Folds text for matching: lower case, ё -> е.
pub fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ё' { 'е' } else { c })
        .collect()
}

/// A key that sorts names the Russian way: by letters with ё as е, then ё after е on ties.
pub fn collation_key(parts: &[&str]) -> String {
    let letters: Vec<String> = parts.iter().map(|p| fold(p)).collect();
    let mut key = letters.join("\u{1}");
    key.push('\u{2}');
    // Tie-break: the same letters, but ё (as a character after е) sorts after е.
    key.extend(
        parts
            .iter()
            .flat_map(|p| p.chars().flat_map(char::to_lowercase))
            .map(|c| if c == 'ё' { 'е' } else { '\u{0}' }),
    );
    key
}

/// The folded words of a search query, each made ready to be looked for: folded and prepared
/// once, not once per candidate.
#[derive(Clone, Debug, Default)]
pub struct Words {
    /// One per word; each finder's needle is its word.
    finders: Vec<memchr::memmem::Finder<'static>>,
}

impl Words {
    /// The words of `query`.
    pub fn of(query: &str) -> Self {
        let finders = fold(query)
            .split_whitespace()
            .map(|word| memchr::memmem::Finder::new(word.as_bytes()).into_owned())
            .collect();
        Self { finders }
    }

    /// True when the query has no words (it matches everything).
    pub fn is_empty(&self) -> bool {
        self.finders.is_empty()
    }

    /// True when every word occurs in `haystack` (already folded).
    pub fn all_in(&self, haystack: &str) -> bool {
        self.finders.iter().all(|f| f.find(haystack.as_bytes()).is_some())
    }

    /// The words, each as the query folded it.
    fn each(&self) -> impl Iterator<Item = &str> {
        // Each needle was cut from the folded query's text, so it is whole UTF-8.
        self.finders.iter().filter_map(|f| std::str::from_utf8(f.needle()).ok())
    }
}

/// Which of 128 kinds of letter pairs a folded text holds (pairs hashed into 128). A word can
/// occur in a text only if the text holds each of the word's pairs. Pairs with whitespace are
/// left out: query words have none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pairs(u128);

impl Pairs {
    /// How many kinds of pairs there are.
    pub const KINDS: usize = 128;

    /// The pairs of folded `text`.
    pub fn of(text: &str) -> Self {
        let mut pairs = 0;
        let mut chars = text.chars().peekable();
        while let (Some(a), Some(&b)) = (chars.next(), chars.peek()) {
            if !a.is_whitespace() && !b.is_whitespace() {
                // Fibonacci hashing of the two code points: the top 7 bits pick one of 128.
                pairs |= 1 << ((u64::from(a) << 21 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57);
            }
        }
        Self(pairs)
    }

    /// The pairs of all the words (each must occur, so each one's pairs must be there).
    pub fn of_words(words: &Words) -> Self {
        Self(words.each().fold(0, |all, word| all | Self::of(word).0))
    }

    /// The kinds of pairs held, as numbers below `KINDS`.
    pub fn each(self) -> impl Iterator<Item = usize> {
        let mut left = self.0;
        std::iter::from_fn(move || {
            let kind = left.trailing_zeros() as usize;
            left &= left.wrapping_sub(1);
            (kind < Self::KINDS).then_some(kind)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yo_and_ye_match_each_other() {
        let haystack = fold("Соколова Алёна Андреевна alena@school.ru");
        assert!(Words::of("алена").all_in(&haystack));
        assert!(Words::of("АЛЁНА  соколова").all_in(&haystack));
        assert!(!Words::of("алина").all_in(&haystack));
        assert!(Words::of("  ").is_empty() && Words::of(" ").all_in(&haystack));
    }

    #[test]
    fn a_text_holds_the_pairs_of_every_word_in_it() {
        let text = fold("Соколова Алёна Андреевна alena@school.ru +79123456789");
        let held: Vec<usize> = Pairs::of(&text).each().collect();
        for query in ["алена", "СОКОЛ андреевна", "school.ru", "912345", "а", "@s"] {
            let words = Words::of(query);
            assert!(words.all_in(&text), "{query}");
            assert!(
                Pairs::of_words(&words).each().all(|kind| held.contains(&kind)),
                "{query}"
            );
        }
        assert_eq!(
            Pairs::of_words(&Words::of("а я")).each().count(),
            0,
            "one letter, no pairs"
        );
        assert!(
            Pairs::of_words(&Words::of("жук"))
                .each()
                .any(|kind| !held.contains(&kind))
        );
    }

    #[test]
    fn russian_order_puts_yo_with_ye() {
        let mut names = vec!["Ёлкин", "Яковлев", "Егоров", "Ершов", "Жуков", "Абрамов"];
        names.sort_by_key(|n| collation_key(&[n]));
        assert_eq!(names, vec!["Абрамов", "Егоров", "Ёлкин", "Ершов", "Жуков", "Яковлев"]);
    }
}
