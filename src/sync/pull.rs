//! Pull: the remote's events, registration types, sessions, fields and attendees into the
//! local database (SYNC.md, "Pull" and "Conflicts"). Nothing applied here is queued for
//! the remote: these functions write with plain SQL, never through the repositories that
//! queue changes.

use reqwest::Method;
use rusqlite::Connection;
use serde_json::{Value, json};

use super::merge::{self, FieldGone, Maps};
use super::remote::{Failure, Remote, items};
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

/// Attendees asked for per page (the spec's maximum).
const PER_PAGE: u32 = 100;

/// A list that the remote may not have (registration types, sessions: Entrada routes).
async fn optional_list(remote: &Remote, path: &str) -> Result<Option<Vec<Value>>, Failure> {
    match remote.call(Method::GET, path, None, None).await {
        Ok(reply) => Ok(Some(items(&reply.body))),
        Err(Failure::Refused {
            status: 404 | 405 | 400,
            ..
        }) => Ok(None),
        Err(e) => Err(e),
    }
}

async fn find_event(remote: &Remote, remote_event: i64) -> Result<Value, Failure> {
    let mut page = 1;
    loop {
        let reply = remote
            .call(
                Method::GET,
                &format!("/events?page={page}&per_page={PER_PAGE}"),
                None,
                None,
            )
            .await?;
        let list = items(&reply.body);
        if let Some(e) = list.iter().find(|e| e["id"].as_i64() == Some(remote_event)) {
            return Ok(e.clone());
        }
        let pages = reply.body["metadata"]["total_pages"].as_i64().unwrap_or(1);
        if list.is_empty() || page >= pages {
            return Err(Failure::Refused {
                status: 404,
                message: format!("event {remote_event} is not one of the remote's events"),
            });
        }
        page += 1;
    }
}

/// Pulls one remote event into the local account; returns how many attendees came.
pub async fn event(
    remote: &Remote,
    db: &Db,
    account_id: i64,
    remote_event: i64,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, Stop> {
    let record = event_row(remote_event, &find_event(remote, remote_event).await?);
    let local_event = db
        .write(move |conn| mirror::upsert_event(conn, account_id, remote_event, &record))
        .await?;
    if let Some(list) = optional_list(
        remote,
        &format!("/events/{remote_event}/registration_types"),
    )
    .await?
    {
        let rows = named_rows(Part::RegistrationType, &list);
        db.write(move |conn| {
            mirror::upsert_named(
                conn,
                Part::RegistrationType,
                local_event,
                remote_event,
                &rows,
            )
        })
        .await?;
    }
    if let Some(list) = optional_list(remote, &format!("/events/{remote_event}/sessions")).await? {
        let rows = named_rows(Part::Session, &list);
        db.write(move |conn| {
            mirror::upsert_named(conn, Part::Session, local_event, remote_event, &rows)
        })
        .await?;
    }
    let fields = remote
        .call(
            Method::GET,
            &format!("/events/{remote_event}/attendee_fields"),
            None,
            None,
        )
        .await?;
    let fields = items(&fields.body);
    db.write(move |conn| apply_fields(conn, local_event, remote_event, &fields))
        .await?;

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
        let mut path = format!("/events/{remote_event}/attendees?page={page}&per_page={PER_PAGE}");
        if let Some(s) = &since {
            path.push_str("&updated_since=");
            path.push_str(
                &percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC)
                    .to_string(),
            );
        }
        let reply = remote.call(Method::GET, &path, None, None).await?;
        if asked_at.is_none() {
            asked_at = reply.date;
        }
        let list = items(&reply.body);
        let total = reply.body["metadata"]["total_count"].as_u64().unwrap_or(0);
        let pages = reply.body["metadata"]["total_pages"].as_u64().unwrap_or(1);
        for a in &list {
            if let Some(u) = a["updated_at"].as_str()
                && newest.as_deref().is_none_or(|n| u > n)
            {
                newest = Some(u.to_owned());
            }
        }
        let count = list.len() as u64;
        if count > 0 {
            db.write(move |conn| {
                let maps = apply::maps(conn, remote_event)?;
                for a in &list {
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

fn text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_owned).filter(|s| !s.is_empty())
}

fn event_row(remote_event: i64, e: &Value) -> EventRow {
    EventRow {
        name: text(&e["name"]).unwrap_or_else(|| format!("Event {remote_event}")),
        starts_at: text(&e["starts_at"]),
        ends_at: text(&e["ends_at"]),
        timezone: text(&e["timezone"]),
        location: text(&e["location"]),
    }
}

/// Registration types and sessions: name, capacity and (sessions) times.
fn named_rows(part: Part, list: &[Value]) -> Vec<NamedRow> {
    list.iter()
        .filter_map(|r| {
            let rid = r["id"].as_i64()?;
            Some(NamedRow {
                remote_id: rid,
                name: text(&r["name"]).unwrap_or_else(|| format!("{} {rid}", part.kind())),
                capacity: r["capacity"].as_i64(),
                starts_at: text(&r["starts_at"]),
                ends_at: text(&r["ends_at"]),
            })
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
    list: &[Value],
) -> Result<()> {
    let mut present = Vec::new();
    for f in list {
        let Some(rid) = f["id"].as_i64() else {
            continue;
        };
        present.push(rid);
        let Some(field_type) = f["type"].as_str().and_then(FieldType::parse) else {
            tracing::warn!(
                remote_field = rid,
                "a remote field of an unknown type is left out"
            );
            continue;
        };
        let label = text(&f["label"]).unwrap_or_else(|| format!("Field {rid}"));
        let options = f["options"].as_array().cloned().unwrap_or_default();
        let row = FieldRow {
            field_type,
            required: f["required"].as_bool().unwrap_or(false),
            position: f["position"].as_i64().unwrap_or(0),
            options: Value::Array(options).to_string(),
            label,
        };
        match store::local_id(conn, FIELD, remote_event, rid)? {
            Some(id) => {
                if merge::take_remote_field(&store::pending_for(conn, false, id)?) {
                    mirror::update_field(conn, id, &row)?;
                }
            }
            None => {
                let name = text(&f["name"]).unwrap_or_else(|| machine_name(&row.label));
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
            &json!({"record": "attendee_field", "field_id": local, "remote_id": rid,
                    "label": label, "message": "deleted on the remote while changed here"}),
        )?;
    }
    Ok(())
}

/// One remote attendee: inserted, or merged into its local copy.
fn apply_attendee(
    conn: &Connection,
    maps: &Maps,
    local_event: i64,
    remote_event: i64,
    a: &Value,
) -> Result<()> {
    let Some(rid) = a["id"].as_i64() else {
        return Ok(());
    };
    let mut local = store::local_id(conn, ATTENDEE, remote_event, rid)?;
    if local.is_none()
        && let Some(code) = a["qr_code"].as_str()
        && let Some(id) = mirror::unmapped_attendee_by_code(conn, local_event, code)?
    {
        // Our own walk-in whose create answer was lost: same code, not mapped yet.
        store::map(conn, ATTENDEE, id, remote_event, rid)?;
        local = Some(id);
    }
    match local {
        None => insert_attendee(conn, maps, local_event, remote_event, rid, a),
        Some(id) => apply::merge_attendee(conn, maps, local_event, id, a),
    }
}

fn insert_attendee(
    conn: &Connection,
    maps: &Maps,
    local_event: i64,
    remote_event: i64,
    rid: i64,
    a: &Value,
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
        first_name: text(&a["first_name"]).unwrap_or_default(),
        last_name: text(&a["last_name"]),
        email: text(&a["email"]),
        job_title: text(&a["job_title"]),
        phone: text(&a["phone"]),
        company: text(&a["company"]),
        registration_type_id: theirs.members[&Member::RegistrationTypeId].as_i64(),
        rsvp_status: a["rsvp_status"]
            .as_str()
            .and_then(RsvpStatus::parse)
            .unwrap_or(RsvpStatus::Confirmed),
        checkin_status: theirs.checkin_status,
        qr_code: code,
        created_at: text(&a["created_at"]).unwrap_or_else(time::now),
    };
    let id = mirror::insert_attendee(conn, local_event, &row)?;
    let answers: Vec<(i64, Value)> = theirs.answers.into_iter().collect();
    mirror::set_answers(conn, id, &answers)?;
    store::map(conn, ATTENDEE, id, remote_event, rid)?;
    store::set_base(conn, id, a)?;
    Ok(())
}
