//! Passwords: the length rule and argon2id hashing with OWASP's parameters.

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash as PhcHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
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
        let params = Params::default();
        let salt: [u8; 16] = rand::random();
        let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        // Hashing only fails for out-of-range parameters, and the defaults are in range.
        let phc = compute(&argon, self.0.as_bytes(), &salt, &mut out)
            .map_err(|err| err.to_string())
            .and_then(|()| {
                Ok(PhcHash {
                    algorithm: Algorithm::Argon2id.ident(),
                    version: Some(Version::V0x13.into()),
                    params: ParamsString::try_from(&params).map_err(|err| err.to_string())?,
                    salt: Some(Salt::new(&salt).map_err(|err| err.to_string())?),
                    hash: Some(Output::new(&out).map_err(|err| err.to_string())?),
                })
            })
            .unwrap_or_else(|err| unreachable!("argon2 with default parameters failed: {err}"));
        PasswordHash(phc.to_string())
    }
}

/// Blocks of argon2 working memory asked for per hash: 33 MiB, above the most glibc ever lets
/// its mmap threshold rise to (32 MiB), so the buffer is its own mapping, returned to the
/// system when the hash is done. Only the 19 MiB argon2 uses are ever touched.
const MAPPED_BLOCKS: usize = 33 * 1024 * 1024 / Block::SIZE;

/// Runs argon2 in working memory of its own mapping. With argon2's own allocation glibc kept
/// the freed 19 MiB per thread and arena: a burst of sign-ins grew the process past 250 MB.
fn compute(argon: &Argon2<'_>, password: &[u8], salt: &[u8], out: &mut [u8]) -> Result<(), argon2::Error> {
    let needed = argon.params().block_count();
    let mut blocks = Vec::with_capacity(needed.max(MAPPED_BLOCKS));
    blocks.resize(needed, Block::default());
    argon.hash_password_into_with_memory(password, salt, out, &mut blocks[..])
}

/// A stored password hash in PHC string form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PasswordHash(String);

/// The hash of a password nobody has: made once by `Password::generate` (the password thrown
/// away), with the parameters every new hash gets (a test keeps them in step).
const NOBODYS: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$79Ix8wBpGOpL+ThembIWfw$Ki1Bl8GT8xkEAG4y2fSJiSAJtGy+mVn5C419OXDq7JQ";

impl PasswordHash {
    /// A hash no password matches in practice: the password of a person who has not chosen one
    /// yet (made by a manager or an import), and what a sign-in naming an unknown e-mail is
    /// checked against, so that it takes as long as a wrong password. Written out rather than
    /// computed: hashing takes 19 MiB, which the allocator then keeps, and on a Pi a good part
    /// of a second.
    pub fn nobodys() -> Self {
        Self(NOBODYS.to_owned())
    }

    /// True when `candidate` is the password this hash was made from: the hash is computed
    /// again with the stored algorithm, parameters and salt and compared in constant time.
    pub fn verify(&self, candidate: &str) -> bool {
        let Ok(phc) = PhcHash::new(&self.0) else {
            return false;
        };
        let (Some(salt), Some(expected)) = (&phc.salt, &phc.hash) else {
            return false;
        };
        let algorithm = Algorithm::try_from(phc.algorithm.as_str());
        let version = Version::try_from(phc.version.unwrap_or(Version::V0x13.into()));
        let (Ok(algorithm), Ok(version), Ok(params)) = (algorithm, version, Params::try_from(&phc)) else {
            return false;
        };
        let mut out = vec![0u8; expected.len()];
        let argon = Argon2::new(algorithm, version, params);
        compute(&argon, candidate.as_bytes(), salt.as_ref(), &mut out).is_ok()
            && Output::new(&out).is_ok_and(|computed| &computed == expected)
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
    fn hashes_stay_compatible_with_the_crates_own_hasher() {
        use argon2::{PasswordHasher, PasswordVerifier};
        let stored_by_last_release: PhcHash = Argon2::default().hash_password(b"old-password").expect("hash");
        assert!(PasswordHash(stored_by_last_release.to_string()).verify("old-password"));
        assert!(!PasswordHash(stored_by_last_release.to_string()).verify("old-passwort"));
        let ours = Password::parse("новый-пароль").expect("valid").hash();
        let parsed = PhcHash::new(&ours.0).expect("phc");
        assert!(
            Argon2::default()
                .verify_password("новый-пароль".as_bytes(), &parsed)
                .is_ok()
        );
        assert!(ours.0.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{}", ours.0);
    }

    #[test]
    fn nobodys_hash_has_the_parameters_of_a_new_hash_and_matches_no_guess() {
        let params = |hash: &str| hash.split('$').take(4).collect::<Vec<_>>().join("$");
        let fresh = Password::generate().hash();
        assert_eq!(params(NOBODYS), params(&fresh.0));
        assert!(PhcHash::new(NOBODYS).is_ok());
        for guess in ["", "password", "klass-demo", NOBODYS] {
            assert!(!PasswordHash::nobodys().verify(guess), "{guess}");
        }
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
