//! Counting in Russian: «1 урок», «3 урока», «11 уроков» (the twin of the UI's `lib/plural.ts`).

/// The form of a noun after `count`: `[one, few, many]` as in «1 урок», «2 урока», «5 уроков».
pub fn plural_form(count: u64, [one, few, many]: [&'static str; 3]) -> &'static str {
    match (count % 10, count % 100) {
        (_, 11..=14) => many,
        (1, _) => one,
        (2..=4, _) => few,
        _ => many,
    }
}

/// `count` and the noun after it: «1 занятие», «3 занятия», «8 занятий».
pub fn plural(count: u64, forms: [&'static str; 3]) -> String {
    format!("{count} {}", plural_form(count, forms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_follows_the_last_digits() {
        let forms = ["урок", "урока", "уроков"];
        let words = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map(|n| plural_form(n, forms));
        assert_eq!(
            words,
            [
                "уроков",
                "урок",
                "урока",
                "урока",
                "уроков",
                "уроков",
                "уроков",
                "уроков",
                "урок",
                "урока",
                "уроков",
                "урок",
                "уроков"
            ]
        );
        assert_eq!(plural(22, ["занятие", "занятия", "занятий"]), "22 занятия");
    }
}
