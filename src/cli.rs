//! The command line: `serve`, `accounts`, `clients`, `bench`.
//!
//! This is a contract that later issues and black-box suites rely on: flag names, the
//! environment variables `ENTRADA_DB` and `ENTRADA_BIND`, the first stdout line of `serve`
//! (`listening on http://HOST:PORT`), and the JSON that the management commands print.

use std::io::Write as _;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use serde_json::json;

use crate::auth::secrets;
use crate::config::{DEFAULT_TOKEN_TTL, ServerConfig, default_db_path};
use crate::db::{Db, accounts, clients};
use crate::domain::scope::ScopeSet;
use crate::error::{Error, Result};
use crate::{bench, demo, server};

#[derive(Debug, Parser)]
#[command(
    name = "entrada",
    version,
    about = "Entrada: a check-in kiosk and a local Attendee Management and Check-in API v2"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the local API server.
    Serve(ServeArgs),
    /// Manage accounts.
    #[command(subcommand)]
    Accounts(AccountsCommand),
    /// Manage OAuth clients (machine-to-machine credentials).
    #[command(subcommand)]
    Clients(ClientsCommand),
    /// Measure the server over real HTTP (see BENCHMARKS.md).
    Bench(bench::BenchArgs),
    /// A trivial axum server: the ceiling `entrada bench` compares against.
    #[command(hide = true)]
    TrivialServer,
}

/// Where the database is: `--db`, else `ENTRADA_DB`, else the platform data directory.
#[derive(Debug, Clone, Args)]
pub struct DbArg {
    /// SQLite database file [env: ENTRADA_DB] [default: platform data directory]
    #[arg(long, env = "ENTRADA_DB", value_name = "PATH", hide_env = true)]
    pub db: Option<PathBuf>,
}

impl DbArg {
    pub fn path(&self) -> PathBuf {
        self.db.clone().unwrap_or_else(default_db_path)
    }

    fn open(&self) -> Result<Db> {
        Db::open(&self.path())
    }
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DbArg,
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, env = "ENTRADA_BIND", value_name = "ADDR:PORT", default_value = "127.0.0.1:7878", value_parser = parse_bind)]
    pub bind: SocketAddr,
    /// Fill an empty database with a demo event and print a client to try the API with.
    #[arg(long)]
    pub demo: bool,
    /// Lifetime of access tokens, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_TOKEN_TTL, value_parser = clap::value_parser!(u64).range(1..))]
    pub token_ttl: u64,
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

#[derive(Debug, Subcommand)]
pub enum AccountsCommand {
    /// Create an account; prints {"id", "name"}.
    Create {
        #[arg(long)]
        name: String,
        #[command(flatten)]
        db: DbArg,
    },
    /// List accounts, one JSON object per line.
    List {
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum ClientsCommand {
    /// Create a client; prints {"client_id", "client_secret"}. The secret is shown once.
    Create {
        #[arg(long)]
        name: String,
        /// Space-separated scopes the client may ask for: read, write.
        #[arg(long, default_value = "read")]
        scopes: String,
        /// Account the client belongs to [default: the first account]
        #[arg(long)]
        account: Option<i64>,
        #[command(flatten)]
        db: DbArg,
    },
    /// List clients, one JSON object per line (never secrets).
    List {
        #[command(flatten)]
        db: DbArg,
    },
    /// Revoke a client and every token it holds, at once.
    Revoke {
        client_id: String,
        #[command(flatten)]
        db: DbArg,
    },
}

/// Runs the command; the exit status is decided by the caller from the result.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Serve(args) => serve(args),
        Command::Accounts(cmd) => accounts_command(cmd),
        Command::Clients(cmd) => clients_command(cmd),
        Command::Bench(args) => bench::run(args),
        Command::TrivialServer => runtime()?.block_on(bench::trivial_server()),
    }
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::internal(format!("cannot start the async runtime: {e}")))
}

fn print_line(value: &serde_json::Value) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{value}")
        .and_then(|()| out.flush())
        .map_err(|e| Error::internal(format!("cannot write to stdout: {e}")))
}

fn serve(args: ServeArgs) -> Result<()> {
    let config = ServerConfig {
        db_path: args.db.path(),
        bind: args.bind,
        token_ttl: args.token_ttl,
        demo: args.demo,
    };
    tracing::info!(db = %config.db_path.display(), "opening database");
    runtime()?.block_on(async move {
        let demo = config.demo;
        let server = server::start(config, server::termination_signal()).await?;
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "listening on http://{}", server.addr)
                .and_then(|()| out.flush())
                .map_err(|e| Error::internal(format!("cannot write to stdout: {e}")))?;
        }
        if demo {
            let login = server.db.write(|conn| demo::seed(conn, 300)).await?;
            let base = format!("http://{}", server.addr);
            let mut out = std::io::stdout().lock();
            let _ = writeln!(
                out,
                "demo client_id: {}\ndemo client_secret: {}\ntry: curl -s -u '{}:{}' -d grant_type=client_credentials -d 'scope=read write' {base}/oauth/token\ndocs: {base}/api/v2/docs/",
                login.client_id, login.client_secret, login.client_id, login.client_secret
            );
            let _ = out.flush();
        }
        server.wait().await
    })
}

fn accounts_command(cmd: AccountsCommand) -> Result<()> {
    match cmd {
        AccountsCommand::Create { name, db } => {
            let name =
                crate::domain::text::required_text("--name", &name, 200).map_err(Error::invalid)?;
            let account = db
                .open()?
                .write_blocking(move |conn| accounts::create(conn, &name))?;
            print_line(&json!({"id": account.id, "name": account.name}))
        }
        AccountsCommand::List { db } => {
            for account in db.open()?.read_blocking(accounts::list)? {
                print_line(
                    &json!({"id": account.id, "name": account.name, "created_at": account.created_at}),
                )?;
            }
            Ok(())
        }
    }
}

fn clients_command(cmd: ClientsCommand) -> Result<()> {
    match cmd {
        ClientsCommand::Create {
            name,
            scopes,
            account,
            db,
        } => {
            let name =
                crate::domain::text::required_text("--name", &name, 200).map_err(Error::invalid)?;
            let scopes =
                ScopeSet::parse(&scopes).map_err(|e| Error::invalid(format!("--scopes: {e}")))?;
            if scopes.is_empty() {
                return Err(Error::invalid("--scopes: name at least one of read, write"));
            }
            let client_id = secrets::new_client_id();
            let client_secret = secrets::new_client_secret();
            let hash = secrets::hash_secret(&client_secret)?;
            let id = client_id.clone();
            db.open()?.write_blocking(move |conn| {
                let account = match account {
                    Some(id) => accounts::get(conn, id)?
                        .ok_or_else(|| Error::not_found(format_args!("account {id}")))?,
                    None => accounts::first(conn)?.ok_or_else(|| Error::not_found("account"))?,
                };
                clients::create(conn, account.id, &name, &id, &hash, scopes)
            })?;
            print_line(&json!({"client_id": client_id, "client_secret": client_secret}))
        }
        ClientsCommand::List { db } => {
            for client in db.open()?.read_blocking(clients::list)? {
                print_line(&serde_json::to_value(&client).map_err(Error::internal)?)?;
            }
            Ok(())
        }
        ClientsCommand::Revoke { client_id, db } => {
            let id = client_id.clone();
            let found = db
                .open()?
                .write_blocking(move |conn| clients::revoke(conn, &id))?;
            if !found {
                return Err(Error::not_found(format_args!("client {client_id}")));
            }
            print_line(&json!({"client_id": client_id, "revoked": true}))
        }
    }
}
