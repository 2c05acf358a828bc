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
    fn russian_order_puts_yo_with_ye() {
        let mut names = vec!["Ёлкин", "Яковлев", "Егоров", "Ершов", "Жуков", "Абрамов"];
        names.sort_by_key(|n| collation_key(&[n]));
        assert_eq!(names, vec!["Абрамов", "Егоров", "Ёлкин", "Ершов", "Жуков", "Яковлев"]);
    }
}
