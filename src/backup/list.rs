//! `klass backup list`: the copies in a directory, newest first, with what their manifests say
//! and how their last check went.

use super::manifest::Manifest;
use super::verify::{Check, checks};
use super::{BackupError, EXTENSION, archive, clear_leftovers};
use std::path::{Path, PathBuf};

/// One copy found in the backup directory.
#[derive(Debug)]
pub struct Listed {
    pub path: PathBuf,
    pub size: u64,
    /// The manifest, or why it could not be read.
    pub manifest: Result<Manifest, String>,
    /// The last check, if the copy was ever checked.
    pub check: Option<Check>,
}

impl Listed {
    /// The copy's file name.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// Whether the copy is known to be unusable: its manifest cannot be read, or its last
    /// check failed (a copy never checked is not known to be bad).
    pub fn known_bad(&self) -> bool {
        self.manifest.is_err() || self.check.as_ref().is_some_and(|check| !check.ok)
    }
}

/// The copies (`*.tar.gz`, not hidden) in `dir`, newest first; none when `dir` does not exist.
/// Scratch files interrupted work left there are cleared first (see `clear_leftovers`).
pub fn list(dir: &Path) -> Result<Vec<Listed>, BackupError> {
    clear_leftovers(&[dir]);
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(BackupError::unreadable(dir, &err)),
    };
    let checks = checks(dir);
    let mut copies = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(meta) = entry.metadata() else { continue };
        if name.starts_with('.') || !name.ends_with(EXTENSION) || !meta.is_file() {
            continue;
        }
        let path = entry.path();
        copies.push(Listed {
            manifest: archive::read_manifest(&path).map_err(|err| err.to_string()),
            check: checks.get(&name).cloned(),
            size: meta.len(),
            path,
        });
    }
    copies.sort_by_key(|copy| {
        std::cmp::Reverse(
            copy.manifest
                .as_ref()
                .map(|m| m.created_at)
                .unwrap_or(jiff::Timestamp::MIN),
        )
    });
    Ok(copies)
}
