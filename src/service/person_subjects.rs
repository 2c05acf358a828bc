//! What one person studies (with his own price per lesson, a manager's to set) or teaches
//! (without prices): read and replaced as a whole, from the person's card.

use super::journal::{Change, Journal};
use super::subjects::prices_allowed;
use super::{FieldErrors, ServiceError};
use crate::domain::activity::Action;
use crate::domain::money::format_rub;
use crate::domain::subject::{PersonSubject, Subject, price_error};
use crate::domain::{Role, SubjectId, User, UserId};
use crate::policy::Actor;
use crate::store::{Store, record, subjects, users};
use std::collections::{BTreeMap, BTreeSet};

fn person_not_found() -> ServiceError {
    ServiceError::NotFound("Пользователь не найден".into())
}

/// What `user` studies or teaches.
pub fn get(store: &Store, user: UserId) -> Result<Vec<PersonSubject>, ServiceError> {
    let txn = store.read()?;
    users::get(&txn, user)?.ok_or_else(person_not_found)?;
    Ok(subjects::of_person(&txn, user)?)
}

/// Checks the list a form sends: known subjects, each once, prices only for a student and
/// within bounds. Messages go to `data`, or to `data.N.price` for one price.
fn check(
    txn: &impl record::Reader,
    person: &User,
    wanted: Vec<(SubjectId, Option<i64>)>,
) -> Result<Vec<(Subject, Option<i64>)>, ServiceError> {
    let mut errors = FieldErrors::new();
    let mut seen = BTreeSet::new();
    let mut checked = Vec::new();
    let student = person.roles.contains(&Role::Student);
    for (n, (id, price)) in wanted.into_iter().enumerate() {
        if !seen.insert(id) {
            errors.push("data", "Предмет указан дважды");
            continue;
        }
        let Some(subject) = record::get::<Subject>(txn, id)? else {
            errors.push("data", "Такого предмета нет");
            continue;
        };
        if let Some(message) = price_error(price) {
            errors.push(&format!("data.{n}.price"), message);
        }
        checked.push((subject, price.filter(|_| student)));
    }
    errors.into_result()?;
    Ok(checked)
}

/// The person's own prices in `list`, by subject (what only a manager changes).
fn own_prices(list: &[PersonSubject]) -> BTreeMap<SubjectId, i64> {
    list.iter().filter_map(|s| Some((s.subject_id, s.price?))).collect()
}

fn describe(list: &[(Subject, Option<i64>)]) -> String {
    if list.is_empty() {
        return "нет".into();
    }
    let names = list.iter().map(|(subject, price)| match price {
        Some(price) => format!("{} ({})", subject.name, format_rub(*price)),
        None => subject.name.clone(),
    });
    names.collect::<Vec<_>>().join(", ")
}

/// Replaces what `user` studies or teaches. A price is kept for a student only (it overrides
/// the subject's), and set, changed or removed by a manager only (403); staff teach subjects
/// without prices.
pub fn set(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    user: UserId,
    wanted: Vec<(SubjectId, Option<i64>)>,
) -> Result<Vec<PersonSubject>, ServiceError> {
    let txn = store.write()?;
    let person = users::get(&txn, user)?.ok_or_else(person_not_found)?;
    let checked = check(&txn, &person, wanted)?;
    let list: Vec<PersonSubject> = checked
        .iter()
        .map(|(subject, price)| PersonSubject {
            subject_id: subject.id,
            price: *price,
        })
        .collect();
    let old = subjects::of_person(&txn, user)?;
    if old == list {
        return Ok(list);
    }
    prices_allowed(actor, &own_prices(&old), &own_prices(&list))?;
    subjects::set_of_person(&txn, user, list.clone())?;
    let summary = format!("Предметы {}: {}", person.full_name(), describe(&checked));
    journal.record(&txn, Change::on_user(Action::PersonSubjectsChanged, &person, summary))?;
    journal.commit(txn)?;
    Ok(list)
}
