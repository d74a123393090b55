//! Pull: the remote's events, registration types, sessions, fields and attendees into the
//! local database (SYNC.md, "Pull" and "Conflicts"). Nothing applied here is queued for
//! the remote: these functions write with plain SQL, never through the repositories that
//! queue changes.

use std::collections::HashMap;

use reqwest::Method;
use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};

use super::Stop;
use super::remote::{Failure, Remote};
use crate::db::Db;
use crate::db::attendees::MERGED_MEMBERS;
use crate::db::sync::{self as store, ATTENDEE, Change, EVENT, FIELD, REGISTRATION_TYPE, SESSION};
use crate::domain::attendee::generate_qr_code;
use crate::domain::field::{FieldType, machine_name};
use crate::domain::status::{CheckinStatus, RsvpStatus};
use crate::domain::time;
use crate::error::{Error, Result};

/// Attendees asked for per page (the spec's maximum).
const PER_PAGE: u32 = 100;
/// An incremental pull asks for `updated_since` the newest `updated_at` it saw, less this
/// margin. Entrada's filter is inclusive and its single writer stamps commits in order,
/// so the same millisecond is already covered; the margin absorbs a remote clock that
/// steps back a little.
const OVERLAP_MS: i64 = 5;

/// The records of a list answer: `{items: [...]}` or a bare array.
pub(super) fn items(body: &Value) -> Vec<Value> {
    match body {
        Value::Array(a) => a.clone(),
        _ => body["items"].as_array().cloned().unwrap_or_default(),
    }
}

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
    let record = find_event(remote, remote_event).await?;
    let local_event = db
        .write(move |conn| upsert_event(conn, account_id, remote_event, &record))
        .await?;
    if let Some(list) = optional_list(
        remote,
        &format!("/events/{remote_event}/registration_types"),
    )
    .await?
    {
        db.write(move |conn| {
            upsert_named(conn, REGISTRATION_TYPE, local_event, remote_event, &list)
        })
        .await?;
    }
    if let Some(list) = optional_list(remote, &format!("/events/{remote_event}/sessions")).await? {
        db.write(move |conn| upsert_named(conn, SESSION, local_event, remote_event, &list))
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
                let ctx = Context::load(conn, local_event, remote_event)?;
                for a in &list {
                    apply_attendee(conn, &ctx, a)?;
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
    // The newest change seen, less the margin; or, when that is older, the remote's own
    // clock at the first page less 2 s: whatever commits after that page was read is
    // stamped later than that, so many records stamped in one old millisecond (a bulk
    // import, a field edit) are not fetched again and again.
    let seen_cursor = newest.and_then(|n| {
        chrono::DateTime::parse_from_rfc3339(&n)
            .ok()
            .map(|t| t.with_timezone(&chrono::Utc) - chrono::Duration::milliseconds(OVERLAP_MS))
    });
    let clock_cursor = asked_at.map(|d| d - chrono::Duration::seconds(2));
    let cursor = seen_cursor.max(clock_cursor).map(time::format);
    db.write(move |conn| store::set_cursor(conn, remote_event, cursor.as_deref()))
        .await?;
    Ok(seen)
}

fn text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_owned).filter(|s| !s.is_empty())
}

fn upsert_event(conn: &Connection, account_id: i64, remote_event: i64, e: &Value) -> Result<i64> {
    let now = time::now();
    let name = text(&e["name"]).unwrap_or_else(|| format!("Event {remote_event}"));
    let (starts, ends) = (text(&e["starts_at"]), text(&e["ends_at"]));
    let (zone, place) = (text(&e["timezone"]), text(&e["location"]));
    if let Some(id) = store::local_id(conn, EVENT, remote_event, remote_event)? {
        conn.execute(
            "UPDATE events SET name = ?1, starts_at = ?2, ends_at = ?3, timezone = ?4,
                 location = ?5, updated_at = ?6 WHERE id = ?7",
            params![name, starts, ends, zone, place, now, id],
        )?;
        return Ok(id);
    }
    conn.execute(
        "INSERT INTO events (account_id, name, starts_at, ends_at, timezone, location,
             created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
        params![account_id, name, starts, ends, zone, place, now],
    )?;
    let id = conn.last_insert_rowid();
    store::map(conn, EVENT, id, remote_event, remote_event)?;
    Ok(id)
}

/// Registration types and sessions: name, capacity and (sessions) times.
fn upsert_named(
    conn: &Connection,
    kind: &str,
    local_event: i64,
    remote_event: i64,
    list: &[Value],
) -> Result<()> {
    let now = time::now();
    let table = if kind == SESSION {
        "sessions"
    } else {
        "registration_types"
    };
    for r in list {
        let Some(rid) = r["id"].as_i64() else {
            continue;
        };
        let name = text(&r["name"]).unwrap_or_else(|| format!("{kind} {rid}"));
        let capacity = r["capacity"].as_i64();
        let (starts, ends) = (text(&r["starts_at"]), text(&r["ends_at"]));
        match store::local_id(conn, kind, remote_event, rid)? {
            Some(id) if kind == SESSION => {
                conn.execute(
                    "UPDATE sessions SET name = ?1, capacity = ?2, starts_at = ?3, ends_at = ?4,
                         updated_at = ?5 WHERE id = ?6",
                    params![name, capacity, starts, ends, now, id],
                )?;
            }
            Some(id) => {
                conn.execute(
                    "UPDATE registration_types SET name = ?1, capacity = ?2, updated_at = ?3
                     WHERE id = ?4",
                    params![name, capacity, now, id],
                )?;
            }
            None => {
                if kind == SESSION {
                    conn.execute(
                        "INSERT INTO sessions (event_id, name, capacity, starts_at, ends_at,
                             created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
                        params![local_event, name, capacity, starts, ends, now],
                    )?;
                } else {
                    conn.execute(
                        &format!(
                            "INSERT INTO {table} (event_id, name, capacity, created_at, updated_at)
                             VALUES (?1, ?2, ?3, ?4, ?4)"
                        ),
                        params![local_event, name, capacity, now],
                    )?;
                }
                store::map(conn, kind, conn.last_insert_rowid(), remote_event, rid)?;
            }
        }
    }
    Ok(())
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
    let now = time::now();
    let mut present = Vec::new();
    for f in list {
        let Some(rid) = f["id"].as_i64() else {
            continue;
        };
        present.push(rid);
        let Some(ftype) = f["type"].as_str().and_then(FieldType::parse) else {
            tracing::warn!(
                remote_field = rid,
                "a remote field of an unknown type is left out"
            );
            continue;
        };
        let label = text(&f["label"]).unwrap_or_else(|| format!("Field {rid}"));
        let required = f["required"].as_bool().unwrap_or(false);
        let position = f["position"].as_i64().unwrap_or(0);
        let options = f["options"].as_array().cloned().unwrap_or_default();
        let options = Value::Array(options).to_string();
        match store::local_id(conn, FIELD, remote_event, rid)? {
            Some(id) => {
                if !store::pending_for(conn, false, id)?.is_empty() {
                    continue;
                }
                conn.execute(
                    "UPDATE attendee_fields SET label = ?1, type = ?2, required = ?3, position = ?4,
                         options = ?5, updated_at = ?6 WHERE id = ?7",
                    params![label, ftype, required, position, options, now, id],
                )?;
            }
            None => {
                let base = text(&f["name"]).unwrap_or_else(|| machine_name(&label));
                let mut name = base.clone();
                let mut n = 2;
                while conn
                    .prepare_cached(
                        "SELECT 1 FROM attendee_fields WHERE event_id = ?1 AND name = ?2",
                    )?
                    .exists(params![local_event, name])?
                {
                    name = format!("{base}_{n}");
                    n += 1;
                }
                conn.execute(
                    "INSERT INTO attendee_fields (event_id, label, name, type, required, position,
                         options, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
                    params![local_event, label, name, ftype, required, position, options, now],
                )?;
                store::map(conn, FIELD, conn.last_insert_rowid(), remote_event, rid)?;
            }
        }
    }
    // Mapped fields of this event that the remote no longer lists.
    let mut stmt = conn.prepare_cached(
        "SELECT m.local_id, m.remote_id FROM sync_map m JOIN attendee_fields f ON f.id = m.local_id
         WHERE m.kind = 'field' AND m.remote_event_id = ?1 AND f.event_id = ?2",
    )?;
    let mapped: Vec<(i64, i64)> = stmt
        .query_map(params![remote_event, local_event], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    for (local, rid) in mapped.into_iter().filter(|(_, rid)| !present.contains(rid)) {
        let pending = store::pending_for(conn, false, local)?;
        if pending.is_empty() {
            conn.execute("DELETE FROM attendee_fields WHERE id = ?1", [local])?;
            continue;
        }
        let label: Option<String> = conn
            .query_row(
                "SELECT label FROM attendee_fields WHERE id = ?1",
                [local],
                |r| r.get(0),
            )
            .optional()?;
        let mut newly_parked = 0;
        for e in pending
            .iter()
            .filter(|e| !e.parked && e.change != Change::FieldDelete)
        {
            store::park(conn, e.id, 404, "the field was deleted on the remote")?;
            newly_parked += 1;
        }
        if newly_parked == 0 {
            // Already parked (and reported, by the push or an earlier pull): staff decide.
            continue;
        }
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

/// Id maps of one event, loaded once per page.
struct Context {
    local_event: i64,
    remote_event: i64,
    fields: HashMap<i64, i64>,
    registration_types: HashMap<i64, i64>,
}

impl Context {
    fn load(conn: &Connection, local_event: i64, remote_event: i64) -> Result<Context> {
        let map = |kind: &str| -> Result<HashMap<i64, i64>> {
            let mut stmt = conn.prepare_cached(
                "SELECT remote_id, local_id FROM sync_map WHERE kind = ?1 AND remote_event_id = ?2",
            )?;
            let rows =
                stmt.query_map(params![kind, remote_event], |r| Ok((r.get(0)?, r.get(1)?)))?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        };
        Ok(Context {
            local_event,
            remote_event,
            fields: map(FIELD)?,
            registration_types: map(REGISTRATION_TYPE)?,
        })
    }

    /// The remote record's members in local terms (registration type mapped).
    fn member(&self, a: &Value, member: &str) -> Value {
        let v = &a[member];
        if member == "registration_type_id" {
            return v
                .as_i64()
                .and_then(|r| self.registration_types.get(&r))
                .map_or(Value::Null, |l| json!(l));
        }
        if v.as_str() == Some("") {
            Value::Null
        } else {
            v.clone()
        }
    }

    /// The remote record's answers, by local field id.
    fn answers(&self, a: &Value) -> HashMap<i64, Value> {
        a["fields"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|f| {
                        let rid = f["field"]["id"]
                            .as_i64()
                            .or(f["attendee_field_id"].as_i64())?;
                        Some((*self.fields.get(&rid)?, f["value"].clone()))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

fn write_answers(conn: &Connection, attendee: i64, answers: &HashMap<i64, Value>) -> Result<()> {
    for (field, value) in answers {
        if value.is_null() {
            conn.prepare_cached(
                "DELETE FROM attendee_answers WHERE attendee_id = ?1 AND field_id = ?2",
            )?
            .execute(params![attendee, field])?;
        } else {
            conn.prepare_cached(
                "INSERT INTO attendee_answers (attendee_id, field_id, value) VALUES (?1, ?2, ?3)
                 ON CONFLICT (attendee_id, field_id) DO UPDATE SET value = excluded.value",
            )?
            .execute(params![attendee, field, value.to_string()])?;
        }
    }
    Ok(())
}

fn rsvp(v: &Value) -> RsvpStatus {
    v.as_str()
        .and_then(RsvpStatus::parse)
        .unwrap_or(RsvpStatus::Confirmed)
}

fn checkin(v: &Value) -> CheckinStatus {
    v.as_str()
        .and_then(CheckinStatus::parse)
        .unwrap_or(CheckinStatus::NotCheckedIn)
}

/// One remote attendee: inserted, or merged into its local copy.
fn apply_attendee(conn: &Connection, ctx: &Context, a: &Value) -> Result<()> {
    let Some(rid) = a["id"].as_i64() else {
        return Ok(());
    };
    let mut local = store::local_id(conn, ATTENDEE, ctx.remote_event, rid)?;
    if local.is_none()
        && let Some(code) = a["qr_code"].as_str()
    {
        // Our own walk-in whose create answer was lost: same code, not mapped yet.
        let own: Option<i64> = conn
            .prepare_cached(
                "SELECT a.id FROM attendees a WHERE a.event_id = ?1 AND a.qr_code = ?2
                 AND NOT EXISTS (SELECT 1 FROM sync_map m WHERE m.kind = 'attendee' AND m.local_id = a.id)",
            )?
            .query_row(params![ctx.local_event, code], |r| r.get(0))
            .optional()?;
        if let Some(id) = own {
            store::map(conn, ATTENDEE, id, ctx.remote_event, rid)?;
            local = Some(id);
        }
    }
    match local {
        None => insert_attendee(conn, ctx, rid, a),
        Some(id) => merge_attendee(conn, ctx, id, a),
    }
}

fn insert_attendee(conn: &Connection, ctx: &Context, rid: i64, a: &Value) -> Result<()> {
    let now = time::now();
    let mut code = text(&a["qr_code"]).unwrap_or_else(generate_qr_code);
    let taken = |code: &str| -> Result<bool> {
        Ok(conn
            .prepare_cached("SELECT 1 FROM attendees WHERE event_id = ?1 AND qr_code = ?2")?
            .exists(params![ctx.local_event, code])?)
    };
    if taken(&code)? {
        // Another attendee here holds this code (it cannot be ours: ours were matched
        // above). Keep the person, with a code of our own, and say so.
        tracing::warn!(
            remote_attendee = rid,
            "a pulled ticket code is already used here; a new code was given"
        );
        code = generate_qr_code();
    }
    conn.prepare_cached(
        "INSERT INTO attendees (event_id, first_name, last_name, email, job_title, phone, company,
             registration_type_id, rsvp_status, checkin_status, qr_code, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?
    .execute(params![
        ctx.local_event,
        text(&a["first_name"]).unwrap_or_default(),
        text(&a["last_name"]),
        text(&a["email"]),
        text(&a["job_title"]),
        text(&a["phone"]),
        text(&a["company"]),
        ctx.member(a, "registration_type_id").as_i64(),
        rsvp(&a["rsvp_status"]),
        checkin(&a["checkin_status"]),
        code,
        text(&a["created_at"]).unwrap_or_else(|| now.clone()),
        now
    ])?;
    let id = conn.last_insert_rowid();
    write_answers(conn, id, &ctx.answers(a))?;
    store::map(conn, ATTENDEE, id, ctx.remote_event, rid)?;
    store::set_base(conn, id, a)?;
    Ok(())
}

/// Meets the remote's current record of an attendee just before a queued update of it
/// goes out: the same per-member merge as a pull, so that a change made on the remote
/// after this one is kept (and recorded as an `edit` conflict) instead of being
/// overwritten. Answers the entry as it now stands: the members the remote won are gone.
pub(super) fn meet_before_update(
    conn: &Connection,
    entry: &store::Entry,
    remote_event: i64,
    current: &Value,
) -> Result<Option<store::Entry>> {
    let ctx = Context::load(conn, entry.event_id, remote_event)?;
    merge_attendee(conn, &ctx, entry.record_id, current)?;
    store::entry(conn, entry.id)
}

/// Takes the remote's record of an attendee as it is, because a person edited what was
/// sent and this kiosk's copy is not what the remote holds: the merge with no base.
pub(super) fn adopt(conn: &Connection, local_attendee: i64, record: &Value) -> Result<()> {
    let events: Option<(i64, i64)> = conn
        .prepare_cached(
            "SELECT a.event_id, m.remote_event_id FROM attendees a
             JOIN sync_map m ON m.kind = 'attendee' AND m.local_id = a.id WHERE a.id = ?1",
        )?
        .query_row([local_attendee], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let Some((local_event, remote_event)) = events else {
        return Ok(());
    };
    store::forget_base(conn, local_attendee)?;
    let ctx = Context::load(conn, local_event, remote_event)?;
    merge_attendee(conn, &ctx, local_attendee, record)
}

/// Merges a remote attendee into its local copy, member by member (SYNC.md): a member the
/// remote changed since the base is taken, unless a queued local change of the same
/// member is later; either way a both-sides change is recorded as an `edit` conflict.
fn merge_attendee(conn: &Connection, ctx: &Context, id: i64, a: &Value) -> Result<()> {
    let base = store::base(conn, id)?;
    let pending = store::pending_for(conn, true, id)?;
    let remote_time = text(&a["updated_at"]).unwrap_or_else(time::now);
    let current: Value = conn
        .query_row(
            "SELECT json_object('first_name', first_name, 'last_name', last_name, 'email', email,
                 'phone', phone, 'job_title', job_title, 'company', company,
                 'registration_type_id', registration_type_id, 'rsvp_status', rsvp_status,
                 'qr_code', qr_code, 'checkin_status', checkin_status) FROM attendees WHERE id = ?1",
            [id],
            |r| r.get::<_, String>(0),
        )
        .optional()?
        .and_then(|t| serde_json::from_str(&t).ok())
        .ok_or_else(|| Error::not_found(format_args!("attendee {id}")))?;
    let base_ctx_member = |member: &str| base.as_ref().map(|b| ctx.member(b, member));

    let mut updates: Vec<(&str, Value)> = Vec::new();
    for member in MERGED_MEMBERS {
        let theirs = ctx.member(a, member);
        if base_ctx_member(member).as_ref() == Some(&theirs) || current[*member] == theirs {
            continue; // unchanged on the remote, or already the same here
        }
        // The value of one of our own queued updates: the remote holds it because that
        // update reached it and its answer was lost on the way back (it is still queued,
        // and will be confirmed by its Idempotency-Key or found in place). Our echo, not a
        // change made on the remote: no conflict, and the later queued values still go.
        let echo = pending.iter().any(|e| {
            e.change == Change::AttendeeUpdate && e.body["item"].get(*member) == Some(&theirs)
        });
        if echo {
            continue;
        }
        let queued = pending.iter().rfind(|e| {
            e.change == Change::AttendeeUpdate
                && e.body["item"]
                    .as_object()
                    .is_some_and(|m| m.contains_key(*member))
        });
        match queued {
            None => updates.push((member, theirs)),
            Some(e) => {
                let remote_wins = remote_time > e.created_at;
                store::add_conflict(
                    conn,
                    "edit",
                    Some(ctx.local_event),
                    Some(id),
                    &json!({"member": member, "local": current[*member], "remote": theirs,
                            "kept": if remote_wins { "remote" } else { "local" },
                            "local_changed_at": e.created_at, "remote_changed_at": remote_time}),
                )?;
                if remote_wins {
                    updates.push((member, theirs));
                    for q in pending
                        .iter()
                        .filter(|q| q.change == Change::AttendeeUpdate)
                    {
                        let mut body = q.body.clone();
                        if let Some(item) = body["item"].as_object_mut()
                            && item.remove(*member).is_some()
                        {
                            store::set_body(conn, q.id, &body)?;
                        }
                    }
                }
            }
        }
    }
    for (member, value) in &updates {
        let sql = format!("UPDATE attendees SET {member} = ?1 WHERE id = ?2");
        let value: Box<dyn rusqlite::ToSql> = match value {
            Value::Null => Box::new(Option::<String>::None),
            Value::Number(n) => Box::new(n.as_i64()),
            other => Box::new(other.as_str().unwrap_or_default().to_owned()),
        };
        conn.execute(&sql, params![value, id])?;
    }
    // Answers: the remote's where it changed them and nothing here is queued for them.
    let queued_fields: Vec<i64> = pending
        .iter()
        .filter(|e| e.change == Change::AttendeeUpdate)
        .flat_map(|e| {
            e.body["item"]["fields"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|f| f["attendee_field_id"].as_i64())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
        .collect();
    let base_answers = base.as_ref().map(|b| ctx.answers(b)).unwrap_or_default();
    let answers: HashMap<i64, Value> = ctx
        .answers(a)
        .into_iter()
        .filter(|(f, v)| base_answers.get(f) != Some(v) && !queued_fields.contains(f))
        .collect();
    write_answers(conn, id, &answers)?;
    // Check-in state: the remote's (other kiosks' check-ins), unless ours is queued.
    let queued_checkin = pending
        .iter()
        .any(|e| matches!(e.change, Change::CheckIn | Change::CheckOut | Change::Undo));
    let theirs = checkin(&a["checkin_status"]);
    let status_changed =
        !queued_checkin && current["checkin_status"].as_str() != Some(theirs.as_str());
    if status_changed {
        conn.prepare_cached("UPDATE attendees SET checkin_status = ?1 WHERE id = ?2")?
            .execute(params![theirs, id])?;
    }
    // The remote's code, when it changed there and is free here.
    if let Some(code) = text(&a["qr_code"])
        && current["qr_code"].as_str() != Some(&code)
        && base
            .as_ref()
            .is_some_and(|b| b["qr_code"].as_str() != Some(&code))
    {
        conn.execute(
            "UPDATE OR IGNORE attendees SET qr_code = ?1 WHERE id = ?2",
            params![code, id],
        )?;
    }
    let changed = !updates.is_empty() || !answers.is_empty() || status_changed;
    if changed {
        conn.prepare_cached("UPDATE attendees SET updated_at = ?1 WHERE id = ?2")?
            .execute(params![time::now(), id])?;
    }
    store::set_base(conn, id, a)?;
    Ok(())
}
