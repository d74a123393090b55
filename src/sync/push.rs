//! Push: the outbox, in order, to the remote (SYNC.md, "Push" and "Conflicts").
//!
//! Entries go in batches: one write marks a batch as sent (from then on its answers may
//! be lost, which the retry rules account for), the entries are sent one at a time, and
//! one write settles those the remote confirmed. A batch is cut short at every create,
//! whose new remote id later entries need, so that mapping is stored before they go.

use std::collections::HashSet;

use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::merge::{self, Refusal, Report};
use super::remote::routes::CheckInOp;
use super::remote::v2::{self, Ref, RemoteAttendee, Request};
use super::remote::{Failure, Remote};
use super::{Stop, apply};
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
        record: RemoteAttendee,
    },
    /// The remote got a body a person edited, not this kiosk's record: the kiosk takes
    /// the remote's record.
    Adopt {
        attendee: i64,
        record: RemoteAttendee,
    },
    /// The local walk-in takes the remote's code and keeps its own as an alias.
    Recode {
        attendee: i64,
        event: i64,
        code: String,
        own: String,
    },
    Conflict {
        event: i64,
        report: Report,
    },
    /// The remote erased the attendee too: the local mapping (and its base) goes.
    Unmap {
        attendee: i64,
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
            Effect::Base { attendee, record } => apply::set_base(conn, *attendee, record)?,
            Effect::Adopt { attendee, record } => apply::adopt(conn, *attendee, record)?,
            Effect::Recode {
                attendee,
                event,
                code,
                own,
            } => {
                mirror::set_code_if_free(conn, *attendee, code)?;
                store::add_alias(conn, *attendee, *event, own)?;
            }
            Effect::Conflict { event, report } => {
                store::add_conflict(
                    conn,
                    report.kind,
                    Some(*event),
                    report.attendee,
                    &report.details,
                )?;
            }
            Effect::Unmap { attendee } => store::unmap_attendee(conn, *attendee)?,
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
        let ready = ready(batch, &mut blocked, &mut after);
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

/// The entries of a batch that go now: not parked or held, not behind a parked, held or
/// waiting entry
/// of the same record (`blocked`, which parked ones join), and cut after the first
/// create, whose mapping must be stored before the entries that use it are resolved
/// (`after` then moves back to it).
fn ready(batch: Vec<Entry>, blocked: &mut HashSet<(bool, i64)>, after: &mut i64) -> Vec<Entry> {
    let mut ready = Vec::new();
    for e in batch {
        let key = (e.change.is_attendee(), e.record_id);
        if e.parked || e.held || blocked.contains(&key) {
            blocked.insert(key);
            continue;
        }
        let create = matches!(e.change, Change::AttendeeCreate | Change::FieldCreate);
        *after = e.id;
        ready.push(e);
        if create {
            break;
        }
    }
    ready
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

/// The entry's request item as this remote gets it: remote ids, and only the spec's
/// members for a remote that is not an Entrada. None while a reference is not mapped.
async fn outgoing(remote: &Remote, db: &Db, e: &Entry) -> Result<Option<Request>, Stop> {
    let request = Request::of(e);
    let translated = db
        .read(move |conn| {
            request.translated(|kind, local| {
                let kind = match kind {
                    Ref::RegistrationType => REGISTRATION_TYPE,
                    Ref::Session => SESSION,
                    Ref::Field => FIELD,
                };
                store::remote_id(conn, kind, local)
            })
        })
        .await?;
    Ok(translated.map(|r| {
        if remote.entrada {
            r
        } else {
            r.spec_only(e.change)
        }
    }))
}

fn refused(failure: Failure) -> Result<(u16, String), Stop> {
    match failure {
        Failure::Refused { status, message } => Ok((status, message)),
        other => Err(Stop::Remote(other)),
    }
}

/// A refusal parks the entry; any other failure stops the round.
fn settled_or_parked<T>(
    e: &Entry,
    answer: Result<T, Failure>,
    effects: impl FnOnce(T) -> Vec<Effect>,
) -> Result<Outcome, Stop> {
    match answer {
        Ok(t) => Ok(Outcome::Settled(effects(t))),
        Err(f) => {
            let (status, message) = refused(f)?;
            Ok(parked(e, status, message))
        }
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
        Change::AttendeeUpdate | Change::FieldUpdate => update(remote, db, e, &ids, key).await,
        Change::FieldDelete => {
            let Some(rid) = ids.record else {
                // Created and deleted here before it ever reached the remote.
                return Ok(Outcome::Settled(vec![]));
            };
            match remote.fields(ids.event).delete(rid, key).await {
                // 404: already gone, which is what the entry asks.
                Ok(()) | Err(Failure::Refused { status: 404, .. }) => Ok(Outcome::Settled(vec![])),
                Err(f) => settled_or_parked(e, Err::<(), _>(f), |_| vec![]),
            }
        }
        Change::CheckIn | Change::CheckOut | Change::Undo => {
            check_in(remote, db, e, &ids, key, fresh).await
        }
        Change::AttendeeDelete => erase(remote, e, &ids, key).await,
    }
}

/// An erasure (`db::privacy`): `DELETE` of the remote attendee, settled by a 2xx or a
/// 404 (already gone, which is what it asks). An attendee whose create may have reached
/// the remote unanswered has no mapping: its entry carries the ticket code, and an
/// Entrada remote finds the record by its `qr_code` filter. A spec-only remote cannot
/// be searched by code: such an entry settles with nothing to delete (SYNC.md).
async fn erase(remote: &Remote, e: &Entry, ids: &Ids, key: Option<&str>) -> Result<Outcome, Stop> {
    let attendees = remote.attendees(ids.event);
    let targets = match ids.record {
        Some(rid) => vec![rid],
        None => match e.body["qr_code"].as_str() {
            Some(code) if remote.entrada => attendees.with_code(code).await?,
            _ => vec![],
        },
    };
    for rid in targets {
        match attendees.delete(rid, key).await {
            Ok(()) | Err(Failure::Refused { status: 404, .. }) => {}
            Err(f) => {
                let (status, message) = refused(f)?;
                return Ok(Outcome::Parked {
                    status,
                    message,
                    effects: vec![],
                });
            }
        }
    }
    Ok(Outcome::Settled(vec![Effect::Unmap {
        attendee: e.record_id,
    }]))
}

async fn update(
    remote: &Remote,
    db: &Db,
    e: &Entry,
    ids: &Ids,
    key: Option<&str>,
) -> Result<Outcome, Stop> {
    let Some(rid) = ids.record else {
        return Ok(Outcome::Waits);
    };
    if e.change == Change::FieldUpdate {
        let Some(request) = outgoing(remote, db, e).await? else {
            return Ok(Outcome::Waits);
        };
        let answer = remote.fields(ids.event).update(rid, &request, key).await;
        return settled_or_parked(e, answer, |()| vec![]);
    }
    let e = match meet_remote(remote, db, e, ids.event, rid).await? {
        Met::Entry(entry) => entry,
        Met::Done(outcome) => return Ok(outcome),
    };
    let Some(request) = outgoing(remote, db, &e).await? else {
        return Ok(Outcome::Waits);
    };
    let answer = remote.attendees(ids.event).update(rid, &request, key).await;
    settled_or_parked(&e, answer, |record| base_of(&e, record))
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
    rid: i64,
) -> Result<Met, Stop> {
    let current = match remote.attendees(remote_event).get(rid).await {
        Ok(record) => record,
        Err(f) => {
            let (status, message) = refused(f)?;
            return Ok(Met::Done(parked(e, status, message)));
        }
    };
    let entry = e.clone();
    let theirs = current.clone();
    let now = db
        .write(move |conn| apply::meet_before_update(conn, &entry, remote_event, &theirs))
        .await?;
    let Some(now) = now else {
        // Dropped by a person while it was on its way: nothing to send.
        return Ok(Met::Done(Outcome::Settled(vec![])));
    };
    if merge::nothing_left(&now) {
        // The remote won every member: it already holds the outcome.
        return Ok(Met::Done(Outcome::Settled(base_of(&now, Some(current)))));
    }
    Ok(Met::Entry(now))
}

/// A check-in operation decided at a joined kiosk while its question to the venue hub went
/// unanswered: the same question, with the same idempotency key (HUB.md). A hub that
/// received it then answers what it answered then, so a check-in it made is not counted
/// again; one that did not decides it now. `already_checked_in` means another door
/// admitted the ticket first: one duplicate-entry conflict, as for any check-in refused.
async fn put_again(
    remote: &Remote,
    e: &Entry,
    question: &serde_json::Value,
) -> Result<Outcome, Stop> {
    let (Some(path), Some(key)) = (question["path"].as_str(), question["key"].as_str()) else {
        return Ok(parked(
            e,
            0,
            "the question put to the hub is damaged".into(),
        ));
    };
    let reply = match remote
        .call(
            reqwest::Method::POST,
            path,
            Some(&question["body"]),
            Some(key),
        )
        .await
    {
        Ok(reply) => reply,
        Err(f) => {
            let (status, message) = refused(f)?;
            return Ok(parked(e, status, message));
        }
    };
    let item = &reply.body["item"];
    let message = item["message"].as_str().unwrap_or_default().to_owned();
    let record = RemoteAttendee::from_stored(item["attendee"].clone());
    match item["outcome"].as_str().unwrap_or_default() {
        "ok" => Ok(Outcome::Settled(base_of(e, record))),
        "already_checked_in" => {
            tell_hub_of_duplicate(remote, e, path, key, item, &message).await?;
            let mut effects = base_of(e, record);
            effects.push(Effect::Conflict {
                event: e.event_id,
                report: merge::duplicate_entry(e, &message, &time::now()),
            });
            Ok(Outcome::Settled(effects))
        }
        _ => {
            // Refused, but the hub may already be where this entry leads: a check-out of
            // someone another door let out first (while this door, cut off, had not
            // heard), an undo of what is undone. Settled then, as a plain operation's
            // refusal is (`merge::check_in_refused`), so that nothing waits behind it
            // (issue 37, 3b: such check-outs were parked, and every later entry of the
            // person stayed pending behind them). A session's presence is not in the
            // record: a session's refusal stays parked, with the hub's words.
            let session = question["body"]["item"]["session_id"].as_i64().is_some();
            let state = record
                .as_ref()
                .and_then(|r| r.checkin_status.clone())
                .unwrap_or_default();
            let reached = !session
                && e.change != Change::CheckIn
                && matches!(
                    merge::check_in_refused(e.change, false, &state, &message, false),
                    Refusal::Settle { .. }
                );
            if reached {
                Ok(Outcome::Settled(base_of(e, record)))
            } else {
                Ok(parked(e, 422, message))
            }
        }
    }
}

/// Tells the hub that this kiosk admitted someone the hub had admitted at another door
/// first, so that the hub's Sync screen (and through it every kiosk's) shows the duplicate
/// entry too. Under its own idempotency key: a round that stops before the entry settles
/// tells it again, and the hub records it once. A hub that cannot take it (one without
/// the endpoint) does not hold the entry back.
async fn tell_hub_of_duplicate(
    remote: &Remote,
    e: &Entry,
    path: &str,
    key: &str,
    item: &serde_json::Value,
    message: &str,
) -> Result<(), Stop> {
    let event = path
        .strip_prefix("/events/")
        .and_then(|rest| rest.split('/').next())
        .and_then(|id| id.parse::<i64>().ok());
    let (Some(event), Some(attendee)) = (event, item["attendee"]["id"].as_i64()) else {
        return Ok(());
    };
    let body = serde_json::json!({"item": {
        "event_id": event,
        "attendee_id": attendee,
        "admitted_at": e.body["at"],
        "message": message,
    }});
    let told = remote
        .call(
            reqwest::Method::POST,
            "/kiosk/hub/conflicts",
            Some(&body),
            Some(&format!("{key}:duplicate")),
        )
        .await;
    if let Err(f) = told {
        let (status, said) = refused(f)?;
        tracing::warn!(status, %said, "the hub did not take this kiosk's duplicate entry");
    }
    Ok(())
}

/// The base of the per-member merge moves to what the remote answered.
fn base_of(e: &Entry, record: Option<RemoteAttendee>) -> Vec<Effect> {
    match record {
        Some(record) if e.change.is_attendee() => vec![new_base(e, record)],
        _ => vec![],
    }
}

/// The remote's record becomes the merge base, unless a person edited what was sent:
/// then this kiosk's record is not what the remote holds, and it takes the remote's.
fn new_base(e: &Entry, record: RemoteAttendee) -> Effect {
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
        .map(|report| Effect::Conflict {
            event: e.event_id,
            report,
        })
        .into_iter()
        .collect();
    Outcome::Parked {
        status,
        message,
        effects,
    }
}

/// What a create answered, or what was found of it: the remote's record.
enum Created {
    Attendee(Box<RemoteAttendee>),
    Field(i64),
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
    if ids.record.is_some() {
        // A pull already found it on the remote (our create whose answer was lost).
        return Ok(Outcome::Settled(vec![]));
    }
    let Some(request) = outgoing(remote, db, e).await? else {
        return Ok(Outcome::Waits);
    };
    // Without idempotency keys, a create that may have reached the remote is looked for
    // there before it is sent again.
    if key.is_none()
        && !fresh
        && let Some(found) = find_created(remote, db, &request, ids.event, attendee).await?
    {
        return Ok(Outcome::Settled(created(e, ids.event, Some(found))));
    }
    let repeatable = key.is_some();
    let answer = if attendee {
        let made = remote.attendees(ids.event);
        let made = made.create(&request, key, repeatable).await;
        made.map(|r| r.map(|a| Created::Attendee(Box::new(a))))
    } else {
        let made = remote.fields(ids.event);
        let made = made.create(&request, key, repeatable).await;
        made.map(|r| r.map(|f| Created::Field(f.id)))
    };
    settled_or_parked(e, answer, |record| created(e, ids.event, record))
}

fn created(e: &Entry, remote_event: i64, record: Option<Created>) -> Vec<Effect> {
    let (kind, rid) = match &record {
        None => return vec![],
        Some(Created::Attendee(a)) => (ATTENDEE, a.id),
        Some(Created::Field(id)) => (FIELD, *id),
    };
    let mut fx = vec![Effect::Map {
        kind,
        local: e.record_id,
        remote_event,
        remote: rid,
    }];
    if let Some(Created::Attendee(record)) = record {
        let own = v2::code_of(e);
        if let Some(code) = &record.qr_code
            && !own.is_empty()
            && *code != own
        {
            fx.push(Effect::Recode {
                attendee: e.record_id,
                event: e.event_id,
                code: code.clone(),
                own,
            });
        }
        fx.push(new_base(e, *record));
    }
    fx
}

/// An unmapped remote record that matches a create (`merge::same_create`): the create
/// that reached the remote although its answer did not.
async fn find_created(
    remote: &Remote,
    db: &Db,
    request: &Request,
    remote_event: i64,
    attendee: bool,
) -> Result<Option<Created>, Stop> {
    let kind = if attendee { ATTENDEE } else { FIELD };
    let sent = request.create_members(attendee);
    let mut page = 1;
    loop {
        let (candidates, pages) = if attendee {
            let list = remote.attendees(remote_event).list(None, page).await?;
            let found = list.items.into_iter();
            let found = found.map(|a| (a.id, a.create_members(), Created::Attendee(Box::new(a))));
            (found.collect::<Vec<_>>(), list.total_pages)
        } else {
            let list = remote.fields(remote_event).list(page).await?;
            let found = list.items.into_iter();
            let found = found.map(|f| (f.id, f.create_members(), Created::Field(f.id)));
            (found.collect::<Vec<_>>(), list.total_pages)
        };
        let empty = candidates.is_empty();
        for (rid, members, record) in candidates {
            if merge::same_create(&members, &sent)
                && db
                    .read(move |conn| store::local_id(conn, kind, remote_event, rid))
                    .await?
                    .is_none()
            {
                return Ok(Some(record));
            }
        }
        if empty || u64::from(page) >= pages {
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
    if let Some(question) = &e.hub_question
        && remote.entrada
    {
        return put_again(remote, e, question).await;
    }
    let Some(rid) = ids.record else {
        return Ok(Outcome::Waits);
    };
    let session = match v2::session_of(e) {
        None => None,
        Some(local) => match db
            .read(move |conn| store::remote_id(conn, SESSION, local))
            .await?
        {
            Some(r) => Some(r),
            None => return Ok(Outcome::Waits),
        },
    };
    let op = match e.change {
        Change::CheckIn => CheckInOp::CheckIn,
        Change::CheckOut => CheckInOp::CheckOut,
        _ => CheckInOp::Undo,
    };
    let attendees = remote.attendees(ids.event);
    let repeatable = remote.entrada;
    let (status, message) = match attendees.check_in(rid, op, session, key, repeatable).await {
        Ok(record) => return Ok(Outcome::Settled(base_of(e, record))),
        Err(f) => refused(f)?,
    };
    if status != 422 {
        return Ok(parked(e, status, message));
    }
    // Refused as unsuitable: settled if the remote already is where this entry leads.
    let now = time::now();
    let current = attendees.get(rid).await.map_err(Stop::Remote)?;
    let state = current.checkin_status.clone().unwrap_or_default();
    let refusal = merge::check_in_refused(e.change, session.is_some(), &state, &message, fresh);
    let Refusal::Settle { duplicate_entry } = refusal else {
        return Ok(parked(e, status, message));
    };
    let mut effects = base_of(e, Some(current));
    if duplicate_entry {
        // Checked in here and, before this reached the remote, somewhere else too.
        effects.push(Effect::Conflict {
            event: e.event_id,
            report: merge::duplicate_entry(e, &message, &now),
        });
    }
    Ok(Outcome::Settled(effects))
}
