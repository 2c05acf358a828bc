//! Backups of the whole school: a consistent copy of the database in one file (see `archive`),
//! made from one read transaction while the portal keeps serving, and its check, list and restore.

mod archive;
pub mod background;
mod error;
mod leftovers;
mod list;
mod manifest;
mod restore;
pub mod rotation;
mod runner;
pub mod socket;
mod verify;

pub use archive::EXTENSION;
pub use error::BackupError;
pub use leftovers::clear_leftovers;
pub use list::{Listed, list};
pub use manifest::Manifest;
pub use restore::{Restored, restore};
pub use runner::{Backups, Failure, Status};
pub use verify::{Verified, verify};

use crate::store;
use leftovers::Scratch;
use redb::ReadTransaction;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How far a copy has come: rows copied, then bytes packed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub stage: Stage,
    pub done: u64,
    pub total: u64,
}

/// The two steps of making a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// Copying the tables from one snapshot into a new database file.
    Copy,
    /// Compressing that file with its manifest into the copy.
    Pack,
}

impl Stage {
    /// The step, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Stage::Copy => "Копирование таблиц",
            Stage::Pack => "Сжатие и запись копии",
        }
    }
}

/// A finished copy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Created {
    pub path: PathBuf,
    /// Size of the copy's file, in bytes.
    pub size: u64,
    pub manifest: Manifest,
}

/// The file name of a copy made at `at` (local time), e.g. `klass-2026-11-23-030000.tar.gz`.
pub fn file_name(at: &jiff::Zoned) -> String {
    format!("klass-{}{EXTENSION}", at.strftime("%Y-%m-%d-%H%M%S"))
}

/// Writes a copy of the snapshot `txn` to `target`. Everything is written to hidden temporary
/// files beside it and renamed into place only when complete and on disk; on any failure
/// they are removed, so no partial copy is ever left (and those an interrupted copy left there
/// are cleared first, see `clear_leftovers`). An existing `target` is never replaced.
pub fn create(
    txn: &ReadTransaction,
    target: &Path,
    progress: &mut dyn FnMut(Progress),
) -> Result<Created, BackupError> {
    let dir = verify::parent(target);
    if target.exists() {
        return Err(BackupError::Exists(target.to_owned()));
    }
    std::fs::create_dir_all(&dir).map_err(|err| BackupError::writing(&dir, err))?;
    clear_leftovers(&[&dir]);
    let scratch = temp_in(&dir, Scratch::Copy)?;
    let tables = store::copy::copy(txn, scratch.path(), &mut |done, total| {
        progress(Progress {
            stage: Stage::Copy,
            done,
            total,
        })
    })
    .map_err(|err| BackupError::copying(&dir, err))?;
    let manifest = Manifest {
        format: manifest::FORMAT,
        klass_version: crate::VERSION.to_owned(),
        schema_version: store::schema_version_in(txn)?,
        created_at: jiff::Timestamp::now(),
        tables,
        db_size: scratch
            .as_file()
            .metadata()
            .map_err(|err| BackupError::writing(&dir, err))?
            .len(),
        sha256: archive::sha256_of(scratch.path()).map_err(|err| BackupError::writing(&dir, err))?,
    };
    let packed = temp_in(&dir, Scratch::Pack)?;
    archive::pack(packed.as_file(), &manifest, scratch.path(), &mut |done, total| {
        progress(Progress {
            stage: Stage::Pack,
            done,
            total,
        })
    })
    .map_err(|err| BackupError::writing(&dir, err))?;
    drop(scratch);
    let size = packed
        .as_file()
        .metadata()
        .map_err(|err| BackupError::writing(&dir, err))?
        .len();
    packed.persist_noclobber(target).map_err(|err| match err.error.kind() {
        std::io::ErrorKind::AlreadyExists => BackupError::Exists(target.to_owned()),
        _ => BackupError::writing(&dir, err.error),
    })?;
    sync_dir(&dir);
    Ok(Created {
        path: target.to_owned(),
        size,
        manifest,
    })
}

/// An empty hidden scratch file in `dir`, removed when dropped.
fn temp_in(dir: &Path, kind: Scratch) -> Result<tempfile::NamedTempFile, BackupError> {
    kind.create_in(dir).map_err(|err| BackupError::writing(dir, err))
}

/// Makes a rename in `dir` durable (best effort: not every system can sync a directory).
fn sync_dir(dir: &Path) {
    if let Ok(handle) = std::fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}
