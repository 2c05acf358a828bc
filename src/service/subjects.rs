//! The subjects the school teaches: list, create, edit, archive, and delete while nothing uses
//! one (a subject in use is archived instead). Staff manage them; their prices a manager.

use super::journal::{Change, Journal};
use super::{FieldErrors, ServiceError};
use crate::domain::activity::{Action, Entity};
use crate::domain::catalog::CatalogQuery;
use crate::domain::subject::{Subject, check_subject};
use crate::domain::{Page, PageRequest, SubjectId};
use crate::policy::{self, Actor};
use crate::store::WriteTxn;
use crate::store::{Store, courses, marks, packages, record, subjects};

/// A subject's fields as a form sends them.
#[derive(Clone, Debug, Default)]
pub struct SubjectForm {
    pub name: String,
    pub color: String,
    pub price: Option<i64>,
    pub archived: bool,
}

fn not_found() -> ServiceError {
    ServiceError::NotFound("Предмет не найден".into())
}

/// One page of the subjects a query admits, by name.
pub fn list(store: &Store, query: &CatalogQuery, request: PageRequest) -> Result<Page<Subject>, ServiceError> {
    let all = record::all::<Subject>(&store.read()?)?;
    let kept = query.select(all, |s| &s.name, |s| s.archived, |_| None);
    Ok(request.slice(kept.into_iter()))
}

/// One subject.
pub fn get(store: &Store, id: SubjectId) -> Result<Subject, ServiceError> {
    record::get(&store.read()?, id)?.ok_or_else(not_found)
}

/// The subject `id`, in a transaction, or 422 on `field` when there is none (a form naming it).
pub(super) fn existing(txn: &WriteTxn, id: SubjectId, field: &str) -> Result<Subject, ServiceError> {
    record::get(txn, id)?.ok_or_else(|| FieldErrors::one(field, "Такого предмета нет"))
}

/// Nothing when `actor` may turn prices `old` into `new` (`policy::changes_prices`); else a 403.
pub(super) fn prices_allowed<T: PartialEq + ?Sized>(actor: &Actor, old: &T, new: &T) -> Result<(), ServiceError> {
    if policy::changes_prices(actor, old, new) {
        Ok(())
    } else {
        Err(ServiceError::Forbidden(policy::PRICES_BY_MANAGER))
    }
}

fn describe(subject: &Subject) -> String {
    let archived = if subject.archived { ", в архиве" } else { "" };
    format!("«{}» ({}{archived})", subject.name, subject.color)
}

/// Creates a subject with a unique name and a palette colour (and a price: a manager's).
pub fn create(store: &Store, journal: &Journal, actor: &Actor, form: SubjectForm) -> Result<Subject, ServiceError> {
    let name = check_subject(&form.name, &form.color, form.price)?;
    prices_allowed(actor, &None, &form.price)?;
    let txn = store.write()?;
    let subject = record::insert(&txn, |id| Subject {
        id,
        name,
        color: form.color,
        archived: form.archived,
        price: form.price,
    })?;
    let summary = format!("Создан предмет {}", describe(&subject));
    let change = Change::new(Action::SubjectCreated, Entity::Subject, Some(subject.id.0), summary);
    journal.commit_change(txn, change)?;
    Ok(subject)
}

/// Renames, recolours, reprices (a manager), archives or brings back a subject.
pub fn update(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: SubjectId,
    form: SubjectForm,
) -> Result<Subject, ServiceError> {
    let name = check_subject(&form.name, &form.color, form.price)?;
    let txn = store.write()?;
    let old: Subject = record::get(&txn, id)?.ok_or_else(not_found)?;
    let new = Subject {
        id,
        name,
        color: form.color,
        archived: form.archived,
        price: form.price,
    };
    if old == new {
        return Ok(new);
    }
    prices_allowed(actor, &old.price, &new.price)?;
    record::replace(&txn, &old, &new)?;
    let summary = format!("Предмет {} → {}", describe(&old), describe(&new));
    journal.commit_change(
        txn,
        Change::new(Action::SubjectUpdated, Entity::Subject, Some(id.0), summary),
    )?;
    Ok(new)
}

/// What uses a subject, in words («курсов: 2», «групп: 1», «занятия», «абонементов: 1»,
/// «оценок: 3»); empty when nothing does.
fn uses(txn: &WriteTxn, id: SubjectId) -> Result<Vec<String>, ServiceError> {
    let teaching = subjects::teaching_uses(txn, |g| g.subject_id == id, |l| l.subject_id == id)?;
    let packages = packages::count_where(txn, |p| p.subject_id == Some(id))?;
    Ok([
        counted("курсов", courses::of_subject(txn, id)?.len()),
        teaching_words(teaching),
        counted("абонементов", packages),
        counted("оценок", marks::count_of_subject(txn, id)?),
    ]
    .into_iter()
    .flatten()
    .collect())
}

/// «`what`: N» when there are any (`n`): one of the words of what uses a record.
pub(super) fn counted(what: &str, n: usize) -> Option<String> {
    (n > 0).then(|| format!("{what}: {n}"))
}

/// «групп: N» or «занятия» for what `store::subjects::teaching_uses` found, if anything.
pub(super) fn teaching_words((groups, used): (usize, bool)) -> Option<String> {
    match (groups, used) {
        (0, false) => None,
        (0, true) => Some("занятия".to_owned()),
        (groups, _) => Some(format!("групп: {groups}")),
    }
}

/// Nothing when `uses` (what uses a record, in words) is empty; else a 422 on `id` saying what
/// uses the record (`what`: «Предмет») and to archive it instead.
pub(super) fn unused(what: &str, uses: &[String]) -> Result<(), ServiceError> {
    if uses.is_empty() {
        return Ok(());
    }
    let message = format!(
        "{what} используется ({}); удалить нельзя — отправьте его в архив",
        uses.join(", ")
    );
    Err(FieldErrors::one("id", message))
}

/// Deletes a subject nothing uses, and takes it off the people who study or teach it; a
/// subject in use is refused (it can be archived).
pub fn delete(store: &Store, journal: &Journal, id: SubjectId) -> Result<(), ServiceError> {
    let txn = store.write()?;
    let subject: Subject = record::get(&txn, id)?.ok_or_else(not_found)?;
    unused("Предмет", &uses(&txn, id)?)?;
    let people = subjects::people_of(&txn, id)?;
    for person in &people {
        let mut kept = subjects::of_person(&txn, *person)?;
        kept.retain(|s| s.subject_id != id);
        subjects::set_of_person(&txn, *person, kept)?;
    }
    record::remove::<Subject>(&txn, id)?;
    let summary = format!("Удалён предмет «{}»; он снят с людей: {}", subject.name, people.len());
    let change = Change::new(Action::SubjectDeleted, Entity::Subject, Some(id.0), summary).concerning(people);
    journal.commit_change(txn, change)?;
    Ok(())
}
