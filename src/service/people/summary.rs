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

/// What an edit of the card changed, field by field ("Телефон: «—» → «+79…»").
pub fn card_changes(before: &User, after: &User) -> Vec<String> {
    let shown = |value: Option<String>| value.filter(|v| !v.is_empty()).unwrap_or_else(|| "—".into());
    let fields = [
        ("E-mail", Some(before.email.to_string()), Some(after.email.to_string())),
        (
            "Фамилия",
            Some(before.last_name.as_str().to_owned()),
            Some(after.last_name.as_str().to_owned()),
        ),
        (
            "Имя",
            Some(before.first_name.as_str().to_owned()),
            Some(after.first_name.as_str().to_owned()),
        ),
        (
            "Отчество",
            before.middle_name.as_ref().map(|m| m.as_str().to_owned()),
            after.middle_name.as_ref().map(|m| m.as_str().to_owned()),
        ),
        (
            "Телефон",
            before.phone.as_ref().map(|p| p.as_str().to_owned()),
            after.phone.as_ref().map(|p| p.as_str().to_owned()),
        ),
        (
            "Дата рождения",
            before.birth_date.map(|d| d.strftime("%d.%m.%Y").to_string()),
            after.birth_date.map(|d| d.strftime("%d.%m.%Y").to_string()),
        ),
    ];
    let mut changes: Vec<String> = fields
        .into_iter()
        .filter(|(_, old, new)| old != new)
        .map(|(field, old, new)| format!("{field}: «{}» → «{}»", shown(old), shown(new)))
        .collect();
    if before.notes != after.notes {
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
