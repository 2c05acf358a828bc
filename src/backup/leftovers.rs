//! The hidden scratch files of copies, checks and restores, and clearing those an interrupted
//! process left behind: each is as big as the database and is otherwise removed only when the
//! work that made it ends, so a server stopped during a copy or a restore cut short by Ctrl-C
//! would leave one at every such interruption until the disk is full.

use std::path::Path;
use std::time::{Duration, SystemTime};
use tempfile::NamedTempFile;

/// What a scratch file is for; its name is `<prefix><random letters and digits>.tmp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scratch {
    /// The database copied from one snapshot (beside the copy being made).
    Copy,
    /// The copy being packed (beside it, renamed into place when complete).
    Pack,
    /// The database unpacked from a copy to check it (beside the copy, or in the temp dir).
    Verify,
    /// The database unpacked from a copy to restore it (in the data directory).
    Restore,
    /// The record of the last checks being rewritten (beside the copies).
    Record,
}

impl Scratch {
    const ALL: [Scratch; 5] = [Self::Copy, Self::Pack, Self::Verify, Self::Restore, Self::Record];

    fn prefix(self) -> &'static str {
        match self {
            Self::Copy => ".klass-copy-",
            Self::Pack => ".klass-backup-",
            Self::Verify => ".klass-verify-",
            Self::Restore => ".klass-restore-",
            Self::Record => ".klass-verified-",
        }
    }

    /// A new empty scratch file in `dir`, removed when dropped.
    pub(super) fn create_in(self, dir: &Path) -> std::io::Result<NamedTempFile> {
        tempfile::Builder::new()
            .prefix(self.prefix())
            .suffix(SUFFIX)
            .tempfile_in(dir)
    }
}

const SUFFIX: &str = ".tmp";

/// A scratch file untouched for longer than this belongs to no work going on now: the file a
/// copy writes grows as it goes, and a whole copy takes seconds to minutes. A younger one may
/// be another process's copy or check, and is left alone.
const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// Removes from each of `dirs` the scratch files (and only those, see `Scratch`) not modified
/// for an hour, logging each; returns how many were removed. Best effort: a missing or
/// unreadable directory is skipped, a file that cannot be removed is logged and stays.
pub fn clear_leftovers(dirs: &[&Path]) -> usize {
    let now = SystemTime::now();
    let mut removed = 0;
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name();
            if !name.to_str().is_some_and(is_scratch) {
                continue;
            }
            // Not followed: a link or a directory with such a name is not ours.
            let Ok(meta) = entry.metadata() else { continue };
            let age = meta.modified().ok().and_then(|at| now.duration_since(at).ok());
            if !meta.is_file() || age.is_none_or(|age| age < STALE_AFTER) {
                continue;
            }
            let path = entry.path();
            match std::fs::remove_file(&path) {
                Ok(()) => {
                    tracing::warn!(
                        path = %path.display(),
                        size = meta.len(),
                        "removed a scratch file left by an interrupted backup, check or restore"
                    );
                    removed += 1;
                }
                Err(err) => tracing::warn!(
                    path = %path.display(),
                    "a scratch file left by an interrupted backup could not be removed: {err}"
                ),
            }
        }
    }
    removed
}

/// Whether `name` is one the scratch files are given.
fn is_scratch(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(SUFFIX) else {
        return false;
    };
    Scratch::ALL.iter().any(|kind| {
        stem.strip_prefix(kind.prefix())
            .is_some_and(|random| !random.is_empty() && random.chars().all(|c| c.is_ascii_alphanumeric()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_aged(dir: &Path, name: &str, age: Duration) {
        let file = std::fs::File::create(dir.join(name)).expect("file");
        file.set_modified(SystemTime::now() - age).expect("mtime");
    }

    #[test]
    fn only_scratch_files_untouched_for_an_hour_are_removed() {
        let dir = tempfile::tempdir().expect("dir");
        let two_hours = Duration::from_secs(2 * 60 * 60);
        for name in [".klass-copy-a1.tmp", ".klass-backup-b2.tmp", ".klass-verify-c3.tmp"] {
            file_aged(dir.path(), name, two_hours);
        }
        file_aged(dir.path(), ".klass-restore-fresh.tmp", Duration::from_secs(60));
        let not_ours = [
            ".klass-verified.json",
            "klass-2026-11-23-030000.tar.gz",
            ".klass-copy-.tmp",
            ".klass-copy-a.b.tmp",
            ".klass-other-x.tmp",
            "klass.redb",
        ];
        for name in not_ours {
            file_aged(dir.path(), name, two_hours);
        }
        std::fs::create_dir(dir.path().join(".klass-copy-dir.tmp")).expect("dir");
        let missing = dir.path().join("missing");

        assert_eq!(clear_leftovers(&[&missing, dir.path()]), 3);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("dir")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        let mut expected = not_ours.to_vec();
        expected.extend([".klass-copy-dir.tmp", ".klass-restore-fresh.tmp"]);
        expected.sort();
        assert_eq!(left, expected);
    }

    #[test]
    fn every_scratch_file_made_has_a_name_that_is_cleared() {
        let dir = tempfile::tempdir().expect("dir");
        for kind in Scratch::ALL {
            let file = kind.create_in(dir.path()).expect("scratch");
            let name = file.path().file_name().expect("name").to_string_lossy().into_owned();
            assert!(is_scratch(&name), "{name}");
        }
    }
}
