//! A mail as the outbox and the history keep it: recipient, rendered parts, status, attempts.
//! Here, not in `mail`, so the store keeps it without importing the mail service.

use super::{MailId, UserId};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// What a mail is for; decides its template.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailKind {
    /// A link to set a new password after "forgot password".
    PasswordReset,
    /// A link that confirms the user's e-mail address.
    VerifyEmail,
    /// A manager invites a new user to set a password.
    SetPassword,
    /// A test mail sent by an administrator.
    Test,
    /// A notification the person chose to get by mail too.
    Notification,
}

impl MailKind {
    /// Every kind, in the order the UI lists them.
    pub const ALL: [MailKind; 5] = [
        MailKind::PasswordReset,
        MailKind::VerifyEmail,
        MailKind::SetPassword,
        MailKind::Test,
        MailKind::Notification,
    ];

    /// The stored (and API) name, also the template file stem.
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::PasswordReset => "password_reset",
            MailKind::VerifyEmail => "verify_email",
            MailKind::SetPassword => "set_password",
            MailKind::Test => "test",
            MailKind::Notification => "notification",
        }
    }

    /// The Russian title shown in the mail history.
    pub fn title(self) -> &'static str {
        match self {
            MailKind::PasswordReset => "Сброс пароля",
            MailKind::VerifyEmail => "Подтверждение e-mail",
            MailKind::SetPassword => "Установка пароля",
            MailKind::Test => "Проверка почты",
            MailKind::Notification => "Уведомление",
        }
    }
}

/// Where a mail is on its way out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailStatus {
    /// Waiting for its (next) attempt.
    Queued,
    /// Handed to the transport (mail server or outbox file).
    Sent,
    /// Given up: attempts exhausted, a permanent refusal, or sending is switched off.
    Failed,
}

impl MailStatus {
    /// The Russian title shown in the mail history.
    pub fn title(self) -> &'static str {
        match self {
            MailStatus::Queued => "В очереди",
            MailStatus::Sent => "Отправлено",
            MailStatus::Failed => "Не отправлено",
        }
    }
}

/// A stored mail. Fields added later carry `#[serde(default)]` so older records still load.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MailRecord {
    pub id: MailId,
    /// The recipient's address.
    pub to: String,
    /// The recipient's name, shown beside the address.
    pub to_name: Option<String>,
    /// The user the mail concerns, when there is one.
    pub user_id: Option<UserId>,
    /// The sender as `Name <address>` when the mail was queued.
    pub from: String,
    pub kind: MailKind,
    pub subject: String,
    /// The plain-text part.
    pub text: String,
    /// The HTML part.
    pub html: String,
    pub status: MailStatus,
    /// Attempts made so far (successful or not).
    pub attempts: u32,
    /// Why the last attempt failed, short and without secrets.
    pub last_error: Option<String>,
    pub created_at: Timestamp,
    /// When the worker tries next; `None` once the mail is sent or failed.
    pub next_attempt_at: Option<Timestamp>,
    pub sent_at: Option<Timestamp>,
    /// The copy queued when a manager sent this failed mail again («Отправить ещё раз»).
    #[serde(default)]
    pub resent_as: Option<MailId>,
}

/// Which mails the history shows; every set field must match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MailFilter {
    pub status: Option<MailStatus>,
    pub kind: Option<MailKind>,
    /// A piece of the recipient (address or name) or of the subject, any case.
    pub search: Option<String>,
    pub user_id: Option<UserId>,
}

impl MailFilter {
    /// Whether `mail` passes the filter (`needle` is the lower-cased search text).
    pub(crate) fn matches(&self, mail: &MailRecord, needle: Option<&str>) -> bool {
        let found = |text: &str| needle.is_none_or(|n| text.to_lowercase().contains(n));
        self.status.is_none_or(|s| s == mail.status)
            && self.kind.is_none_or(|k| k == mail.kind)
            && self.user_id.is_none_or(|u| Some(u) == mail.user_id)
            && (found(&mail.to) || mail.to_name.as_deref().is_some_and(found) || found(&mail.subject))
    }

    /// The lower-cased search text, or `None` when it is missing or blank.
    pub(crate) fn needle(&self) -> Option<String> {
        self.search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_lowercase)
    }
}
