//! A consistent copy of the whole database into a new redb file, made from one read
//! transaction (so it holds exactly the writes committed before it began), and the row counts
//! of every table, which a backup's manifest records and its check recounts.

use super::{StoreError, tables};
use redb::{
    Database, Durability, Key, ReadTransaction, ReadableDatabase, ReadableTableMetadata, TableDefinition, TableError,
    TableHandle, Value,
};
use std::collections::BTreeMap;
use std::path::Path;

/// Rows per table, by the table's name (e.g. `users-1`).
pub type Counts = BTreeMap<String, u64>;

/// Rows are committed to the copy in batches of this many, so memory stays small.
const BATCH_ROWS: u64 = 20_000;

/// The page cache of a database opened only to be copied, written as a copy or checked: each
/// page passes through about once, so a small cache costs little time and keeps memory flat
/// whatever the file's size (redb's default is 1 GiB; a 320 MB school then took 330 MB).
pub const ONE_PASS_CACHE_BYTES: usize = 2 * 1024 * 1024;

/// Copies each table of the catalogue that exists in the snapshot.
macro_rules! copy_every_table {
    ($copier:ident) => {
        $copier.table(tables::META)?;
        $copier.table(tables::SEQUENCES)?;
        $copier.table(tables::USERS)?;
        $copier.table(tables::USERS_BY_EMAIL)?;
        $copier.table(tables::USERS_BY_ROLE)?;
        $copier.table(tables::SESSIONS)?;
        $copier.table(tables::SESSIONS_BY_USER)?;
        $copier.table(tables::ONE_TIME_TOKENS)?;
        $copier.table(tables::MAIL)?;
        $copier.table(tables::MAIL_QUEUE)?;
        $copier.table(tables::MAIL_BY_USER)?;
        $copier.table(tables::TAGS)?;
        $copier.table(tables::TAGS_BY_NAME)?;
        $copier.table(tables::FAMILY)?;
        $copier.table(tables::FAMILY_BY_CHILD)?;
        $copier.table(tables::FILES)?;
        $copier.table(tables::FILE_CHUNKS)?;
        $copier.table(tables::FILES_BY_USER)?;
        $copier.table(tables::ACTIVITY)?;
        $copier.table(tables::ACTIVITY_BY_USER_V1)?;
        $copier.table(tables::ACTIVITY_BY_USER)?;
        $copier.table(tables::ACTIVITY_BY_ACTION)?;
        $copier.table(tables::NOTIFICATIONS)?;
        $copier.table(tables::NOTIFICATIONS_BY_USER)?;
        $copier.table(tables::NOTIFICATIONS_UNREAD)?;
        $copier.table(tables::NOTIFICATION_SETTINGS)?;
        $copier.table(tables::CALENDAR_FEEDS)?;
        $copier.table(tables::SUBJECTS)?;
        $copier.table(tables::SUBJECTS_BY_NAME)?;
        $copier.table(tables::COURSES)?;
        $copier.table(tables::COURSES_BY_SUBJECT)?;
        $copier.table(tables::ENROLMENTS)?;
        $copier.table(tables::ENROLMENTS_BY_COURSE)?;
        $copier.table(tables::ENROLMENTS_BY_STUDENT)?;
        $copier.table(tables::ENROLMENTS_BY_PAIR)?;
        $copier.table(tables::PERSON_SUBJECTS)?;
        $copier.table(tables::PERSON_SUBJECTS_BY_SUBJECT)?;
        $copier.table(tables::GROUPS)?;
        $copier.table(tables::GROUPS_BY_TEACHER)?;
        $copier.table(tables::GROUPS_BY_STUDENT)?;
        $copier.table(tables::LESSONS)?;
        $copier.table(tables::LESSONS_BY_TIME)?;
        $copier.table(tables::LESSONS_BY_TEACHER)?;
        $copier.table(tables::LESSONS_BY_STUDENT)?;
        $copier.table(tables::LESSONS_BY_GROUP)?;
        $copier.table(tables::LESSONS_BY_ROOM)?;
        $copier.table(tables::LESSONS_BY_SUBJECT)?;
        $copier.table(tables::ATTENDANCE)?;
        $copier.table(tables::MARKS)?;
        $copier.table(tables::MARKS_BY_LESSON)?;
        $copier.table(tables::MARKS_BY_SUBJECT)?;
        $copier.table(tables::MARKS_BY_STUDENT_SUBJECT)?;
        $copier.table(tables::LEDGER)?;
        $copier.table(tables::LEDGER_BY_STUDENT)?;
        $copier.table(tables::LEDGER_BY_DAY)?;
        $copier.table(tables::LEDGER_DAY_TOTALS)?;
        $copier.table(tables::LEDGER_REVERSED)?;
        $copier.table(tables::BALANCES)?;
        $copier.table(tables::DEBTS)?;
        $copier.table(tables::LESSON_CHARGES)?;
        $copier.table(tables::PACKAGES)?;
        $copier.table(tables::PACKAGES_BY_STUDENT)?;
        $copier.table(tables::REQUEST_KEYS)?;
        $copier.table(tables::TASKS)?;
        $copier.table(tables::TASKS_BY_ASSIGNEE)?;
        $copier.table(tables::TASKS_BY_AUTHOR)?;
        $copier.table(tables::TASKS_BY_RELATED)?;
        $copier.table(tables::TASKS_BY_DUE)?;
        $copier.table(tables::TASKS_ON_BOARD)?;
        $copier.table(tables::BOARDS)?;
        $copier.table(tables::BOARDS_BY_OWNER)?;
        $copier.table(tables::EVENTS)?;
        $copier.table(tables::EVENTS_BY_START)?;
    };
}

/// The rows of every table in the snapshot `txn`.
pub fn counts(txn: &ReadTransaction) -> Result<Counts, StoreError> {
    let mut counts = Counts::new();
    for handle in txn.list_tables()? {
        let table = txn.open_untyped_table(handle.clone())?;
        counts.insert(handle.name().to_owned(), table.len()?);
    }
    Ok(counts)
}

/// Writes every table of the snapshot `txn` into a new database at `dest` (which must not hold
/// a database yet) and returns the counts it copied. `progress(done, total)` is called as rows
/// are copied. A table the copy does not know is an error, never silently left out.
pub fn copy(txn: &ReadTransaction, dest: &Path, progress: &mut dyn FnMut(u64, u64)) -> Result<Counts, StoreError> {
    let source = counts(txn)?;
    let total = source.values().sum();
    let db = Database::builder()
        .set_cache_size(ONE_PASS_CACHE_BYTES)
        .create(dest)
        .map_err(|err| StoreError::from(redb::Error::from(err)))?;
    let mut copier = Copier {
        txn,
        db: &db,
        done: 0,
        total,
        progress,
    };
    copy_every_table!(copier);
    let copied = counts(&db.begin_read()?)?;
    if let Some(missing) = source.keys().find(|name| !copied.contains_key(*name)) {
        return Err(StoreError::Corrupt {
            table: "backup",
            reason: format!("таблица {missing} не попала в копию: эта версия Klass не умеет её копировать"),
        });
    }
    if copied != source {
        return Err(StoreError::Corrupt {
            table: "backup",
            reason: "число записей в копии не совпало с базой".into(),
        });
    }
    Ok(copied)
}

struct Copier<'a> {
    txn: &'a ReadTransaction,
    db: &'a Database,
    done: u64,
    total: u64,
    progress: &'a mut dyn FnMut(u64, u64),
}

impl Copier<'_> {
    /// Copies one table in batches; a table missing from the snapshot is skipped.
    fn table<K: Key + 'static, V: Value + 'static>(&mut self, def: TableDefinition<K, V>) -> Result<(), StoreError> {
        let source = match self.txn.open_table(def) {
            Ok(table) => table,
            Err(TableError::TableDoesNotExist(_)) => return Ok(()),
            Err(err) => return Err(err.into()),
        };
        let mut rows = redb::ReadableTable::iter(&source)?.peekable();
        loop {
            let mut write = self.db.begin_write()?;
            write.set_durability(Durability::None).map_err(redb::Error::from)?;
            {
                let mut target = write.open_table(def)?;
                for _ in 0..BATCH_ROWS {
                    let Some(row) = rows.next() else { break };
                    let (key, value) = row?;
                    target.insert(key.value(), value.value())?;
                    self.done += 1;
                }
            }
            let last = rows.peek().is_none();
            if last {
                write.set_durability(Durability::Immediate).map_err(redb::Error::from)?;
            }
            write.commit()?;
            (self.progress)(self.done, self.total);
            if last {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_copy_holds_every_table_with_the_same_rows() {
        let dir = tempfile::tempdir().expect("dir");
        let store = Store::open(dir.path(), 8).expect("open");
        let dest = dir.path().join("copy.redb");
        let mut calls = 0;
        let copied = copy(&store.read().expect("read"), &dest, &mut |_, _| calls += 1).expect("copy");
        assert_eq!(copied, counts(&store.read().expect("read")).expect("counts"));
        assert!(copied.contains_key("meta-1") && copied.contains_key("notification-settings-1"));
        assert!(calls > 0);
    }
}
