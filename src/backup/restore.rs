//! `klass backup restore`: puts a checked copy in place of the database while no server holds
//! it, keeping the current file as `klass.redb.before-restore-<time>`.

use super::verify::examine;
use super::{BackupError, Manifest, sync_dir};
use crate::store::DB_FILE_NAME;
use redb::Database;
use std::path::{Path, PathBuf};

/// A finished restore.
#[derive(Debug)]
pub struct Restored {
    pub manifest: Manifest,
    /// Where the database that was replaced now lives (none when there was none).
    pub kept: Option<PathBuf>,
}

/// Checks the copy at `archive` and swaps it in as `<data_dir>/klass.redb` in one rename.
/// Refused while a server (or another command) has the database open; the lock this takes
/// keeps a server from starting until the swap is done.
pub fn restore(archive: &Path, data_dir: &Path) -> Result<Restored, BackupError> {
    let current = data_dir.join(DB_FILE_NAME);
    let held = hold(&current)?;
    std::fs::create_dir_all(data_dir).map_err(|err| BackupError::writing(data_dir, err))?;
    let scratch = tempfile::Builder::new()
        .prefix(".klass-restore-")
        .suffix(".tmp")
        .tempfile_in(data_dir)
        .map_err(|err| BackupError::writing(data_dir, err))?;
    let (verified, scratch) = examine(archive, scratch)?;
    if !verified.problems.is_empty() {
        return Err(BackupError::Invalid {
            path: archive.to_owned(),
            problems: verified.problems,
        });
    }
    let kept = match current.exists() {
        true => {
            let stamp = jiff::Zoned::now().strftime("%Y-%m-%d-%H%M%S").to_string();
            let kept = data_dir.join(format!("{DB_FILE_NAME}.before-restore-{stamp}"));
            std::fs::hard_link(&current, &kept).map_err(|err| BackupError::writing(data_dir, err))?;
            Some(kept)
        }
        false => None,
    };
    scratch
        .persist(&current)
        .map_err(|err| BackupError::writing(data_dir, err.error))?;
    sync_dir(data_dir);
    drop(held);
    Ok(Restored {
        manifest: verified.manifest,
        kept,
    })
}

/// Opens the current database read-only to learn that nobody else has it open, and keeps it
/// open so nobody opens it until the swap. None when there is no database (or it needs repair,
/// which only a start does: then nobody has it open either).
fn hold(current: &Path) -> Result<Option<redb::ReadOnlyDatabase>, BackupError> {
    if !current.exists() {
        return Ok(None);
    }
    match Database::builder().open_read_only(current) {
        Ok(db) => Ok(Some(db)),
        Err(redb::DatabaseError::DatabaseAlreadyOpen) => Err(BackupError::ServerRunning(current.to_owned())),
        Err(redb::DatabaseError::RepairAborted) => Ok(None),
        Err(err) => Err(BackupError::Store(redb::Error::from(err).into())),
    }
}
