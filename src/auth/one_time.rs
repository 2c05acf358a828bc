//! Single-use tokens sent by mail: password reset and e-mail confirmation.

use crate::domain::UserId;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// What a one-time token allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    PasswordReset,
    VerifyEmail,
}

/// A stored one-time token (the key is the SHA-256 of the token in the mail).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OneTimeToken {
    pub purpose: Purpose,
    pub user_id: UserId,
    pub expires_at: Timestamp,
}

impl OneTimeToken {
    /// True when the token is for `purpose` and has not expired at `now`.
    pub fn allows(&self, purpose: Purpose, now: Timestamp) -> bool {
        self.purpose == purpose && now < self.expires_at
    }
}
