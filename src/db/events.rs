//! Events, registration types and sessions.

use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::domain::event::{
    Event, EventData, RegistrationType, RegistrationTypeData, Session, SessionData, erase_after,
};
use crate::domain::page::PageRequest;
use crate::domain::time;
use crate::error::{Error, Result};

/// The columns `event_from_row` reads; a macro so that the hot read by id is a
/// compile-time `&'static str` (see `db::attendees`' `columns!`).
macro_rules! event_columns {
    () => {
        "id, account_id, name, starts_at, ends_at, timezone, location, \
         attendee_count, created_at, updated_at, demo, door_questions, retention_days, \
         purged_at"
    };
}
const EVENT_COLUMNS: &str = event_columns!();

fn event_from_row(row: &Row<'_>) -> rusqlite::Result<Event> {
    let ends_at: Option<String> = row.get(4)?;
    Ok(Event {
        id: row.get(0)?,
        account_id: row.get(1)?,
        name: row.get(2)?,
        starts_at: row.get(3)?,
        timezone: row.get(5)?,
        location: row.get(6)?,
        attendee_count: row.get(7)?,
        created_at: row.get(8)?,
        updated_at: row.get(9)?,
        demo: row.get(10)?,
        door_questions: row.get(11)?,
        retention_days: row.get(12)?,
        erase_after: erase_after(ends_at.as_deref(), row.get(12)?).map(time::format),
        ends_at,
        purged_at: row.get(13)?,
    })
}

/// The event if it belongs to `account_id`. Events of other accounts do not exist as far
/// as the caller is concerned.
pub fn get(conn: &Connection, account_id: i64, id: i64) -> Result<Option<Event>> {
    Ok(conn
        .prepare_cached(concat!(
            "SELECT ",
            event_columns!(),
            " FROM events WHERE id = ?1 AND account_id = ?2"
        ))?
        .query_row(params![id, account_id], event_from_row)
        .optional()?)
}

/// An event found in the caller's account, with the version of its fields (what a read
/// of its attendees needs to use the copy of them in `db::cache`).
#[derive(Debug, Clone, Copy)]
pub struct Checked {
    pub id: i64,
    pub fields_version: i64,
}

/// That the event is one of the account's: the 404 every nested route answers when it
/// is not. For handlers that need only the check (reads two numbers, not the row).
pub fn check(conn: &Connection, account_id: i64, id: i64) -> Result<Checked> {
    conn.prepare_cached("SELECT fields_version FROM events WHERE id = ?1 AND account_id = ?2")?
        .query_row(params![id, account_id], |r| {
            Ok(Checked {
                id,
                fields_version: r.get(0)?,
            })
        })
        .optional()?
        .ok_or_else(|| Error::not_found(format_args!("event {id}")))
}

/// Like [`get`], but a missing event is the 404 every nested route answers.
pub fn require(conn: &Connection, account_id: i64, id: i64) -> Result<Event> {
    get(conn, account_id, id)?.ok_or_else(|| Error::not_found(format_args!("event {id}")))
}

pub fn list(conn: &Connection, account_id: i64, page: PageRequest) -> Result<(Vec<Event>, u64)> {
    let total: u64 = conn
        .prepare_cached("SELECT COUNT(*) FROM events WHERE account_id = ?1")?
        .query_row([account_id], |r| r.get(0))?;
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE account_id = ?1 ORDER BY id LIMIT ?2 OFFSET ?3"
    ))?;
    let rows = stmt.query_map(
        params![account_id, page.limit(), page.offset()],
        event_from_row,
    )?;
    Ok((rows.collect::<rusqlite::Result<_>>()?, total))
}

pub fn create(conn: &Connection, account_id: i64, data: &EventData) -> Result<Event> {
    let now = time::now();
    conn.execute(
        "INSERT INTO events (account_id, name, starts_at, ends_at, timezone, location, created_at,
             updated_at, door_questions, retention_days)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9)",
        params![
            account_id,
            data.name,
            data.starts_at,
            data.ends_at,
            data.timezone,
            data.location,
            now,
            data.door_questions,
            data.retention_days
        ],
    )?;
    require(conn, account_id, conn.last_insert_rowid())
}

pub fn update(conn: &Connection, event: &Event, data: &EventData) -> Result<Event> {
    conn.execute(
        "UPDATE events SET name = ?1, starts_at = ?2, ends_at = ?3, timezone = ?4, location = ?5,
         updated_at = ?6, door_questions = ?7, retention_days = ?9 WHERE id = ?8",
        params![
            data.name,
            data.starts_at,
            data.ends_at,
            data.timezone,
            data.location,
            time::now(),
            data.door_questions,
            event.id,
            data.retention_days
        ],
    )?;
    require(conn, event.account_id, event.id)
}

const REGISTRATION_TYPE_COLUMNS: &str = "id, event_id, name, capacity, created_at, updated_at, \
     (SELECT COUNT(*) FROM attendees a WHERE a.registration_type_id = registration_types.id)";

fn registration_type_from_row(row: &Row<'_>) -> rusqlite::Result<RegistrationType> {
    Ok(RegistrationType {
        id: row.get(0)?,
        event_id: row.get(1)?,
        name: row.get(2)?,
        capacity: row.get(3)?,
        created_at: row.get(4)?,
        updated_at: row.get(5)?,
        attendee_count: row.get(6)?,
    })
}

pub fn registration_types(conn: &Connection, event_id: i64) -> Result<Vec<RegistrationType>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REGISTRATION_TYPE_COLUMNS} FROM registration_types WHERE event_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([event_id], registration_type_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn registration_type(
    conn: &Connection,
    event_id: i64,
    id: i64,
) -> Result<Option<RegistrationType>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {REGISTRATION_TYPE_COLUMNS} FROM registration_types WHERE id = ?1 AND event_id = ?2"
        ))?
        .query_row(params![id, event_id], registration_type_from_row)
        .optional()?)
}

pub fn require_registration_type(
    conn: &Connection,
    event_id: i64,
    id: i64,
) -> Result<RegistrationType> {
    registration_type(conn, event_id, id)?
        .ok_or_else(|| Error::not_found(format_args!("registration type {id} of event {event_id}")))
}

pub fn create_registration_type(
    conn: &Connection,
    event_id: i64,
    data: &RegistrationTypeData,
) -> Result<RegistrationType> {
    conn.execute(
        "INSERT INTO registration_types (event_id, name, capacity, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?4)",
        params![event_id, data.name, data.capacity, time::now()],
    )?;
    require_registration_type(conn, event_id, conn.last_insert_rowid())
}

pub fn update_registration_type(
    conn: &Connection,
    current: &RegistrationType,
    data: &RegistrationTypeData,
) -> Result<RegistrationType> {
    conn.execute(
        "UPDATE registration_types SET name = ?1, capacity = ?2, updated_at = ?3 WHERE id = ?4",
        params![data.name, data.capacity, time::now(), current.id],
    )?;
    require_registration_type(conn, current.event_id, current.id)
}

const SESSION_COLUMNS: &str = "id, event_id, name, starts_at, ends_at, capacity, created_at, \
     updated_at, (SELECT COUNT(DISTINCT c.attendee_id) FROM check_ins c \
     WHERE c.session_id = sessions.id AND c.attendee_id IS NOT NULL)";

fn session_from_row(row: &Row<'_>) -> rusqlite::Result<Session> {
    Ok(Session {
        id: row.get(0)?,
        event_id: row.get(1)?,
        name: row.get(2)?,
        starts_at: row.get(3)?,
        ends_at: row.get(4)?,
        capacity: row.get(5)?,
        created_at: row.get(6)?,
        updated_at: row.get(7)?,
        attendee_count: row.get(8)?,
    })
}

pub fn sessions(conn: &Connection, event_id: i64) -> Result<Vec<Session>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {SESSION_COLUMNS} FROM sessions WHERE event_id = ?1 ORDER BY id"
    ))?;
    let rows = stmt.query_map([event_id], session_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub fn require_session(conn: &Connection, event_id: i64, id: i64) -> Result<Session> {
    conn.prepare_cached(&format!(
        "SELECT {SESSION_COLUMNS} FROM sessions WHERE id = ?1 AND event_id = ?2"
    ))?
    .query_row(params![id, event_id], session_from_row)
    .optional()?
    .ok_or_else(|| Error::not_found(format_args!("session {id} of event {event_id}")))
}

pub fn create_session(conn: &Connection, event_id: i64, data: &SessionData) -> Result<Session> {
    conn.execute(
        "INSERT INTO sessions (event_id, name, starts_at, ends_at, capacity, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
        params![event_id, data.name, data.starts_at, data.ends_at, data.capacity, time::now()],
    )?;
    require_session(conn, event_id, conn.last_insert_rowid())
}

pub fn update_session(conn: &Connection, current: &Session, data: &SessionData) -> Result<Session> {
    conn.execute(
        "UPDATE sessions SET name = ?1, starts_at = ?2, ends_at = ?3, capacity = ?4, updated_at = ?5
         WHERE id = ?6",
        params![data.name, data.starts_at, data.ends_at, data.capacity, time::now(), current.id],
    )?;
    require_session(conn, current.event_id, current.id)
}

/// Removes a registration type; the attendees who had it keep no type (their `updated_at`
/// moves, so that a sync or an export sees the change).
pub fn delete_registration_type(conn: &Connection, current: &RegistrationType) -> Result<()> {
    conn.execute(
        "UPDATE attendees SET registration_type_id = NULL, updated_at = ?1
         WHERE registration_type_id = ?2",
        params![time::now(), current.id],
    )?;
    conn.execute("DELETE FROM registration_types WHERE id = ?1", [current.id])?;
    Ok(())
}

/// Removes a session with its check-in history and presence (the schema cascades).
pub fn delete_session(conn: &Connection, current: &Session) -> Result<()> {
    conn.execute("DELETE FROM sessions WHERE id = ?1", [current.id])?;
    Ok(())
}

/// Marks an event as the demo event.
pub fn mark_demo(conn: &Connection, id: i64) -> Result<()> {
    conn.execute("UPDATE events SET demo = 1 WHERE id = ?1", [id])?;
    Ok(())
}

/// Whether the account has any event at all.
pub fn any_in_account(conn: &Connection, account_id: i64) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM events WHERE account_id = ?1)",
        [account_id],
        |r| r.get::<_, bool>(0),
    )?)
}

/// The account an event belongs to, whichever it is (the command line acts as the
/// database's owner); `None` when there is no such event.
pub fn account_of(conn: &Connection, id: i64) -> Result<Option<i64>> {
    Ok(conn
        .query_row("SELECT account_id FROM events WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .optional()?)
}

/// The account's demo event, if it has one.
pub fn demo_event(conn: &Connection, account_id: i64) -> Result<Option<Event>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {EVENT_COLUMNS} FROM events WHERE account_id = ?1 AND demo = 1 ORDER BY id LIMIT 1"
        ))?
        .query_row([account_id], event_from_row)
        .optional()?)
}

/// Removes every demo event of the account with everything in it (attendees, answers,
/// fields, types, sessions, history: the schema cascades). Returns how many went.
pub fn delete_demo_events(conn: &Connection, account_id: i64) -> Result<usize> {
    // Attendees reference registration types without a cascade: they go first.
    conn.execute(
        "DELETE FROM attendees WHERE event_id IN
         (SELECT id FROM events WHERE account_id = ?1 AND demo = 1)",
        [account_id],
    )?;
    Ok(conn.execute(
        "DELETE FROM events WHERE account_id = ?1 AND demo = 1",
        [account_id],
    )?)
}
