//! The background worker that empties the outbox: sends due mails in id order, records each
//! attempt durably, and retries failures with exponential backoff up to `mail.max_attempts`.

use super::transport::{Delivery, SendError, Transport, message_of};
use super::{MailRecord, MailStatus};
use crate::config::Config;
use crate::domain::MailId;
use crate::store::{self, Store, StoreError};
use jiff::Timestamp;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

/// The longest the worker sleeps without looking at the queue.
const IDLE: Duration = Duration::from_secs(30);
/// Mails taken from the queue per read.
const BATCH: usize = 50;

/// A handle that wakes the worker when a mail was queued; cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct Mailer {
    notify: Arc<Notify>,
}

impl Mailer {
    /// A handle for a worker not started yet (pass a clone to `spawn`).
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the worker to look at the queue now (call after committing an `enqueue`).
    pub fn wake(&self) {
        self.notify.notify_one();
    }
}

/// How long a failed mail waits: `base`, doubled after each further failure, at most `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    pub base: Duration,
    pub max: Duration,
}

impl Default for Backoff {
    /// 30 s, 1 min, 2 min … up to 1 hour.
    fn default() -> Self {
        Self {
            base: Duration::from_secs(30),
            max: Duration::from_secs(3600),
        }
    }
}

impl Backoff {
    /// The wait after the `failures`-th failed attempt (1-based).
    pub fn after(&self, failures: u32) -> Duration {
        let factor = 1u32.checked_shl(failures.saturating_sub(1)).unwrap_or(u32::MAX);
        self.base.saturating_mul(factor).min(self.max)
    }
}

/// Starts the worker with the default backoff; it stops when `shutdown` completes.
pub fn spawn(
    store: Store,
    config: Arc<Config>,
    mailer: Mailer,
    shutdown: impl Future + Send + 'static,
) -> JoinHandle<()> {
    spawn_with_backoff(store, config, mailer, shutdown, Backoff::default())
}

/// Starts the worker with a chosen backoff (tests use milliseconds).
pub fn spawn_with_backoff(
    store: Store,
    config: Arc<Config>,
    mailer: Mailer,
    shutdown: impl Future + Send + 'static,
    backoff: Backoff,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let worker = Worker {
            store,
            transport: Transport::from_config(&config),
            backoff,
            max_attempts: config.mail.max_attempts.max(1),
        };
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            let pause = tokio::select! {
                biased;
                _ = &mut shutdown => break,
                pause = worker.round() => pause,
            };
            tokio::select! {
                biased;
                _ = &mut shutdown => break,
                () = mailer.notify.notified() => {}
                () = tokio::time::sleep(pause) => {}
            }
        }
        tracing::debug!("mail worker stopped");
    })
}

/// Why a round of the worker stopped early.
#[derive(Debug, thiserror::Error)]
enum WorkerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("storage task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
}

struct Worker {
    store: Store,
    transport: Transport,
    backoff: Backoff,
    max_attempts: u32,
}

impl Worker {
    /// Sends everything due, then says how long to sleep before the next due mail.
    async fn round(&self) -> Duration {
        if let Err(err) = self.send_due().await {
            tracing::error!(error = %err, "mail worker: the outbox is not readable");
            return IDLE;
        }
        match self.blocking(store::mail::next_due).await {
            Ok(Some(at)) => {
                let wait = at.duration_since(Timestamp::now());
                Duration::try_from(wait).unwrap_or(Duration::ZERO).min(IDLE)
            }
            Ok(None) => IDLE,
            Err(err) => {
                tracing::error!(error = %err, "mail worker: the outbox is not readable");
                IDLE
            }
        }
    }

    async fn send_due(&self) -> Result<(), WorkerError> {
        loop {
            let due = self
                .blocking(|store| store::mail::due(store, Timestamp::now(), BATCH))
                .await?;
            if due.is_empty() {
                return Ok(());
            }
            for mail in due {
                self.attempt(mail).await?;
            }
        }
    }

    /// One attempt at one mail, recorded in one durable write.
    async fn attempt(&self, mail: MailRecord) -> Result<(), WorkerError> {
        let result = match message_of(&mail) {
            Ok(message) => {
                let name = format!("{}-{}", mail.id, mail.kind.as_str());
                self.transport.send(&message, &name).await
            }
            Err(err) => Err(err),
        };
        let (backoff, max_attempts) = (self.backoff, self.max_attempts);
        self.blocking(move |store| record_attempt(store, mail.id, result, backoff, max_attempts))
            .await
    }

    async fn blocking<T, F>(&self, work: F) -> Result<T, WorkerError>
    where
        T: Send + 'static,
        F: FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    {
        let store = self.store.clone();
        Ok(tokio::task::spawn_blocking(move || work(&store)).await??)
    }
}

fn record_attempt(
    store: &Store,
    id: MailId,
    result: Result<Delivery, SendError>,
    backoff: Backoff,
    max_attempts: u32,
) -> Result<(), StoreError> {
    let txn = store.write()?;
    let Some(mut mail) = store::record::get::<MailRecord>(&txn, id)? else {
        return Ok(());
    };
    if mail.status != MailStatus::Queued {
        return Ok(());
    }
    let now = Timestamp::now();
    mail.attempts = mail.attempts.saturating_add(1);
    match result {
        Ok(delivery) => {
            tracing::info!(
                mail = id.0,
                kind = mail.kind.as_str(),
                attempts = mail.attempts,
                "{delivery}"
            );
            mail.status = MailStatus::Sent;
            mail.sent_at = Some(now);
            mail.next_attempt_at = None;
        }
        Err(err) if err.permanent || mail.attempts >= max_attempts => {
            tracing::warn!(mail = id.0, kind = mail.kind.as_str(), attempts = mail.attempts, error = %err, "mail not sent, giving up");
            mail.status = MailStatus::Failed;
            mail.last_error = Some(err.message);
            mail.next_attempt_at = None;
        }
        Err(err) => {
            let wait = backoff.after(mail.attempts);
            tracing::warn!(mail = id.0, kind = mail.kind.as_str(), attempts = mail.attempts, retry_in = ?wait, error = %err, "mail not sent, will retry");
            mail.last_error = Some(err.message);
            mail.next_attempt_at = Some(now.checked_add(wait).unwrap_or(now));
        }
    }
    store::mail::update(&txn, &mail)?;
    txn.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let backoff = Backoff::default();
        let secs: Vec<u64> = [1, 2, 3, 4, 8, 9, 40, u32::MAX]
            .iter()
            .map(|n| backoff.after(*n).as_secs())
            .collect();
        assert_eq!(secs, [30, 60, 120, 240, 3600, 3600, 3600, 3600]);
    }
}
