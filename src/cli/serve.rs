//! `entrada serve`: the options, and what it prints (the first line is a contract:
//! `listening on http://HOST:PORT`).

use std::io::Write as _;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;

use clap::Args;

use super::{DbArg, runtime};
use crate::app::{AppConfig, RollingBackups};
use crate::config::{CacheSizes, DEFAULT_RATE_LIMIT, DEFAULT_TOKEN_TTL, ServerConfig};
use crate::db::users;
use crate::error::{Error, Result};
use crate::{demo, server};

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DbArg,
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, env = "ENTRADA_BIND", value_name = "ADDR:PORT", default_value = "127.0.0.1:7878", value_parser = parse_bind)]
    pub bind: SocketAddr,
    /// Be the venue hub (HUB.md): serve the API over HTTPS on the LAN as well, with a
    /// self-signed certificate made at the first start and kept in the database; plain
    /// HTTP stays on loopback. Prints
    /// `hub listening on https://ADDR (certificate fingerprint ...)` after the first line.
    #[arg(long)]
    pub hub: bool,
    /// The hub's HTTPS address; port 0 picks a free port.
    #[arg(long, value_name = "ADDR:PORT", default_value = "0.0.0.0:7879", value_parser = parse_bind, requires = "hub")]
    pub hub_bind: SocketAddr,
    /// The hub's name as kiosks list it when they look for hubs on the LAN (mDNS)
    /// [default: "Entrada hub" and the first 4 hex digits of the hub's id]
    #[arg(long, value_name = "NAME", requires = "hub", value_parser = crate::hub::discovery::check_name)]
    pub hub_name: Option<String>,
    /// As a kiosk joined to a venue hub (`entrada hub join`): how long a scan waits for
    /// the hub's answer, in milliseconds, before it is decided here ("decided here").
    #[arg(long, value_name = "MS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub hub_scan_limit_ms: u64,
    /// Fill an empty database with a demo event and print a client to try the API with.
    #[arg(long)]
    pub demo: bool,
    /// How many attendees the demo event gets (to try a large event).
    #[arg(long, value_name = "N", default_value_t = 300, requires = "demo", value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub demo_attendees: u32,
    /// API requests per second per token (bursts of the same size); 0 turns the limit off.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_RATE_LIMIT)]
    pub rate_limit: u32,
    /// Another host name (or address) that requests may name in `Host`, besides
    /// localhost, 127.0.0.1, [::1] and the bound address. Repeatable.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// Lifetime of access tokens, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TOKEN_TTL, value_parser = clap::value_parser!(u64).range(1..))]
    pub token_ttl: u64,
    /// Keep rolling backups of the database in this directory (e.g. a USB stick).
    #[arg(long, value_name = "DIR")]
    pub backup_dir: Option<PathBuf>,
    /// How often to write a rolling backup (`90s`, `10m`, `1h`).
    #[arg(long, value_name = "DURATION", default_value = "10m", value_parser = crate::backup::parse_every, requires = "backup_dir")]
    pub backup_every: std::time::Duration,
    /// How many rolling backups to keep (the oldest go first).
    #[arg(long, value_name = "N", default_value_t = 24, value_parser = clap::value_parser!(u32).range(1..), requires = "backup_dir")]
    pub backup_keep: u32,
    /// Seconds between background sync rounds (when a sync is configured); a round
    /// also starts soon after local changes. 0: no background rounds, only those asked
    /// for (`entrada sync run`, `POST /kiosk/sync/run`).
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub sync_interval: u64,
}

fn parse_bind(value: &str) -> std::result::Result<SocketAddr, String> {
    if let Ok(addr) = value.parse::<SocketAddr>() {
        return Ok(addr);
    }
    value
        .to_socket_addrs()
        .map_err(|e| format!("`{value}` is not ADDR:PORT ({e})"))?
        .next()
        .ok_or_else(|| format!("`{value}` does not resolve to an address"))
}

pub(super) fn serve(args: ServeArgs) -> Result<()> {
    let db_path = args.db.path();
    let key = args.db.load(crate::keystore::Make::ForNewDatabase)?;
    crate::keystore::say_where(&db_path, &key);
    let config = AppConfig {
        server: ServerConfig {
            secret_store: args.db.secrets_in_store(&key),
            db_key: key.key.map(std::sync::Arc::new),
            db_path,
            bind: args.bind,
            token_ttl: args.token_ttl,
            demo: args.demo,
            rate_limit: args.rate_limit,
            allowed_hosts: args.allow_host,
            hub: args.hub.then_some(args.hub_bind),
            hub_name: args.hub_name,
            hub_scan_limit: std::time::Duration::from_millis(args.hub_scan_limit_ms),
            db_cache: CacheSizes::SERVER,
        },
        sync_every: std::time::Duration::from_secs(args.sync_interval),
        backups: args.backup_dir.map(|dir| RollingBackups {
            dir,
            every: args.backup_every,
            keep: args.backup_keep as usize,
        }),
    };
    tracing::info!(db = %config.server.db_path.display(), "opening database");
    runtime()?.block_on(async move {
        let demo = config.server.demo;
        let demo_attendees = args.demo_attendees as usize;
        let server = crate::app::run(config, server::termination_signal()).await?;
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "listening on http://{}", server.addr)
                .and_then(|()| out.flush())
                .map_err(|e| Error::internal(format!("cannot write to stdout: {e}")))?;
            if let Some(hub) = &server.hub {
                let _ = writeln!(
                    out,
                    "hub listening on https://{} (certificate fingerprint {})",
                    hub.addr,
                    crate::hub::identity::grouped(&hub.fingerprint)
                );
                let _ = out.flush();
            }
        }
        if !demo && !server.db.read(users::any).await? {
            // A new database has nobody to sign in as: say where the set-up is. Always a
            // loopback address, as the set-up is accepted only from this computer.
            let local = if server.addr.ip().is_unspecified() || !server.addr.ip().is_loopback() {
                SocketAddr::from(([127, 0, 0, 1], server.addr.port()))
            } else {
                server.addr
            };
            let mut out = std::io::stdout().lock();
            let _ = writeln!(
                out,
                "set up: open http://{local}/ in a browser to create the first organiser"
            );
            let _ = out.flush();
        }
        if demo {
            let login = server.db.write(move |conn| demo::seed(conn, demo_attendees)).await?;
            let base = format!("http://{}", server.addr);
            let mut out = std::io::stdout().lock();
            let _ = writeln!(
                out,
                "demo client_id: {}\ndemo client_secret: {}\ntry: curl -s -u '{}:{}' -d grant_type=client_credentials -d 'scope=read write' {base}/oauth/token\ndocs: {base}/api/v2/docs/",
                login.client_id, login.client_secret, login.client_id, login.client_secret
            );
            for person in &login.people {
                let password = person.password.as_deref().unwrap_or("(unchanged: created by an earlier --demo)");
                let _ = writeln!(out, "demo {} sign-in: {} / {}", person.role, person.email, password);
            }
            let _ = out.flush();
        }
        server.wait().await
    })
}
