//! The one way to say "these fields are wrong" (a 422): build the messages field by field,
//! then turn them into the error, or into `Ok(())` when there are none.
//!
//! ```
//! use klass::service::{FieldErrors, ServiceError};
//! fn check(email: &str, name: &str) -> Result<(), ServiceError> {
//!     let mut errors = FieldErrors::new();
//!     if email.is_empty() {
//!         errors.push("email", "Обязательное поле");
//!     }
//!     if name.is_empty() {
//!         errors.push("name", "Обязательное поле");
//!     }
//!     errors.into_result()
//! }
//! assert!(check("", "").is_err());
//! assert!(FieldErrors::new().add("email", "Обязательное поле").into_result().is_err());
//! ```

use super::ServiceError;
use crate::domain::FieldMessages;
use std::collections::BTreeMap;

/// What a date that does not parse is told.
pub const DAY_FORMAT: &str = "Дата в формате ГГГГ-ММ-ДД";

/// Field name -> messages, as a 422 answer carries them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// The error of one wrong field: `return Err(FieldErrors::one("id", "…"))`.
    pub fn one(field: &str, message: impl Into<String>) -> ServiceError {
        Self::new().add(field, message).into()
    }

    /// Adds a message to `field`, builder style.
    #[must_use]
    pub fn add(mut self, field: &str, message: impl Into<String>) -> Self {
        self.push(field, message);
        self
    }

    /// Adds a message to `field`.
    pub fn push(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_default().push(message.into());
    }

    /// The value of a parse, or `None` with its error's text added to `field`.
    pub fn check<T, E: std::fmt::Display>(&mut self, field: &str, parsed: Result<T, E>) -> Option<T> {
        parsed.map_err(|err| self.push(field, err.to_string())).ok()
    }

    /// The day «2026-11-23» typed in `raw` (spaces around it ignored), `None` when it is empty,
    /// or `None` with «Дата в формате ГГГГ-ММ-ДД» added to `field`: every date a form or a
    /// filter takes.
    pub fn day(&mut self, field: &str, raw: Option<&str>) -> Option<jiff::civil::Date> {
        let raw = raw.map(str::trim).filter(|r| !r.is_empty())?;
        self.check(field, raw.parse::<jiff::civil::Date>().map_err(|_| DAY_FORMAT))
    }

    /// Like `day`, for a date that must be there: an empty one is told the same.
    pub fn required_day(&mut self, field: &str, raw: &str) -> Option<jiff::civil::Date> {
        if raw.trim().is_empty() {
            self.push(field, DAY_FORMAT);
            return None;
        }
        self.day(field, Some(raw))
    }

    /// Adds every message a domain check found.
    pub fn extend(&mut self, messages: FieldMessages) {
        for (field, message) in messages {
            self.push(field, message);
        }
    }

    /// Adds every message of `other`.
    pub fn merge(&mut self, other: FieldErrors) {
        for (field, messages) in other.0 {
            self.0.entry(field).or_default().extend(messages);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Ok(())` when no field is wrong, else the 422.
    pub fn into_result(self) -> Result<(), ServiceError> {
        if self.is_empty() { Ok(()) } else { Err(self.into()) }
    }

    /// Every message, field after field.
    pub fn into_messages(self) -> impl Iterator<Item = String> {
        self.0.into_values().flatten()
    }

    /// Field name -> messages, for the answer's body.
    pub fn into_map(self) -> BTreeMap<String, Vec<String>> {
        self.0
    }

    /// `field: message; message` lines, for logs and the command line.
    pub fn describe(&self) -> String {
        self.0
            .iter()
            .map(|(field, messages)| format!("{field}: {}", messages.join("; ")))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl From<FieldErrors> for ServiceError {
    fn from(errors: FieldErrors) -> Self {
        ServiceError::Invalid(errors)
    }
}

/// A domain check's messages are a 422: `let name = check_tag(name, color)?;`.
impl From<FieldMessages> for ServiceError {
    fn from(messages: FieldMessages) -> Self {
        let mut errors = FieldErrors::new();
        errors.extend(messages);
        errors.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreError;

    #[test]
    fn messages_gather_per_field_and_none_is_ok() {
        assert!(FieldErrors::new().into_result().is_ok());
        let mut errors = FieldErrors::new().add("email", "a");
        errors.push("email", "b");
        assert_eq!(errors.check("age", "x".parse::<u8>()), None);
        assert_eq!(errors.check("n", "7".parse::<u8>()), Some(7));
        let map = errors.into_map();
        assert_eq!(map["email"], ["a", "b"]);
        assert!(map.contains_key("age") && !map.contains_key("n"));
    }

    #[test]
    fn a_taken_unique_key_is_a_422_on_that_field_alone_with_its_index_message() {
        let taken = StoreError::Taken {
            field: "name",
            message: "Предмет с таким названием уже есть",
        };
        let ServiceError::Invalid(errors) = ServiceError::from(taken) else {
            panic!("not a field error");
        };
        assert_eq!(
            errors.into_map(),
            BTreeMap::from([("name".to_owned(), vec!["Предмет с таким названием уже есть".to_owned()])])
        );
    }
}
