//! The live feed of check-in history: every record the writer commits, with its attendee,
//! for `GET /events/{event_id}/check_ins/stream` (turnstiles, badge printers, the kiosk's
//! own counters).
//!
//! Why it is built this way:
//! - Records are noted while a write job runs (`note`, on the writer thread), dropped with
//!   the job's savepoint when it rolls back, and handed on only after the batch commits:
//!   a listener never sees a check-in that did not happen.
//! - The writer hands a committed batch to a publisher thread and goes on; the publisher
//!   turns the batch into Server-Sent Event frames once (not once per listener), one
//!   [`Frames`] per event and batch, and broadcasts that. A listener is woken once per
//!   batch, not once per record, and hands the shared bytes to its connection as one
//!   write: with a hundred listeners during a check-in storm, the cost per record and
//!   listener is a reference count, not a serialisation, a wake-up and a syscall.
//! - A listener that falls behind the broadcast's buffer is dropped (it resumes with
//!   `Last-Event-ID` from the history table); nothing a listener does can slow the writer.
//! - With no listener, nothing is serialised: noting a record costs a clone.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use rusqlite::{Connection, params};
use serde::Serialize;
use tokio::sync::{broadcast, watch};
use utoipa::ToSchema;

use crate::domain::attendee::Attendee;
use crate::domain::check_in::CheckInRecord;
use crate::error::Result;

/// Committed batches (per event) a listener may fall behind by before it is dropped: at
/// least this many records, at most `BUFFER * FRAMES_MOST` (and their bytes) kept for it.
pub const BUFFER: usize = 1024;
/// Most records in one [`Frames`]: bounds what a lagging listener holds in memory.
const FRAMES_MOST: usize = 64;
/// Least time between two broadcasts. A record committed after a quiet moment goes out at
/// once; during a storm, the records of this long go out together, so each listener is
/// woken and written to at most this often instead of once per committed batch.
const BROADCAST_EVERY: Duration = Duration::from_millis(5);

/// One event of the stream: a history record and the attendee as it was after it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FeedEntry {
    pub record: CheckInRecord,
    /// Null for a scan whose code matched no attendee of the event.
    #[schema(required = true)]
    pub attendee: Option<Attendee>,
}

/// Consecutive records of one event as the stream sends them, serialised once for every
/// listener: `id: N`, `event: check_in` and `data: {FeedEntry}` per record.
#[derive(Debug)]
pub struct Frames {
    pub event_id: i64,
    /// Each record's id, ascending, with where its frame starts in `bytes`.
    starts: Vec<(i64, usize)>,
    bytes: Bytes,
}

impl Frames {
    /// Builds the frames of `entries` (all of `event_id`, ids ascending).
    fn of<'a>(event_id: i64, entries: impl IntoIterator<Item = &'a FeedEntry>) -> Frames {
        use std::io::Write as _;
        let mut out = Vec::new();
        let mut starts = Vec::new();
        for entry in entries {
            let at = out.len();
            // Writing into a Vec cannot fail; a record that cannot be serialised (it has
            // only plain members, so never) is left out rather than sent half-written.
            let written = write!(out, "id: {}\nevent: check_in\ndata: ", entry.record.id)
                .map_err(serde_json::Error::io)
                .and_then(|()| serde_json::to_writer(&mut out, entry))
                .and_then(|()| out.write_all(b"\n\n").map_err(serde_json::Error::io));
            match written {
                Ok(()) => starts.push((entry.record.id, at)),
                Err(e) => {
                    tracing::error!(error = %e, id = entry.record.id, "a stream record could not be serialised");
                    out.truncate(at);
                }
            }
        }
        Frames {
            event_id,
            starts,
            bytes: Bytes::from(out),
        }
    }

    /// The frames of the records after history id `after`, and the last id among them;
    /// None when there is none. Slicing shares the bytes, it does not copy them.
    pub fn after(&self, after: i64) -> Option<(Bytes, i64)> {
        let first = self.starts.partition_point(|(id, _)| *id <= after);
        let &(_, at) = self.starts.get(first)?;
        let &(last, _) = self.starts.last()?;
        Some((self.bytes.slice(at..), last))
    }
}

/// A committed batch's records as frames: one [`Frames`] per event (in history order
/// within each), split every `FRAMES_MOST` records.
fn frames_of(entries: &[FeedEntry]) -> Vec<Frames> {
    let mut events: Vec<(i64, Vec<&FeedEntry>)> = Vec::new();
    let mut out = Vec::new();
    for entry in entries {
        let event_id = entry.record.event_id;
        let at = match events.iter().position(|(id, _)| *id == event_id) {
            Some(at) => at,
            None => {
                events.push((event_id, Vec::new()));
                events.len() - 1
            }
        };
        let (_, group) = &mut events[at];
        group.push(entry);
        if group.len() == FRAMES_MOST {
            out.push(Frames::of(event_id, group.drain(..)));
        }
    }
    for (event_id, group) in events {
        if !group.is_empty() {
            out.push(Frames::of(event_id, group));
        }
    }
    out
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

/// A comment line of the check-in stream telling that a duplicate entry of its event was
/// just recorded (HUB.md, "Duplicate entries reach every door"): a joined kiosk then
/// reads the hub's conflicts. A comment, so that EventSource and every SSE parser ignore
/// it.
pub const CONFLICT_NOTE: &[u8] = b": conflict\n\n";

/// The broadcasting side, shared by the writer and every stream.
#[derive(Clone)]
pub struct Feed {
    batches: mpsc::Sender<Vec<FeedEntry>>,
    live: broadcast::Sender<Arc<Frames>>,
    closed: watch::Sender<bool>,
    /// Events for which a duplicate entry was just recorded (HUB.md, "Duplicate entries
    /// reach every door"): the streams of that event tell their listeners.
    conflicts: broadcast::Sender<i64>,
}

impl Feed {
    pub fn start() -> Result<Feed> {
        let (live, _) = broadcast::channel(BUFFER);
        let (batches, committed) = mpsc::channel::<Vec<FeedEntry>>();
        let out = live.clone();
        std::thread::Builder::new()
            .name("entrada-feed".into())
            .spawn(move || publish(&committed, &out))
            .map_err(|e| crate::error::Error::internal(format!("cannot start the feed: {e}")))?;
        let (closed, _) = watch::channel(false);
        let (conflicts, _) = broadcast::channel(64);
        Ok(Feed {
            batches,
            live,
            closed,
            conflicts,
        })
    }

    /// A duplicate entry of `event_id` was recorded (after its commit).
    pub fn conflict_noted(&self, event_id: i64) {
        // No stream listening is no error.
        let _ = self.conflicts.send(event_id);
    }

    /// A new listener of [`Feed::conflict_noted`].
    pub fn subscribe_conflicts(&self) -> broadcast::Receiver<i64> {
        self.conflicts.subscribe()
    }

    /// Hands a committed batch's records on (from the writer thread; never blocks).
    pub(super) fn committed(&self, entries: Vec<FeedEntry>) {
        if !entries.is_empty() {
            let _ = self.batches.send(entries);
        }
    }

    /// A new listener: records committed from now on.
    pub fn subscribe(&self) -> (broadcast::Receiver<Arc<Frames>>, watch::Receiver<bool>) {
        (self.live.subscribe(), self.closed.subscribe())
    }

    /// Ends every stream (the server is stopping), so connections close at once.
    pub fn close(&self) {
        self.closed.send_replace(true);
    }
}

/// The publisher thread: committed batches in, frames out to every listener, at most one
/// broadcast per `BROADCAST_EVERY`. Ends when the writer is gone.
fn publish(committed: &mpsc::Receiver<Vec<FeedEntry>>, out: &broadcast::Sender<Arc<Frames>>) {
    let mut last: Option<Instant> = None;
    while let Ok(mut entries) = committed.recv() {
        if out.receiver_count() == 0 {
            continue;
        }
        // Batches committed until the next broadcast is due go out together.
        let mut open = true;
        let due = last.map(|last| last + BROADCAST_EVERY);
        while let Some(wait) = due
            .and_then(|due| due.checked_duration_since(Instant::now()))
            .filter(|wait| !wait.is_zero())
        {
            match committed.recv_timeout(wait) {
                Ok(more) => entries.extend(more),
                Err(mpsc::RecvTimeoutError::Timeout) => break,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    open = false;
                    break;
                }
            }
        }
        while let Ok(more) = committed.try_recv() {
            entries.extend(more);
        }
        for frames in frames_of(&entries) {
            // No receiver left is not an error: nobody listens.
            let _ = out.send(Arc::new(frames));
        }
        last = Some(Instant::now());
        if !open {
            return;
        }
    }
}

/// The event's records after `after`, oldest first, at most `limit`, with their attendees
/// as they are now, and how many records were read: a stream's catch-up after
/// `Last-Event-ID`.
pub fn after(
    conn: &Connection,
    event_id: i64,
    after: i64,
    limit: usize,
) -> Result<(Frames, usize)> {
    let records = super::check_ins::records_after(conn, event_id, after, limit)?;
    let read = records.len();
    let mut entries = Vec::with_capacity(records.len());
    for record in records {
        let attendee = match record.attendee_id {
            Some(id) => super::attendees::find(conn, event_id, id)?,
            None => None,
        };
        entries.push(FeedEntry { record, attendee });
    }
    Ok((Frames::of(event_id, &entries), read))
}

/// The newest history id (0 when there is none): where a stream without `Last-Event-ID`
/// starts.
pub fn newest(conn: &Connection) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT COALESCE(MAX(id), 0) FROM check_ins")?
        .query_row(params![], |r| r.get(0))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::check_in::{Action, Outcome};

    fn entry(id: i64, event_id: i64) -> FeedEntry {
        FeedEntry {
            record: CheckInRecord {
                id,
                event_id,
                attendee_id: None,
                session_id: None,
                action: Action::CheckIn,
                outcome: Outcome::NotFound,
                code: Some(format!("code\n{id}")),
                device: None,
                client_id: None,
                user_id: None,
                created_at: "2026-11-27T04:00:00.000Z".into(),
            },
            attendee: None,
        }
    }

    /// The ids and JSON records of SSE frames, checking each frame's shape.
    fn parse(bytes: &[u8]) -> Vec<(i64, serde_json::Value)> {
        let text = std::str::from_utf8(bytes).expect("utf-8");
        assert!(text.ends_with("\n\n"), "{text:?}");
        text.trim_end()
            .split("\n\n")
            .map(|frame| {
                let lines: Vec<&str> = frame.lines().collect();
                assert_eq!(lines.len(), 3, "{frame:?}");
                assert_eq!(lines[1], "event: check_in");
                let id = lines[0]
                    .strip_prefix("id: ")
                    .expect("id")
                    .parse()
                    .expect("n");
                let data = lines[2].strip_prefix("data: ").expect("data");
                (id, serde_json::from_str(data).expect("json"))
            })
            .collect()
    }

    #[test]
    fn frames_resume_after_any_id_without_repeating() {
        let entries: Vec<FeedEntry> = [3, 5, 9].iter().map(|&id| entry(id, 1)).collect();
        let frames = Frames::of(1, &entries);
        let ids = |after| frames.after(after).map(|(b, last)| (parse(&b), last));
        let (all, last) = ids(0).expect("all");
        assert_eq!(all.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [3, 5, 9]);
        assert_eq!(last, 9);
        // A newline in a member stays escaped inside the one data line.
        assert_eq!(all[0].1["record"]["code"], "code\n3");
        let (rest, _) = ids(5).expect("rest");
        assert_eq!(rest.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [9]);
        let (rest, _) = ids(4).expect("rest");
        assert_eq!(rest.iter().map(|(id, _)| *id).collect::<Vec<_>>(), [5, 9]);
        assert!(ids(9).is_none());
        assert!(Frames::of(1, &[]).after(0).is_none());
    }

    #[test]
    fn a_batch_splits_by_event_in_order_and_by_size() {
        let mut entries = Vec::new();
        for id in 1..=150 {
            entries.push(entry(id, if id % 3 == 0 { 2 } else { 1 }));
        }
        let frames = frames_of(&entries);
        for event in [1, 2] {
            let ids: Vec<i64> = frames
                .iter()
                .filter(|f| f.event_id == event)
                .inspect(|f| assert!(f.starts.len() <= FRAMES_MOST))
                .flat_map(|f| parse(&f.after(0).expect("frames").0))
                .map(|(id, record)| {
                    assert_eq!(record["record"]["event_id"], event);
                    id
                })
                .collect();
            let want: Vec<i64> = entries
                .iter()
                .filter(|e| e.record.event_id == event)
                .map(|e| e.record.id)
                .collect();
            assert_eq!(ids, want);
        }
    }
}
