//! CSV export: the event's attendees (members, answers, check-in times) and its check-in
//! history (with device and person), for the organiser's report of who came.
//!
//! Every cell that a spreadsheet would take for a formula (starting with `=`, `+`, `-`,
//! `@`, a tab or a carriage return) is written with a leading `'`, so a name like
//! `=HYPERLINK(...)` typed at a walk-in desk stays text when the file is opened (CSV
//! injection). The attendee export uses the import's headings, so it imports back.

use std::io::Write;

use rusqlite::Connection;

use crate::db::export::{self, AttendeeRow};
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

/// The attendee export's first columns, one per member of [`AttendeeRow`] and in its order
/// ([`attendee_cells`]); the event's fields follow. The names are the import's, so the
/// file imports back.
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

/// The cells of [`ATTENDEE_COLUMNS`] for one attendee.
fn attendee_cells(a: AttendeeRow) -> Vec<String> {
    let mut cells = vec![a.id.to_string()];
    cells.extend(
        [
            a.first_name,
            a.last_name,
            a.email,
            a.phone,
            a.job_title,
            a.company,
            a.registration_type,
            a.rsvp_status,
            a.checkin_status,
            a.qr_code,
            a.created_at,
            a.updated_at,
            a.first_checked_in_at,
            a.last_checked_in_at,
            a.last_checked_out_at,
            a.door_note,
            a.needs_attention,
        ]
        .into_iter()
        .map(text),
    );
    cells
}

/// Writes every attendee of the event: members, registration type by name, check-in
/// status and times (first check-in at the door, last check-in, last check-out), and
/// one column per field (headed by its label). Answers the number of rows.
pub fn attendees<W: Write>(
    conn: &Connection,
    account_id: i64,
    event_id: i64,
    out: W,
) -> Result<u64> {
    events::check(conn, account_id, event_id)?;
    let fields: Vec<_> = attendee_fields::list(conn, event_id)?
        .into_iter()
        .filter(|f| f.field_type.takes_value())
        .collect();
    let answers = export::answers(conn, event_id)?;
    let mut w = writer(out);
    let mut heading: Vec<String> = ATTENDEE_COLUMNS.iter().map(|s| (*s).to_owned()).collect();
    heading.extend(fields.iter().map(|f| f.label.clone()));
    write_row(&mut w, &heading)?;
    let count = export::attendees(conn, event_id, |a| {
        let id = a.id;
        let mut cells = attendee_cells(a);
        for f in &fields {
            cells.push(
                answers
                    .get(&(id, f.id))
                    .map(answer_to_text)
                    .unwrap_or_default(),
            );
        }
        write_row(&mut w, &cells)
    })?;
    w.flush()
        .map_err(|e| Error::internal(format!("cannot write CSV: {e}")))?;
    Ok(count)
}

/// Writes the event's check-in history, oldest first: every check-in, check-out and
/// undo, refused attempts included, with the attendee, session, device and who did it.
pub fn check_ins<W: Write>(
    conn: &Connection,
    account_id: i64,
    event_id: i64,
    out: W,
) -> Result<u64> {
    events::check(conn, account_id, event_id)?;
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
    let count = export::check_ins(conn, event_id, |c| {
        let cells = vec![
            c.id.to_string(),
            text(c.at),
            text(c.action),
            text(c.outcome),
            c.attendee_id.map(|v| v.to_string()).unwrap_or_default(),
            text(c.attendee_name),
            text(c.qr_code),
            text(c.scanned_code),
            text(c.session),
            text(c.device),
            text(c.by_person),
            text(c.by_client),
        ];
        write_row(&mut w, &cells)
    })?;
    w.flush()
        .map_err(|e| Error::internal(format!("cannot write CSV: {e}")))?;
    Ok(count)
}
