//! The mail history as the manager's page shows it: filtered, newest first, one page at a time;
//! and a mail that was not sent, put back into the outbox (once, and never one with a link that
//! may have expired).

use super::journal::{Change, Journal};
use super::{AppState, FieldErrors, ServiceError};
use crate::domain::activity::{Action, Entity};
use crate::domain::mail::{MailFilter, MailKind, MailRecord, MailStatus};
use crate::domain::{MailId, Page, PageRequest};
use crate::mail::{self, MailContext};
use crate::store::{self, Store, record};

/// One page of the mails passing `filter`, newest first (`filter.user_id` uses the per-user
/// index).
pub fn page(store: &Store, filter: &MailFilter, page: PageRequest) -> Result<Page<MailRecord>, ServiceError> {
    Ok(store::mail::history(store, filter, page)?)
}

/// Queues a copy of the mail `id` that was not sent, from the sender configured now, marks the
/// failed mail as sent again and logs it (`journal`); the history keeps the failed mail.
/// Returns the copy's id. Not found for an unknown id; invalid for a mail that is queued or was
/// sent, and for one `resend_refusal` refuses.
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
            if let Some(refusal) = resend_refusal(&mail) {
                return Err(FieldErrors::one("id", refusal));
            }
            let copy = mail::enqueue_copy(&txn, &ctx, &mail)?;
            store::mail::update(
                &txn,
                &MailRecord {
                    resent_as: Some(copy),
                    ..mail.clone()
                },
            )?;
            journal.commit_change(txn, resent(&mail))?;
            Ok(copy)
        })
        .await?;
    state.mailer.wake();
    Ok(copy)
}

/// Why a failed `mail` may not be sent again, or `None` when it may: a link it carries may have
/// expired or been replaced since (a new one is sent instead), or it was sent again already
/// (its copy is the row to send again, should that fail too).
pub fn resend_refusal(mail: &MailRecord) -> Option<&'static str> {
    if mail.resent_as.is_some() {
        return Some("Это письмо уже отправлено ещё раз");
    }
    match mail.kind {
        MailKind::PasswordReset | MailKind::SetPassword => Some(
            "Ссылка в этом письме могла устареть: отправьте новую со страницы человека («Пароль» → «Отправить ссылку»)",
        ),
        MailKind::VerifyEmail => Some(
            "Ссылка в этом письме могла устареть: человек получит новую, если войдёт в портал и нажмёт «Отправить письмо ещё раз»",
        ),
        MailKind::Test | MailKind::Notification => None,
    }
}

/// The log entry of `mail` sent again: under its person, when it has one.
fn resent(mail: &MailRecord) -> Change {
    let summary = format!("Повторная отправка письма «{}» на {}", mail.subject, mail.to);
    match mail.user_id {
        Some(user) => Change::new(Action::MailResent, Entity::User, Some(user.0), summary).concerning([user]),
        None => Change::new(Action::MailResent, Entity::Server, None, summary),
    }
}
