//! Checks of a whole database file, for `entrada doctor` and for backups and restores:
//! SQLite's own checks (`integrity_check`, `quick_check`, `foreign_key_check`), the
//! journal mode, which tables there are and how many rows they hold.
//!
//! They run on a connection of their own to any file (a copy on a USB stick, a backup
//! being written, a database of an older or newer schema), never on the server's pool, so
//! they belong to no table's repository. This module uses nothing of the app but `error`:
//! `backup`, which `db::migrations` calls before an upgrade, may use it without a cycle of
//! the layers (lib.rs).

use rusqlite::Connection;

use crate::error::Result;

/// The file's journal mode (`wal`, `delete`, ...).
pub fn journal_mode(conn: &Connection) -> Result<String> {
    Ok(conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?)
}

/// Switches the file to a rollback journal, so that it is one self-contained file.
pub fn use_rollback_journal(conn: &Connection) -> Result<()> {
    // The answer is the new mode; reading it consumes the pragma's row.
    Ok(conn.query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()))?)
}

/// The first line of `PRAGMA quick_check`: `ok`, or the first problem found.
pub fn quick_check(conn: &Connection) -> Result<String> {
    Ok(conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?)
}

/// The lines of `PRAGMA integrity_check` other than "ok".
pub fn integrity_problems(conn: &Connection) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut stmt = conn.prepare("PRAGMA integrity_check")?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
    for row in rows {
        let row = row?;
        if row != "ok" {
            problems.push(row);
        }
    }
    Ok(problems)
}

/// A row that points at a row that is not there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DanglingReference {
    /// The table of the row.
    pub table: String,
    /// The row's rowid (0 for a table without one).
    pub rowid: i64,
    /// The table it points into.
    pub parent: String,
}

/// Every row that points at a row that is not there (`PRAGMA foreign_key_check`).
pub fn dangling_references(conn: &Connection) -> Result<Vec<DanglingReference>> {
    let mut stmt = conn.prepare("PRAGMA foreign_key_check")?;
    let rows = stmt.query_map([], |r| {
        Ok(DanglingReference {
            table: r.get(0)?,
            rowid: r.get::<_, Option<i64>>(1)?.unwrap_or_default(),
            parent: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Whether the file has a table of that name.
pub fn has_table(conn: &Connection, table: &str) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        [table],
        |r| r.get(0),
    )?)
}

/// The number of rows of a table; `table` is a name of the schema, never input.
pub fn row_count(conn: &Connection, table: &'static str) -> Result<i64> {
    Ok(conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0))?)
}

/// Every table of the file with its number of rows, by name: two files hold the same
/// records when these agree (the check of an exported copy).
pub fn table_counts(conn: &Connection) -> Result<Vec<(String, i64)>> {
    table_counts_in(conn, "main")
}

/// [`table_counts`] of one attached schema (`main`, or a name given by ATTACH).
pub fn table_counts_in(conn: &Connection, schema: &'static str) -> Result<Vec<(String, i64)>> {
    let names: Vec<String> = conn
        .prepare(&format!(
            "SELECT name FROM {schema}.sqlite_master WHERE type = 'table' ORDER BY name"
        ))?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    names
        .into_iter()
        .map(|name| {
            // The name comes from the file's own schema; quoted as an identifier.
            let sql = format!(
                "SELECT COUNT(*) FROM {schema}.\"{}\"",
                name.replace('"', "\"\"")
            );
            let count = conn.query_row(&sql, [], |r| r.get(0))?;
            Ok((name, count))
        })
        .collect()
}
