//! Stored first answers of requests sent with an `Idempotency-Key`.

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::time;
use crate::error::{Error, Result};

/// How long a key is remembered, seconds.
pub const KEY_LIFETIME: i64 = 24 * 60 * 60;

/// What was answered the first time.
#[derive(Debug, Clone)]
pub struct StoredResponse {
    pub fingerprint: Vec<u8>,
    pub status: u16,
    pub body: Vec<u8>,
}

/// The stored answer for `(owner, key)`, if it is younger than [`KEY_LIFETIME`].
pub fn lookup(conn: &Connection, owner: &str, key: &str) -> Result<Option<StoredResponse>> {
    Ok(conn
        .prepare_cached(
            "SELECT fingerprint, status, body FROM idempotency_keys
             WHERE principal = ?1 AND key = ?2 AND created_at > ?3",
        )?
        .query_row(params![owner, key, time::unix_now() - KEY_LIFETIME], |r| {
            Ok(StoredResponse {
                fingerprint: r.get(0)?,
                status: r.get(1)?,
                body: r.get(2)?,
            })
        })
        .optional()?)
}

/// Stores the first answer (replacing an expired one) and forgets expired keys.
///
/// A live answer already stored under the key is never replaced: that is 409 and the
/// caller's transaction rolls back, so the work is not done twice. (It happens only when
/// two requests with one key race past the in-flight check, e.g. with two tokens of the
/// same client; the second gets 409 and its retry the first one's answer.)
pub fn store(conn: &Connection, owner: &str, key: &str, response: &StoredResponse) -> Result<()> {
    let now = time::unix_now();
    let stored = conn
        .prepare_cached(
            "INSERT INTO idempotency_keys (principal, key, fingerprint, status, body, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (principal, key) DO UPDATE SET fingerprint = excluded.fingerprint,
                 status = excluded.status, body = excluded.body, created_at = excluded.created_at
             WHERE idempotency_keys.created_at <= ?7",
        )?
        .execute(params![
            owner,
            key,
            response.fingerprint,
            response.status,
            response.body,
            now,
            now - KEY_LIFETIME
        ])?;
    if stored == 0 {
        return Err(Error::Conflict(
            "a request with this Idempotency-Key was answered meanwhile; retry to get its answer"
                .into(),
        ));
    }
    conn.prepare_cached("DELETE FROM idempotency_keys WHERE created_at <= ?1")?
        .execute([now - KEY_LIFETIME])?;
    Ok(())
}
