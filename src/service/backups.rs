//! Backups as the portal runs them: the nightly copy with rotation, a copy a manager asks for,
//! and telling the managers (notification, mail if they chose it, the log) when one fails.

use super::AppState;
use super::journal::Change;
use crate::backup::rotation::Keep;
use crate::backup::{self, BackupError, Created};
use crate::domain::Role;
use crate::domain::activity::{Action, Entity, Origin};
use crate::domain::notification::{Notice, NotificationKind};
use crate::store::users;
use jiff::civil::Time;
use jiff::{Timestamp, Zoned};
use std::time::Duration;

/// Where the notification about a failed copy leads.
const PAGE: &str = "/settings/backups";

/// The next moment at `at` (local time) after `now`.
pub fn next_due(now: &Zoned, at: Time) -> Zoned {
    let today = now.date().to_datetime(at).to_zoned(now.time_zone().clone());
    match today {
        Ok(due) if due > *now => due,
        _ => now
            .date()
            .tomorrow()
            .and_then(|day| day.to_datetime(at).to_zoned(now.time_zone().clone()))
            .unwrap_or_else(|_| now.clone()),
    }
}

/// Makes the nightly copies until the task is dropped; first reports a copy missed while the
/// server was down (none since the last due time, though earlier copies exist).
pub async fn schedule(state: AppState) {
    let Some(at) = state.config.backup.time() else { return };
    report_missed(&state, at).await;
    loop {
        let now = Timestamp::now().to_zoned(state.backups.tz().clone());
        let due = next_due(&now, at);
        let wait = due.timestamp().duration_since(now.timestamp());
        tokio::time::sleep(Duration::try_from(wait).unwrap_or(Duration::from_secs(60))).await;
        let keep = Keep {
            daily: state.config.backup.keep_daily,
            weekly: state.config.backup.keep_weekly,
            monthly: state.config.backup.keep_monthly,
        };
        let backups = state.backups.clone();
        let made = backup::background::spawn(move || {
            let created = backups.create(None, &mut |_| {})?;
            backups.rotate(keep)?;
            Ok::<_, BackupError>(created)
        })
        .await;
        match made {
            Ok(Ok(_)) => {}
            Ok(Err(err)) => {
                let message = format!("Плановая резервная копия не сделана: {err}");
                tell_managers(&state, Action::BackupFailed, message).await
            }
            Err(_) => tracing::error!("the scheduled backup ended without a result (see the error above)"),
        }
    }
}

/// Starts a copy a manager asked for (`origin`) in the background; `Busy` when one is being
/// made. The copy is logged under the manager's name; a failure tells every manager.
pub fn start_now(state: &AppState, origin: Origin) -> Result<(), BackupError> {
    let running = state.backups.begin()?;
    let state = state.clone();
    tokio::spawn(async move {
        let made = backup::background::spawn(move || {
            let made = running.create(None, &mut |_| {});
            (running, made)
        })
        .await;
        // The copy counts as being made until it is reported, so the page shows both at once.
        match made {
            Ok((_running, Ok(created))) => log_created(&state, origin, &created).await,
            Ok((_running, Err(err))) => {
                let message = format!("Резервная копия не сделана: {err}");
                tell_managers(&state, Action::BackupFailed, message).await
            }
            Err(_) => tracing::error!("a backup ended without a result (see the error above)"),
        }
    });
    Ok(())
}

async fn log_created(state: &AppState, origin: Origin, created: &Created) {
    let name = created
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let summary = format!("Сделана резервная копия {name}");
    let journal = state.journal(origin);
    let logged = state
        .run(move |store| {
            let txn = store.write()?;
            journal.record(&txn, Change::new(Action::BackupCreated, Entity::Server, None, summary))?;
            journal.commit(txn)
        })
        .await;
    if let Err(err) = logged {
        tracing::warn!("a backup was made but not logged: {err}");
    }
}

/// Logs `message` as `action` and tells every manager (best effort: on a full disk this write
/// fails too, and the log line is what remains).
pub(super) async fn tell_managers(state: &AppState, action: Action, message: String) {
    tracing::error!("{message}");
    let journal = state.journal(Origin::default());
    let told = state
        .run(move |store| {
            let txn = store.write()?;
            let managers = users::ids_with_role(&txn, Role::Manager)?;
            let mut change = Change::new(action, Entity::Server, None, message.clone());
            for manager in managers {
                change = change.notify(Notice {
                    to: manager,
                    kind: NotificationKind::ServerProblem,
                    body: message.clone(),
                    link: Some(PAGE.into()),
                });
            }
            journal.record(&txn, change)?;
            journal.commit(txn)
        })
        .await;
    if let Err(err) = told {
        tracing::error!("the managers could not be told of this: {err}");
    }
}

/// At start: when copies exist but none was made since the last due time, says so.
async fn report_missed(state: &AppState, at: Time) {
    let dir = state.backups.dir().to_owned();
    let Ok(Ok(copies)) = tokio::task::spawn_blocking(move || backup::list(&dir)).await else {
        return;
    };
    let Some(newest) = copies
        .iter()
        .filter_map(|c| c.manifest.as_ref().ok())
        .map(|m| m.created_at)
        .max()
    else {
        return;
    };
    let now = Timestamp::now().to_zoned(state.backups.tz().clone());
    let last_due = next_due(&now, at).yesterday().unwrap_or_else(|_| now.clone());
    if newest < last_due.timestamp() {
        let when = newest.to_zoned(state.backups.tz().clone()).strftime("%d.%m.%Y %H:%M");
        tell_managers(
            state,
            Action::BackupFailed,
            format!("Плановая резервная копия пропущена (сервер не работал?): последняя копия сделана {when}"),
        )
        .await;
    }
}
