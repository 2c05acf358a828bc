//! Who is told of a task's change: the new assignee of an assignment, the author of a task
//! someone else finished.

use crate::domain::UserId;
use crate::domain::declension::agreeing;
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::task::{Task, TaskStatus};
use crate::domain::timetable::day_text;
use crate::policy::Actor;
use crate::service::ServiceError;
use crate::service::journal::Change;
use crate::store::{WriteTxn, users};

/// Where the task pages live (the link of a task's notification).
pub(super) const LINK: &str = "/tasks";

/// «Смирнова О. В. назначила» of someone, as stored in `txn`: his short name and the verb that
/// agrees with it (`masculine` when the name does not tell, or for someone gone: «№7 назначил»).
fn who_did(txn: &WriteTxn, id: UserId, masculine: &str, feminine: &str) -> Result<String, ServiceError> {
    Ok(match users::get(txn, id)? {
        Some(user) => format!("{} {}", user.short_name(), agreeing(&user, masculine, feminine)),
        None => format!("№{id} {masculine}"),
    })
}

/// Adds to `change` the notice of an assignment by `by`: the new assignee is told (not when he
/// assigned it himself: the journal skips one's own doing).
pub(super) fn assigned_notice(txn: &WriteTxn, change: Change, task: &Task, by: UserId) -> Result<Change, ServiceError> {
    let body = format!(
        "{} Вам задачу «{}», срок {}",
        who_did(txn, by, "назначил", "назначила")?,
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
    let body = format!(
        "{} задачу «{}»",
        who_did(txn, actor.user.id, "выполнил", "выполнила")?,
        new.title
    );
    Ok(change.notify(Notice {
        to: new.author_id,
        kind: NotificationKind::TaskDone,
        body,
        link: Some(LINK.into()),
    }))
}
