//! Keyed rate limiters (governor's GCRA token buckets) with the answer a client needs:
//! how many whole seconds to wait.

use std::num::NonZeroU32;
use std::time::Duration;

use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// A token bucket per key.
pub struct KeyedLimiter {
    inner: DefaultKeyedRateLimiter<String>,
}

impl KeyedLimiter {
    /// `rate` requests per second with bursts of `burst`; None when `rate` is 0 (off).
    pub fn per_second(rate: u32, burst: u32) -> Option<KeyedLimiter> {
        let rate = NonZeroU32::new(rate)?;
        let burst = NonZeroU32::new(burst).unwrap_or(rate);
        Some(KeyedLimiter {
            inner: RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)),
        })
    }

    /// `count` events per `period`, all of which may come at once.
    pub fn per_period(count: u32, period: Duration) -> Option<KeyedLimiter> {
        let count = NonZeroU32::new(count)?;
        let quota = Quota::with_period(period / count.get())?.allow_burst(count);
        Some(KeyedLimiter {
            inner: RateLimiter::keyed(quota),
        })
    }

    /// `count` events per `period` on average, at most `burst` at once.
    pub fn per_period_with_burst(count: u32, period: Duration, burst: u32) -> Option<KeyedLimiter> {
        let count = NonZeroU32::new(count)?;
        let quota = Quota::with_period(period / count.get())?.allow_burst(NonZeroU32::new(burst)?);
        Some(KeyedLimiter {
            inner: RateLimiter::keyed(quota),
        })
    }

    /// Takes one token for `key`; `Err(seconds)` when there is none, with the whole
    /// number of seconds after which one will be there (at least 1).
    pub fn check(&self, key: &str) -> Result<(), u64> {
        // The key is cloned only when checking: governor's keyed store needs ownership.
        self.inner.check_key(&key.to_owned()).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.inner.clock().now());
            wait.as_secs() + u64::from(wait.subsec_nanos() > 0).max(u64::from(wait.as_secs() == 0))
        })
    }

    /// Forgets keys whose buckets are full again (keeps memory bounded).
    pub fn forget_idle(&self) {
        self.inner.retain_recent();
        self.inner.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_says_how_long_to_wait() {
        let limiter = KeyedLimiter::per_period(2, Duration::from_secs(10)).expect("limiter");
        assert!(limiter.check("a").is_ok());
        assert!(limiter.check("a").is_ok());
        let wait = limiter.check("a").expect_err("third is refused");
        assert!((1..=5).contains(&wait), "{wait}");
        assert!(limiter.check("b").is_ok(), "keys are independent");
        assert!(KeyedLimiter::per_second(0, 0).is_none());
    }
}
