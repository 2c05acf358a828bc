//! Money and counts as people read them: kopecks written «1 234,50 ₽», a count «8 100».

/// `n` with a space between thousands: «8 100».
pub fn spaced(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(' ');
        }
        grouped.push(digit);
    }
    grouped
}

/// `kopecks` in roubles with a space between thousands and a comma before the kopecks.
pub fn format_rub(kopecks: i64) -> String {
    let sign = if kopecks < 0 { "-" } else { "" };
    let abs = kopecks.unsigned_abs();
    format!("{sign}{},{:02} ₽", spaced(abs / 100), abs % 100)
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
