//! Accounts table.

use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::domain::account::Account;
use crate::domain::time;
use crate::error::Result;

fn from_row(row: &Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: row.get(0)?,
        name: row.get(1)?,
        created_at: row.get(2)?,
    })
}

pub fn create(conn: &Connection, name: &str) -> Result<Account> {
    conn.execute(
        "INSERT INTO accounts (name, created_at) VALUES (?1, ?2)",
        params![name, time::now()],
    )?;
    let id = conn.last_insert_rowid();
    get(conn, id)?.ok_or_else(|| crate::error::Error::internal("account vanished after insert"))
}

pub fn get(conn: &Connection, id: i64) -> Result<Option<Account>> {
    Ok(conn
        .prepare_cached("SELECT id, name, created_at FROM accounts WHERE id = ?1")?
        .query_row([id], from_row)
        .optional()?)
}

pub fn list(conn: &Connection) -> Result<Vec<Account>> {
    let mut stmt = conn.prepare_cached("SELECT id, name, created_at FROM accounts ORDER BY id")?;
    let rows = stmt.query_map([], from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The account commands fall back to when none is named: the first one.
pub fn first(conn: &Connection) -> Result<Option<Account>> {
    Ok(conn
        .prepare_cached("SELECT id, name, created_at FROM accounts ORDER BY id LIMIT 1")?
        .query_row([], from_row)
        .optional()?)
}

/// How many accounts there are; also the cheapest read that proves the database usable
/// (`/healthz`).
pub fn count(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT COUNT(*) FROM accounts", [], |r| r.get::<_, i64>(0))?)
}
