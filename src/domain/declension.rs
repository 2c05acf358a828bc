//! People's names declined in Russian sentences (the `petrovich` rules): the one place the
//! server declines a name. The gender comes from the patronymic, else the first name, else the
//! last name; when none of them tells it, the name is not declined (None) and the caller says
//! it another way.

use super::User;
use petrovich::{Case, Gender, detect_gender, firstname, lastname, middlename};

/// The grammatical cases a sentence may need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameCase {
    /// Кого? — «глазами Соколовой Марины Олеговны».
    Genitive,
    /// Кем? — «менеджером Соколовой Мариной Олеговной».
    Instrumental,
}

/// «Фамилия Имя Отчество» in `case`, or None when the gender cannot be told.
pub fn decline(last: &str, first: &str, middle: Option<&str>, case: NameCase) -> Option<String> {
    let gender = detect_gender(Some(last), Some(first), middle);
    if gender == Gender::Androgynous {
        return None;
    }
    let case = match case {
        NameCase::Genitive => Case::Genitive,
        NameCase::Instrumental => Case::Instrumental,
    };
    let mut name = format!("{} {}", lastname(gender, last, case), firstname(gender, first, case));
    if let Some(middle) = middle {
        name.push(' ');
        name.push_str(&middlename(gender, middle, case));
    }
    Some(name)
}

/// `noun` (already in `case`) and the user's full name declined to agree with it: «менеджером
/// Орловой Натальей»; a name that cannot be declined stays as it is («пользователя Ли Саша»).
pub fn full_name_in(user: &User, case: NameCase, noun: &str) -> String {
    let middle = user.middle_name.as_ref().map(|m| m.as_str());
    let name = decline(user.last_name.as_str(), user.first_name.as_str(), middle, case);
    format!("{noun} {}", name.unwrap_or_else(|| user.full_name()))
}

/// The word that agrees with the person's gender: `feminine` for a woman, else `masculine`
/// (also when the name does not tell): «занят» or «занята».
pub fn agreeing<'a>(user: &User, masculine: &'a str, feminine: &'a str) -> &'a str {
    let middle = user.middle_name.as_ref().map(|m| m.as_str());
    let gender = detect_gender(Some(user.last_name.as_str()), Some(user.first_name.as_str()), middle);
    if gender == Gender::Female { feminine } else { masculine }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declines_by_patronymic_or_first_name() {
        assert_eq!(
            decline("Соколова", "Марина", Some("Олеговна"), NameCase::Genitive).as_deref(),
            Some("Соколовой Марины Олеговны")
        );
        assert_eq!(
            decline("Иванов", "Артём", Some("Сергеевич"), NameCase::Instrumental).as_deref(),
            Some("Ивановым Артёмом Сергеевичем")
        );
        assert_eq!(
            decline("Петрова", "Анна", None, NameCase::Genitive).as_deref(),
            Some("Петровой Анны")
        );
    }
}
