//! Throttling of failed sign-ins, per user (email) and per address. Successful sign-ins
//! cost nothing. After too many failures a key is locked until its bucket refills; the
//! answer does not say whether the email exists.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::limits::KeyedLimiter;

pub struct Throttle {
    failures: KeyedLimiter,
    locked: Mutex<HashMap<String, Instant>>,
}

impl Throttle {
    /// Locks a key at its `failures`-th failed attempt within `period` (failures refill
    /// one every `period / failures`).
    pub fn new(failures: u32, period: Duration) -> Option<Throttle> {
        // A bucket of failures - 1: the failure that finds it empty is the one that locks.
        let limiter =
            KeyedLimiter::per_period_with_burst(failures, period, failures.checked_sub(1)?)?;
        Some(Throttle {
            failures: limiter,
            locked: Mutex::new(HashMap::new()),
        })
    }

    /// Seconds until `key` may try again, when it is locked.
    pub fn locked(&self, key: &str) -> Option<u64> {
        let mut locked = self.locked.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        match locked.get(key) {
            Some(until) if *until > now => Some((*until - now).as_secs().max(1) + 1),
            Some(_) => {
                locked.remove(key);
                None
            }
            None => None,
        }
    }

    /// Records a failed attempt; locks the key when it has failed too often.
    pub fn failed(&self, key: &str) {
        if let Err(wait) = self.failures.check(key) {
            let mut locked = self.locked.lock().unwrap_or_else(|p| p.into_inner());
            locked.insert(key.to_owned(), Instant::now() + Duration::from_secs(wait));
        }
    }

    pub fn forget_idle(&self) {
        self.failures.forget_idle();
        let now = Instant::now();
        self.locked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|_, until| *until > now);
    }
}
