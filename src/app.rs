//! The one wiring of a running Entrada: the server, the sync with a remote, rolling
//! backups and the retention pass (`retention`). `entrada serve` and the desktop app
//! both start here, so what runs beside the server (and in which order) cannot drift
//! apart between the two.

use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;

use crate::config::ServerConfig;
use crate::server::{self, RunningServer, StartError};

/// Everything a running Entrada needs, in one typed value.
#[derive(Debug, Clone)]
pub struct AppConfig {
    pub server: ServerConfig,
    /// Seconds between sync rounds with the configured remote; zero turns the background
    /// sync off (rounds still run on request).
    pub sync_every: Duration,
    /// Rolling backups while the server runs, when asked for.
    pub backups: Option<RollingBackups>,
}

/// A copy of the database into `dir` every `every`, keeping the newest `keep`.
#[derive(Debug, Clone)]
pub struct RollingBackups {
    pub dir: PathBuf,
    pub every: Duration,
    pub keep: usize,
}

/// Starts the server, then the retention pass, the sync and the backups of its database.
/// When this returns, the server accepts connections at the returned `addr`; `shutdown`
/// stops it.
pub async fn run(
    config: AppConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<RunningServer, StartError> {
    let secret_store = config.server.secret_store;
    let mut server = server::start(config.server, shutdown).await?;
    if secret_store {
        // A remote's secret stored in the table before the store was used goes there now.
        let db = server.db.clone();
        tokio::spawn(async move { crate::sync::move_secret_to_store(&db).await });
    }
    // Each task ends with the server (`RunningServer::own`).
    // The first pass runs at once, beside the server (retention.rs).
    let retention = crate::retention::spawn(server.db.clone());
    server.own(&retention);
    if !config.sync_every.is_zero() {
        let sync = crate::sync::spawn(server.db.clone(), config.sync_every);
        server.own(&sync);
    }
    // A kiosk joined to a venue hub follows the hub's check-ins as they happen.
    let follow = crate::hub::follow::spawn(server.db.clone());
    server.own(&follow);
    if let Some(backups) = config.backups {
        let backups = crate::backup::spawn_rolling(
            server.db.file().clone(),
            backups.dir,
            backups.every,
            backups.keep,
        );
        server.own(&backups);
    }
    Ok(server)
}
