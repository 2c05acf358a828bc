//! A person's tasks (`/users/{id}/tasks`): those assigned to him, by due day and time from the
//! assignee index, and those about him. When the reader sees every task assigned to the person
//! and nothing but the due range narrows them, the index alone counts and orders them and only
//! the tasks on the page are decoded.

use super::task_list::{ShownTask, TaskQuery, TaskSort, shown_page, sort};
use super::task_pages::{self, TaskTexts};
use crate::domain::search::Words;
use crate::domain::task::Task;
use crate::domain::{Page, PageRequest, TaskId, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::service::kept_texts;
use crate::store::record;
use crate::store::{Store, tables, tasks};
use bytes::Bytes;
use jiff::civil::Date;
use redb::ReadTransaction;

/// One page of the tasks assigned to or about `person` that `actor` sees, by due day, as
/// `render` writes it; `query` narrows them by status and due range. The text is kept and given
/// again while the reader, the query, the page, the tasks assigned to and about the person (their
/// lists' versions), the names and `today` are what they were (`task_pages::kept`).
#[allow(clippy::too_many_arguments)]
pub fn shown<E: From<ServiceError>>(
    store: &Store,
    texts: &TaskTexts,
    actor: &Actor,
    person: UserId,
    query: &TaskQuery,
    request: PageRequest,
    today: Date,
    render: impl FnOnce(Page<ShownTask>) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let question = kept_texts::question(actor, format_args!("person {person} {query:?} {request:?}"));
    let versions = tasks::person_versions(&versions, person);
    task_pages::kept(store, &txn, texts, (question, &versions), today, || {
        render(of_person(store, &txn, actor, person, query, request, today)?)
    })
}

/// One page of the tasks assigned to or about `person` that `actor` sees, by due day; `query`
/// narrows them by status and due range.
fn of_person(
    store: &Store,
    txn: &ReadTransaction,
    actor: &Actor,
    person: UserId,
    query: &TaskQuery,
    request: PageRequest,
    today: Date,
) -> Result<Page<ShownTask>, ServiceError> {
    let about = about_only(txn, actor, person, query)?;
    let by_assignee = tables::TASKS_BY_ASSIGNEE;
    let page = if query.only_due_range() && policy::sees_tasks_assigned_to(actor, person) {
        let first = request.offset() + request.per_page as usize;
        let (assigned, first) = record::owned_counted(txn, by_assignee, person.0, query.due_keys(), first)?;
        page_in_due_order(txn, (assigned, first), about, request)?
    } else {
        let (from, to) = query.due_keys();
        let ids: Vec<TaskId> = record::ids_owned_between(txn, by_assignee, person.0, from, to)?;
        let mut found: Vec<Task> = tasks::load(txn, &ids)?
            .into_iter()
            .filter(|t| policy::sees_task(actor, t) && query.admits(t, &Words::default()))
            .chain(about)
            .collect();
        sort(&mut found, TaskSort::DueOn);
        request.slice(found.into_iter())
    };
    shown_page(store, txn, page, today)
}

/// The tasks about `person` and assigned to someone else that `actor` sees and `query` admits.
fn about_only(
    txn: &ReadTransaction,
    actor: &Actor,
    person: UserId,
    query: &TaskQuery,
) -> Result<Vec<Task>, ServiceError> {
    let ids: Vec<TaskId> = record::ids_under(txn, tables::TASKS_BY_RELATED, person.0)?;
    Ok(tasks::load(txn, &ids)?
        .into_iter()
        .filter(|t| t.assignee_id != person)
        .filter(|t| policy::sees_task(actor, t) && query.admits(t, &Words::default()))
        .collect())
}

/// The page of the tasks assigned (how many, and the first index rows in due order up to the
/// page's end; all shown) and `about`, decoding only the assigned tasks on the page.
fn page_in_due_order(
    txn: &ReadTransaction,
    (assigned_total, assigned): (usize, Vec<(i64, TaskId)>),
    mut about: Vec<Task>,
    request: PageRequest,
) -> Result<Page<Task>, ServiceError> {
    let total = (assigned_total + about.len()) as u64;
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
