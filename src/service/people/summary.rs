//! How changes to people read in the activity log and in notifications (Russian).

use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::{Roles, User, UserId};

/// "Иванова Анна Сергеевна (anna@school.ru)".
pub fn who(user: &User) -> String {
    format!("{} ({})", user.full_name(), user.email)
}

/// "Ученик, Родитель".
pub fn roles(roles: &Roles) -> String {
    roles.iter().map(|r| r.title()).collect::<Vec<_>>().join(", ")
}

/// One field of a card that an edit changes: the form's field name, its Russian title, and
/// the value before and after (empty when there is none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldChange {
    pub field: &'static str,
    pub title: &'static str,
    pub from: String,
    pub to: String,
}

/// The card fields that differ between `before` and `after`, in the card's order.
pub fn field_changes(before: &User, after: &User) -> Vec<FieldChange> {
    let name = |n: &crate::domain::PersonName| n.as_str().to_owned();
    let middle = |u: &User| u.middle_name.as_ref().map(name).unwrap_or_default();
    let phone = |u: &User| u.phone.as_ref().map(|p| p.as_str().to_owned()).unwrap_or_default();
    let birth = |u: &User| {
        u.birth_date
            .map(|d| d.strftime("%d.%m.%Y").to_string())
            .unwrap_or_default()
    };
    let fields = [
        ("email", "E-mail", before.email.to_string(), after.email.to_string()),
        ("last_name", "Фамилия", name(&before.last_name), name(&after.last_name)),
        ("first_name", "Имя", name(&before.first_name), name(&after.first_name)),
        ("middle_name", "Отчество", middle(before), middle(after)),
        ("phone", "Телефон", phone(before), phone(after)),
        ("birth_date", "Дата рождения", birth(before), birth(after)),
        ("notes", "Заметки", before.notes.clone(), after.notes.clone()),
    ];
    fields
        .into_iter()
        .filter(|(_, _, from, to)| from != to)
        .map(|(field, title, from, to)| FieldChange { field, title, from, to })
        .collect()
}

/// What an edit of the card changed, field by field ("Телефон: «—» → «+79…»"); notes, which
/// may be long, only as "заметки изменены".
pub fn card_changes(before: &User, after: &User) -> Vec<String> {
    let shown = |value: &str| {
        if value.is_empty() {
            "—".to_owned()
        } else {
            value.to_owned()
        }
    };
    let (notes, fields): (Vec<_>, Vec<_>) = field_changes(before, after)
        .into_iter()
        .partition(|change| change.field == "notes");
    let mut changes: Vec<String> = fields
        .iter()
        .map(|c| format!("{}: «{}» → «{}»", c.title, shown(&c.from), shown(&c.to)))
        .collect();
    if !notes.is_empty() {
        changes.push("заметки изменены".into());
    }
    changes
}

/// "Родители: добавлены Петров Пётр; убраны Сидорова Анна" (empty when nothing changed).
pub fn links_changed(what: &str, added: &[String], removed: &[String]) -> Option<String> {
    let mut parts = Vec::new();
    if !added.is_empty() {
        parts.push(format!("добавлены {}", added.join(", ")));
    }
    if !removed.is_empty() {
        parts.push(format!("убраны {}", removed.join(", ")));
    }
    (!parts.is_empty()).then(|| format!("{what}: {}", parts.join("; ")))
}

/// The notice a person gets when their account is made.
pub fn account_created(user: &User) -> Notice {
    Notice {
        to: user.id,
        kind: NotificationKind::AccountCreated,
        body: format!(
            "Для Вас создана учётная запись. Ваш логин — {}. Роли: {}.",
            user.email,
            roles(&user.roles)
        ),
        link: Some("/".into()),
    }
}

/// The notice a person gets when their password changed.
pub fn password_changed(user: UserId, how: &str) -> Notice {
    Notice {
        to: user,
        kind: NotificationKind::PasswordChanged,
        body: format!("Пароль Вашей учётной записи {how}. Если это были не Вы, обратитесь к администрации."),
        link: Some("/settings/password".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Email, NewUser, Password, PersonName, Phone, Role};

    fn anna() -> User {
        let new = NewUser::new(
            Email::parse("anna@school.ru").expect("email"),
            PersonName::parse("Иванова").expect("name"),
            PersonName::parse("Анна").expect("name"),
            [Role::Student].into_iter().collect(),
            Password::generate().hash(),
        );
        User::create(new, UserId(5), jiff::Timestamp::UNIX_EPOCH)
    }

    #[test]
    fn an_edit_names_each_changed_field_once() {
        let before = anna();
        let mut after = before.clone();
        after.phone = Some(Phone::parse("8 912 345-67-89").expect("phone"));
        after.notes = "Аллергия на орехи".into();
        assert_eq!(
            card_changes(&before, &after),
            vec!["Телефон: «—» → «+79123456789»", "заметки изменены"]
        );
        assert!(card_changes(&before, &before).is_empty());
    }

    #[test]
    fn links_read_naturally() {
        let added = vec!["Петров Пётр".to_owned()];
        assert_eq!(
            links_changed("Родители", &added, &[]).as_deref(),
            Some("Родители: добавлены Петров Пётр")
        );
        assert_eq!(links_changed("Дети", &[], &[]), None);
    }
}
