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
pub mod identity;
pub mod tls;

pub use identity::Identity;
