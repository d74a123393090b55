//! Throttling of failed attempts (sign-ins per email and per address, unknown tokens per
//! address). Successful attempts cost nothing. After too many failures within the window
//! a key is locked until its oldest failure leaves the window; the answer does not say
//! whether the email exists.
//!
//! An attempt is *reserved* before its password is hashed ([`Throttle::begin`]) and counts
//! against the limit while it runs: forty wrong passwords sent at once for one email get
//! at most `limit` argon2 checks, not forty (a count taken after the slow hash would let
//! every concurrent attempt through).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Throttle {
    limit: usize,
    period: Duration,
    keys: Mutex<HashMap<String, Window>>,
}

#[derive(Default)]
struct Window {
    /// When the failures still inside the window happened, oldest first.
    failures: VecDeque<Instant>,
    /// Attempts begun and not yet ended.
    running: usize,
}

impl Window {
    fn prune(&mut self, now: Instant, period: Duration) {
        while self
            .failures
            .front()
            .is_some_and(|t| now.duration_since(*t) >= period)
        {
            self.failures.pop_front();
        }
    }
}

/// An attempt in progress; ends as a success unless [`Attempt::failed`] is called.
pub struct Attempt<'a> {
    throttle: &'a Throttle,
    key: String,
    failed: bool,
}

impl Attempt<'_> {
    /// The attempt failed: it counts in the window from now.
    pub fn failed(mut self) {
        self.failed = true;
    }
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        let mut keys = self.throttle.lock();
        if let Some(window) = keys.get_mut(&self.key) {
            window.running = window.running.saturating_sub(1);
            if self.failed {
                window.failures.push_back(Instant::now());
            }
            if window.running == 0 && window.failures.is_empty() {
                keys.remove(&self.key);
            }
        }
    }
}

fn whole_seconds(d: Duration) -> u64 {
    (d.as_secs() + u64::from(d.subsec_nanos() > 0)).max(1)
}

impl Throttle {
    /// Allows `failures` failed attempts per key within `period`; None when 0.
    pub fn new(failures: u32, period: Duration) -> Option<Throttle> {
        let limit = usize::try_from(failures).ok().filter(|l| *l > 0)?;
        Some(Throttle {
            limit,
            period,
            keys: Mutex::new(HashMap::new()),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Window>> {
        self.keys.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Seconds until `key` may try again, if it may not now. Attempts still running count
    /// as failures until they end (then a second is enough to know).
    fn wait(&self, window: &mut Window, now: Instant) -> Option<u64> {
        window.prune(now, self.period);
        if window.failures.len() + window.running < self.limit {
            return None;
        }
        // A place frees when enough failures leave the window: the `excess`-th oldest.
        // When running attempts alone fill the limit, they end within a second or so.
        let excess = window.failures.len() + window.running + 1 - self.limit;
        let frees = window
            .failures
            .get(excess - 1)
            .map(|t| (*t + self.period).saturating_duration_since(now));
        Some(frees.map_or(1, whole_seconds))
    }

    /// Reserves an attempt for `key`, or says how many seconds to wait.
    pub fn begin(&self, key: &str) -> Result<Attempt<'_>, u64> {
        let now = Instant::now();
        let mut keys = self.lock();
        let window = keys.entry(key.to_owned()).or_default();
        if let Some(wait) = self.wait(window, now) {
            if window.running == 0 && window.failures.is_empty() {
                keys.remove(key);
            }
            return Err(wait);
        }
        window.running += 1;
        Ok(Attempt {
            throttle: self,
            key: key.to_owned(),
            failed: false,
        })
    }

    /// Seconds until `key` may try again, when it is locked (reserves nothing).
    pub fn locked(&self, key: &str) -> Option<u64> {
        let now = Instant::now();
        let mut keys = self.lock();
        let window = keys.get_mut(key)?;
        self.wait(window, now)
    }

    /// Records a failure that was not reserved (an unknown token, found out afterwards).
    pub fn failed(&self, key: &str) {
        let now = Instant::now();
        let mut keys = self.lock();
        let window = keys.entry(key.to_owned()).or_default();
        window.prune(now, self.period);
        if window.failures.len() < self.limit {
            window.failures.push_back(now);
        } else {
            // Keep the window at `limit` entries: the lock lasts a period from the latest.
            window.failures.pop_front();
            window.failures.push_back(now);
        }
    }

    /// Forgets keys with nothing in their window (keeps memory bounded).
    pub fn forget_idle(&self) {
        let now = Instant::now();
        let period = self.period;
        self.lock().retain(|_, w| {
            w.prune(now, period);
            w.running > 0 || !w.failures.is_empty()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_attempts_count_against_the_limit() {
        let t = Throttle::new(2, Duration::from_secs(60)).expect("throttle");
        let a = t.begin("k").expect("first");
        let b = t.begin("k").expect("second");
        assert_eq!(t.begin("k").err(), Some(1), "two running fill the limit");
        drop(a);
        let c = t.begin("k").expect("a success frees its place");
        b.failed();
        c.failed();
        let wait = t.begin("k").err().expect("two failures lock");
        assert!((59..=60).contains(&wait), "{wait}");
        assert!(t.locked("other").is_none(), "keys are independent");
    }

    #[test]
    fn unreserved_failures_lock_too() {
        let t = Throttle::new(3, Duration::from_secs(10)).expect("throttle");
        for _ in 0..3 {
            assert!(t.locked("addr").is_none());
            t.failed("addr");
        }
        assert!(t.locked("addr").is_some());
        t.forget_idle();
        assert!(t.locked("addr").is_some(), "still in the window");
    }
}
