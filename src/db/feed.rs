//! The live feed of check-in history: every record the writer commits, with its attendee,
//! for `GET /events/{event_id}/check_ins/stream` (turnstiles, badge printers, the kiosk's
//! own counters).
//!
//! Why it is built this way:
//! - Records are noted while a write job runs (`note`, on the writer thread), dropped with
//!   the job's savepoint when it rolls back, and handed on only after the batch commits:
//!   a listener never sees a check-in that did not happen.
//! - The writer hands a committed batch to a publisher thread and goes on; the publisher
//!   serialises each record once (not once per listener) and broadcasts it. A listener
//!   that falls behind the broadcast's buffer is dropped (it resumes with `Last-Event-ID`
//!   from the history table); nothing a listener does can slow the writer.
//! - With no listener, nothing is serialised: noting a record costs a clone.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::mpsc;

use rusqlite::{Connection, params};
use serde::Serialize;
use tokio::sync::{broadcast, watch};
use utoipa::ToSchema;

use crate::domain::attendee::Attendee;
use crate::domain::checkin::CheckInRecord;
use crate::error::Result;

/// Records a listener may fall behind by before it is dropped.
const BUFFER: usize = 8192;

/// One event of the stream: a history record and the attendee as it was after it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FeedEntry {
    pub record: CheckInRecord,
    /// Null for a scan whose code matched no attendee of the event.
    #[schema(required = true)]
    pub attendee: Option<Attendee>,
}

/// A committed record, serialised once for every listener.
#[derive(Debug)]
pub struct Published {
    pub id: i64,
    pub event_id: i64,
    pub json: String,
}

impl Published {
    fn of(entry: &FeedEntry) -> Option<Published> {
        let json = serde_json::to_string(entry).ok()?;
        Some(Published {
            id: entry.record.id,
            event_id: entry.record.event_id,
            json,
        })
    }
}

thread_local! {
    /// Records written by the writer's current batch, not yet committed.
    static PENDING: RefCell<Vec<FeedEntry>> = const { RefCell::new(Vec::new()) };
}

/// Notes a record written in the current job (called on the writer thread).
pub fn note(entry: FeedEntry) {
    PENDING.with(|p| p.borrow_mut().push(entry));
}

/// How many records are noted so far: a job's starting point.
pub(super) fn mark() -> usize {
    PENDING.with(|p| p.borrow().len())
}

/// Forgets the records a rolled-back job noted.
pub(super) fn discard_since(mark: usize) {
    PENDING.with(|p| p.borrow_mut().truncate(mark));
}

/// Takes the records of a batch (after its commit, or to drop them after a failure).
pub(super) fn take() -> Vec<FeedEntry> {
    PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()))
}

/// The broadcasting side, shared by the writer and every stream.
#[derive(Clone)]
pub struct Feed {
    batches: mpsc::Sender<Vec<FeedEntry>>,
    live: broadcast::Sender<Arc<Published>>,
    closed: watch::Sender<bool>,
}

impl Feed {
    pub fn start() -> Result<Feed> {
        let (live, _) = broadcast::channel(BUFFER);
        let (batches, committed) = mpsc::channel::<Vec<FeedEntry>>();
        let out = live.clone();
        std::thread::Builder::new()
            .name("entrada-feed".into())
            .spawn(move || {
                for batch in committed {
                    if out.receiver_count() == 0 {
                        continue;
                    }
                    for entry in &batch {
                        if let Some(item) = Published::of(entry) {
                            // No receiver left is not an error: nobody listens.
                            let _ = out.send(Arc::new(item));
                        }
                    }
                }
            })
            .map_err(|e| crate::error::Error::internal(format!("cannot start the feed: {e}")))?;
        let (closed, _) = watch::channel(false);
        Ok(Feed {
            batches,
            live,
            closed,
        })
    }

    /// Hands a committed batch's records on (from the writer thread; never blocks).
    pub(super) fn committed(&self, entries: Vec<FeedEntry>) {
        if !entries.is_empty() {
            let _ = self.batches.send(entries);
        }
    }

    /// A new listener: records committed from now on.
    pub fn subscribe(&self) -> (broadcast::Receiver<Arc<Published>>, watch::Receiver<bool>) {
        (self.live.subscribe(), self.closed.subscribe())
    }

    /// Ends every stream (the server is stopping), so connections close at once.
    pub fn close(&self) {
        self.closed.send_replace(true);
    }
}

/// The event's records after `after`, oldest first, at most `limit`, with their attendees
/// as they are now: a stream's catch-up after `Last-Event-ID`.
pub fn after(conn: &Connection, event_id: i64, after: i64, limit: usize) -> Result<Vec<Published>> {
    let records = super::check_ins::records_after(conn, event_id, after, limit)?;
    let mut out = Vec::with_capacity(records.len());
    for record in records {
        let attendee = match record.attendee_id {
            Some(id) => super::attendees::find(conn, event_id, id)?,
            None => None,
        };
        if let Some(item) = Published::of(&FeedEntry { record, attendee }) {
            out.push(item);
        }
    }
    Ok(out)
}

/// The newest history id (0 when there is none): where a stream without `Last-Event-ID`
/// starts.
pub fn newest(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COALESCE(MAX(id), 0) FROM check_ins")?
        .query_row(params![], |r| r.get(0))?)
}
