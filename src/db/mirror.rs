//! The local copies of a remote's records (SYNC.md, "Pull"): what the sync writes when it
//! applies what it pulled. These statements are plain SQL on purpose, never the
//! repositories' `create`/`update`: those queue every change for the remote
//! (`db::sync::queue`), and a change that came from the remote must not go back to it.
//!
//! The functions take plain values (the sync turns the remote's records into them); the
//! decisions (what to take, what conflicts) are the sync's (`sync::merge`), the
//! statements are here.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use super::attendees::Member;
use super::sync::{self as store, EVENT, FIELD, SESSION};
use crate::domain::field::FieldType;
use crate::domain::status::{CheckinStatus, RsvpStatus};
use crate::domain::time;
use crate::error::Result;

/// A remote event's members that the local copy keeps.
#[derive(Debug, Clone)]
pub struct EventRow {
    pub name: String,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    pub timezone: Option<String>,
    pub location: Option<String>,
}

/// Updates the local copy of a remote event, or creates and maps it; answers its id.
pub fn upsert_event(
    conn: &Connection,
    account_id: i64,
    remote_event: i64,
    e: &EventRow,
) -> Result<i64> {
    let now = time::now();
    if let Some(id) = store::local_id(conn, EVENT, remote_event, remote_event)? {
        conn.execute(
            "UPDATE events SET name = ?1, starts_at = ?2, ends_at = ?3, timezone = ?4,
                 location = ?5, updated_at = ?6 WHERE id = ?7",
            params![
                e.name,
                e.starts_at,
                e.ends_at,
                e.timezone,
                e.location,
                now,
                id
            ],
        )?;
        return Ok(id);
    }
    conn.execute(
        "INSERT INTO events (account_id, name, starts_at, ends_at, timezone, location,
             created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
        params![
            account_id,
            e.name,
            e.starts_at,
            e.ends_at,
            e.timezone,
            e.location,
            now
        ],
    )?;
    let id = conn.last_insert_rowid();
    store::map(conn, EVENT, id, remote_event, remote_event)?;
    Ok(id)
}

/// The two named parts of an event the sync mirrors alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    RegistrationType,
    Session,
}

impl Part {
    /// The kind of its rows in `sync_map`.
    pub fn kind(self) -> &'static str {
        match self {
            Part::RegistrationType => store::REGISTRATION_TYPE,
            Part::Session => SESSION,
        }
    }
}

/// A remote registration type or session (times: sessions only).
#[derive(Debug, Clone)]
pub struct NamedRow {
    pub remote_id: i64,
    pub name: String,
    pub capacity: Option<i64>,
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
}

/// Registration types or sessions: name, capacity and (sessions) times; new ones mapped.
pub fn upsert_named(
    conn: &Connection,
    part: Part,
    local_event: i64,
    remote_event: i64,
    list: &[NamedRow],
) -> Result<()> {
    let now = time::now();
    for r in list {
        let (name, capacity) = (&r.name, r.capacity);
        let (starts, ends) = (&r.starts_at, &r.ends_at);
        match (
            store::local_id(conn, part.kind(), remote_event, r.remote_id)?,
            part,
        ) {
            (Some(id), Part::Session) => {
                conn.execute(
                    "UPDATE sessions SET name = ?1, capacity = ?2, starts_at = ?3, ends_at = ?4,
                         updated_at = ?5 WHERE id = ?6",
                    params![name, capacity, starts, ends, now, id],
                )?;
            }
            (Some(id), Part::RegistrationType) => {
                conn.execute(
                    "UPDATE registration_types SET name = ?1, capacity = ?2, updated_at = ?3
                     WHERE id = ?4",
                    params![name, capacity, now, id],
                )?;
            }
            (None, Part::Session) => {
                conn.execute(
                    "INSERT INTO sessions (event_id, name, capacity, starts_at, ends_at,
                         created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
                    params![local_event, name, capacity, starts, ends, now],
                )?;
                store::map(
                    conn,
                    SESSION,
                    conn.last_insert_rowid(),
                    remote_event,
                    r.remote_id,
                )?;
            }
            (None, Part::RegistrationType) => {
                conn.execute(
                    "INSERT INTO registration_types (event_id, name, capacity, created_at,
                         updated_at) VALUES (?1, ?2, ?3, ?4, ?4)",
                    params![local_event, name, capacity, now],
                )?;
                let id = conn.last_insert_rowid();
                store::map(conn, part.kind(), id, remote_event, r.remote_id)?;
            }
        }
    }
    Ok(())
}

/// A remote attendee field's members that the local copy keeps.
#[derive(Debug, Clone)]
pub struct FieldRow {
    pub label: String,
    pub field_type: FieldType,
    pub required: bool,
    pub position: i64,
    /// The options as a JSON array's text, as the column holds them.
    pub options: String,
}

pub fn update_field(conn: &Connection, id: i64, f: &FieldRow) -> Result<()> {
    conn.execute(
        "UPDATE attendee_fields SET label = ?1, type = ?2, required = ?3, position = ?4,
             options = ?5, updated_at = ?6 WHERE id = ?7",
        params![
            f.label,
            f.field_type,
            f.required,
            f.position,
            f.options,
            time::now(),
            id
        ],
    )?;
    Ok(())
}

/// Creates a local copy of a remote field and maps it. Its machine name is `name`, or
/// `name_2`, `name_3`... when a field of the event already has it.
pub fn insert_field(
    conn: &Connection,
    local_event: i64,
    remote_event: i64,
    remote_id: i64,
    name: &str,
    f: &FieldRow,
) -> Result<i64> {
    let mut unique = name.to_owned();
    let mut n = 2;
    while conn
        .prepare_cached("SELECT 1 FROM attendee_fields WHERE event_id = ?1 AND name = ?2")?
        .exists(params![local_event, unique])?
    {
        unique = format!("{name}_{n}");
        n += 1;
    }
    conn.execute(
        "INSERT INTO attendee_fields (event_id, label, name, type, required, position,
             options, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
        params![
            local_event,
            f.label,
            unique,
            f.field_type,
            f.required,
            f.position,
            f.options,
            time::now()
        ],
    )?;
    let id = conn.last_insert_rowid();
    store::map(conn, FIELD, id, remote_event, remote_id)?;
    Ok(id)
}

/// The mapped fields of a local event: (local id, remote id).
pub fn mapped_fields(
    conn: &Connection,
    local_event: i64,
    remote_event: i64,
) -> Result<Vec<(i64, i64)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT m.local_id, m.remote_id FROM sync_map m JOIN attendee_fields f ON f.id = m.local_id
         WHERE m.kind = 'field' AND m.remote_event_id = ?1 AND f.event_id = ?2",
    )?;
    let rows = stmt.query_map(params![remote_event, local_event], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Deletes the local copy of a field the remote no longer has.
pub fn delete_field(conn: &Connection, id: i64) -> Result<()> {
    conn.execute("DELETE FROM attendee_fields WHERE id = ?1", [id])?;
    Ok(())
}

pub fn field_label(conn: &Connection, id: i64) -> Result<Option<String>> {
    Ok(conn
        .query_row(
            "SELECT label FROM attendee_fields WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .optional()?)
}

/// Our own walk-in whose create answer was lost: an unmapped attendee with this code.
pub fn unmapped_attendee_by_code(
    conn: &Connection,
    local_event: i64,
    code: &str,
) -> Result<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT a.id FROM attendees a WHERE a.event_id = ?1 AND a.qr_code = ?2
             AND NOT EXISTS (SELECT 1 FROM sync_map m WHERE m.kind = 'attendee' AND m.local_id = a.id)",
        )?
        .query_row(params![local_event, code], |r| r.get(0))
        .optional()?)
}

/// Whether an attendee of the event holds this code.
pub fn code_taken(conn: &Connection, local_event: i64, code: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM attendees WHERE event_id = ?1 AND qr_code = ?2")?
        .exists(params![local_event, code])?)
}

/// A remote attendee new here, in local terms.
#[derive(Debug, Clone)]
pub struct NewAttendee {
    pub first_name: String,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub job_title: Option<String>,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub registration_type_id: Option<i64>,
    pub rsvp_status: RsvpStatus,
    pub checkin_status: CheckinStatus,
    pub qr_code: String,
    pub created_at: String,
}

pub fn insert_attendee(conn: &Connection, local_event: i64, a: &NewAttendee) -> Result<i64> {
    conn.prepare_cached(
        "INSERT INTO attendees (event_id, first_name, last_name, email, job_title, phone, company,
             registration_type_id, rsvp_status, checkin_status, qr_code, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        local_event,
        a.first_name,
        a.last_name,
        a.email,
        a.job_title,
        a.phone,
        a.company,
        a.registration_type_id,
        a.rsvp_status,
        a.checkin_status,
        a.qr_code,
        a.created_at,
        time::now()
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Writes answers as given: a null value removes the answer.
pub fn set_answers(conn: &Connection, attendee: i64, answers: &[(i64, Value)]) -> Result<()> {
    for (field, value) in answers {
        if value.is_null() {
            conn.prepare_cached(
                "DELETE FROM attendee_answers WHERE attendee_id = ?1 AND field_id = ?2",
            )?
            .execute(params![attendee, field])?;
        } else {
            conn.prepare_cached(
                "INSERT INTO attendee_answers (attendee_id, field_id, value) VALUES (?1, ?2, ?3)
                 ON CONFLICT (attendee_id, field_id) DO UPDATE SET value = excluded.value",
            )?
            .execute(params![attendee, field, value.to_string()])?;
        }
    }
    Ok(())
}

/// The local and remote event of a mapped attendee.
pub fn attendee_events(conn: &Connection, local_attendee: i64) -> Result<Option<(i64, i64)>> {
    Ok(conn
        .prepare_cached(
            "SELECT a.event_id, m.remote_event_id FROM attendees a
             JOIN sync_map m ON m.kind = 'attendee' AND m.local_id = a.id WHERE a.id = ?1",
        )?
        .query_row([local_attendee], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// What the merge compares of a local attendee: the merged members (as JSON scalars, the
/// way outbox bodies and remote records carry them), the check-in state and the code.
#[derive(Debug, Clone, PartialEq)]
pub struct Held {
    pub members: HashMap<Member, Value>,
    pub checkin_status: String,
    pub qr_code: String,
}

pub fn held(conn: &Connection, id: i64) -> Result<Option<Held>> {
    let row: Option<String> = conn
        .query_row(
            "SELECT json_object('first_name', first_name, 'last_name', last_name, 'email', email,
                 'phone', phone, 'job_title', job_title, 'company', company,
                 'registration_type_id', registration_type_id, 'rsvp_status', rsvp_status,
                 'qr_code', qr_code, 'checkin_status', checkin_status) FROM attendees WHERE id = ?1",
            [id],
            |r| r.get(0),
        )
        .optional()?;
    // SQLite built this JSON itself; a row it cannot read back is no row.
    let Some(row) = row.and_then(|t| serde_json::from_str::<Value>(&t).ok()) else {
        return Ok(None);
    };
    Ok(Some(Held {
        members: Member::ALL
            .iter()
            .map(|m| (*m, row[m.name()].clone()))
            .collect(),
        checkin_status: row["checkin_status"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        qr_code: row["qr_code"].as_str().unwrap_or_default().to_owned(),
    }))
}

/// Writes one merged member. The column comes from the closed [`Member`] set.
pub fn set_member(conn: &Connection, id: i64, member: Member, value: &Value) -> Result<()> {
    let sql = match member {
        Member::FirstName => "UPDATE attendees SET first_name = ?1 WHERE id = ?2",
        Member::LastName => "UPDATE attendees SET last_name = ?1 WHERE id = ?2",
        Member::Email => "UPDATE attendees SET email = ?1 WHERE id = ?2",
        Member::Phone => "UPDATE attendees SET phone = ?1 WHERE id = ?2",
        Member::JobTitle => "UPDATE attendees SET job_title = ?1 WHERE id = ?2",
        Member::Company => "UPDATE attendees SET company = ?1 WHERE id = ?2",
        Member::RegistrationTypeId => {
            "UPDATE attendees SET registration_type_id = ?1 WHERE id = ?2"
        }
        Member::RsvpStatus => "UPDATE attendees SET rsvp_status = ?1 WHERE id = ?2",
    };
    let value: Box<dyn rusqlite::ToSql> = match value {
        Value::Null => Box::new(Option::<String>::None),
        Value::Number(n) => Box::new(n.as_i64()),
        other => Box::new(other.as_str().unwrap_or_default().to_owned()),
    };
    conn.prepare_cached(sql)?.execute(params![value, id])?;
    Ok(())
}

pub fn set_checkin_status(conn: &Connection, id: i64, status: CheckinStatus) -> Result<()> {
    conn.prepare_cached("UPDATE attendees SET checkin_status = ?1 WHERE id = ?2")?
        .execute(params![status, id])?;
    Ok(())
}

/// Gives the attendee this code unless another attendee holds it (then nothing changes).
pub fn set_code_if_free(conn: &Connection, id: i64, code: &str) -> Result<()> {
    conn.prepare_cached("UPDATE OR IGNORE attendees SET qr_code = ?1 WHERE id = ?2")?
        .execute(params![code, id])?;
    Ok(())
}

/// Stamps the attendee as changed now.
pub fn touch_attendee(conn: &Connection, id: i64) -> Result<()> {
    conn.prepare_cached("UPDATE attendees SET updated_at = ?1 WHERE id = ?2")?
        .execute(params![time::now(), id])?;
    Ok(())
}
