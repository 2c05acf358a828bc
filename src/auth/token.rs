//! Random secret tokens, their stored form (SHA-256) and constant-time comparison.

use sha2::{Digest, Sha256};

/// A fresh random token: 32 bytes as 64 lowercase hex characters.
pub fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// The stored form of a token: only its SHA-256 is kept, so the database opens nothing.
pub fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Compares two secrets in time that depends only on their lengths.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_digests_stable() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(digest(&a), digest(&a));
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
    }
}
