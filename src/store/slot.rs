//! The open database behind a lock, so the server can let go of the file and open it again by
//! itself after a write failed (on a full disk redb refuses every later operation on that
//! handle, and only a fresh open, which repairs the file, gets writes going again).

use super::StoreError;
use redb::Database;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

pub(super) struct Slot {
    db: RwLock<Option<Arc<Database>>>,
    /// The process's count of I/O failures when this database last checked itself.
    checked_at: AtomicU64,
    reopening: Mutex<()>,
    path: PathBuf,
    cache_bytes: usize,
}

impl Slot {
    pub fn new(db: Database, path: PathBuf, cache_bytes: usize) -> Self {
        Self {
            db: RwLock::new(Some(Arc::new(db))),
            checked_at: AtomicU64::new(super::error::io_failures()),
            reopening: Mutex::new(()),
            path,
            cache_bytes,
        }
    }

    /// The open database, opening it again when it was let go of, or when an I/O failure
    /// happened since it last checked itself and it turns out to be the one that failed.
    pub fn get(&self) -> Result<Arc<Database>, StoreError> {
        let failures = super::error::io_failures();
        match self.current() {
            Some(db) if self.checked_at.swap(failures, Ordering::AcqRel) != failures => self.check(db),
            Some(db) => Ok(db),
            None => self.reopen(),
        }
    }

    /// Whether `db` still takes writes; one that refuses them after a failed write is replaced.
    pub fn check(&self, db: Arc<Database>) -> Result<Arc<Database>, StoreError> {
        match db.try_begin_write() {
            Err(redb::TransactionError::Storage(redb::StorageError::PreviousIo)) => self.replace(db),
            Ok(_) | Err(redb::TransactionError::WouldBlock) => Ok(db),
            Err(err) => Err(err.into()),
        }
    }

    /// Lets go of `broken` (unless someone already has) and opens the file again.
    pub fn replace(&self, broken: Arc<Database>) -> Result<Arc<Database>, StoreError> {
        {
            let mut slot = self.db.write().unwrap_or_else(|p| p.into_inner());
            if slot.as_ref().is_some_and(|db| Arc::ptr_eq(db, &broken)) {
                *slot = None;
            }
        }
        // The last holder closes it; a request still holding it lets go within moments.
        if let Ok(db) = Arc::try_unwrap(broken) {
            let _ = db.close();
        }
        self.reopen()
    }

    fn current(&self) -> Option<Arc<Database>> {
        self.db.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Opens the file again; one caller at a time, the others hear that it is unavailable.
    fn reopen(&self) -> Result<Arc<Database>, StoreError> {
        let Ok(_one_at_a_time) = self.reopening.try_lock() else {
            return Err(StoreError::Unavailable);
        };
        if let Some(db) = self.current() {
            return Ok(db);
        }
        tracing::warn!(path = %self.path.display(), "opening the database again after a failed write");
        let db = super::builder(self.cache_bytes)
            .create(&self.path)
            .map_err(|err| match err {
                redb::DatabaseError::DatabaseAlreadyOpen => StoreError::Unavailable,
                other => StoreError::from(redb::Error::from(other)),
            })?;
        let db = Arc::new(db);
        *self.db.write().unwrap_or_else(|p| p.into_inner()) = Some(db.clone());
        tracing::info!("the database is open again");
        Ok(db)
    }
}
