//! The check-in engine: applies check-in, check-out and undo (door or session) by
//! attendee id or by scanned code, and writes the history. Runs inside a write job, so
//! the writer's single thread serialises operations on the same attendee: of two kiosks
//! scanning one ticket at the same moment, one gets `ok`, the other `already_checked_in`.
//!
//! Refused attempts are recorded too (staff want to see attempted re-entry), which is why
//! the engine returns an [`Applied`] with an outcome rather than an error for them.

use chrono::Utc;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::json;

use super::feed::{self, FeedEntry};
use super::sync::{self, Change};
use super::{attendees, events};
use crate::domain::attendee::{Attendee, AttendeeChanges};
use crate::domain::check_in::{
    Action, CheckInRecord, CheckInStats, DoorSteps, Outcome, RegistrationTypeCounts, Said,
    SessionCounts, Since, StatusCounts, canonical_code, normalise_code, rsvp_refuses,
};
use crate::domain::event::{Event, Session};
use crate::domain::field::AttendeeField;
use crate::domain::page::PageRequest;
use crate::domain::status::CheckinStatus;
use crate::domain::time;
use crate::error::{Error, Problem, Problems, Result};

/// Who did it, from where; written to the history.
#[derive(Debug, Clone, Default)]
pub struct Actor {
    pub client_id: Option<String>,
    pub user_id: Option<i64>,
    pub device: Option<String>,
}

/// The result of one operation.
#[derive(Debug)]
pub struct Applied {
    pub outcome: Outcome,
    /// What to tell the door, as data: the API puts it in words (`crate::l10n`).
    pub said: Said,
    /// The attendee after the operation; None when the code matched no attendee here.
    pub attendee: Option<Attendee>,
    /// For `needs_answers`: the required fields to ask at the door.
    pub missing_fields: Vec<AttendeeField>,
}

/// The spec's operations: by attendee id. A missing attendee is a 404, an unknown session
/// a 422; a refused transition is an `Applied` with its outcome (recorded).
pub fn apply(
    conn: &Connection,
    event: &Event,
    attendee_id: i64,
    action: Action,
    session_id: Option<i64>,
    actor: &Actor,
) -> Result<Applied> {
    let attendee = attendees::require_row(conn, event.id, attendee_id)?;
    let session = session_of(conn, event, session_id)?;
    operate(conn, event, attendee, action, session.as_ref(), actor, None)
}

/// The door's own steps of a scan: the attention hold and the missing questions. The
/// spec's operations by id (integrations, turnstiles) do not wait for a person.
struct Door<'a> {
    code: &'a str,
    steps: &'a DoorSteps,
    /// `steps.answers`, checked against the event's fields.
    answers: Vec<(i64, Option<serde_json::Value>)>,
}

/// A scan: lookup by code and the operation in one step. Never a 404: an unknown code is
/// an outcome like any other, and it is recorded. A check-in may wait for the door person
/// (`needs_attention`, `needs_answers`); `steps` carries what they settled.
pub fn scan(
    conn: &Connection,
    event: &Event,
    raw_code: &str,
    action: Action,
    session_id: Option<i64>,
    actor: &Actor,
    steps: &DoorSteps,
) -> Result<Applied> {
    let session = session_of(conn, event, session_id)?;
    // Bad answers are a 422 before anything, the attempt included, is written.
    let mut problems = Problems::new();
    let answers = if steps.answers.is_empty() {
        Vec::new()
    } else {
        let fields = attendees::answerable_fields(conn, event.id)?;
        attendees::check_answers_at("answers", &fields, &steps.answers, &mut problems)
    };
    problems.into_result()?;
    let code = normalise_code(raw_code);
    if let Some(attendee) = find_by_code(conn, event.id, code)? {
        let door = Door {
            code,
            steps,
            answers,
        };
        return operate(
            conn,
            event,
            attendee,
            action,
            session.as_ref(),
            actor,
            Some(door),
        );
    }
    // A ticket of another event of the same account: say which, so staff can redirect the
    // person. Codes of other accounts are simply unknown: nothing leaks across accounts.
    let elsewhere: Option<(i64, String)> = conn
        .prepare_cached(
            "SELECT e.id, e.name FROM attendees a JOIN events e ON e.id = a.event_id
             WHERE a.qr_code IN (?1, ?2) AND e.account_id = ?3 AND e.id != ?4 LIMIT 1",
        )?
        .query_row(
            params![code, canonical_code(code), event.account_id, event.id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let (outcome, said) = match elsewhere {
        Some((event_id, event_name)) => (
            Outcome::WrongEvent,
            Said::WrongEvent {
                event_id,
                event_name,
            },
        ),
        None => (Outcome::NotFound, Said::NotFound),
    };
    let written = record(
        conn,
        event.id,
        None,
        session.as_ref().map(|s| s.id),
        action,
        outcome,
        Some(code),
        actor,
    )?;
    to_feed(vec![written], None);
    Ok(Applied {
        outcome,
        said,
        attendee: None,
        missing_fields: Vec::new(),
    })
}

fn session_of(
    conn: &Connection,
    event: &Event,
    session_id: Option<i64>,
) -> Result<Option<Session>> {
    match session_id {
        None => Ok(None),
        Some(id) => events::require_session(conn, event.id, id)
            .map(Some)
            .map_err(|_| {
                Error::from(Problem::member(
                    "session_id",
                    format!("{id} is not a session of this event"),
                ))
            }),
    }
}

fn find_by_code(conn: &Connection, event_id: i64, code: &str) -> Result<Option<Attendee>> {
    let id: Option<i64> = conn
        .prepare_cached(
            "SELECT id FROM attendees WHERE event_id = ?1 AND qr_code IN (?2, ?3) LIMIT 1",
        )?
        .query_row(params![event_id, code, canonical_code(code)], |r| r.get(0))
        .optional()?;
    // A walk-in's own code, kept when a spec-only remote gave it another (SYNC.md).
    let id = match id {
        Some(id) => Some(id),
        None => sync::by_alias(conn, event_id, code)?,
    };
    match id {
        Some(id) => attendees::find_row(conn, event_id, id),
        None => Ok(None),
    }
}

fn operate(
    conn: &Connection,
    event: &Event,
    attendee: Attendee,
    action: Action,
    session: Option<&Session>,
    actor: &Actor,
    door: Option<Door<'_>>,
) -> Result<Applied> {
    let code = door.as_ref().map(|d| d.code);
    let name = attendee.full_name();
    let session_id = session.map(|s| s.id);
    let next = decide(conn, event, &attendee, &name, action, session)?;
    // The hub admitted this scan and this door already shows its result: the follower of
    // the hub's stream applied the hub's record before this write (issue 37). It is this
    // door's admission all the same: one `ok` record, and no transition (nothing moves).
    let hub_admitted = door.as_ref().is_some_and(|d| d.steps.hub_admitted);
    let next = match next {
        Err(_)
            if hub_admitted && already_there(action, current_status(conn, &attendee, session)?) =>
        {
            Err((
                Outcome::Ok,
                Said::Done {
                    action,
                    name: name.clone(),
                    session: session.map(|s| s.name.clone()),
                },
            ))
        }
        next => next,
    };
    if let (Ok(_), Some(door)) = (&next, &door)
        && action == Action::CheckIn
        && let Some(held) = held_at_door(conn, event, &attendee, &name, door, session_id, actor)?
    {
        return Ok(held);
    }
    let now = time::now();
    let mut written = Vec::with_capacity(2);
    let (outcome, said) = match next {
        Err(refused) => refused,
        Ok(to) => {
            let change = Transition {
                event,
                attendee: &attendee,
                action,
                to,
                session,
                code,
                actor,
                now: &now,
            };
            change.apply(conn, &mut written)?;
            (Outcome::Ok, change.said(name))
        }
    };
    written.push(record(
        conn,
        event.id,
        Some(attendee.id),
        session_id,
        action,
        outcome,
        code,
        actor,
    )?);
    let attendee = attendees::get(conn, event.id, attendee.id)?;
    to_feed(written, Some(&attendee));
    Ok(Applied {
        outcome,
        said,
        attendee: Some(attendee),
        missing_fields: Vec::new(),
    })
}

/// Whether the door state is already where `action` leads (check-in: in; check-out: out;
/// undo: not checked in).
fn already_there(action: Action, current: CheckinStatus) -> bool {
    matches!(
        (action, current),
        (Action::CheckIn, CheckinStatus::CheckedIn)
            | (Action::CheckOut, CheckinStatus::CheckedOut)
            | (Action::Undo, CheckinStatus::NotCheckedIn)
    )
}

/// The attendee's door state, or their state in `session`.
fn current_status(
    conn: &Connection,
    attendee: &Attendee,
    session: Option<&Session>,
) -> Result<CheckinStatus> {
    Ok(match session {
        None => attendee.checkin_status,
        Some(s) => session_status(conn, attendee.id, s.id)?,
    })
}

/// The state `action` leads to, or why it is refused (RSVP first, then the transition
/// rules), with the words for the door.
fn decide(
    conn: &Connection,
    event: &Event,
    attendee: &Attendee,
    name: &str,
    action: Action,
    session: Option<&Session>,
) -> Result<std::result::Result<CheckinStatus, (Outcome, Said)>> {
    let current = match session {
        None => attendee.checkin_status,
        Some(s) => session_status(conn, attendee.id, s.id)?,
    };
    if action == Action::CheckIn && rsvp_refuses(attendee.rsvp_status) {
        return Ok(Err((
            Outcome::NotAllowed,
            Said::NotAllowed {
                name: name.to_owned(),
                rsvp: attendee.rsvp_status,
            },
        )));
    }
    Ok(match action.transition(current) {
        Ok(to) => Ok(to),
        Err(outcome) => {
            let said = refusal(
                conn, event, attendee, name, action, current, session, outcome,
            )?;
            Err((outcome, said))
        }
    })
}

/// A door check-in that waits for the door person ([`door_wait`]) is recorded as such and
/// answered; otherwise the answers it brought are saved, with the check-in, in the same
/// transaction, and None lets it go on.
fn held_at_door(
    conn: &Connection,
    event: &Event,
    attendee: &Attendee,
    name: &str,
    door: &Door<'_>,
    session_id: Option<i64>,
    actor: &Actor,
) -> Result<Option<Applied>> {
    if let Some((outcome, said, missing_fields)) = door_wait(conn, event, attendee, name, door)? {
        let written = record(
            conn,
            event.id,
            Some(attendee.id),
            session_id,
            Action::CheckIn,
            outcome,
            Some(door.code),
            actor,
        )?;
        let attendee = attendees::get(conn, event.id, attendee.id)?;
        to_feed(vec![written], Some(&attendee));
        return Ok(Some(Applied {
            outcome,
            said,
            attendee: Some(attendee),
            missing_fields,
        }));
    }
    if !door.steps.answers.is_empty() {
        let changes = AttendeeChanges {
            answers: door.steps.answers.clone(),
            ..AttendeeChanges::default()
        };
        attendees::update(conn, event.id, attendee.id, changes, Problems::new())?;
    }
    Ok(None)
}

/// An allowed change of state, about to be written.
struct Transition<'a> {
    event: &'a Event,
    attendee: &'a Attendee,
    action: Action,
    to: CheckinStatus,
    session: Option<&'a Session>,
    code: Option<&'a str>,
    actor: &'a Actor,
    now: &'a str,
}

impl Transition<'_> {
    /// Writes the new state (door, or session presence: a session check-in also admits
    /// at the door, recorded as its own check-in) and queues it for the remote.
    fn apply(&self, conn: &Connection, written: &mut Vec<CheckInRecord>) -> Result<()> {
        let (attendee, now) = (self.attendee, self.now);
        match self.session {
            None => set_door_status(conn, attendee.id, self.to, now)?,
            Some(s) => {
                conn.prepare_cached(
                    "INSERT INTO session_presence (attendee_id, session_id, status, updated_at)
                     VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (attendee_id, session_id) DO UPDATE SET status = excluded.status,
                         updated_at = excluded.updated_at",
                )?
                .execute(params![attendee.id, s.id, self.to, now])?;
                if self.action == Action::CheckIn
                    && attendee.checkin_status != CheckinStatus::CheckedIn
                {
                    // In a session means in the building.
                    set_door_status(conn, attendee.id, CheckinStatus::CheckedIn, now)?;
                    written.push(record(
                        conn,
                        self.event.id,
                        Some(attendee.id),
                        None,
                        Action::CheckIn,
                        Outcome::Ok,
                        self.code,
                        self.actor,
                    )?);
                } else {
                    touch(conn, attendee.id, now)?;
                }
            }
        }
        let change = match self.action {
            Action::CheckIn => Change::CheckIn,
            Action::CheckOut => Change::CheckOut,
            Action::Undo => Change::Undo,
        };
        sync::queue(
            conn,
            self.event.id,
            change,
            attendee.id,
            &json!({"session_id": self.session.map(|s| s.id), "at": now}),
            self.actor.device.as_deref(),
        )?;
        Ok(())
    }

    fn said(&self, name: String) -> Said {
        Said::Done {
            action: self.action,
            name,
            session: self.session.map(|s| s.name.clone()),
        }
    }
}

/// Whether a check-in that would succeed waits for the door person: first the attention
/// hold (until "Admit"), then, when the event asks them at the door, the required answers
/// still missing after the ones given now.
fn door_wait(
    conn: &Connection,
    event: &Event,
    attendee: &Attendee,
    name: &str,
    door: &Door<'_>,
) -> Result<Option<(Outcome, Said, Vec<AttendeeField>)>> {
    if attendee.needs_attention && !door.steps.confirmed {
        let said = Said::NeedsAttention {
            name: name.to_owned(),
            note: attendee.door_note.clone(),
        };
        return Ok(Some((Outcome::NeedsAttention, said, Vec::new())));
    }
    if !event.door_questions || door.steps.skip_questions {
        return Ok(None);
    }
    let with_answers = attendees::get(conn, event.id, attendee.id)?;
    let missing: Vec<AttendeeField> = with_answers
        .fields
        .into_iter()
        .filter(|f| f.field.required)
        .filter(|f| {
            let value = match door.answers.iter().find(|(id, _)| *id == f.field.id) {
                Some((_, given)) => given.as_ref(),
                None => Some(&f.value).filter(|v| !v.is_null()),
            };
            !f.field.satisfied_by(value)
        })
        .map(|f| AttendeeField::clone(&f.field))
        .collect();
    if missing.is_empty() {
        return Ok(None);
    }
    let said = Said::NeedsAnswers {
        name: name.to_owned(),
        labels: missing.iter().map(|f| f.label.clone()).collect(),
    };
    Ok(Some((Outcome::NeedsAnswers, said, missing)))
}

/// Why a transition is refused, with when and where the state it names began.
#[allow(clippy::too_many_arguments)]
fn refusal(
    conn: &Connection,
    event: &Event,
    attendee: &Attendee,
    name: &str,
    action: Action,
    current: CheckinStatus,
    session: Option<&Session>,
    outcome: Outcome,
) -> Result<Said> {
    let name = name.to_owned();
    let session_name = session.map(|s| s.name.clone());
    let since = |action: Action| -> Result<Option<Since>> {
        Ok(
            last_ok(conn, attendee.id, session.map(|s| s.id), action)?.map(|(at, device)| Since {
                at,
                device,
                timezone: event.timezone.clone(),
            }),
        )
    };
    Ok(match (outcome, current) {
        (Outcome::AlreadyCheckedIn, _) => Said::Already {
            action: Action::CheckIn,
            name,
            session: session_name,
            since: since(Action::CheckIn)?,
        },
        (_, CheckinStatus::CheckedOut) if action == Action::CheckOut => Said::Already {
            action: Action::CheckOut,
            name,
            session: session_name,
            since: since(Action::CheckOut)?,
        },
        _ => Said::NotCheckedIn {
            action,
            name,
            session: session_name,
            checked_out: current == CheckinStatus::CheckedOut,
        },
    })
}

fn last_ok(
    conn: &Connection,
    attendee_id: i64,
    session_id: Option<i64>,
    action: Action,
) -> Result<Option<(String, Option<String>)>> {
    Ok(conn
        .prepare_cached(
            "SELECT created_at, device FROM check_ins
             WHERE attendee_id = ?1 AND session_id IS ?2 AND action = ?3 AND outcome = 'ok'
             ORDER BY id DESC LIMIT 1",
        )?
        .query_row(params![attendee_id, session_id, action], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?)
}

fn session_status(conn: &Connection, attendee_id: i64, session_id: i64) -> Result<CheckinStatus> {
    Ok(conn
        .prepare_cached(
            "SELECT status FROM session_presence WHERE attendee_id = ?1 AND session_id = ?2",
        )?
        .query_row(params![attendee_id, session_id], |r| r.get(0))
        .optional()?
        .unwrap_or(CheckinStatus::NotCheckedIn))
}

fn set_door_status(
    conn: &Connection,
    attendee_id: i64,
    status: CheckinStatus,
    now: &str,
) -> Result<()> {
    conn.prepare_cached("UPDATE attendees SET checkin_status = ?1, updated_at = ?2 WHERE id = ?3")?
        .execute(params![status, now, attendee_id])?;
    Ok(())
}

fn touch(conn: &Connection, attendee_id: i64, now: &str) -> Result<()> {
    conn.prepare_cached("UPDATE attendees SET updated_at = ?1 WHERE id = ?2")?
        .execute(params![now, attendee_id])?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn record(
    conn: &Connection,
    event_id: i64,
    attendee_id: Option<i64>,
    session_id: Option<i64>,
    action: Action,
    outcome: Outcome,
    code: Option<&str>,
    actor: &Actor,
) -> Result<CheckInRecord> {
    let created_at = time::now();
    conn.prepare_cached(
        "INSERT INTO check_ins (event_id, attendee_id, session_id, action, outcome, code, device,
             client_id, user_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        event_id,
        attendee_id,
        session_id,
        action,
        outcome,
        code,
        actor.device,
        actor.client_id,
        actor.user_id,
        created_at
    ])?;
    Ok(CheckInRecord {
        id: conn.last_insert_rowid(),
        event_id,
        attendee_id,
        session_id,
        action,
        outcome,
        code: code.map(str::to_owned),
        device: actor.device.clone(),
        client_id: actor.client_id.clone(),
        user_id: actor.user_id,
        created_at,
    })
}

/// Hands the records an operation wrote to the live feed, with the attendee after it.
fn to_feed(records: Vec<CheckInRecord>, attendee: Option<&Attendee>) {
    for record in records {
        feed::note(FeedEntry {
            record,
            attendee: attendee.cloned(),
        });
    }
}

/// The event's records after `after`, oldest first (a stream's catch-up).
pub fn records_after(
    conn: &Connection,
    event_id: i64,
    after: i64,
    limit: usize,
) -> Result<Vec<CheckInRecord>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM check_ins WHERE event_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3"
    ))?;
    let rows = stmt.query_map(
        params![event_id, after, i64::try_from(limit).unwrap_or(i64::MAX)],
        record_from_row,
    )?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

const RECORD_COLUMNS: &str = "id, event_id, attendee_id, session_id, action, outcome, code, device, client_id, user_id, created_at";

fn record_from_row(row: &Row<'_>) -> rusqlite::Result<CheckInRecord> {
    Ok(CheckInRecord {
        id: row.get(0)?,
        event_id: row.get(1)?,
        attendee_id: row.get(2)?,
        session_id: row.get(3)?,
        action: row.get(4)?,
        outcome: row.get(5)?,
        code: row.get(6)?,
        device: row.get(7)?,
        client_id: row.get(8)?,
        user_id: row.get(9)?,
        created_at: row.get(10)?,
    })
}

/// The event's history, newest first.
pub fn history(
    conn: &Connection,
    event_id: i64,
    page: PageRequest,
) -> Result<(Vec<CheckInRecord>, u64)> {
    history_page(conn, "event_id", event_id, page)
}

/// One attendee's history, newest first.
pub fn attendee_history(
    conn: &Connection,
    attendee_id: i64,
    page: PageRequest,
) -> Result<(Vec<CheckInRecord>, u64)> {
    history_page(conn, "attendee_id", attendee_id, page)
}

/// A page of history records whose `column` (a fixed column name, never input) is `id`.
fn history_page(
    conn: &Connection,
    column: &str,
    id: i64,
    page: PageRequest,
) -> Result<(Vec<CheckInRecord>, u64)> {
    let total: u64 = conn
        .prepare_cached(&format!(
            "SELECT COUNT(*) FROM check_ins WHERE {column} = ?1"
        ))?
        .query_row([id], |r| r.get(0))?;
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM check_ins WHERE {column} = ?1 ORDER BY id DESC LIMIT ?2 OFFSET ?3"
    ))?;
    let rows = stmt.query_map(params![id, page.limit(), page.offset()], record_from_row)?;
    Ok((rows.collect::<rusqlite::Result<_>>()?, total))
}

/// Counts for the event's dashboard.
pub fn stats(conn: &Connection, event_id: i64) -> Result<CheckInStats> {
    let mut by_status = StatusCounts::default();
    let mut stmt = conn.prepare_cached(
        "SELECT checkin_status, COUNT(*) FROM attendees WHERE event_id = ?1 GROUP BY checkin_status",
    )?;
    let mut rows = stmt.query([event_id])?;
    while let Some(row) = rows.next()? {
        by_status.add(row.get(0)?, row.get(1)?);
    }
    let total = by_status.not_checked_in + by_status.checked_in + by_status.checked_out;
    let now = Utc::now();
    let (last_5, last_60) = recent_check_ins(conn, event_id, now)?;
    Ok(CheckInStats {
        total,
        by_checkin_status: by_status,
        by_registration_type: counts_by_registration_type(conn, event_id)?,
        by_session: counts_by_session(conn, event_id)?,
        check_ins_last_5_minutes: last_5,
        check_ins_last_60_minutes: last_60,
        generated_at: time::format(now),
    })
}

/// Counts per registration type, every type of the event listed (attendees of a type
/// deleted meanwhile, or of none, in rows of their own).
fn counts_by_registration_type(
    conn: &Connection,
    event_id: i64,
) -> Result<Vec<RegistrationTypeCounts>> {
    let mut by_type: Vec<RegistrationTypeCounts> = events::registration_types(conn, event_id)?
        .into_iter()
        .map(|t| RegistrationTypeCounts {
            registration_type_id: Some(t.id),
            name: Some(t.name),
            total: 0,
            by_checkin_status: StatusCounts::default(),
        })
        .collect();
    let mut stmt = conn.prepare_cached(
        "SELECT registration_type_id, checkin_status, COUNT(*) FROM attendees WHERE event_id = ?1
         GROUP BY registration_type_id, checkin_status",
    )?;
    let mut rows = stmt.query([event_id])?;
    while let Some(row) = rows.next()? {
        let type_id: Option<i64> = row.get(0)?;
        let n: i64 = row.get(2)?;
        let index = match by_type
            .iter()
            .position(|t| t.registration_type_id == type_id)
        {
            Some(i) => i,
            None => {
                by_type.push(RegistrationTypeCounts {
                    registration_type_id: type_id,
                    name: None,
                    total: 0,
                    by_checkin_status: StatusCounts::default(),
                });
                by_type.len() - 1
            }
        };
        by_type[index].total += n;
        by_type[index].by_checkin_status.add(row.get(1)?, n);
    }
    Ok(by_type)
}

fn counts_by_session(conn: &Connection, event_id: i64) -> Result<Vec<SessionCounts>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.id, s.name, s.capacity,
                COALESCE(SUM(p.status = 'checked_in'), 0), COALESCE(SUM(p.status = 'checked_out'), 0)
         FROM sessions s LEFT JOIN session_presence p ON p.session_id = s.id
         WHERE s.event_id = ?1 GROUP BY s.id ORDER BY s.id",
    )?;
    let by_session = stmt
        .query_map([event_id], |r| {
            Ok(SessionCounts {
                session_id: r.get(0)?,
                name: r.get(1)?,
                capacity: r.get(2)?,
                checked_in: r.get(3)?,
                checked_out: r.get(4)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(by_session)
}

/// Door check-ins in the last 5 and 60 minutes before `now`.
fn recent_check_ins(
    conn: &Connection,
    event_id: i64,
    now: chrono::DateTime<Utc>,
) -> Result<(i64, i64)> {
    // Walk the event's history from the newest record back to an hour ago: cheaper
    // than keeping one more index up to date on every check-in.
    let (since_5, since_60) = (
        time::format(now - chrono::Duration::minutes(5)),
        time::format(now - chrono::Duration::minutes(60)),
    );
    let (mut last_5, mut last_60) = (0i64, 0i64);
    let mut stmt = conn.prepare_cached(
        "SELECT created_at, outcome = 'ok' AND action = 'check_in' AND session_id IS NULL
         FROM check_ins WHERE event_id = ?1 ORDER BY id DESC",
    )?;
    let mut rows = stmt.query([event_id])?;
    while let Some(row) = rows.next()? {
        let at: String = row.get(0)?;
        if at < since_60 {
            break;
        }
        if row.get::<_, bool>(1)? {
            last_60 += 1;
            last_5 += i64::from(at >= since_5);
        }
    }
    Ok((last_5, last_60))
}
