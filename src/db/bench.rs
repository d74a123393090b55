//! The seeding shortcuts of `entrada bench` (feature `bench`): reads and writes that no
//! request makes and the app must not offer.
//!
//! The bench confirms every RSVP of its big event in one statement, without the API's
//! validation and without queueing the changes for the sync, to measure check-ins rather
//! than RSVP refusals; a repository function doing that would be a trap for any other
//! caller. So they live apart, compiled only with the bench.

use rusqlite::Connection;

use crate::error::Result;

/// The lowest attendee id of the event (the bench's big event is numbered from it).
pub fn first_attendee_id(conn: &Connection, event_id: i64) -> Result<i64> {
    Ok(conn.query_row(
        "SELECT MIN(id) FROM attendees WHERE event_id = ?1",
        [event_id],
        |r| r.get(0),
    )?)
}

/// The code of the demo event's first confirmed attendee (the demo event is the first
/// one seeded: id 1).
pub fn demo_confirmed_code(conn: &Connection) -> Result<String> {
    Ok(conn.query_row(
        "SELECT qr_code FROM attendees WHERE event_id = 1 AND rsvp_status = 'confirmed' ORDER BY id LIMIT 1",
        [],
        |r| r.get(0),
    )?)
}

/// Confirms every attendee of the event, directly: no validation, no sync outbox.
pub fn confirm_all(conn: &Connection, event_id: i64) -> Result<()> {
    conn.execute(
        "UPDATE attendees SET rsvp_status = 'confirmed' WHERE event_id = ?1",
        [event_id],
    )?;
    Ok(())
}
