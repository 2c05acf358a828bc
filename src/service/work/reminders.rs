//! The daily job that reminds each assignee, once, of every task not done that is due tomorrow.
//! It runs at a fixed local hour (`RUNS_AT`, in the school's time zone), so a task made due
//! tomorrow before that hour is reminded that evening, and once at start when the server was
//! down at that hour today. A task keeps the due day it was reminded of
//! (`Task::reminded_for`), so a restart or a second run on the same day reminds nobody twice,
//! and moving the due date re-arms it. A task made due tomorrow after today's run, or given to
//! someone else then, is reminded as it is saved (`remind_late`): no run is left for it.

use super::task_notices::LINK;
use crate::domain::activity::{Action, Entity};
use crate::domain::notification::{Notice, NotificationKind};
use crate::domain::task::{Task, TaskStatus};
use crate::domain::{TaskId, UserId};
use crate::service::journal::{Change, Journal};
use crate::service::{AppState, ServiceError, daily};
use crate::store::record::{self, day_after, day_key};
use crate::store::{Store, tables, tasks};
use jiff::civil::{Date, Time};
use jiff::{Timestamp, Zoned};
use std::time::Duration;

/// The local time (the school's time zone) of the daily run: the evening before the due day.
pub const RUNS_AT: Time = jiff::civil::time(18, 0, 0, 0);

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
        change = change.notify(due_notice(old));
    }
    journal.commit_change(txn, change)?;
    Ok(due.len())
}

/// The reminder that `task` is due tomorrow: «…»: срок завтра, 29.11.2026 14:30.
fn due_notice(task: &Task) -> Notice {
    let time = task
        .due_time
        .map(|t| format!(" {}", t.strftime("%H:%M")))
        .unwrap_or_default();
    Notice {
        to: task.assignee_id,
        kind: NotificationKind::TaskDue,
        body: format!(
            "«{}»: срок завтра, {}{time}",
            task.title,
            task.due_on.strftime("%d.%m.%Y")
        ),
        link: Some(LINK.to_owned()),
    }
}

/// The reminder of `task`, saved at `now` by `author`, when today's run has passed and the task
/// is due tomorrow, not done, not yet reminded for that day and given to someone else; marks
/// it reminded. One's own task made that late needs no reminder: he has just written it.
pub fn remind_late(task: &mut Task, author: UserId, now: &Zoned) -> Option<Notice> {
    let today = due_day(now)?;
    let late = task.due_on == today.tomorrow().ok()?
        && task.status != TaskStatus::Done
        && task.reminded_for != Some(task.due_on)
        && task.assignee_id != author;
    late.then(|| {
        task.reminded_for = Some(task.due_on);
        due_notice(task)
    })
}

/// The first daily run after `now` (at `RUNS_AT` in `now`'s time zone).
pub fn next_run(now: &Zoned) -> Option<Zoned> {
    daily::next_run(now, RUNS_AT)
}

/// The day to remind for at `now`: today, once today's run time has come. Yesterday's run, if
/// it was missed, was for tasks due today, too late to remind of as due tomorrow.
pub fn due_day(now: &Zoned) -> Option<Date> {
    daily::run_on(now.date(), RUNS_AT, now)
        .is_some_and(|run| run.timestamp() <= now.timestamp())
        .then(|| now.date())
}

/// Reminds at `RUNS_AT` every day until the task is dropped, and at start when today's run was
/// missed (`due_day`). Each wake-up reads the clock again, so a wake-up a little early waits for
/// the hour, and one after a suspended night reminds for the day it wakes on only.
pub async fn keep_reminding(state: AppState) {
    let tz = state.config.time_zone();
    loop {
        let now = Timestamp::now().to_zoned(tz.clone());
        if let Some(today) = due_day(&now) {
            let journal = state.journal(Default::default());
            let reminded = state.run(move |store| remind(store, &journal, today)).await;
            match reminded {
                Ok(0) => {}
                Ok(reminded) => tracing::info!(reminded, "tasks due tomorrow reminded"),
                Err(err) => tracing::error!("reminding of tasks due tomorrow failed: {err}"),
            }
        }
        let Some(next) = next_run(&now) else { return };
        let wait = next.timestamp().duration_since(Timestamp::now());
        tokio::time::sleep(Duration::try_from(wait).unwrap_or_default()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::daily::tests::berlin;
    use jiff::civil::{date, time};

    #[test]
    fn a_run_is_due_at_start_only_once_the_hour_has_come_today() {
        let day = date(2030, 4, 14);
        assert_eq!(
            due_day(&berlin(day, time(9, 0, 0, 0))),
            None,
            "the run at the hour will do"
        );
        assert_eq!(due_day(&berlin(day, RUNS_AT)), Some(day));
        assert_eq!(due_day(&berlin(day, time(23, 59, 0, 0))), Some(day), "missed today");
    }
}
