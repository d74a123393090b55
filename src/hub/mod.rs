//! The venue hub (issue 20, HUB.md): one Entrada that the other kiosks of a venue sync
//! with over the LAN. This module holds what makes a hub a hub, apart from the API it
//! serves (the same as every Entrada's): its identity (a key and a self-signed
//! certificate kept in the database) and the TLS on both ends of a connection: the
//! server's acceptor, and the kiosk's client that trusts the hub's certificate by its
//! fingerprint alone.
//!
//! Built so far: the identity, HTTPS (`serve --hub`) and discovery over mDNS
//! (`entrada hub find`). Pairing and scans through the hub follow HUB.md.

pub mod discovery;
pub mod door;
pub mod follow;
pub mod identity;
pub mod join;
pub mod pairing;
pub mod tls;

pub use identity::Identity;

use std::net::{IpAddr, SocketAddr};

/// What a running hub says about itself on its pairing card.
#[derive(Debug, Clone)]
pub struct HubInfo {
    pub name: String,
    pub hub_id: String,
    pub fingerprint_bytes: [u8; 32],
    /// `https://ADDR:PORT`, one per address the hub answers at, LAN addresses first.
    pub urls: Vec<String>,
}

impl HubInfo {
    pub fn new(name: String, identity: &Identity, https: SocketAddr) -> HubInfo {
        HubInfo {
            name,
            hub_id: identity.hub_id.clone(),
            fingerprint_bytes: identity.fingerprint_bytes(),
            urls: addresses(https)
                .into_iter()
                .map(|ip| format!("https://{}", SocketAddr::new(ip, https.port())))
                .collect(),
        }
    }

    /// 64 lower-case hex digits.
    pub fn fingerprint(&self) -> String {
        hex::encode(self.fingerprint_bytes)
    }
}

/// Where a listener bound to `addr` can be reached: that address, or for an unspecified
/// one, each interface's IPv4 address (what mDNS advertises), loopback last.
fn addresses(addr: SocketAddr) -> Vec<IpAddr> {
    if !addr.ip().is_unspecified() {
        return vec![addr.ip()];
    }
    let mut ips: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(IpAddr::is_ipv4)
        .collect();
    ips.sort_by_key(|ip| (ip.is_loopback(), *ip));
    ips.dedup();
    if ips.is_empty() {
        ips.push(IpAddr::from([127, 0, 0, 1]));
    }
    ips
}
