//! The daily job that reminds each assignee, once, of every task not done that is due tomorrow.
//! A task keeps the due day it was reminded of (`Task::reminded_for`), so a restart or a
//! second run on the same day reminds nobody twice, and moving the due date re-arms it.

use crate::domain::TaskId;
use crate::domain::activity::{Action, Entity};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::task::{Task, TaskStatus};
use crate::service::journal::{Change, Journal};
use crate::service::{AppState, ServiceError};
use crate::store::record::{self, day_after, day_key};
use crate::store::{Store, tables, tasks};
use jiff::Timestamp;
use jiff::civil::Date;
use std::time::Duration;

/// Where a reminder leads.
const LINK: &str = "/tasks";

/// Reminds the assignees of the tasks due the day after `today` not yet reminded for that day,
/// in one commit; returns how many were reminded.
pub fn remind(store: &Store, journal: &Journal, today: Date) -> Result<usize, ServiceError> {
    let Ok(tomorrow) = today.tomorrow() else {
        return Ok(0);
    };
    let txn = store.write()?;
    let ids: Vec<TaskId> = record::ids_between(&txn, tables::TASKS_BY_DUE, day_key(tomorrow), day_after(tomorrow))?;
    let due: Vec<Task> = tasks::load(&txn, &ids)?
        .into_iter()
        .filter(|t| t.due_on == tomorrow && t.status != TaskStatus::Done && t.reminded_for != Some(tomorrow))
        .collect();
    if due.is_empty() {
        return Ok(0);
    }
    let day = tomorrow.strftime("%d.%m.%Y");
    let mut change = Change::new(
        Action::TaskUpdated,
        Entity::Task,
        None,
        format!("Напоминания о задачах со сроком {day}: {}", due.len()),
    );
    for old in &due {
        let new = Task {
            reminded_for: Some(tomorrow),
            ..old.clone()
        };
        record::replace(&txn, old, &new)?;
        let time = old
            .due_time
            .map(|t| format!(" {}", t.strftime("%H:%M")))
            .unwrap_or_default();
        change = change.notify(Notice {
            to: old.assignee_id,
            kind: NotificationKind::TaskDue,
            body: format!("«{}»: срок завтра, {day}{time}", old.title),
            link: Some(LINK.to_owned()),
        });
    }
    journal.commit_change(txn, change)?;
    Ok(due.len())
}

/// Reminds at start and then once a day, until the task is dropped.
pub async fn keep_reminding(state: AppState) {
    let mut daily = tokio::time::interval(Duration::from_secs(24 * 60 * 60));
    loop {
        daily.tick().await;
        let today = Timestamp::now().to_zoned(state.config.time_zone()).date();
        let journal = state.journal(Default::default());
        let reminded = state.run(move |store| remind(store, &journal, today)).await;
        match reminded {
            Ok(0) => {}
            Ok(reminded) => tracing::info!(reminded, "tasks due tomorrow reminded"),
            Err(err) => tracing::error!("reminding of tasks due tomorrow failed: {err}"),
        }
    }
}
