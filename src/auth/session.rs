//! A signed-in session: whose it is, its CSRF token, and when it ends.

use crate::config::Auth;
use crate::domain::UserId;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

/// "Last seen" is written at most this often (a lazy, non-durable write).
const TOUCH_EVERY: SignedDuration = SignedDuration::from_secs(60);

/// A stored session. The key is the SHA-256 of the cookie's token. Its instants are stored as
/// numbers: every request decodes the caller's session, and three RFC 3339 texts cost it ~2.8k
/// instructions to parse.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub user_id: UserId,
    /// The `XSRF-TOKEN` every state-changing request of this session must echo.
    pub csrf_token: String,
    #[serde(with = "crate::domain::instant::millis")]
    pub created_at: Timestamp,
    #[serde(with = "crate::domain::instant::millis")]
    pub last_seen_at: Timestamp,
    /// The absolute end, whatever the activity.
    #[serde(with = "crate::domain::instant::millis")]
    pub expires_at: Timestamp,
    /// "Remember me": no idle timeout, a longer life, a persistent cookie.
    pub remember: bool,
    /// Set while a manager acts as this user ("login as"): the manager's own id.
    #[serde(default)]
    pub impersonator: Option<UserId>,
    /// Set while a manager acts as this user: the session he returns to.
    #[serde(default)]
    pub resume: Option<Resume>,
}

/// What a manager's own session was when he began acting as someone: it continues, with
/// its absolute end, when he returns.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Resume {
    #[serde(with = "crate::domain::instant::millis")]
    pub expires_at: Timestamp,
    pub remember: bool,
}

impl Session {
    /// A new session for `user_id`, starting `now`.
    pub fn start(user_id: UserId, remember: bool, now: Timestamp, rules: &Auth) -> Self {
        let life = if remember {
            SignedDuration::from_hours(24 * rules.remember_days as i64)
        } else {
            SignedDuration::from_hours(rules.session_lifetime_hours as i64)
        };
        Self {
            user_id,
            csrf_token: super::token::new_token(),
            created_at: now,
            last_seen_at: now,
            expires_at: now.saturating_add(life).unwrap_or(now),
            remember,
            impersonator: None,
            resume: None,
        }
    }

    /// A session in which `manager`, signed in with `own`, acts as `user`: no longer than an
    /// ordinary session and never past the end of `own`; idle timeout applies even if `own`
    /// was remembered.
    pub fn acting(user: UserId, manager: UserId, own: &Session, now: Timestamp, rules: &Auth) -> Self {
        let mut session = Self::start(user, false, now, rules);
        session.expires_at = session.expires_at.min(own.expires_at);
        session.impersonator = Some(manager);
        session.resume = Some(own.resume.unwrap_or(Resume {
            expires_at: own.expires_at,
            remember: own.remember,
        }));
        session
    }

    /// The manager's own session again, after acting as someone: it ends when the session he
    /// started acting from would have ended (no fresh lifetime).
    pub fn resumed(manager: UserId, from: Resume, now: Timestamp, rules: &Auth) -> Self {
        let mut session = Self::start(manager, from.remember, now, rules);
        session.expires_at = from.expires_at;
        session
    }

    /// True while the session may be used at `now`.
    pub fn is_live(&self, now: Timestamp, rules: &Auth) -> bool {
        let idle = SignedDuration::from_mins(rules.session_idle_minutes as i64);
        let idle_ok = self.remember || now.duration_since(self.last_seen_at) <= idle;
        now < self.expires_at && idle_ok
    }

    /// True when "last seen" is stale enough to be written again.
    pub fn needs_touch(&self, now: Timestamp) -> bool {
        now.duration_since(self.last_seen_at) >= TOUCH_EVERY
    }

    /// Seconds until the absolute end, for the cookie's Max-Age.
    pub fn seconds_left(&self, now: Timestamp) -> i64 {
        self.expires_at.duration_since(now).as_secs().max(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(mins: i64) -> Timestamp {
        Timestamp::UNIX_EPOCH
            .saturating_add(SignedDuration::from_mins(1_000_000 + mins))
            .expect("time")
    }

    #[test]
    fn idle_and_absolute_limits() {
        let rules = Auth::default();
        let session = Session::start(UserId(1), false, at(0), &rules);
        assert!(session.is_live(at(119), &rules));
        assert!(!session.is_live(at(121), &rules), "idle for more than 120 minutes");
        let mut busy = session.clone();
        busy.last_seen_at = at(12 * 60 - 1);
        assert!(busy.is_live(at(12 * 60 - 1), &rules));
        assert!(
            !busy.is_live(at(12 * 60), &rules),
            "12 hours after sign-in, however busy"
        );
    }

    #[test]
    fn remembered_sessions_last_thirty_days_without_idle_timeout() {
        let rules = Auth::default();
        let session = Session::start(UserId(1), true, at(0), &rules);
        assert!(session.is_live(at(29 * 24 * 60), &rules));
        assert!(!session.is_live(at(30 * 24 * 60), &rules));
        assert_eq!(session.seconds_left(at(0)), 30 * 24 * 3600);
    }

    #[test]
    fn acting_as_someone_keeps_the_managers_absolute_end() {
        let rules = Auth::default();
        let own = Session::start(UserId(1), false, at(0), &rules);
        let acting = Session::acting(UserId(2), UserId(1), &own, at(11 * 60), &rules);
        assert_eq!(acting.expires_at, own.expires_at, "not a fresh 12 hours");
        let back = Session::resumed(UserId(1), acting.resume.expect("resume"), at(11 * 60 + 30), &rules);
        assert_eq!((back.expires_at, back.remember), (own.expires_at, false));

        let remembered = Session::start(UserId(1), true, at(0), &rules);
        let acting = Session::acting(UserId(2), UserId(1), &remembered, at(0), &rules);
        assert!(!acting.remember, "acting as someone has the idle timeout");
        assert_eq!(acting.seconds_left(at(0)), 12 * 3600);
        let back = Session::resumed(UserId(1), acting.resume.expect("resume"), at(60), &rules);
        assert_eq!((back.expires_at, back.remember), (remembered.expires_at, true));
    }

    #[test]
    fn touches_at_most_once_a_minute() {
        let session = Session::start(UserId(1), false, at(0), &Auth::default());
        assert!(!session.needs_touch(at(0)));
        assert!(session.needs_touch(at(1)));
    }
}
