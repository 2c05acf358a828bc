//! Confirming one's e-mail address with a link sent by mail.

use super::passwords::url_encode;
use super::{AppState, ServiceError};
use crate::auth::{OneTimeToken, Purpose, token};
use crate::mail::{self, MailContext, MailDraft, MailKind};
use crate::policy::Actor;
use crate::store::{one_time_tokens, users};
use jiff::{SignedDuration, Timestamp};

/// How long a confirmation link works.
const LINK_HOURS: i64 = 48;
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
            let secret = token::new_token();
            let expires_at = Timestamp::now() + SignedDuration::from_hours(LINK_HOURS);
            let record = OneTimeToken {
                purpose: Purpose::VerifyEmail,
                user_id: user.id,
                expires_at,
            };
            one_time_tokens::insert(&txn, &token::digest(&secret), &record)?;
            let base = config.server.public_url.trim_end_matches('/');
            let draft = MailDraft {
                to: user.email.clone(),
                to_name: Some(user.full_name()),
                user_id: Some(user.id),
                kind: MailKind::VerifyEmail,
                link: format!("{base}/verify-email?token={}", url_encode(&secret)),
                valid_minutes: Some(LINK_HOURS as u64 * 60),
            };
            mail::enqueue(&txn, &MailContext::from_config(&config), draft)?;
            txn.commit()?;
            Ok::<_, ServiceError>(())
        })
        .await?;
    state.mailer.wake();
    Ok(Resend::Queued)
}

/// Marks the address of the token's user as confirmed; the token is spent.
pub async fn confirm(state: &AppState, secret: Option<String>) -> Result<(), ServiceError> {
    let key = token::digest(secret.as_deref().unwrap_or_default());
    state
        .run(move |store| {
            let txn = store.write()?;
            let now = Timestamp::now();
            let spent = one_time_tokens::take(&txn, &key)?.filter(|t| t.allows(Purpose::VerifyEmail, now));
            let user = match spent {
                Some(spent) => users::get_in(&txn, spent.user_id)?,
                None => None,
            };
            let mut user = user.ok_or_else(|| ServiceError::field("token", LINK_INVALID))?;
            user.email_verified_at.get_or_insert(now);
            users::update(&txn, &user)?;
            txn.commit()?;
            Ok(())
        })
        .await
}
