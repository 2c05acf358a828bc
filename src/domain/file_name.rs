//! Names and types of uploaded files: what a browser sent, made safe to store and to send back.

use super::text::{InvalidText, check_line};

/// Longest file name kept, in characters.
pub const MAX_NAME_CHARS: usize = 255;

/// Why an uploaded file's name is refused; the message is shown at the `file` field.
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
pub enum InvalidFileName {
    #[error("У файла нет имени")]
    Empty,
    #[error("Имя файла: {0}")]
    Text(#[from] InvalidText),
}

/// The name as the user chose it: browsers send `"`, CR and LF in a form's `filename` as `%22`,
/// `%0D` and `%0A` (the HTML standard's multipart encoding); those three, and only they, are decoded.
fn unescape_form_name(raw: &str) -> String {
    raw.replace("%22", "\"").replace("%0D", "\r").replace("%0A", "\n")
}

/// The name a file is stored under: the last part of what the browser sent (`C:\fakepath\a.pdf`
/// -> `a.pdf`), trimmed, at most 255 characters (the extension kept when the name is cut).
/// A name with control characters or bidirectional overrides is refused, not quietly changed.
pub fn clean_file_name(raw: &str) -> Result<String, InvalidFileName> {
    let raw = unescape_form_name(raw);
    let last = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let name = last.trim();
    check_line(name)?;
    if name.is_empty() || name == "." || name == ".." {
        return Err(InvalidFileName::Empty);
    }
    if name.chars().count() <= MAX_NAME_CHARS {
        return Ok(name.to_owned());
    }
    let extension = name
        .rsplit_once('.')
        .map(|(_, ext)| ext)
        .filter(|ext| !ext.is_empty() && ext.chars().count() <= 16);
    let name = match extension {
        Some(ext) => {
            let keep = MAX_NAME_CHARS - ext.chars().count() - 1;
            let stem: String = name.chars().take(keep).collect();
            format!("{}.{ext}", stem.trim_end())
        }
        None => name
            .chars()
            .take(MAX_NAME_CHARS)
            .collect::<String>()
            .trim_end()
            .to_owned(),
    };
    Ok(name)
}

/// The stored content type: the browser's when it looks like `type/subtype`, otherwise a guess
/// from the name, otherwise `application/octet-stream`.
pub fn content_type_of(sent: Option<&str>, name: &str) -> String {
    let sent = sent.map(str::trim).filter(|t| {
        let mut parts = t.splitn(2, '/');
        let token = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "!#$&^_.+-".contains(c));
        matches!((parts.next(), parts.next()), (Some(a), Some(b)) if token(a) && token(b))
    });
    match sent {
        Some(t) if t != "application/octet-stream" => t.to_ascii_lowercase(),
        _ => mime_guess::from_path(name)
            .first_raw()
            .unwrap_or("application/octet-stream")
            .to_owned(),
    }
}

/// The type a download is served with: the stored one, unless a browser would run or render
/// it as a page (HTML, XHTML, SVG, XML, XSL, JavaScript, CSS …): then `application/octet-stream`.
pub fn served_type(stored: &str) -> &str {
    let essence = stored.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let active = essence.ends_with("/xml")
        || essence.ends_with("+xml")
        || ["html", "script", "svg", "xsl", "shockwave", "mixed-replace"]
            .iter()
            .any(|word| essence.contains(word))
        || (essence.starts_with("text/") && !matches!(essence.as_str(), "text/plain" | "text/csv"));
    if active || essence.is_empty() {
        "application/octet-stream"
    } else {
        stored
    }
}

/// `Content-Disposition` for a download that keeps any name (RFC 6266 with RFC 5987's
/// `filename*`): an ASCII fallback for old clients, the exact UTF-8 name for everyone else.
pub fn attachment_disposition(name: &str) -> String {
    let fallback: String = name
        .chars()
        .map(|c| match c {
            ' '..='~' if c != '"' && c != '\\' && c != '%' => c,
            _ => '_',
        })
        .collect();
    format!(
        "attachment; filename=\"{fallback}\"; filename*=UTF-8''{}",
        percent_encode(name)
    )
}

/// RFC 5987 `value-chars`: `attr-char` as is, every other byte as `%XX`.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_cyrillic_and_lose_paths_and_control_characters() {
        let cases = [
            ("Договор №5 — Иванов.pdf", Ok("Договор №5 — Иванов.pdf")),
            ("C:\\fakepath\\Справка.docx", Ok("Справка.docx")),
            ("../../etc/passwd", Ok("passwd")),
            ("  отчёт.txt\t", Ok("отчёт.txt")),
            ("отчёт\u{0}.txt", Err(InvalidFileName::Text(InvalidText::Control))),
            ("счёт\u{202E}fdp.exe", Err(InvalidFileName::Text(InvalidText::Bidi))),
            ("   ", Err(InvalidFileName::Empty)),
            ("dir/", Err(InvalidFileName::Empty)),
            ("..", Err(InvalidFileName::Empty)),
        ];
        for (raw, expected) in cases {
            assert_eq!(clean_file_name(raw).as_deref(), expected.as_deref(), "{raw:?}");
        }
    }

    #[test]
    fn quotes_and_line_breaks_a_browser_escaped_are_decoded_before_the_checks() {
        let cases = [
            ("Приказ %22О приёме%22.pdf", Ok("Приказ \"О приёме\".pdf")),
            ("скидка 50%25 %2F итог.pdf", Ok("скидка 50%25 %2F итог.pdf")),
            ("строка%0Aвторая.txt", Err(InvalidFileName::Text(InvalidText::Control))),
            ("строка%0D.txt", Err(InvalidFileName::Text(InvalidText::Control))),
        ];
        for (raw, expected) in cases {
            assert_eq!(clean_file_name(raw).as_deref(), expected.as_deref(), "{raw:?}");
        }
    }

    #[test]
    fn long_names_are_cut_keeping_the_extension() {
        let name = clean_file_name(&format!("{}.pdf", "я".repeat(400))).expect("name");
        assert_eq!(name.chars().count(), MAX_NAME_CHARS);
        assert!(name.ends_with("яя.pdf"));
    }

    #[test]
    fn disposition_keeps_the_exact_name_and_an_ascii_fallback() {
        assert_eq!(
            attachment_disposition("Отчёт 1.pdf"),
            "attachment; filename=\"_____ 1.pdf\"; \
             filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%201.pdf"
        );
        assert!(attachment_disposition("a\"b.txt").starts_with("attachment; filename=\"a_b.txt\""));
    }

    #[test]
    fn types_a_browser_would_run_are_served_as_bytes() {
        for active in [
            "text/html",
            "application/xhtml+xml",
            "image/svg+xml",
            "text/xml",
            "application/xml",
            "text/javascript",
            "application/javascript",
            "application/ecmascript",
            "text/css",
            "text/xsl",
            "application/vnd.mozilla.xul+xml",
            "",
        ] {
            assert_eq!(served_type(active), "application/octet-stream", "{active}");
        }
        for inert in [
            "application/pdf",
            "image/png",
            "text/plain",
            "text/csv",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ] {
            assert_eq!(served_type(inert), inert);
        }
    }

    #[test]
    fn content_type_trusts_a_well_formed_type_and_guesses_otherwise() {
        assert_eq!(content_type_of(Some("application/pdf"), "x"), "application/pdf");
        assert_eq!(content_type_of(Some("nonsense"), "a.pdf"), "application/pdf");
        assert_eq!(content_type_of(Some("application/octet-stream"), "a.png"), "image/png");
        assert_eq!(content_type_of(None, "noext"), "application/octet-stream");
    }
}
