//! The command line: `serve`, `accounts`, `clients`, `users`, `sync`, `import`, `export`,
//! `backup`, `restore`, `purge`, `doctor`, `hub`, `bench`. One module per command group; this
//! one holds the parser, the dispatch and what the groups share.
//!
//! This is a contract that later issues and black-box suites rely on: flag names, the
//! environment variables `ENTRADA_DB` and `ENTRADA_BIND`, the first stdout line of `serve`
//! (`listening on http://HOST:PORT`), and the JSON that the management commands print.

mod data;
mod hub;
mod people;
mod serve;
mod sync;

pub use data::{ExportCommand, ImportCommand};
pub use hub::HubCommand;
pub use people::{AccountsCommand, ClientsCommand, UsersCommand};
pub use serve::ServeArgs;
pub use sync::SyncCommand;

use std::io::Write as _;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[cfg(feature = "bench")]
use crate::bench;
use crate::config::default_db_path;
use crate::db::{Db, DbFile, DbKey, accounts};
use crate::error::{Error, Result};
use crate::keystore;

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
        /// Encrypt the copy with a passphrase (asked for, or one line of standard input)
        /// instead of the database's own key, to restore it on another computer.
        #[arg(long)]
        passphrase: bool,
        #[command(flatten)]
        db: DbArg,
    },
    /// Replace the database with a backup. Refused while a server uses the database; the
    /// database it replaces is kept beside it. A backup made with a passphrase asks for it
    /// (or reads it from standard input).
    Restore {
        /// The backup to restore.
        #[arg(long, value_name = "PATH")]
        from: PathBuf,
        #[command(flatten)]
        db: DbArg,
    },
    /// Erase the personal data of every attendee of an event now (what its retention
    /// does when `retention_days` have passed): attendees, answers and codes go, the
    /// check-in history stays, anonymised. Asks no confirmation (like `restore`); it
    /// cannot be undone. Prints {"event": ID, "erased": N}.
    Purge {
        /// The local event id.
        #[arg(long, value_name = "ID")]
        event: i64,
        #[command(flatten)]
        db: DbArg,
    },
    /// Encrypt a plain database in place (SQLCipher) with a new key kept where a new
    /// database's would be (the secret store, or the default key file), or the key of
    /// --key-file (made there when missing) or ENTRADA_DB_KEY. Refused while a server uses it; the plain
    /// file is wiped only after the encrypted copy is checked.
    Encrypt {
        #[command(flatten)]
        db: DbArg,
    },
    /// Check the database (integrity, foreign keys, WAL size, schema) and print findings;
    /// exits non-zero when something needs attention.
    Doctor {
        #[command(flatten)]
        db: DbArg,
    },
    /// The venue hub seen from a kiosk: find the hubs on the LAN, join one (HUB.md).
    #[command(subcommand)]
    Hub(HubCommand),
    /// Measure the server over real HTTP (see BENCHMARKS.md).
    #[cfg(feature = "bench")]
    Bench(bench::BenchArgs),
    /// A trivial axum server: the ceiling `entrada bench` compares against.
    #[cfg(feature = "bench")]
    #[command(hide = true)]
    TrivialServer,
}

/// Where the database is: `--db`, else `ENTRADA_DB`, else the platform data directory.
#[derive(Debug, Clone, Args)]
pub struct DbArg {
    /// SQLite database file [env: ENTRADA_DB] [default: platform data directory]
    #[arg(long, env = "ENTRADA_DB", value_name = "PATH", hide_env = true)]
    pub db: Option<PathBuf>,
    /// File holding the database's encryption key (64 hex digits, owner-only), made with
    /// a new key for a new database. By default the key is kept in the OS secret store,
    /// or where there is none in a key file of the configuration directory.
    /// ENTRADA_DB_KEY may hold the key itself instead [env: ENTRADA_DB_KEY_FILE]
    #[arg(
        long,
        env = "ENTRADA_DB_KEY_FILE",
        value_name = "PATH",
        hide_env = true
    )]
    pub key_file: Option<PathBuf>,
    /// Keep the database's key in the OS secret store (Secret Service: GNOME Keyring,
    /// KeePassXC) and nowhere else: an unreachable store is an error rather than a
    /// reason to use a key file. ENTRADA_SECRET_STORE=0 keeps the default away from the
    /// store [env: ENTRADA_SECRET_STORE=1]
    #[arg(
        long,
        env = "ENTRADA_SECRET_STORE",
        hide_env = true,
        value_parser = clap::builder::FalseyValueParser::new()
    )]
    pub secret_store: bool,
    /// Do not encrypt a new database (an encrypted one still needs its key)
    /// [env: ENTRADA_NO_ENCRYPTION=1]
    #[arg(
        long,
        env = "ENTRADA_NO_ENCRYPTION",
        hide_env = true,
        value_parser = clap::builder::FalseyValueParser::new()
    )]
    pub no_encryption: bool,
}

impl DbArg {
    pub fn path(&self) -> PathBuf {
        self.db.clone().unwrap_or_else(default_db_path)
    }

    /// The database's key, if it has one, and where it is kept; a missing key is made
    /// when `make` says.
    pub fn load(&self, make: keystore::Make) -> Result<keystore::Loaded> {
        // Checked here rather than by clap's `conflicts_with`, which counts a flag set to
        // false by its environment variable (ENTRADA_SECRET_STORE=0) as given.
        let keep = match (&self.key_file, self.secret_store, self.no_encryption) {
            (Some(_), true, _) => {
                return Err(Error::invalid(
                    "--key-file and --secret-store name two places for one key: choose one",
                ));
            }
            (Some(_), _, true) | (None, true, true) => {
                return Err(Error::invalid(
                    "--no-encryption keeps no key: leave out --key-file and --secret-store",
                ));
            }
            (Some(file), false, false) => keystore::Keep::File(file),
            (None, true, false) => keystore::Keep::SecretStore,
            (None, false, true) => keystore::Keep::Nowhere,
            (None, false, false) => keystore::Keep::Default,
        };
        keystore::find(&self.path(), keep, make)
    }

    /// Whether secrets given to the server (the remote's client secret) go to the secret
    /// store: asked for (`--secret-store`), or where the database's key is kept.
    pub fn secrets_in_store(&self, loaded: &keystore::Loaded) -> bool {
        self.secret_store || loaded.in_secret_store()
    }

    /// The database's key, if it has one; a missing key is made when `make` says.
    pub fn key_with(&self, make: keystore::Make) -> Result<Option<DbKey>> {
        self.load(make).map(|loaded| loaded.key)
    }

    /// The database file with its key (a new database gets one, as `serve` would make it).
    pub fn file(&self) -> Result<DbFile> {
        self.file_with(keystore::Make::ForNewDatabase)
    }

    /// The database file with its key, a missing key made when `make` says.
    pub fn file_with(&self, make: keystore::Make) -> Result<DbFile> {
        Ok(DbFile::with_key(self.path(), self.key_with(make)?))
    }

    pub(super) fn open(&self) -> Result<Db> {
        Ok(Db::open_with(&self.file()?, crate::db::CacheSizes::SERVER)?)
    }
}

/// Runs the command; the exit status is decided by the caller from the result.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Serve(args) => serve::serve(args),
        Command::Accounts(cmd) => people::accounts_command(cmd),
        Command::Clients(cmd) => people::clients_command(cmd),
        Command::Users(cmd) => people::users_command(cmd),
        Command::Sync(cmd) => sync::sync_command(cmd),
        Command::Import(cmd) => data::import_command(cmd),
        Command::Export(cmd) => data::export_command(cmd),
        Command::Hub(cmd) => hub::hub_command(cmd),
        Command::Backup { to, passphrase, db } => {
            let file = db.file()?;
            let info = if passphrase {
                let phrase = read_passphrase("Backup passphrase", true)?;
                crate::backup::backup_with_passphrase(&file, &to, &phrase)?
            } else {
                crate::backup::backup_to(&file, &to)?
            };
            print_line(&serde_json::to_value(info).map_err(Error::internal)?)
        }
        Command::Restore { from, db } => {
            // On another computer the database is new: a key file named for it is made.
            let file = DbFile::with_key(db.path(), db.key_with(keystore::Make::ForNewDatabase)?);
            let kept = crate::backup::restore(&from, &file, || {
                read_passphrase(&format!("Passphrase of {}", from.display()), false)
            })?;
            print_line(&serde_json::json!({
                "restored": db.path(), "from": from, "previous_kept_at": kept
            }))
        }
        Command::Purge { event, db } => {
            let db = db.open()?;
            let erased = db.write_blocking(move |conn| {
                crate::db::events::account_of(conn, event)?
                    .ok_or_else(|| Error::not_found(format_args!("event {event}")))?;
                crate::db::privacy::erase_event(conn, event)
            })?;
            // The WAL folded into the file and emptied: the people are in no byte of the
            // files from now on (a running server's connections hold no old snapshot).
            if let Err(e) = db.checkpoint() {
                tracing::warn!(error = %e, "purged, but the WAL cannot be folded into the file yet");
            }
            print_line(&serde_json::json!({ "event": event, "erased": erased }))
        }
        Command::Doctor { db } => doctor(&db.file_with(keystore::Make::Never)?),
        Command::Encrypt { db } => {
            let key = db.key_with(keystore::Make::Always)?.ok_or_else(|| {
                Error::invalid(
                    "--no-encryption gives no key to encrypt with: leave it out (the key is \
                     made in the secret store or the default key file), or give --key-file \
                     PATH, --secret-store or ENTRADA_DB_KEY",
                )
            })?;
            let done = crate::backup::encrypt(&db.path(), &key)?;
            print_line(&serde_json::to_value(done).map_err(Error::internal)?)
        }
        #[cfg(feature = "bench")]
        Command::Bench(args) => bench::run(args),
        #[cfg(feature = "bench")]
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

fn doctor(file: &DbFile) -> Result<()> {
    let findings = crate::doctor::examine(file)?;
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

/// One line of standard input, without its line ending (`what` names it in the error).
/// A passphrase: typed at the terminal without echo (twice for a new one), or one line
/// of standard input when that is not a terminal.
fn read_passphrase(prompt: &str, new: bool) -> Result<DbKey> {
    use std::io::IsTerminal as _;
    let text = if std::io::stdin().is_terminal() {
        let ask = |p: &str| {
            rpassword::prompt_password(format!("{p}: "))
                .map(zeroize::Zeroizing::new)
                .map_err(|e| Error::internal(format!("cannot read the passphrase: {e}")))
        };
        let text = ask(prompt)?;
        if new && *ask("Again, to be sure")? != *text {
            return Err(Error::invalid(
                "the two passphrases differ; nothing was written",
            ));
        }
        text
    } else {
        zeroize::Zeroizing::new(read_stdin_line("the passphrase")?)
    };
    DbKey::passphrase(&text).map_err(Error::invalid)
}

fn read_stdin_line(what: &str) -> Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .map_err(|e| Error::internal(format!("cannot read {what} from stdin: {e}")))?;
    let text = line.strip_suffix('\n').unwrap_or(&line);
    Ok(text.strip_suffix('\r').unwrap_or(text).to_owned())
}
