//! Erasure of an attendee's personal data, and the per-event retention that erases it
//! on its own (issue 19). The API's `DELETE .../attendees/{id}`, `entrada purge` and the
//! server's retention pass all call [`erase`] / [`erase_event`], inside one write job.
//!
//! What goes: the attendee row (names, email, phone, company, job title, code, door
//! note), its answers, session presence, code alias, the sync's copies of it (merge base,
//! conflicts, queued creates and updates) and stored idempotent answers that repeat it.
//! What stays: the check-in history, so the event's counts do not change, with the
//! attendee anonymised (`attendee_id` and the scanned `code` set to null), exactly like
//! a scan of an unknown code.
//!
//! Bytes: the connection runs with `PRAGMA secure_delete` (set again here, so that an
//! erasure never depends on how its connection was opened), so SQLite overwrites the
//! freed content with zeros, and the search index deletes its entries at once
//! (FTS5 `secure-delete`, migrations/0009). A backup made after the erasure copies those
//! zeroed pages, never the person.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::json;

use super::attendees;
use super::sync::{self, ATTENDEE, Change};
use crate::domain::time;
use crate::error::Result;

/// What an erasure kept: the anonymised history records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Erased {
    /// Check-in history records kept without the person.
    pub check_ins_kept: i64,
}

/// Erases one attendee of the event; 404 when it is none of the event's. Call it inside
/// a write job: everything below commits together or not at all.
pub fn erase(conn: &Connection, event_id: i64, attendee_id: i64) -> Result<Erased> {
    attendees::require_row(conn, event_id, attendee_id)?;
    secure(conn)?;
    erase_one(conn, event_id, attendee_id)
}

/// Erases every attendee of the event and marks it purged (`purged_at`); how many.
/// Used by `entrada purge` and the retention pass. One job: a large event is one
/// transaction, so an interrupted purge leaves the event as it was.
pub fn erase_event(conn: &Connection, event_id: i64) -> Result<u64> {
    secure(conn)?;
    let ids: Vec<i64> = conn
        .prepare("SELECT id FROM attendees WHERE event_id = ?1 ORDER BY id")?
        .query_map([event_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for id in &ids {
        erase_one(conn, event_id, *id)?;
    }
    conn.prepare_cached("UPDATE events SET purged_at = ?1 WHERE id = ?2")?
        .execute(params![time::now(), event_id])?;
    Ok(ids.len() as u64)
}

/// An event whose retention time has passed and that still has attendees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub event_id: i64,
    pub erase_after: String,
}

/// The events whose `erase_after` (end + `retention_days`) is at or before `now` and
/// that have attendees: those never purged, and those given attendees since.
pub fn due(conn: &Connection, now: chrono::DateTime<chrono::Utc>) -> Result<Vec<Due>> {
    let mut stmt = conn.prepare(
        "SELECT id, ends_at, retention_days FROM events
         WHERE retention_days IS NOT NULL AND ends_at IS NOT NULL AND attendee_count > 0
         ORDER BY id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, i64>(2)?,
        ))
    })?;
    let mut due = Vec::new();
    for row in rows {
        let (event_id, ends_at, days) = row?;
        // The time is computed here, not in SQL: a mirrored event's `ends_at` is the
        // remote's text as sent, with any offset, which SQLite's date functions misread.
        if let Some(at) = crate::domain::event::erase_after(Some(&ends_at), Some(days))
            && at <= now
        {
            due.push(Due {
                event_id,
                erase_after: time::format(at),
            });
        }
    }
    Ok(due)
}

/// Overwrite freed content with zeros on this connection (see the module's words).
fn secure(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "secure_delete", "ON")?;
    Ok(())
}

fn erase_one(conn: &Connection, event_id: i64, attendee_id: i64) -> Result<Erased> {
    let code: String = conn
        .prepare_cached("SELECT qr_code FROM attendees WHERE id = ?1")?
        .query_row([attendee_id], |r| r.get(0))?;
    let alias: Option<String> = conn
        .prepare_cached("SELECT code FROM attendee_code_aliases WHERE attendee_id = ?1")?
        .query_row([attendee_id], |r| r.get(0))
        .optional()?;
    let alias = alias.unwrap_or_default();

    // The history stays, anonymised. `check_ins.attendee_id` cascades on delete, so it
    // is cleared before the attendee goes, or the records would go with the person.
    let check_ins_kept = conn
        .prepare_cached(
            "UPDATE check_ins SET attendee_id = NULL, code = NULL WHERE attendee_id = ?1",
        )?
        .execute([attendee_id])? as i64;
    // Refused scans of the person's code (e.g. a second check-in) name no attendee but
    // carry the code: cleared too. (A scan at another event, `wrong_event`, keeps the
    // code it read: the event it was read at is not this one's to erase.)
    conn.prepare_cached(
        "UPDATE check_ins SET code = NULL
         WHERE event_id = ?1 AND attendee_id IS NULL AND code IN (?2, ?3)",
    )?
    .execute(params![event_id, code, alias])?;

    for statement in [
        "DELETE FROM attendee_answers WHERE attendee_id = ?1",
        "DELETE FROM session_presence WHERE attendee_id = ?1",
        "DELETE FROM attendee_code_aliases WHERE attendee_id = ?1",
        "DELETE FROM sync_conflicts WHERE attendee_id = ?1",
    ] {
        conn.prepare_cached(statement)?.execute([attendee_id])?;
    }
    forget_stored_answers(conn, &code, &alias)?;
    queue_erasure(conn, event_id, attendee_id, &code)?;
    conn.prepare_cached("DELETE FROM attendees WHERE id = ?1")?
        .execute([attendee_id])?;
    Ok(Erased { check_ins_kept })
}

/// Stored first answers of keyed requests (`idempotency_keys`) that hold the attendee:
/// every answer that carries an attendee record carries its `qr_code` (random, unique in
/// the event), so a body that mentions the code goes. A repeat of such a request then
/// runs again, and answers 404, as for any attendee that is gone.
fn forget_stored_answers(conn: &Connection, code: &str, alias: &str) -> Result<()> {
    let mut stmt = conn
        .prepare_cached("DELETE FROM idempotency_keys WHERE instr(CAST(body AS TEXT), ?1) > 0")?;
    for code in [code, alias] {
        if !code.is_empty() {
            // The code as JSON writes it, quotes included: never a part of another code.
            stmt.execute([format!("\"{code}\"")])?;
        }
    }
    Ok(())
}

/// The outbox learns of the erasure (SYNC.md, "Erasure"). Queued creates and updates
/// carry the person's data: they go. Check-in entries carry none and keep their place,
/// so the remote's history counts what this one counts, then the erasure follows them.
///
/// - Known to the remote (mapped): an `attendee_delete` of the mapped record; the merge
///   base (the remote's copy of the person) is cleared now, the map row when the remote
///   confirms.
/// - Never sent: every entry goes and nothing is queued; the remote never knew them.
/// - Sent but not confirmed (its answer may have been lost): every entry goes, and an
///   `attendee_delete` carrying only the ticket code finds the record the create may
///   have made (an Entrada remote, by its `qr_code` filter) and deletes it.
fn queue_erasure(conn: &Connection, event_id: i64, attendee_id: i64, code: &str) -> Result<()> {
    if !sync::is_mirrored(conn, event_id)? {
        return Ok(());
    }
    let mapped = sync::remote_id(conn, ATTENDEE, attendee_id)?.is_some();
    let entries = sync::pending_for(conn, true, attendee_id)?;
    let may_have_arrived = entries
        .iter()
        .any(|e| e.change == Change::AttendeeCreate && e.sent_at.is_some());
    let personal = |change: Change| {
        matches!(
            change,
            Change::AttendeeCreate | Change::AttendeeUpdate | Change::AttendeeDelete
        )
    };
    let drop: Vec<i64> = entries
        .iter()
        .filter(|e| !mapped || personal(e.change))
        .map(|e| e.id)
        .collect();
    sync::settle(conn, &drop)?;
    if mapped {
        sync::forget_base(conn, attendee_id)?;
        sync::queue(
            conn,
            event_id,
            Change::AttendeeDelete,
            attendee_id,
            &json!({}),
            None,
        )
    } else if may_have_arrived {
        let body = json!({ "qr_code": code });
        sync::queue(
            conn,
            event_id,
            Change::AttendeeDelete,
            attendee_id,
            &body,
            None,
        )
    } else {
        Ok(())
    }
}
