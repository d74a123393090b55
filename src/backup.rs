//! Backups of the database: one-off copies (`entrada backup`), rolling copies while the
//! server runs (`serve --backup-dir`), and restore.
//!
//! A kiosk's database is the only record of the door until the sync succeeds, so a copy
//! must be consistent even while check-ins are being written: every backup is
//! [`db::copy`](crate::db::copy)'s snapshot copy (the same one a schema upgrade takes
//! first), checked, synced and renamed into place.
//!
//! A running server holds an exclusive advisory lock on the database file itself
//! ([`ServeLock`]): a second server on the same file is refused, and so is a restore over
//! a database in use, whatever name reaches the file (a symlink, a hard link, another
//! relative path). A lock on a file beside it would be per name: two servers through a
//! hard link each took their own and corrupted the database between them.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::OpenFlags;

pub use crate::db::copy::{BackupInfo, backup_to};
use crate::db::copy::{io, sidecar};
use crate::db::key::{self, DbFile, DbKey};
use crate::db::maintenance;
use crate::error::{Error, Result};
use crate::files;

/// Held by a running server for as long as it serves the database.
#[derive(Debug)]
pub struct ServeLock {
    _file: File,
}

impl ServeLock {
    /// Takes the database's lock, or says who holds it. Creates an empty database file
    /// when there is none (SQLite takes an empty file for a new database).
    ///
    /// The lock is `flock(2)`, which Linux keeps apart from the `fcntl` locks SQLite takes
    /// on the same file, so the two do not disturb each other.
    pub fn acquire(db: &Path) -> Result<ServeLock> {
        files::create_parent(db)?;
        let path = db;
        let file = files::options()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| io("open", path, e))?;
        match file.try_lock() {
            Ok(()) => Ok(ServeLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(Error::Conflict(format!(
                "another Entrada is already serving {}; stop it first (or use another --db)",
                db.display()
            ))),
            Err(std::fs::TryLockError::Error(e)) => Err(io("lock", path, e)),
        }
    }
}

/// Replaces the database at `db` with the backup at `from`. Refused while a server uses
/// the database; the database it replaces is kept beside it as
/// `<db>.before-restore-<time>`.
///
/// An encrypted backup is opened with the database's own key (a kiosk's own backups),
/// else with the passphrase it was made with, which `passphrase` asks for. The restored
/// database is written with the database's own key (plain without one): a backup from
/// another computer becomes this one's database.
pub fn restore(
    from: &Path,
    db_file: &DbFile,
    passphrase: impl FnOnce() -> Result<DbKey>,
) -> Result<Option<PathBuf>> {
    let db = db_file.path.as_path();
    let from_file = match key::kind(from) {
        key::Kind::Encrypted => {
            let own = db_file.beside(from);
            let opens = own.is_encrypted()
                && own
                    .open(OpenFlags::SQLITE_OPEN_READ_ONLY)
                    .is_ok_and(|c| key::opens(&c));
            if opens {
                own
            } else {
                DbFile::with_key(from, Some(passphrase()?))
            }
        }
        key::Kind::Plain | key::Kind::New => DbFile::plain(from),
    };
    let _lock = ServeLock::acquire(db).map_err(|e| match e {
        Error::Conflict(_) => Error::Conflict(format!(
            "{} is in use by a running Entrada: stop it before restoring",
            db.display()
        )),
        other => other,
    })?;
    {
        let src = from_file
            .open(OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|e| Error::invalid(format!("cannot open {}: {e}", from.display())))?;
        if from_file.is_encrypted() && !key::opens(&src) {
            return Err(Error::invalid(format!(
                "the passphrase given does not open {}; nothing was restored",
                from.display()
            )));
        }
        // Checked as `serve` would open it, before anything is replaced (issue 36): ours
        // by its application id, a schema this binary knows exactly (no table, index or
        // trigger added), and every page sound.
        crate::db::migrations::refuse_foreign(&src, from)
            .map_err(|e| Error::invalid(format!("{e}; nothing was restored")))?;
        let problems = maintenance::integrity_problems(&src).map_err(|e| {
            // SQLite's own words, without `database error:` before them.
            let e = match e {
                Error::Database(e) => e.to_string(),
                other => other.to_string(),
            };
            Error::invalid(format!("{} is not an SQLite database: {e}", from.display()))
        })?;
        if let Some(first) = problems.first() {
            return Err(Error::invalid(format!(
                "{} is damaged ({first}); nothing was restored",
                from.display()
            )));
        }
        if !maintenance::has_table(&src, "attendees")? {
            return Err(Error::invalid(format!(
                "{} is not an Entrada database",
                from.display()
            )));
        }
        crate::db::migrations::check_schema(&src).map_err(|why| {
            Error::invalid(format!(
                "{} is not an Entrada database this version can open: {why}; nothing was restored",
                from.display()
            ))
        })?;
    }
    // The lock made an empty file where there was none: nothing to keep then.
    let kept = if db.metadata().is_ok_and(|m| m.len() > 0) {
        let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
        let keep = sidecar(db, &format!(".before-restore-{stamp}"));
        backup_to(db_file, &keep)?;
        Some(keep)
    } else {
        None
    };
    let incoming = sidecar(db, ".restoring");
    crate::db::copy::export_copy(&from_file, &db_file.beside(&incoming))?;
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(sidecar(db, suffix));
    }
    std::fs::rename(&incoming, db).map_err(|e| io("replace", db, e))?;
    Ok(kept)
}

/// A backup encrypted with a passphrase the organiser chose instead of the kiosk's own
/// key, so that it can be restored on another computer (`entrada restore` asks for it).
/// Checked like every backup before it is renamed into place.
pub fn backup_with_passphrase(db: &DbFile, to: &Path, passphrase: &DbKey) -> Result<BackupInfo> {
    let started = std::time::Instant::now();
    if key::kind(&db.path) == key::Kind::New {
        return Err(Error::invalid(format!(
            "there is no database at {}",
            db.path.display()
        )));
    }
    files::create_parent(to)?;
    crate::db::copy::export_copy(db, &DbFile::with_key(to, Some(passphrase.clone())))?;
    Ok(BackupInfo {
        path: to.to_path_buf(),
        bytes: std::fs::metadata(to).map(|m| m.len()).unwrap_or(0),
        millis: started.elapsed().as_millis(),
    })
}

/// What `entrada encrypt` did.
#[derive(Debug, serde::Serialize)]
pub struct Encrypted {
    pub path: PathBuf,
    /// Rows per table, the same before and after.
    pub attendees: i64,
    pub tables: usize,
    pub millis: u128,
}

/// Encrypts the plain database at `db` in place with `key`. Refused while a server uses
/// it. The encrypted copy is written beside it and checked (every table's rows) before it
/// replaces the plain file, which is then overwritten with zeros and removed: at every
/// moment the path holds a whole database, the plain one or the encrypted one.
pub fn encrypt(db: &Path, key: &DbKey) -> Result<Encrypted> {
    let started = std::time::Instant::now();
    let lock = ServeLock::acquire(db).map_err(|e| match e {
        Error::Conflict(_) => Error::Conflict(format!(
            "{} is in use by a running Entrada: stop it before encrypting",
            db.display()
        )),
        other => other,
    })?;
    match key::kind(db) {
        key::Kind::Plain => {}
        key::Kind::Encrypted => {
            return Err(Error::Conflict(format!(
                "{} is already encrypted; nothing was changed",
                db.display()
            )));
        }
        key::Kind::New => {
            return Err(Error::invalid(format!(
                "there is no database at {}",
                db.display()
            )));
        }
    }
    let plain_file = DbFile::plain(db);
    // The WAL belongs to the plain file: empty it into the file before the copy.
    if !crate::db::copy::truncate_wal(&plain_file)? {
        return Err(Error::Conflict(format!(
            "{} is in use by another program; stop it first",
            db.display()
        )));
    }
    let incoming = sidecar(db, ".encrypting");
    let counts =
        crate::db::copy::export_copy(&plain_file, &DbFile::with_key(&incoming, Some(key.clone())))?;
    // A second name for the plain file, so that it can be wiped after the swap.
    let plain = sidecar(db, ".plain");
    let _ = std::fs::remove_file(&plain);
    std::fs::hard_link(db, &plain).map_err(|e| io("link", db, e))?;
    // The plain file's WAL and shared memory are empty after the copy's checkpoint, and
    // must not meet the encrypted file.
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(sidecar(db, suffix));
    }
    std::fs::rename(&incoming, db).map_err(|e| io("replace", db, e))?;
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    drop(lock);
    if let Err(e) = wipe(&plain) {
        tracing::warn!(path = %plain.display(), error = %e, "cannot wipe the plain copy");
    }
    let attendees = counts
        .iter()
        .find(|(t, _)| t == "attendees")
        .map_or(0, |(_, n)| *n);
    Ok(Encrypted {
        path: db.to_path_buf(),
        attendees,
        tables: counts.len(),
        millis: started.elapsed().as_millis(),
    })
}

/// Overwrites a file with zeros, syncs it and removes it. (On flash storage the old
/// blocks may survive in the device; the file system no longer shows them.)
fn wipe(path: &Path) -> Result<()> {
    use std::io::Write as _;
    let len = std::fs::metadata(path)
        .map_err(|e| io("read", path, e))?
        .len();
    let mut file = File::options()
        .write(true)
        .open(path)
        .map_err(|e| io("open", path, e))?;
    let zeros = vec![0u8; 1 << 20];
    let mut left = len;
    while left > 0 {
        let n = left.min(zeros.len() as u64) as usize;
        file.write_all(&zeros[..n])
            .map_err(|e| io("wipe", path, e))?;
        left -= n as u64;
    }
    file.sync_all().map_err(|e| io("sync", path, e))?;
    std::fs::remove_file(path).map_err(|e| io("remove", path, e))
}

/// Parses `--backup-every` (`10m`, `1h`, `90s`).
pub fn parse_every(text: &str) -> std::result::Result<Duration, String> {
    let d = humantime::parse_duration(text).map_err(|e| format!("`{text}`: {e}"))?;
    if d < Duration::from_secs(1) {
        return Err("backups at most every second".into());
    }
    Ok(d)
}

/// Rolling backups while the server runs: a copy into `dir` every `every`, named by
/// time (`entrada-20261124-101500.db`), keeping the newest `keep`.
pub fn spawn_rolling(
    db: DbFile,
    dir: PathBuf,
    every: Duration,
    keep: usize,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let (from, to) = (db.clone(), dir.clone());
            let done = tokio::task::spawn_blocking(move || rolling_once(&from, &to, keep)).await;
            match done {
                Ok(Ok(info)) => tracing::info!(
                    path = %info.path.display(), bytes = info.bytes, ms = info.millis as u64,
                    "backup written"
                ),
                Ok(Err(e)) => tracing::error!(error = %e, dir = %dir.display(), "backup failed"),
                Err(e) => tracing::error!(error = %e, "backup task failed"),
            }
        }
    })
}

/// One rolling backup and the pruning of old ones.
pub fn rolling_once(db: &DbFile, dir: &Path, keep: usize) -> Result<BackupInfo> {
    let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S%.3f");
    let info = backup_to(db, &dir.join(format!("entrada-{stamp}.db")))?;
    let mut ours: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io("list", dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("entrada-") && n.ends_with(".db"))
        })
        .collect();
    ours.sort();
    let excess = ours.len().saturating_sub(keep.max(1));
    for old in &ours[..excess] {
        if let Err(e) = std::fs::remove_file(old) {
            tracing::warn!(path = %old.display(), error = %e, "cannot remove an old backup");
        }
    }
    Ok(info)
}
