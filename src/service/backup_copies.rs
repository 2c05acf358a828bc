//! The copies of the school's database as a manager sees them in the portal: the copies in
//! `backup.dir` with how each stands, the copy being made now, a copy made on request, and one
//! copy's file for a download. Reading the directory is blocking work: run these with
//! `AppState::run`.

use super::backups::start_now;
use super::{AppState, ServiceError};
use crate::backup::{self, BackupError, Backups, Listed, Stage};
use crate::config::Config;
use crate::domain::activity::Origin;
use jiff::Timestamp;
use std::path::Path;

/// How a copy stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Checked with `klass backup verify` and found sound.
    Verified,
    /// Readable, never checked.
    Unchecked,
    /// The last check found a problem, or its description cannot be read.
    Damaged,
}

/// One copy in the backup directory, as the page shows it.
#[derive(Debug)]
pub struct CopyEntry {
    /// The file name; downloads use it.
    pub name: String,
    /// Absent when the copy's description cannot be read (as the fields below).
    pub created_at: Option<Timestamp>,
    /// Bytes.
    pub size: u64,
    pub klass_version: Option<String>,
    pub schema_version: Option<u32>,
    /// Rows in all tables.
    pub records: Option<u64>,
    pub standing: Standing,
    /// The standing in Russian, e.g. «Проверена 23.11.2026 14:05».
    pub standing_text: String,
}

/// The copy being made now.
#[derive(Debug)]
pub struct Running {
    /// The step in Russian.
    pub step: &'static str,
    /// 0 to 100.
    pub percent: u32,
}

/// The last copy that failed, or why the directory cannot be read.
#[derive(Debug)]
pub struct Failure {
    pub at: Timestamp,
    pub message: String,
}

/// The backups page.
#[derive(Debug)]
pub struct Overview {
    /// Newest first.
    pub copies: Vec<CopyEntry>,
    pub running: Option<Running>,
    pub last_failure: Option<Failure>,
    /// When the nightly copy is made, in Russian (or that it is off).
    pub schedule: String,
    /// The school's time zone, whose clock the times above are shown on.
    pub tz: jiff::tz::TimeZone,
}

/// A copy's file, open for reading from its start.
#[derive(Debug)]
pub struct CopyFile {
    pub name: String,
    pub file: std::fs::File,
    /// Bytes.
    pub size: u64,
}

/// The copies, the copy being made and the last failure. A directory that cannot be read is
/// not an error of the page: it is shown as the problem it is (the last failure), beside no
/// copies.
pub fn overview(backups: &Backups, config: &Config) -> Result<Overview, ServiceError> {
    let status = backups.status();
    let (listed, unreadable) = match backup::list(backups.dir()) {
        Ok(listed) => (listed, None),
        Err(err) => (Vec::new(), Some(unreadable_dir(backups.dir(), err))),
    };
    let tz = backups.tz();
    let copies = listed.into_iter().map(|copy| described(copy, tz)).collect();
    let running = status.running.map(|step| {
        let share = match step.total {
            0 => 0.0,
            total => step.done as f64 / total as f64,
        };
        // Copying the tables is most of the work; packing the rest.
        let percent = match step.stage {
            Stage::Copy => share * 80.0,
            Stage::Pack => 80.0 + share * 20.0,
        };
        Running {
            step: step.stage.describe(),
            percent: percent.clamp(0.0, 100.0) as u32,
        }
    });
    let last_failure = status
        .last_failure
        .map(|failure| Failure {
            at: failure.at,
            message: failure.message,
        })
        .or(unreadable.map(|message| Failure {
            at: Timestamp::now(),
            message,
        }));
    let schedule = match config.backup.time() {
        Some(at) => format!("Каждую ночь в {}", at.strftime("%H:%M")),
        None => "Плановые копии выключены".to_owned(),
    };
    Ok(Overview {
        copies,
        running,
        last_failure,
        schedule,
        tz: tz.clone(),
    })
}

/// Why the backup directory `dir` cannot be listed, in words about the directory (the error
/// itself speaks of a copy, as for a copy's file that cannot be read).
fn unreadable_dir(dir: &Path, err: BackupError) -> String {
    match err {
        BackupError::Read { reason, .. } => {
            format!("Не удалось прочитать каталог копий {}: {reason}.", dir.display())
        }
        other => other.to_string(),
    }
}

/// A listed copy as the page shows it, its times on the clock of `tz`.
fn described(copy: Listed, tz: &jiff::tz::TimeZone) -> CopyEntry {
    let date = |at: Timestamp| at.to_zoned(tz.clone()).strftime("%d.%m.%Y %H:%M").to_string();
    let (standing, standing_text) = match (&copy.manifest, &copy.check) {
        (Err(err), _) => (Standing::Damaged, err.clone()),
        (Ok(_), Some(check)) if check.ok => (Standing::Verified, format!("Проверена {}", date(check.at))),
        (Ok(_), Some(check)) => (Standing::Damaged, format!("Ошибка при проверке {}", date(check.at))),
        (Ok(_), None) => (Standing::Unchecked, "Не проверялась".to_owned()),
    };
    let manifest = copy.manifest.as_ref().ok();
    CopyEntry {
        name: copy.name(),
        created_at: manifest.map(|m| m.created_at),
        size: copy.size,
        klass_version: manifest.map(|m| m.klass_version.clone()),
        schema_version: manifest.map(|m| m.schema_version),
        records: manifest.map(|m| m.records()),
        standing,
        standing_text,
    }
}

/// Starts a copy `origin` asked for (see `backups::start_now`). While a copy is being made
/// already (asked for by someone else, or the nightly one) no second one starts: that one is
/// the answer, so it is no error.
pub fn start(state: &AppState, origin: Origin) -> Result<(), ServiceError> {
    match start_now(state, origin) {
        Ok(()) | Err(BackupError::Busy) => Ok(()),
        Err(err) => Err(err.into()),
    }
}

/// The copy named `name` in the backup directory, open for a download; not found for any other
/// name (a path, the database itself) and while the directory cannot be read.
pub fn open(backups: &Backups, name: &str) -> Result<CopyFile, ServiceError> {
    let copy = backup::list(backups.dir())
        .unwrap_or_default()
        .into_iter()
        .find(|copy| copy.name() == name)
        .ok_or_else(|| ServiceError::NotFound("Копия не найдена".into()))?;
    let unreadable = |err: std::io::Error| BackupError::unreadable(&copy.path, &err);
    let file = std::fs::File::open(&copy.path).map_err(unreadable)?;
    let size = file.metadata().map_err(unreadable)?.len();
    Ok(CopyFile {
        name: copy.name(),
        file,
        size,
    })
}
