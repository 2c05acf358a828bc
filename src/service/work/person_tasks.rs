//! A person's tasks (`/users/{id}/tasks`): those assigned to him, by due day from the assignee
//! index, and those about him. When the reader sees every task assigned to the person and
//! nothing but the due range narrows them, the index alone counts and places them and only the
//! days the page touches are decoded.

use super::task_list::{ShownTask, TaskQuery, TaskSort, shown_page, sort};
use crate::domain::search::Words;
use crate::domain::task::Task;
use crate::domain::{Page, PageRequest, TaskId, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::store::record::{self, day_key};
use crate::store::{Store, tables, tasks};
use jiff::civil::Date;
use redb::ReadTransaction;
use std::collections::{BTreeMap, BTreeSet};

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
        page_by_day(&txn, assigned, about, request)?
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

/// The page of `assigned` (index rows, all shown) and `about` by due day, decoding only the
/// assigned tasks of the days the page touches.
fn page_by_day(
    txn: &ReadTransaction,
    assigned: Vec<(i64, TaskId)>,
    about: Vec<Task>,
    request: PageRequest,
) -> Result<Page<Task>, ServiceError> {
    let total = (assigned.len() + about.len()) as u64;
    let mut days: BTreeMap<i64, (Vec<TaskId>, Vec<Task>)> = BTreeMap::new();
    for (day, id) in assigned {
        days.entry(day).or_default().0.push(id);
    }
    for task in about {
        days.entry(day_key(task.due_on)).or_default().1.push(task);
    }
    let (start, wanted) = (request.offset(), request.per_page as usize);
    let mut items = Vec::with_capacity(wanted);
    let mut before = 0;
    for (ids, mut found) in days.into_values() {
        let count = ids.len() + found.len();
        if before + count > start {
            found.extend(tasks::load(txn, &ids)?);
            sort(&mut found, TaskSort::DueOn);
            let skip = start.saturating_sub(before);
            items.extend(found.into_iter().skip(skip).take(wanted - items.len()));
            if items.len() == wanted {
                break;
            }
        }
        before += count;
    }
    Ok(Page { items, total, request })
}
