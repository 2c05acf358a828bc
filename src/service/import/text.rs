//! Turning an uploaded file into table text: encoding (UTF-8 with or without BOM, or
//! Windows-1251), refusing binary files, finding the delimiter and unclosed quotes.

/// Decodes the file: valid UTF-8 (a BOM is dropped) stays, anything else is read as
/// Windows-1251, the encoding Excel in Russia saves CSV in. Binary files are refused.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(
            "Файл в кодировке UTF-16: сохраните таблицу как «CSV UTF-8» или «CSV (разделители — точка с запятой)»"
                .into(),
        );
    }
    if bytes.contains(&0) {
        return Err(not_a_table());
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1251
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    };
    let controls = text
        .chars()
        .filter(|c| c.is_control() && !matches!(c, '\t' | '\r' | '\n'))
        .count();
    if controls > 0 && controls * 100 >= text.chars().count().max(1) {
        return Err(not_a_table());
    }
    if text.trim().is_empty() {
        return Err("Файл пустой: в нём нет ни заголовка, ни строк".into());
    }
    Ok(text)
}

fn not_a_table() -> String {
    "Файл не похож на CSV-таблицу (двоичные данные, например .xlsx): сохраните таблицу в формате CSV".into()
}

/// The delimiter the header line uses most: `;`, `,` or a tab (`,` when none appears).
pub fn sniff_delimiter(text: &str) -> u8 {
    let header = text.lines().find(|line| !line.trim().is_empty()).unwrap_or_default();
    let mut in_quotes = false;
    let mut counts = [(b';', 0usize), (b',', 0), (b'\t', 0)];
    for c in header.chars() {
        if c == '"' {
            in_quotes = !in_quotes;
        } else if !in_quotes {
            if let Some(slot) = counts.iter_mut().find(|(d, _)| char::from(*d) == c) {
                slot.1 += 1;
            }
        }
    }
    counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .max_by_key(|(_, n)| *n)
        .map_or(b',', |(d, _)| *d)
}

/// Where a reading of CSV text stands, for `unclosed_quote`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    FieldStart,
    Unquoted,
    Quoted,
    /// A `"` inside a quoted field: it closes the field, or with a second `"` is a quote.
    QuoteInQuoted,
}

/// Finds a quoted field that is never closed: the line (1-based) where its quote opens. By the
/// CSV rules (and the csv crate's) a quote opens a field only at the field's start, so the
/// stray `"` of `Рост 5'8"` is a character; inside a quoted field `""` is a quote.
pub fn unclosed_quote(text: &str, delimiter: u8) -> Option<usize> {
    let delimiter = char::from(delimiter);
    let (mut at, mut line, mut opened_at) = (At::FieldStart, 1, 1);
    for c in text.chars() {
        at = match (at, c) {
            (At::Quoted, '"') => At::QuoteInQuoted,
            (At::Quoted, _) | (At::QuoteInQuoted, '"') => At::Quoted,
            (At::FieldStart, '"') => {
                opened_at = line;
                At::Quoted
            }
            (_, '\n' | '\r') => At::FieldStart,
            (_, c) if c == delimiter => At::FieldStart,
            _ => At::Unquoted,
        };
        if c == '\n' {
            line += 1;
        }
    }
    (at == At::Quoted).then_some(opened_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_utf8_with_bom_and_windows_1251() {
        assert_eq!(decode(b"\xEF\xBB\xBFEmail").as_deref(), Ok("Email"));
        let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode("Фамилия;Имя");
        assert_eq!(decode(&cp1251).as_deref(), Ok("Фамилия;Имя"));
    }

    #[test]
    fn refuses_binary_and_empty_files() {
        assert!(decode(b"PK\x03\x04\x00\x00binary").is_err());
        assert!(decode(b"\x01\x02\x03\x04\x05abc").is_err());
        assert!(decode(b"  \r\n").is_err());
        assert!(decode(b"").is_err());
    }

    #[test]
    fn sniffs_the_delimiter_of_the_header() {
        assert_eq!(sniff_delimiter("Фамилия;Имя;Email\nа,б;в;г"), b';');
        assert_eq!(sniff_delimiter("\"a;b\",c,d"), b',');
        assert_eq!(sniff_delimiter("email"), b',');
    }

    #[test]
    fn finds_unclosed_quotes() {
        assert_eq!(unclosed_quote("a,\"b\"\"c\"\nd", b','), None);
        assert_eq!(unclosed_quote("a,b\nc,\"d\ne,f", b','), Some(2));
        assert_eq!(unclosed_quote("a;\"многострочная\r\nзаметка\";b\n\"c", b';'), Some(3));
    }

    #[test]
    fn a_quote_inside_an_unquoted_field_is_a_character() {
        assert_eq!(unclosed_quote("Фамилия;Заметки\nИванов;Рост 5'8\"\n", b';'), None);
        assert_eq!(unclosed_quote("Фамилия;Заметки\nИванов;\"Рост\" 5'8\"\n", b';'), None);
        assert_eq!(
            unclosed_quote("a,b\nc;\"d\n", b','),
            None,
            "`;` is not this file's delimiter"
        );
    }
}
