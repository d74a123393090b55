//! What every handler can reach: the database, the configuration and the server's shared
//! bookkeeping (limiters, idempotency keys in flight, the hosts it answers to).
//!
//! It lives at the bottom of the HTTP layer so that handlers, extractors and middleware
//! (`api/*`) and the server that builds it (`server.rs`) all depend on it, and it on
//! none of them; `auth` (tokens, scopes, secrets) stays below HTTP altogether.

use std::sync::Arc;

use super::guard::Limits;
use super::idempotency::InFlight;
use crate::config::ServerConfig;
use crate::db::Db;

/// What every handler can reach: one pointer, so that each layer and extractor that takes
/// the state (several per request) copies a pointer, not a dozen handles.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The state's contents.
pub struct Shared {
    pub db: Db,
    pub config: Arc<ServerConfig>,
    /// Idempotency keys whose first request is running.
    pub in_flight: InFlight,
    pub limits: Arc<Limits>,
    pub allowed_hosts: Arc<Vec<String>>,
    /// As the venue hub: what its pairing card says (HUB.md).
    pub hub: Option<Arc<crate::hub::HubInfo>>,
}

impl AppState {
    pub fn new(shared: Shared) -> AppState {
        AppState(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}
