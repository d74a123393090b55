//! Retention: the server erases the personal data of events whose `erase_after` (their
//! `ends_at` plus `retention_days`, an extension member of Event) has passed, at start
//! and every hour after, with the same erasure as `DELETE .../attendees/{id}`
//! (`db::privacy`). An hour is precise enough for a period counted in days, and costs
//! one small query when nothing is due.
//!
//! Each due event is one write job: its erasure commits whole or not at all, and the
//! writer serves other work between events. Attendees added to an event after its
//! purge are erased at the next pass (an event is due while it has attendees).

use std::time::Duration;

use crate::db::{Db, privacy};
use crate::error::Result;

/// How often the server looks for events that are due.
pub const EVERY: Duration = Duration::from_secs(60 * 60);

/// Runs [`run_once`] now and every [`EVERY`] while the runtime lives.
pub fn spawn(db: Db) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(e) = run_once(&db).await {
                // The next pass tries again; nothing was half done (one job per event).
                tracing::error!(error = %e, "retention pass failed");
            }
        }
    })
}

/// Erases every event that is due; how many attendees were erased. Logs counts and
/// event ids only, never a person.
pub async fn run_once(db: &Db) -> Result<u64> {
    let due = db
        .read(|conn| privacy::due(conn, chrono::Utc::now()))
        .await?;
    let mut total = 0;
    for event in due {
        let id = event.event_id;
        let erased = db.write(move |conn| privacy::erase_event(conn, id)).await?;
        db.fold_after_erasure().await;
        tracing::info!(event_id = id, erase_after = %event.erase_after, erased,
            "retention: personal data erased");
        total += erased;
    }
    Ok(total)
}
