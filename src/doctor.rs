//! `entrada doctor`: checks a database file and says what it found, in words.
//!
//! It opens the file read-only and never migrates it, so it also works on a copy from a
//! USB stick, on a database a newer Entrada wrote, and next to a running server.

use std::path::Path;

use rusqlite::{Connection, OpenFlags};
use serde::Serialize;

use crate::db::key::{self, DbFile};
use crate::db::{maintenance, migrations, sync};
use crate::error::{Error, Result};
use crate::files;

/// A WAL larger than this means checkpoints are not keeping up (or a reader is stuck).
const WAL_WARN_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Debug, Serialize)]
pub struct Finding {
    pub check: &'static str,
    pub ok: bool,
    pub detail: String,
}

fn finding(check: &'static str, ok: bool, detail: impl Into<String>) -> Finding {
    Finding {
        check,
        ok,
        detail: detail.into(),
    }
}

/// Runs every check; `Err` only when the file cannot be opened at all.
pub fn examine(file: &DbFile) -> Result<Vec<Finding>> {
    let path = file.path.as_path();
    let meta = std::fs::metadata(path)
        .map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?;
    let mut out = vec![finding(
        "file",
        true,
        format!("{} ({} bytes)", path.display(), meta.len()),
    )];
    out.push(permissions(path));
    let encrypted = key::kind(path) == key::Kind::Encrypted;
    if encrypted && !file.is_encrypted() {
        out.push(finding(
            "encryption",
            false,
            "encrypted (SQLCipher), and its key is neither in the secret store nor in its default \
             key file: give it (--key-file, or ENTRADA_DB_KEY) to check the rest",
        ));
        return Ok(out);
    }
    // A key given for a plain file is not needed to read it.
    let file = if encrypted {
        file.clone()
    } else {
        DbFile::plain(path)
    };
    let conn = file.open(OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    if encrypted && !key::opens(&conn) {
        out.push(finding(
            "encryption",
            false,
            "the key given does not open it (a wrong key, or a damaged file)",
        ));
        return Ok(out);
    }
    out.push(finding(
        "encryption",
        true,
        if encrypted {
            "encrypted (SQLCipher, AES-256)"
        } else {
            "not encrypted (`entrada encrypt` encrypts it)"
        },
    ));

    if let Err(e) = migrations::refuse_foreign(&conn, path) {
        // Someone else's database: nothing more to check for us, and nothing to repair.
        out.push(finding("schema", false, e.to_string()));
        return Ok(out);
    }
    let version = migrations::version(&conn)?;
    out.push(schema(version));
    let problems = maintenance::integrity_problems(&conn)?;
    out.push(integrity(&problems));
    out.push(foreign_keys(&conn)?);
    out.push(wal(path));
    let mode = maintenance::journal_mode(&conn)?;
    out.push(finding("journal", true, format!("journal_mode {mode}")));

    // Counting rows of a damaged or empty database would only add errors to the report.
    if problems.is_empty() && version > 0 {
        out.extend(contents(&conn)?);
    }
    Ok(out)
}

/// The schema version against the one this Entrada writes.
fn schema(version: usize) -> Finding {
    let latest = migrations::latest();
    finding(
        "schema",
        version == latest,
        match version.cmp(&latest) {
            std::cmp::Ordering::Equal => format!("version {version}, current"),
            std::cmp::Ordering::Less => {
                format!("version {version}; this Entrada upgrades it to {latest} when it opens it")
            }
            std::cmp::Ordering::Greater => format!(
                "version {version}, written by a newer Entrada (this one knows {latest}); use that version"
            ),
        },
    )
}

fn integrity(problems: &[String]) -> Finding {
    finding(
        "integrity",
        problems.is_empty(),
        if problems.is_empty() {
            "integrity_check: ok".to_owned()
        } else {
            format!(
                "integrity_check found {} problem(s): {}. Restore a backup (entrada restore)",
                problems.len(),
                first_five(problems)
            )
        },
    )
}

/// Rows that point at a row that is not there (`PRAGMA foreign_key_check`).
fn foreign_keys(conn: &Connection) -> Result<Finding> {
    let violations: Vec<String> = maintenance::dangling_references(conn)?
        .into_iter()
        .map(|d| format!("{} row {} -> {}", d.table, d.rowid, d.parent))
        .collect();
    Ok(finding(
        "foreign keys",
        violations.is_empty(),
        if violations.is_empty() {
            "foreign_key_check: no dangling references".to_owned()
        } else {
            format!(
                "{} dangling reference(s): {}",
                violations.len(),
                first_five(&violations)
            )
        },
    ))
}

/// The first five items of a list, for a detail line that stays readable.
fn first_five(items: &[String]) -> String {
    items.iter().take(5).cloned().collect::<Vec<_>>().join("; ")
}

/// Whether the database and the files beside it are readable by their owner alone. Doctor
/// changes nothing: `entrada serve` tightens them at start.
fn permissions(path: &Path) -> Finding {
    let found: Vec<(std::path::PathBuf, u32)> = files::database_files(path)
        .into_iter()
        .filter_map(|f| files::mode(&f).map(|m| (f, m)))
        .collect();
    let open: Vec<String> = found
        .iter()
        .filter(|(_, m)| files::is_open_to_others(*m))
        .map(|(f, m)| format!("{} is {m:o}", f.display()))
        .collect();
    if open.is_empty() {
        let modes: Vec<String> = found
            .iter()
            .filter_map(|(f, m)| Some(format!("{} {m:o}", f.file_name()?.to_string_lossy())))
            .collect();
        finding(
            "permissions",
            true,
            format!("owner-only ({})", modes.join(", ")),
        )
    } else {
        finding(
            "permissions",
            false,
            format!(
                "readable by other users of this computer: {}; `entrada serve` makes them \
                 owner-only at start, or run `chmod 600` on them",
                open.join(", ")
            ),
        )
    }
}

/// The size of the write-ahead log next to the file (none counts as 0 bytes).
fn wal(path: &Path) -> Finding {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let wal_bytes = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    finding(
        "wal",
        wal_bytes <= WAL_WARN_BYTES,
        if wal_bytes <= WAL_WARN_BYTES {
            format!("write-ahead log {wal_bytes} bytes")
        } else {
            format!(
                "write-ahead log {wal_bytes} bytes: larger than {WAL_WARN_BYTES}; a restart of the server checkpoints it"
            )
        },
    )
}

/// What the database holds, and the sync outbox's state when it has one.
fn contents(conn: &Connection) -> Result<Vec<Finding>> {
    // Tables of older schemas may be missing: count what is there.
    let has = |table: &str| maintenance::has_table(conn, table);
    let mut contents = Vec::new();
    for (table, what) in [
        ("events", "event(s)"),
        ("attendees", "attendee(s)"),
        ("check_ins", "check-in record(s)"),
    ] {
        if has(table)? {
            contents.push(format!("{} {what}", maintenance::row_count(conn, table)?));
        }
    }
    let mut out = vec![finding("contents", true, contents.join(", "))];
    if has("sync_outbox")? {
        let pending = sync::pending_count(conn)?;
        let parked = sync::parked_count(conn)?;
        out.push(finding(
            "sync",
            parked == 0,
            format!(
                "{pending} change(s) waiting for the remote, {parked} parked{}",
                if parked > 0 {
                    " (see the Sync screen or GET /kiosk/sync)"
                } else {
                    ""
                }
            ),
        ));
    }
    Ok(out)
}
