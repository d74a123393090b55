//! Erasure of an attendee's personal data, and the per-event retention that erases it
//! on its own (issue 19). The API's `DELETE .../attendees/{id}`, `entrada purge` and the
//! server's retention pass all call [`erase`] / [`erase_event`], inside one write job.
//!
//! What goes: the attendee row (names, email, phone, company, job title, code, door
//! note), its answers, session presence, code alias, the sync's copies of it (merge base,
//! conflicts, queued creates and updates) and stored idempotent answers that carry its
//! code. What stays: the check-in history, so the event's counts do not change, with the
//! attendee anonymised (`attendee_id` and the scanned `code` set to null), as the
//! history holds a scan of an unknown code. The sync learns of it (`queue_erasure`).
//!
//! Bytes: every read-write connection runs with `PRAGMA secure_delete` (set where the
//! writer's connection is opened, `db::open_read_write`), so SQLite overwrites the
//! freed content with zeros, and the search index deletes its entries at once
//! (FTS5 `secure-delete`, migrations/0009). A backup made after the erasure copies those
//! zeroed pages, never the person.

use std::collections::HashSet;

use rusqlite::{Connection, params};
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
    let codes = codes(conn, Who::One(attendee_id))?;
    // The history stays, anonymised. `check_ins.attendee_id` cascades on delete, so it
    // is cleared before the attendee goes, or the records would go with the person.
    let check_ins_kept = conn
        .prepare_cached(
            "UPDATE check_ins SET attendee_id = NULL, code = NULL WHERE attendee_id = ?1",
        )?
        .execute([attendee_id])? as i64;
    // Refused scans of the person's code (e.g. a second check-in) may carry the code
    // without naming the attendee: cleared too. (A scan at another event, `wrong_event`,
    // keeps the code it read: that record is the other event's.)
    let mut clear = conn.prepare_cached(
        "UPDATE check_ins SET code = NULL
         WHERE event_id = ?1 AND attendee_id IS NULL AND code = ?2",
    )?;
    for code in &codes {
        clear.execute(params![event_id, code])?;
    }
    for statement in [
        "DELETE FROM attendee_answers WHERE attendee_id = ?1",
        "DELETE FROM session_presence WHERE attendee_id = ?1",
        "DELETE FROM attendee_code_aliases WHERE attendee_id = ?1",
        "DELETE FROM sync_conflicts WHERE attendee_id = ?1",
    ] {
        conn.prepare_cached(statement)?.execute([attendee_id])?;
    }
    forget_stored_answers(conn, &codes)?;
    queue_erasure(conn, event_id, attendee_id)?;
    conn.prepare_cached("DELETE FROM attendees WHERE id = ?1")?
        .execute([attendee_id])?;
    Ok(Erased { check_ins_kept })
}

/// Erases every attendee of the event and marks it purged (`purged_at`); how many.
/// Used by `entrada purge` and the retention pass. One job: a large event is one
/// transaction, so an interrupted purge leaves the event as it was. Set-wise statements
/// (not [`erase`] per attendee), so the history and the stored answers are read once.
pub fn erase_event(conn: &Connection, event_id: i64) -> Result<u64> {
    let ids: Vec<i64> = conn
        .prepare("SELECT id FROM attendees WHERE event_id = ?1 ORDER BY id")?
        .query_map([event_id], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let codes = codes(conn, Who::Event(event_id))?;
    // Every record of the event loses its attendee and its code: with every attendee
    // gone, a code left in the history could only point at a person.
    conn.prepare(
        "UPDATE check_ins SET attendee_id = NULL, code = NULL
         WHERE event_id = ?1 AND (attendee_id IS NOT NULL OR code IS NOT NULL)",
    )?
    .execute([event_id])?;
    for statement in [
        "DELETE FROM attendee_answers
         WHERE attendee_id IN (SELECT id FROM attendees WHERE event_id = ?1)",
        "DELETE FROM session_presence
         WHERE attendee_id IN (SELECT id FROM attendees WHERE event_id = ?1)",
        "DELETE FROM attendee_code_aliases WHERE event_id = ?1",
        "DELETE FROM sync_conflicts WHERE event_id = ?1 AND attendee_id IS NOT NULL",
    ] {
        conn.prepare(statement)?.execute([event_id])?;
    }
    forget_stored_answers(conn, &codes)?;
    for id in &ids {
        queue_erasure(conn, event_id, *id)?;
    }
    conn.prepare("DELETE FROM attendees WHERE event_id = ?1")?
        .execute([event_id])?;
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

/// Whose codes [`codes`] reads: one attendee, or every attendee of an event.
enum Who {
    One(i64),
    Event(i64),
}

/// The ticket codes (and walk-in aliases) of the attendees to erase.
fn codes(conn: &Connection, who: Who) -> Result<HashSet<String>> {
    let (sql, id) = match who {
        Who::One(id) => (
            "SELECT qr_code FROM attendees WHERE id = ?1
             UNION SELECT code FROM attendee_code_aliases WHERE attendee_id = ?1",
            id,
        ),
        Who::Event(id) => (
            "SELECT qr_code FROM attendees WHERE event_id = ?1
             UNION SELECT code FROM attendee_code_aliases WHERE event_id = ?1",
            id,
        ),
    };
    Ok(conn
        .prepare(sql)?
        .query_map([id], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<_>>()?)
}

/// Stored first answers of keyed requests (`idempotency_keys`) that hold one of the
/// attendees: every answer that carries an attendee record carries its `qr_code`
/// (unique in the event), so an answer with a `"qr_code"` member of one of `codes` goes.
/// A repeat of such a request then runs again, and finds no attendee. One pass over the
/// table (a day's keys at most), however many attendees are erased.
fn forget_stored_answers(conn: &Connection, codes: &HashSet<String>) -> Result<()> {
    if codes.is_empty() {
        return Ok(());
    }
    let mut doomed: Vec<(String, String)> = Vec::new();
    {
        let mut stmt = conn.prepare("SELECT principal, key, body FROM idempotency_keys")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let body: Vec<u8> = row.get(2)?;
            if names_a_code(&body, codes) {
                doomed.push((row.get(0)?, row.get(1)?));
            }
        }
    }
    let mut delete =
        conn.prepare_cached("DELETE FROM idempotency_keys WHERE principal = ?1 AND key = ?2")?;
    for (principal, key) in &doomed {
        delete.execute(params![principal, key])?;
    }
    Ok(())
}

/// Whether a stored JSON answer has a `"qr_code"` member whose value is one of `codes`.
/// Answers are serde_json's compact output, so the member reads `"qr_code":"..."`; a
/// value with escapes is decoded before it is compared.
fn names_a_code(body: &[u8], codes: &HashSet<String>) -> bool {
    const MEMBER: &[u8] = b"\"qr_code\":";
    let mut rest = body;
    while let Some(at) = memchr::memmem::find(rest, MEMBER) {
        rest = &rest[at + MEMBER.len()..];
        let mut value = serde_json::Deserializer::from_slice(rest).into_iter::<String>();
        if let Some(Ok(code)) = value.next()
            && codes.contains(&code)
        {
            return true;
        }
    }
    false
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
fn queue_erasure(conn: &Connection, event_id: i64, attendee_id: i64) -> Result<()> {
    if !sync::is_mirrored(conn, event_id)? {
        return Ok(());
    }
    let code: String = conn
        .prepare_cached("SELECT qr_code FROM attendees WHERE id = ?1")?
        .query_row([attendee_id], |r| r.get(0))?;
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

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::names_a_code;

    #[test]
    fn a_stored_answer_is_found_by_the_code_it_carries() {
        let codes: HashSet<String> = ["7KQ2-MXW9-PD3A-H8RT".to_owned(), "a\"b".to_owned()].into();
        let scan =
            br#"{"item":{"outcome":"ok","attendee":{"id":7,"qr_code":"7KQ2-MXW9-PD3A-H8RT"}}}"#;
        assert!(names_a_code(scan, &codes));
        assert!(
            names_a_code(br#"{"item":{"qr_code":"a\"b"}}"#, &codes),
            "escaped"
        );
        let other =
            br#"{"item":{"id":8,"qr_code":"7KQ2-MXW9-PD3A-H8RX","code":"7KQ2-MXW9-PD3A-H8RT"}}"#;
        assert!(
            !names_a_code(other, &codes),
            "another attendee's answer stays"
        );
        assert!(!names_a_code(b"not json \"qr_code\":", &codes));
        assert!(!names_a_code(b"", &codes));
    }
}
