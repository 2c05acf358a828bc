//! The state every request can reach: the store, the configuration and the auth machinery.

use super::activity::LogShelf;
use super::gradebook::journal_texts::JournalTexts;
use super::journal::Journal;
use super::money::ledger_texts::LedgerTexts;
use super::people::PeopleTexts;
use super::schedule::lesson_list::LessonShelf;
use super::work::boards::BoardTexts;
use super::work::task_pages::TaskTexts;
use crate::auth::{HashPool, RateLimits};
use crate::backup::Backups;
use crate::config::Config;
use crate::domain::activity::Origin;
use crate::mail::Mailer;
use crate::store::{Store, StoreError};
use std::sync::Arc;

/// Shared by every request; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    /// The embedded UI's build id (see `web::SpaEndpoint::build_id`).
    pub build: Arc<str>,
    /// The server's random key (signs anonymous CSRF tokens).
    pub secret_key: [u8; 32],
    pub limits: Arc<RateLimits>,
    pub hashes: HashPool,
    /// Wakes the mail worker after a commit that queued mail.
    pub mailer: Mailer,
    /// Makes copies of the database, one at a time.
    pub backups: Backups,
    /// The activity log's entries as last shown (see `service::activity`).
    pub log_shelf: Arc<LogShelf>,
    /// The lesson rows lists showed lately (see `service::schedule::lesson_list`).
    pub lesson_shelf: Arc<LessonShelf>,
    /// The boards' answers as last shown (see `service::work::boards::shown`).
    pub board_texts: Arc<BoardTexts>,
    /// Pages of tasks as last shown (see `service::work::task_pages`).
    pub task_texts: Arc<TaskTexts>,
    /// Journals as last shown (see `service::gradebook::journal_texts`).
    pub journal_texts: Arc<JournalTexts>,
    /// Pages of the ledger as last shown (see `service::money::ledger_texts`).
    pub ledger_texts: Arc<LedgerTexts>,
    /// Pages of people as last shown (see `service::people::list_text`).
    pub people_texts: Arc<PeopleTexts>,
}

impl AppState {
    /// Builds the state around an open store.
    pub fn new(store: Store, config: Config, build: String) -> Result<Self, StoreError> {
        let secret_key = store.secret_key()?;
        let limits = Arc::new(RateLimits::new(&config.auth));
        let hashes = HashPool::new(config.auth.hash_workers);
        let backups = Backups::new(store.clone(), config.backup_dir(), config.time_zone());
        Ok(Self {
            backups,
            store,
            config: Arc::new(config),
            build: build.into(),
            secret_key,
            limits,
            hashes,
            mailer: Mailer::new(),
            log_shelf: Arc::default(),
            lesson_shelf: Arc::default(),
            board_texts: Arc::default(),
            task_texts: Arc::default(),
            journal_texts: Arc::default(),
            ledger_texts: Arc::default(),
            people_texts: Arc::default(),
        })
    }

    /// The journal that records the changes `origin` makes (see `service::journal`).
    pub fn journal(&self, origin: Origin) -> Journal {
        Journal::new(self.config.clone(), self.mailer.clone(), origin)
    }

    /// Runs a change `origin` makes on the blocking pool (as `run`), `work` writing its record
    /// in `origin`'s journal.
    pub async fn change<T, E, F>(&self, origin: Origin, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: Send + 'static,
        F: FnOnce(&Store, &Journal) -> Result<T, E> + Send + 'static,
    {
        let journal = self.journal(origin);
        self.run(move |store| work(store, &journal)).await
    }

    /// Runs read-only storage work right here. A redb read transaction takes no lock a writer
    /// holds and reads pages mostly from the cache, so the hop to the blocking pool would cost
    /// more than the work (see `make bench`); writes, which wait for the disk, use `run`.
    pub fn read<T, E>(&self, work: impl FnOnce(&Store) -> Result<T, E>) -> Result<T, E> {
        work(&self.store)
    }

    /// Whether the database can be written and read (the health check). Answered from the
    /// last check while it is a few seconds old and no I/O failure happened since; otherwise
    /// checked on the blocking pool, where a database that refused writes is opened again.
    pub async fn database_usable(&self) -> Result<(), StoreError> {
        if self.store.known_usable() {
            return Ok(());
        }
        self.run(Store::check_usable).await
    }

    /// Runs storage work on the blocking pool (redb is synchronous). A panic inside it is
    /// passed on to the request, where it becomes a logged 500.
    pub async fn run<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: Send + 'static,
        F: FnOnce(&Store) -> Result<T, E> + Send + 'static,
    {
        let store = self.store.clone();
        match tokio::task::spawn_blocking(move || work(&store)).await {
            Ok(result) => result,
            Err(err) => std::panic::resume_unwind(err.into_panic()),
        }
    }
}
