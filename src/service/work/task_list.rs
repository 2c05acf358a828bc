//! Reading tasks: the list with its filters and sort, a person's tasks, and the names a row
//! shows. Each list reads the index that answers it (a person's tasks by due day, the tasks
//! about someone, a board's cards), never every task.

use super::task_pages::{self, TaskTexts};
use crate::domain::search::{Words, collation_key, fold};
use crate::domain::task::{Task, TaskPriority, TaskStatus};
use crate::domain::{BoardId, Page, PageRequest, Role, TaskId, User, UserId};
use crate::policy::{self, Actor};
use crate::service::ServiceError;
use crate::service::kept_texts;
use crate::store::directory::Directory;
use crate::store::record::{self, day_after, day_key};
use crate::store::{Store, tables, tasks};
use bytes::Bytes;
use jiff::civil::Date;
use redb::ReadTransaction;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A task with what a row shows of it.
#[derive(Clone, Debug)]
pub struct ShownTask {
    pub task: Task,
    /// «Соколова М. О.».
    pub author_name: String,
    pub assignee_name: String,
    pub related_user_name: Option<String>,
    /// Not done and due before the school's today.
    pub overdue: bool,
}

/// How a list is ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TaskSort {
    /// By due day and time, the earliest first.
    #[default]
    DueOn,
    DueOnDesc,
    /// The least urgent first.
    Priority,
    /// The most urgent first.
    PriorityDesc,
    /// In the alphabet's order.
    Title,
    /// Я to А.
    TitleDesc,
    CreatedAt,
    CreatedAtDesc,
}

impl TaskSort {
    /// The sorts a client may name.
    pub const NAMES: &'static str = "due_on, -due_on, priority, -priority, title, -title, created_at, -created_at";

    /// The sort named `name`.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "due_on" => Self::DueOn,
            "-due_on" => Self::DueOnDesc,
            "priority" => Self::Priority,
            "-priority" => Self::PriorityDesc,
            "title" => Self::Title,
            "-title" => Self::TitleDesc,
            "created_at" => Self::CreatedAt,
            "-created_at" => Self::CreatedAtDesc,
            _ => return None,
        })
    }
}

/// What a list asks for; every filter left out admits all.
#[derive(Clone, Debug, Default)]
pub struct TaskQuery {
    pub assignee: Option<UserId>,
    pub author: Option<UserId>,
    pub status: Option<TaskStatus>,
    pub priority: Option<TaskPriority>,
    /// Due on or after this day.
    pub due_from: Option<Date>,
    /// Due on or before this day.
    pub due_to: Option<Date>,
    pub board: Option<BoardId>,
    pub related: Option<UserId>,
    /// Words each found in the title or the description (ё as е, any case).
    pub search: Option<String>,
    pub sort: TaskSort,
}

impl TaskQuery {
    /// The due range as index keys: [from, to).
    pub(super) fn due_keys(&self) -> (i64, i64) {
        (
            self.due_from.map_or(i64::MIN, day_key),
            self.due_to.map_or(i64::MAX, day_after),
        )
    }

    /// Whether nothing but the due range narrows the tasks (an index range then answers it).
    pub(super) fn only_due_range(&self) -> bool {
        self.assignee.is_none()
            && self.author.is_none()
            && self.status.is_none()
            && self.priority.is_none()
            && self.board.is_none()
            && self.related.is_none()
            && self.search.is_none()
    }

    /// Whether `task` passes every filter (`words`: the search's, folded).
    pub(super) fn admits(&self, task: &Task, words: &Words) -> bool {
        self.assignee.is_none_or(|id| task.assignee_id == id)
            && self.author.is_none_or(|id| task.author_id == id)
            && self.status.is_none_or(|s| task.status == s)
            && self.priority.is_none_or(|p| task.priority == p)
            && self.due_from.is_none_or(|d| task.due_on >= d)
            && self.due_to.is_none_or(|d| task.due_on <= d)
            && self
                .board
                .is_none_or(|b| task.placement.as_ref().is_some_and(|p| p.board_id == b))
            && self.related.is_none_or(|id| task.related_user_id == Some(id))
            && (words.is_empty() || {
                let text = fold(&format!("{} {}", task.title, task.description));
                words.all_in(&text)
            })
    }
}

/// The ids `person`'s index lists in the due range.
fn owned(
    txn: &ReadTransaction,
    index: record::OwnedTimeIndex,
    person: UserId,
    (from, to): (i64, i64),
) -> Result<Vec<TaskId>, ServiceError> {
    Ok(record::ids_owned_between(txn, index, person.0, from, to)?)
}

/// One page of the tasks `actor` sees that `query` asks for, as `render` writes it. A page of
/// one assignee's tasks (the page «Мои задачи» asks for those) is kept and given again while the
/// reader, the query, the page, that person's list of tasks, the names and `today` are what they
/// were (`task_pages::kept`).
pub fn listed<E: From<ServiceError>>(
    store: &Store,
    texts: &TaskTexts,
    actor: &Actor,
    (query, request): (&TaskQuery, PageRequest),
    today: Date,
    render: impl FnOnce(Page<ShownTask>) -> Result<Bytes, E>,
) -> Result<Bytes, E> {
    let (versions, txn) = store.read_versioned().map_err(ServiceError::from)?;
    let make = || render(list(store, &txn, actor, query, request, today)?);
    let Some(assignee) = query.assignee else {
        return make();
    };
    let question = kept_texts::question(actor, format_args!("list {query:?} {request:?}"));
    let [assigned, _] = tasks::person_versions(&versions, assignee);
    task_pages::kept(store, &txn, texts, (question, &[assigned]), today, make)
}

/// One page of the tasks `actor` sees that `query` asks for.
fn list(
    store: &Store,
    txn: &ReadTransaction,
    actor: &Actor,
    query: &TaskQuery,
    request: PageRequest,
    today: Date,
) -> Result<Page<ShownTask>, ServiceError> {
    let range = query.due_keys();
    let mut ids: Vec<TaskId> = if let Some(assignee) = query.assignee {
        owned(txn, tables::TASKS_BY_ASSIGNEE, assignee, range)?
    } else if let Some(author) = query.author {
        owned(txn, tables::TASKS_BY_AUTHOR, author, range)?
    } else if let Some(related) = query.related {
        record::ids_under(txn, tables::TASKS_BY_RELATED, related.0)?
    } else if let Some(board) = query.board {
        tasks::cards(txn, board, None)?.into_iter().map(|c| c.task_id).collect()
    } else if actor.user.roles.contains(&Role::Manager) {
        // Only which index to read: `sees_task` below still decides every row.
        record::ids_between(txn, tables::TASKS_BY_DUE, range.0, range.1)?
    } else {
        let mut mine = owned(txn, tables::TASKS_BY_ASSIGNEE, actor.user.id, range)?;
        mine.extend(owned(txn, tables::TASKS_BY_AUTHOR, actor.user.id, range)?);
        mine
    };
    dedup(&mut ids);
    let words = query.search.as_deref().map(Words::of).unwrap_or_default();
    let mut found: Vec<Task> = tasks::load(txn, &ids)?
        .into_iter()
        .filter(|t| policy::sees_task(actor, t) && query.admits(t, &words))
        .collect();
    sort(&mut found, query.sort);
    let page = request.slice(found.into_iter());
    shown_page(store, txn, page, today)
}

/// Drops repeated ids, keeping the first of each.
fn dedup(ids: &mut Vec<TaskId>) {
    let mut seen = BTreeSet::new();
    ids.retain(|id| seen.insert(*id));
}

/// Orders `found` as `by` says; ties by id.
pub(super) fn sort(found: &mut [Task], by: TaskSort) {
    // The due indexes' order: by day and time, a task with no time last in its day.
    let due = |t: &Task| (tasks::due_key(t), t.id);
    match by {
        TaskSort::DueOn => found.sort_by_key(due),
        TaskSort::DueOnDesc => found.sort_by_key(|t| std::cmp::Reverse(due(t))),
        TaskSort::Priority => found.sort_by_key(|t| (t.priority, due(t))),
        TaskSort::PriorityDesc => found.sort_by_key(|t| (std::cmp::Reverse(t.priority), due(t))),
        TaskSort::Title => found.sort_by_cached_key(|t| (collation_key(&[&t.title]), t.id)),
        TaskSort::TitleDesc => found.sort_by_cached_key(|t| std::cmp::Reverse((collation_key(&[&t.title]), t.id))),
        TaskSort::CreatedAt => found.sort_by_key(|t| (t.created_at, t.id)),
        TaskSort::CreatedAtDesc => found.sort_by_key(|t| std::cmp::Reverse((t.created_at, t.id))),
    }
}

/// `page` with its names.
pub(super) fn shown_page(
    store: &Store,
    txn: &ReadTransaction,
    page: Page<Task>,
    today: Date,
) -> Result<Page<ShownTask>, ServiceError> {
    let Page { items, total, request } = page;
    Ok(Page {
        items: shown(store, txn, items, today)?,
        total,
        request,
    })
}

/// People's short names for rows: each looked up in the directory once (a board's cards and a
/// person's tasks mostly name the same few people).
pub(super) struct Names {
    directory: Arc<Directory>,
    found: BTreeMap<UserId, String>,
}

impl Names {
    /// The names as the directory of `txn` knows them.
    pub(super) fn new(store: &Store, txn: &ReadTransaction) -> Result<Self, ServiceError> {
        Ok(Self::known_to(store.directory(txn)?))
    }

    /// The names as `directory` knows them.
    pub(super) fn known_to(directory: Arc<Directory>) -> Self {
        Self {
            directory,
            found: BTreeMap::new(),
        }
    }

    /// «Соколова М. О.», or «№7» for someone the directory does not know.
    pub(super) fn of(&mut self, id: UserId) -> String {
        let directory = &self.directory;
        self.found
            .entry(id)
            .or_insert_with(|| {
                directory
                    .find(id)
                    .map_or_else(|| format!("№{id}"), |entry| User::short_name(&entry.user))
            })
            .clone()
    }
}

/// `tasks` with their names.
pub fn shown(
    store: &Store,
    txn: &ReadTransaction,
    tasks: Vec<Task>,
    today: Date,
) -> Result<Vec<ShownTask>, ServiceError> {
    let mut names = Names::new(store, txn)?;
    Ok(tasks
        .into_iter()
        .map(|task| ShownTask {
            author_name: names.of(task.author_id),
            assignee_name: names.of(task.assignee_id),
            related_user_name: task.related_user_id.map(|id| names.of(id)),
            overdue: task.overdue_on(today),
            task,
        })
        .collect())
}

/// `tasks` with their names, as stored now.
pub fn named(store: &Store, tasks: Vec<Task>, today: Date) -> Result<Vec<ShownTask>, ServiceError> {
    shown(store, &store.read()?, tasks, today)
}

/// One task with its names, as stored now.
pub fn show_one(store: &Store, task: Task, today: Date) -> Result<ShownTask, ServiceError> {
    let mut one = named(store, vec![task], today)?;
    one.pop()
        .ok_or_else(|| ServiceError::NotFound("Задача не найдена".into()))
}
