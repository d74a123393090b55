//! The CSV export's reads (`transfer::export`): an event's attendees with their door
//! times, their answers, and its check-in history with names joined in.
//!
//! These are report queries, not records: each row joins several tables into the cells of
//! one line of a file, which no repository's record type holds, and large events stream
//! them row by row (`each`) instead of loading them. So they live together here rather
//! than in `attendees` and `check_ins`, whose functions answer with the API's records.

use std::collections::HashMap;

use rusqlite::{Connection, Row};
use serde_json::Value;

use crate::error::Result;

/// One attendee as the export writes it: the members, the registration type by name, and
/// the times of the event's door (no session), successful check-ins and check-outs only.
#[derive(Debug, Clone, Default)]
pub struct AttendeeRow {
    pub id: i64,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub job_title: Option<String>,
    pub company: Option<String>,
    pub registration_type: Option<String>,
    pub rsvp_status: Option<String>,
    pub checkin_status: Option<String>,
    pub qr_code: Option<String>,
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    pub first_checked_in_at: Option<String>,
    pub last_checked_in_at: Option<String>,
    pub last_checked_out_at: Option<String>,
    pub door_note: Option<String>,
    /// `yes` or `no`.
    pub needs_attention: Option<String>,
}

const ATTENDEE_ROWS: &str = "
    SELECT a.id, a.first_name, a.last_name, a.email, a.phone, a.job_title, a.company,
           rt.name, a.rsvp_status, a.checkin_status, a.qr_code, a.created_at, a.updated_at,
           (SELECT MIN(c.created_at) FROM check_ins c WHERE c.attendee_id = a.id
              AND c.session_id IS NULL AND c.action = 'check_in' AND c.outcome = 'ok'),
           (SELECT MAX(c.created_at) FROM check_ins c WHERE c.attendee_id = a.id
              AND c.session_id IS NULL AND c.action = 'check_in' AND c.outcome = 'ok'),
           (SELECT MAX(c.created_at) FROM check_ins c WHERE c.attendee_id = a.id
              AND c.session_id IS NULL AND c.action = 'check_out' AND c.outcome = 'ok'),
           a.door_note, CASE a.needs_attention WHEN 1 THEN 'yes' ELSE 'no' END
    FROM attendees a LEFT JOIN registration_types rt ON rt.id = a.registration_type_id
    WHERE a.event_id = ?1 ORDER BY a.id";

fn attendee_row(r: &Row<'_>) -> rusqlite::Result<AttendeeRow> {
    Ok(AttendeeRow {
        id: r.get(0)?,
        first_name: r.get(1)?,
        last_name: r.get(2)?,
        email: r.get(3)?,
        phone: r.get(4)?,
        job_title: r.get(5)?,
        company: r.get(6)?,
        registration_type: r.get(7)?,
        rsvp_status: r.get(8)?,
        checkin_status: r.get(9)?,
        qr_code: r.get(10)?,
        created_at: r.get(11)?,
        updated_at: r.get(12)?,
        first_checked_in_at: r.get(13)?,
        last_checked_in_at: r.get(14)?,
        last_checked_out_at: r.get(15)?,
        door_note: r.get(16)?,
        needs_attention: r.get(17)?,
    })
}

/// Calls `each` with every attendee of the event, in id order; answers how many.
pub fn attendees(
    conn: &Connection,
    event_id: i64,
    each: impl FnMut(AttendeeRow) -> Result<()>,
) -> Result<u64> {
    stream(conn, ATTENDEE_ROWS, event_id, attendee_row, each)
}

/// Runs `sql` (of one parameter, the event) and calls `each` with every row read by
/// `read`, as it comes; answers how many.
fn stream<T>(
    conn: &Connection,
    sql: &str,
    event_id: i64,
    read: fn(&Row<'_>) -> rusqlite::Result<T>,
    mut each: impl FnMut(T) -> Result<()>,
) -> Result<u64> {
    let mut stmt = conn.prepare(sql)?;
    let mut rows = stmt.query([event_id])?;
    let mut count = 0;
    while let Some(r) = rows.next()? {
        each(read(r)?)?;
        count += 1;
    }
    Ok(count)
}

/// Every answer of the event's attendees, by (attendee, field), read in one query rather
/// than one per attendee. A stored value that is not JSON is taken as text.
pub fn answers(conn: &Connection, event_id: i64) -> Result<HashMap<(i64, i64), Value>> {
    let mut answers = HashMap::new();
    let mut stmt = conn.prepare(
        "SELECT aa.attendee_id, aa.field_id, aa.value FROM attendee_answers aa
         JOIN attendees a ON a.id = aa.attendee_id WHERE a.event_id = ?1",
    )?;
    let rows = stmt.query_map([event_id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (attendee, field, value) = row?;
        answers.insert(
            (attendee, field),
            serde_json::from_str(&value).unwrap_or(Value::String(value)),
        );
    }
    Ok(answers)
}

/// One line of the check-in history, with the names of what it refers to.
#[derive(Debug, Clone, Default)]
pub struct CheckInRow {
    pub id: i64,
    pub at: Option<String>,
    pub action: Option<String>,
    pub outcome: Option<String>,
    pub attendee_id: Option<i64>,
    /// First and last name.
    pub attendee_name: Option<String>,
    pub qr_code: Option<String>,
    /// The code as scanned, when the record came from a scan.
    pub scanned_code: Option<String>,
    pub session: Option<String>,
    pub device: Option<String>,
    /// `name <email>` of the person signed in.
    pub by_person: Option<String>,
    /// `name (client id)` of the API client, or its id when it is gone.
    pub by_client: Option<String>,
}

fn check_in_row(r: &Row<'_>) -> rusqlite::Result<CheckInRow> {
    Ok(CheckInRow {
        id: r.get(0)?,
        at: r.get(1)?,
        action: r.get(2)?,
        outcome: r.get(3)?,
        attendee_id: r.get(4)?,
        attendee_name: r.get(5)?,
        qr_code: r.get(6)?,
        scanned_code: r.get(7)?,
        session: r.get(8)?,
        device: r.get(9)?,
        by_person: r.get(10)?,
        by_client: r.get(11)?,
    })
}

/// Calls `each` with every check-in record of the event, oldest first, refused attempts
/// included; answers how many.
pub fn check_ins(
    conn: &Connection,
    event_id: i64,
    each: impl FnMut(CheckInRow) -> Result<()>,
) -> Result<u64> {
    const CHECK_IN_ROWS: &str = "SELECT c.id, c.created_at, c.action, c.outcome, c.attendee_id,
                trim(a.first_name || ' ' || COALESCE(a.last_name, '')), a.qr_code, c.code,
                s.name, c.device,
                CASE WHEN u.id IS NULL THEN NULL ELSE u.name || ' <' || u.email || '>' END,
                COALESCE(cl.name || ' (' || c.client_id || ')', c.client_id)
         FROM check_ins c
         LEFT JOIN attendees a ON a.id = c.attendee_id
         LEFT JOIN sessions s ON s.id = c.session_id
         LEFT JOIN users u ON u.id = c.user_id
         LEFT JOIN clients cl ON cl.client_id = c.client_id
         WHERE c.event_id = ?1 ORDER BY c.id";
    stream(conn, CHECK_IN_ROWS, event_id, check_in_row, each)
}
