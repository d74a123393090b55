//! The live stream of an event's check-in history (Server-Sent Events), for integrations
//! that must react to a scan as it happens: turnstiles, badge printers, displays, and the
//! kiosk's own counters. The records come from [`crate::db::feed`] after they commit;
//! `Last-Event-ID` (or `?after=`) resumes from the history table, so a listener that
//! reconnects misses nothing and sees nothing twice.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::{broadcast, watch};

use super::extract::{ApiPath, ApiQuery};
use crate::auth::ReadAccess;
use crate::db::feed::{self, Published};
use crate::db::{Db, events};
use crate::error::{Error, Result};
use crate::server::AppState;

/// Records read from the history per catch-up query.
const CATCH_UP_PAGE: usize = 500;
/// A comment line this often keeps proxies and clients from timing the stream out.
const HEARTBEAT: Duration = Duration::from_secs(15);

#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamParams {
    /// Resume after this history id (as `Last-Event-ID` does; the header wins). Without
    /// either, the stream starts with the next record committed.
    #[param(minimum = 0)]
    after: Option<i64>,
}

/// Extension. The event's check-in history as it happens, as Server-Sent Events
/// (`text/event-stream`): one event per history record (check-in, check-out, undo, refused
/// or waiting scan), within milliseconds of its commit, in history order. Each event has
/// `id:` the record's id, `event: check_in` and `data:` a JSON `FeedEntry` (`{record,
/// attendee}`). Send `Last-Event-ID` (EventSource does on reconnect) or `?after=` to
/// resume: every record after that id is sent first, nothing is repeated. A comment line
/// (`: keep-alive`) comes every 15 s. A listener that falls more than 8192 records behind
/// is disconnected; it resumes with `Last-Event-ID`. Needs `read`.
#[utoipa::path(get, operation_id = "streamCheckIns", path = "/events/{event_id}/check_ins/stream", tag = "check-in",
    params(("event_id" = i64, Path, description = "Event id"), StreamParams,
        ("Last-Event-ID" = Option<i64>, Header, minimum = 0, description = "Resume after this history id (what EventSource sends on reconnect)")),
    responses(
        (status = 200, description = "The stream; each `data:` is a FeedEntry",
            content_type = "text/event-stream", body = feed::FeedEntry),
        (status = 401, description = "Missing or invalid token", body = super::error::ErrorBody),
        (status = 403, description = "The token lacks `read`", body = super::error::ErrorBody),
        (status = 404, description = "No such event", body = super::error::ErrorBody),
        (status = 422, description = "`Last-Event-ID` or `after` is not a history id", body = super::error::ValidationErrorBody)),
    security(("oauth2" = ["read"])))]
pub async fn stream(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    ApiQuery(params): ApiQuery<StreamParams>,
    headers: HeaderMap,
    State(state): State<AppState>,
) -> Result<Sse<impl Stream<Item = std::result::Result<Event, Infallible>>>> {
    if params.after.is_some_and(|id| id < 0) {
        return Err(Error::invalid("after must be at least 0"));
    }
    let resume = match headers.get("last-event-id") {
        Some(value) => Some(
            value
                .to_str()
                .ok()
                .and_then(|v| v.trim().parse::<i64>().ok())
                .filter(|id| *id >= 0)
                .ok_or_else(|| {
                    Error::invalid("Last-Event-ID must be a history id (an integer of at least 0)")
                })?,
        ),
        None => params.after,
    };
    // Subscribe before reading where to start: a record committed in between is then in
    // the broadcast (and skipped there if the catch-up already sent it).
    let (live, closed) = state.db.feed().subscribe();
    let start = access
        .read(&state.db, move |conn, account| {
            events::require(conn, account, event_id)?;
            match resume {
                Some(id) => Ok(id),
                None => feed::newest(conn),
            }
        })
        .await?;
    let listener = Listener {
        db: state.db.clone(),
        event_id,
        last: start,
        backlog: VecDeque::new(),
        caught_up: resume.is_none(),
        live,
        closed,
    };
    let events = futures_util::stream::unfold(listener, |mut l| async move {
        let published = l.next().await?;
        let event = Event::default()
            .id(published.id.to_string())
            .event("check_in")
            .data(&published.json);
        Some((Ok(event), l))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(HEARTBEAT)))
}

/// One stream's position: the last id sent, the catch-up still to send, the broadcast.
struct Listener {
    db: Db,
    event_id: i64,
    last: i64,
    backlog: VecDeque<Published>,
    caught_up: bool,
    live: broadcast::Receiver<Arc<Published>>,
    closed: watch::Receiver<bool>,
}

impl Listener {
    /// The next record to send; None ends the stream (server stopping, listener too slow,
    /// or the history cannot be read).
    async fn next(&mut self) -> Option<Arc<Published>> {
        loop {
            if *self.closed.borrow() {
                return None;
            }
            if let Some(item) = self.backlog.pop_front() {
                self.last = item.id;
                return Some(Arc::new(item));
            }
            if !self.caught_up {
                let (event_id, after) = (self.event_id, self.last);
                let page = self
                    .db
                    .read(move |conn| feed::after(conn, event_id, after, CATCH_UP_PAGE))
                    .await
                    .ok()?;
                self.caught_up = page.len() < CATCH_UP_PAGE;
                self.backlog.extend(page);
                continue;
            }
            let received = tokio::select! {
                received = self.live.recv() => received,
                _ = self.closed.changed() => return None,
            };
            match received {
                Ok(item) if item.event_id == self.event_id && item.id > self.last => {
                    self.last = item.id;
                    return Some(item);
                }
                Ok(_) => {}
                // Too slow: dropped, never waited for. It resumes with Last-Event-ID.
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::info!(
                        event_id = self.event_id,
                        missed,
                        "a slow stream listener was dropped"
                    );
                    return None;
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }
}
