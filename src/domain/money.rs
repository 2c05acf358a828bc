//! Money as people read it: kopecks written «1 234,50 ₽».

/// `kopecks` in roubles with a space between thousands and a comma before the kopecks.
pub fn format_rub(kopecks: i64) -> String {
    let sign = if kopecks < 0 { "-" } else { "" };
    let abs = kopecks.unsigned_abs();
    let roubles = (abs / 100).to_string();
    let mut grouped = String::new();
    for (i, digit) in roubles.chars().enumerate() {
        if i > 0 && (roubles.len() - i) % 3 == 0 {
            grouped.push(' ');
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped},{:02} ₽", abs % 100)
}

#[cfg(test)]
mod tests {
    use super::format_rub;

    #[test]
    fn thousands_are_spaced_and_kopecks_follow_a_comma() {
        assert_eq!(format_rub(123_450), "1 234,50 ₽");
        assert_eq!(format_rub(5), "0,05 ₽");
        assert_eq!(format_rub(100_000_000), "1 000 000,00 ₽");
        assert_eq!(format_rub(-150), "-1,50 ₽");
    }
}
