//! Password hashing on a few dedicated threads: at most N hashes at once, the rest wait their
//! turn, so a burst of sign-ins cannot starve other requests of CPU. Dedicated threads also
//! bound memory: each hash takes 19 MiB, and the allocator keeps that much per thread that ever
//! hashed; on tokio's blocking pool (hundreds of threads) a burst of sign-ins grew the process
//! to gigabytes.

use crate::domain::{Password, PasswordHash};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads.
#[derive(Clone)]
pub struct HashPool {
    jobs: Sender<Job>,
}

impl HashPool {
    /// Starts `workers` hashing threads.
    pub fn new(workers: usize) -> Self {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..workers.max(1) {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("klass-hash-{n}"))
                .spawn(move || work(&queue));
            if let Err(err) = spawned {
                tracing::error!(%err, "could not start a password hashing thread");
            }
        }
        Self { jobs }
    }

    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> T {
        let (done, result) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(work());
        });
        // A failed hash panics here, in the request, which becomes a logged 500.
        self.jobs
            .send(job)
            .unwrap_or_else(|_| panic!("password hashing threads are gone"));
        result.await.unwrap_or_else(|_| panic!("password hashing failed"))
    }

    /// Hashes a new password.
    pub async fn hash(&self, password: Password) -> PasswordHash {
        self.run(move || password.hash()).await
    }

    /// Checks `candidate` against `hash`, or against nobody's hash when there is no user (an
    /// unknown address takes as long as a wrong password).
    pub async fn verify(&self, hash: Option<PasswordHash>, candidate: String) -> bool {
        self.run(move || match hash {
            Some(hash) => hash.verify(&candidate),
            None => {
                PasswordHash::nobodys().verify(&candidate);
                false
            }
        })
        .await
    }
}

/// One hashing thread: takes jobs until the pool is dropped.
fn work(queue: &Mutex<Receiver<Job>>) {
    loop {
        let job = match queue.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        match job {
            // A job that panics loses its answer, not the thread.
            Ok(job) => drop(std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))),
            Err(_) => return,
        }
    }
}
