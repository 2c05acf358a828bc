//! The durable writes around one attempt at a mail: the claim made before it is sent, and its
//! outcome after; with the retry schedule both follow.

use super::transport::SendError;
use super::{MailRecord, MailStatus};
use crate::domain::MailId;
use crate::store::{self, Store, StoreError};
use jiff::Timestamp;
use std::time::Duration;

/// The last error of a mail whose every attempt is used up while the outcome of the last one
/// was never recorded (the server stopped, or could not write, while it was being sent).
pub const OUTCOME_UNKNOWN: &str =
    "Результат последней попытки не записан (сервер остановился во время отправки); попытки исчерпаны";

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

    /// When a mail whose `attempts`-th attempt starts (or failed) at `now` is due again.
    fn next(&self, now: Timestamp, attempts: u32) -> Timestamp {
        now.checked_add(self.after(attempts)).unwrap_or(now)
    }
}

/// Claims the queued mail `id` for an attempt, in one durable write made before it is sent:
/// counts the attempt and moves its next attempt past the backoff, as if this one failed, so
/// a send whose outcome is never recorded is neither repeated at once nor without end. Returns
/// the claimed mail to send, or `None` when there is nothing to send: the mail is gone, no
/// longer queued, or has used every attempt (then it is marked failed: the last one went
/// unrecorded).
pub fn claim(store: &Store, id: MailId, backoff: Backoff, max_attempts: u32) -> Result<Option<MailRecord>, StoreError> {
    let txn = store.write()?;
    let Some(mut mail) = store::record::get::<MailRecord>(&txn, id)? else {
        return Ok(None);
    };
    if mail.status != MailStatus::Queued {
        return Ok(None);
    }
    let claimed = if mail.attempts >= max_attempts {
        tracing::warn!(
            mail = id.0,
            kind = mail.kind.as_str(),
            attempts = mail.attempts,
            "mail not sent, giving up: the outcome of its last attempt was not recorded"
        );
        mail.status = MailStatus::Failed;
        mail.last_error = Some(OUTCOME_UNKNOWN.to_owned());
        mail.next_attempt_at = None;
        None
    } else {
        mail.attempts = mail.attempts.saturating_add(1);
        mail.next_attempt_at = Some(backoff.next(Timestamp::now(), mail.attempts));
        Some(mail.clone())
    };
    store::mail::update(&txn, &mail)?;
    txn.commit()?;
    Ok(claimed)
}

/// Records that the claimed mail `id` went out at `sent_at`.
pub fn record_sent(store: &Store, id: MailId, sent_at: Timestamp) -> Result<(), StoreError> {
    let txn = store.write()?;
    let Some(mut mail) = store::record::get::<MailRecord>(&txn, id)? else {
        return Ok(());
    };
    if mail.status != MailStatus::Queued {
        return Ok(());
    }
    mail.status = MailStatus::Sent;
    mail.sent_at = Some(sent_at);
    mail.next_attempt_at = None;
    store::mail::update(&txn, &mail)?;
    txn.commit()?;
    Ok(())
}

/// Records that the claimed attempt at mail `id` failed: it is retried after the backoff, or
/// marked failed when trying again cannot help or its attempts are used up.
pub fn record_failure(
    store: &Store,
    id: MailId,
    err: SendError,
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
    let (kind, attempts) = (mail.kind.as_str(), mail.attempts);
    if err.permanent || attempts >= max_attempts {
        tracing::warn!(mail = id.0, kind, attempts, error = %err, "mail not sent, giving up");
        mail.status = MailStatus::Failed;
        mail.next_attempt_at = None;
    } else {
        let retry_in = backoff.after(attempts);
        tracing::warn!(mail = id.0, kind, attempts, ?retry_in, error = %err, "mail not sent, will retry");
        mail.next_attempt_at = Some(backoff.next(Timestamp::now(), attempts));
    }
    mail.last_error = Some(err.message);
    store::mail::update(&txn, &mail)?;
    txn.commit()?;
    Ok(())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::domain::Email;
    use crate::mail::{MailContext, MailDraft, MailKind, compose};

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let backoff = Backoff::default();
        let secs: Vec<u64> = [1, 2, 3, 4, 8, 9, 40, u32::MAX]
            .iter()
            .map(|n| backoff.after(*n).as_secs())
            .collect();
        assert_eq!(secs, [30, 60, 120, 240, 3600, 3600, 3600, 3600]);
    }

    /// A store in a temporary directory holding one queued mail.
    pub(in crate::mail) fn one_queued() -> (tempfile::TempDir, Store, MailId) {
        let dir = tempfile::tempdir().expect("dir");
        let store = Store::open(dir.path(), 1).expect("store");
        let ctx = MailContext {
            school_name: "Школа".into(),
            public_url: "http://school.local".into(),
            from: "noreply@school.ru".into(),
        };
        let draft = MailDraft {
            to: Email::parse("anna@school.ru").expect("address"),
            to_name: None,
            user_id: None,
            kind: MailKind::PasswordReset,
            link: "http://school.local/reset".into(),
            valid_minutes: None,
            title: None,
            body: None,
        };
        let txn = store.write().expect("write");
        let id = store::mail::insert(&txn, compose(&ctx, draft)).expect("insert");
        txn.commit().expect("commit");
        (dir, store, id)
    }

    fn stored(store: &Store, id: MailId) -> MailRecord {
        store::record::get(&store.read().expect("read"), id)
            .expect("readable")
            .expect("stored")
    }

    #[test]
    fn a_claim_counts_the_attempt_and_takes_the_mail_off_the_queue_for_the_backoff() {
        let (_dir, store, id) = one_queued();
        let backoff = Backoff {
            base: Duration::from_secs(60),
            max: Duration::from_secs(600),
        };
        let before = Timestamp::now();
        let claimed = claim(&store, id, backoff, 3).expect("claim").expect("to send");
        let mail = stored(&store, id);
        assert_eq!(claimed, mail);
        assert_eq!(
            (mail.status, mail.attempts, mail.last_error),
            (MailStatus::Queued, 1, None)
        );
        let next = mail.next_attempt_at.expect("still queued");
        assert!(next >= before.checked_add(backoff.after(1)).expect("time"), "{next}");
        // Nothing claimed is due again before its backoff, however often the worker looks.
        let due = store::mail::due(&store, Timestamp::now(), 10).expect("due");
        assert!(due.is_empty(), "{due:?}");

        // An outcome does not count the attempt a second time.
        record_failure(
            &store,
            id,
            SendError {
                message: "451".into(),
                permanent: false,
            },
            backoff,
            3,
        )
        .expect("failure");
        assert_eq!(stored(&store, id).attempts, 1);
        claim(&store, id, backoff, 3).expect("claim").expect("to send");
        let sent_at = Timestamp::now();
        record_sent(&store, id, sent_at).expect("sent");
        let mail = stored(&store, id);
        assert_eq!((mail.status, mail.attempts), (MailStatus::Sent, 2));
        assert_eq!((mail.sent_at, mail.next_attempt_at), (Some(sent_at), None));
        assert_eq!(
            claim(&store, id, backoff, 3).expect("claim"),
            None,
            "a sent mail is not sent again"
        );
    }

    #[test]
    fn a_mail_whose_last_attempt_went_unrecorded_is_not_sent_past_its_attempts() {
        let (_dir, store, id) = one_queued();
        let backoff = Backoff {
            base: Duration::ZERO,
            max: Duration::ZERO,
        };
        // Two claims whose outcome never got written (the server stopped mid-send, say).
        for _ in 0..2 {
            claim(&store, id, backoff, 2).expect("claim").expect("to send");
        }
        assert_eq!(claim(&store, id, backoff, 2).expect("claim"), None);
        let mail = stored(&store, id);
        assert_eq!((mail.status, mail.attempts), (MailStatus::Failed, 2));
        assert_eq!(mail.last_error.as_deref(), Some(OUTCOME_UNKNOWN));
        assert_eq!(mail.next_attempt_at, None);
    }
}
