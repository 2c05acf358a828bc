//! The background worker that empties the outbox: sends due mails in id order and retries
//! failures with exponential backoff up to `mail.max_attempts`. Each mail is claimed in a
//! durable write before it is sent and recorded after (`attempt`), so one whose outcome cannot
//! be written is not sent again and again; a send under way when the server stops finishes.

use super::attempt::{self, Backoff};
use super::transport::{SMTP_TIMEOUT, Transport, message_of};
use crate::config::Config;
use crate::domain::MailId;
use crate::store::{self, Store, StoreError};
use jiff::Timestamp;
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// Starts the worker with the default backoff; it stops when `shutdown` completes.
pub fn spawn(
    store: Store,
    config: Arc<Config>,
    mailer: Mailer,
    shutdown: impl Future + Send + 'static,
) -> JoinHandle<()> {
    spawn_with_backoff(store, config, mailer, shutdown, Backoff::default())
}

/// Starts the worker with a chosen backoff (tests use milliseconds). When `shutdown`
/// completes, an attempt under way finishes (for at most `FINISH`) and no other starts.
pub fn spawn_with_backoff(
    store: Store,
    config: Arc<Config>,
    mailer: Mailer,
    shutdown: impl Future + Send + 'static,
    backoff: Backoff,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut worker = Worker {
            store,
            transport: Transport::from_config(&config),
            backoff,
            max_attempts: config.mail.max_attempts.max(1),
            unrecorded: BTreeMap::new(),
        };
        let stopping = AtomicBool::new(false);
        let mut shutdown = pin!(async move {
            shutdown.await;
        });
        loop {
            let pause = {
                let mut round = pin!(worker.round(&stopping));
                tokio::select! {
                    biased;
                    _ = &mut shutdown => {
                        stopping.store(true, Ordering::Relaxed);
                        if tokio::time::timeout(FINISH, round).await.is_err() {
                            tracing::warn!("mail worker: an attempt cut off at shutdown is retried after the backoff");
                        }
                        break;
                    }
                    pause = &mut round => pause,
                }
            };
            tokio::select! {
                biased;
                _ = &mut shutdown => break,
                () = mailer.notify.notified() => {}
                () = tokio::time::sleep(pause) => {}
            }
        }
        if !worker.unrecorded.is_empty() {
            // A last try: what stays unrecorded is sent again after its backoff, at the next start.
            let _ = tokio::time::timeout(FINISH, worker.record_unrecorded()).await;
        }
        tracing::debug!("mail worker stopped");
    })
}

/// How long a stopping worker waits for the attempt under way: one SMTP timeout.
const FINISH: Duration = SMTP_TIMEOUT;

/// The longest a stopping worker takes: the attempt under way, then a last try at recording
/// what was sent (each bounded by `FINISH`). A server waits this long for it before it exits,
/// or the attempt it waits for is cut off with the process.
pub const LONGEST_STOP: Duration = FINISH.saturating_mul(2).saturating_add(Duration::from_secs(1));

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
    /// Mails sent whose `Sent` could not be written, with when they went out. Each round writes
    /// them first and sends nothing until they are all written; their claim keeps them off the
    /// queue meanwhile, and they are never sent again.
    unrecorded: BTreeMap<MailId, Timestamp>,
}

impl Worker {
    /// Records what was sent but not yet recorded, sends everything due (until `stopping`),
    /// then says how long to sleep before the next due mail.
    async fn round(&mut self, stopping: &AtomicBool) -> Duration {
        if let Err(err) = self.record_unrecorded().await {
            tracing::error!(error = %err, sent = self.unrecorded.len(), "mail worker: sent mails cannot be recorded");
            return IDLE;
        }
        if let Err(err) = self.send_due(stopping).await {
            tracing::error!(error = %err, "mail worker: the outbox cannot be read or written");
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

    async fn record_unrecorded(&mut self) -> Result<(), WorkerError> {
        while let Some((&id, &sent_at)) = self.unrecorded.first_key_value() {
            self.blocking(move |store| attempt::record_sent(store, id, sent_at))
                .await?;
            self.unrecorded.remove(&id);
            tracing::info!(mail = id.0, "mail worker: a sent mail is recorded late");
        }
        Ok(())
    }

    async fn send_due(&mut self, stopping: &AtomicBool) -> Result<(), WorkerError> {
        while !stopping.load(Ordering::Relaxed) {
            let due = self
                .blocking(|store| store::mail::due(store, Timestamp::now(), BATCH))
                .await?;
            if due.is_empty() {
                return Ok(());
            }
            for mail in due {
                if stopping.load(Ordering::Relaxed) {
                    break;
                }
                self.attempt(mail.id).await?;
            }
        }
        Ok(())
    }

    /// One attempt at one mail: claimed before it is sent (not sent when the claim cannot be
    /// written), its outcome recorded after.
    async fn attempt(&mut self, id: MailId) -> Result<(), WorkerError> {
        let (backoff, max_attempts) = (self.backoff, self.max_attempts);
        let claimed = self
            .blocking(move |store| attempt::claim(store, id, backoff, max_attempts))
            .await?;
        let Some(mail) = claimed else {
            return Ok(());
        };
        let result = match message_of(&mail) {
            Ok(message) => {
                let name = format!("{}-{}", mail.id, mail.kind.as_str());
                self.transport.send(&message, &name).await
            }
            Err(err) => Err(err),
        };
        match result {
            Ok(delivery) => {
                let sent_at = Timestamp::now();
                tracing::info!(
                    mail = id.0,
                    kind = mail.kind.as_str(),
                    attempts = mail.attempts,
                    "{delivery}"
                );
                let recorded = self
                    .blocking(move |store| attempt::record_sent(store, id, sent_at))
                    .await;
                if recorded.is_err() {
                    self.unrecorded.insert(id, sent_at);
                }
                recorded
            }
            Err(err) => {
                self.blocking(move |store| attempt::record_failure(store, id, err, backoff, max_attempts))
                    .await
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::{MailRecord, MailStatus};

    /// A mail sent whose `Sent` could not be written (`record_sent` failed, here standing in for
    /// a full disk) is written by the next round and not sent again, even once it is due again.
    #[tokio::test]
    async fn a_sent_mail_not_yet_recorded_is_recorded_by_the_next_round_and_not_sent_again() {
        let (dir, store, id) = attempt::tests::one_queued();
        let outbox = dir.path().join("outbox");
        // No backoff: the claimed mail is due again at once.
        let backoff = Backoff {
            base: Duration::ZERO,
            max: Duration::ZERO,
        };
        attempt::claim(&store, id, backoff, 8).expect("claim").expect("to send");
        let sent_at = Timestamp::now();
        let mut worker = Worker {
            store: store.clone(),
            transport: Transport::File { outbox: outbox.clone() },
            backoff,
            max_attempts: 8,
            unrecorded: BTreeMap::from([(id, sent_at)]),
        };
        assert_eq!(store::mail::due(&store, Timestamp::now(), 10).expect("due").len(), 1);

        assert_eq!(worker.round(&AtomicBool::new(false)).await, IDLE);
        let mail: MailRecord = store::record::get(&store.read().expect("read"), id)
            .expect("readable")
            .expect("stored");
        assert_eq!(
            (mail.status, mail.attempts, mail.sent_at),
            (MailStatus::Sent, 1, Some(sent_at))
        );
        assert!(worker.unrecorded.is_empty());
        assert!(!outbox.exists(), "the mail is not sent a second time");
    }
}
