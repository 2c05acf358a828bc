//! Password hashing on a bounded pool: at most N hashes at once, the rest wait their turn, so
//! a burst of sign-ins cannot starve other requests of CPU or memory (19 MiB per hash).

use crate::domain::{Password, PasswordHash};
use std::sync::{Arc, LazyLock};
use tokio::sync::Semaphore;

/// A hash of a password nobody has, verified when the e-mail is unknown so that an unknown
/// address and a wrong password take the same time.
static DUMMY: LazyLock<PasswordHash> = LazyLock::new(|| Password::generate().hash());

/// The bounded hashing pool.
#[derive(Clone)]
pub struct HashPool {
    permits: Arc<Semaphore>,
}

impl HashPool {
    /// A pool computing at most `workers` hashes at once.
    pub fn new(workers: usize) -> Self {
        LazyLock::force(&DUMMY);
        Self {
            permits: Arc::new(Semaphore::new(workers.max(1))),
        }
    }

    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> T {
        // The semaphore is never closed, so acquiring only waits.
        let _permit = self
            .permits
            .acquire()
            .await
            .unwrap_or_else(|_| unreachable!("semaphore closed"));
        match tokio::task::spawn_blocking(work).await {
            Ok(value) => value,
            Err(err) => std::panic::resume_unwind(err.into_panic()),
        }
    }

    /// Hashes a new password.
    pub async fn hash(&self, password: Password) -> PasswordHash {
        self.run(move || password.hash()).await
    }

    /// Checks `candidate` against `hash`, or against the dummy hash when there is no user.
    pub async fn verify(&self, hash: Option<PasswordHash>, candidate: String) -> bool {
        self.run(move || match hash {
            Some(hash) => hash.verify(&candidate),
            None => {
                DUMMY.verify(&candidate);
                false
            }
        })
        .await
    }
}
