//! Confirming one's e-mail address with a link sent by mail.

use super::journal::{Change, Journal};
use super::{AppState, ServiceError, mail_links};
use crate::auth::{Purpose, token};
use crate::domain::activity::Action;
use crate::mail::MailKind;
use crate::policy::Actor;
use crate::store::{one_time_tokens, users};
use jiff::Timestamp;

/// How long a confirmation link works.
pub const LINK_HOURS: u64 = 48;
/// A confirmation link that is unknown, used or expired.
pub const LINK_INVALID: &str = "Ссылка подтверждения недействительна или устарела";

/// What happened when a confirmation mail was asked for.
#[derive(Debug, PartialEq, Eq)]
pub enum Resend {
    Queued,
    AlreadyConfirmed,
}

/// Queues a confirmation mail for the signed-in user (unless already confirmed).
pub async fn send_link(state: &AppState, actor: &Actor) -> Result<Resend, ServiceError> {
    if actor.user.email_verified_at.is_some() {
        return Ok(Resend::AlreadyConfirmed);
    }
    let user = actor.user.clone();
    let config = state.config.clone();
    state
        .run(move |store| {
            let txn = store.write()?;
            mail_links::queue(&txn, &config, &user, MailKind::VerifyEmail, LINK_HOURS * 60)?;
            txn.commit()?;
            Ok::<_, ServiceError>(())
        })
        .await?;
    state.mailer.wake();
    Ok(Resend::Queued)
}

/// Marks the address of the token's user as confirmed; the token is spent.
pub async fn confirm(state: &AppState, journal: Journal, secret: Option<String>) -> Result<(), ServiceError> {
    let key = token::digest(secret.as_deref().unwrap_or_default());
    state
        .run(move |store| {
            let txn = store.write()?;
            let now = Timestamp::now();
            let spent = one_time_tokens::take(&txn, &key)?.filter(|t| t.allows(Purpose::VerifyEmail, now));
            let user = match spent {
                Some(spent) => users::get(&txn, spent.user_id)?,
                None => None,
            };
            let mut user = user.ok_or_else(|| ServiceError::field("token", LINK_INVALID))?;
            user.email_verified_at.get_or_insert(now);
            users::update(&txn, &user)?;
            let change = Change::on_user(
                Action::EmailVerified,
                &user,
                format!("Подтверждён e-mail {}", user.email),
            );
            journal.record(&txn, change.by_if_anonymous(user.id))?;
            journal.commit(txn)?;
            Ok(())
        })
        .await
}
