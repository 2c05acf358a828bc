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

/// True when every word of `query` (folded) occurs in `haystack` (already folded).
pub fn matches(haystack: &str, query: &str) -> bool {
    fold(query).split_whitespace().all(|word| haystack.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yo_and_ye_match_each_other() {
        let haystack = fold("Соколова Алёна Андреевна alena@school.ru");
        assert!(matches(&haystack, "алена"));
        assert!(matches(&haystack, "АЛЁНА соколова"));
        assert!(!matches(&haystack, "алина"));
    }

    #[test]
    fn russian_order_puts_yo_with_ye() {
        let mut names = vec!["Ёлкин", "Яковлев", "Егоров", "Ершов", "Жуков", "Абрамов"];
        names.sort_by_key(|n| collation_key(&[n]));
        assert_eq!(names, vec!["Абрамов", "Егоров", "Ёлкин", "Ершов", "Жуков", "Яковлев"]);
    }
}
