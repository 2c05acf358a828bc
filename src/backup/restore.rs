//! `klass backup restore`: puts a checked copy in place of the database while no server holds
//! it, keeping the current file as `klass.redb.before-restore-<time>`.

use super::leftovers::Scratch;
use super::verify::{examine, parent};
use super::{BackupError, Manifest, clear_leftovers, sync_dir};
use crate::store::DB_FILE_NAME;
use redb::{Database, ReadableDatabase};
use std::fs::{File, Permissions};
use std::os::unix::fs::{MetadataExt, PermissionsExt, fchown};
use std::path::{Path, PathBuf};

/// A finished restore.
#[derive(Debug)]
pub struct Restored {
    pub manifest: Manifest,
    /// Where the database that was replaced now lives (none when there was none).
    pub kept: Option<PathBuf>,
    /// Mails queued in the copy that the replaced database had sent (or given up) since: they
    /// keep that outcome instead of going out again.
    pub settled_mails: usize,
}

/// Checks the copy at `archive` and swaps it in as `<data_dir>/klass.redb` in one rename,
/// with the owner and mode of the file it replaces. Refused while a server (or another
/// command) has the database open; the lock this takes keeps a server from starting until the
/// swap is done. Scratch files interrupted work left in the data directory or beside the copy
/// are cleared first.
pub fn restore(archive: &Path, data_dir: &Path) -> Result<Restored, BackupError> {
    let current = data_dir.join(DB_FILE_NAME);
    let held = hold(&current)?;
    std::fs::create_dir_all(data_dir).map_err(|err| BackupError::writing(data_dir, err))?;
    clear_leftovers(&[data_dir, &parent(archive)]);
    let scratch = Scratch::Restore
        .create_in(data_dir)
        .map_err(|err| BackupError::writing(data_dir, err))?;
    let (verified, scratch) = examine(archive, scratch)?;
    if !verified.problems.is_empty() {
        return Err(BackupError::Invalid {
            path: archive.to_owned(),
            problems: verified.problems,
        });
    }
    let settled_mails = held
        .as_ref()
        .map_or(0, |replaced| settle_mail(scratch.path(), replaced));
    let kept = match current.exists() {
        true => {
            let stamp = jiff::Zoned::now().strftime("%Y-%m-%d-%H%M%S").to_string();
            let kept = data_dir.join(format!("{DB_FILE_NAME}.before-restore-{stamp}"));
            std::fs::hard_link(&current, &kept).map_err(|err| BackupError::writing(data_dir, err))?;
            Some(kept)
        }
        false => None,
    };
    take_place_of(scratch.as_file(), &current, data_dir)?;
    scratch
        .persist(&current)
        .map_err(|err| BackupError::writing(data_dir, err.error))?;
    sync_dir(data_dir);
    drop(held);
    Ok(Restored {
        manifest: verified.manifest,
        kept,
        settled_mails,
    })
}

/// Gives the mails queued in the copy at `copy` the outcome `replaced` recorded for them since
/// (`store::mail::settle_from`): a restore must not send the school's mails a second time. The
/// restore goes on when that fails (a copy of another school, an older layout): those mails
/// are then sent again, and a warning says so.
fn settle_mail(copy: &Path, replaced: &redb::ReadOnlyDatabase) -> usize {
    let settled = replaced
        .begin_read()
        .map_err(crate::store::StoreError::from)
        .and_then(|txn| crate::store::mail::settle_from(copy, &txn));
    settled.unwrap_or_else(|err| {
        tracing::warn!("не удалось сверить очередь писем копии с прежней базой: письма из очереди копии будут отправлены снова ({err})");
        0
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

/// Gives `new` the owner and mode of `current`, the database it is about to replace, or when
/// there is none those of `data_dir` (less its execute bits): run with `sudo`, a restore would
/// otherwise leave a file only root can open, and the server, running as its own user, could
/// not start. Changing the owner takes root; without it, a different owner is only a warning
/// (the restore itself is done), saying what to run.
fn take_place_of(new: &File, current: &Path, data_dir: &Path) -> Result<(), BackupError> {
    let (like, mode) = match std::fs::metadata(current) {
        Ok(meta) => {
            let mode = meta.mode() & 0o777;
            (meta, mode)
        }
        Err(_) => {
            let meta = std::fs::metadata(data_dir).map_err(|err| BackupError::writing(data_dir, err))?;
            let mode = meta.mode() & 0o666;
            (meta, mode)
        }
    };
    let mine = new.metadata().map_err(|err| BackupError::writing(data_dir, err))?;
    let (uid, gid) = (like.uid(), like.gid());
    if (mine.uid(), mine.gid()) != (uid, gid)
        && let Err(err) = fchown(new, Some(uid), Some(gid))
        && mine.uid() != uid
    {
        tracing::warn!(
            "не удалось сделать владельцем восстановленной базы {} пользователя {uid} (группа {gid}), \
             как у прежней: {err}. Если сервер работает от имени этого пользователя, выполните \
             chown {uid}:{gid} {}",
            current.display(),
            current.display()
        );
    }
    new.set_permissions(Permissions::from_mode(mode))
        .map_err(|err| BackupError::writing(data_dir, err))
}
