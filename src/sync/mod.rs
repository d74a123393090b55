//! Sync with a remote v2 server: mirror chosen events into the local database, keep
//! working with no network, and hand every local change to the remote when it is back.
//! The protocol is written down in SYNC.md; this module is its code.
//!
//! - `remote/`: the remote as an HTTP peer (token, retries, what each answer means), its
//!   routes typed (`routes.rs`) and its records as serde structs (`v2.rs`).
//! - `pull.rs`: remote records into the local database, merged member by member.
//! - `push.rs`: the outbox (`db::sync`) to the remote, in order, exactly once in effect.
//! - `merge.rs`: the sync's decisions (the per-member merge, the pull cursor, what a
//!   refusal means), pure (no I/O); `apply.rs` reads a merge's inputs from the local
//!   database and writes its plan, for pull and push alike.
//! - `lease.rs`: one round at a time per database, across processes.
//!
//! This file is the round itself (push, then pull), its status and the background loop.

mod apply;
pub mod dns;
mod lease;
pub mod merge;
pub mod probe;
pub mod pull;
pub mod push;
pub mod remote;
pub mod settings;

use std::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::Db;
use crate::db::sync::{self as store, Conflict, Parked, StoredConfig};
use crate::error::{Error, Result};
use remote::{Failure, Remote};

/// Why a round stopped before its end.
#[derive(Debug)]
pub enum Stop {
    /// The remote could not be used (unreachable, credentials refused, ...).
    Remote(Failure),
    /// The local database failed.
    Local(Error),
}

impl From<Failure> for Stop {
    fn from(f: Failure) -> Self {
        Stop::Remote(f)
    }
}

impl From<Error> for Stop {
    fn from(e: Error) -> Self {
        Stop::Local(e)
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Remote(failure) => write!(f, "{failure}"),
            Stop::Local(e) => write!(f, "{e}"),
        }
    }
}

/// What a round did.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Summary {
    /// Whether the remote answered at all.
    pub reached: bool,
    /// Outbox entries the remote confirmed.
    pub confirmed: u64,
    /// Entries parked in this round (the remote refused them for good).
    pub parked: u64,
    /// Entries that wait for a record the remote does not have yet.
    pub waiting: u64,
    /// Attendees pulled.
    pub pulled: u64,
    /// Entries still pending after the round.
    pub pending: i64,
    /// Why the round stopped early; null when it completed.
    #[schema(required = true)]
    pub error: Option<String>,
}

/// Progress of a round, for the command line's bars: (stage, done, total).
pub type Progress = dyn Fn(&str, u64, u64) + Sync;

/// Where the round running in this process is: `GET /kiosk/sync` shows it, so that the
/// UI's first pull can say "1,234 of 10,000 attendees" whoever started the round (the
/// UI's `POST /kiosk/sync/run` or the background loop, which starts one as soon as the
/// configuration changes).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RoundProgress {
    /// `connect`, `pull` (attendees of an event so far of its total) or `push` (outbox
    /// entries sent so far of those pending).
    #[schema(schema_with = crate::domain::schema::round_stage)]
    pub stage: String,
    pub done: u64,
    pub total: u64,
}

static RUNNING: std::sync::Mutex<Option<RoundProgress>> = std::sync::Mutex::new(None);

fn set_running(progress: Option<RoundProgress>) {
    // A poisoned lock only means a panic elsewhere mid-update: the value is still usable.
    *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = progress;
}

/// The progress of the round running in this process, if one runs.
pub fn running() -> Option<RoundProgress> {
    RUNNING.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// What the background loop of this process last decided: how many rounds in a row
/// failed and when it will start the next one on its own. `None` where no loop runs
/// (`entrada sync run`, a server started without sync). Shown in `GET /kiosk/sync`, so
/// that a person (and a test) can see the backoff rather than guess it from the clock.
static LOOP: std::sync::Mutex<Option<(u32, String)>> = std::sync::Mutex::new(None);

fn set_loop(failures: u32, next_round_at: String) {
    *LOOP.lock().unwrap_or_else(|e| e.into_inner()) = Some((failures, next_round_at));
}

fn loop_state() -> Option<(u32, String)> {
    LOOP.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Clears the progress when a round ends, however it ends.
struct RunningGuard;

impl Drop for RunningGuard {
    fn drop(&mut self) {
        set_running(None);
    }
}

/// The configuration with its client secret, fetched from the OS secret store when it is
/// kept there (on a thread of its own: the store answers over D-Bus).
pub async fn with_secret(db: &std::path::Path, mut config: StoredConfig) -> Result<StoredConfig> {
    if config.secret_in_store {
        let path = db.to_path_buf();
        let secret = tokio::task::spawn_blocking(move || crate::keystore::remote_secret(&path))
            .await
            .map_err(|e| Error::internal(format!("secret store task failed: {e}")))??;
        config.client_secret = secret.as_str().to_owned();
    }
    Ok(config)
}

/// Moves a client secret that a configuration keeps in its table (stored before the secret
/// store was used for this database) into the OS secret store, then empties the column,
/// in one write that applies only if the configuration did not change meanwhile. Called
/// at start when the store keeps the database's key; on failure the secret stays where
/// it was and a warning says why.
pub async fn move_secret_to_store(db: &Db) {
    let moved = async {
        let Some(config) = db.read(store::config).await? else {
            return Ok(false);
        };
        if config.secret_in_store || config.client_secret.is_empty() {
            return Ok(false);
        }
        let path = db.path().to_path_buf();
        let secret = zeroize::Zeroizing::new(config.client_secret.clone());
        tokio::task::spawn_blocking(move || crate::keystore::keep_remote_secret(&path, &secret))
            .await
            .map_err(|e| Error::internal(format!("secret store task failed: {e}")))??;
        let version = config.version;
        db.write(move |conn| store::secret_moved_to_store(conn, version))
            .await
    }
    .await;
    match moved {
        Ok(true) => tracing::info!("moved the remote's client secret into the secret store"),
        Ok(false) => {}
        Err(e) => tracing::warn!(error = %e,
            "the remote's client secret stays in the database: the secret store did not take it"),
    }
}

/// How long a round that a person or a script asked for waits for a running one to end.
/// A round through a faulty network can take minutes; its lease lasts ten.
const WAIT_FOR_RUNNING: Duration = Duration::from_secs(600);
/// How often a waiting round looks whether the running one has ended: the lease is in the
/// database, and the running round may be another process's (`serve`'s own loop).
const WAIT_STEP: Duration = Duration::from_millis(100);

/// Runs one round: push, then pull. `Ok` even when the remote was not reachable (the
/// summary says so); `Err` only when there is nothing to sync with (not configured) or
/// another round is running (409): for the server's own loops, which need not queue a
/// round behind one that runs. A person or a script asking for a round gets
/// [`round_when_free`].
pub async fn round(db: &Db, progress: &Progress) -> Result<Summary> {
    try_round(db, progress).await?.ok_or_else(already_running)
}

fn already_running() -> Error {
    Error::Conflict("a sync round is already running".into())
}

/// A round for whoever asked for one (`entrada sync run`, `POST /kiosk/sync/run`): while
/// another round runs (the server's own loop after a change, another command), it waits
/// for that one to end (the progress says `wait`) and then runs its own, so the answer
/// is always of a round that started after the request (issue 37). 409 only when the
/// running round outlasts [`WAIT_FOR_RUNNING`].
pub async fn round_when_free(db: &Db, progress: &Progress) -> Result<Summary> {
    let deadline = tokio::time::Instant::now() + WAIT_FOR_RUNNING;
    let mut waiting = false;
    loop {
        if let Some(summary) = try_round(db, progress).await? {
            return Ok(summary);
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(already_running());
        }
        if !waiting {
            progress("wait", 0, 0);
            waiting = true;
        }
        tokio::time::sleep(WAIT_STEP).await;
    }
}

/// One round if no other runs (None when one does).
async fn try_round(db: &Db, progress: &Progress) -> Result<Option<Summary>> {
    let Some(config) = db.read(store::config).await? else {
        // A state of the kiosk, not a fault of the request: 409 (issue 37).
        return Err(Error::Conflict(
            "the sync is not configured (entrada sync configure, or the UI's Sync screen)".into(),
        ));
    };
    let config = with_secret(db.path(), config).await?;
    let owner = lease::owner();
    let taken = {
        let owner = owner.clone();
        db.write(move |conn| lease::take(conn, &owner)).await?
    };
    if !taken {
        return Ok(None);
    }
    let mut lease = lease::Guard {
        db: db.clone(),
        owner: Some(owner.clone()),
    };
    let _running = RunningGuard;
    set_running(Some(RoundProgress {
        stage: "connect".into(),
        done: 0,
        total: 0,
    }));
    let report = |stage: &str, done: u64, total: u64| {
        set_running(Some(RoundProgress {
            stage: stage.to_owned(),
            done,
            total,
        }));
        progress(stage, done, total);
    };
    let outcome = run(db, &config, &report).await;
    let mut summary;
    let (reached, entrada, error) = match outcome {
        Ok((s, entrada)) => {
            summary = s;
            (true, Some(entrada), None)
        }
        Err((s, reached, stop)) => {
            summary = s;
            let message = stop.to_string();
            tracing::warn!(error = %message, "sync round stopped");
            (reached, None, Some(message))
        }
    };
    summary.reached = reached;
    summary.error = error.clone();
    lease.owner = None;
    db.write(move |conn| {
        store::finish_round(conn, reached, entrada, error.as_deref())?;
        lease::release(conn, &owner)
    })
    .await?;
    summary.pending = db.read(store::pending_count).await?;
    Ok(Some(summary))
}

type RoundError = (Summary, bool, Stop);

async fn run(
    db: &Db,
    config: &StoredConfig,
    progress: &(dyn Fn(&str, u64, u64) + Sync + '_),
) -> Result<(Summary, bool), RoundError> {
    let mut summary = Summary::default();
    let remote = match Remote::connect(config).await {
        Ok(r) => r,
        Err(f) => {
            let reached = matches!(f, Failure::Refused { .. } | Failure::Unauthorized(_));
            return Err((summary, reached, Stop::Remote(f)));
        }
    };
    // Mirror the events first, so that changes to a newly chosen event have a target.
    let mut fresh = Vec::new();
    for &event in &config.events {
        let mapped = db
            .read(move |conn| store::local_id(conn, store::EVENT, event, event))
            .await
            .map_err(|e| (Summary::default(), true, Stop::Local(e)))?;
        if mapped.is_none() {
            match pull::event(&remote, db, config.account_id, event, &|d, t| {
                progress("pull", d, t)
            })
            .await
            {
                Ok(n) => summary.pulled += n,
                Err(stop) => return Err((summary, true, stop)),
            }
            fresh.push(event);
        }
    }
    match push::outbox(&remote, db, &config.kiosk_id, &|d, t| {
        progress("push", d, t)
    })
    .await
    {
        Ok(p) => {
            summary.confirmed = p.confirmed;
            summary.parked = p.parked;
            summary.waiting = p.waiting;
        }
        Err(stop) => return Err((summary, true, stop)),
    }
    for &event in &config.events {
        // Just mirrored and nothing of ours went out: the pull above is current.
        if fresh.contains(&event) && summary.confirmed == 0 {
            continue;
        }
        match pull::event(&remote, db, config.account_id, event, &|d, t| {
            progress("pull", d, t)
        })
        .await
        {
            Ok(n) => summary.pulled += n,
            Err(stop) => return Err((summary, true, stop)),
        }
    }
    if config.pinned_fingerprint.is_some() {
        report_to_hub(&remote, db).await;
        follow_hub_conflicts(&remote, db, &config.client_id).await;
    }
    Ok((summary, remote.entrada))
}

/// A joined kiosk shows the duplicate entries the other doors reported to the hub
/// (`POST /kiosk/hub/conflicts`), as the hub's Sync screen does: those it has not got
/// yet, with the hub's ids turned into its own. Its own reports it has already.
pub(crate) async fn follow_hub_conflicts(remote: &Remote, db: &Db, own_client: &str) {
    let reply = match remote
        .once(reqwest::Method::GET, "/kiosk/sync", None, None, None)
        .await
    {
        Ok(reply) => reply,
        Err(e) => {
            tracing::debug!(error = %e, "the hub's conflicts are not readable");
            return;
        }
    };
    let theirs: Vec<serde_json::Value> = reply.body["conflicts"]
        .as_array()
        .map(|all| {
            all.iter()
                .filter(|c| c["kind"] == "duplicate_entry")
                .filter(|c| {
                    c["details"]["reported_by"]
                        .as_str()
                        .is_some_and(|by| by != own_client)
                })
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    if theirs.is_empty() {
        return;
    }
    let followed = db
        .write(move |conn| {
            for conflict in theirs {
                let Some(hub_id) = conflict["id"].as_i64() else {
                    continue;
                };
                if store::has_hub_conflict(conn, hub_id)? {
                    continue;
                }
                let event = conflict["event_id"].as_i64();
                let local_event = match event {
                    Some(e) => store::local_id(conn, store::EVENT, e, e)?,
                    None => None,
                };
                let local_attendee = match (event, conflict["attendee_id"].as_i64()) {
                    (Some(e), Some(a)) => store::local_id(conn, store::ATTENDEE, e, a)?,
                    _ => None,
                };
                let mut details = conflict["details"].clone();
                details["hub_conflict"] = hub_id.into();
                store::add_conflict(
                    conn,
                    "duplicate_entry",
                    local_event,
                    local_attendee,
                    &details,
                )?;
            }
            Ok(())
        })
        .await;
    if let Err(e) = followed {
        tracing::warn!(error = %e, "cannot keep the hub's conflicts");
    }
}

/// Tells the hub this kiosk joined how many of its changes it still waits for (its
/// Devices list). The round's work is done: a report that fails is only logged.
async fn report_to_hub(remote: &Remote, db: &Db) {
    let pending = match db.read(store::pending_count).await {
        Ok(n) => n,
        Err(e) => {
            tracing::debug!(error = %e, "no report to the hub");
            return;
        }
    };
    let body = serde_json::json!({"item": {"pending": pending}});
    if let Err(e) = remote
        .once(
            reqwest::Method::POST,
            "/kiosk/hub/report",
            Some(&body),
            None,
            None,
        )
        .await
    {
        tracing::debug!(error = %e, "the hub did not take this kiosk's report");
    }
}

/// What `GET /kiosk/sync` answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Status {
    /// Whether a sync is configured.
    pub configured: bool,
    /// Whether the last round reached the remote.
    pub online: bool,
    /// The end of the last round that completed (RFC 3339, UTC); null before the first.
    #[schema(required = true, format = DateTime)]
    pub last_success_at: Option<String>,
    /// The end of the last round, completed or not (RFC 3339, UTC); null before the first.
    #[schema(required = true, format = DateTime)]
    pub last_attempt_at: Option<String>,
    /// Why the last round stopped early, if it did.
    #[schema(required = true)]
    pub last_error: Option<String>,
    /// Changes not yet confirmed by the remote (parked ones not included).
    pub pending: i64,
    /// Changes the remote refused for good: a person retries, edits or drops them.
    pub parked: Vec<Parked>,
    /// Duplicate entries, edit conflicts and records deleted on the remote.
    pub conflicts: Vec<Conflict>,
    /// Whether a round runs in this server now.
    pub running: bool,
    /// How far the running round is; null when none runs.
    #[schema(required = true)]
    pub progress: Option<RoundProgress>,
    /// Rounds of this server's background sync that failed in a row since the last one
    /// that completed (0 after a success, and where no background sync runs).
    pub consecutive_failures: u32,
    /// When this server's background sync starts its next round on its own (RFC 3339,
    /// UTC): an interval after a success, sooner after a local change, later after each
    /// failure (backoff); a new configuration starts one within 2 s whatever this says.
    /// Null where no background sync runs (`entrada serve --sync-interval 0`) or before
    /// its first round.
    #[schema(required = true, format = DateTime)]
    pub next_round_at: Option<String>,
}

pub fn status(conn: &rusqlite::Connection) -> Result<Status> {
    let state = store::state(conn)?;
    let progress = running();
    let (consecutive_failures, next_round_at) = match loop_state() {
        Some((failures, at)) => (failures, Some(at)),
        None => (0, None),
    };
    Ok(Status {
        configured: store::config(conn)?.is_some(),
        online: state.online,
        last_success_at: state.last_success_at,
        last_attempt_at: state.last_attempt_at,
        last_error: state.last_error,
        pending: store::pending_count(conn)?,
        parked: store::parked(conn)?,
        conflicts: store::conflicts(conn)?,
        running: progress.is_some(),
        progress,
        consecutive_failures,
        next_round_at,
    })
}

/// Wakes the background loop at once: a change was queued (see [`nudge`]).
static NUDGE: tokio::sync::Notify = tokio::sync::Notify::const_new();
/// How long a nudged loop waits for the write that nudged it to commit.
const NUDGE_SETTLE: Duration = Duration::from_millis(25);

/// Tells the background loop that a change was queued, so that it goes out now rather
/// than at the next look (every 2 s): at a venue hub's doors, a scan decided here must
/// reach the hub, and through it the other doors, within a moment.
pub fn nudge() {
    NUDGE.notify_one();
}

/// The background sync of `entrada serve`: a round every `interval`, and at once after a
/// local change (its write [`nudge`]s the loop); after a failed round the next waits
/// with exponential backoff (up to the interval, or a minute when the interval is
/// shorter) so that an offline kiosk does not hammer a dead network. A changed configuration (`sync configure`, the
/// Sync screen) starts a round within 2 s even then: a new address or secret is usually
/// the fix for the failures.
pub fn spawn(db: Db, interval: Duration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let tick = Duration::from_secs(2).min(interval);
        let mut failures = 0u32;
        let mut next = tokio::time::Instant::now();
        let mut last_seen: Option<(i64, i64)> = None;
        loop {
            tokio::select! {
                _ = tokio::time::sleep(tick) => {}
                _ = NUDGE.notified() => {
                    // Nudged from inside the write that queued: let it commit first.
                    tokio::time::sleep(NUDGE_SETTLE).await;
                }
            }
            let probe = db
                .read(|conn| {
                    let config = store::config(conn)?;
                    crate::hub::door::note_config(config.as_ref());
                    let configured = config.map(|c| c.version);
                    let newest = store::newest_entry_id(conn)?;
                    Ok(configured.map(|v| (v, newest)))
                })
                .await;
            let Ok(Some(seen)) = probe else { continue };
            let now = tokio::time::Instant::now();
            let reconfigured = last_seen.is_some_and(|(version, _)| version != seen.0);
            let changed = last_seen != Some(seen);
            if now < next && !reconfigured && !(changed && failures == 0) {
                continue;
            }
            let summary = round(&db, &|_, _, _| {}).await;
            last_seen = Some(seen);
            let ok = matches!(&summary, Ok(s) if s.error.is_none());
            failures = if ok { 0 } else { failures.saturating_add(1) };
            let wait = if ok {
                interval
            } else {
                // 1, 2, 4, ... seconds, at most the interval (or a minute), with jitter.
                let ceiling = Duration::from_secs(1u64 << failures.min(9))
                    .min(interval.max(Duration::from_secs(60)));
                ceiling.mul_f64(rand::Rng::random_range(&mut rand::rng(), 0.5..=1.0))
            };
            next = tokio::time::Instant::now() + wait;
            set_loop(
                failures,
                crate::domain::time::format(
                    chrono::Utc::now()
                        + chrono::Duration::from_std(wait).unwrap_or(chrono::Duration::zero()),
                ),
            );
            if let Err(e) = summary {
                tracing::debug!(error = %e, "sync round not run");
            }
        }
    })
}
