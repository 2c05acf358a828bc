//! The last verdict on whether the database can be written and read, so the health check
//! probes it at most every few seconds instead of on every request — and at once after any I/O
//! failure, so a database known to be bad is reported without delay.

use super::error::io_failures;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long a good probe is trusted while no I/O failure happens.
const TRUSTED_FOR: Duration = Duration::from_secs(5);

pub(super) struct Verdict {
    epoch: Instant,
    /// When the last good probe finished, in milliseconds after `epoch` plus one; 0 while the
    /// last probe failed (or none was made).
    good_at: AtomicU64,
    /// The process's count of I/O failures when that probe began.
    failures: AtomicU64,
}

impl Default for Verdict {
    fn default() -> Self {
        Self {
            epoch: Instant::now(),
            good_at: AtomicU64::new(0),
            failures: AtomicU64::new(0),
        }
    }
}

impl Verdict {
    /// Whether a recent probe found the database usable and nothing failed since.
    pub fn trusted(&self) -> bool {
        let good_at = self.good_at.load(Ordering::Acquire);
        good_at != 0
            && self.failures.load(Ordering::Acquire) == io_failures()
            && self.millis().saturating_sub(good_at) < TRUSTED_FOR.as_millis() as u64
    }

    /// Runs `probe` and remembers its verdict.
    pub fn probe<E>(&self, probe: impl FnOnce() -> Result<(), E>) -> Result<(), E> {
        let failures = io_failures();
        let result = probe();
        if result.is_ok() {
            self.failures.store(failures, Ordering::Release);
            self.good_at.store(self.millis(), Ordering::Release);
        } else {
            self.good_at.store(0, Ordering::Release);
        }
        result
    }

    fn millis(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_good_probe_is_trusted_a_failed_one_is_not() {
        let verdict = Verdict::default();
        assert!(!verdict.trusted(), "nothing probed yet");
        verdict.probe(|| Ok::<_, ()>(())).expect("good");
        assert!(verdict.trusted());
        verdict.probe(|| Err(())).expect_err("bad");
        assert!(!verdict.trusted(), "a failed probe is asked again at the next check");
    }
}
