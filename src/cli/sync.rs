//! `entrada sync`: configure the remote, run a round, show the status (SYNC.md).

use std::io::Write as _;

use clap::Subcommand;

use super::{DbArg, print_line, resolve_account, runtime};
use crate::db::Db;
use crate::error::{Error, Result};

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

fn read_secret_stdin() -> Result<String> {
    let secret = super::read_stdin_line("the client secret")?;
    if secret.is_empty() {
        return Err(Error::invalid("the client secret read from stdin is empty"));
    }
    Ok(secret)
}

pub(super) fn sync_command(cmd: SyncCommand) -> Result<()> {
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
            let secret_for_store = zeroize::Zeroizing::new(secret.clone());
            let input = crate::sync::settings::SettingsInput {
                base_url: Some(base_url),
                auth_url: Some(auth_url),
                client_id: Some(client_id),
                client_secret: Some(secret),
                events: Some(events.0),
            };
            let settings = input.parse(false)?;
            let key = db.load(crate::keystore::Make::ForNewDatabase)?;
            let in_store = db.secrets_in_store(&key);
            if in_store {
                crate::keystore::keep_remote_secret(&db.path(), &secret_for_store)?;
            }
            let db = crate::db::Db::open_with(
                &crate::db::DbFile::with_key(db.path(), key.key),
                crate::db::CacheSizes::SERVER,
            )?;
            let stored = db.write_blocking(move |conn| {
                let account = resolve_account(conn, account)?;
                settings.save(conn, account, in_store)
            })?;
            let view = crate::sync::settings::SettingsView::of(Some(&stored));
            print_line(&serde_json::to_value(view).map_err(Error::internal)?)
        }
        SyncCommand::Run { db } => {
            let db = db.open()?;
            let rt = runtime()?;
            let summary = rt.block_on(sync_run(&db));
            // A name lookup given up on (`sync::dns`) may still run in a blocking thread
            // until the system's resolver times out: the command does not wait for it.
            rt.shutdown_background();
            let summary = summary?;
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
                // A state of the network or the remote, not a fault of Entrada's: said
                // as it is (exit 1), without "internal error".
                Some(e) => Err(Error::Conflict(format!("the round did not complete: {e}"))),
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
    // A round the serving kiosk runs meanwhile is waited for, then ours runs.
    let summary = crate::sync::round_when_free(db, &progress).await;
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
