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

use crate::auth::secrets;
use crate::config::{DEFAULT_RATE_LIMIT, DEFAULT_TOKEN_TTL, ServerConfig, default_db_path};
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
    /// Seconds between background sync rounds (when a sync is configured); a round
    /// also starts soon after local changes.
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub sync_interval: u64,
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
        rate_limit: args.rate_limit,
        allowed_hosts: args.allow_host,
    };
    let sync_interval = std::time::Duration::from_secs(args.sync_interval);
    tracing::info!(db = %config.db_path.display(), "opening database");
    runtime()?.block_on(async move {
        let demo = config.demo;
        let demo_attendees = args.demo_attendees as usize;
        let server = server::start(config, server::termination_signal()).await?;
        crate::sync::spawn(server.db.clone(), sync_interval);
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "listening on http://{}", server.addr)
                .and_then(|()| out.flush())
                .map_err(|e| Error::internal(format!("cannot write to stdout: {e}")))?;
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
