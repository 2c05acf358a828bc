//! Putting a mail into the outbox: render its templates and record it, inside the caller's
//! write transaction, so the mail is durable exactly when what it announces is.

use super::template::{self, Values};
use super::{MailKind, MailRecord, MailStatus};
use crate::config::Config;
use crate::domain::{Email, MailId, UserId};
use crate::store::WriteTxn;
use crate::store::{self, StoreError};
use jiff::Timestamp;

/// What every mail takes from the configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailContext {
    /// `school.name`, shown in every mail.
    pub school_name: String,
    /// `server.public_url`, the portal's address.
    pub public_url: String,
    /// `mail.from`, the sender.
    pub from: String,
}

impl MailContext {
    /// The context of the configured school.
    pub fn from_config(config: &Config) -> Self {
        Self {
            school_name: config.school.name.clone(),
            public_url: config.server.public_url.trim_end_matches('/').to_owned(),
            from: config.mail.from.clone(),
        }
    }
}

/// A mail to send, before rendering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailDraft {
    pub to: Email,
    /// The recipient's name, for the greeting and the `To:` header.
    pub to_name: Option<String>,
    /// The user the mail concerns (for the per-user history).
    pub user_id: Option<UserId>,
    pub kind: MailKind,
    /// The absolute URL the mail is about (reset link, confirmation link, the portal …).
    pub link: String,
    /// How long the link works, in minutes, when it expires (said in the mail).
    pub valid_minutes: Option<u64>,
    /// What a notification mail says: its title and text.
    pub title: Option<String>,
    pub body: Option<String>,
}

/// Renders `draft` and records it as queued (due now), with its queue and user index entries,
/// in `txn`. Returns the mail id. After the commit, call `Mailer::wake` so it goes out at once.
pub fn enqueue(txn: &WriteTxn, ctx: &MailContext, draft: MailDraft) -> Result<MailId, StoreError> {
    store::mail::insert(txn, compose(ctx, draft))
}

/// Queues a copy of `mail` in `txn`: due now, no attempt made yet, from the sender configured
/// now (`ctx.from`, which may have been corrected since). `mail` itself is left as it was, so
/// the history keeps both. Returns the copy's id. After the commit, call `Mailer::wake`.
pub fn enqueue_copy(txn: &WriteTxn, ctx: &MailContext, mail: &MailRecord) -> Result<MailId, StoreError> {
    let now = Timestamp::now();
    store::mail::insert(
        txn,
        MailRecord {
            from: ctx.from.clone(),
            status: MailStatus::Queued,
            attempts: 0,
            last_error: None,
            created_at: now,
            next_attempt_at: Some(now),
            sent_at: None,
            resent_as: None,
            ..mail.clone()
        },
    )
}

/// The queued record of `draft` (id 0 until stored), with its parts rendered.
pub(crate) fn compose(ctx: &MailContext, draft: MailDraft) -> MailRecord {
    let now = Timestamp::now();
    let to_name = draft
        .to_name
        .map(|name| name.chars().filter(|c| !c.is_control()).collect::<String>());
    let to_name = to_name.filter(|name| !name.trim().is_empty());
    let rendered = template::render(
        draft.kind,
        &Values {
            school: &ctx.school_name,
            site: &ctx.public_url,
            url: &draft.link,
            name: to_name.as_deref(),
            valid_for: draft.valid_minutes.map(template::duration_ru),
            title: draft.title.as_deref(),
            body: draft.body.as_deref(),
        },
    );
    MailRecord {
        id: MailId(0),
        to: draft.to.to_string(),
        to_name,
        user_id: draft.user_id,
        from: ctx.from.clone(),
        kind: draft.kind,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        status: MailStatus::Queued,
        attempts: 0,
        last_error: None,
        created_at: now,
        next_attempt_at: Some(now),
        sent_at: None,
        resent_as: None,
    }
}
