//! The venue hub's pairing tables (HUB.md, "Pairing"): one-time codes, kept as their
//! SHA-256, and the kiosks that joined with one. Plain functions over a connection.

use rusqlite::{Connection, OptionalExtension as _, params};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::time;
use crate::error::Result;
use crate::hub::pairing;

/// A code that may still be used.
pub struct LiveCode {
    pub id: i64,
    pub key: [u8; 32],
    pub account_id: i64,
    /// None: every event of the account.
    pub events: Option<Vec<i64>>,
}

/// Stores a new code's key for `account_id`; answers when it expires (unix seconds).
pub fn insert_code(
    conn: &Connection,
    key: &[u8; 32],
    account_id: i64,
    events: Option<&[i64]>,
    now: i64,
) -> Result<i64> {
    let expires = now + pairing::CODE_VALIDITY.as_secs() as i64;
    let events = events
        .map(serde_json::to_string)
        .transpose()
        .map_err(crate::error::Error::internal)?;
    conn.execute(
        "INSERT INTO hub_codes (code_key, account_id, events, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![&key[..], account_id, events, time::now(), expires],
    )?;
    Ok(expires)
}

/// Codes that are unused and unexpired, newest first.
pub fn live_codes(conn: &Connection, now: i64) -> Result<Vec<LiveCode>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, code_key, account_id, events FROM hub_codes
         WHERE used_at IS NULL AND expires_at > ?1 ORDER BY id DESC",
    )?;
    let rows = stmt.query_map(params![now], |r| {
        let key: Vec<u8> = r.get(1)?;
        let events: Option<String> = r.get(3)?;
        Ok((r.get(0)?, key, r.get(2)?, events))
    })?;
    let mut codes = Vec::new();
    for row in rows {
        let (id, key, account_id, events) = row?;
        // A malformed row (never written by this code) cannot be matched: skip it.
        let Ok(key) = <[u8; 32]>::try_from(key) else {
            continue;
        };
        codes.push(LiveCode {
            id,
            key,
            account_id,
            events: events.and_then(|e| serde_json::from_str(&e).ok()),
        });
    }
    Ok(codes)
}

/// Marks a code used; false when it was used meanwhile (it then pairs no one else).
pub fn use_code(conn: &Connection, id: i64) -> Result<bool> {
    Ok(conn.execute(
        "UPDATE hub_codes SET used_at = ?1 WHERE id = ?2 AND used_at IS NULL",
        params![time::now(), id],
    )? == 1)
}

/// Drops codes that can no longer be used, a day after they expired (kept that long for
/// the record of who joined when).
pub fn forget_old_codes(conn: &Connection, now: i64) -> Result<()> {
    conn.execute(
        "DELETE FROM hub_codes WHERE expires_at < ?1",
        [now - 86_400],
    )?;
    Ok(())
}

/// The ids of the account's events, oldest first: what a kiosk that joined mirrors.
pub fn event_ids(conn: &Connection, account_id: i64) -> Result<Vec<i64>> {
    let mut stmt =
        conn.prepare_cached("SELECT id FROM events WHERE account_id = ?1 ORDER BY id")?;
    let ids = stmt.query_map([account_id], |r| r.get(0))?;
    Ok(ids.collect::<rusqlite::Result<_>>()?)
}

/// A kiosk that joined this hub.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Device {
    /// Its OAuth client on the hub.
    pub client_id: String,
    /// The name it gave itself (e.g. "Door B kiosk").
    pub name: String,
    /// The door it stands at; empty when it did not say.
    pub door: String,
    #[schema(format = DateTime)]
    pub joined_at: String,
    /// When it last reported (RFC 3339, UTC); null before its first report.
    #[schema(required = true, format = DateTime)]
    pub last_contact_at: Option<String>,
    /// Its changes not yet on the hub, as it last reported; null before its first report.
    #[schema(required = true)]
    pub pending: Option<i64>,
    /// When it was revoked; null while it may sync.
    #[schema(required = true, format = DateTime)]
    pub revoked_at: Option<String>,
}

pub fn insert_device(conn: &Connection, client_id: &str, name: &str, door: &str) -> Result<()> {
    conn.execute(
        "INSERT INTO hub_devices (client_id, name, door, joined_at) VALUES (?1, ?2, ?3, ?4)",
        params![client_id, name, door, time::now()],
    )?;
    Ok(())
}

/// The account's joined kiosks, newest first.
pub fn devices(conn: &Connection, account_id: i64) -> Result<Vec<Device>> {
    let mut stmt = conn.prepare_cached(
        "SELECT d.client_id, d.name, d.door, d.joined_at, d.last_contact_at, d.pending,
                c.revoked_at
         FROM hub_devices d JOIN clients c ON c.client_id = d.client_id
         WHERE c.account_id = ?1 ORDER BY d.joined_at DESC, d.client_id",
    )?;
    let rows = stmt.query_map([account_id], |r| {
        Ok(Device {
            client_id: r.get(0)?,
            name: r.get(1)?,
            door: r.get(2)?,
            joined_at: r.get(3)?,
            last_contact_at: r.get(4)?,
            pending: r.get(5)?,
            revoked_at: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The client ids of the joined kiosks (the integrations list leaves those out).
pub fn device_ids(conn: &Connection) -> Result<std::collections::HashSet<String>> {
    let mut stmt = conn.prepare_cached("SELECT client_id FROM hub_devices")?;
    let ids = stmt.query_map([], |r| r.get(0))?;
    Ok(ids.collect::<rusqlite::Result<_>>()?)
}

/// Whether the client is a joined kiosk.
pub fn is_device(conn: &Connection, client_id: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM hub_devices WHERE client_id = ?1")?
        .query_row([client_id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// A joined kiosk's door, or its name when it gave no door; None for other clients.
pub fn door_of(conn: &Connection, client_id: &str) -> Result<Option<String>> {
    Ok(conn
        .prepare_cached(
            "SELECT CASE WHEN door = '' THEN name ELSE door END FROM hub_devices
             WHERE client_id = ?1",
        )?
        .query_row([client_id], |r| r.get(0))
        .optional()?)
}

/// Records a kiosk's report: its pending count, now.
pub fn report(conn: &Connection, client_id: &str, pending: i64) -> Result<()> {
    conn.execute(
        "UPDATE hub_devices SET last_contact_at = ?1, pending = ?2 WHERE client_id = ?3",
        params![time::now(), pending, client_id],
    )?;
    Ok(())
}
