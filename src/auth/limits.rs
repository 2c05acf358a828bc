//! Attempt limits for password checks and password-reset mail.
//!
//! Failed password checks (sign-in, and every check behind a session) are counted per
//! (e-mail, client address), per e-mail over an hour, and per client address. An attempt is
//! counted as failed from the moment it starts and given back when the password was right,
//! so a burst of parallel guesses cannot queue more hashes than the limits allow. The hourly
//! cap per e-mail refuses only addresses that already failed for that e-mail: a stranger
//! guessing cannot lock the owner out.

use crate::config::Auth;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Reset mails to one e-mail: a burst of this many, then one more every `FORGOT_MAIL_EVERY`.
const FORGOT_MAILS_BURST: u32 = 3;
const FORGOT_MAIL_EVERY: Duration = Duration::from_secs(10 * 60);
/// Password-reset requests allowed per client address per minute.
const FORGOT_PER_IP_PER_MINUTE: u32 = 10;
/// Uses and checks of reset links allowed per client address per minute.
const LINKS_PER_IP_PER_MINUTE: u32 = 30;

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

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

/// Recent failures per key, newest last; at most `cap` kept, none older than `window`.
struct Recent<K> {
    cap: usize,
    window: Duration,
    by_key: HashMap<K, VecDeque<Instant>>,
}

impl<K: Hash + Eq + Clone> Recent<K> {
    fn new(cap: u32, window: Duration) -> Self {
        Self {
            cap: cap.max(1) as usize,
            window,
            by_key: HashMap::new(),
        }
    }

    /// The recent failures of `key` (pruned as of `now`).
    fn of(&mut self, key: &K, now: Instant) -> Option<&VecDeque<Instant>> {
        let window = self.window;
        let times = self.by_key.get_mut(key)?;
        times.retain(|at| now.duration_since(*at) < window);
        Some(&*times)
    }

    /// When `key` is full of failures within `within`: how long until the oldest leaves it.
    fn full(&mut self, key: &K, now: Instant, within: Duration) -> Option<Limited> {
        let cap = self.cap;
        let times = self.of(key, now)?;
        let oldest = *times.front()?;
        (times.len() >= cap && now.duration_since(oldest) < within).then(|| Limited {
            retry_after: within - now.duration_since(oldest),
        })
    }

    fn push(&mut self, key: K, at: Instant) {
        let times = self.by_key.entry(key).or_default();
        times.push_back(at);
        while times.len() > self.cap {
            times.pop_front();
        }
    }

    /// Takes back one failure recorded `at` (the password turned out right).
    fn give_back(&mut self, key: &K, at: Instant) {
        if let Some(times) = self.by_key.get_mut(key)
            && let Some(found) = times.iter().rposition(|t| *t == at)
        {
            times.remove(found);
        }
    }

    fn forget_idle(&mut self, now: Instant) {
        let window = self.window;
        self.by_key.retain(|_, times| {
            times.retain(|at| now.duration_since(*at) < window);
            !times.is_empty()
        });
    }
}

/// The failure counters of password checks.
struct Failures {
    /// (e-mail, address): `login_per_minute` a minute; kept an hour to know who failed.
    per_pair: Recent<(String, IpAddr)>,
    /// E-mail: `login_per_hour` an hour, from addresses that failed.
    per_email: Recent<String>,
    /// Address: `login_per_ip_per_minute` a minute, whatever the e-mail.
    per_ip: Recent<IpAddr>,
}

/// The limiters of one running server (kept in memory: a restart forgets them).
pub struct RateLimits {
    failures: Mutex<Failures>,
    forgot_mails: DefaultKeyedRateLimiter<String>,
    forgot_per_ip: DefaultKeyedRateLimiter<IpAddr>,
    links_per_ip: DefaultKeyedRateLimiter<IpAddr>,
}

/// A password check under way, counted as failed until `succeeded` is called.
#[must_use = "an attempt not marked as succeeded counts as a failure"]
pub struct Attempt<'a> {
    limits: &'a RateLimits,
    email: String,
    ip: IpAddr,
    at: Instant,
}

impl Attempt<'_> {
    /// The password was right: the attempt is not a failure.
    pub fn succeeded(self) {
        let mut failures = self.limits.lock();
        let pair = (self.email.clone(), self.ip);
        failures.per_pair.give_back(&pair, self.at);
        failures.per_email.give_back(&self.email, self.at);
        failures.per_ip.give_back(&self.ip, self.at);
    }
}

fn count(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

impl RateLimits {
    /// Limiters with the configured sign-in limits.
    pub fn new(rules: &Auth) -> Self {
        let mail_quota = Quota::with_period(FORGOT_MAIL_EVERY)
            .unwrap_or_else(|| Quota::per_hour(NonZeroU32::MIN))
            .allow_burst(count(FORGOT_MAILS_BURST));
        Self {
            failures: Mutex::new(Failures {
                per_pair: Recent::new(rules.login_per_minute, HOUR),
                per_email: Recent::new(rules.login_per_hour, HOUR),
                per_ip: Recent::new(rules.login_per_ip_per_minute, MINUTE),
            }),
            forgot_mails: DefaultKeyedRateLimiter::keyed(mail_quota),
            forgot_per_ip: DefaultKeyedRateLimiter::keyed(Quota::per_minute(count(FORGOT_PER_IP_PER_MINUTE))),
            links_per_ip: DefaultKeyedRateLimiter::keyed(Quota::per_minute(count(LINKS_PER_IP_PER_MINUTE))),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Failures> {
        // The counters stay consistent even if a holder panicked: every change is one push.
        self.failures.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Starts a password check for `email` from `ip`, or refuses it.
    pub fn attempt(&self, ip: IpAddr, email: &str) -> Result<Attempt<'_>, Limited> {
        let email = email.trim().to_lowercase();
        let ip = ip.to_canonical();
        let now = Instant::now();
        let pair = (email.clone(), ip);
        let mut failures = self.lock();
        if let Some(limited) = failures.per_ip.full(&ip, now, MINUTE) {
            return Err(limited);
        }
        if let Some(limited) = failures.per_pair.full(&pair, now, MINUTE) {
            return Err(limited);
        }
        let failed_here = failures.per_pair.of(&pair, now).is_some_and(|times| !times.is_empty());
        if failed_here && let Some(limited) = failures.per_email.full(&email, now, HOUR) {
            return Err(limited);
        }
        failures.per_pair.push(pair, now);
        failures.per_email.push(email.clone(), now);
        failures.per_ip.push(ip, now);
        Ok(Attempt {
            limits: self,
            email,
            ip,
            at: now,
        })
    }

    /// A password-reset request from `ip`: refused when that address asks too often; otherwise
    /// true when another mail may go to `email` (the answer to the requester is the same
    /// either way, and the links already sent stay valid).
    pub fn forgot(&self, ip: IpAddr, email: &str) -> Result<bool, Limited> {
        check(&self.forgot_per_ip, &ip.to_canonical())?;
        Ok(self.forgot_mails.check_key(&email.trim().to_lowercase()).is_ok())
    }

    /// A use or check of a reset link from `ip`.
    pub fn link(&self, ip: IpAddr) -> Result<(), Limited> {
        check(&self.links_per_ip, &ip.to_canonical())
    }

    /// Forgets keys whose limits have fully recovered (call periodically to bound memory).
    pub fn forget_idle(&self) {
        let now = Instant::now();
        {
            let mut failures = self.lock();
            failures.per_pair.forget_idle(now);
            failures.per_email.forget_idle(now);
            failures.per_ip.forget_idle(now);
        }
        self.forgot_mails.retain_recent();
        self.forgot_per_ip.retain_recent();
        self.links_per_ip.retain_recent();
    }
}

fn check<K: Clone + Hash + Eq>(limiter: &DefaultKeyedRateLimiter<K>, key: &K) -> Result<(), Limited> {
    limiter.check_key(key).map_err(|not_until| Limited {
        retry_after: not_until.wait_time_from(DefaultClock::default().now()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fail(limits: &RateLimits, ip: IpAddr, email: &str) -> Result<(), Limited> {
        limits.attempt(ip, email).map(drop)
    }

    #[test]
    fn the_sixth_failure_in_a_minute_is_refused_for_that_address_only() {
        let limits = RateLimits::new(&Auth::default());
        let (guesser, owner): (IpAddr, IpAddr) = ([10, 0, 0, 1].into(), [10, 0, 0, 9].into());
        for _ in 0..5 {
            assert!(fail(&limits, guesser, "Anna@School.ru").is_ok());
        }
        let refused = fail(&limits, guesser, "anna@school.ru").expect_err("sixth");
        assert!((1..=60).contains(&refused.seconds()));
        assert!(fail(&limits, guesser, "boris@school.ru").is_ok(), "another e-mail");
        limits.attempt(owner, "anna@school.ru").expect("the owner").succeeded();
    }

    #[test]
    fn checks_still_under_way_count_so_a_burst_cannot_queue_hashes() {
        let limits = RateLimits::new(&Auth::default());
        let ip: IpAddr = [10, 0, 0, 4].into();
        let under_way: Vec<Attempt<'_>> = (0..5)
            .map(|_| limits.attempt(ip, "a@school.ru").expect("within the limit"))
            .collect();
        assert!(limits.attempt(ip, "a@school.ru").is_err(), "five hashes already queued");
        under_way.into_iter().for_each(Attempt::succeeded);
        assert!(
            limits.attempt(ip, "a@school.ru").is_ok(),
            "right passwords are given back"
        );
    }

    #[test]
    fn right_passwords_are_not_failures() {
        let limits = RateLimits::new(&Auth::default());
        let ip: IpAddr = [10, 0, 0, 3].into();
        for _ in 0..20 {
            limits.attempt(ip, "a@school.ru").expect("not limited").succeeded();
        }
    }

    #[test]
    fn the_hourly_cap_spares_addresses_without_failures() {
        let rules = Auth {
            login_per_hour: 4,
            ..Auth::default()
        };
        let limits = RateLimits::new(&rules);
        for n in 0..4u8 {
            assert!(fail(&limits, [10, 1, 0, n].into(), "a@school.ru").is_ok());
        }
        let refused = fail(&limits, [10, 1, 0, 0].into(), "a@school.ru").expect_err("a failed address");
        assert!(refused.seconds() > 60, "the hourly cap");
        limits
            .attempt([10, 9, 9, 9].into(), "a@school.ru")
            .expect("a fresh address")
            .succeeded();
    }

    #[test]
    fn one_address_cannot_try_many_accounts() {
        let limits = RateLimits::new(&Auth::default());
        let ip: IpAddr = [10, 0, 0, 2].into();
        let accepted = (0..40)
            .filter(|i| fail(&limits, ip, &format!("u{i}@school.ru")).is_ok())
            .count();
        assert_eq!(accepted, 30);
    }

    #[test]
    fn reset_mails_are_limited_but_the_requester_is_not_refused() {
        let limits = RateLimits::new(&Auth::default());
        let mails: Vec<bool> = (0..5u8)
            .map(|n| limits.forgot([10, 2, 0, n].into(), "a@school.ru").expect("not refused"))
            .collect();
        assert_eq!(mails, [true, true, true, false, false]);
    }
}
