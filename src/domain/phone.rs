//! A phone number, normalised so that "8 (912) 345-67-89" and "+7 912 345 67 89" are one number.

use super::text::{InvalidText, check_line};
use serde::{Deserialize, Serialize};

/// Digits with an optional leading `+`; Russian numbers as `+7XXXXXXXXXX`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Phone(String);

/// Why a phone number is refused; the message is shown to the user.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InvalidPhone {
    #[error("Введите корректный номер телефона")]
    Malformed,
    #[error("{0}")]
    Text(#[from] InvalidText),
}

impl Phone {
    /// Keeps the digits (spaces, dashes, dots and brackets are dropped) and normalises
    /// Russian numbers written with 8 or without a country code.
    pub fn parse(raw: &str) -> Result<Self, InvalidPhone> {
        let raw = raw.trim();
        check_line(raw)?;
        let plus = raw.starts_with('+');
        if raw.chars().any(|c| !(c.is_ascii_digit() || " -().+".contains(c))) || raw[usize::from(plus)..].contains('+')
        {
            return Err(InvalidPhone::Malformed);
        }
        let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
        let normal = match (plus, digits.len()) {
            (false, 11) if digits.starts_with('8') || digits.starts_with('7') => format!("+7{}", &digits[1..]),
            (false, 10) if digits.starts_with('9') => format!("+7{digits}"),
            (true, 7..=15) => format!("+{digits}"),
            (false, 5..=15) => digits,
            _ => return Err(InvalidPhone::Malformed),
        };
        Ok(Self(normal))
    }

    /// The normalised number.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_ways_of_writing_one_number() {
        for raw in ["8 (912) 345-67-89", "+7 912 345 67 89", "9123456789", "7-912-345-67-89"] {
            assert_eq!(Phone::parse(raw).expect(raw).as_str(), "+79123456789", "{raw}");
        }
        assert_eq!(Phone::parse("+44 20 7946 0958").expect("uk").as_str(), "+442079460958");
        assert_eq!(Phone::parse("12-34-56").expect("short local").as_str(), "123456");
        for bad in ["", "телефон", "12", "+7 912 +345", "1234567890123456789"] {
            assert_eq!(Phone::parse(bad), Err(InvalidPhone::Malformed), "{bad}");
        }
        assert_eq!(
            Phone::parse("+7 912\u{202D}345 67 89"),
            Err(InvalidPhone::Text(InvalidText::Bidi))
        );
    }
}
