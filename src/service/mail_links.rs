//! Mails that carry a single-use link: password reset, first password, e-mail confirmation.

use super::ServiceError;
use crate::auth::{OneTimeToken, Purpose, token};
use crate::config::Config;
use crate::domain::User;
use crate::mail::{self, MailContext, MailDraft, MailKind};
use crate::store::WriteTxn;
use crate::store::one_time_tokens;
use jiff::{SignedDuration, Timestamp};

/// Stores a token for `user` and queues the mail of `kind` with its link, in `txn`.
/// The caller commits, then wakes the mailer.
pub fn queue(txn: &WriteTxn, config: &Config, user: &User, kind: MailKind, minutes: u64) -> Result<(), ServiceError> {
    let secret = token::new_token();
    let purpose = match kind {
        MailKind::VerifyEmail => Purpose::VerifyEmail,
        _ => Purpose::PasswordReset,
    };
    let expires_at = Timestamp::now() + SignedDuration::from_mins(minutes as i64);
    one_time_tokens::insert(
        txn,
        &token::digest(&secret),
        &OneTimeToken {
            purpose,
            user_id: user.id,
            expires_at,
        },
    )?;
    let base = config.server.public_url.trim_end_matches('/');
    let link = match purpose {
        Purpose::VerifyEmail => format!("{base}/verify-email?token={secret}"),
        Purpose::PasswordReset => {
            format!(
                "{base}/auth/reset-password?token={secret}&email={}",
                url_encode(user.email.as_str())
            )
        }
    };
    let draft = MailDraft {
        to: user.email.clone(),
        to_name: Some(user.full_name()),
        user_id: Some(user.id),
        kind,
        link,
        valid_minutes: Some(minutes),
        title: None,
        body: None,
    };
    mail::enqueue(txn, &MailContext::from_config(config), draft)?;
    Ok(())
}

/// Percent-encodes a query value.
fn url_encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
