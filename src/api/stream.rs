//! The live stream of an event's check-in history (Server-Sent Events), for integrations
//! that must react to a scan as it happens: turnstiles, badge printers, displays, and the
//! kiosk's own counters. The records come from [`crate::db::feed`] after they commit;
//! `Last-Event-ID` (or `?after=`) resumes from the history table, so a listener that
//! reconnects misses nothing and sees nothing twice.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use tokio::sync::{broadcast, watch};
use tokio::time::{Instant, Sleep};

use super::access::{ReadAccess, Recheck};
use super::extract::{ApiPath, ApiQuery};
use super::state::AppState;
use crate::auth::Read;
use crate::db::feed::{self, CONFLICT_NOTE, Frames};
use crate::db::{Db, events};
use crate::error::{Error, Result};

/// Records read from the history per catch-up query.
const CATCH_UP_PAGE: usize = 500;
/// A comment line after this long without an event keeps proxies and clients from timing
/// the stream out.
const HEARTBEAT: Duration = Duration::from_secs(15);
const KEEP_ALIVE: &[u8] = b": keep-alive\n\n";

/// How often an open stream asks again whether its token still may read: a stream ends
/// within this long of its token losing its right (issue 36). One cached lookup each.
const RIGHTS_CHECK: Duration = Duration::from_millis(500);

#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamParams {
    /// Resume after this history id (as `Last-Event-ID` does; the header wins). Without
    /// either, the stream starts with the next record committed.
    /// Read as text and parsed here, so that `after=abc` is told what a history id is
    /// rather than a parser's words (issue 37).
    #[param(value_type = Option<i64>, minimum = 0)]
    after: Option<String>,
}

/// A history id (`after`, `Last-Event-ID`): an integer of at least 0; else `refused`.
fn history_id(value: &str, refused: &'static str) -> Result<i64> {
    value
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id >= 0)
        .ok_or_else(|| Error::invalid(refused))
}

/// Extension. The event's check-in history as it happens, as Server-Sent Events
/// (`text/event-stream`): one event per history record (check-in, check-out, undo, refused
/// or waiting scan), within milliseconds of its commit, in history order. Each event has
/// `id:` the record's id, `event: check_in` and `data:` a JSON `FeedEntry` (`{record,
/// attendee}`). Send `Last-Event-ID` (EventSource does on reconnect) or `?after=` to
/// resume: every record after that id is sent first, nothing is repeated; an id beyond
/// the newest record is 422 (another database, or one restored from an older backup). A comment line
/// (`: keep-alive`) comes after 15 s without an event; a comment `: conflict` tells that
/// a duplicate entry of the event was just recorded (a venue hub's doors then read its
/// conflicts; other listeners ignore comments, as SSE says). Records committed together may
/// arrive in one network write. A listener that falls more than 1024 committed batches
/// (at least 1024 records) behind is disconnected; it resumes with `Last-Event-ID`; so
/// is one whose socket has not drained for 15 s. The stream ends within a second of its
/// token losing its right (revoked, expired, its client or person disabled, its role
/// removed). Needs `read`.
#[utoipa::path(get, operation_id = "streamCheckIns", path = "/events/{event_id}/check_ins/stream", tag = "check-in",
    params(("event_id" = i64, Path, description = "Event id"), StreamParams,
        ("Last-Event-ID" = Option<i64>, Header, minimum = 0, description = "Resume after this history id (what EventSource sends on reconnect)")),
    responses(
        (status = 200, description = "The stream; each `data:` is a FeedEntry",
            content_type = "text/event-stream", body = feed::FeedEntry),
        (status = 401, description = "Missing or invalid token", body = super::error::ErrorBody),
        (status = 403, description = "The token lacks `read`", body = super::error::ErrorBody),
        (status = 404, description = "No such event", body = super::error::ErrorBody),
        (status = 422, description = "`Last-Event-ID` or `after` is not a history id, or is beyond the newest one (a stream never waits for ids this server has not reached)", body = super::error::ValidationErrorBody)),
    security(("oauth2" = ["read"])))]
pub async fn stream(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    ApiQuery(params): ApiQuery<StreamParams>,
    headers: HeaderMap,
    State(state): State<AppState>,
) -> Result<Response> {
    let after = params
        .after
        .as_deref()
        .map(|v| history_id(v, "after must be a history id (an integer of at least 0)"))
        .transpose()?;
    let resume = match headers.get("last-event-id") {
        Some(value) => Some(history_id(
            value.to_str().unwrap_or_default(),
            "Last-Event-ID must be a history id (an integer of at least 0)",
        )?),
        None => after,
    };
    // Subscribe before reading where to start: a record committed in between is then in
    // the broadcast (and skipped there if the catch-up already sent it).
    let (live, closed) = state.db.feed().subscribe();
    let conflicts = state.db.feed().subscribe_conflicts();
    let recheck = access.recheck();
    let start = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            let newest = feed::newest(conn)?;
            match resume {
                // Past the newest record (another database, or one restored from an
                // older backup): resuming there would wait silently for ids that may
                // never come, so it is refused (issue 37).
                Some(id) if id > newest => Err(Error::invalid(format!(
                    "Last-Event-ID (or after) {id} is beyond the newest history id ({newest}): resume after a record this server sent, or leave it out"
                ))),
                Some(id) => Ok(id),
                None => Ok(newest),
            }
        })
        .await?;
    let listener = Listener {
        db: state.db.clone(),
        event_id,
        last: start,
        caught_up: resume.is_none(),
        live,
        closed,
        conflicts,
        conflicts_open: true,
        quiet: Box::pin(tokio::time::sleep(HEARTBEAT)),
        recheck: Arc::new(recheck),
        rights: Box::pin(tokio::time::sleep(RIGHTS_CHECK)),
    };
    let frames = futures_util::stream::unfold(listener, |mut l| async move {
        let bytes = l.next().await?;
        Some((Ok::<_, Infallible>(bytes), l))
    });
    Ok((
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(frames),
    )
        .into_response())
}

/// One stream's position: the last id sent, whether the history still has to be read
/// from the table, the broadcast.
struct Listener {
    db: Db,
    event_id: i64,
    last: i64,
    caught_up: bool,
    live: broadcast::Receiver<Arc<Frames>>,
    closed: watch::Receiver<bool>,
    /// Events whose duplicate entries were just recorded ([`CONFLICT_NOTE`]).
    conflicts: broadcast::Receiver<i64>,
    conflicts_open: bool,
    /// Fires when nothing was sent for `HEARTBEAT`.
    quiet: Pin<Box<Sleep>>,
    /// The request's token, asked again every `RIGHTS_CHECK` (`rights`) and before each
    /// page of catch-up.
    recheck: Arc<Recheck<Read>>,
    rights: Pin<Box<Sleep>>,
}

impl Listener {
    /// The next bytes to send (the frames of one or more records, or a heartbeat); None
    /// ends the stream (server stopping, listener too slow, its token no longer allowed,
    /// or the history cannot be read).
    async fn next(&mut self) -> Option<Bytes> {
        loop {
            if *self.closed.borrow() {
                return None;
            }
            let frames = if self.caught_up {
                let received = tokio::select! {
                    received = self.live.recv() => received,
                    _ = self.closed.changed() => return None,
                    noted = self.conflicts.recv(), if self.conflicts_open => {
                        match noted {
                            Ok(event) if event == self.event_id => {
                                return Some(Bytes::from_static(CONFLICT_NOTE));
                            }
                            // Missed notes are the same note: one is sent for them.
                            Err(broadcast::error::RecvError::Lagged(_)) => {
                                return Some(Bytes::from_static(CONFLICT_NOTE));
                            }
                            Err(broadcast::error::RecvError::Closed) => self.conflicts_open = false,
                            Ok(_) => {}
                        }
                        continue;
                    }
                    () = &mut self.quiet => {
                        self.quiet.as_mut().reset(Instant::now() + HEARTBEAT);
                        return Some(Bytes::from_static(KEEP_ALIVE));
                    }
                    () = &mut self.rights => {
                        self.rights.as_mut().reset(Instant::now() + RIGHTS_CHECK);
                        if !self.still_allowed().await {
                            return None;
                        }
                        continue;
                    }
                };
                match received {
                    Ok(frames) => frames,
                    // Too slow: dropped, never waited for. It resumes with Last-Event-ID.
                    Err(broadcast::error::RecvError::Lagged(missed)) => {
                        tracing::info!(
                            event_id = self.event_id,
                            missed_batches = missed,
                            "a slow stream listener was dropped"
                        );
                        return None;
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            } else {
                let (event_id, after) = (self.event_id, self.last);
                let recheck = self.recheck.clone();
                let (page, read) = self
                    .db
                    .read(move |conn| {
                        recheck.still_allowed(conn)?;
                        feed::after(conn, event_id, after, CATCH_UP_PAGE)
                    })
                    .await
                    .ok()?;
                self.caught_up = read < CATCH_UP_PAGE;
                Arc::new(page)
            };
            // Records of other events, and those the catch-up already sent, are skipped.
            if frames.event_id != self.event_id {
                continue;
            }
            if let Some((bytes, last)) = frames.after(self.last) {
                self.last = last;
                self.quiet.as_mut().reset(Instant::now() + HEARTBEAT);
                return Some(bytes);
            }
        }
    }

    /// Whether the stream's token still may read the event's account; a lookup that
    /// fails for any reason ends the stream too (the listener reconnects and is asked
    /// again at the door).
    async fn still_allowed(&self) -> bool {
        let recheck = self.recheck.clone();
        match self.db.read(move |conn| recheck.still_allowed(conn)).await {
            Ok(()) => true,
            Err(e) => {
                tracing::info!(event_id = self.event_id, reason = %e,
                    "a stream ended: its token may no longer read");
                false
            }
        }
    }
}
