//! Scans that see every door (HUB.md, "Scans that see every door"): a kiosk joined to a
//! venue hub asks the hub first, so that a ticket admitted at another door a moment ago
//! is refused here, not reconciled after the next sync.
//!
//! The question has a deadline (300 ms by default): the door never waits longer. What the
//! scan handler does with each answer:
//!
//! - The hub answered `ok`: it has admitted the attendee. The kiosk applies the same
//!   scan locally and drops what that queued for the hub (it has it already).
//! - The hub refused (`already_checked_in`, `not_checked_in`, `not_allowed`): its answer
//!   is shown and its door state adopted; nothing is queued.
//! - Anything the kiosk may know better (`not_found` for a walk-in not yet pushed, the
//!   door questions), or no answer in time: decided here as before, marked "decided
//!   here". When the question is still out at the deadline it is not abandoned: the
//!   entries the local decision queued are held until its answer comes (at most
//!   [`LATE_LIMIT`]), then dropped if the hub admitted the same scan, else sent, so that
//!   a scan the hub received is never sent twice, and a ticket admitted at two doors
//!   while the hub was slow still becomes one duplicate-entry conflict on the hub.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::Method;
use rusqlite::Connection;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db::Db;
use crate::db::sync::{self as store, EVENT, SESSION, StoredConfig};
use crate::error::Result;
use crate::sync::remote::Remote;

/// How long a scan waits for the hub by default.
pub const DEFAULT_LIMIT: Duration = Duration::from_millis(300);
/// How long a question still out at the deadline may take before its held entries go
/// anyway.
pub const LATE_LIMIT: Duration = Duration::from_secs(5);

/// Whether this kiosk is joined to a hub: set at start and whenever the sync reads its
/// configuration, so that a kiosk that is not pays nothing for the question.
static JOINED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub fn joined() -> bool {
    JOINED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Notes whether the configuration is a hub's.
pub fn note_config(config: Option<&StoredConfig>) {
    let joined = config.is_some_and(|c| c.pinned_fingerprint.is_some());
    JOINED.store(joined, std::sync::atomic::Ordering::Relaxed);
}

/// The hub's client, kept while the sync's configuration stays at one version: its
/// connection stays open and its token cached, so a scan costs one round trip.
static LINK: Mutex<Option<(i64, Arc<Remote>)>> = Mutex::new(None);

/// The hub's client for this configuration (made once per version).
pub(crate) async fn link(db: &Db, config: StoredConfig) -> Option<Arc<Remote>> {
    let version = config.version;
    {
        let kept = LINK
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((v, remote)) = kept.as_ref()
            && *v == version
        {
            return Some(remote.clone());
        }
    }
    let config = crate::sync::with_secret(db.path(), config).await.ok()?;
    let remote = Arc::new(Remote::unprobed(&config).ok()?);
    *LINK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((version, remote.clone()));
    Some(remote)
}

/// A scan ready to be put to the hub.
pub struct Question {
    config: StoredConfig,
    hub_event: i64,
    body: Value,
    key: String,
    device: Option<String>,
}

/// The question for a scan, when this kiosk is joined to a hub that has the event. None
/// when the scan is decided here only: not joined, an event the hub does not have, a
/// session not mapped yet, or answers to door questions (their fields are local).
pub fn question(
    conn: &Connection,
    event_id: i64,
    scan: &crate::domain::check_in::ScanInput,
    device: Option<String>,
) -> Result<Option<Question>> {
    if !scan.answers.is_empty() || scan.skip_questions {
        return Ok(None);
    }
    let Some(config) = store::config(conn)? else {
        return Ok(None);
    };
    if config.pinned_fingerprint.is_none() {
        return Ok(None);
    }
    let Some(hub_event) = store::remote_id(conn, EVENT, event_id)? else {
        return Ok(None);
    };
    let session = match scan.session_id {
        None => None,
        Some(local) => match store::remote_id(conn, SESSION, local)? {
            Some(remote) => Some(remote),
            None => return Ok(None),
        },
    };
    let key = {
        use rand::Rng as _;
        let bits: u128 = rand::rng().random();
        format!("entrada-door-{}-{bits:032x}", config.kiosk_id)
    };
    Ok(Some(Question {
        hub_event,
        body: json!({"item": {
            "code": scan.code, "action": scan.action, "session_id": session,
            "confirm": scan.confirm,
        }}),
        key,
        device,
        config,
    }))
}

impl Question {
    /// The question as the push puts it again (`{"path", "body", "key"}`), for a scan
    /// decided here while it went unanswered.
    pub fn replay(&self) -> Value {
        json!({
            "path": format!("/events/{}/scans", self.hub_event),
            "body": self.body,
            "key": self.key,
        })
    }
}

/// What the hub answered.
#[derive(Debug, Clone, Deserialize)]
pub struct HubScan {
    pub outcome: String,
    pub message: String,
    /// The facts behind the hub's message; absent from a hub older than them.
    #[serde(default)]
    pub facts: Option<crate::domain::check_in::Facts>,
    #[serde(default)]
    pub attendee: Option<HubAttendee>,
}

/// The hub's attendee, as far as the door needs it.
#[derive(Debug, Clone, Deserialize)]
pub struct HubAttendee {
    pub id: i64,
    pub checkin_status: String,
}

/// How the question went.
pub enum Asked {
    /// In time.
    Answered { hub_event: i64, scan: Box<HubScan> },
    /// Not in time; the question is still out.
    Late(tokio::task::JoinHandle<Option<HubScan>>),
    /// The hub could not be asked, or failed at once.
    Away,
}

async fn put(db: Db, question: Question) -> Option<HubScan> {
    let Question {
        config,
        hub_event,
        body,
        key,
        device,
    } = question;
    let remote = link(&db, config).await?;
    let reply = remote
        .once(
            Method::POST,
            &format!("/events/{hub_event}/scans"),
            Some(&body),
            Some(&key),
            device.as_deref(),
        )
        .await;
    match reply {
        Ok(reply) => HubScan::deserialize(&reply.body["item"]).ok(),
        Err(failure) => {
            tracing::debug!(%failure, "the hub did not answer a scan");
            None
        }
    }
}

/// Puts the scan to the hub, waiting at most `limit`.
pub async fn ask(db: &Db, question: Question, limit: Duration) -> Asked {
    let hub_event = question.hub_event;
    let mut task = tokio::spawn(put(db.clone(), question));
    match tokio::time::timeout(limit, &mut task).await {
        Ok(Ok(Some(scan))) => Asked::Answered {
            hub_event,
            scan: Box::new(scan),
        },
        Ok(_) => Asked::Away,
        Err(_) => Asked::Late(task),
    }
}

/// Waits for a late answer, then drops the held entries if the hub admitted the scan
/// (it has the change), else lets them go.
pub fn settle_late(db: Db, task: tokio::task::JoinHandle<Option<HubScan>>, held: Vec<i64>) {
    if held.is_empty() {
        task.abort();
        return;
    }
    tokio::spawn(async move {
        let answer = tokio::time::timeout(LATE_LIMIT, task).await;
        let admitted = matches!(&answer, Ok(Ok(Some(scan))) if scan.outcome == "ok");
        let settled = db
            .write(move |conn| {
                if admitted {
                    store::drop_unsent(conn, &held)?;
                }
                store::release(conn, &held)
            })
            .await;
        if let Err(e) = settled {
            tracing::warn!(error = %e, "cannot settle a scan the hub answered late");
        }
    });
}

/// The hub's answer applied here, in the scan's write; None when the scan is to be
/// decided here after all (see the module's doc). `local_scan` is the scan as this kiosk
/// would decide it; `before` the newest outbox entry before this write.
pub fn apply(
    conn: &Connection,
    event: &crate::domain::event::Event,
    hub_event: i64,
    hub: &HubScan,
    before: i64,
    action: crate::domain::check_in::Action,
    local_scan: impl FnOnce(&Connection, bool) -> Result<crate::db::check_ins::Applied>,
) -> Result<Option<crate::db::check_ins::Applied>> {
    use crate::domain::check_in::Outcome;
    use crate::domain::status::CheckinStatus;
    let Some(outcome) = Outcome::parse(&hub.outcome) else {
        return Ok(None);
    };
    // The hub's attendee here, and the door state the hub has for them.
    let local = match &hub.attendee {
        Some(a) => store::local_id(conn, store::ATTENDEE, hub_event, a.id)?
            .map(|id| (id, CheckinStatus::parse(&a.checkin_status))),
        None => None,
    };
    let adopt = |conn: &Connection| -> Result<()> {
        if let Some((id, Some(status))) = local {
            crate::db::mirror::set_checkin_status(conn, id, status)?;
        }
        Ok(())
    };
    match outcome {
        Outcome::Ok => {
            // Recorded here as `ok` even when this door's follower already applied the
            // hub's record (issue 37): one admission, one `ok` record at this door.
            let mut applied = local_scan(conn, true)?;
            if let Some((id, _)) = local {
                // The hub has the change: nothing of it is to be sent.
                let queued = store::check_in_entries_after(conn, before, id)?;
                store::drop_unsent(conn, &queued)?;
                adopt(conn)?;
                applied.attendee = Some(crate::db::attendees::get(conn, event.id, id)?);
            }
            applied.outcome = Outcome::Ok;
            let name = applied
                .attendee
                .as_ref()
                .map(|a| a.full_name())
                .unwrap_or_default();
            applied.said = said_of(hub, outcome, action, name, event);
            applied.missing_fields = Vec::new();
            Ok(Some(applied))
        }
        Outcome::AlreadyCheckedIn | Outcome::NotCheckedIn | Outcome::NotAllowed => {
            let Some((id, _)) = local else {
                return Ok(None);
            };
            adopt(conn)?;
            let attendee = crate::db::attendees::get(conn, event.id, id)?;
            Ok(Some(crate::db::check_ins::Applied {
                outcome,
                said: said_of(hub, outcome, action, attendee.full_name(), event),
                attendee: Some(attendee),
                missing_fields: Vec::new(),
            }))
        }
        Outcome::NotFound
        | Outcome::WrongEvent
        | Outcome::NeedsAttention
        | Outcome::NeedsAnswers => Ok(None),
    }
}

/// The hub's answer in this door's words: rebuilt from its outcome and facts, so each door
/// speaks its own language whatever the hub's; an answer without facts (a hub older than
/// them) is passed on as the hub said it.
fn said_of(
    hub: &HubScan,
    outcome: crate::domain::check_in::Outcome,
    action: crate::domain::check_in::Action,
    name: String,
    event: &crate::domain::event::Event,
) -> crate::domain::check_in::Said {
    use crate::domain::check_in::{Action, Outcome, Said, Since};
    let Some(facts) = &hub.facts else {
        return Said::Relayed {
            message: hub.message.clone(),
            facts: Default::default(),
        };
    };
    let session = facts.session_name.clone();
    let since = facts.since.clone().map(|at| Since {
        at,
        device: facts.device.clone(),
        timezone: event.timezone.clone(),
    });
    let left = facts.checked_out == Some(true);
    match outcome {
        Outcome::Ok => Said::Done {
            action,
            name,
            session,
        },
        Outcome::AlreadyCheckedIn => Said::Already {
            action: Action::CheckIn,
            name,
            session,
            since,
        },
        Outcome::NotCheckedIn if action == Action::CheckOut && left => Said::Already {
            action: Action::CheckOut,
            name,
            session,
            since,
        },
        Outcome::NotCheckedIn => Said::NotCheckedIn {
            action,
            name,
            session,
            checked_out: left,
        },
        Outcome::NotAllowed => match facts.rsvp_status {
            Some(rsvp) => Said::NotAllowed { name, rsvp },
            None => Said::Relayed {
                message: hub.message.clone(),
                facts: facts.clone(),
            },
        },
        Outcome::NotFound
        | Outcome::WrongEvent
        | Outcome::NeedsAttention
        | Outcome::NeedsAnswers => Said::Relayed {
            message: hub.message.clone(),
            facts: facts.clone(),
        },
    }
}
