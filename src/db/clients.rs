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
    /// Public clients have no secret and use the authorization-code grant with PKCE.
    pub public: bool,
    pub redirect_uris: Vec<String>,
}

impl Client {
    pub fn scope_set(&self) -> ScopeSet {
        // Stored scopes were validated on the way in; anything unknown grants nothing.
        ScopeSet::parse(&self.scopes).unwrap_or_default()
    }
}

const CLIENT_COLUMNS: &str = "id, client_id, account_id, name, scopes, created_at, revoked_at, \
     secret_hash, public, redirect_uris";

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
        public: row.get(8)?,
        redirect_uris: serde_json::from_str(&row.get::<_, String>(9)?).unwrap_or_default(),
    })
}

/// Stores a new machine client of `account_id`: its id and the hash of its secret (the
/// secret itself is never stored; `auth::secrets::ClientCredentials` makes the pair).
pub fn create(
    conn: &Connection,
    account_id: i64,
    name: &str,
    (client_id, secret_hash): (&str, &str),
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

/// Creates a public client (no secret) with its redirect URIs.
pub fn create_public(
    conn: &Connection,
    account_id: i64,
    name: &str,
    client_id: &str,
    redirect_uris: &[String],
) -> Result<Client> {
    let uris = serde_json::to_string(redirect_uris).map_err(Error::internal)?;
    conn.execute(
        "INSERT INTO clients (client_id, account_id, name, secret_hash, scopes, created_at, public, redirect_uris)
         VALUES (?1, ?2, ?3, NULL, 'read write check_in', ?4, 1, ?5)",
        params![client_id, account_id, name, time::now(), uris],
    )?;
    find(conn, client_id)?.ok_or_else(|| Error::internal("client vanished after insert"))
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
    conn.execute(
        "UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE client_id = ?2",
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
    /// Set for personal tokens.
    pub user_id: Option<i64>,
    /// The client is a kiosk joined to this hub (`hub_devices`): it may do a door's work
    /// and what its sync's push needs, nothing more (`auth::Write`, `auth::DoorWrite`).
    pub joined_kiosk: bool,
}

/// Who a new access token is for: the client itself, or a person through the client.
#[derive(Debug, Clone, Copy)]
pub struct TokenSubject {
    pub user_id: Option<i64>,
    pub family_id: Option<i64>,
}

impl TokenSubject {
    pub const MACHINE: TokenSubject = TokenSubject {
        user_id: None,
        family_id: None,
    };
}

pub fn insert_token(
    conn: &Connection,
    token_hash: &[u8],
    client: &Client,
    scopes: ScopeSet,
    expires_at: i64,
    subject: TokenSubject,
) -> Result<()> {
    conn.prepare_cached(
        "INSERT INTO access_tokens (token_hash, client_id, account_id, scopes, created_at, expires_at,
             user_id, family_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        token_hash,
        client.row_id,
        client.account_id,
        scopes.to_string(),
        time::now(),
        expires_at,
        subject.user_id,
        subject.family_id
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
            "SELECT t.client_id, c.client_id, t.account_id, t.scopes, t.expires_at, t.user_id,
                    EXISTS (SELECT 1 FROM hub_devices h WHERE h.client_id = c.client_id)
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
                user_id: row.get(5)?,
                joined_kiosk: row.get(6)?,
            })
        })
        .optional()?)
}

/// Revokes an access token by its hash; returns its family, if any.
pub fn revoke_access_token(
    conn: &Connection,
    token_hash: &[u8],
    client_row_id: i64,
) -> Result<bool> {
    let changed = conn.execute(
        "UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE token_hash = ?2 AND client_id = ?3",
        params![time::now(), token_hash, client_row_id],
    )?;
    Ok(changed > 0)
}

/// Revokes every access and refresh token of a sign-in.
pub fn revoke_family(conn: &Connection, family_id: i64) -> Result<()> {
    let now = time::now();
    conn.execute(
        "UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE family_id = ?2",
        params![now, family_id],
    )?;
    conn.execute(
        "UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE family_id = ?2",
        params![now, family_id],
    )?;
    Ok(())
}

/// A stored refresh token.
#[derive(Debug, Clone)]
pub struct RefreshToken {
    pub id: i64,
    pub family_id: i64,
    pub client_row_id: i64,
    pub user_id: i64,
    pub scopes: ScopeSet,
    pub expires_at: i64,
    pub used: bool,
    pub revoked: bool,
}

pub fn find_refresh_token(conn: &Connection, token_hash: &[u8]) -> Result<Option<RefreshToken>> {
    Ok(conn
        .prepare_cached(
            "SELECT id, family_id, client_id, user_id, scopes, expires_at, used_at IS NOT NULL,
                    revoked_at IS NOT NULL
             FROM refresh_tokens WHERE token_hash = ?1",
        )?
        .query_row([token_hash], |r| {
            Ok(RefreshToken {
                id: r.get(0)?,
                family_id: r.get(1)?,
                client_row_id: r.get(2)?,
                user_id: r.get(3)?,
                scopes: ScopeSet::parse(&r.get::<_, String>(4)?).unwrap_or_default(),
                expires_at: r.get(5)?,
                used: r.get(6)?,
                revoked: r.get(7)?,
            })
        })
        .optional()?)
}

/// Stores a refresh token; with no family, it starts one (its own id). Returns the family.
pub fn insert_refresh_token(
    conn: &Connection,
    token_hash: &[u8],
    client_row_id: i64,
    user_id: i64,
    scopes: ScopeSet,
    expires_at: i64,
    family_id: Option<i64>,
) -> Result<i64> {
    conn.prepare_cached(
        "INSERT INTO refresh_tokens (token_hash, family_id, client_id, user_id, scopes, created_at, expires_at)
         VALUES (?1, COALESCE(?2, 0), ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![token_hash, family_id, client_row_id, user_id, scopes.to_string(), time::now(), expires_at])?;
    let id = conn.last_insert_rowid();
    match family_id {
        Some(family) => Ok(family),
        None => {
            conn.execute(
                "UPDATE refresh_tokens SET family_id = ?1 WHERE id = ?1",
                [id],
            )?;
            Ok(id)
        }
    }
}

pub fn mark_refresh_token_used(conn: &Connection, id: i64) -> Result<()> {
    conn.execute(
        "UPDATE refresh_tokens SET used_at = ?1 WHERE id = ?2",
        params![time::now(), id],
    )?;
    Ok(())
}

/// An authorization code waiting to be exchanged.
#[derive(Debug, Clone)]
pub struct AuthorizationCode {
    pub client_row_id: i64,
    pub user_id: i64,
    pub redirect_uri: String,
    pub code_challenge: String,
    pub scopes: ScopeSet,
    pub expires_at: i64,
    pub used: bool,
    pub family_id: Option<i64>,
}

#[allow(clippy::too_many_arguments)]
pub fn insert_code(
    conn: &Connection,
    code_hash: &[u8],
    client_row_id: i64,
    user_id: i64,
    redirect_uri: &str,
    code_challenge: &str,
    scopes: ScopeSet,
    expires_at: i64,
) -> Result<()> {
    conn.execute(
        "INSERT INTO authorization_codes (code_hash, client_id, user_id, redirect_uri, code_challenge, scopes, expires_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![code_hash, client_row_id, user_id, redirect_uri, code_challenge, scopes.to_string(), expires_at],
    )?;
    // Spent and expired codes are of no use to anyone.
    conn.execute(
        "DELETE FROM authorization_codes WHERE expires_at < ?1",
        [time::unix_now() - 3600],
    )?;
    Ok(())
}

pub fn find_code(conn: &Connection, code_hash: &[u8]) -> Result<Option<AuthorizationCode>> {
    Ok(conn
        .prepare_cached(
            "SELECT client_id, user_id, redirect_uri, code_challenge, scopes, expires_at,
                    used_at IS NOT NULL, family_id
             FROM authorization_codes WHERE code_hash = ?1",
        )?
        .query_row([code_hash], |r| {
            Ok(AuthorizationCode {
                client_row_id: r.get(0)?,
                user_id: r.get(1)?,
                redirect_uri: r.get(2)?,
                code_challenge: r.get(3)?,
                scopes: ScopeSet::parse(&r.get::<_, String>(4)?).unwrap_or_default(),
                expires_at: r.get(5)?,
                used: r.get(6)?,
                family_id: r.get(7)?,
            })
        })
        .optional()?)
}

pub fn mark_code_used(conn: &Connection, code_hash: &[u8], family_id: i64) -> Result<()> {
    conn.execute(
        "UPDATE authorization_codes SET used_at = ?1, family_id = ?2 WHERE code_hash = ?3",
        params![time::unix_now(), family_id, code_hash],
    )?;
    Ok(())
}
