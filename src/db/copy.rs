//! Consistent copies of the database file, while other connections may be writing.
//!
//! The storage layer's own part of backups: `migrations` takes a copy before every
//! schema upgrade, and `crate::backup` builds one-off and rolling backups and restore on
//! the same copy. It lives here, below them both, so that the database layer never calls
//! up into the application (`backup` imports `db`, not the other way round).
//!
//! SQLite's online backup API copies every page in one step inside one read
//! transaction: in WAL mode that is a snapshot of the last commit, and writers are not
//! blocked while it runs. The copy is written beside its destination, checked, synced
//! and then renamed into place, so a power cut never leaves a half-written file under
//! the final name.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::OpenFlags;

use super::key::DbFile;
use super::maintenance;
use crate::error::{Error, Result};
use crate::files;

/// What a backup wrote.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BackupInfo {
    pub path: PathBuf,
    pub bytes: u64,
    pub millis: u128,
}

pub(crate) use crate::files::io;

/// Copies the database at `source` to `dest` (a single file, no WAL), consistently,
/// while other connections may be writing.
///
/// The copy is encrypted with the source's key when the source has one (SQLCipher copies
/// pages between two files only under the same key).
pub fn backup_to(source_file: &DbFile, dest: &Path) -> Result<BackupInfo> {
    let source = source_file.path.as_path();
    let started = std::time::Instant::now();
    if !source.exists() {
        return Err(Error::invalid(format!(
            "there is no database at {}",
            source.display()
        )));
    }
    files::create_parent(dest)?;
    let src =
        source_file.open(OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    src.busy_timeout(Duration::from_secs(10))?;
    let partial = partial_name(dest);
    let _ = std::fs::remove_file(&partial);
    // A copy holds everything the database does: owner-only from its first byte.
    files::touch(&partial)?;
    {
        let mut dst = source_file.beside(&partial).open_rw()?;
        {
            use rusqlite::backup::StepResult;
            let copy = rusqlite::backup::Backup::new(&src, &mut dst)?;
            // -1: every page in one step, i.e. one snapshot under one read transaction
            // (in steps, a write between two of them would restart the copy).
            let mut waits = 0;
            loop {
                match copy.step(-1)? {
                    StepResult::Done => break,
                    StepResult::More => {}
                    StepResult::Busy | StepResult::Locked if waits < 200 => {
                        waits += 1;
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    _ => {
                        return Err(Error::internal(format!(
                            "{} stayed locked; no backup was written",
                            source.display()
                        )));
                    }
                }
            }
        }
        // One self-contained file (a USB stick may be pulled at any time).
        maintenance::use_rollback_journal(&dst)?;
        let check = maintenance::quick_check(&dst)?;
        if check != "ok" {
            let _ = std::fs::remove_file(&partial);
            return Err(Error::internal(format!(
                "the copy failed its check ({check}); nothing was written to {}",
                dest.display()
            )));
        }
    }
    File::open(&partial)
        .and_then(|f| f.sync_all())
        .map_err(|e| io("sync", &partial, e))?;
    std::fs::rename(&partial, dest).map_err(|e| io("write", dest, e))?;
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    let bytes = std::fs::metadata(dest).map(|m| m.len()).unwrap_or(0);
    Ok(BackupInfo {
        path: dest.to_path_buf(),
        bytes,
        millis: started.elapsed().as_millis(),
    })
}

fn partial_name(dest: &Path) -> PathBuf {
    let mut name = dest.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

pub(crate) fn sidecar(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Folds the WAL of `file` into the file itself and empties it, on a connection of its
/// own, so that the file alone is the whole database. `false` when another connection
/// still used the WAL, which is then kept.
pub fn truncate_wal(file: &DbFile) -> Result<bool> {
    let conn = file.open_rw()?;
    conn.busy_timeout(super::BUSY_TIMEOUT)?;
    let (busy, _, _): (i64, i64, i64) =
        conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
    Ok(busy == 0)
}

/// Writes a copy of `source` to `dest` encrypted with `dest`'s key (or plain without
/// one), through SQLCipher's export: unlike the backup API, the two files may have
/// different keys. The copy is checked before this returns: its pages pass SQLite's
/// check and every table has as many rows as in the source. Returns those counts.
pub fn export_copy(source: &DbFile, dest: &DbFile) -> Result<Vec<(String, i64)>> {
    let src = source.open(OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    src.busy_timeout(Duration::from_secs(10))?;
    let partial = partial_name(&dest.path);
    let _ = std::fs::remove_file(&partial);
    files::touch(&partial)?;
    let key = dest.key.as_ref().map(|k| k.pragma_value());
    src.execute(
        "ATTACH DATABASE ?1 AS copy KEY ?2",
        rusqlite::params![
            partial.to_string_lossy(),
            key.as_ref().map_or("", |k| k.as_str())
        ],
    )?;
    // One snapshot for the counts, the header's fields and the export (ATTACH cannot
    // run inside a transaction, so it comes first).
    let copied = src
        .execute_batch("BEGIN")
        .map_err(Error::from)
        .and_then(|()| {
            let before = maintenance::table_counts_in(&src, "main")?;
            let version: i64 = src.query_row("PRAGMA main.user_version", [], |r| r.get(0))?;
            let app_id: i64 = src.query_row("PRAGMA main.application_id", [], |r| r.get(0))?;
            src.query_row("SELECT sqlcipher_export('copy')", [], |_| Ok(()))?;
            // sqlcipher_export copies the schema and the rows, not the header's fields.
            src.execute_batch(&format!(
                "PRAGMA copy.user_version = {version};
             PRAGMA copy.application_id = {app_id};
             COMMIT;"
            ))?;
            Ok(before)
        });
    if copied.is_err() {
        let _ = src.execute_batch("ROLLBACK");
    }
    let _ = src.execute_batch("DETACH DATABASE copy");
    let before = copied.inspect_err(|_| {
        let _ = std::fs::remove_file(&partial);
    })?;
    let check = dest
        .beside(&partial)
        .open_rw()
        .map_err(Error::from)
        .and_then(|dst| {
            Ok((
                maintenance::quick_check(&dst)?,
                maintenance::table_counts(&dst)?,
            ))
        });
    match check {
        Ok((check, after)) if check == "ok" && after == before => {}
        Ok((check, _)) => {
            let _ = std::fs::remove_file(&partial);
            return Err(Error::internal(format!(
                "the copy did not match the database ({check}); nothing was written to {}",
                dest.path.display()
            )));
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    }
    File::open(&partial)
        .and_then(|f| f.sync_all())
        .map_err(|e| io("sync", &partial, e))?;
    std::fs::rename(&partial, &dest.path).map_err(|e| io("write", &dest.path, e))?;
    if let Some(dir) = dest.path.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(before)
}

/// The copy taken before a schema upgrade: `<db>.v<version>-<time>.bak`.
pub fn before_upgrade(db: &DbFile, version: usize) -> Result<BackupInfo> {
    let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
    backup_to(db, &sidecar(&db.path, &format!(".v{version}-{stamp}.bak")))
}
