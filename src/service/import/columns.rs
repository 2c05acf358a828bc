//! The columns an import understands, recognised by their header in Russian or English
//! (case, spaces, `_` and ё/е do not matter).

use crate::domain::search::fold;

/// A column the import reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    LastName,
    FirstName,
    MiddleName,
    Email,
    Phone,
    Roles,
    BirthDate,
    Tags,
    Notes,
    ParentEmail,
}

impl Column {
    pub const ALL: [Column; 10] = [
        Column::LastName,
        Column::FirstName,
        Column::MiddleName,
        Column::Email,
        Column::Phone,
        Column::Roles,
        Column::BirthDate,
        Column::Tags,
        Column::Notes,
        Column::ParentEmail,
    ];

    /// The header names this column is known by, already normalised.
    fn names(self) -> &'static [&'static str] {
        match self {
            Column::LastName => &["фамилия", "last name", "lastname", "surname"],
            Column::FirstName => &["имя", "first name", "firstname"],
            Column::MiddleName => &["отчество", "middle name", "middlename", "patronymic"],
            Column::Email => &["email", "e-mail", "почта", "эл. почта", "электронная почта", "mail"],
            Column::Phone => &["телефон", "тел.", "тел", "phone"],
            Column::Roles => &["роль", "роли", "role", "roles"],
            Column::BirthDate => &["дата рождения", "birth date", "birthdate", "birthday"],
            Column::Tags => &["теги", "тег", "метки", "tags", "tag"],
            Column::Notes => &[
                "заметки",
                "заметка",
                "примечание",
                "примечания",
                "комментарий",
                "notes",
                "note",
            ],
            Column::ParentEmail => &[
                "email родителя",
                "e-mail родителя",
                "почта родителя",
                "parent email",
                "parent e-mail",
                "parent",
            ],
        }
    }

    /// The header shown in messages when the file has no such column.
    pub fn title(self) -> &'static str {
        match self {
            Column::LastName => "Фамилия",
            Column::FirstName => "Имя",
            Column::MiddleName => "Отчество",
            Column::Email => "Email",
            Column::Phone => "Телефон",
            Column::Roles => "Роль",
            Column::BirthDate => "Дата рождения",
            Column::Tags => "Теги",
            Column::Notes => "Заметки",
            Column::ParentEmail => "Email родителя",
        }
    }

    /// The column a person form's field comes from.
    pub fn of_field(field: &str) -> Option<Column> {
        Some(match field {
            "email" => Column::Email,
            "last_name" => Column::LastName,
            "first_name" => Column::FirstName,
            "middle_name" => Column::MiddleName,
            "phone" => Column::Phone,
            "birth_date" => Column::BirthDate,
            "notes" => Column::Notes,
            "roles" => Column::Roles,
            "tags" => Column::Tags,
            _ => return None,
        })
    }

    /// The column a header names, if any.
    pub fn recognise(header: &str) -> Option<Column> {
        let key = normalise(header);
        Column::ALL.into_iter().find(|c| c.names().contains(&key.as_str()))
    }
}

fn normalise(header: &str) -> String {
    let folded = fold(header.trim_start_matches('\u{feff}')).replace('_', " ");
    folded
        .trim_matches(|c: char| c.is_whitespace() || c == '*')
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits a cell holding several values (`,`, `|` or `;`), dropping empty ones.
pub fn split_list(cell: &str) -> Vec<&str> {
    cell.split([',', '|', ';'])
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_russian_and_english_headers() {
        assert_eq!(Column::recognise("ФАМИЛИЯ"), Some(Column::LastName));
        assert_eq!(Column::recognise(" last_name "), Some(Column::LastName));
        assert_eq!(Column::recognise("E-mail"), Some(Column::Email));
        assert_eq!(Column::recognise("Дата  рождения*"), Some(Column::BirthDate));
        assert_eq!(Column::recognise("Email родителя"), Some(Column::ParentEmail));
        assert_eq!(Column::recognise("Тёги"), Some(Column::Tags));
        assert_eq!(Column::recognise("Класс"), None);
    }

    #[test]
    fn splits_lists() {
        assert_eq!(split_list("ученик| родитель,,"), vec!["ученик", "родитель"]);
    }
}
