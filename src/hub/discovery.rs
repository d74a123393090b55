//! Finding the hub on the LAN (HUB.md, "Discovery"): the hub advertises itself over
//! DNS-SD on mDNS, and a kiosk browses for it, so that nobody has to read an address off
//! one screen and type it into another. What is found is only a hint: the address and a
//! fingerprint prefix to try; pairing (the one-time code bound to the full fingerprint)
//! is what authenticates the hub.
//!
//! mdns-sd runs its own thread and speaks mDNS itself (no Avahi needed). Its channels are
//! synchronous, so [`browse`] blocks: call it from a blocking thread.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use mdns_sd::{IfKind, ServiceDaemon, ServiceEvent, ServiceInfo};
use serde::Serialize;

use super::Identity;
use crate::error::{Error, Result};

/// The DNS-SD service type of an Entrada hub.
pub const SERVICE_TYPE: &str = "_entrada._tcp.local.";

/// The version of the TXT record's contents (`v=1`); a kiosk ignores other versions.
const TXT_VERSION: &str = "1";

/// How many hex digits of the fingerprint the TXT record carries (128 bits: enough to
/// pick the right hub, while a TXT string stays short).
pub const FINGERPRINT_PREFIX_LEN: usize = 32;

/// How long the daemon gets to acknowledge a command when we stop it.
const DAEMON_REPLY: Duration = Duration::from_secs(1);

/// The longest instance name DNS allows (one label).
pub const NAME_MAX_BYTES: usize = 63;

fn mdns_error(what: &str, e: mdns_sd::Error) -> Error {
    Error::internal(format!("{what}: {e}"))
}

/// The hub's advertisement. Dropping it says goodbye (so kiosks drop the hub from their
/// lists at once rather than after the records' TTL) and stops the daemon's thread;
/// the drop blocks for up to a few hundred milliseconds while the goodbye goes out.
pub struct Advertiser {
    daemon: ServiceDaemon,
    fullname: String,
}

impl std::fmt::Debug for Advertiser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Advertiser")
            .field("fullname", &self.fullname)
            .finish_non_exhaustive()
    }
}

impl Advertiser {
    /// Advertises the hub named `name` whose HTTPS listener is at `https`. Bound to an
    /// unspecified address, the hub advertises the IPv4 address of each interface on
    /// that interface (and follows changes); bound to one address, that address only,
    /// on its interface only, as that is the only one where the hub can be reached.
    pub fn start(name: &str, identity: &Identity, https: SocketAddr) -> Result<Advertiser> {
        let daemon = ServiceDaemon::new().map_err(|e| mdns_error("cannot start mDNS", e))?;
        match Self::register(&daemon, name, identity, https) {
            Ok(fullname) => Ok(Advertiser { daemon, fullname }),
            Err(e) => {
                // Do not leave the daemon's thread behind.
                if let Ok(stopped) = daemon.shutdown() {
                    let _ = stopped.recv_timeout(DAEMON_REPLY);
                }
                Err(e)
            }
        }
    }

    fn register(
        daemon: &ServiceDaemon,
        name: &str,
        identity: &Identity,
        https: SocketAddr,
    ) -> Result<String> {
        let fingerprint = identity.fingerprint();
        let prefix = fingerprint
            .get(..FINGERPRINT_PREFIX_LEN)
            .unwrap_or(&fingerprint);
        let txt = [
            ("v", TXT_VERSION),
            ("id", identity.hub_id.as_str()),
            ("fp", prefix),
        ];
        // Namespaces and cloned machines share a system host name: the hub's id is its own.
        let host = format!("entrada-{}.local.", identity.hub_id);
        let ip = https.ip();
        let info = if ip.is_unspecified() {
            // IPv4 only: kiosks on the same LAN have it, and IPv6's duplicate address
            // detection delays the first announcements after a link comes up.
            daemon
                .disable_interface(IfKind::IPv6)
                .map_err(|e| mdns_error("cannot set up mDNS", e))?;
            ServiceInfo::new(SERVICE_TYPE, name, &host, "", https.port(), &txt[..])
                .map_err(|e| mdns_error("cannot describe the hub for mDNS", e))?
                .enable_addr_auto()
        } else {
            daemon
                .disable_interface(IfKind::All)
                .and_then(|()| daemon.enable_interface(IfKind::Addr(ip)))
                .map_err(|e| mdns_error("cannot set up mDNS", e))?;
            let mut info = ServiceInfo::new(SERVICE_TYPE, name, &host, ip, https.port(), &txt[..])
                .map_err(|e| mdns_error("cannot describe the hub for mDNS", e))?;
            info.set_interfaces(vec![IfKind::Addr(ip)]);
            info
        };
        let fullname = info.get_fullname().to_owned();
        daemon
            .register(info)
            .map_err(|e| mdns_error("cannot advertise the hub over mDNS", e))?;
        Ok(fullname)
    }
}

impl Drop for Advertiser {
    fn drop(&mut self) {
        match self.daemon.unregister(&self.fullname) {
            Ok(done) => {
                if done.recv_timeout(DAEMON_REPLY).is_ok() {
                    // The daemon repeats the goodbye 120 ms later, for peers that missed
                    // the first; give it that time before stopping it.
                    std::thread::sleep(Duration::from_millis(200));
                }
            }
            Err(e) => tracing::debug!(error = %e, "cannot withdraw the hub's advertisement"),
        }
        match self.daemon.shutdown() {
            Ok(stopped) => {
                let _ = stopped.recv_timeout(DAEMON_REPLY);
            }
            Err(e) => tracing::debug!(error = %e, "cannot stop mDNS"),
        }
    }
}

/// A hub found on the LAN.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Found {
    /// The name its organiser gave it.
    pub name: String,
    pub hub_id: String,
    /// Where it answered from, IPv4 first.
    #[schema(value_type = Vec<String>)]
    pub addresses: Vec<IpAddr>,
    /// Its HTTPS port.
    pub port: u16,
    /// The first 32 hex digits of its certificate's fingerprint.
    pub fingerprint_prefix: String,
}

/// Browses the LAN for hubs for `for_how_long` and lists those resolved, one per hub id
/// (a hub seen under two names or on two interfaces is one hub), by name. Blocks.
pub fn browse(for_how_long: Duration) -> Result<Vec<Found>> {
    let daemon = ServiceDaemon::new().map_err(|e| mdns_error("cannot start mDNS", e))?;
    let found = browse_with(&daemon, for_how_long);
    if let Ok(stopped) = daemon.shutdown() {
        let _ = stopped.recv_timeout(DAEMON_REPLY);
    }
    found
}

fn browse_with(daemon: &ServiceDaemon, for_how_long: Duration) -> Result<Vec<Found>> {
    daemon
        .disable_interface(IfKind::IPv6)
        .map_err(|e| mdns_error("cannot set up mDNS", e))?;
    let events = daemon
        .browse(SERVICE_TYPE)
        .map_err(|e| mdns_error("cannot browse mDNS", e))?;
    let started = Instant::now();
    let until = started + for_how_long;
    // By full instance name: a later resolution (more addresses) replaces an earlier one,
    // and a goodbye within the window removes it.
    let mut seen: BTreeMap<String, Found> = BTreeMap::new();
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        // Keep draining: mdns-sd closes a receiver that falls behind.
        match events.recv_timeout(left) {
            Ok(ServiceEvent::ServiceResolved(service)) => {
                if let Some(found) = from_resolved(&service) {
                    // How long finding takes, for the tests and a venue's set-up check.
                    tracing::debug!(
                        name = %found.name,
                        after_ms = started.elapsed().as_millis() as u64,
                        "resolved a hub"
                    );
                    seen.insert(service.fullname.clone(), found);
                }
            }
            Ok(ServiceEvent::ServiceRemoved(_, fullname)) => {
                seen.remove(&fullname);
            }
            Ok(_) => {}
            Err(e) if events.is_disconnected() => {
                return Err(Error::internal(format!("mDNS stopped while browsing: {e}")));
            }
            Err(_) => break,
        }
    }
    let _ = daemon.stop_browse(SERVICE_TYPE);
    Ok(dedup(seen.into_values()))
}

/// One entry per hub id, addresses merged; sorted by name, then id.
fn dedup(found: impl IntoIterator<Item = Found>) -> Vec<Found> {
    let mut by_id: BTreeMap<String, Found> = BTreeMap::new();
    for f in found {
        match by_id.get_mut(&f.hub_id) {
            Some(kept) => {
                for ip in f.addresses {
                    if !kept.addresses.contains(&ip) {
                        kept.addresses.push(ip);
                    }
                }
                kept.addresses.sort_by_key(|ip| (ip.is_ipv6(), *ip));
            }
            None => {
                by_id.insert(f.hub_id.clone(), f);
            }
        }
    }
    let mut all: Vec<Found> = by_id.into_values().collect();
    all.sort_by(|a, b| (&a.name, &a.hub_id).cmp(&(&b.name, &b.hub_id)));
    all
}

/// What a resolved service says, if it is an Entrada hub of this version.
fn from_resolved(service: &mdns_sd::ResolvedService) -> Option<Found> {
    let txt = &service.txt_properties;
    if txt.get_property_val_str("v") != Some(TXT_VERSION) {
        return None;
    }
    let hub_id = txt.get_property_val_str("id").filter(|id| !id.is_empty())?;
    let prefix = txt.get_property_val_str("fp").filter(|fp| {
        fp.len() == FINGERPRINT_PREFIX_LEN && fp.bytes().all(|b| b.is_ascii_hexdigit())
    })?;
    let mut addresses: Vec<IpAddr> = service.addresses.iter().map(|a| a.to_ip_addr()).collect();
    addresses.sort_by_key(|ip| (ip.is_ipv6(), *ip));
    addresses.dedup();
    Some(Found {
        name: instance_name(&service.fullname),
        hub_id: hub_id.to_owned(),
        addresses,
        port: service.port,
        fingerprint_prefix: prefix.to_ascii_lowercase(),
    })
}

/// The instance's name as the hub gave it: the full name without the service type,
/// DNS escapes (`\.`, `\\`) undone.
fn instance_name(fullname: &str) -> String {
    let escaped = fullname
        .strip_suffix(SERVICE_TYPE)
        .map(|s| s.strip_suffix('.').unwrap_or(s))
        .unwrap_or(fullname);
    let mut name = String::with_capacity(escaped.len());
    let mut chars = escaped.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => name.extend(chars.next()),
            c => name.push(c),
        }
    }
    name
}

/// The default name of a hub: "Entrada hub" and the first 4 hex digits of its id.
pub fn default_name(hub_id: &str) -> String {
    format!("Entrada hub {}", hub_id.get(..4).unwrap_or(hub_id))
}

/// Checks a hub name given on the command line: one DNS label (1 to 63 bytes), no
/// control characters.
pub fn check_name(name: &str) -> std::result::Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a hub name cannot be empty".into());
    }
    if name.len() > NAME_MAX_BYTES {
        return Err(format!("a hub name is at most {NAME_MAX_BYTES} bytes"));
    }
    if name.chars().any(char::is_control) {
        return Err("a hub name cannot hold control characters".into());
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_names_are_unescaped() {
        assert_eq!(instance_name("Hall A._entrada._tcp.local."), "Hall A");
        assert_eq!(instance_name(r"Hall 2\.1._entrada._tcp.local."), "Hall 2.1");
        assert_eq!(instance_name(r"a\\b._entrada._tcp.local."), r"a\b");
    }

    #[test]
    fn hubs_are_listed_once_per_id() {
        let hub = |name: &str, id: &str, ip: [u8; 4]| Found {
            name: name.into(),
            hub_id: id.into(),
            addresses: vec![IpAddr::from(ip)],
            port: 7879,
            fingerprint_prefix: "0".repeat(32),
        };
        let listed = dedup([
            hub("Hall B", "2", [10, 0, 0, 2]),
            hub("Hall A", "1", [10, 0, 0, 1]),
            hub("Hall A", "1", [10, 0, 1, 1]),
        ]);
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0].name, "Hall A");
        assert_eq!(listed[0].addresses.len(), 2);
        assert_eq!(listed[1].name, "Hall B");
    }

    #[test]
    fn names_are_checked_and_defaulted() {
        assert_eq!(default_name("3f2a9c0011223344"), "Entrada hub 3f2a");
        assert_eq!(check_name(" Hall A ").as_deref(), Ok("Hall A"));
        assert!(check_name("").is_err());
        assert!(check_name(&"x".repeat(64)).is_err());
        assert!(check_name("a\nb").is_err());
    }
}
