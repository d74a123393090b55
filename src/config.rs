//! The server's configuration, in one typed struct filled by the command line.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use crate::db::CacheSizes;
use crate::db::{DbFile, DbKey};

/// Default token lifetime, seconds.
pub const DEFAULT_TOKEN_TTL: u64 = 7200;
/// Largest JSON body accepted, bytes.
pub const BODY_LIMIT: usize = 1024 * 1024;

#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The SQLite database file.
    pub db_path: PathBuf,
    /// Its key, when it is encrypted (or is to be made encrypted).
    pub db_key: Option<Arc<DbKey>>,
    /// Keep secrets given to the server (the remote's client secret) in the OS secret
    /// store rather than in the database.
    pub secret_store: bool,
    /// Where to listen; port 0 picks a free port.
    pub bind: SocketAddr,
    /// Lifetime of access tokens, seconds.
    pub token_ttl: u64,
    /// Fill an empty database with demo data and print a client to try it with.
    pub demo: bool,
    /// API requests per second per token (burst the same); 0 turns the limit off.
    pub rate_limit: u32,
    /// Host names besides loopback and the bound address that requests may name.
    pub allowed_hosts: Vec<String>,
    /// SQLite's page caches: large for a server, small for the desktop kiosk.
    pub db_cache: CacheSizes,
    /// As the venue hub (HUB.md): the API over HTTPS at this address as well (the plain
    /// listener then stays on loopback).
    pub hub: Option<SocketAddr>,
    /// The hub's name in its mDNS advertisement (default: "Entrada hub" and the first
    /// digits of its id). Only with `hub`.
    pub hub_name: Option<String>,
    /// As a kiosk joined to a hub: how long a scan waits for the hub's answer before it is
    /// decided here (HUB.md, "Scans that see every door").
    pub hub_scan_limit: std::time::Duration,
}

impl ServerConfig {
    /// The database file with its key.
    pub fn db_file(&self) -> DbFile {
        DbFile {
            path: self.db_path.clone(),
            key: self.db_key.clone(),
        }
    }
}

/// Default API requests per second per token.
pub const DEFAULT_RATE_LIMIT: u32 = 500;

/// The database used when neither `--db` nor `ENTRADA_DB` names one: `entrada.db` in the
/// platform's data directory (e.g. `~/.local/share/entrada/` on Linux).
pub fn default_db_path() -> PathBuf {
    directories::ProjectDirs::from("org", "Entrada", "entrada")
        .map(|dirs| dirs.data_dir().join("entrada.db"))
        .unwrap_or_else(|| PathBuf::from("entrada.db"))
}
