//! A person's name part (last, first or middle name), trimmed and bounded.

use super::text::{InvalidText, check_line};
use serde::{Deserialize, Serialize};

/// Longest name part accepted, in characters.
pub const MAX_NAME_LEN: usize = 100;

/// A trimmed, non-empty name part of at most [`MAX_NAME_LEN`] characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PersonName(String);

/// Why a name part is refused; the message is shown to the user.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InvalidName {
    #[error("Обязательное поле")]
    Empty,
    #[error("Не длиннее {MAX_NAME_LEN} символов")]
    TooLong,
    #[error("Введите хотя бы одну букву")]
    NoLetters,
    #[error("{0}")]
    Text(#[from] InvalidText),
}

impl PersonName {
    /// Trims and checks a name part: a name has at least one letter («123» or «-» is a slip).
    pub fn parse(raw: &str) -> Result<Self, InvalidName> {
        check_line(raw.trim())?;
        let name = Self::bounded(raw)?;
        if !name.0.chars().any(char::is_alphabetic) {
            return Err(InvalidName::NoLetters);
        }
        Ok(name)
    }

    /// Trims and checks only the length: what a stored name had to pass (records written
    /// before the text check still load).
    fn bounded(raw: &str) -> Result<Self, InvalidName> {
        let name = raw.trim();
        match name.chars().count() {
            0 => Err(InvalidName::Empty),
            n if n > MAX_NAME_LEN => Err(InvalidName::TooLong),
            _ => Ok(Self(name.to_owned())),
        }
    }

    /// The name as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for PersonName {
    type Error = InvalidName;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::bounded(&value)
    }
}

impl From<PersonName> for String {
    fn from(value: PersonName) -> Self {
        value.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_bounds() {
        assert_eq!(PersonName::parse("  Алёна ").expect("valid").as_str(), "Алёна");
        assert_eq!(PersonName::parse("   "), Err(InvalidName::Empty));
        assert_eq!(PersonName::parse(&"ж".repeat(101)), Err(InvalidName::TooLong));
        assert_eq!(PersonName::parse("123"), Err(InvalidName::NoLetters));
        assert_eq!(
            PersonName::parse("Д'Артаньян-2").expect("letters").as_str(),
            "Д'Артаньян-2"
        );
        assert_eq!(
            PersonName::parse("Али\u{202E}ев"),
            Err(InvalidName::Text(InvalidText::Bidi))
        );
        let stored: PersonName = serde_json::from_str(r#""Старое\u0001имя""#).expect("an old record loads");
        assert_eq!(stored.as_str(), "Старое\u{1}имя");
    }
}
