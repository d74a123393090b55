//! Changes reach the other doors within a moment (HUB.md, "Changes reach the other
//! doors"): a kiosk joined to a hub holds the hub's check-in stream open for each
//! mirrored event and applies each record's attendee as a pulled record, the moment the
//! hub commits it, instead of waiting for the sync's next round.
//!
//! The stream resumes with `Last-Event-ID` after a break, so nothing is missed while it
//! is down; when it first opens, one sync round catches up on what came before. Records
//! are merged as the sync's pull merges them (`sync::pull::apply_streamed`): a change
//! made here and not yet sent is kept, a walk-in registered at another door arrives.

use std::time::Duration;

use tokio::task::JoinSet;

use crate::db::Db;
use crate::db::sync::{self as store, StoredConfig};
use crate::sync::remote::v2::RemoteAttendee;

/// How often the follower looks whether the kiosk joined, left or re-joined a hub.
const CONFIG_EVERY: Duration = Duration::from_secs(2);
/// A stream with no byte for this long (the hub sends a keep-alive every 15 s) is dead.
const SILENCE: Duration = Duration::from_secs(40);
/// The longest wait before a broken stream is opened again.
const MOST_BACKOFF: Duration = Duration::from_secs(5);

/// Follows the hub while this kiosk is joined to one, for as long as the server runs.
pub fn spawn(db: Db) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut following: Option<(i64, JoinSet<()>)> = None;
        loop {
            let config = db.read(store::config).await.ok().flatten();
            let wanted = config
                .as_ref()
                .filter(|c| c.pinned_fingerprint.is_some())
                .map(|c| c.version);
            if following.as_ref().map(|(v, _)| *v) != wanted {
                // Dropping a JoinSet aborts its tasks: the old hub's streams close.
                following = None;
                if let Some(config) = config.filter(|c| c.pinned_fingerprint.is_some()) {
                    let version = config.version;
                    following = Some((version, follow(&db, config)));
                }
            }
            tokio::time::sleep(CONFIG_EVERY).await;
        }
    })
}

fn follow(db: &Db, config: StoredConfig) -> JoinSet<()> {
    let mut tasks = JoinSet::new();
    for &hub_event in &config.events {
        tasks.spawn(follow_event(db.clone(), config.clone(), hub_event));
    }
    tasks
}

/// Holds one event's stream open, reopening it after a break.
async fn follow_event(db: Db, config: StoredConfig, hub_event: i64) {
    let mut last: Option<i64> = None;
    let mut caught_up = false;
    let mut failures = 0u32;
    loop {
        match stream_once(&db, &config, hub_event, &mut last, &mut caught_up).await {
            Ok(()) => failures = 0,
            Err(why) => {
                failures = failures.saturating_add(1);
                tracing::debug!(%why, hub_event, "the hub's check-in stream broke");
            }
        }
        let wait = crate::sync::remote::backoff(failures).min(MOST_BACKOFF);
        tokio::time::sleep(wait).await;
    }
}

/// One connection of the stream: until it ends or breaks.
async fn stream_once(
    db: &Db,
    config: &StoredConfig,
    hub_event: i64,
    last: &mut Option<i64>,
    caught_up: &mut bool,
) -> Result<(), String> {
    let remote = super::door::link(db, config.clone())
        .await
        .ok_or("no client for the hub")?;
    let opened = remote
        .open_stream(&format!("/events/{hub_event}/check_ins/stream"), *last)
        .await;
    let mut response = match opened {
        Ok(response) => response,
        Err(crate::sync::remote::Failure::Refused { status: 422, .. }) if last.is_some() => {
            // The hub's history ends before the last record this door saw (the hub was
            // restored from an older backup): follow it again from its newest, after a
            // round that catches up.
            *last = None;
            *caught_up = false;
            return Err("the hub's history is behind this door's: following it anew".into());
        }
        Err(f) => return Err(f.to_string()),
    };
    if !*caught_up {
        // What the hub committed before the stream opened comes with a round.
        match crate::sync::round(db, &|_, _, _| {}).await {
            Ok(summary) if summary.error.is_none() => *caught_up = true,
            Ok(summary) => tracing::debug!(error = ?summary.error, "catch-up round"),
            // Another round runs: it catches up.
            Err(_) => *caught_up = true,
        }
    } else {
        // A `: conflict` note sent while the stream was down is not replayed: the hub's
        // conflicts are read once on every reconnect instead.
        crate::sync::follow_hub_conflicts(&remote, db, &config.client_id).await;
    }
    let mut buffer: Vec<u8> = Vec::new();
    loop {
        let chunk = tokio::time::timeout(SILENCE, response.chunk())
            .await
            .map_err(|_| "the stream went silent".to_owned())?
            .map_err(|e| e.to_string())?;
        let Some(chunk) = chunk else {
            return Ok(());
        };
        buffer.extend_from_slice(&chunk);
        let mut records: Vec<(i64, RemoteAttendee)> = Vec::new();
        let mut conflict_noted = false;
        while let Some(end) = find_blank_line(&buffer) {
            let block: Vec<u8> = buffer.drain(..end + 2).collect();
            if block == crate::db::feed::CONFLICT_NOTE {
                conflict_noted = true;
            } else if let Some(event) = parse_event(&block) {
                records.push(event);
            }
        }
        if conflict_noted {
            // Another door reported a duplicate entry: shown here too, now (HUB.md).
            crate::sync::follow_hub_conflicts(&remote, db, &config.client_id).await;
        }
        let Some(newest) = records.iter().map(|(id, _)| *id).max() else {
            continue;
        };
        let applied = db
            .write(move |conn| {
                for (_, attendee) in &records {
                    crate::sync::pull::apply_streamed(conn, hub_event, attendee)?;
                }
                Ok(records.len())
            })
            .await
            .map_err(|e| e.to_string())?;
        *last = Some(newest);
        tracing::debug!(applied, hub_event, "applied the hub's check-ins");
    }
}

/// Where the first event of the buffer ends (the index of its blank line's first `\n`).
fn find_blank_line(buffer: &[u8]) -> Option<usize> {
    buffer.windows(2).position(|w| w == b"\n\n")
}

/// One Server-Sent Event: its id and the attendee of its `data` (a `FeedEntry`); None
/// for a comment (keep-alive) or a record without an attendee.
fn parse_event(block: &[u8]) -> Option<(i64, RemoteAttendee)> {
    let text = std::str::from_utf8(block).ok()?;
    let mut id = None;
    let mut data = String::new();
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("id:") {
            id = v.trim().parse::<i64>().ok();
        } else if let Some(v) = line.strip_prefix("data:") {
            data.push_str(v.strip_prefix(' ').unwrap_or(v));
        }
    }
    let entry: serde_json::Value = serde_json::from_str(&data).ok()?;
    let attendee = RemoteAttendee::from_stored(entry.get("attendee")?.clone())?;
    Some((id?, attendee))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_read_from_the_stream_and_comments_skipped() {
        let stream = b": keep-alive\n\nid: 7\nevent: check_in\ndata: {\"record\": {\"id\": 7}, \"attendee\": {\"id\": 3, \"first_name\": \"Ada\", \"checkin_status\": \"checked_in\"}}\n\nid: 8\nevent: check_in\ndata: {\"record\": {\"id\": 8}, \"attendee\": null}\n\n";
        let mut buffer = stream.to_vec();
        let mut events = vec![];
        while let Some(end) = find_blank_line(&buffer) {
            let block: Vec<u8> = buffer.drain(..end + 2).collect();
            events.push(parse_event(&block));
        }
        assert!(buffer.is_empty());
        assert_eq!(events.len(), 3);
        assert!(events[0].is_none(), "a comment");
        let (id, ada) = events[1].clone().expect("an event");
        assert_eq!((id, ada.id), (7, 3));
        assert!(events[2].is_none(), "no attendee");
    }
}
