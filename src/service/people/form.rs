//! The person form (create and edit): every field checked at once, messages per field.

use crate::domain::text::check_text;
use crate::domain::{Email, NewUser, PasswordHash, PersonName, Phone, Roles, User};
use crate::service::{FieldErrors, ServiceError};
use jiff::civil::Date;

/// Longest notes accepted, in characters.
const MAX_NOTES: usize = 5000;

/// The fields a person's card edits; missing ones are empty.
#[derive(Clone, Debug, Default)]
pub struct PersonForm {
    pub email: Option<String>,
    pub last_name: Option<String>,
    pub first_name: Option<String>,
    pub middle_name: Option<String>,
    pub phone: Option<String>,
    /// `YYYY-MM-DD` or `DD.MM.YYYY`.
    pub birth_date: Option<String>,
    pub notes: Option<String>,
}

/// A checked form.
pub struct Checked {
    pub email: Email,
    pub last_name: PersonName,
    pub first_name: PersonName,
    pub middle_name: Option<PersonName>,
    pub phone: Option<Phone>,
    pub birth_date: Option<Date>,
    pub notes: String,
}

impl Checked {
    /// A new user with these fields, the given roles and password hash.
    pub fn into_new_user(self, roles: Roles, password_hash: PasswordHash) -> NewUser {
        let mut new = NewUser::new(self.email, self.last_name, self.first_name, roles, password_hash);
        new.middle_name = self.middle_name;
        new.phone = self.phone;
        new.birth_date = self.birth_date;
        new.notes = self.notes;
        new
    }

    /// Writes these fields onto a stored user (the caller sets `updated_at`).
    pub fn apply_to(self, user: &mut User) {
        user.email = self.email;
        user.last_name = self.last_name;
        user.first_name = self.first_name;
        user.middle_name = self.middle_name;
        user.phone = self.phone;
        user.birth_date = self.birth_date;
        user.notes = self.notes;
    }
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Parses a birth date written either way, and checks it is a plausible one.
pub fn parse_birth_date(raw: &str, today: Date) -> Result<Date, String> {
    let parsed = match raw.split('.').collect::<Vec<_>>()[..] {
        [d, m, y] => format!("{y}-{m:0>2}-{d:0>2}").parse::<Date>(),
        _ => raw.parse::<Date>(),
    };
    let date = parsed.map_err(|_| "Введите дату в формате ДД.ММ.ГГГГ".to_owned())?;
    if date > today || date.year() < 1900 {
        return Err("Дата рождения вне допустимого диапазона".into());
    }
    Ok(date)
}

impl PersonForm {
    /// Checks every field; `today` bounds the birth date.
    pub fn check(&self, today: Date) -> Result<Checked, ServiceError> {
        let mut errors = FieldErrors::new();
        let mut note = |field: &str, message: String| errors.entry(field.to_owned()).or_default().push(message);
        let email = match present(&self.email) {
            None => {
                note("email", "Обязательное поле".into());
                Err(())
            }
            Some(raw) => Email::parse(raw).map_err(|e| note("email", e.to_string())),
        };
        let mut name = |field: &str, value: &Option<String>| {
            PersonName::parse(value.as_deref().unwrap_or_default()).map_err(|e| note(field, e.to_string()))
        };
        let last_name = name("last_name", &self.last_name);
        let first_name = name("first_name", &self.first_name);
        let middle_name = match present(&self.middle_name) {
            None => Ok(None),
            Some(raw) => PersonName::parse(raw)
                .map(Some)
                .map_err(|e| note("middle_name", e.to_string())),
        };
        let phone = match present(&self.phone) {
            None => Ok(None),
            Some(raw) => Phone::parse(raw).map(Some).map_err(|e| note("phone", e.to_string())),
        };
        let birth_date = match present(&self.birth_date) {
            None => Ok(None),
            Some(raw) => parse_birth_date(raw, today)
                .map(Some)
                .map_err(|m| note("birth_date", m)),
        };
        let notes = self.notes.clone().unwrap_or_default();
        if notes.chars().count() > MAX_NOTES {
            note("notes", format!("Не длиннее {MAX_NOTES} символов"));
        } else if let Err(refused) = check_text(&notes) {
            note("notes", refused.to_string());
        }
        match (email, last_name, first_name, middle_name, phone, birth_date) {
            (Ok(email), Ok(last_name), Ok(first_name), Ok(middle_name), Ok(phone), Ok(birth_date))
                if errors.is_empty() =>
            {
                Ok(Checked {
                    email,
                    last_name,
                    first_name,
                    middle_name,
                    phone,
                    birth_date,
                    notes,
                })
            }
            _ => Err(ServiceError::Invalid(errors)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> Date {
        jiff::civil::date(2026, 11, 22)
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let form = PersonForm {
            email: Some("nope".into()),
            first_name: Some("Ян".into()),
            phone: Some("телефон".into()),
            birth_date: Some("31.02.2010".into()),
            ..Default::default()
        };
        let Err(ServiceError::Invalid(errors)) = form.check(today()) else {
            panic!("invalid")
        };
        let fields: Vec<_> = errors.keys().map(String::as_str).collect();
        assert_eq!(fields, vec!["birth_date", "email", "last_name", "phone"]);
    }

    #[test]
    fn birth_dates_both_ways_and_bounded() {
        assert_eq!(
            parse_birth_date("05.03.2012", today()),
            Ok(jiff::civil::date(2012, 3, 5))
        );
        assert_eq!(
            parse_birth_date("2012-03-05", today()),
            Ok(jiff::civil::date(2012, 3, 5))
        );
        assert!(parse_birth_date("2030-01-01", today()).is_err());
        assert!(parse_birth_date("1850-01-01", today()).is_err());
    }
}
