//! Push: the outbox, in order, to the remote (SYNC.md, "Push" and "Conflicts").
//!
//! Entries go in batches: one write marks a batch as sent (from then on its answers may
//! be lost, which the retry rules account for), the entries are sent one at a time, and
//! one write settles those the remote confirmed. A batch is cut short at every create,
//! whose new remote id later entries need, so that mapping is stored before they go.

use std::collections::HashSet;

use reqwest::Method;
use rusqlite::Connection;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::Stop;
use super::merge::{self, Refusal};
use super::remote::{Failure, Remote, Reply, items};
use crate::db::sync::{
    self as store, ATTENDEE, Change, EVENT, Entry, FIELD, REGISTRATION_TYPE, SESSION,
};
use crate::db::{Db, mirror};
use crate::domain::time;
use crate::error::Result;

/// Entries marked and sent per batch.
const BATCH: i64 = 64;

/// What happened to one entry.
enum Outcome {
    /// The remote has the change: the entry leaves, with these local effects.
    Settled(Vec<Effect>),
    /// It refers to a record the remote does not know yet: it waits (so do the entries
    /// of the same record behind it).
    Waits,
    /// The remote refused it for good: parked for a person, with these effects.
    Parked {
        status: u16,
        message: String,
        effects: Vec<Effect>,
    },
}

/// A local write that settling an entry brings.
enum Effect {
    Map {
        kind: &'static str,
        local: i64,
        remote_event: i64,
        remote: i64,
    },
    Base {
        attendee: i64,
        record: Value,
    },
    /// The remote got a body a person edited, not this kiosk's record: the kiosk takes
    /// the remote's record.
    Adopt {
        attendee: i64,
        record: Value,
    },
    /// The local walk-in takes the remote's code and keeps its own as an alias.
    Recode {
        attendee: i64,
        event: i64,
        code: String,
        own: String,
    },
    Conflict {
        kind: &'static str,
        event: i64,
        attendee: Option<i64>,
        details: Value,
    },
}

fn apply(conn: &Connection, effects: &[Effect]) -> Result<()> {
    for e in effects {
        match e {
            Effect::Map {
                kind,
                local,
                remote_event,
                remote,
            } => store::map(conn, kind, *local, *remote_event, *remote)?,
            Effect::Base { attendee, record } => store::set_base(conn, *attendee, record)?,
            Effect::Adopt { attendee, record } => super::apply::adopt(conn, *attendee, record)?,
            Effect::Recode {
                attendee,
                event,
                code,
                own,
            } => {
                mirror::set_code_if_free(conn, *attendee, code)?;
                store::add_alias(conn, *attendee, *event, own)?;
            }
            Effect::Conflict {
                kind,
                event,
                attendee,
                details,
            } => store::add_conflict(conn, kind, Some(*event), *attendee, details)?,
        }
    }
    Ok(())
}

#[derive(Default)]
pub struct Pushed {
    pub confirmed: u64,
    pub parked: u64,
    pub waiting: u64,
}

/// Sends every entry that can go; stops at the first failure that is not the entry's
/// own (the remote unreachable, the credentials refused).
pub async fn outbox(
    remote: &Remote,
    db: &Db,
    kiosk: &str,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Pushed, Stop> {
    let total = db.read(store::pending_count).await?.max(0) as u64;
    let mut done = Pushed::default();
    let mut blocked: HashSet<(bool, i64)> = HashSet::new();
    let mut after = 0i64;
    loop {
        let batch = db
            .read(move |conn| store::entries_after(conn, after, BATCH))
            .await?;
        let Some(last) = batch.last() else { break };
        after = last.id;
        // Cut the batch after its first create: its mapping must be stored before the
        // entries that use it are resolved.
        let mut ready = Vec::new();
        for e in batch {
            let key = (e.change.is_attendee(), e.record_id);
            if e.parked || blocked.contains(&key) {
                blocked.insert(key);
                continue;
            }
            let create = matches!(e.change, Change::AttendeeCreate | Change::FieldCreate);
            after = e.id;
            ready.push(e);
            if create {
                break;
            }
        }
        if ready.is_empty() {
            continue;
        }
        let fresh: HashSet<i64> = ready
            .iter()
            .filter(|e| e.sent_at.is_none())
            .map(|e| e.id)
            .collect();
        let ids: Vec<i64> = ready.iter().map(|e| e.id).collect();
        db.write(move |conn| store::mark_sent(conn, &ids)).await?;

        let mut settled: Vec<i64> = Vec::new();
        let mut effects: Vec<Effect> = Vec::new();
        let mut result = Ok(());
        for e in &ready {
            let key = (e.change.is_attendee(), e.record_id);
            if blocked.contains(&key) {
                continue;
            }
            match send(remote, db, kiosk, e, fresh.contains(&e.id)).await {
                Ok(Outcome::Settled(mut fx)) => {
                    settled.push(e.id);
                    effects.append(&mut fx);
                    done.confirmed += 1;
                }
                Ok(Outcome::Waits) => {
                    blocked.insert(key);
                    done.waiting += 1;
                }
                Ok(Outcome::Parked {
                    status,
                    message,
                    effects: fx,
                }) => {
                    blocked.insert(key);
                    done.parked += 1;
                    let id = e.id;
                    db.write(move |conn| {
                        store::park(conn, id, status, &message)?;
                        apply(conn, &fx)
                    })
                    .await?;
                }
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
        }
        // What was confirmed is kept even when the round stops here.
        if !settled.is_empty() || !effects.is_empty() {
            db.write(move |conn| {
                apply(conn, &effects)?;
                store::settle(conn, &settled)
            })
            .await?;
        }
        progress(done.confirmed + done.parked, total);
        result?;
    }
    Ok(done)
}

/// The idempotency key of an entry: the kiosk, the entry, its body, and how often a
/// person retried it. A resend after a lost answer keeps the key (the remote replays its
/// first answer); an entry a person retried or edited after a refusal is a new request
/// and must not meet the stored refusal.
fn idempotency_key(kiosk: &str, e: &Entry) -> String {
    let digest = Sha256::digest(e.body.to_string().as_bytes());
    let mut key = format!(
        "entrada-sync-{kiosk}-{}-{}",
        e.id,
        hex::encode(&digest[..6])
    );
    if e.generation > 0 {
        key.push_str(&format!("-r{}", e.generation));
    }
    key
}

/// Local ids of the entry's references, in remote terms; None when one is not mapped
/// yet (its create is still to go).
struct Ids {
    event: i64,
    record: Option<i64>,
}

async fn resolve(db: &Db, e: &Entry) -> Result<Option<Ids>, Stop> {
    let (event_id, record_id, attendee) = (e.event_id, e.record_id, e.change.is_attendee());
    Ok(db
        .read(move |conn| {
            let Some(event) = store::remote_id(conn, EVENT, event_id)? else {
                return Ok(None);
            };
            let kind = if attendee { ATTENDEE } else { FIELD };
            Ok(Some(Ids {
                event,
                record: store::remote_id(conn, kind, record_id)?,
            }))
        })
        .await?)
}

/// Rewrites the local ids inside a request item (registration type, answers' fields,
/// session) to the remote's; None when one of them is not mapped yet.
async fn translate(db: &Db, item: Value) -> Result<Option<Value>, Stop> {
    Ok(db
        .read(move |conn| {
            let mut item = item;
            if let Some(rt) = item["registration_type_id"].as_i64() {
                match store::remote_id(conn, REGISTRATION_TYPE, rt)? {
                    Some(r) => item["registration_type_id"] = json!(r),
                    None => return Ok(None),
                }
            }
            if let Some(s) = item["session_id"].as_i64() {
                match store::remote_id(conn, SESSION, s)? {
                    Some(r) => item["session_id"] = json!(r),
                    None => return Ok(None),
                }
            }
            if let Some(list) = item["fields"].as_array_mut() {
                for answer in list.iter_mut() {
                    let Some(local) = answer["attendee_field_id"].as_i64() else {
                        continue;
                    };
                    match store::remote_id(conn, FIELD, local)? {
                        Some(r) => answer["attendee_field_id"] = json!(r),
                        None => return Ok(None),
                    }
                }
            }
            Ok(Some(item))
        })
        .await?)
}

/// The entry's request item as this remote gets it: remote ids, and only the spec's
/// members for a remote that is not an Entrada. None while a reference is not mapped.
async fn outgoing(remote: &Remote, db: &Db, e: &Entry) -> Result<Option<Value>, Stop> {
    let item = translate(db, e.body["item"].clone()).await?;
    Ok(item.map(|item| {
        if remote.entrada {
            item
        } else {
            spec_only(item, e.change)
        }
    }))
}

/// Members only an Entrada remote understands.
fn spec_only(mut item: Value, change: Change) -> Value {
    if let Some(map) = item.as_object_mut() {
        match change {
            Change::AttendeeCreate => {
                map.remove("qr_code");
                map.remove("rsvp_status");
            }
            Change::AttendeeUpdate => {
                map.remove("registration_type_id");
                map.remove("fields");
            }
            Change::FieldUpdate => {
                map.remove("position");
            }
            _ => {}
        }
    }
    item
}

fn refused(failure: Failure) -> Result<(u16, String), Stop> {
    match failure {
        Failure::Refused { status, message } => Ok((status, message)),
        other => Err(Stop::Remote(other)),
    }
}

/// Sends one entry. A remote without idempotency keys gets no blind repeats: after a
/// network error the entry is sent again as one that may have arrived (`fresh` false),
/// so a create is looked for first and an "already checked in" is not a second entry.
async fn send(
    remote: &Remote,
    db: &Db,
    kiosk: &str,
    e: &Entry,
    fresh: bool,
) -> Result<Outcome, Stop> {
    let mut fresh = fresh;
    let mut tries = 0;
    loop {
        match send_once(remote, db, kiosk, e, fresh).await {
            Err(Stop::Remote(Failure::Transient(why))) if !remote.entrada && tries < 5 => {
                tracing::debug!(%why, entry = e.id, "sending again as possibly delivered");
                tries += 1;
                fresh = false;
                tokio::time::sleep(super::remote::backoff(tries)).await;
            }
            other => return other,
        }
    }
}

async fn send_once(
    remote: &Remote,
    db: &Db,
    kiosk: &str,
    e: &Entry,
    fresh: bool,
) -> Result<Outcome, Stop> {
    let Some(ids) = resolve(db, e).await? else {
        // The event is not mirrored any more (configuration changed): nothing to send to.
        return Ok(Outcome::Parked {
            status: 0,
            message: "the event is no longer mirrored from the remote".into(),
            effects: vec![],
        });
    };
    let key = idempotency_key(kiosk, e);
    let key = remote.entrada.then_some(key.as_str());
    match e.change {
        Change::AttendeeCreate | Change::FieldCreate => {
            create(remote, db, e, &ids, key, fresh).await
        }
        Change::AttendeeUpdate | Change::FieldUpdate => {
            let Some(rid) = ids.record else {
                return Ok(Outcome::Waits);
            };
            let path = if e.change == Change::AttendeeUpdate {
                format!("/events/{}/attendees/{rid}", ids.event)
            } else {
                format!("/events/{}/attendee_fields/{rid}", ids.event)
            };
            let met;
            let e = if e.change == Change::AttendeeUpdate {
                match meet_remote(remote, db, e, ids.event, &path).await? {
                    Met::Entry(entry) => {
                        met = entry;
                        &met
                    }
                    Met::Done(outcome) => return Ok(outcome),
                }
            } else {
                e
            };
            let Some(item) = outgoing(remote, db, e).await? else {
                return Ok(Outcome::Waits);
            };
            match remote
                .call(Method::PATCH, &path, Some(&json!({"item": item})), key)
                .await
            {
                Ok(reply) => Ok(Outcome::Settled(base_of(e, reply))),
                Err(f) => {
                    let (status, message) = refused(f)?;
                    Ok(parked(e, status, message))
                }
            }
        }
        Change::FieldDelete => {
            let Some(rid) = ids.record else {
                // Created and deleted here before it ever reached the remote.
                return Ok(Outcome::Settled(vec![]));
            };
            let path = format!("/events/{}/attendee_fields/{rid}", ids.event);
            match remote.call(Method::DELETE, &path, None, key).await {
                Ok(_) => Ok(Outcome::Settled(vec![])),
                Err(Failure::Refused { status: 404, .. }) => Ok(Outcome::Settled(vec![])),
                Err(f) => {
                    let (status, message) = refused(f)?;
                    Ok(parked(e, status, message))
                }
            }
        }
        Change::CheckIn | Change::CheckOut | Change::Undo => {
            check_in(remote, db, e, &ids, key, fresh).await
        }
    }
}

/// What meeting the remote's record before an update left to do.
enum Met {
    /// Send this entry (possibly with fewer members than queued).
    Entry(Entry),
    /// Nothing left to send, or the record is gone.
    Done(Outcome),
}

/// Reads the remote's current record of the attendee an update is for and merges it
/// first (SYNC.md, "Conflicts"): a member changed on both sides goes to the later
/// change, and one the remote won is taken out of the entry. A record the remote no
/// longer has parks the entry (`deleted_remotely`).
async fn meet_remote(
    remote: &Remote,
    db: &Db,
    e: &Entry,
    remote_event: i64,
    path: &str,
) -> Result<Met, Stop> {
    let current = match remote.call(Method::GET, path, None, None).await {
        Ok(reply) => reply.body["item"].clone(),
        Err(f) => {
            let (status, message) = refused(f)?;
            return Ok(Met::Done(parked(e, status, message)));
        }
    };
    let entry = e.clone();
    let theirs = current.clone();
    let now = db
        .write(move |conn| super::apply::meet_before_update(conn, &entry, remote_event, &theirs))
        .await?;
    let Some(now) = now else {
        // Dropped by a person while it was on its way: nothing to send.
        return Ok(Met::Done(Outcome::Settled(vec![])));
    };
    if merge::nothing_left(&now) {
        // The remote won every member: it already holds the outcome.
        return Ok(Met::Done(Outcome::Settled(base_of(
            &now,
            Reply {
                status: 200,
                body: json!({"item": current}),
                date: None,
            },
        ))));
    }
    Ok(Met::Entry(now))
}

/// The base of the per-member merge moves to what the remote answered.
fn base_of(e: &Entry, reply: Reply) -> Vec<Effect> {
    if e.change.is_attendee() && reply.body["item"].is_object() {
        vec![new_base(e, reply.body["item"].clone())]
    } else {
        vec![]
    }
}

/// The remote's record becomes the merge base, unless a person edited what was sent:
/// then this kiosk's record is not what the remote holds, and it takes the remote's.
fn new_base(e: &Entry, record: Value) -> Effect {
    if e.edited {
        Effect::Adopt {
            attendee: e.record_id,
            record,
        }
    } else {
        Effect::Base {
            attendee: e.record_id,
            record,
        }
    }
}

/// A permanent refusal; a 404 of the record itself means it was deleted on the remote.
fn parked(e: &Entry, status: u16, message: String) -> Outcome {
    let effects = merge::deleted_remotely(e, status, &message)
        .map(|details| Effect::Conflict {
            kind: "deleted_remotely",
            event: e.event_id,
            attendee: e.change.is_attendee().then_some(e.record_id),
            details,
        })
        .into_iter()
        .collect();
    Outcome::Parked {
        status,
        message,
        effects,
    }
}

async fn create(
    remote: &Remote,
    db: &Db,
    e: &Entry,
    ids: &Ids,
    key: Option<&str>,
    fresh: bool,
) -> Result<Outcome, Stop> {
    let attendee = e.change == Change::AttendeeCreate;
    let kind = if attendee { ATTENDEE } else { FIELD };
    if ids.record.is_some() {
        // A pull already found it on the remote (our create whose answer was lost).
        return Ok(Outcome::Settled(vec![]));
    }
    let Some(item) = outgoing(remote, db, e).await? else {
        return Ok(Outcome::Waits);
    };
    let path = if attendee {
        format!("/events/{}/attendees", ids.event)
    } else {
        format!("/events/{}/attendee_fields", ids.event)
    };
    // Without idempotency keys, a create that may have reached the remote is looked for
    // there before it is sent again.
    if key.is_none()
        && !fresh
        && let Some(found) = find_created(remote, db, &path, &item, ids.event, kind).await?
    {
        return Ok(Outcome::Settled(created(e, ids.event, kind, found)));
    }
    match remote
        .call_with(
            Method::POST,
            &path,
            Some(&json!({"item": item})),
            key,
            key.is_some(),
        )
        .await
    {
        Ok(reply) => Ok(Outcome::Settled(created(
            e,
            ids.event,
            kind,
            reply.body["item"].clone(),
        ))),
        Err(f) => {
            let (status, message) = refused(f)?;
            Ok(parked(e, status, message))
        }
    }
}

fn created(e: &Entry, remote_event: i64, kind: &'static str, record: Value) -> Vec<Effect> {
    let Some(rid) = record["id"].as_i64() else {
        return vec![];
    };
    let mut fx = vec![Effect::Map {
        kind,
        local: e.record_id,
        remote_event,
        remote: rid,
    }];
    if kind == ATTENDEE {
        let own = e.body["item"]["qr_code"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if let Some(code) = record["qr_code"].as_str()
            && !own.is_empty()
            && code != own
        {
            fx.push(Effect::Recode {
                attendee: e.record_id,
                event: e.event_id,
                code: code.to_owned(),
                own,
            });
        }
        fx.push(new_base(e, record));
    }
    fx
}

/// An unmapped remote record that matches a create (attendee: names and email; field:
/// label and type): the create that reached the remote although its answer did not.
async fn find_created(
    remote: &Remote,
    db: &Db,
    path: &str,
    item: &Value,
    remote_event: i64,
    kind: &'static str,
) -> Result<Option<Value>, Stop> {
    let mut page = 1;
    loop {
        let reply = remote
            .call(
                Method::GET,
                &format!("{path}?page={page}&per_page=100"),
                None,
                None,
            )
            .await
            .map_err(Stop::Remote)?;
        let list = items(&reply.body);
        for candidate in &list {
            let same = merge::same_create(kind == ATTENDEE, candidate, item);
            let Some(rid) = candidate["id"].as_i64() else {
                continue;
            };
            if same
                && db
                    .read(move |conn| store::local_id(conn, kind, remote_event, rid))
                    .await?
                    .is_none()
            {
                return Ok(Some(candidate.clone()));
            }
        }
        let pages = reply.body["metadata"]["total_pages"].as_i64().unwrap_or(1);
        if list.is_empty() || page >= pages {
            return Ok(None);
        }
        page += 1;
    }
}

async fn check_in(
    remote: &Remote,
    db: &Db,
    e: &Entry,
    ids: &Ids,
    key: Option<&str>,
    fresh: bool,
) -> Result<Outcome, Stop> {
    let Some(rid) = ids.record else {
        return Ok(Outcome::Waits);
    };
    let session = match e.body["session_id"].as_i64() {
        None => None,
        Some(local) => match db
            .read(move |conn| store::remote_id(conn, SESSION, local))
            .await?
        {
            Some(r) => Some(r),
            None => return Ok(Outcome::Waits),
        },
    };
    let method = match e.change {
        Change::CheckIn => Method::POST,
        Change::CheckOut => Method::PATCH,
        _ => Method::DELETE,
    };
    let body = session.map(|s| json!({"item": {"session_id": s}}));
    let path = format!("/events/{}/attendees/{rid}/check_in", ids.event);
    let repeatable = remote.entrada;
    let (status, message) = match remote
        .call_with(method, &path, body.as_ref(), key, repeatable)
        .await
    {
        Ok(reply) => return Ok(Outcome::Settled(base_of(e, reply))),
        Err(f) => refused(f)?,
    };
    if status != 422 {
        return Ok(parked(e, status, message));
    }
    // Refused as unsuitable: settled if the remote already is where this entry leads.
    let now = time::now();
    let current = remote
        .call(
            Method::GET,
            &format!("/events/{}/attendees/{rid}", ids.event),
            None,
            None,
        )
        .await
        .map_err(Stop::Remote)?;
    let state = current.body["item"]["checkin_status"]
        .as_str()
        .unwrap_or("");
    let refusal = merge::check_in_refused(e.change, session.is_some(), state, &message, fresh);
    let Refusal::Settle { duplicate_entry } = refusal else {
        return Ok(parked(e, status, message));
    };
    let mut effects = base_of(
        e,
        Reply {
            status: 200,
            body: current.body.clone(),
            date: None,
        },
    );
    if duplicate_entry {
        // Checked in here and, before this reached the remote, somewhere else too.
        effects.push(Effect::Conflict {
            kind: "duplicate_entry",
            event: e.event_id,
            attendee: Some(e.record_id),
            details: json!({
                "message": message,
                "here": {"at": e.body["at"], "device": e.device},
                "remote_says": message,
                "noticed_at": now,
            }),
        });
    }
    Ok(Outcome::Settled(effects))
}
