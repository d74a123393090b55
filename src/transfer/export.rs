//! CSV export: the event's attendees (members, answers, check-in times) and its check-in
//! history (with device and person), for the organiser's report of who came.
//!
//! Every cell that a spreadsheet would take for a formula (starting with `=`, `+`, `-`,
//! `@`, a tab or a carriage return) is written with a leading `'`, so a name like
//! `=HYPERLINK(...)` typed at a walk-in desk stays text when the file is opened (CSV
//! injection). The attendee export uses the import's headings, so it imports back.

use std::collections::HashMap;
use std::io::Write;

use rusqlite::Connection;
use serde_json::Value;

use crate::db::{attendee_fields, events};
use crate::domain::field::answer_to_text;
use crate::error::{Error, Result};

/// A cell as a spreadsheet must show it: text, never a formula.
pub fn safe_cell(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The inverse of [`safe_cell`], for the import: a file this project exported imports
/// back with the values it had.
pub fn unescape_cell(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@', '\t', '\r']) => rest,
        _ => text,
    }
}

fn writer<W: Write>(out: W) -> csv::Writer<W> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(out)
}

fn write_row<W: Write>(w: &mut csv::Writer<W>, cells: &[String]) -> Result<()> {
    w.write_record(cells.iter().map(|c| safe_cell(c).into_owned()))
        .map_err(|e| Error::internal(format!("cannot write CSV: {e}")))
}

fn text(v: Option<String>) -> String {
    v.unwrap_or_default()
}

/// The attendee export's first columns, one per selected value of [`ATTENDEE_ROWS`] and in
/// its order; the event's fields follow. The names are the import's, so the file imports back.
const ATTENDEE_COLUMNS: [&str; 18] = [
    "id",
    "first_name",
    "last_name",
    "email",
    "phone",
    "job_title",
    "company",
    "registration_type",
    "rsvp_status",
    "checkin_status",
    "qr_code",
    "created_at",
    "updated_at",
    "first_checked_in_at",
    "last_checked_in_at",
    "last_checked_out_at",
    "door_note",
    "needs_attention",
];

/// One row per attendee with the values of [`ATTENDEE_COLUMNS`]; the times are those of
/// the event's door (no session), successful check-ins and check-outs only.
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

/// Writes every attendee of the event: members, registration type by name, check-in
/// status and times (first check-in at the door, last check-in, last check-out), and
/// one column per field (headed by its label). Answers the number of rows.
pub fn attendees<W: Write>(
    conn: &Connection,
    account_id: i64,
    event_id: i64,
    out: W,
) -> Result<u64> {
    events::require(conn, account_id, event_id)?;
    let fields: Vec<_> = attendee_fields::list(conn, event_id)?
        .into_iter()
        .filter(|f| f.field_type.takes_value())
        .collect();
    let answers = answers_of(conn, event_id)?;
    let mut w = writer(out);
    let mut heading: Vec<String> = ATTENDEE_COLUMNS.iter().map(|s| (*s).to_owned()).collect();
    heading.extend(fields.iter().map(|f| f.label.clone()));
    write_row(&mut w, &heading)?;
    let mut stmt = conn.prepare(ATTENDEE_ROWS)?;
    let mut rows = stmt.query([event_id])?;
    let mut count = 0;
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        let mut cells = vec![id.to_string()];
        for i in 1..ATTENDEE_COLUMNS.len() {
            cells.push(text(r.get::<_, Option<String>>(i)?));
        }
        for f in &fields {
            cells.push(
                answers
                    .get(&(id, f.id))
                    .map(answer_to_text)
                    .unwrap_or_default(),
            );
        }
        write_row(&mut w, &cells)?;
        count += 1;
    }
    w.flush()
        .map_err(|e| Error::internal(format!("cannot write CSV: {e}")))?;
    Ok(count)
}

/// Every answer of the event's attendees, by (attendee, field), read in one query rather
/// than one per attendee. A stored value that is not JSON is taken as text.
fn answers_of(conn: &Connection, event_id: i64) -> Result<HashMap<(i64, i64), Value>> {
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

/// Writes the event's check-in history, oldest first: every check-in, check-out and
/// undo, refused attempts included, with the attendee, session, device and who did it.
pub fn check_ins<W: Write>(
    conn: &Connection,
    account_id: i64,
    event_id: i64,
    out: W,
) -> Result<u64> {
    events::require(conn, account_id, event_id)?;
    let mut w = writer(out);
    let heading: Vec<String> = [
        "id",
        "at",
        "action",
        "outcome",
        "attendee_id",
        "attendee_name",
        "qr_code",
        "scanned_code",
        "session",
        "device",
        "by_person",
        "by_client",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    write_row(&mut w, &heading)?;
    let mut stmt = conn.prepare(
        "SELECT c.id, c.created_at, c.action, c.outcome, c.attendee_id,
                trim(a.first_name || ' ' || COALESCE(a.last_name, '')), a.qr_code, c.code,
                s.name, c.device,
                CASE WHEN u.id IS NULL THEN NULL ELSE u.name || ' <' || u.email || '>' END,
                COALESCE(cl.name || ' (' || c.client_id || ')', c.client_id)
         FROM check_ins c
         LEFT JOIN attendees a ON a.id = c.attendee_id
         LEFT JOIN sessions s ON s.id = c.session_id
         LEFT JOIN users u ON u.id = c.user_id
         LEFT JOIN clients cl ON cl.client_id = c.client_id
         WHERE c.event_id = ?1 ORDER BY c.id",
    )?;
    let mut rows = stmt.query([event_id])?;
    let mut count = 0;
    while let Some(r) = rows.next()? {
        let mut cells = vec![r.get::<_, i64>(0)?.to_string()];
        for i in 1..4 {
            cells.push(text(r.get(i)?));
        }
        cells.push(
            r.get::<_, Option<i64>>(4)?
                .map(|v| v.to_string())
                .unwrap_or_default(),
        );
        for i in 5..12 {
            cells.push(text(r.get(i)?));
        }
        write_row(&mut w, &cells)?;
        count += 1;
    }
    w.flush()
        .map_err(|e| Error::internal(format!("cannot write CSV: {e}")))?;
    Ok(count)
}
