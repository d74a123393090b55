//! Pull: the remote's events, registration types, sessions, fields and attendees into the
//! local database (SYNC.md, "Pull" and "Conflicts"). Nothing applied here is queued for
//! the remote: the writes are `db::mirror`'s plain statements, never the repositories
//! that queue changes.

use rusqlite::Connection;

use super::merge::{self, FieldGone, Maps};
use super::remote::Remote;
use super::remote::v2::{RemoteAttendee, RemoteEvent, RemoteField, RemotePart, text};
use super::{Stop, apply};
use crate::db::Db;
use crate::db::attendees::Member;
use crate::db::mirror::{self, EventRow, FieldRow, NamedRow, NewAttendee, Part};
use crate::db::sync::{self as store, ATTENDEE, FIELD};
use crate::domain::attendee::generate_qr_code;
use crate::domain::field::{FieldType, machine_name};
use crate::domain::status::RsvpStatus;
use crate::domain::time;
use crate::error::Result;

/// Pulls one remote event into the local account; returns how many attendees came.
pub async fn event(
    remote: &Remote,
    db: &Db,
    account_id: i64,
    remote_event: i64,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, Stop> {
    let record = event_row(&remote.event(remote_event).await?);
    let local_event = db
        .write(move |conn| mirror::upsert_event(conn, account_id, remote_event, &record))
        .await?;
    for part in [Part::RegistrationType, Part::Session] {
        let list = match part {
            Part::RegistrationType => remote.registration_types(remote_event).await?,
            Part::Session => remote.sessions(remote_event).await?,
        };
        // A spec-only remote without these routes: keep what is here.
        let Some(list) = list else { continue };
        let rows = named_rows(part, &list);
        db.write(move |conn| mirror::upsert_named(conn, part, local_event, remote_event, &rows))
            .await?;
    }
    let fields = remote.fields(remote_event).all().await?;
    db.write(move |conn| apply_fields(conn, local_event, remote_event, &fields))
        .await?;
    attendees(remote, db, local_event, remote_event, progress).await
}

/// The event's attendees, page by page; on an Entrada remote only those changed since
/// the cursor, which moves on (`merge::cursor`).
async fn attendees(
    remote: &Remote,
    db: &Db,
    local_event: i64,
    remote_event: i64,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, Stop> {
    let since = if remote.entrada {
        db.read(move |conn| store::cursor(conn, remote_event))
            .await?
    } else {
        None
    };
    let mut page = 1u32;
    let mut seen = 0u64;
    let mut newest: Option<String> = None;
    let mut asked_at: Option<chrono::DateTime<chrono::Utc>> = None;
    loop {
        let list = remote
            .attendees(remote_event)
            .list(since.as_deref(), page)
            .await?;
        if asked_at.is_none() {
            asked_at = list.date;
        }
        for a in &list.items {
            if let Some(u) = &a.updated_at
                && newest.as_ref().is_none_or(|n| u > n)
            {
                newest = Some(u.clone());
            }
        }
        let count = list.items.len() as u64;
        let (total, pages) = (list.total_count, list.total_pages);
        if count > 0 {
            let records = list.items;
            db.write(move |conn| {
                let maps = apply::maps(conn, remote_event)?;
                for a in &records {
                    apply_attendee(conn, &maps, local_event, remote_event, a)?;
                }
                Ok(())
            })
            .await?;
        }
        seen += count;
        progress(seen, total);
        if count == 0 || u64::from(page) >= pages {
            break;
        }
        page += 1;
    }
    let cursor = merge::cursor(newest.as_deref(), asked_at);
    db.write(move |conn| store::set_cursor(conn, remote_event, cursor.as_deref()))
        .await?;
    Ok(seen)
}

fn event_row(e: &RemoteEvent) -> EventRow {
    EventRow {
        name: text(&e.name).unwrap_or_else(|| format!("Event {}", e.id)),
        starts_at: text(&e.starts_at),
        ends_at: text(&e.ends_at),
        timezone: text(&e.timezone),
        location: text(&e.location),
    }
}

/// Registration types and sessions: name, capacity and (sessions) times.
fn named_rows(part: Part, list: &[RemotePart]) -> Vec<NamedRow> {
    list.iter()
        .map(|r| NamedRow {
            remote_id: r.id,
            name: text(&r.name).unwrap_or_else(|| format!("{} {}", part.kind(), r.id)),
            capacity: r.capacity,
            starts_at: text(&r.starts_at),
            ends_at: text(&r.ends_at),
        })
        .collect()
}

/// The event's fields as the remote has them. A field with local changes still queued
/// keeps them (they go out first); a field gone from the remote is deleted here too,
/// unless it has queued changes: then it is reported (`deleted_remotely`) and its
/// entries are parked, not sent to re-create it.
fn apply_fields(
    conn: &Connection,
    local_event: i64,
    remote_event: i64,
    list: &[RemoteField],
) -> Result<()> {
    let mut present = Vec::new();
    for f in list {
        let rid = f.id;
        present.push(rid);
        let Some(field_type) = f.field_type.as_deref().and_then(FieldType::parse) else {
            tracing::warn!(
                remote_field = rid,
                "a remote field of an unknown type is left out"
            );
            continue;
        };
        let row = FieldRow {
            field_type,
            required: f.required.unwrap_or(false),
            position: f.position.unwrap_or(0),
            options: f.options_text(),
            label: text(&f.label).unwrap_or_else(|| format!("Field {rid}")),
        };
        match store::local_id(conn, FIELD, remote_event, rid)? {
            Some(id) => {
                if merge::take_remote_field(&store::pending_for(conn, false, id)?) {
                    mirror::update_field(conn, id, &row)?;
                }
            }
            None => {
                let name = text(&f.name).unwrap_or_else(|| machine_name(&row.label));
                mirror::insert_field(conn, local_event, remote_event, rid, &name, &row)?;
            }
        }
    }
    // Mapped fields of this event that the remote no longer lists.
    let mapped = mirror::mapped_fields(conn, local_event, remote_event)?;
    for (local, rid) in mapped.into_iter().filter(|(_, rid)| !present.contains(rid)) {
        let park = match merge::field_gone(&store::pending_for(conn, false, local)?) {
            FieldGone::Delete => {
                mirror::delete_field(conn, local)?;
                continue;
            }
            // Already parked (and reported, by the push or an earlier pull): staff decide.
            FieldGone::AlreadyReported => continue,
            FieldGone::Park(entries) => entries,
        };
        for id in park {
            store::park(conn, id, 404, "the field was deleted on the remote")?;
        }
        let label = mirror::field_label(conn, local)?;
        store::add_conflict(
            conn,
            "deleted_remotely",
            Some(local_event),
            None,
            &merge::field_deleted(local, rid, label.as_deref()),
        )?;
    }
    Ok(())
}

/// An attendee record the remote streamed (a check-in at another door, HUB.md), applied
/// as a pulled record: merged into its local copy, or inserted (a walk-in registered at
/// another door). False when the event is not mirrored here.
pub fn apply_streamed(conn: &Connection, remote_event: i64, a: &RemoteAttendee) -> Result<bool> {
    let Some(local_event) = store::local_id(conn, store::EVENT, remote_event, remote_event)? else {
        return Ok(false);
    };
    let maps = apply::maps(conn, remote_event)?;
    apply_attendee(conn, &maps, local_event, remote_event, a)?;
    Ok(true)
}

/// One remote attendee: inserted, or merged into its local copy.
fn apply_attendee(
    conn: &Connection,
    maps: &Maps,
    local_event: i64,
    remote_event: i64,
    a: &RemoteAttendee,
) -> Result<()> {
    let rid = a.id;
    let mut local = store::local_id(conn, ATTENDEE, remote_event, rid)?;
    if local.is_none()
        && let Some(code) = a.qr_code.as_deref()
        && let Some(id) = mirror::unmapped_attendee_by_code(conn, local_event, code)?
    {
        // Our own walk-in whose create answer was lost: same code, not mapped yet.
        store::map(conn, ATTENDEE, id, remote_event, rid)?;
        local = Some(id);
    }
    match local {
        None => insert_attendee(conn, maps, local_event, remote_event, rid, a),
        // Erased here (`db::privacy`) while its erasure is still on its way to the remote:
        // the person is not brought back.
        Some(id) if crate::db::attendees::find_row(conn, local_event, id)?.is_none() => Ok(()),
        Some(id) => apply::merge_attendee(conn, maps, local_event, id, a),
    }
}

fn insert_attendee(
    conn: &Connection,
    maps: &Maps,
    local_event: i64,
    remote_event: i64,
    rid: i64,
    a: &RemoteAttendee,
) -> Result<()> {
    let theirs = maps.local_terms(a);
    let mut code = theirs.qr_code.clone().unwrap_or_else(generate_qr_code);
    if mirror::code_taken(conn, local_event, &code)? {
        // Another attendee here holds this code (it cannot be ours: ours were matched
        // above). Keep the person, with a code of our own, and say so.
        tracing::warn!(
            remote_attendee = rid,
            "a pulled ticket code is already used here; a new code was given"
        );
        code = generate_qr_code();
    }
    let row = NewAttendee {
        first_name: text(&a.first_name).unwrap_or_default(),
        last_name: text(&a.last_name),
        email: text(&a.email),
        job_title: text(&a.job_title),
        phone: text(&a.phone),
        company: text(&a.company),
        registration_type_id: theirs
            .members
            .get(&Member::RegistrationTypeId)
            .and_then(|v| v.as_i64()),
        rsvp_status: a
            .rsvp_status
            .as_deref()
            .and_then(RsvpStatus::parse)
            .unwrap_or(RsvpStatus::Confirmed),
        checkin_status: theirs.checkin_status,
        qr_code: code,
        // Normalised to RFC 3339 in UTC (the document says `date-time`); a remote's
        // time that is not one is replaced by the time it arrived here.
        created_at: text(&a.created_at)
            .and_then(|t| time::parse_rfc3339(&crate::error::At::Member("created_at"), &t).ok())
            .unwrap_or_else(time::now),
    };
    let id = mirror::insert_attendee(conn, local_event, &row)?;
    let answers: Vec<_> = theirs.answers.into_iter().collect();
    mirror::set_answers(conn, id, &answers)?;
    store::map(conn, ATTENDEE, id, remote_event, rid)?;
    apply::set_base(conn, id, a)
}
