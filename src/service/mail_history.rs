//! The mail history as the manager's page shows it: filtered, newest first, one page at a time;
//! and a mail that was not sent, put back into the outbox.

use super::journal::{Change, Journal};
use super::{AppState, FieldErrors, ServiceError};
use crate::domain::activity::{Action, Entity};
use crate::domain::mail::{MailFilter, MailRecord, MailStatus};
use crate::domain::{MailId, Page, PageRequest};
use crate::mail::{self, MailContext};
use crate::store::{self, Store, record};

/// One page of the mails passing `filter`, newest first (`filter.user_id` uses the per-user
/// index).
pub fn page(store: &Store, filter: &MailFilter, page: PageRequest) -> Result<Page<MailRecord>, ServiceError> {
    Ok(store::mail::history(store, filter, page)?)
}

/// Queues a copy of the mail `id` that was not sent, from the sender configured now, and logs
/// it (`journal`); the mail that failed stays in the history as it was. Returns the copy's id.
/// Not found for an unknown id; invalid for a mail that is queued or was sent.
pub async fn resend(state: &AppState, journal: Journal, id: MailId) -> Result<MailId, ServiceError> {
    let ctx = MailContext::from_config(&state.config);
    let copy = state
        .run(move |store| {
            let txn = store.write()?;
            let mail = record::get::<MailRecord>(&txn, id)?
                .ok_or_else(|| ServiceError::NotFound("Письмо не найдено".into()))?;
            if mail.status != MailStatus::Failed {
                return Err(FieldErrors::one(
                    "id",
                    "Отправить ещё раз можно только письмо, которое не отправлено",
                ));
            }
            let copy = mail::enqueue_copy(&txn, &ctx, &mail)?;
            journal.commit_change(txn, resent(&mail))?;
            Ok(copy)
        })
        .await?;
    state.mailer.wake();
    Ok(copy)
}

/// The log entry of `mail` sent again: under its person, when it has one.
fn resent(mail: &MailRecord) -> Change {
    let summary = format!("Повторная отправка письма «{}» на {}", mail.subject, mail.to);
    match mail.user_id {
        Some(user) => Change::new(Action::MailResent, Entity::User, Some(user.0), summary).concerning([user]),
        None => Change::new(Action::MailResent, Entity::Server, None, summary),
    }
}
