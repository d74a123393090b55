//! One round at a time per database, across processes too (`entrada serve` in the
//! background and `entrada sync run` by hand): a lease in `sync_state` says who runs it,
//! and a lease whose process is gone (or whose time is up) is taken over.

use std::time::Duration;

use rusqlite::Connection;

use crate::db::Db;
use crate::db::sync as store;
use crate::error::Result;

/// How long a lease lasts without its process being checked.
const LEASE: Duration = Duration::from_secs(600);

/// This process, as the owner of a round's lease.
pub fn owner() -> String {
    format!("{}", std::process::id())
}

fn process_alive(owner: &str) -> bool {
    if cfg!(target_os = "linux") {
        std::path::Path::new(&format!("/proc/{owner}")).exists()
    } else {
        true
    }
}

/// Whether a lease held by `holder` until `until` may be taken by `owner` at `now`.
/// A process never takes its own lease twice: its running round holds it.
fn free(
    holder: Option<&str>,
    until: Option<i64>,
    owner: &str,
    now: i64,
    alive: impl Fn(&str) -> bool,
) -> bool {
    match (holder, until) {
        (None, _) => true,
        (Some(h), _) if h == owner => false,
        (Some(h), Some(u)) => u < now || !alive(h),
        (Some(_), None) => true,
    }
}

/// Takes the lease for `owner` if it is free; answers whether it did. Runs in one write.
pub fn take(conn: &Connection, owner: &str) -> Result<bool> {
    let (holder, until) = store::lease(conn)?;
    let now = chrono::Utc::now().timestamp();
    let free = free(holder.as_deref(), until, owner, now, process_alive);
    if free {
        store::set_lease(conn, owner, now + LEASE.as_secs() as i64)?;
    }
    Ok(free)
}

pub fn release(conn: &Connection, owner: &str) -> Result<()> {
    store::release_lease(conn, owner)
}

/// Releases the lease of a round that was dropped before its end (its future cancelled).
pub struct Guard {
    pub db: Db,
    pub owner: Option<String>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(owner) = self.owner.take()
            && let Ok(handle) = tokio::runtime::Handle::try_current()
        {
            let db = self.db.clone();
            handle.spawn(async move {
                let _ = db.write(move |conn| release(conn, &owner)).await;
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::free;

    #[test]
    fn a_lease_nobody_holds_is_free() {
        assert!(free(None, None, "1", 100, |_| true));
    }

    #[test]
    fn a_process_does_not_take_its_own_lease_twice() {
        assert!(!free(Some("1"), Some(1000), "1", 100, |_| true));
    }

    #[test]
    fn a_live_holder_in_time_keeps_it() {
        assert!(!free(Some("2"), Some(1000), "1", 100, |_| true));
    }

    #[test]
    fn an_expired_or_dead_holder_loses_it() {
        assert!(free(Some("2"), Some(99), "1", 100, |_| true));
        assert!(free(Some("2"), Some(1000), "1", 100, |_| false));
        assert!(free(Some("2"), None, "1", 100, |_| true));
    }
}
