//! One task: create, read, change, delete and complete it, with each field checked (a 422 per
//! field), who may be assigned, the log, and who is told: an assignment tells the assignee,
//! finishing a task someone else assigned tells its author.

use super::moves::{OWNER_DOES_NOT_SEE, at_end, column_of, follow_status, kept_board, owner_sees};
use super::reminders::remind_late;
use super::task_notices::{assigned_notice, done_notice};
use crate::domain::activity::{Action, Entity};
use crate::domain::board::Board;
use crate::domain::task::{self, Task, TaskPriority, TaskStatus};
use crate::domain::timetable::day_text;
use crate::domain::{BoardId, TaskId, User, UserId};
use crate::policy::{self, Actor, Denied};
use crate::service::journal::{Change, Journal};
use crate::service::schedule::form::date;
use crate::service::{FieldErrors, ServiceError};
use crate::store::WriteTxn;
use crate::store::{Store, record, users};
use jiff::Timestamp;
use jiff::civil::Time;

/// The most tasks one «Выполнено» completes.
pub const MAX_COMPLETE: usize = 200;

/// A task as a form sends it. On a change, a field left out keeps its value; the outer `Some`
/// of a clearable field says it was sent, the inner `None` that it was sent as null.
#[derive(Clone, Debug, Default)]
pub struct TaskForm {
    pub title: Option<String>,
    pub description: Option<String>,
    /// On a new task, left out: the actor.
    pub assignee_id: Option<UserId>,
    pub related_user_id: Option<Option<UserId>>,
    /// «2026-11-23».
    pub due_on: Option<String>,
    /// «14:30».
    pub due_time: Option<Option<String>>,
    pub priority: Option<TaskPriority>,
    pub status: Option<TaskStatus>,
    /// Null takes the card off its board.
    pub board_id: Option<Option<BoardId>>,
    /// Of the board; left out with a board: the column of `status` if sent, else its first.
    /// A column with a status gives the task that status, over a `status` sent with it.
    pub column_id: Option<u64>,
}

/// A task that does not exist or that the actor may not see.
pub fn task_not_found() -> ServiceError {
    ServiceError::NotFound("Задача не найдена".into())
}

/// «Соколова М. О.» of someone, as stored in `txn`.
fn name_in(txn: &WriteTxn, id: UserId) -> Result<String, ServiceError> {
    Ok(users::get(txn, id)?.map_or_else(|| format!("№{id}"), |u| u.short_name()))
}

/// A person a task may name: stored and not deleted.
fn person(txn: &WriteTxn, id: UserId) -> Result<Option<User>, ServiceError> {
    Ok(users::get(txn, id)?.filter(|u| u.deleted_at.is_none()))
}

/// The column of `board` a card goes to when the form names none: the one for the `status` the
/// form sends (a task sent as done lands in «Готово»), else the first.
fn column_for(board: &Board, status: Option<TaskStatus>) -> Option<u64> {
    status
        .and_then(|s| board.columns.iter().find(|c| c.status == Some(s)))
        .or_else(|| board.columns.first())
        .map(|c| c.id)
}

/// Applies `form` to `task` (a new one when `new`), checking every field at once; places the
/// task on a board when the form names one. Returns the field errors as a 422.
fn apply(
    txn: &WriteTxn,
    actor: &Actor,
    task: &mut Task,
    form: TaskForm,
    new: bool,
    now: Timestamp,
) -> Result<(), ServiceError> {
    let mut errors = FieldErrors::new();
    match form.title {
        Some(raw) => task.title = errors.check("title", task::title_checked(&raw)).unwrap_or_default(),
        None if new => errors.push("title", "Обязательное поле"),
        None => {}
    }
    if let Some(raw) = form.description {
        task.description = errors
            .check("description", task::description_checked(&raw))
            .unwrap_or_default();
    }
    match form.due_on.as_deref().map(str::trim) {
        Some("") => errors.push("due_on", "Обязательное поле"),
        Some(raw) => {
            if let Some(day) = date(&mut errors, "due_on", Some(raw)) {
                task.due_on = day;
            }
        }
        None if new => errors.push("due_on", "Обязательное поле"),
        None => {}
    }
    if let Some(raw) = form.due_time {
        match raw.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => task.due_time = None,
            Some(text) => match Time::strptime("%H:%M", text) {
                Ok(time) => task.due_time = Some(time),
                Err(_) => errors.push("due_time", "Время в формате ЧЧ:ММ"),
            },
        }
    }
    if let Some(priority) = form.priority {
        task.priority = priority;
    }
    if let Some(assignee) = form.assignee_id.filter(|&id| new || id != task.assignee_id) {
        match person(txn, assignee)? {
            None => errors.push("assignee_id", "Человек не найден"),
            Some(user) if !policy::assigns_to(actor, &user) => errors.push("assignee_id", policy::NOT_ASSIGNABLE),
            Some(user) => task.assignee_id = user.id,
        }
    }
    if let Some(related) = form.related_user_id.filter(|&r| r != task.related_user_id) {
        match related {
            None => task.related_user_id = None,
            Some(id) => match person(txn, id)?.filter(|u| actor.sees(u.id)) {
                None => errors.push("related_user_id", "Человек не найден"),
                Some(user) => task.related_user_id = Some(user.id),
            },
        }
    }
    let mut status = form.status;
    let board = match form.board_id {
        Some(board) => board,
        None => task.placement.as_ref().map(|p| p.board_id),
    };
    let placing = form.board_id.is_some() || form.column_id.is_some();
    match board.filter(|_| placing) {
        None if placing && form.board_id.is_none() => errors.push("board_id", "Укажите доску"),
        None if placing => task.placement = None,
        None => {}
        Some(board) => match kept_board(txn, actor, board) {
            Err(ServiceError::Invalid(more)) => errors.merge(more),
            Err(other) => return Err(other),
            Ok(board) => {
                let column = form.column_id.or_else(|| column_for(&board, status));
                match column.map(|c| column_of(&board, c)) {
                    None => errors.push("column_id", "Колонка не найдена"),
                    Some(Err(ServiceError::Invalid(more))) => errors.merge(more),
                    Some(Err(other)) => return Err(other),
                    Some(Ok(column)) => {
                        if form.column_id.is_some() {
                            // The column named decides, as a card dropped there takes its status.
                            status = column.status.or(status);
                        }
                        let same = task
                            .placement
                            .as_ref()
                            .is_some_and(|p| p.board_id == board.id && p.column_id == column.id);
                        if !same && errors.is_empty() {
                            let moving = (!new).then_some(task.id);
                            task.placement = Some(at_end(txn, board.id, column.id, moving)?);
                            status = status.or(column.status);
                        }
                    }
                }
            }
        },
    }
    let placed_on = match &task.placement {
        Some(place) => record::get::<Board>(txn, place.board_id)?,
        None => None,
    };
    if let Some(board) = placed_on {
        if !owner_sees(txn, &board, task)? {
            if placing {
                errors.push("board_id", OWNER_DOES_NOT_SEE);
            } else {
                // Given to someone the board's owner does not see the tasks of: off his board.
                task.placement = None;
            }
        }
    }
    errors.into_result()?;
    if let Some(status) = status.filter(|s| *s != task.status) {
        task.set_status(status, now);
        if !placing {
            follow_status(txn, task)?;
        }
    }
    Ok(())
}

/// The people a task concerns (their logs show its changes).
fn people(task: &Task) -> Vec<UserId> {
    let mut people = vec![task.assignee_id];
    people.extend(task.related_user_id);
    people
}

/// Creates a task written by `actor` (assigned to him unless the form names someone).
pub fn create(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    form: TaskForm,
    now: Timestamp,
) -> Result<Task, ServiceError> {
    let txn = store.write()?;
    let mut draft = Task {
        id: TaskId(0),
        title: String::new(),
        description: String::new(),
        author_id: actor.user.id,
        assignee_id: actor.user.id,
        related_user_id: None,
        due_on: journal.today(),
        due_time: None,
        priority: TaskPriority::default(),
        status: TaskStatus::default(),
        placement: None,
        created_at: now,
        done_at: None,
        reminded_for: None,
    };
    apply(&txn, actor, &mut draft, form, true, now)?;
    let reminder = remind_late(&mut draft, actor.user.id, &now.to_zoned(journal.time_zone()));
    let task = record::insert(&txn, |id| Task { id, ..draft })?;
    let summary = format!(
        "Создана задача «{}» для {}, срок {}",
        task.title,
        name_in(&txn, task.assignee_id)?,
        day_text(task.due_on)
    );
    let change = Change::new(Action::TaskCreated, Entity::Task, Some(task.id.0), summary).concerning(people(&task));
    let mut change = assigned_notice(&txn, change, &task, actor.user.id)?;
    change.notices.extend(reminder);
    journal.commit_change(txn, change)?;
    Ok(task)
}

/// The task `id`, if `actor` sees it.
pub fn get(store: &Store, actor: &Actor, id: TaskId) -> Result<Task, ServiceError> {
    record::get::<Task>(&store.read()?, id)?
        .filter(|t| policy::sees_task(actor, t))
        .ok_or_else(task_not_found)
}

/// The task `id` for a change by `actor`: 404 when he may not see it, 403 when he may not
/// change it.
fn editable(txn: &WriteTxn, actor: &Actor, id: TaskId) -> Result<Task, ServiceError> {
    let task: Task = record::get(txn, id)?
        .filter(|t| policy::sees_task(actor, t))
        .ok_or_else(task_not_found)?;
    if !policy::edits_task(actor, &task) {
        return Err(Denied::Forbidden.into());
    }
    Ok(task)
}

/// What changed, in words: «срок 23.11.2026 → 24.11.2026; исполнитель …».
fn difference(txn: &WriteTxn, old: &Task, new: &Task) -> Result<String, ServiceError> {
    let mut parts = Vec::new();
    if old.title != new.title {
        parts.push(format!("название «{}» → «{}»", old.title, new.title));
    }
    if old.description != new.description {
        parts.push("описание".to_owned());
    }
    if old.due_on != new.due_on || old.due_time != new.due_time {
        parts.push(format!("срок {} → {}", day_text(old.due_on), day_text(new.due_on)));
    }
    if old.assignee_id != new.assignee_id {
        let (was, now) = (name_in(txn, old.assignee_id)?, name_in(txn, new.assignee_id)?);
        parts.push(format!("исполнитель {was} → {now}"));
    }
    if old.related_user_id != new.related_user_id {
        parts.push("о ком задача".to_owned());
    }
    if old.priority != new.priority {
        parts.push(format!(
            "приоритет «{}» → «{}»",
            old.priority.label(),
            new.priority.label()
        ));
    }
    if old.status != new.status {
        parts.push(format!("статус «{}» → «{}»", old.status.label(), new.status.label()));
    }
    if old.placement != new.placement {
        parts.push("место на доске".to_owned());
    }
    Ok(parts.join("; "))
}

/// Changes task `id`: its author, assignee or a manager.
pub fn update(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    id: TaskId,
    form: TaskForm,
    now: Timestamp,
) -> Result<Task, ServiceError> {
    let txn = store.write()?;
    let old = editable(&txn, actor, id)?;
    let mut new = old.clone();
    apply(&txn, actor, &mut new, form, false, now)?;
    if new == old {
        return Ok(new);
    }
    if new.assignee_id != old.assignee_id {
        // The one reminded of it before is not the one who does it now.
        new.reminded_for = None;
    }
    let reminder = remind_late(&mut new, actor.user.id, &now.to_zoned(journal.time_zone()));
    record::update(&txn, &new)?;
    let summary = format!("Задача «{}»: {}", new.title, difference(&txn, &old, &new)?);
    let mut change = Change::new(Action::TaskUpdated, Entity::Task, Some(id.0), summary).concerning(people(&new));
    if new.assignee_id != old.assignee_id {
        change = assigned_notice(&txn, change, &new, actor.user.id)?;
    }
    let mut change = done_notice(&txn, change, actor, &old, &new)?;
    change.notices.extend(reminder);
    journal.commit_change(txn, change)?;
    Ok(new)
}

/// Deletes task `id`: its author or a manager.
pub fn delete(store: &Store, journal: &Journal, actor: &Actor, id: TaskId) -> Result<(), ServiceError> {
    let txn = store.write()?;
    let task: Task = record::get(&txn, id)?
        .filter(|t| policy::sees_task(actor, t))
        .ok_or_else(task_not_found)?;
    if !policy::deletes_task(actor, &task) {
        return Err(Denied::Forbidden.into());
    }
    record::remove::<Task>(&txn, id)?;
    let summary = format!("Удалена задача «{}»", task.title);
    let change = Change::new(Action::TaskDeleted, Entity::Task, Some(id.0), summary).concerning(people(&task));
    journal.commit_change(txn, change)?;
    Ok(())
}

/// Marks tasks `ids` done in one commit («Выполнено» on a list): each one the actor may
/// change, or nothing is done. Those done already stay as they were.
pub fn complete(
    store: &Store,
    journal: &Journal,
    actor: &Actor,
    ids: &[TaskId],
    now: Timestamp,
) -> Result<Vec<Task>, ServiceError> {
    if ids.is_empty() {
        return Err(FieldErrors::one("ids", "Выберите задачи"));
    }
    if ids.len() > MAX_COMPLETE {
        return Err(FieldErrors::one(
            "ids",
            format!("Не больше {MAX_COMPLETE} задач за раз"),
        ));
    }
    let txn = store.write()?;
    let mut done = Vec::with_capacity(ids.len());
    for &id in ids {
        let old = editable(&txn, actor, id)?;
        if old.status == TaskStatus::Done {
            done.push(old);
            continue;
        }
        let mut new = old.clone();
        new.set_status(TaskStatus::Done, now);
        follow_status(&txn, &mut new)?;
        record::replace(&txn, &old, &new)?;
        let summary = format!("Задача «{}» выполнена", new.title);
        let change = Change::new(Action::TaskUpdated, Entity::Task, Some(id.0), summary).concerning(people(&new));
        let change = done_notice(&txn, change, actor, &old, &new)?;
        journal.record(&txn, change)?;
        done.push(new);
    }
    journal.commit(txn)?;
    Ok(done)
}
