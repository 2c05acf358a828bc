//! What one row's cells mean: the person form (reused as is from the card), roles in Russian
//! or English, lists of tags and of parents' e-mails.

use super::columns::{Column, split_list};
use super::table::Row;
use crate::domain::{Email, Role, Roles, User, search::fold};
use crate::service::ServiceError;
use crate::service::people::{PersonForm, parse_roles};

/// The person form of a row. For someone already in the school, an empty cell keeps the
/// value the card has.
pub fn form_of(row: &Row, existing: Option<&User>) -> PersonForm {
    let cell = |column: Column| row.cell(column).map(str::to_owned);
    let kept = |column: Column, current: Option<String>| cell(column).or(current);
    let user = existing;
    PersonForm {
        email: cell(Column::Email),
        last_name: kept(Column::LastName, user.map(|u| u.last_name.as_str().to_owned())),
        first_name: kept(Column::FirstName, user.map(|u| u.first_name.as_str().to_owned())),
        middle_name: kept(
            Column::MiddleName,
            user.and_then(|u| u.middle_name.as_ref()).map(|n| n.as_str().to_owned()),
        ),
        phone: kept(
            Column::Phone,
            user.and_then(|u| u.phone.as_ref()).map(|p| p.as_str().to_owned()),
        ),
        birth_date: kept(
            Column::BirthDate,
            user.and_then(|u| u.birth_date).map(|d| d.to_string()),
        ),
        notes: kept(Column::Notes, user.map(|u| u.notes.clone())),
    }
}

/// The stored name of a role written in Russian or English.
fn role_name(raw: &str) -> String {
    let folded = fold(raw.trim());
    let name = match folded.as_str() {
        "менеджер" | "администратор" | "директор" | "руководитель" => {
            "manager"
        }
        "сотрудник" | "учитель" | "преподаватель" | "педагог" | "репетитор" => {
            "worker"
        }
        "ученик" | "ученица" | "студент" | "студентка" | "учащийся" => "student",
        "родитель" | "родители" | "мама" | "папа" | "опекун" => "parent",
        _ => return raw.trim().to_owned(),
    };
    name.to_owned()
}

/// The row's roles: merged into an existing person's ones (an import never takes a role
/// away); a new person needs at least one. Errors are the card's messages.
pub fn roles_of(row: &Row, existing: Option<&User>) -> Result<Roles, Vec<String>> {
    let names: Vec<String> = row
        .cell(Column::Roles)
        .map(|cell| split_list(cell).into_iter().map(role_name).collect())
        .unwrap_or_default();
    let unknown: Vec<String> = names
        .iter()
        .filter(|name| name.parse::<crate::domain::Role>().is_err())
        .map(|name| format!("Неизвестная роль «{name}»: допустимы менеджер, сотрудник (учитель), ученик, родитель"))
        .collect();
    if !unknown.is_empty() {
        return Err(unknown);
    }
    match existing {
        Some(user) if names.is_empty() => Ok(user.roles.clone()),
        _ => match parse_roles(&names) {
            Ok(mut roles) => {
                roles.extend(existing.iter().flat_map(|u| u.roles.iter().copied()));
                Ok(roles)
            }
            Err(ServiceError::Invalid(fields)) => Err(fields.into_values().flatten().collect()),
            Err(other) => Err(vec![other.to_string()]),
        },
    }
}

/// Why a row may not give its person `roles`: an import never makes a manager, neither by the
/// role nor by bringing a deleted manager back (both are done on the person's card).
pub fn manager_refusal(roles: &Roles, existing: Option<&User>) -> Option<&'static str> {
    let was_manager = existing.is_some_and(|user| user.roles.contains(&Role::Manager));
    match existing {
        Some(user) if was_manager && user.deleted_at.is_some() => Some(
            "Этот человек удалён и был менеджером: импорт не восстанавливает менеджеров — восстановите его в карточке",
        ),
        _ if roles.contains(&Role::Manager) && !was_manager => {
            Some("Роль «Менеджер» импорт не назначает: назначьте её в карточке человека")
        }
        _ => None,
    }
}

/// The tag names of the row.
pub fn tag_names(row: &Row) -> Vec<&str> {
    row.cell(Column::Tags).map(split_list).unwrap_or_default()
}

/// The parents' e-mails of the row, each checked.
pub fn parent_emails(row: &Row) -> Vec<Result<Email, String>> {
    row.cell(Column::ParentEmail)
        .map(split_list)
        .unwrap_or_default()
        .into_iter()
        .map(|raw| Email::parse(raw).map_err(|err| format!("«{raw}»: {err}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Role;

    fn row(cells: &[(Column, &str)]) -> Row {
        Row {
            number: 2,
            cells: cells.iter().map(|(c, v)| (*c, (*v).to_owned())).collect(),
            extra: 0,
        }
    }

    #[test]
    fn roles_in_russian_and_english() {
        let roles = roles_of(&row(&[(Column::Roles, "Учитель | parent")]), None).expect("roles");
        assert_eq!(roles, Roles::from([Role::Worker, Role::Parent]));
        assert!(roles_of(&row(&[]), None).is_err());
        assert!(roles_of(&row(&[(Column::Roles, "директор школы")]), None).is_err());
    }

    #[test]
    fn an_import_never_makes_a_manager() {
        let manager = Roles::from([Role::Manager]);
        assert!(manager_refusal(&manager, None).is_some());
        assert!(manager_refusal(&Roles::from([Role::Worker]), None).is_none());
        let mut boss = crate::domain::User::create(
            crate::domain::NewUser::new(
                Email::parse("boss@school.ru").expect("email"),
                crate::domain::PersonName::parse("Главная").expect("name"),
                crate::domain::PersonName::parse("Галина").expect("name"),
                manager.clone(),
                crate::domain::Password::generate().hash(),
            ),
            crate::domain::UserId(1),
            jiff::Timestamp::UNIX_EPOCH,
        );
        assert!(manager_refusal(&manager, Some(&boss)).is_none(), "already a manager");
        boss.deleted_at = Some(jiff::Timestamp::UNIX_EPOCH);
        assert!(
            manager_refusal(&manager, Some(&boss)).is_some(),
            "a deleted manager stays deleted"
        );
    }

    #[test]
    fn parents_are_checked_one_by_one() {
        let parents = parent_emails(&row(&[(Column::ParentEmail, "a@b.ru, нет")]));
        assert!(parents[0].is_ok() && parents[1].is_err());
    }
}
