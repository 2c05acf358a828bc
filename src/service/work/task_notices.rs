//! Who is told of a task's change: the new assignee of an assignment, the author of a task
//! someone else finished.

use super::tasks::name_in;
use crate::domain::UserId;
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::task::{Task, TaskStatus};
use crate::domain::timetable::day_text;
use crate::policy::Actor;
use crate::service::ServiceError;
use crate::service::journal::Change;
use crate::store::WriteTxn;

/// Where the task pages live (the link of a task's notification).
pub(super) const LINK: &str = "/tasks";

/// Adds to `change` the notice of an assignment by `by`: the new assignee is told (not when he
/// assigned it himself: the journal skips one's own doing).
pub(super) fn assigned_notice(txn: &WriteTxn, change: Change, task: &Task, by: UserId) -> Result<Change, ServiceError> {
    let body = format!(
        "{} назначил(а) Вам задачу «{}», срок {}",
        name_in(txn, by)?,
        task.title,
        day_text(task.due_on)
    );
    Ok(change.notify(Notice {
        to: task.assignee_id,
        kind: NotificationKind::TaskAssigned,
        body,
        link: Some(LINK.into()),
    }))
}

/// Adds to `change` the notice that a task someone else assigned is done, when `new` became
/// done: its author is told.
pub(super) fn done_notice(
    txn: &WriteTxn,
    change: Change,
    actor: &Actor,
    old: &Task,
    new: &Task,
) -> Result<Change, ServiceError> {
    if old.status == TaskStatus::Done || new.status != TaskStatus::Done || new.author_id == new.assignee_id {
        return Ok(change);
    }
    let body = format!("{} выполнил(а) задачу «{}»", name_in(txn, actor.user.id)?, new.title);
    Ok(change.notify(Notice {
        to: new.author_id,
        kind: NotificationKind::TaskDone,
        body,
        link: Some(LINK.into()),
    }))
}
