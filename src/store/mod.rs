//! The one redb database file that holds the whole school, and the functions that touch it.

pub mod activity;
pub mod attendance;
pub mod boards;
pub mod calendar_feeds;
mod codec;
mod commit_group;
pub mod copy;
pub mod courses;
pub mod directory;
mod error;
pub mod events;
pub mod family;
pub mod files;
pub mod groups;
pub mod job_runs;
pub mod ledger;
pub mod lessons;
pub mod mail;
pub mod marks;
mod migrations;
pub mod newest_first;
pub mod notifications;
pub mod one_time_tokens;
pub mod packages;
pub mod record;
pub mod request_keys;
mod sequence;
pub mod sessions;
pub mod shelf;
mod slot;
pub mod subjects;
pub mod tables;
pub mod tags;
pub mod tasks;
pub mod users;
mod verdict;
mod write_txn;

pub use error::{StoreError, is_disk_full};
pub use migrations::{SCHEMA_VERSION, version_in as schema_version_in};
pub use write_txn::WriteTxn;

use redb::{Database, Durability, ReadTransaction, ReadableDatabase};
use std::path::Path;
use std::sync::Arc;

/// File name of the database inside the data directory.
pub const DB_FILE_NAME: &str = "klass.redb";

/// How the database is opened: with a page cache of `cache_bytes`, and, after an unclean stop
/// (a crash, a power cut, a full disk), with redb's repair logged as it goes, so a person
/// waiting for a large school's portal knows why the start takes seconds.
fn builder(cache_bytes: usize) -> redb::Builder {
    let mut builder = Database::builder();
    builder.set_cache_size(cache_bytes);
    let logged_tenths = std::sync::atomic::AtomicU32::new(u32::MAX);
    builder.set_repair_callback(move |session| {
        let tenths = (session.progress() * 10.0) as u32;
        let before = logged_tenths.swap(tenths, std::sync::atomic::Ordering::Relaxed);
        if before == u32::MAX {
            tracing::warn!("the database was not closed cleanly: repairing it before the start");
        }
        if before != tenths {
            tracing::info!(percent = tenths * 10, "repairing the database");
        }
    });
    builder
}

/// A handle on the open database; cheap to clone and share between threads.
#[derive(Clone)]
pub struct Store {
    db: Arc<slot::Slot>,
    path: Arc<Path>,
    directory: Arc<directory::DirectoryCache>,
    verdict: Arc<verdict::Verdict>,
    versions: Arc<record::ListVersions>,
    together: Arc<commit_group::CommitGroup>,
}

impl Store {
    /// Opens (or creates) `<data_dir>/klass.redb` with a page cache of `cache_mb` MiB,
    /// refuses a database written by a newer release, and runs pending migrations.
    pub fn open(data_dir: &Path, cache_mb: usize) -> Result<Self, StoreError> {
        std::fs::create_dir_all(data_dir).map_err(|source| StoreError::DataDir {
            path: data_dir.to_owned(),
            source,
        })?;
        let path = data_dir.join(DB_FILE_NAME);
        let cache_bytes = cache_mb.saturating_mul(1024 * 1024);
        let started = std::time::Instant::now();
        let db = builder(cache_bytes)
            .create(&path)
            .map_err(|err| StoreError::from_open(err, &path))?;
        tracing::info!(path = %path.display(), ms = started.elapsed().as_millis() as u64, "database open");
        let store = Self {
            db: Arc::new(slot::Slot::new(db, path.clone(), cache_bytes)),
            path: path.into(),
            directory: Default::default(),
            verdict: Default::default(),
            versions: Default::default(),
            together: Default::default(),
        };
        migrations::run(&store)?;
        Ok(store)
    }

    /// The server's random secret, made once when the database was created.
    pub fn secret_key(&self) -> Result<[u8; 32], StoreError> {
        let txn = self.read()?;
        let meta = txn.open_table(tables::META)?;
        let bytes = meta
            .get(migrations::SECRET_KEY)?
            .map(|g| g.value().to_vec())
            .unwrap_or_default();
        bytes.try_into().map_err(|_| StoreError::Corrupt {
            table: tables::name(&tables::META),
            reason: "secret_key missing".into(),
        })
    }

    /// Opens the database file at `path` without migrating it, for a copy made while no server
    /// runs: read-only when it was closed cleanly, repaired first (as a start would) otherwise.
    /// Refused while another process holds it.
    pub fn open_for_copy(path: &Path) -> Result<Box<dyn ReadableDatabase>, StoreError> {
        let mut builder = Database::builder();
        builder.set_cache_size(copy::ONE_PASS_CACHE_BYTES);
        match builder.open_read_only(path) {
            Ok(db) => Ok(Box::new(db)),
            Err(redb::DatabaseError::RepairAborted) => {
                let db = builder.open(path).map_err(|err| StoreError::from_open(err, path))?;
                Ok(Box::new(db))
            }
            Err(err) => Err(StoreError::from_open(err, path)),
        }
    }

    /// Where the database file lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A snapshot for reading, and the lists' versions it holds every change of
    /// (`record::ListVersions`): they are taken before it is opened.
    pub fn read_versioned(&self) -> Result<(record::Seen<'_>, ReadTransaction), StoreError> {
        let versions = self.versions.now();
        Ok((versions, self.read()?))
    }

    /// A snapshot for reading; never waits for writers.
    pub fn read(&self) -> Result<ReadTransaction, StoreError> {
        Ok(self.db.get()?.begin_read()?)
    }

    /// A write transaction whose commit is on disk when `commit` returns (user data).
    pub fn write(&self) -> Result<WriteTxn, StoreError> {
        self.write_with(Durability::Immediate)
    }

    /// Runs `work` in a durable write transaction shared with the changes that arrive while
    /// another commit is being made, and gives its result once that commit is on disk
    /// (`commit_group`). `work` may run again in a new transaction when another change of its
    /// group fails, so it writes only through `txn` and must not commit it.
    pub fn write_together<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnMut(&WriteTxn) -> Result<T, E> + Send + 'static,
    {
        self.together.run(self, work)
    }

    /// A write transaction that is crash-safe but may lose its own commit on power loss:
    /// for bookkeeping such as "last seen", never for user data.
    pub fn write_lazily(&self) -> Result<WriteTxn, StoreError> {
        self.write_with(Durability::None)
    }

    /// Whether a write can start and a read can be made now. A database that refuses writes
    /// after a failed one (a full disk) is opened again here; `Err` when that fails too, so the
    /// health check says so. The verdict is remembered (see `known_usable`).
    pub fn check_usable(&self) -> Result<(), StoreError> {
        self.verdict
            .probe(|| self.db.check(self.db.get()?).and_then(|_| self.read().map(drop)))
    }

    /// Whether `check_usable` found the database usable a few seconds ago and no I/O failure
    /// happened since: then the health check answers without asking the disk again.
    pub fn known_usable(&self) -> bool {
        self.verdict.trusted()
    }

    fn write_with(&self, durability: Durability) -> Result<WriteTxn, StoreError> {
        let db = self.db.get()?;
        let mut txn = match db.begin_write() {
            Err(redb::TransactionError::Storage(redb::StorageError::PreviousIo)) => {
                self.db.replace(db)?.begin_write()?
            }
            other => other?,
        };
        txn.set_durability(durability).map_err(redb::Error::from)?;
        Ok(WriteTxn::new(txn, self.versions.clone()))
    }
}
