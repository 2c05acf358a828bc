//! The server's side of backups: one copy at a time (the admin socket, the schedule and the
//! portal share it), its progress and the last failure for the portal, and rotation.

use super::rotation::{self, Candidate, Keep};
use super::{BackupError, Created, Progress, Stage, create, file_name, list};
use crate::store::Store;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// What the portal shows about copies being made.
#[derive(Clone, Debug, Default)]
pub struct Status {
    /// The copy being made now, and how far it is.
    pub running: Option<Progress>,
    /// The last copy that failed, unless one succeeded since.
    pub last_failure: Option<Failure>,
}

/// A copy that failed.
#[derive(Clone, Debug)]
pub struct Failure {
    pub at: jiff::Timestamp,
    pub message: String,
}

/// Makes copies of the open database into the backup directory; cheap to clone.
#[derive(Clone)]
pub struct Backups {
    store: Store,
    dir: PathBuf,
    /// The school's time zone: copies are named by its local time.
    tz: jiff::tz::TimeZone,
    status: Arc<Mutex<Status>>,
}

/// The right to make the one copy being made; dropping it frees the place (so a caller that
/// still reports on the copy keeps it until the report is written).
pub struct Running {
    backups: Backups,
}

impl Backups {
    /// Copies of `store` go into `dir` unless a caller names the file; they are named by the
    /// local time in `tz`.
    pub fn new(store: Store, dir: PathBuf, tz: jiff::tz::TimeZone) -> Self {
        Self {
            store,
            dir,
            tz,
            status: Default::default(),
        }
    }

    /// The school's time zone.
    pub fn tz(&self) -> &jiff::tz::TimeZone {
        &self.tz
    }

    /// The backup directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What is going on now.
    pub fn status(&self) -> Status {
        self.lock().clone()
    }

    /// Takes the place of the one copy being made, or says another copy is being made.
    pub fn begin(&self) -> Result<Running, BackupError> {
        let mut status = self.lock();
        if status.running.is_some() {
            return Err(BackupError::Busy);
        }
        status.running = Some(Progress {
            stage: Stage::Copy,
            done: 0,
            total: 0,
        });
        Ok(Running { backups: self.clone() })
    }

    /// Makes a copy now (blocking: call it on the blocking pool); see `Running::create`.
    /// The place is freed when it returns.
    pub fn create(&self, out: Option<PathBuf>, progress: &mut dyn FnMut(Progress)) -> Result<Created, BackupError> {
        self.begin()?.create(out, progress)
    }

    /// Deletes the copies in the backup directory that rotation no longer keeps; returns
    /// how many. Only copies named as this server names them (`klass-<time>.tar.gz`) take part;
    /// one whose manifest cannot be read or whose last check failed counts as bad.
    pub fn rotate(&self, keep: Keep) -> Result<usize, BackupError> {
        let named: Vec<_> = list(&self.dir)?
            .into_iter()
            .filter_map(|copy| {
                let made = rotation::made_at(&copy.name())?;
                let bad = copy.known_bad();
                Some((Candidate { made, bad }, copy.path))
            })
            .collect();
        let candidates: Vec<_> = named.iter().map(|(candidate, _)| *candidate).collect();
        let mut deleted = 0;
        for (keep, (_, path)) in rotation::keep(&candidates, keep).into_iter().zip(&named) {
            if !keep {
                std::fs::remove_file(path).map_err(|err| BackupError::writing(&self.dir, err))?;
                tracing::info!(path = %path.display(), "old backup removed by rotation");
                deleted += 1;
            }
        }
        Ok(deleted)
    }

    fn lock(&self) -> MutexGuard<'_, Status> {
        self.status.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Running {
    /// Makes the copy into `out`, or a new file in the backup directory, reporting progress
    /// to `progress` and to the status; a failure is logged and kept in the status.
    pub fn create(&self, out: Option<PathBuf>, progress: &mut dyn FnMut(Progress)) -> Result<Created, BackupError> {
        let backups = &self.backups;
        let target = out.unwrap_or_else(|| {
            backups
                .dir
                .join(file_name(&jiff::Timestamp::now().to_zoned(backups.tz.clone())))
        });
        let created = backups.store.read().map_err(BackupError::from).and_then(|txn| {
            create(&txn, &target, &mut |step| {
                backups.lock().running = Some(step);
                progress(step);
            })
        });
        let mut status = backups.lock();
        match &created {
            Ok(copy) => {
                tracing::info!(path = %copy.path.display(), size = copy.size, "backup created");
                status.last_failure = None;
            }
            Err(err) => {
                tracing::error!(path = %target.display(), "backup failed: {err}");
                status.last_failure = Some(Failure {
                    at: jiff::Timestamp::now(),
                    message: err.not_made("Копия"),
                });
            }
        }
        created
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.backups.lock().running = None;
    }
}
