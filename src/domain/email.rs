//! An e-mail address, validated once and kept in its normalised (lower-case) form.

use super::text::{InvalidText, check_line};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Longest address accepted (RFC 5321 path limit).
pub const MAX_EMAIL_LEN: usize = 254;

/// A syntactically valid, lower-cased e-mail address.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

/// Why a text is not an e-mail address; the message is shown to the user.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InvalidEmail {
    #[error("Введите корректный email")]
    Malformed,
    #[error("{0}")]
    Text(#[from] InvalidText),
}

impl Email {
    /// Parses and normalises an address: trimmed, lower-cased, one `@`, a dotted domain.
    pub fn parse(raw: &str) -> Result<Self, InvalidEmail> {
        check_line(raw.trim())?;
        Self::well_formed(raw)
    }

    /// The syntax check alone: what a stored address had to pass (records written before the
    /// text check still load).
    fn well_formed(raw: &str) -> Result<Self, InvalidEmail> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() || email.chars().count() > MAX_EMAIL_LEN {
            return Err(InvalidEmail::Malformed);
        }
        let (local, domain) = email.split_once('@').ok_or(InvalidEmail::Malformed)?;
        let plain = |s: &str| !s.is_empty() && !s.chars().any(|c| c.is_whitespace() || c == '@');
        let dotted = domain.split('.').count() >= 2 && domain.split('.').all(|part| !part.is_empty());
        if plain(local) && plain(domain) && dotted && !local.starts_with('.') && !local.ends_with('.') {
            Ok(Self(email))
        } else {
            Err(InvalidEmail::Malformed)
        }
    }

    /// The normalised address.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Email {
    type Error = InvalidEmail;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::well_formed(&value)
    }
}

impl From<Email> for String {
    fn from(value: Email) -> Self {
        value.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_case_and_spaces() {
        let email = Email::parse("  Ivan.Petrov@School.RU ").expect("valid");
        assert_eq!(email.as_str(), "ivan.petrov@school.ru");
    }

    #[test]
    fn refuses_what_is_not_an_address() {
        for bad in [
            "",
            "ivan",
            "ivan@",
            "@school.ru",
            "ivan@school",
            "iv an@school.ru",
            "a@b@c.ru",
            "ivan@school..ru",
        ] {
            assert_eq!(Email::parse(bad), Err(InvalidEmail::Malformed), "{bad:?}");
        }
        let long = format!("{}@school.ru", "a".repeat(300));
        assert_eq!(Email::parse(&long), Err(InvalidEmail::Malformed));
        assert_eq!(
            Email::parse("iv\u{7f}an@school.ru"),
            Err(InvalidEmail::Text(InvalidText::Control))
        );
        assert_eq!(
            Email::parse("ivan@\u{2067}school.ru"),
            Err(InvalidEmail::Text(InvalidText::Bidi))
        );
    }

    #[test]
    fn accepts_cyrillic_domains() {
        assert!(Email::parse("директор@школа.рф").is_ok());
    }
}
