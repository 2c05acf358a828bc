//! The one redb database file that holds the whole school, and the functions that touch it.

pub mod activity;
mod codec;
pub mod directory;
mod error;
pub mod family;
pub mod files;
pub mod mail;
mod migrations;
pub mod newest_first;
pub mod notifications;
pub mod one_time_tokens;
pub mod record;
mod sequence;
pub mod sessions;
pub mod tables;
pub mod tags;
pub mod users;

pub use error::StoreError;
pub use migrations::SCHEMA_VERSION;

use redb::{Database, Durability, ReadTransaction, ReadableDatabase, WriteTransaction};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// File name of the database inside the data directory.
pub const DB_FILE_NAME: &str = "klass.redb";

/// A handle on the open database; cheap to clone and share between threads.
#[derive(Clone)]
pub struct Store {
    db: Arc<Database>,
    path: PathBuf,
    directory: Arc<directory::DirectoryCache>,
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
        let db = Database::builder()
            .set_cache_size(cache_mb.saturating_mul(1024 * 1024))
            .create(&path)
            .map_err(|err| StoreError::from_open(err, &path))?;
        let store = Self {
            db: Arc::new(db),
            path,
            directory: Default::default(),
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

    /// Where the database file lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A snapshot for reading; never waits for writers.
    pub fn read(&self) -> Result<ReadTransaction, StoreError> {
        Ok(self.db.begin_read()?)
    }

    /// A write transaction whose commit is on disk when `commit` returns (user data).
    pub fn write(&self) -> Result<WriteTransaction, StoreError> {
        self.write_with(Durability::Immediate)
    }

    /// A write transaction that is crash-safe but may lose its own commit on power loss:
    /// for bookkeeping such as "last seen", never for user data.
    pub fn write_lazily(&self) -> Result<WriteTransaction, StoreError> {
        self.write_with(Durability::None)
    }

    fn write_with(&self, durability: Durability) -> Result<WriteTransaction, StoreError> {
        let mut txn = self.db.begin_write()?;
        txn.set_durability(durability).map_err(redb::Error::from)?;
        Ok(txn)
    }
}
