//! Attempt limits for sign-in and password reset, per e-mail and per client address.

use crate::config::Auth;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

/// Password-reset requests allowed per e-mail per hour, and per client address per minute.
const FORGOT_PER_EMAIL_PER_HOUR: u32 = 5;
const FORGOT_PER_IP_PER_MINUTE: u32 = 10;

/// A refused attempt: try again after this long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    pub retry_after: Duration,
}

impl Limited {
    /// Whole seconds to wait, at least 1 (for `Retry-After` and the message).
    pub fn seconds(&self) -> u64 {
        self.retry_after.as_secs_f64().ceil().max(1.0) as u64
    }
}

/// The limiters of one running server (kept in memory: a restart forgets them).
pub struct RateLimits {
    login_per_email_minute: DefaultKeyedRateLimiter<String>,
    login_per_email_hour: DefaultKeyedRateLimiter<String>,
    login_per_ip: DefaultKeyedRateLimiter<IpAddr>,
    forgot_per_email: DefaultKeyedRateLimiter<String>,
    forgot_per_ip: DefaultKeyedRateLimiter<IpAddr>,
}

fn count(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

impl RateLimits {
    /// Limiters with the configured sign-in limits.
    pub fn new(rules: &Auth) -> Self {
        Self {
            login_per_email_minute: DefaultKeyedRateLimiter::keyed(Quota::per_minute(count(rules.login_per_minute))),
            login_per_email_hour: DefaultKeyedRateLimiter::keyed(Quota::per_hour(count(rules.login_per_hour))),
            login_per_ip: DefaultKeyedRateLimiter::keyed(Quota::per_minute(count(rules.login_per_ip_per_minute))),
            forgot_per_email: DefaultKeyedRateLimiter::keyed(Quota::per_hour(count(FORGOT_PER_EMAIL_PER_HOUR))),
            forgot_per_ip: DefaultKeyedRateLimiter::keyed(Quota::per_minute(count(FORGOT_PER_IP_PER_MINUTE))),
        }
    }

    /// Counts a sign-in attempt for this address and e-mail.
    pub fn login(&self, ip: IpAddr, email: &str) -> Result<(), Limited> {
        let email = email.trim().to_lowercase();
        check(&self.login_per_ip, &ip)?;
        check(&self.login_per_email_minute, &email)?;
        check(&self.login_per_email_hour, &email)
    }

    /// Counts a password-reset request for this address and e-mail.
    pub fn forgot(&self, ip: IpAddr, email: &str) -> Result<(), Limited> {
        check(&self.forgot_per_ip, &ip)?;
        check(&self.forgot_per_email, &email.trim().to_lowercase())
    }

    /// Forgets keys whose limits have fully recovered (call periodically to bound memory).
    pub fn forget_idle(&self) {
        self.login_per_email_minute.retain_recent();
        self.login_per_email_hour.retain_recent();
        self.login_per_ip.retain_recent();
        self.forgot_per_email.retain_recent();
        self.forgot_per_ip.retain_recent();
    }
}

fn check<K: Clone + std::hash::Hash + Eq>(limiter: &DefaultKeyedRateLimiter<K>, key: &K) -> Result<(), Limited> {
    limiter.check_key(key).map_err(|not_until| Limited {
        retry_after: not_until.wait_time_from(DefaultClock::default().now()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sixth_attempt_in_a_minute_is_refused_per_email_not_for_others() {
        let limits = RateLimits::new(&Auth::default());
        let ip: IpAddr = [10, 0, 0, 1].into();
        for _ in 0..5 {
            assert!(limits.login(ip, "Anna@School.ru").is_ok());
        }
        let refused = limits.login(ip, "anna@school.ru").expect_err("sixth");
        assert!((1..=60).contains(&refused.seconds()));
        assert!(limits.login(ip, "boris@school.ru").is_ok());
    }

    #[test]
    fn one_address_cannot_try_many_accounts() {
        let limits = RateLimits::new(&Auth::default());
        let ip: IpAddr = [10, 0, 0, 2].into();
        let accepted = (0..40)
            .filter(|i| limits.login(ip, &format!("u{i}@school.ru")).is_ok())
            .count();
        assert_eq!(accepted, 30);
    }
}
