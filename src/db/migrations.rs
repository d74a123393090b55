//! Schema migrations, embedded in the binary and applied at start.
//!
//! rusqlite_migration keeps the version in SQLite's `user_version`; a database written by
//! a newer Entrada (a higher version than we know) is refused rather than touched.

use std::path::Path;

use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

use super::OpenError;
use super::key::{self, DbFile, Kind};
use crate::error::{Error, Result};

/// Every schema step, in order; a database's `user_version` is how many it has had.
const STEPS: [&str; 14] = [
    include_str!("../../migrations/0001_init.sql"),
    include_str!("../../migrations/0002_check_in.sql"),
    include_str!("../../migrations/0003_people.sql"),
    include_str!("../../migrations/0004_sync.sql"),
    include_str!("../../migrations/0005_sync_retries.sql"),
    include_str!("../../migrations/0006_first_run.sql"),
    include_str!("../../migrations/0007_door.sql"),
    include_str!("../../migrations/0008_versions.sql"),
    include_str!("../../migrations/0009_privacy.sql"),
    include_str!("../../migrations/0010_secret_store.sql"),
    include_str!("../../migrations/0011_hub.sql"),
    include_str!("../../migrations/0012_hub_pairing.sql"),
    include_str!("../../migrations/0013_accounts_apart.sql"),
    include_str!("../../migrations/0014_temporary_passphrase.sql"),
];

fn migrations() -> Migrations<'static> {
    Migrations::new(STEPS.iter().map(|sql| M::up(sql)).collect())
}

/// SQLite's `application_id` of an Entrada database ("Entr"), so that a file is known as
/// ours by its header (`file(1)` shows it too).
pub const APPLICATION_ID: i32 = 0x456E_7472;

/// The schema version this binary writes.
pub fn latest() -> usize {
    MIGRATION_COUNT
}

const MIGRATION_COUNT: usize = STEPS.len();

/// The schema version of an open database (0: empty).
pub fn version(conn: &Connection) -> Result<usize> {
    Ok(conn
        .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))?
        .max(0) as usize)
}

/// Brings the schema up to date. A database made by an older Entrada is copied first
/// (`<db>.v<N>-<time>.bak`, see `db::copy::before_upgrade`), then every pending migration
/// runs in one transaction: an upgrade that fails leaves the database as it was. A
/// database made by a newer Entrada is refused before anything touches it.
pub fn apply(conn: &mut Connection, file: &DbFile) -> Result<(), OpenError> {
    let path = file.path.as_path();
    let current = version(conn)?;
    refuse_newer(current, path)?;
    if current > 0 && current < latest() {
        let copy = super::copy::before_upgrade(file, current)?;
        tracing::info!(from = current, to = latest(), backup = %copy.path.display(),
            "upgrading the database schema; a copy was taken first");
    }
    migrations()
        .to_latest(conn)
        .map_err(|e| Error::internal(format!("database migration failed: {e}")))?;
    let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    if id != APPLICATION_ID {
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    }
    Ok(())
}

/// Refuses a database file made by a newer Entrada, an encrypted one without its key or
/// with a wrong one, and a plain one given a key, before anything (even a journal mode)
/// is changed in it.
pub fn check_file(file: &DbFile) -> Result<(), OpenError> {
    let path = file.path.as_path();
    match (key::kind(path), file.is_encrypted()) {
        (Kind::New, _) => return Ok(()),
        (Kind::Encrypted, false) => {
            return Err(OpenError::NeedsKey {
                path: path.to_owned(),
            });
        }
        (Kind::Plain, true) => {
            return Err(OpenError::NotEncrypted {
                path: path.to_owned(),
            });
        }
        (Kind::Encrypted, true) | (Kind::Plain, false) => {}
    }
    let conn = file.open(rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    if file.is_encrypted() && !key::opens(&conn) {
        return Err(OpenError::WrongKey {
            path: path.to_owned(),
        });
    }
    // A version beyond ours is the likelier story (and either way nothing is touched).
    // (An unreadable file is named as such by `refuse_foreign`.)
    if let Ok(current) = version(&conn) {
        refuse_newer(current, path)?;
    }
    refuse_foreign(&conn, path)
}

/// Refuses a non-empty database that Entrada did not make: opening it would add our
/// tables to someone else's file and switch it to WAL, with no copy kept. Ours carry
/// [`APPLICATION_ID`]; those made before it was set are known by their tables.
pub fn refuse_foreign(conn: &Connection, path: &Path) -> Result<(), OpenError> {
    let foreign = |why: String, unreadable: bool| OpenError::Foreign {
        path: path.to_owned(),
        why,
        unreadable,
    };
    let not_ours = |why: String| foreign(why, false);
    let id: i32 = match conn.query_row("PRAGMA application_id", [], |r| r.get(0)) {
        Ok(id) => id,
        Err(e) => {
            return Err(foreign(
                format!("not a readable SQLite database: {e}"),
                true,
            ));
        }
    };
    if id == APPLICATION_ID {
        return Ok(());
    }
    if id != 0 {
        return Err(not_ours(format!("its application id is {id:#x}")));
    }
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let ours = ["accounts", "events", "attendees"]
        .iter()
        .all(|t| tables.iter().any(|n| n == t));
    if tables.is_empty() || (ours && version(conn)? > 0) {
        return Ok(());
    }
    let mut listed = tables
        .iter()
        .take(5)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if tables.len() > 5 {
        listed.push_str(", ...");
    }
    Err(not_ours(format!("it holds {listed}")))
}

/// Whether the schema of `conn` is exactly one Entrada makes (every table, index, view and
/// trigger, with its SQL), at a version this binary knows: what a restore must hold
/// before it replaces anything, since `serve` would otherwise refuse it afterwards, or
/// run a trigger someone added. Err says what is wrong, in words.
pub fn check_schema(conn: &Connection) -> std::result::Result<(), String> {
    let found = version(conn).map_err(|e| e.to_string())?;
    if found == 0 {
        return Err("it has no Entrada schema version".into());
    }
    if found > latest() {
        return Err(format!(
            "it was made by a newer Entrada (schema version {found}; this one knows up to {})",
            latest()
        ));
    }
    let mut fresh = Connection::open_in_memory().map_err(|e| e.to_string())?;
    migrations()
        .to_version(&mut fresh, found)
        .map_err(|e| format!("schema version {found} cannot be built: {e}"))?;
    let expected = schema_of(&fresh).map_err(|e| e.to_string())?;
    let actual = schema_of(conn).map_err(|e| e.to_string())?;
    if let Some((kind, name, _)) = actual.iter().find(|item| !expected.contains(item)) {
        return Err(format!(
            "it holds a {kind} `{name}` that Entrada's schema version {found} does not have"
        ));
    }
    if let Some((kind, name, _)) = expected.iter().find(|item| !actual.contains(item)) {
        return Err(format!("its {kind} `{name}` is missing"));
    }
    Ok(())
}

/// `(type, name, sql)` of every schema object but SQLite's own, sorted.
fn schema_of(conn: &Connection) -> rusqlite::Result<Vec<(String, String, Option<String>)>> {
    conn.prepare(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'
         ORDER BY type, name",
    )?
    .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
    .collect()
}

fn refuse_newer(current: usize, path: &Path) -> Result<(), OpenError> {
    if current > latest() {
        return Err(OpenError::Newer {
            path: path.to_owned(),
            found: current,
            known: latest(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        assert!(super::migrations().validate().is_ok());
    }

    #[test]
    fn the_latest_version_counts_every_migration() {
        let mut conn = rusqlite::Connection::open_in_memory().expect("memory db");
        super::migrations().to_latest(&mut conn).expect("migrate");
        assert_eq!(super::version(&conn).expect("version"), super::latest());
    }
}
