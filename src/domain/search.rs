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

/// The folded words of a search query (fold it once, not once per candidate).
pub fn query_words(query: &str) -> Vec<String> {
    fold(query).split_whitespace().map(str::to_owned).collect()
}

/// True when every word occurs in `haystack` (already folded).
pub fn matches(haystack: &str, words: &[String]) -> bool {
    words.iter().all(|word| haystack.contains(word.as_str()))
}

/// A 128-bit summary of the pairs of adjacent letters in folded text. A word can occur in a
/// text only if the text's pairs cover the word's, so a list skips most people with one test
/// and runs `matches` on the rest. Pairs with whitespace are left out: query words have none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pairs([u64; 2]);

impl Pairs {
    /// The pairs of folded `text`.
    pub fn of(text: &str) -> Self {
        let mut pairs = Self::default();
        let mut chars = text.chars().peekable();
        while let (Some(a), Some(&b)) = (chars.next(), chars.peek()) {
            if !a.is_whitespace() && !b.is_whitespace() {
                // Fibonacci hashing of the two code points: the top 7 bits pick one of 128.
                let bit = ((u64::from(a) << 21 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57) as usize;
                pairs.0[bit / 64] |= 1 << (bit % 64);
            }
        }
        pairs
    }

    /// The pairs of all the words (each must occur, so each one's pairs must be covered).
    pub fn of_words(words: &[String]) -> Self {
        words.iter().map(|w| Self::of(w)).fold(Self::default(), |all, one| {
            Self([all.0[0] | one.0[0], all.0[1] | one.0[1]])
        })
    }

    /// False when some pair of `other` is missing here (then no word of it can occur).
    pub fn covers(&self, other: &Self) -> bool {
        self.0[0] & other.0[0] == other.0[0] && self.0[1] & other.0[1] == other.0[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yo_and_ye_match_each_other() {
        let haystack = fold("Соколова Алёна Андреевна alena@school.ru");
        assert!(matches(&haystack, &query_words("алена")));
        assert!(matches(&haystack, &query_words("АЛЁНА  соколова")));
        assert!(!matches(&haystack, &query_words("алина")));
    }

    #[test]
    fn pairs_let_through_every_text_a_word_occurs_in() {
        let text = fold("Соколова Алёна Андреевна alena@school.ru +79123456789");
        let pairs = Pairs::of(&text);
        for query in ["алена", "СОКОЛ андреевна", "school.ru", "912345", "а", "@s"] {
            let words = query_words(query);
            assert!(matches(&text, &words), "{query}");
            assert!(pairs.covers(&Pairs::of_words(&words)), "{query}");
        }
        assert!(!pairs.covers(&Pairs::of_words(&query_words("иван"))));
        assert!(!pairs.covers(&Pairs::of_words(&query_words("лена иван"))));
    }

    #[test]
    fn russian_order_puts_yo_with_ye() {
        let mut names = vec!["Ёлкин", "Яковлев", "Егоров", "Ершов", "Жуков", "Абрамов"];
        names.sort_by_key(|n| collation_key(&[n]));
        assert_eq!(names, vec!["Абрамов", "Егоров", "Ёлкин", "Ершов", "Жуков", "Яковлев"]);
    }
}
