//! The command line: `serve`, `accounts`, `clients`, `users`, `sync`, `bench`.
//!
//! This is a contract that later issues and black-box suites rely on: flag names, the
//! environment variables `ENTRADA_DB` and `ENTRADA_BIND`, the first stdout line of `serve`
//! (`listening on http://HOST:PORT`), and the JSON that the management commands print.

use std::io::Write as _;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use serde_json::json;

use crate::app::{AppConfig, RollingBackups};
use crate::auth::secrets::{self, ClientCredentials};
use crate::config::{
    CacheSizes, DEFAULT_RATE_LIMIT, DEFAULT_TOKEN_TTL, ServerConfig, default_db_path,
};
use crate::db::{Db, accounts, clients, users};
use crate::domain::scope::ScopeSet;
use crate::domain::user::Role;
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
    /// Manage OAuth clients (machine-to-machine credentials, public apps).
    #[command(subcommand)]
    Clients(ClientsCommand),
    /// Manage people who sign in (door staff, organisers).
    #[command(subcommand)]
    Users(UsersCommand),
    /// Sync with a remote v2 server (SYNC.md).
    #[command(subcommand)]
    Sync(SyncCommand),
    /// Import attendees from a CSV file (README: "Data in and out").
    #[command(subcommand)]
    Import(ImportCommand),
    /// Export an event's attendees or check-ins as CSV.
    #[command(subcommand)]
    Export(ExportCommand),
    /// Copy the database to a file, consistently, even while the server runs.
    Backup {
        /// Where to write the copy (a single SQLite file).
        #[arg(long, value_name = "PATH")]
        to: PathBuf,
        #[command(flatten)]
        db: DbArg,
    },
    /// Replace the database with a backup. Refused while a server uses the database; the
    /// database it replaces is kept beside it.
    Restore {
        /// The backup to restore.
        #[arg(long, value_name = "PATH")]
        from: PathBuf,
        #[command(flatten)]
        db: DbArg,
    },
    /// Check the database (integrity, foreign keys, WAL size, schema) and print findings;
    /// exits non-zero when something needs attention.
    Doctor {
        #[command(flatten)]
        db: DbArg,
    },
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
        Ok(Db::open(&self.path())?)
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

#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// Attendees of one event from a CSV file: a heading row naming attendee members
    /// (first_name, email, ...) and the event's fields (by name or label); UTF-8 with or
    /// without BOM; comma, semicolon or tab separated. Nothing is written unless every row
    /// is valid (or --valid-only). Rows are matched to existing attendees by qr_code,
    /// else email, so importing a file again creates no duplicates.
    Attendees {
        /// The local event id.
        #[arg(long, value_name = "ID")]
        event: i64,
        /// The CSV file.
        file: PathBuf,
        /// Report what would be created or updated, row by row, and write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Import the valid rows even when others are invalid.
        #[arg(long)]
        valid_only: bool,
        /// A heading that names no member or field itself: HEADING=TARGET, where TARGET is
        /// a member, a field name or label, or empty to ignore the column. Repeatable.
        #[arg(long = "map", value_name = "HEADING=TARGET", value_parser = crate::transfer::import::ImportOptions::parse_map)]
        map: Vec<(String, String)>,
        /// Print the whole report as JSON instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum ExportCommand {
    /// Every attendee: members, registration type, check-in status and times, one column
    /// per field.
    Attendees {
        #[arg(long, value_name = "ID")]
        event: i64,
        /// Write to this file instead of standard output.
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
        #[command(flatten)]
        db: DbArg,
    },
    /// The check-in history: every check-in, check-out and undo with device and person.
    CheckIns {
        #[arg(long, value_name = "ID")]
        event: i64,
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
        #[command(flatten)]
        db: DbArg,
    },
}

#[derive(Debug, Subcommand)]
pub enum SyncCommand {
    /// Configure the remote: its base URL (ending in /api/v2), auth URL, client id, the
    /// client secret (read from stdin, a trailing newline dropped) and the remote events
    /// to mirror. Prints the stored configuration (never the secret).
    Configure {
        #[arg(long, value_name = "URL")]
        base_url: String,
        #[arg(long, value_name = "URL")]
        auth_url: String,
        #[arg(long, value_name = "ID")]
        client_id: String,
        /// Read the client secret from standard input.
        #[arg(long, required = true)]
        client_secret_stdin: bool,
        /// Remote event ids, comma-separated.
        #[arg(long, value_name = "ID,ID", value_parser = crate::sync::settings::EventIds::parse)]
        events: crate::sync::settings::EventIds,
        /// Local account to mirror into [default: the first account]
        #[arg(long)]
        account: Option<i64>,
        #[command(flatten)]
        db: DbArg,
    },
    /// Run one full round (push, then pull) with a progress bar and a summary. Exits 0
    /// when the remote was reached and every entry that could be sent was confirmed
    /// (parked entries are listed but do not fail it), non-zero otherwise.
    Run {
        #[command(flatten)]
        db: DbArg,
    },
    /// Print the sync's state as JSON (what `GET /kiosk/sync` answers).
    Status {
        #[command(flatten)]
        db: DbArg,
    },
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
    /// With --public, prints {"client_id"}: a public client has no secret.
    Create {
        #[arg(long)]
        name: String,
        /// Space-separated scopes the client may ask for: read, write, check_in.
        #[arg(long, default_value = "read")]
        scopes: String,
        /// A public client (a browser or native app): no secret; authorization code
        /// with PKCE only.
        #[arg(long)]
        public: bool,
        /// Where a public client may be sent back after sign-in. Repeatable; loopback
        /// addresses match on any port.
        #[arg(long = "redirect-uri", value_name = "URI")]
        redirect_uri: Vec<String>,
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
        Command::Users(cmd) => users_command(cmd),
        Command::Sync(cmd) => sync_command(cmd),
        Command::Import(cmd) => import_command(cmd),
        Command::Export(cmd) => export_command(cmd),
        Command::Backup { to, db } => {
            let info = crate::backup::backup_to(&db.path(), &to)?;
            print_line(&serde_json::to_value(info).map_err(Error::internal)?)
        }
        Command::Restore { from, db } => {
            let kept = crate::backup::restore(&from, &db.path())?;
            print_line(&serde_json::json!({
                "restored": db.path(), "from": from, "previous_kept_at": kept
            }))
        }
        Command::Doctor { db } => doctor(&db.path()),
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
    let config = AppConfig {
        server: ServerConfig {
            db_path: args.db.path(),
            bind: args.bind,
            token_ttl: args.token_ttl,
            demo: args.demo,
            rate_limit: args.rate_limit,
            allowed_hosts: args.allow_host,
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
            scopes: _,
            public: true,
            redirect_uri,
            account,
            db,
        } => {
            let name =
                crate::domain::text::required_text("--name", &name, 200).map_err(Error::invalid)?;
            if redirect_uri.is_empty() {
                return Err(Error::invalid("--public needs at least one --redirect-uri"));
            }
            for uri in &redirect_uri {
                let parsed = url::Url::parse(uri)
                    .map_err(|e| Error::invalid(format!("--redirect-uri `{uri}`: {e}")))?;
                if parsed.fragment().is_some() {
                    return Err(Error::invalid(format!(
                        "--redirect-uri `{uri}` must not have a fragment"
                    )));
                }
            }
            let client_id = secrets::new_client_id();
            let id = client_id.clone();
            db.open()?.write_blocking(move |conn| {
                let account = resolve_account(conn, account)?;
                clients::create_public(conn, account, &name, &id, &redirect_uri)
            })?;
            print_line(&json!({ "client_id": client_id }))
        }
        ClientsCommand::Create {
            name,
            scopes,
            public: false,
            redirect_uri: _,
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
            let credentials = ClientCredentials::generate()?;
            let credentials = db.open()?.write_blocking(move |conn| {
                let account = match account {
                    Some(id) => accounts::get(conn, id)?
                        .ok_or_else(|| Error::not_found(format_args!("account {id}")))?,
                    None => accounts::first(conn)?.ok_or_else(|| Error::not_found("account"))?,
                };
                clients::create(conn, account.id, &name, &credentials, scopes)?;
                Ok(credentials)
            })?;
            print_line(&json!({
                "client_id": credentials.client_id,
                "client_secret": credentials.client_secret,
            }))
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

#[derive(Debug, Subcommand)]
pub enum UsersCommand {
    /// Create a user (or add a membership to an existing one); the password is read from
    /// stdin, a trailing newline dropped. Prints {"id", "email"}.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        #[arg(long)]
        account: i64,
        /// organiser (read write check_in) or door (read check_in)
        #[arg(long)]
        role: String,
        /// Read the password from standard input (required: passwords never go on the
        /// command line, where other users and shell history can see them).
        #[arg(long, required = true)]
        password_stdin: bool,
        #[command(flatten)]
        db: DbArg,
    },
    /// List users with their accounts and roles, one JSON object per line.
    List {
        #[command(flatten)]
        db: DbArg,
    },
    /// Disable a user (by email or id) and revoke every token they hold.
    Disable {
        user: String,
        #[command(flatten)]
        db: DbArg,
    },
}

/// Shortest password accepted.
const MIN_PASSWORD: usize = 8;

fn read_password_stdin() -> Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .map_err(|e| Error::internal(format!("cannot read the password from stdin: {e}")))?;
    let password = line.strip_suffix('\n').unwrap_or(&line);
    let password = password.strip_suffix('\r').unwrap_or(password).to_owned();
    if password.chars().count() < MIN_PASSWORD {
        return Err(Error::invalid(format!(
            "the password must have at least {MIN_PASSWORD} characters"
        )));
    }
    Ok(password)
}

fn resolve_account(conn: &rusqlite::Connection, account: Option<i64>) -> Result<i64> {
    Ok(match account {
        Some(id) => {
            accounts::get(conn, id)?
                .ok_or_else(|| Error::not_found(format_args!("account {id}")))?
                .id
        }
        None => {
            accounts::first(conn)?
                .ok_or_else(|| Error::not_found("account"))?
                .id
        }
    })
}

fn users_command(cmd: UsersCommand) -> Result<()> {
    match cmd {
        UsersCommand::Create {
            email,
            name,
            account,
            role,
            password_stdin: _,
            db,
        } => {
            let email = crate::domain::text::email("--email", &email)
                .map_err(Error::invalid)?
                .to_lowercase();
            let name =
                crate::domain::text::required_text("--name", &name, 200).map_err(Error::invalid)?;
            let role = Role::parse(&role)
                .ok_or_else(|| Error::invalid("--role must be door or organiser"))?;
            let password = read_password_stdin()?;
            let hash = secrets::hash_secret(&password)?;
            let shown = email.clone();
            let id = db.open()?.write_blocking(move |conn| {
                let account = resolve_account(conn, Some(account))?;
                users::create(conn, &email, &name, &hash, account, role)
            })?;
            print_line(&json!({"id": id, "email": shown}))
        }
        UsersCommand::List { db } => {
            for (user, disabled) in db.open()?.read_blocking(users::list)? {
                let mut value = serde_json::to_value(&user).map_err(Error::internal)?;
                value["disabled"] = json!(disabled);
                print_line(&value)?;
            }
            Ok(())
        }
        UsersCommand::Disable { user, db } => {
            let id = db
                .open()?
                .write_blocking(move |conn| users::disable(conn, &user))?;
            print_line(&json!({"id": id, "disabled": true}))
        }
    }
}

fn read_secret_stdin() -> Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .map_err(|e| Error::internal(format!("cannot read the client secret from stdin: {e}")))?;
    let secret = line.strip_suffix('\n').unwrap_or(&line);
    let secret = secret.strip_suffix('\r').unwrap_or(secret).to_owned();
    if secret.is_empty() {
        return Err(Error::invalid("the client secret read from stdin is empty"));
    }
    Ok(secret)
}

fn sync_command(cmd: SyncCommand) -> Result<()> {
    match cmd {
        SyncCommand::Configure {
            base_url,
            auth_url,
            client_id,
            client_secret_stdin: _,
            events,
            account,
            db,
        } => {
            let secret = read_secret_stdin()?;
            let input = crate::sync::settings::SettingsInput {
                base_url: Some(base_url),
                auth_url: Some(auth_url),
                client_id: Some(client_id),
                client_secret: Some(secret),
                events: Some(events.0),
            };
            let settings = input.parse(false)?;
            let db = db.open()?;
            let stored = db.write_blocking(move |conn| {
                let account = resolve_account(conn, account)?;
                settings.save(conn, account)
            })?;
            let view = crate::sync::settings::SettingsView::of(Some(&stored));
            print_line(&serde_json::to_value(view).map_err(Error::internal)?)
        }
        SyncCommand::Run { db } => {
            let db = db.open()?;
            let summary = runtime()?.block_on(sync_run(&db))?;
            let parked = db.read_blocking(crate::db::sync::parked)?;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_value(&summary).map_err(Error::internal)?
            );
            for p in &parked {
                let _ = writeln!(
                    out,
                    "parked #{} {} (record {}): {} {}",
                    p.id,
                    p.kind,
                    p.record_id,
                    p.status.map(|s| s.to_string()).unwrap_or_default(),
                    p.message.as_deref().unwrap_or("")
                );
            }
            let _ = out.flush();
            // Entries waiting behind a parked one could not be sent: they do not fail it.
            match summary.error {
                Some(e) => Err(Error::internal(format!("the round did not complete: {e}"))),
                None => Ok(()),
            }
        }
        SyncCommand::Status { db } => {
            let db = db.open()?;
            let status = db.read_blocking(crate::sync::status)?;
            print_line(&serde_json::to_value(status).map_err(Error::internal)?)
        }
    }
}

/// One round with a progress bar per stage on stderr.
async fn sync_run(db: &Db) -> Result<crate::sync::Summary> {
    use indicatif::{ProgressBar, ProgressStyle};
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{prefix:>5} [{bar:30}] {pos}/{len} {elapsed}")
            .map_err(Error::internal)?
            .progress_chars("=> "),
    );
    let shown = bar.clone();
    let progress = move |stage: &str, done: u64, total: u64| {
        let bar = &shown;
        if bar.prefix() != stage {
            bar.set_prefix(stage.to_owned());
            bar.reset();
        }
        bar.set_length(total.max(done));
        bar.set_position(done);
    };
    let summary = crate::sync::round(db, &progress).await;
    bar.finish_and_clear();
    let summary = summary?;
    eprintln!(
        "sync: {} sent, {} parked, {} waiting, {} attendees pulled, {} pending{}",
        summary.confirmed,
        summary.parked,
        summary.waiting,
        summary.pulled,
        summary.pending,
        summary
            .error
            .as_deref()
            .map(|e| format!("; stopped: {e}"))
            .unwrap_or_default()
    );
    Ok(summary)
}

/// The account an event belongs to: the command line acts as the database's owner.
fn account_of(db: &Db, event: i64) -> Result<i64> {
    db.read_blocking(|conn| {
        use rusqlite::OptionalExtension;
        conn.query_row(
            "SELECT account_id FROM events WHERE id = ?1",
            [event],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| Error::not_found(format_args!("event {event}")))
    })
}

fn import_command(cmd: ImportCommand) -> Result<()> {
    use crate::transfer::import::{self, ImportOptions, Sheet};
    let ImportCommand::Attendees {
        event,
        file,
        dry_run,
        valid_only,
        map,
        json,
        db,
    } = cmd;
    let bytes = std::fs::read(&file)
        .map_err(|e| Error::invalid(format!("cannot read {}: {e}", file.display())))?;
    if bytes.len() > import::MAX_FILE_BYTES {
        return Err(Error::invalid(format!(
            "{} is larger than {} MiB",
            file.display(),
            import::MAX_FILE_BYTES >> 20
        )));
    }
    let sheet = Sheet::read(&bytes)?;
    let db = db.open()?;
    let account = account_of(&db, event)?;
    let options = ImportOptions {
        dry_run,
        valid_only,
        map,
    };
    let bar = indicatif::ProgressBar::new(sheet.rows.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("import [{bar:30}] {pos}/{len} rows {elapsed}")
            .map_err(Error::internal)?
            .progress_chars("=> "),
    );
    let shown = bar.clone();
    let report = db.write_blocking(move |conn| {
        import::run(conn, account, event, &sheet, &options, &move |done, _| {
            shown.set_position(done)
        })
    });
    bar.finish_and_clear();
    let report = report?;
    let mut out = std::io::stdout().lock();
    if json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string(&report).map_err(Error::internal)?
        );
    } else {
        for c in report.columns.iter().filter(|c| c.target.is_none()) {
            let _ = writeln!(
                out,
                "column `{}`: not imported (no member or field of that name; see --map)",
                c.heading
            );
        }
        for r in &report.results {
            if report.dry_run || !r.errors.is_empty() {
                let who = if r.name.is_empty() {
                    String::new()
                } else {
                    format!(" {}", r.name)
                };
                let id = r
                    .attendee_id
                    .map(|i| format!(" (attendee {i})"))
                    .unwrap_or_default();
                let why = if r.errors.is_empty() {
                    String::new()
                } else {
                    format!(": {}", r.errors.join("; "))
                };
                let _ = writeln!(out, "row {}: {}{who}{id}{why}", r.row, r.action);
            }
        }
    }
    let verb = if report.dry_run { "would be " } else { "" };
    let written = if report.written {
        "written"
    } else if report.dry_run {
        "nothing written (dry run)"
    } else if report.invalid > 0 {
        "nothing written: fix the invalid rows, or import only the valid ones with --valid-only"
    } else {
        "nothing to change"
    };
    eprintln!(
        "{} rows: {} {verb}created, {} {verb}updated, {} unchanged, {} invalid; {written}",
        report.rows, report.created, report.updated, report.unchanged, report.invalid
    );
    let _ = out.flush();
    if report.invalid > 0 && !(report.written || (valid_only && !report.dry_run)) {
        return Err(Error::Validation(vec![format!(
            "{} invalid row(s)",
            report.invalid
        )]));
    }
    Ok(())
}

fn export_command(cmd: ExportCommand) -> Result<()> {
    let (event, out, db, attendees) = match cmd {
        ExportCommand::Attendees { event, out, db } => (event, out, db, true),
        ExportCommand::CheckIns { event, out, db } => (event, out, db, false),
    };
    let db = db.open()?;
    let account = account_of(&db, event)?;
    let mut buffer = Vec::new();
    let rows = db.read_blocking(|conn| {
        if attendees {
            crate::transfer::export::attendees(conn, account, event, &mut buffer)
        } else {
            crate::transfer::export::check_ins(conn, account, event, &mut buffer)
        }
    })?;
    match out {
        Some(path) => {
            std::fs::write(&path, &buffer)
                .map_err(|e| Error::internal(format!("cannot write {}: {e}", path.display())))?;
            eprintln!("{rows} rows written to {}", path.display());
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(&buffer)
                .and_then(|()| stdout.flush())
                .map_err(|e| Error::internal(format!("cannot write to stdout: {e}")))?;
        }
    }
    Ok(())
}

fn doctor(path: &std::path::Path) -> Result<()> {
    let findings = crate::doctor::examine(path)?;
    let mut out = std::io::stdout().lock();
    for f in &findings {
        let _ = writeln!(
            out,
            "{} {:<13} {}",
            if f.ok { "ok  " } else { "FAIL" },
            f.check,
            f.detail
        );
    }
    let _ = out.flush();
    let failed: Vec<&str> = findings.iter().filter(|f| !f.ok).map(|f| f.check).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Error::internal(format!(
            "needs attention: {}",
            failed.join(", ")
        )))
    }
}
