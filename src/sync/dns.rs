//! Name lookups for the sync's requests: bounded in time, and a name whose lookup timed
//! out is not asked again for a while.
//!
//! Why: on a network whose DNS server does not answer, the system's resolver waits out
//! its own timeouts (glibc: 5 s a try, two tries) before it gives up, and a round asks
//! for the same name more than once (its first request, then the probe's words for a
//! person). `POST /kiosk/sync/run` blocked 10 s and more on it (issue 37). Here a lookup
//! gives up after [`LIMIT`], and a name that timed out fails at once for
//! [`REMEMBER_TIMEOUT`]; a name the DNS answers "not found" for fails fast by itself and
//! is not remembered. Addresses (a hub's IP) never come here.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

/// How long one lookup may take before the round says the name cannot be found.
pub const LIMIT: Duration = Duration::from_secs(2);

/// How long a name whose lookup timed out fails at once. Short, so that a network that
/// comes up is used by the loop's next round or the one after.
pub const REMEMBER_TIMEOUT: Duration = Duration::from_secs(15);

/// Names whose lookup timed out, and when. Process-wide like the system's own cache: it
/// is knowledge of the network, not of a server's state.
static TIMED_OUT: LazyLock<Mutex<HashMap<String, Instant>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

fn timed_out_lately(host: &str) -> bool {
    let mut map = TIMED_OUT.lock().unwrap_or_else(|e| e.into_inner());
    map.retain(|_, at| at.elapsed() < REMEMBER_TIMEOUT);
    map.contains_key(host)
}

fn remember(host: &str, timed_out: bool) {
    let mut map = TIMED_OUT.lock().unwrap_or_else(|e| e.into_inner());
    if timed_out {
        map.insert(host.to_owned(), Instant::now());
    } else {
        map.remove(host);
    }
}

/// A name that could not be turned into addresses: the DNS said it does not exist, did
/// not answer within [`LIMIT`], or did not answer a moment ago. Typed, so that the sync
/// tells it from other network failures (it does not retry it within a round) without
/// reading its words.
#[derive(Debug)]
pub struct Unresolved {
    pub host: String,
    why: &'static str,
}

impl std::fmt::Display for Unresolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the name {} could not be looked up: {}",
            self.host, self.why
        )
    }
}

impl std::error::Error for Unresolved {}

/// The [`Unresolved`] among the causes of `e`, if a lookup is why it failed.
pub fn unresolved_in<'a>(e: &'a (dyn std::error::Error + 'static)) -> Option<&'a Unresolved> {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if let Some(u) = c.downcast_ref::<Unresolved>() {
            return Some(u);
        }
        cause = c.source();
    }
    None
}

/// The addresses of `host` (port `port`), within [`LIMIT`].
pub async fn lookup(host: &str, port: u16) -> Result<Vec<SocketAddr>, Unresolved> {
    let unresolved = |why| Unresolved {
        host: host.to_owned(),
        why,
    };
    if timed_out_lately(host) {
        return Err(unresolved("the DNS did not answer a moment ago"));
    }
    match tokio::time::timeout(LIMIT, tokio::net::lookup_host((host, port))).await {
        Ok(Ok(addrs)) => {
            remember(host, false);
            let addrs: Vec<SocketAddr> = addrs.collect();
            if addrs.is_empty() {
                return Err(unresolved("no address"));
            }
            Ok(addrs)
        }
        Ok(Err(_)) => {
            remember(host, false);
            Err(unresolved("not found"))
        }
        Err(_) => {
            remember(host, true);
            Err(unresolved("the DNS did not answer in time"))
        }
    }
}

/// reqwest's resolver for the sync's clients: [`lookup`].
pub struct Bounded;

impl reqwest::dns::Resolve for Bounded {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs = lookup(&host, 0).await?;
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timed_out_name_fails_at_once_for_a_while_and_an_answer_clears_it() {
        let host = "dns-test.entrada.invalid";
        assert!(!timed_out_lately(host));
        remember(host, true);
        assert!(timed_out_lately(host));
        remember(host, false);
        assert!(!timed_out_lately(host));
    }
}
