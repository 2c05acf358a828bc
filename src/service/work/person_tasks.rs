//! A person's tasks (`/users/{id}/tasks`): those assigned to him, by due day and time from the
//! assignee index, and those about him. When the reader sees every task assigned to the person
//! and nothing but the due range narrows them, the index alone counts and orders them and only
//! the tasks on the page are decoded.

use super::task_list::{ShownTask, TaskQuery, TaskSort, shown_page, sort};
use crate::domain::search::Words;
use crate::domain::task::Task;
use crate::domain::{Page, PageRequest, TaskId, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::store::record;
use crate::store::{Store, tables, tasks};
use jiff::civil::Date;
use redb::ReadTransaction;
use std::collections::BTreeSet;

/// One page of the tasks assigned to or about `person` that `actor` sees, by due day; `query`
/// narrows them by status and due range.
pub fn of_person(
    store: &Store,
    actor: &Actor,
    person: UserId,
    query: &TaskQuery,
    request: PageRequest,
    today: Date,
) -> Result<Page<ShownTask>, ServiceError> {
    let txn = store.read()?;
    let (from, to) = query.due_keys();
    let assigned: Vec<(i64, TaskId)> = record::owned_between(&txn, tables::TASKS_BY_ASSIGNEE, person.0, from, to)?;
    let about = about_only(&txn, actor, person, query, &assigned)?;
    let page = if query.only_due_range() && policy::sees_tasks_assigned_to(actor, person) {
        page_in_due_order(&txn, assigned, about, request)?
    } else {
        let ids: Vec<TaskId> = assigned.into_iter().map(|(_, id)| id).collect();
        let mut found: Vec<Task> = tasks::load(&txn, &ids)?
            .into_iter()
            .filter(|t| policy::sees_task(actor, t) && query.admits(t, &Words::default()))
            .chain(about)
            .collect();
        sort(&mut found, TaskSort::DueOn);
        request.slice(found.into_iter())
    };
    shown_page(store, &txn, page, today)
}

/// The tasks about `person` (not assigned to him) that `actor` sees and `query` admits.
fn about_only(
    txn: &ReadTransaction,
    actor: &Actor,
    person: UserId,
    query: &TaskQuery,
    assigned: &[(i64, TaskId)],
) -> Result<Vec<Task>, ServiceError> {
    let mut ids: Vec<TaskId> = record::ids_under(txn, tables::TASKS_BY_RELATED, person.0)?;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let theirs: BTreeSet<TaskId> = assigned.iter().map(|(_, id)| *id).collect();
    ids.retain(|id| !theirs.contains(id));
    Ok(tasks::load(txn, &ids)?
        .into_iter()
        .filter(|t| policy::sees_task(actor, t) && query.admits(t, &Words::default()))
        .collect())
}

/// The page of `assigned` (index rows in due order, all shown) and `about` in due order,
/// decoding only the assigned tasks on the page.
fn page_in_due_order(
    txn: &ReadTransaction,
    assigned: Vec<(i64, TaskId)>,
    mut about: Vec<Task>,
    request: PageRequest,
) -> Result<Page<Task>, ServiceError> {
    let total = (assigned.len() + about.len()) as u64;
    sort(&mut about, TaskSort::DueOn);
    let start = request.offset();
    let mut assigned = assigned.into_iter().peekable();
    let mut about = about.into_iter().peekable();
    let (mut ids, mut items) = (Vec::new(), Vec::new());
    for place in 0..start + request.per_page as usize {
        let about_first = match (assigned.peek(), about.peek()) {
            (Some(&(key, id)), Some(task)) => (tasks::due_key(task), task.id) < (key, id),
            (None, Some(_)) => true,
            (_, None) => false,
        };
        let on_page = place >= start;
        if about_first {
            items.extend(about.next().filter(|_| on_page));
        } else if let Some((_, id)) = assigned.next() {
            ids.extend(on_page.then_some(id));
        } else {
            break;
        }
    }
    items.extend(tasks::load(txn, &ids)?);
    sort(&mut items, TaskSort::DueOn);
    Ok(Page { items, total, request })
}
