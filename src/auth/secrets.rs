//! Client ids, client secrets and access tokens: making them and checking them.
//!
//! Client secrets are hashed with argon2 (slow on purpose: they are long-lived and a
//! leaked database must not reveal them). Access tokens carry 256 random bits, so a fast
//! SHA-256 is enough to make the stored hash useless to a thief while keeping the check
//! on every request cheap.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};

/// Most argon2 hashes computed at once: one per core, at most four. Each takes 19 MiB
/// for about a tenth of a second; unbounded, a hundred concurrent wrong secrets took the
/// server to 1.66 GB. They run on their own threads (see `workers`).
pub fn concurrent_hashes() -> usize {
    crate::workers::per_core(4)
}

/// How long a hash waits for its turn before the request is answered 429.
pub const HASH_QUEUE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

static HASHERS: std::sync::LazyLock<crate::workers::Pool> = std::sync::LazyLock::new(|| {
    crate::workers::Pool::new(
        "argon2",
        concurrent_hashes(),
        HASH_QUEUE_WAIT,
        "the server is busy checking other passwords; retry in a second",
    )
});

/// [`verify_secret`] within the server's bound on concurrent hashes.
pub async fn verify_secret_bounded(secret: String, stored: Option<String>) -> Result<bool> {
    HASHERS
        .run(move || verify_secret(&secret, stored.as_deref()))
        .await
}

/// [`hash_secret`] within the server's bound on concurrent hashes.
pub async fn hash_secret_bounded(secret: String) -> Result<String> {
    HASHERS.run(move || hash_secret(&secret)).await?
}

/// A new machine client's credentials: the id and the secret, shown once to whoever asked
/// for them, and the secret's hash, the only form of it that is kept.
pub struct ClientCredentials {
    pub client_id: String,
    pub client_secret: String,
    pub secret_hash: String,
}

impl ClientCredentials {
    /// What the database keeps of them: the id and the secret's hash.
    pub fn stored(&self) -> (&str, &str) {
        (&self.client_id, &self.secret_hash)
    }

    /// New random credentials, hashed on this thread (argon2 takes a while: from a request
    /// use [`ClientCredentials::generate_bounded`]).
    pub fn generate() -> Result<ClientCredentials> {
        let client_secret = new_client_secret();
        Ok(ClientCredentials {
            client_id: new_client_id(),
            secret_hash: hash_secret(&client_secret)?,
            client_secret,
        })
    }

    /// [`ClientCredentials::generate`], hashed on the bounded pool of hashing threads.
    pub async fn generate_bounded() -> Result<ClientCredentials> {
        let client_secret = new_client_secret();
        Ok(ClientCredentials {
            client_id: new_client_id(),
            secret_hash: hash_secret_bounded(client_secret.clone()).await?,
            client_secret,
        })
    }
}

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
    let matches = PasswordHash::new(stored.unwrap_or(DUMMY))
        .ok()
        .and_then(|hash| argon2_matches(secret.as_bytes(), &hash));
    matches.unwrap_or(false) && stored.is_some()
}

thread_local! {
    /// The argon2 working memory of this thread (19 MiB with the default parameters),
    /// kept from one check to the next. Allocated afresh for every check, the memory
    /// wandered across malloc's arenas and a burst of wrong secrets left the server at
    /// 200+ MB even with two hashes at a time; kept, it is the pool's threads times 19 MiB.
    static ARGON2_MEMORY: std::cell::RefCell<Vec<argon2::Block>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether `secret` hashes to `hash` (None: a hash this build cannot check). Computes
/// into [`ARGON2_MEMORY`] and compares in constant time.
fn argon2_matches(secret: &[u8], hash: &PasswordHash<'_>) -> Option<bool> {
    use subtle::ConstantTimeEq as _;
    let algorithm = argon2::Algorithm::try_from(hash.algorithm).ok()?;
    let version = argon2::Version::try_from(hash.version.unwrap_or(0x13)).ok()?;
    let params = argon2::Params::try_from(hash).ok()?;
    let expected = hash.hash?;
    let mut salt = [0u8; 64];
    let salt = hash.salt?.decode_b64(&mut salt).ok()?;
    let mut out = vec![0u8; expected.len()];
    let blocks = params.block_count();
    let hasher = Argon2::new(algorithm, version, params);
    ARGON2_MEMORY.with_borrow_mut(|memory| {
        if memory.len() != blocks {
            memory.clear();
            memory.resize(blocks, argon2::Block::default());
        }
        hasher
            .hash_password_into_with_memory(secret, salt, &mut out, memory.as_mut_slice())
            .ok()
    })?;
    Some(bool::from(out.as_slice().ct_eq(expected.as_bytes())))
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
