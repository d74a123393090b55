//! The sync's tables (SYNC.md): the remote's configuration, the id map, the outbox, the
//! conflicts and the state. Plain functions over a connection, like every repository.
//!
//! [`queue`] is the one function the rest of the storage layer calls: every write that
//! the remote must see calls it inside its own transaction, so the change and its outbox
//! entry are stored together or not at all.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::time;
use crate::error::{Error, Problem, Result};

/// Kinds of outbox entry, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    AttendeeCreate,
    AttendeeUpdate,
    /// An erasure (`db::privacy`): `DELETE` of the remote attendee.
    AttendeeDelete,
    CheckIn,
    CheckOut,
    Undo,
    FieldCreate,
    FieldUpdate,
    FieldDelete,
}

impl Change {
    pub fn as_str(self) -> &'static str {
        match self {
            Change::AttendeeCreate => "attendee_create",
            Change::AttendeeUpdate => "attendee_update",
            Change::AttendeeDelete => "attendee_delete",
            Change::CheckIn => "check_in",
            Change::CheckOut => "check_out",
            Change::Undo => "undo",
            Change::FieldCreate => "field_create",
            Change::FieldUpdate => "field_update",
            Change::FieldDelete => "field_delete",
        }
    }

    pub fn parse(s: &str) -> Option<Change> {
        Some(match s {
            "attendee_create" => Change::AttendeeCreate,
            "attendee_update" => Change::AttendeeUpdate,
            "attendee_delete" => Change::AttendeeDelete,
            "check_in" => Change::CheckIn,
            "check_out" => Change::CheckOut,
            "undo" => Change::Undo,
            "field_create" => Change::FieldCreate,
            "field_update" => Change::FieldUpdate,
            "field_delete" => Change::FieldDelete,
            _ => return None,
        })
    }

    /// Whether the entry is about an attendee (else about a field).
    pub fn is_attendee(self) -> bool {
        !matches!(
            self,
            Change::FieldCreate | Change::FieldUpdate | Change::FieldDelete
        )
    }
}

/// Kinds of mapped record.
pub const EVENT: &str = "event";
pub const REGISTRATION_TYPE: &str = "registration_type";
pub const SESSION: &str = "session";
pub const FIELD: &str = "field";
pub const ATTENDEE: &str = "attendee";

/// Whether the local event is mirrored from a remote (its changes must be queued).
pub fn is_mirrored(conn: &Connection, event_id: i64) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM sync_map WHERE kind = 'event' AND local_id = ?1")?
        .exists([event_id])?)
}

/// Queues a change of a mirrored event for the remote; does nothing for other events.
/// Call it inside the transaction that makes the change.
pub fn queue(
    conn: &Connection,
    event_id: i64,
    change: Change,
    record_id: i64,
    body: &Value,
    device: Option<&str>,
) -> Result<()> {
    if !is_mirrored(conn, event_id)? {
        return Ok(());
    }
    conn.prepare_cached(
        "INSERT INTO sync_outbox (event_id, kind, record_id, body, device, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        event_id,
        change.as_str(),
        record_id,
        body.to_string(),
        device,
        time::now()
    ])?;
    crate::sync::nudge();
    Ok(())
}

/// The remote's configuration as stored. `client_secret` never leaves the sync module.
#[derive(Clone)]
pub struct StoredConfig {
    pub base_url: String,
    pub auth_url: String,
    pub client_id: String,
    /// Empty when the secret is in the OS secret store (`secret_in_store`).
    pub client_secret: String,
    pub secret_in_store: bool,
    pub events: Vec<i64>,
    pub account_id: i64,
    pub kiosk_id: String,
    pub version: i64,
    pub updated_at: String,
    /// A venue hub's certificate, pinned by its SHA-256 (64 hex digits) when the kiosk
    /// joined it (HUB.md); None for a remote reached over the usual web PKI.
    pub pinned_fingerprint: Option<String>,
    /// The hub's name, as it was when the kiosk joined it.
    pub hub_name: Option<String>,
}

impl std::fmt::Debug for StoredConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoredConfig")
            .field("base_url", &self.base_url)
            .field("auth_url", &self.auth_url)
            .field("client_id", &self.client_id)
            .field("client_secret", &"[hidden]")
            .field("events", &self.events)
            .field("account_id", &self.account_id)
            .field("pinned_fingerprint", &self.pinned_fingerprint)
            .finish()
    }
}

pub fn config(conn: &Connection) -> Result<Option<StoredConfig>> {
    conn.prepare_cached(
        "SELECT base_url, auth_url, client_id, client_secret, events, account_id, kiosk_id,
                version, updated_at, secret_in_store, pinned_fingerprint, hub_name
         FROM sync_config WHERE id = 1",
    )?
    .query_row([], |r| {
        let events: String = r.get(4)?;
        Ok(StoredConfig {
            base_url: r.get(0)?,
            auth_url: r.get(1)?,
            client_id: r.get(2)?,
            client_secret: r.get(3)?,
            events: serde_json::from_str(&events).unwrap_or_default(),
            account_id: r.get(5)?,
            kiosk_id: r.get(6)?,
            version: r.get(7)?,
            updated_at: r.get(8)?,
            secret_in_store: r.get(9)?,
            pinned_fingerprint: r.get(10)?,
            hub_name: r.get(11)?,
        })
    })
    .optional()
    .map_err(Error::from)
}

/// Where a configuration's client secret goes.
#[derive(Debug, Clone, Copy)]
pub enum SecretAt<'a> {
    /// In the table.
    Here(&'a str),
    /// Already put in the OS secret store by the caller: the column is emptied.
    InStore,
    /// Where it is now (the UI never sees it, so it sends none to keep it).
    Kept,
}

/// A venue hub the kiosk joined: its pinned certificate and its name.
#[derive(Debug, Clone, Copy)]
pub struct JoinedHub<'a> {
    /// SHA-256 of the hub's certificate, 64 lower-case hex digits.
    pub fingerprint: &'a str,
    pub name: &'a str,
}

/// Stores a configuration; `hub` when it is a venue hub's (a configuration given by hand
/// drops an earlier hub's pin: its certificate is then checked as any web server's).
#[allow(clippy::too_many_arguments)]
pub fn save_config(
    conn: &Connection,
    base_url: &str,
    auth_url: &str,
    client_id: &str,
    secret: SecretAt<'_>,
    events: &[i64],
    account_id: i64,
    hub: Option<JoinedHub<'_>>,
) -> Result<StoredConfig> {
    let current = config(conn)?;
    let (secret, in_store) = match (secret, &current) {
        (SecretAt::Here(s), _) => (s.to_owned(), false),
        (SecretAt::InStore, _) => (String::new(), true),
        // A stored secret goes only to the addresses it was given for (issue 36): moving
        // either URL without giving the secret again drops it, so that whoever may edit
        // the settings cannot send it to a server of their choosing.
        (SecretAt::Kept, Some(c)) if c.base_url != base_url || c.auth_url != auth_url => {
            (String::new(), false)
        }
        (SecretAt::Kept, Some(c)) => (c.client_secret.clone(), c.secret_in_store),
        (SecretAt::Kept, None) => {
            return Err(Error::from(Problem::member(
                "client_secret",
                "is required when the sync is first configured",
            )));
        }
    };
    let kiosk_id = current.as_ref().map_or_else(
        || {
            use rand::Rng;
            let bits: u64 = rand::rng().random();
            format!("{bits:016x}")
        },
        |c| c.kiosk_id.clone(),
    );
    let events_json = serde_json::to_string(events).map_err(Error::internal)?;
    conn.execute(
        "INSERT INTO sync_config (id, base_url, auth_url, client_id, client_secret, events,
             account_id, kiosk_id, version, updated_at, secret_in_store, pinned_fingerprint,
             hub_name)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, ?8, ?9, ?10, ?11)
         ON CONFLICT (id) DO UPDATE SET base_url = excluded.base_url,
             auth_url = excluded.auth_url, client_id = excluded.client_id,
             client_secret = excluded.client_secret, events = excluded.events,
             secret_in_store = excluded.secret_in_store,
             account_id = excluded.account_id, version = sync_config.version + 1,
             updated_at = excluded.updated_at,
             pinned_fingerprint = excluded.pinned_fingerprint, hub_name = excluded.hub_name",
        params![
            base_url,
            auth_url,
            client_id,
            secret,
            events_json,
            account_id,
            kiosk_id,
            time::now(),
            in_store,
            hub.map(|h| h.fingerprint),
            hub.map(|h| h.name)
        ],
    )?;
    config(conn)?.ok_or_else(|| Error::internal("the sync configuration was not stored"))
}

/// Empties the client secret column once the secret is in the OS secret store, if the
/// configuration is still at `version` (a change meanwhile keeps its own secret).
/// Whether it applied.
pub fn secret_moved_to_store(conn: &Connection, version: i64) -> Result<bool> {
    let changed = conn.execute(
        "UPDATE sync_config SET client_secret = '', secret_in_store = 1
         WHERE id = 1 AND version = ?1 AND secret_in_store = 0",
        [version],
    )?;
    Ok(changed == 1)
}

/// The remote id of a local record, if it is mapped.
pub fn remote_id(conn: &Connection, kind: &str, local_id: i64) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached("SELECT remote_id FROM sync_map WHERE kind = ?1 AND local_id = ?2")?
        .query_row(params![kind, local_id], |r| r.get(0))
        .optional()?)
}

/// The local id of a remote record, if it is mapped.
pub fn local_id(
    conn: &Connection,
    kind: &str,
    remote_event_id: i64,
    remote_id: i64,
) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT local_id FROM sync_map WHERE kind = ?1 AND remote_event_id = ?2 AND remote_id = ?3",
        )?
        .query_row(params![kind, remote_event_id, remote_id], |r| r.get(0))
        .optional()?)
}

pub fn map(
    conn: &Connection,
    kind: &str,
    local_id: i64,
    remote_event_id: i64,
    remote_id: i64,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO sync_map (kind, local_id, remote_id, remote_event_id) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (kind, local_id) DO UPDATE SET remote_id = excluded.remote_id,
             remote_event_id = excluded.remote_event_id",
    )?
    .execute(params![kind, local_id, remote_id, remote_event_id])?;
    Ok(())
}

/// The remote attendee as last seen (the base of the per-member merge).
pub fn base(conn: &Connection, local_attendee: i64) -> Result<Option<Value>> {
    let text: Option<Option<String>> = conn
        .prepare_cached("SELECT base FROM sync_map WHERE kind = 'attendee' AND local_id = ?1")?
        .query_row([local_attendee], |r| r.get(0))
        .optional()?;
    Ok(text.flatten().and_then(|t| serde_json::from_str(&t).ok()))
}

/// Forgets a local attendee's mapping (its erasure reached the remote).
pub fn unmap_attendee(conn: &Connection, local_attendee: i64) -> Result<()> {
    conn.prepare_cached("DELETE FROM sync_map WHERE kind = 'attendee' AND local_id = ?1")?
        .execute([local_attendee])?;
    Ok(())
}

/// Forgets the merge base: the next pull takes the remote's record as it is.
pub fn forget_base(conn: &Connection, local_attendee: i64) -> Result<()> {
    conn.prepare_cached(
        "UPDATE sync_map SET base = NULL WHERE kind = 'attendee' AND local_id = ?1",
    )?
    .execute([local_attendee])?;
    Ok(())
}

pub fn set_base(conn: &Connection, local_attendee: i64, base: &Value) -> Result<()> {
    conn.prepare_cached("UPDATE sync_map SET base = ?1 WHERE kind = 'attendee' AND local_id = ?2")?
        .execute(params![base.to_string(), local_attendee])?;
    Ok(())
}

/// An outbox entry.
#[derive(Debug, Clone)]
pub struct Entry {
    pub id: i64,
    pub event_id: i64,
    pub change: Change,
    pub record_id: i64,
    pub body: Value,
    pub device: Option<String>,
    pub created_at: String,
    pub attempts: i64,
    pub sent_at: Option<String>,
    pub parked: bool,
    /// A person replaced its body (`PATCH /kiosk/sync/parked/{id}`).
    pub edited: bool,
    /// How many times a person retried or edited it after a refusal.
    pub generation: i64,
    /// Held back for now: the venue hub may have it already (a scan whose question to the
    /// hub is still out, HUB.md); it and the record's later entries wait.
    pub held: bool,
    /// The question a joined kiosk put to the hub for this scan and got no answer to
    /// (`{"path", "body", "key"}`): the push puts it again instead.
    pub hub_question: Option<Value>,
}

fn entry_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Entry> {
    let kind: String = r.get(2)?;
    let body: String = r.get(4)?;
    Ok(Entry {
        id: r.get(0)?,
        event_id: r.get(1)?,
        change: Change::parse(&kind).unwrap_or(Change::AttendeeUpdate),
        record_id: r.get(3)?,
        body: serde_json::from_str(&body).unwrap_or(Value::Null),
        device: r.get(5)?,
        created_at: r.get(6)?,
        attempts: r.get(7)?,
        sent_at: r.get(8)?,
        parked: r.get::<_, Option<String>>(9)?.is_some(),
        edited: r.get::<_, Option<String>>(10)?.is_some(),
        generation: r.get(11)?,
        held: r
            .get::<_, Option<String>>(12)?
            .is_some_and(|until| until > time::now()),
        hub_question: r
            .get::<_, Option<String>>(13)?
            .and_then(|q| serde_json::from_str(&q).ok()),
    })
}

const ENTRY_COLUMNS: &str = "id, event_id, kind, record_id, body, device, created_at, attempts, sent_at, parked_at, edited_at, generation, next_try_at, hub_question";

/// The newest outbox entry's id (0 when empty): a write notes it before its work to know
/// which entries the work queued.
pub fn last_entry_id(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COALESCE(MAX(id), 0) FROM sync_outbox")?
        .query_row([], |r| r.get(0))?)
}

/// The check-in entries of `record_id` queued after entry `after` (by the write running
/// now).
pub fn check_in_entries_after(conn: &Connection, after: i64, record_id: i64) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM sync_outbox WHERE id > ?1 AND record_id = ?2
         AND kind IN ('check_in', 'check_out', 'undo') ORDER BY id",
    )?;
    let ids = stmt.query_map(params![after, record_id], |r| r.get(0))?;
    Ok(ids.collect::<rusqlite::Result<_>>()?)
}

/// Holds entries back until `until` (RFC 3339).
pub fn hold(conn: &Connection, ids: &[i64], until: &str) -> Result<()> {
    let mut stmt = conn.prepare_cached("UPDATE sync_outbox SET next_try_at = ?1 WHERE id = ?2")?;
    for id in ids {
        stmt.execute(params![until, id])?;
    }
    Ok(())
}

/// Notes on entries the question put to the hub for them (see [`Entry::hub_question`]).
pub fn set_hub_question(conn: &Connection, ids: &[i64], question: &Value) -> Result<()> {
    let text = question.to_string();
    let mut stmt = conn.prepare_cached("UPDATE sync_outbox SET hub_question = ?1 WHERE id = ?2")?;
    for id in ids {
        stmt.execute(params![text, id])?;
    }
    Ok(())
}

/// Lets held entries go.
pub fn release(conn: &Connection, ids: &[i64]) -> Result<()> {
    let mut stmt =
        conn.prepare_cached("UPDATE sync_outbox SET next_try_at = NULL WHERE id = ?1")?;
    for id in ids {
        stmt.execute([id])?;
    }
    Ok(())
}

/// Drops entries the remote already has, unless they were sent meanwhile (their answer
/// then settles them). How many were dropped.
pub fn drop_unsent(conn: &Connection, ids: &[i64]) -> Result<usize> {
    let mut stmt =
        conn.prepare_cached("DELETE FROM sync_outbox WHERE id = ?1 AND sent_at IS NULL")?;
    let mut dropped = 0;
    for id in ids {
        dropped += stmt.execute([id])?;
    }
    Ok(dropped)
}

/// Up to `limit` entries after `after`, in order, parked ones included (they block the
/// entries of the same record behind them).
pub fn entries_after(conn: &Connection, after: i64, limit: i64) -> Result<Vec<Entry>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENTRY_COLUMNS} FROM sync_outbox WHERE id > ?1 ORDER BY id LIMIT ?2"
    ))?;
    let rows = stmt.query_map(params![after, limit], entry_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn entry(conn: &Connection, id: i64) -> Result<Option<Entry>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {ENTRY_COLUMNS} FROM sync_outbox WHERE id = ?1"
        ))?
        .query_row([id], entry_from_row)
        .optional()?)
}

/// Pending (not parked) entries about one record.
pub fn pending_for(conn: &Connection, attendee: bool, record_id: i64) -> Result<Vec<Entry>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {ENTRY_COLUMNS} FROM sync_outbox WHERE record_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([record_id], entry_from_row)?;
    let all: Vec<Entry> = rows.collect::<rusqlite::Result<_>>()?;
    Ok(all
        .into_iter()
        .filter(|e| e.change.is_attendee() == attendee)
        .collect())
}

/// The remote confirmed these entries: they leave the outbox.
pub fn settle(conn: &Connection, ids: &[i64]) -> Result<()> {
    let mut stmt = conn.prepare_cached("DELETE FROM sync_outbox WHERE id = ?1")?;
    for id in ids {
        stmt.execute([id])?;
    }
    Ok(())
}

/// A request for these entries is about to leave: their answers may get lost.
pub fn mark_sent(conn: &Connection, ids: &[i64]) -> Result<()> {
    let now = time::now();
    let mut stmt = conn.prepare_cached(
        "UPDATE sync_outbox SET sent_at = ?1, attempts = attempts + 1 WHERE id = ?2",
    )?;
    for id in ids {
        stmt.execute(params![now, id])?;
    }
    Ok(())
}

pub fn park(conn: &Connection, id: i64, status: u16, message: &str) -> Result<()> {
    conn.prepare_cached(
        "UPDATE sync_outbox SET parked_at = ?1, parked_status = ?2, parked_message = ?3 WHERE id = ?4",
    )?
    .execute(params![time::now(), status, message, id])?;
    Ok(())
}

/// Sends a parked entry again at the next round.
pub fn unpark(conn: &Connection, id: i64) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE sync_outbox SET parked_at = NULL, parked_status = NULL, parked_message = NULL,
                 generation = generation + 1
             WHERE id = ?1 AND parked_at IS NOT NULL",
        )?
        .execute([id])?
        > 0)
}

/// Replaces a parked entry's body (a person fixed what the remote refused) and unparks it.
pub fn edit(conn: &Connection, id: i64, body: &Value) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "UPDATE sync_outbox SET body = ?1, parked_at = NULL, parked_status = NULL,
                 parked_message = NULL, edited_at = ?3, generation = generation + 1
             WHERE id = ?2 AND parked_at IS NOT NULL",
        )?
        .execute(params![body.to_string(), id, time::now()])?
        > 0)
}

/// Drops a parked entry: the remote will never see that change.
pub fn drop_parked(conn: &Connection, id: i64) -> Result<bool> {
    Ok(conn
        .prepare_cached("DELETE FROM sync_outbox WHERE id = ?1 AND parked_at IS NOT NULL")?
        .execute([id])?
        > 0)
}

pub fn set_body(conn: &Connection, id: i64, body: &Value) -> Result<()> {
    conn.prepare_cached("UPDATE sync_outbox SET body = ?1 WHERE id = ?2")?
        .execute(params![body.to_string(), id])?;
    Ok(())
}

/// A parked entry, as staff see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Parked {
    pub id: i64,
    /// `attendee_create`, `attendee_update`, `attendee_delete`, `check_in`, `check_out`,
    /// `undo`, `field_create`, `field_update`, `field_delete`.
    #[schema(schema_with = crate::domain::schema::parked_kind)]
    pub kind: String,
    pub event_id: i64,
    /// The local attendee (attendee changes) or attendee field (field changes).
    pub record_id: i64,
    /// What will be sent (local ids); null when the stored entry cannot be read as JSON.
    #[schema(schema_with = crate::domain::schema::parked_entry_body, required = true)]
    pub body: Value,
    #[schema(format = DateTime)]
    pub created_at: String,
    #[schema(format = DateTime)]
    pub parked_at: String,
    /// The remote's status code and message.
    #[schema(required = true)]
    pub status: Option<u16>,
    #[schema(required = true)]
    pub message: Option<String>,
}

pub fn parked(conn: &Connection) -> Result<Vec<Parked>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, kind, event_id, record_id, body, created_at, parked_at, parked_status,
                parked_message
         FROM sync_outbox WHERE parked_at IS NOT NULL ORDER BY id",
    )?;
    let rows = stmt.query_map([], |r| {
        let body: String = r.get(4)?;
        Ok(Parked {
            id: r.get(0)?,
            kind: r.get(1)?,
            event_id: r.get(2)?,
            record_id: r.get(3)?,
            body: serde_json::from_str(&body).unwrap_or(Value::Null),
            created_at: r.get(5)?,
            parked_at: r.get(6)?,
            status: r.get(7)?,
            message: r.get(8)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Entries not yet confirmed and not parked.
pub fn pending_count(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COUNT(*) FROM sync_outbox WHERE parked_at IS NULL")?
        .query_row([], |r| r.get(0))?)
}

/// Entries parked: refused by the remote, waiting for staff.
pub fn parked_count(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COUNT(*) FROM sync_outbox WHERE parked_at IS NOT NULL")?
        .query_row([], |r| r.get(0))?)
}

/// Something staff must see.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Conflict {
    pub id: i64,
    /// `duplicate_entry`, `edit` or `deleted_remotely`.
    #[schema(schema_with = crate::domain::schema::conflict_kind)]
    pub kind: String,
    #[schema(required = true)]
    pub event_id: Option<i64>,
    /// The local attendee, when the conflict is about one.
    #[schema(required = true)]
    pub attendee_id: Option<i64>,
    /// What was found (its members depend on `kind`); null when the stored details cannot
    /// be read as JSON.
    #[schema(schema_with = crate::domain::schema::conflict_details, required = true)]
    pub details: Value,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// Records a conflict; answers its id.
pub fn add_conflict(
    conn: &Connection,
    kind: &str,
    event_id: Option<i64>,
    attendee_id: Option<i64>,
    details: &Value,
) -> Result<i64> {
    conn.prepare_cached(
        "INSERT INTO sync_conflicts (kind, event_id, attendee_id, details, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        kind,
        event_id,
        attendee_id,
        details.to_string(),
        time::now()
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Whether a conflict the venue hub lists (its id there) is already kept here.
pub fn has_hub_conflict(conn: &Connection, hub_id: i64) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM sync_conflicts WHERE json_extract(details, '$.hub_conflict') = ?1",
        )?
        .query_row([hub_id], |_| Ok(()))
        .optional()?
        .is_some())
}

pub fn conflicts(conn: &Connection) -> Result<Vec<Conflict>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, kind, event_id, attendee_id, details, created_at FROM sync_conflicts
         ORDER BY id",
    )?;
    let rows = stmt.query_map([], |r| {
        let details: String = r.get(4)?;
        Ok(Conflict {
            id: r.get(0)?,
            kind: r.get(1)?,
            event_id: r.get(2)?,
            attendee_id: r.get(3)?,
            details: serde_json::from_str(&details).unwrap_or(Value::Null),
            created_at: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// What the last rounds found.
#[derive(Debug, Clone, Default)]
pub struct State {
    pub online: bool,
    pub remote_entrada: Option<bool>,
    pub last_attempt_at: Option<String>,
    pub last_success_at: Option<String>,
    pub last_error: Option<String>,
}

pub fn state(conn: &Connection) -> Result<State> {
    Ok(conn
        .prepare_cached(
            "SELECT online, remote_entrada, last_attempt_at, last_success_at, last_error
             FROM sync_state WHERE id = 1",
        )?
        .query_row([], |r| {
            Ok(State {
                online: r.get(0)?,
                remote_entrada: r.get(1)?,
                last_attempt_at: r.get(2)?,
                last_success_at: r.get(3)?,
                last_error: r.get(4)?,
            })
        })
        .optional()?
        .unwrap_or_default())
}

/// Records the end of a round: `error` None is a success.
pub fn finish_round(
    conn: &Connection,
    reached: bool,
    remote_entrada: Option<bool>,
    error: Option<&str>,
) -> Result<()> {
    let now = time::now();
    conn.prepare_cached(
        "UPDATE sync_state SET online = ?1, remote_entrada = COALESCE(?2, remote_entrada),
             last_attempt_at = ?3,
             last_success_at = CASE WHEN ?4 IS NULL THEN ?3 ELSE last_success_at END,
             last_error = ?4
         WHERE id = 1",
    )?
    .execute(params![reached, remote_entrada, now, error])?;
    Ok(())
}

pub fn cursor(conn: &Connection, remote_event_id: i64) -> Result<Option<String>> {
    Ok(conn
        .prepare_cached("SELECT updated_since FROM sync_cursors WHERE remote_event_id = ?1")?
        .query_row([remote_event_id], |r| r.get::<_, Option<String>>(0))
        .optional()?
        .flatten())
}

pub fn set_cursor(
    conn: &Connection,
    remote_event_id: i64,
    updated_since: Option<&str>,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO sync_cursors (remote_event_id, updated_since, pulled_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (remote_event_id) DO UPDATE SET
             updated_since = COALESCE(excluded.updated_since, sync_cursors.updated_since),
             pulled_at = excluded.pulled_at",
    )?
    .execute(params![remote_event_id, updated_since, time::now()])?;
    Ok(())
}

/// Keeps a walk-in's own code beside the one a spec-only remote gave it.
pub fn add_alias(conn: &Connection, attendee_id: i64, event_id: i64, code: &str) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO attendee_code_aliases (attendee_id, event_id, code) VALUES (?1, ?2, ?3)
         ON CONFLICT (attendee_id) DO NOTHING",
    )?
    .execute(params![attendee_id, event_id, code])?;
    Ok(())
}

/// The attendee whose alias is `code`, if any.
pub fn by_alias(conn: &Connection, event_id: i64, code: &str) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT attendee_id FROM attendee_code_aliases WHERE event_id = ?1 AND code = ?2",
        )?
        .query_row(params![event_id, code], |r| r.get(0))
        .optional()?)
}

/// The id map of one remote event for one kind: remote id → local id.
pub fn id_map(
    conn: &Connection,
    kind: &str,
    remote_event_id: i64,
) -> Result<std::collections::HashMap<i64, i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT remote_id, local_id FROM sync_map WHERE kind = ?1 AND remote_event_id = ?2",
    )?;
    let rows = stmt.query_map(params![kind, remote_event_id], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The newest outbox entry's id (0 when there is none): a change since means new work.
pub fn newest_entry_id(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COALESCE(MAX(id), 0) FROM sync_outbox")?
        .query_row([], |r| r.get(0))?)
}

/// Who holds the round's lease, and until when (Unix seconds).
pub fn lease(conn: &Connection) -> Result<(Option<String>, Option<i64>)> {
    Ok(conn
        .prepare_cached("SELECT lease_owner, lease_until FROM sync_state WHERE id = 1")?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))?)
}

pub fn set_lease(conn: &Connection, owner: &str, until: i64) -> Result<()> {
    conn.prepare_cached("UPDATE sync_state SET lease_owner = ?1, lease_until = ?2 WHERE id = 1")?
        .execute(params![owner, until])?;
    Ok(())
}

/// Releases the lease if `owner` still holds it.
pub fn release_lease(conn: &Connection, owner: &str) -> Result<()> {
    conn.prepare_cached(
        "UPDATE sync_state SET lease_owner = NULL, lease_until = NULL WHERE id = 1 AND lease_owner = ?1",
    )?
    .execute([owner])?;
    Ok(())
}
