//! OAuth clients and the access tokens issued to them. Only hashes are stored.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

use crate::domain::scope::ScopeSet;
use crate::domain::time;
use crate::error::{Error, Result};

/// A client as listed by `entrada clients list` (never with its secret).
#[derive(Debug, Clone, Serialize)]
pub struct Client {
    #[serde(skip)]
    pub row_id: i64,
    pub client_id: String,
    pub account_id: i64,
    pub name: String,
    pub scopes: String,
    pub created_at: String,
    pub revoked_at: Option<String>,
    #[serde(skip)]
    pub secret_hash: Option<String>,
}

impl Client {
    pub fn scope_set(&self) -> ScopeSet {
        // Stored scopes were validated on the way in; anything unknown grants nothing.
        ScopeSet::parse(&self.scopes).unwrap_or_default()
    }
}

const CLIENT_COLUMNS: &str =
    "id, client_id, account_id, name, scopes, created_at, revoked_at, secret_hash";

fn client_from_row(row: &Row<'_>) -> rusqlite::Result<Client> {
    Ok(Client {
        row_id: row.get(0)?,
        client_id: row.get(1)?,
        account_id: row.get(2)?,
        name: row.get(3)?,
        scopes: row.get(4)?,
        created_at: row.get(5)?,
        revoked_at: row.get(6)?,
        secret_hash: row.get(7)?,
    })
}

pub fn create(
    conn: &Connection,
    account_id: i64,
    name: &str,
    client_id: &str,
    secret_hash: &str,
    scopes: ScopeSet,
) -> Result<Client> {
    conn.execute(
        "INSERT INTO clients (client_id, account_id, name, secret_hash, scopes, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            client_id,
            account_id,
            name,
            secret_hash,
            scopes.to_string(),
            time::now()
        ],
    )?;
    find(conn, client_id)?.ok_or_else(|| Error::internal("client vanished after insert"))
}

pub fn find(conn: &Connection, client_id: &str) -> Result<Option<Client>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {CLIENT_COLUMNS} FROM clients WHERE client_id = ?1"
        ))?
        .query_row([client_id], client_from_row)
        .optional()?)
}

pub fn list(conn: &Connection) -> Result<Vec<Client>> {
    let mut stmt = conn.prepare(&format!("SELECT {CLIENT_COLUMNS} FROM clients ORDER BY id"))?;
    let rows = stmt.query_map([], client_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Revokes the client and, in the same transaction, every token it holds.
/// Returns false when there is no such client.
pub fn revoke(conn: &Connection, client_id: &str) -> Result<bool> {
    let now = time::now();
    let Some(client) = find(conn, client_id)? else {
        return Ok(false);
    };
    conn.execute(
        "UPDATE clients SET revoked_at = COALESCE(revoked_at, ?1) WHERE id = ?2",
        params![now, client.row_id],
    )?;
    conn.execute(
        "UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE client_id = ?2",
        params![now, client.row_id],
    )?;
    Ok(true)
}

/// What a valid access token grants.
#[derive(Debug, Clone)]
pub struct TokenGrant {
    pub client_row_id: i64,
    pub client_id: String,
    pub account_id: i64,
    pub scopes: ScopeSet,
    pub expires_at: i64,
}

pub fn insert_token(
    conn: &Connection,
    token_hash: &[u8],
    client: &Client,
    scopes: ScopeSet,
    expires_at: i64,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO access_tokens (token_hash, client_id, account_id, scopes, created_at, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        token_hash,
        client.row_id,
        client.account_id,
        scopes.to_string(),
        time::now(),
        expires_at
    ])?;
    // Expired tokens are useless; keep the table small. A day of grace keeps them around
    // for anyone investigating a 401.
    conn.prepare_cached("DELETE FROM access_tokens WHERE expires_at < ?1")?
        .execute([time::unix_now() - 86_400])?;
    Ok(())
}

/// The grant of a token that exists, has not expired and whose client and token are not
/// revoked.
pub fn find_token(conn: &Connection, token_hash: &[u8], now: i64) -> Result<Option<TokenGrant>> {
    Ok(conn
        .prepare_cached(
            "SELECT t.client_id, c.client_id, t.account_id, t.scopes, t.expires_at
             FROM access_tokens t JOIN clients c ON c.id = t.client_id
             WHERE t.token_hash = ?1 AND t.expires_at > ?2
               AND t.revoked_at IS NULL AND c.revoked_at IS NULL",
        )?
        .query_row(params![token_hash, now], |row| {
            Ok(TokenGrant {
                client_row_id: row.get(0)?,
                client_id: row.get(1)?,
                account_id: row.get(2)?,
                scopes: ScopeSet::parse(&row.get::<_, String>(3)?).unwrap_or_default(),
                expires_at: row.get(4)?,
            })
        })
        .optional()?)
}
