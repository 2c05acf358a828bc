//! What a person may type into the portal: no control characters (C0, DEL, C1) and no
//! bidirectional overrides or isolates, which would hide or reorder what others read.
//! Every validated text value (names, e-mail, phone, tag names, file names, notes) checks here.

/// Why a text is refused; the message is shown to the user at the field.
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
pub enum InvalidText {
    #[error("Содержит недопустимые управляющие символы")]
    Control,
    #[error("Содержит недопустимые символы смены направления текста")]
    Bidi,
}

/// Bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn check(text: &str, allowed: &[char]) -> Result<(), InvalidText> {
    for c in text.chars() {
        // `is_control` is exactly C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
        if c.is_control() && !allowed.contains(&c) {
            return Err(InvalidText::Control);
        }
        if is_bidi_control(c) {
            return Err(InvalidText::Bidi);
        }
    }
    Ok(())
}

/// A one-line value (a name, an address, a file name): no control character at all.
pub fn check_line(text: &str) -> Result<(), InvalidText> {
    check(text, &[])
}

/// `text` with its ends trimmed and each run of spaces inside made one space: a name typed
/// with two spaces is the name shown (a page shows the two as one) and found as taken.
pub fn single_spaced(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A text of several lines (notes): line breaks and tabs are kept, other controls refused.
pub fn check_text(text: &str) -> Result<(), InvalidText> {
    check(text, &['\n', '\r', '\t'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_in_any_script_passes() {
        for ok in [
            "Алёна",
            "O'Connor-Smith",
            "Ли Мин",
            "שלום",
            "مرحبا",
            "Договор №5 — Иванов.pdf",
            "",
        ] {
            assert_eq!(check_line(ok), Ok(()), "{ok:?}");
        }
    }

    #[test]
    fn controls_and_overrides_are_refused_everywhere() {
        for (bad, why) in [
            ("a\u{0}b", InvalidText::Control),
            ("a\u{1b}[31mb", InvalidText::Control),
            ("a\u{7f}", InvalidText::Control),
            ("a\u{85}b", InvalidText::Control),
            ("a\u{9f}", InvalidText::Control),
            ("evil\u{202E}fdp.exe", InvalidText::Bidi),
            ("a\u{202A}b", InvalidText::Bidi),
            ("a\u{2066}b", InvalidText::Bidi),
            ("a\u{2069}b", InvalidText::Bidi),
        ] {
            assert_eq!(check_line(bad), Err(why), "{bad:?}");
            assert_eq!(check_text(bad), Err(why), "{bad:?}");
        }
    }

    #[test]
    fn only_notes_keep_line_breaks_and_tabs() {
        let note = "Первая строка\r\nвторая\tс табуляцией";
        assert_eq!(check_text(note), Ok(()));
        assert_eq!(check_line(note), Err(InvalidText::Control));
    }
}
