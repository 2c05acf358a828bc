//! `klass backup verify`: refuses a copy made by a newer release, then unpacks it to a scratch
//! file and checks its checksum, redb's integrity, its schema version, its row counts against
//! the manifest and every money balance against a recount of its entries; remembers the result
//! beside the copies so `list` can show it.

use super::leftovers::Scratch;
use super::manifest::Manifest;
use super::{BackupError, clear_leftovers};
use crate::domain::User;
use crate::domain::money::format_rub;
use crate::store::{self, SCHEMA_VERSION, ledger, record, tables};
use redb::{Database, ReadTransaction, ReadableDatabase, TableError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The results of the checks of one copy.
#[derive(Debug)]
pub struct Verified {
    pub manifest: Manifest,
    /// Each check that failed, in words; empty when the copy is sound.
    pub problems: Vec<String>,
}

/// File beside the copies with the last check of each: name -> `Check`.
const RECORD: &str = ".klass-verified.json";

/// When a copy was last checked, and how it went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    pub at: jiff::Timestamp,
    pub ok: bool,
}

/// Checks the copy at `path`, using a scratch file beside it (or in the temp dir when its
/// directory is read-only), and records the result. Scratch files interrupted work left in
/// either place are cleared first.
pub fn verify(path: &Path) -> Result<Verified, BackupError> {
    let dir = parent(path);
    let temp_dir = std::env::temp_dir();
    clear_leftovers(&[&dir, &temp_dir]);
    let scratch = Scratch::Verify
        .create_in(&dir)
        .or_else(|_| Scratch::Verify.create_in(&temp_dir))
        .map_err(|err| BackupError::writing(&dir, err))?;
    let verified = match examine(path, scratch) {
        Ok((verified, _)) => verified,
        Err(BackupError::Read { path, reason }) => {
            record(path.as_path(), false);
            return Err(BackupError::Read { path, reason });
        }
        Err(err) => return Err(err),
    };
    record(path, verified.problems.is_empty());
    Ok(verified)
}

/// Unpacks the copy at `path` into `scratch` and runs every check (a copy made by a newer
/// release is refused before it is unpacked); returns the scratch file (the database, closed)
/// for a restore to move into place.
pub(super) fn examine(
    path: &Path,
    mut scratch: tempfile::NamedTempFile,
) -> Result<(Verified, tempfile::NamedTempFile), BackupError> {
    let early = super::archive::read_manifest(path)?;
    if let Some(problem) = early.release_problem() {
        return Ok((
            Verified {
                manifest: early,
                problems: vec![problem],
            },
            scratch,
        ));
    }
    let dir = parent(scratch.path());
    let (manifest, sha256) = super::archive::unpack(path, scratch.as_file_mut(), &dir)?;
    let mut problems = Vec::new();
    if sha256 != manifest.sha256 {
        problems.push("контрольная сумма SHA-256 не совпадает с описанием: файл повреждён".to_owned());
        // A damaged file is not opened: redb might try to repair it.
        return Ok((Verified { manifest, problems }, scratch));
    }
    match Database::builder()
        .set_cache_size(store::copy::ONE_PASS_CACHE_BYTES)
        .open(scratch.path())
    {
        Err(err) => problems.push(format!("база в копии не открывается: {err}")),
        Ok(mut db) => {
            match db.check_integrity() {
                Ok(true) => {}
                Ok(false) => problems.push("проверка целостности redb нашла и исправила ошибки".to_owned()),
                Err(err) => problems.push(format!("проверка целостности redb не пройдена: {err}")),
            }
            check_contents(&db, &manifest, &mut problems);
        }
    }
    Ok((Verified { manifest, problems }, scratch))
}

/// The schema version, the row counts and the money balances of the database in the copy.
fn check_contents(db: &Database, manifest: &Manifest, problems: &mut Vec<String>) {
    let txn = match db.begin_read() {
        Ok(txn) => txn,
        Err(err) => return problems.push(format!("база в копии не читается: {err}")),
    };
    match store::schema_version_in(&txn) {
        Ok(found) if found > SCHEMA_VERSION => problems.push(format!(
            "копия сделана более новой версией Klass (схема {found}, эта версия знает до {SCHEMA_VERSION}): \
             установите новую версию"
        )),
        Ok(found) if found != manifest.schema_version => problems.push(format!(
            "версия схемы в базе ({found}) не совпадает с описанием ({})",
            manifest.schema_version
        )),
        Ok(_) => {}
        Err(err) => problems.push(format!("версия схемы не читается: {err}")),
    }
    match store::copy::counts(&txn) {
        Ok(counts) => {
            let names = manifest.tables.keys().chain(counts.keys());
            let mut seen = std::collections::BTreeSet::new();
            for name in names.filter(|name| seen.insert(*name)) {
                let (found, expected) = (counts.get(name), manifest.tables.get(name));
                if found != expected {
                    problems.push(format!(
                        "в таблице {name} записей {}, а в описании копии {}",
                        found.copied().unwrap_or(0),
                        expected.copied().unwrap_or(0)
                    ));
                }
            }
        }
        Err(err) => problems.push(format!("записи не пересчитываются: {err}")),
    }
    check_balances(&txn, problems);
}

/// Every stored balance against the sum of its student's entries, as `klass money verify`
/// recounts them; a copy made before the money area existed has no ledger and nothing to check.
fn check_balances(txn: &ReadTransaction, problems: &mut Vec<String>) {
    match txn.open_table(tables::LEDGER) {
        Err(TableError::TableDoesNotExist(_)) => return,
        Err(err) => return problems.push(format!("журнал оплат не читается: {err}")),
        Ok(_) => {}
    }
    let differences = match ledger::recount(txn) {
        Ok((_, differences)) => differences,
        Err(err) => return problems.push(format!("балансы не пересчитываются: {err}")),
    };
    for difference in differences {
        // The name helps the person find the student; a record that does not read leaves the number.
        let name = record::get::<User>(txn, difference.student_id)
            .ok()
            .flatten()
            .map(|user| format!(" ({})", user.full_name()))
            .unwrap_or_default();
        problems.push(format!(
            "баланс ученика №{}{name} не равен сумме его записей: хранится {}, по записям {}",
            difference.student_id,
            format_rub(difference.stored),
            format_rub(difference.counted)
        ));
    }
}

/// The last checks of the copies in `dir`, by file name.
pub(super) fn checks(dir: &Path) -> BTreeMap<String, Check> {
    std::fs::read(dir.join(RECORD))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Remembers the check of `path` (best effort: a read-only directory simply keeps no record).
fn record(path: &Path, ok: bool) {
    let (dir, Some(name)) = (parent(path), path.file_name().and_then(|n| n.to_str())) else {
        return;
    };
    let mut all = checks(&dir);
    all.retain(|name, _| dir.join(name).exists());
    all.insert(
        name.to_owned(),
        Check {
            at: jiff::Timestamp::now(),
            ok,
        },
    );
    let written = serde_json::to_vec_pretty(&all)
        .map_err(std::io::Error::other)
        .and_then(|json| {
            let temp = Scratch::Record.create_in(&dir)?;
            std::fs::write(temp.path(), json)?;
            temp.persist(dir.join(RECORD)).map_err(|err| err.error)?;
            Ok(())
        });
    if let Err(err) = written {
        tracing::warn!(dir = %dir.display(), "the result of a backup check was not recorded: {err}");
    }
}

/// The directory of a file (`.` for a bare name).
pub(super) fn parent(path: &Path) -> std::path::PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => std::path::PathBuf::from("."),
    }
}
