//! The local side of a merge: reads its inputs (the base, the local record, the queued
//! changes) from the database, runs [`merge::plan`], and writes the plan. Pull (a remote
//! record arrives) and push (the remote's record is met before an update goes out) both
//! come here, so neither depends on the other.

use super::merge::{self, Maps};
use super::remote::v2::RemoteAttendee;
use crate::db::mirror;
use crate::db::sync::{self as store, Entry, FIELD, REGISTRATION_TYPE};
use crate::domain::time;
use crate::error::{Error, Result};

/// The id maps of one remote event, loaded once per page of attendees.
pub(super) fn maps(conn: &rusqlite::Connection, remote_event: i64) -> Result<Maps> {
    Ok(Maps {
        fields: store::id_map(conn, FIELD, remote_event)?,
        registration_types: store::id_map(conn, REGISTRATION_TYPE, remote_event)?,
    })
}

/// Merges a remote attendee record into its local copy (`merge::plan`), writes the
/// outcome, and makes the record the next merge's base.
pub(super) fn merge_attendee(
    conn: &rusqlite::Connection,
    maps: &Maps,
    local_event: i64,
    id: i64,
    record: &RemoteAttendee,
) -> Result<()> {
    let base = store::base(conn, id)?
        .and_then(RemoteAttendee::from_stored)
        .map(|b| maps.local_terms(&b));
    let pending = store::pending_for(conn, true, id)?;
    let current =
        mirror::held(conn, id)?.ok_or_else(|| Error::not_found(format_args!("attendee {id}")))?;
    let theirs = maps.local_terms(record);
    let plan = merge::plan(base.as_ref(), &current, &theirs, &pending, &time::now());
    for conflict in &plan.conflicts {
        store::add_conflict(
            conn,
            "edit",
            Some(local_event),
            Some(id),
            &conflict.details(),
        )?;
    }
    for (entry, body) in &plan.bodies {
        store::set_body(conn, *entry, body)?;
    }
    for (member, value) in &plan.take {
        mirror::set_member(conn, id, *member, value)?;
    }
    mirror::set_answers(conn, id, &plan.answers)?;
    if let Some(status) = plan.checkin_status {
        mirror::set_checkin_status(conn, id, status)?;
    }
    if let Some(code) = &plan.qr_code {
        mirror::set_code_if_free(conn, id, code)?;
    }
    if plan.changed() {
        mirror::touch_attendee(conn, id)?;
    }
    set_base(conn, id, record)
}

/// The record becomes the base of the attendee's next merge.
pub(super) fn set_base(
    conn: &rusqlite::Connection,
    id: i64,
    record: &RemoteAttendee,
) -> Result<()> {
    store::set_base(conn, id, &record.to_stored())
}

/// Meets the remote's current record of an attendee just before a queued update of it
/// goes out: the same per-member merge as a pull, so that a change made on the remote
/// after this one is kept (and recorded as an `edit` conflict) instead of being
/// overwritten. Answers the entry as it now stands: the members the remote won are gone
/// (None: a person dropped it meanwhile).
pub(super) fn meet_before_update(
    conn: &rusqlite::Connection,
    entry: &Entry,
    remote_event: i64,
    current: &RemoteAttendee,
) -> Result<Option<Entry>> {
    let maps = maps(conn, remote_event)?;
    merge_attendee(conn, &maps, entry.event_id, entry.record_id, current)?;
    store::entry(conn, entry.id)
}

/// Takes the remote's record of an attendee as it is, because a person edited what was
/// sent and this kiosk's copy is not what the remote holds: the merge with no base.
pub(super) fn adopt(
    conn: &rusqlite::Connection,
    local_attendee: i64,
    record: &RemoteAttendee,
) -> Result<()> {
    let Some((local_event, remote_event)) = mirror::attendee_events(conn, local_attendee)? else {
        return Ok(());
    };
    store::forget_base(conn, local_attendee)?;
    let maps = maps(conn, remote_event)?;
    merge_attendee(conn, &maps, local_event, local_attendee, record)
}
