//! Client ids, client secrets and access tokens: making them and checking them.
//!
//! Client secrets are hashed with argon2 (slow on purpose: they are long-lived and a
//! leaked database must not reveal them). Access tokens carry 256 random bits, so a fast
//! SHA-256 is enough to make the stored hash useless to a thief while keeping the check
//! on every request cheap.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};

/// Prefix of access tokens, so that a token pasted somewhere it should not be is
/// recognisable (secret scanners key on such prefixes).
pub const TOKEN_PREFIX: &str = "ent_at_";
const SECRET_PREFIX: &str = "ent_cs_";

fn random_text(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf);
    URL_SAFE_NO_PAD.encode(buf)
}

/// A new public client id (96 random bits).
pub fn new_client_id() -> String {
    format!("ent_ci_{}", random_text(12))
}

/// A new client secret (256 random bits).
pub fn new_client_secret() -> String {
    format!("{SECRET_PREFIX}{}", random_text(32))
}

/// A new access token (256 random bits).
pub fn new_access_token() -> String {
    format!("{TOKEN_PREFIX}{}", random_text(32))
}

/// A new refresh token (256 random bits).
pub fn new_refresh_token() -> String {
    format!("ent_rt_{}", random_text(32))
}

/// A new authorization code (256 random bits).
pub fn new_authorization_code() -> String {
    random_text(32)
}

/// A temporary passphrase for a person an organiser adds (shown once, to be changed):
/// four groups of four letters and digits without look-alikes (no 0/O, 1/l/I), about
/// 80 bits, easy to read out and type on a touch screen.
pub fn new_temporary_passphrase() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut buf = [0u8; 16];
    rand::rng().fill_bytes(&mut buf);
    let letters: Vec<char> = buf
        .iter()
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect();
    letters
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// Cheap shape check before touching the database.
pub fn looks_like_token(token: &str) -> bool {
    token.len() <= 128
        && token.starts_with(TOKEN_PREFIX)
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

pub fn hash_secret(secret: &str) -> Result<String> {
    let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
    Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::internal(format!("cannot hash secret: {e}")))
}

/// Checks a secret against a stored hash. With no stored hash, a dummy hash is checked
/// instead so that unknown and known client ids take the same time.
pub fn verify_secret(secret: &str, stored: Option<&str>) -> bool {
    const DUMMY: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Xa8QhvqhQ8OqLRUPBtJJwQ0Vd2XUv/vChFCgdNDBHNc";
    let parsed = PasswordHash::new(stored.unwrap_or(DUMMY));
    match parsed {
        Ok(hash) => {
            Argon2::default()
                .verify_password(secret.as_bytes(), &hash)
                .is_ok()
                && stored.is_some()
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_round_trip() {
        let secret = new_client_secret();
        let hash = hash_secret(&secret).expect("hash");
        assert!(!hash.contains(&secret));
        assert!(verify_secret(&secret, Some(&hash)));
        assert!(!verify_secret("wrong", Some(&hash)));
        assert!(!verify_secret(&secret, None));
    }

    #[test]
    fn tokens_are_recognisable() {
        let t = new_access_token();
        assert!(looks_like_token(&t));
        assert!(!looks_like_token("abc"));
        assert_eq!(token_hash(&t).len(), 32);
    }
}
