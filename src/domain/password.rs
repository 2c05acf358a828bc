//! Passwords: the length rule and argon2id hashing with OWASP's parameters.

use argon2::password_hash::phc::PasswordHash as PhcHash;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Shortest password accepted, in characters.
pub const MIN_PASSWORD_LEN: usize = 8;
/// Longest password accepted, in characters; never truncated.
pub const MAX_PASSWORD_LEN: usize = 128;

/// A password that meets the length rule. Its text never appears in `Debug`.
#[derive(Clone)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

/// Why a password is refused; the message is shown to the user.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InvalidPassword {
    #[error("Пароль должен быть не короче {MIN_PASSWORD_LEN} символов")]
    TooShort,
    #[error("Пароль должен быть не длиннее {MAX_PASSWORD_LEN} символов")]
    TooLong,
}

impl Password {
    /// Checks the length rule (counted in characters, so Cyrillic counts as one each).
    pub fn parse(raw: &str) -> Result<Self, InvalidPassword> {
        match raw.chars().count() {
            n if n < MIN_PASSWORD_LEN => Err(InvalidPassword::TooShort),
            n if n > MAX_PASSWORD_LEN => Err(InvalidPassword::TooLong),
            _ => Ok(Self(raw.to_owned())),
        }
    }

    /// A random password of 16 letters and digits without look-alikes (0/O, 1/l/I).
    pub fn generate() -> Self {
        const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
        let mut rng = rand::rng();
        let text = (0..16)
            .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
            .collect();
        Self(text)
    }

    /// The password's text, for showing once to the person who set it.
    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// Hashes with argon2id (19 MiB, 2 iterations, 1 lane: the crate's defaults are OWASP's).
    /// CPU-heavy (~30 ms): call it from a blocking pool, never on the async runtime.
    pub fn hash(&self) -> PasswordHash {
        let hash = Argon2::default()
            .hash_password(self.0.as_bytes())
            .map(|phc: PhcHash| phc.to_string())
            // Hashing only fails for out-of-range parameters, and the defaults are in range.
            .unwrap_or_else(|err| unreachable!("argon2 with default parameters failed: {err}"));
        PasswordHash(hash)
    }
}

/// A stored password hash in PHC string form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PasswordHash(String);

impl PasswordHash {
    /// True when `candidate` is the password this hash was made from. Constant-time inside argon2.
    pub fn verify(&self, candidate: &str) -> bool {
        PhcHash::new(&self.0)
            .map(|parsed| Argon2::default().verify_password(candidate.as_bytes(), &parsed).is_ok())
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_rule_counts_characters() {
        assert_eq!(
            Password::parse("1234567").expect_err("refused"),
            InvalidPassword::TooShort
        );
        assert!(Password::parse("пароль12").is_ok());
        assert_eq!(
            Password::parse(&"я".repeat(129)).expect_err("refused"),
            InvalidPassword::TooLong
        );
        assert!(Password::parse(&"я".repeat(128)).is_ok());
    }

    #[test]
    fn hash_verifies_only_the_same_password() {
        let password = Password::parse("верный-пароль").expect("valid");
        let hash = password.hash();
        assert!(hash.verify("верный-пароль"));
        assert!(!hash.verify("неверный-пароль"));
        assert!(!PasswordHash("garbage".into()).verify("верный-пароль"));
    }

    #[test]
    fn generated_passwords_are_valid_and_differ() {
        let (a, b) = (Password::generate(), Password::generate());
        assert!(Password::parse(a.reveal()).is_ok());
        assert_ne!(a.reveal(), b.reveal());
    }
}
