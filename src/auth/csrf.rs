//! CSRF tokens of visitors who are not signed in yet: random, signed with the server key so
//! only tokens this server issued are accepted. Signed-in sessions carry their own token.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The cookie the UI reads (not HttpOnly) and echoes in the header.
pub const COOKIE: &str = "XSRF-TOKEN";
/// The header that carries the token back.
pub const HEADER: &str = "x-xsrf-token";
/// The answer to a missing or wrong token (Laravel's wording, which clients expect).
pub const MISMATCH: &str = "CSRF token mismatch.";

fn mac(key: &[u8; 32], nonce: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).unwrap_or_else(|_| unreachable!("HMAC takes any key"));
    mac.update(nonce.as_bytes());
    mac
}

/// A new anonymous token: `nonce.signature`.
pub fn issue_anonymous(key: &[u8; 32]) -> String {
    let nonce = hex::encode(rand::random::<[u8; 16]>());
    let signature = hex::encode(mac(key, &nonce).finalize().into_bytes());
    format!("{nonce}.{signature}")
}

/// True when `token` was issued by this server (checked in constant time).
pub fn is_valid_anonymous(key: &[u8; 32], token: &str) -> bool {
    let Some((nonce, signature)) = token.split_once('.') else {
        return false;
    };
    let Ok(signature) = hex::decode(signature) else {
        return false;
    };
    mac(key, nonce).verify_slice(&signature).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_signatures_pass() {
        let key = [7u8; 32];
        let token = issue_anonymous(&key);
        assert!(is_valid_anonymous(&key, &token));
        assert!(!is_valid_anonymous(&[8u8; 32], &token));
        assert!(!is_valid_anonymous(&key, "abc.def"));
        assert!(!is_valid_anonymous(&key, "no-dot"));
        assert_ne!(issue_anonymous(&key), token);
    }
}
