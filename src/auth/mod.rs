//! Sign-in machinery: session and one-time tokens, CSRF tokens, attempt limits and the
//! bounded pool that computes password hashes.

pub mod csrf;
pub mod hash_pool;
pub mod limits;
pub mod one_time;
pub mod session;
pub mod token;

pub use hash_pool::HashPool;
pub use limits::{Limited, RateLimits};
pub use one_time::{OneTimeToken, Purpose};
pub use session::{Resume, Session};
