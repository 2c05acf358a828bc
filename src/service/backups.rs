//! Backups as the portal runs them: the nightly copy with rotation, a copy a manager asks for,
//! and telling the managers (notification, mail if they chose it, the log) when one fails.

use super::AppState;
use super::journal::Change;
use crate::backup::rotation::Keep;
use crate::backup::{self, BackupError, Backups, Created};
use crate::domain::Role;
use crate::domain::activity::{Action, Entity, Origin};
use crate::domain::notification::{Notice, NotificationKind};
use crate::store::users;
use jiff::civil::Time;
use jiff::{Timestamp, Zoned};
use std::path::Path;
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
/// server was down (none since the last due time, see `missed`).
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
            wait_for_a_free_name(&backups);
            let created = backups.create(None, &mut |_| {})?;
            backups.rotate(keep)?;
            Ok::<_, BackupError>(created)
        })
        .await;
        match made {
            Ok(Ok(_)) => {}
            Ok(Err(err)) => {
                let message = err.not_made("Плановая резервная копия");
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
    let backups = state.backups.clone();
    tokio::spawn(async move {
        let made = backup::background::spawn(move || {
            wait_for_a_free_name(&backups);
            let made = running.create(None, &mut |_| {});
            (running, made)
        })
        .await;
        // The copy counts as being made until it is reported, so the page shows both at once.
        match made {
            Ok((_running, Ok(created))) => log_created(&state, origin, &created).await,
            Ok((_running, Err(err))) => {
                let message = err.not_made("Резервная копия");
                tell_managers(&state, Action::BackupFailed, message).await
            }
            Err(_) => tracing::error!("a backup ended without a result (see the error above)"),
        }
    });
    Ok(())
}

/// Waits (about a second at most) until the name a copy made now would get is free. Copies are
/// named by the second, and one never replaces another: a copy asked for right after one that
/// took less than a second would otherwise find its name taken and fail, telling every manager.
fn wait_for_a_free_name(backups: &Backups) {
    for _ in 0..12 {
        let now = Timestamp::now().to_zoned(backups.tz().clone());
        if !backups.dir().join(backup::file_name(&now)).exists() {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Logs the copy `origin` asked for as made, under his name.
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

/// At start: says so when the copy due last (at `at`) is missing, see `missed`.
async fn report_missed(state: &AppState, at: Time) {
    let dir = state.backups.dir().to_owned();
    let database = state.config.data_dir.join(crate::store::DB_FILE_NAME);
    let found = tokio::task::spawn_blocking(move || backup::list(&dir).map(|copies| (copies, created_at(&database))));
    let Ok(Ok((copies, database_since))) = found.await else {
        return;
    };
    let newest = copies
        .iter()
        .filter_map(|c| c.manifest.as_ref().ok())
        .map(|m| m.created_at)
        .max();
    let tz = state.backups.tz().clone();
    let now = Timestamp::now().to_zoned(tz.clone());
    let last_due = next_due(&now, at).yesterday().unwrap_or_else(|_| now.clone());
    let shown = |at: Timestamp| at.to_zoned(tz.clone()).strftime("%d.%m.%Y %H:%M").to_string();
    let message = match missed(newest, database_since, last_due.timestamp()) {
        None => return,
        Some(Missed::Since(newest)) => format!(
            "Плановая резервная копия пропущена (сервер не работал?): последняя копия сделана {}",
            shown(newest)
        ),
        Some(Missed::Never(since)) => format!(
            "Плановая резервная копия пропущена (сервер не работал?): ни одной копии ещё нет, \
             а база данных создана {}",
            shown(since)
        ),
    };
    tell_managers(state, Action::BackupFailed, message).await;
}

/// A copy missed while the server was down.
#[derive(Debug, PartialEq, Eq)]
enum Missed {
    /// The newest copy was made then, before the last due time.
    Since(Timestamp),
    /// There is no copy at all, and the database has been there since then, before the last
    /// due time.
    Never(Timestamp),
}

/// Whether the copy due at `last_due` is missing: the newest copy is older than that, or there
/// is no copy though the database was already there then (`database_since`). A database made
/// after the last due time (a first start) had nothing due yet; one whose age is unknown is
/// given the benefit of the doubt.
fn missed(newest_copy: Option<Timestamp>, database_since: Option<Timestamp>, last_due: Timestamp) -> Option<Missed> {
    match (newest_copy, database_since) {
        (Some(newest), _) => (newest < last_due).then_some(Missed::Since(newest)),
        (None, Some(since)) => (since < last_due).then_some(Missed::Never(since)),
        (None, None) => None,
    }
}

/// When the database file was made: its birth time (statx), which Linux keeps on ext4, XFS,
/// btrfs and tmpfs; none where the file system keeps none. The modification time would not do:
/// every write renews it, the start's own included. A restored or moved database counts from
/// when its file was put in place, which is when this server began to hold it.
fn created_at(database: &Path) -> Option<Timestamp> {
    let created = std::fs::metadata(database).and_then(|m| m.created()).ok()?;
    Timestamp::try_from(created).ok()
}

#[cfg(test)]
mod tests {
    use super::{Missed, created_at, missed};
    use jiff::{SignedDuration, Timestamp};

    fn at(text: &str) -> Timestamp {
        text.parse().expect("timestamp")
    }

    #[test]
    fn a_copy_made_before_the_last_due_time_is_missed_and_one_made_after_it_is_not() {
        let due = at("2026-11-28T00:00:00Z");
        let old = at("2026-11-26T00:00:05Z");
        assert_eq!(missed(Some(old), None, due), Some(Missed::Since(old)));
        assert_eq!(missed(Some(old), Some(old), due), Some(Missed::Since(old)));
        assert_eq!(missed(Some(at("2026-11-28T00:00:05Z")), Some(old), due), None);
    }

    #[test]
    fn with_no_copy_yet_the_age_of_the_database_decides() {
        let due = at("2026-11-28T00:00:00Z");
        let yesterday = at("2026-11-27T09:00:00Z");
        assert_eq!(
            missed(None, Some(yesterday), due),
            Some(Missed::Never(yesterday)),
            "the server was down for its very first copy"
        );
        assert_eq!(
            missed(None, Some(at("2026-11-28T07:00:00Z")), due),
            None,
            "a first start after the due time: nothing was due yet"
        );
        assert_eq!(missed(None, None, due), None, "the age is unknown: nothing is said");
    }

    #[test]
    fn a_file_is_born_when_it_is_made() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("klass.redb");
        assert_eq!(created_at(&path), None, "no file, no age");
        std::fs::write(&path, b"x").expect("write");
        // None on a file system that keeps no birth time; otherwise about now.
        if let Some(born) = created_at(&path) {
            let age = Timestamp::now().duration_since(born);
            assert!(age > -SignedDuration::from_secs(1), "{age:?}");
            assert!(age < SignedDuration::from_secs(60), "{age:?}");
        }
    }
}
