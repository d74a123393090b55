//! Users and their memberships of accounts.

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::time;
use crate::domain::user::{Membership, Role, User};
use crate::error::{Error, Result};

/// What sign-in needs to know about a user.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub id: i64,
    pub password_hash: String,
    pub disabled: bool,
}

/// Creates a user, or adds a membership to an existing user with that email (whose name
/// and password then stay as they are). Returns the user's id.
pub fn create(
    conn: &Connection,
    email: &str,
    name: &str,
    password_hash: &str,
    account_id: i64,
    role: Role,
) -> Result<i64> {
    let existing: Option<i64> = conn
        .prepare_cached("SELECT id FROM users WHERE email = ?1")?
        .query_row([email], |r| r.get(0))
        .optional()?;
    let id = match existing {
        Some(id) => id,
        None => {
            conn.execute(
                "INSERT INTO users (email, name, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![email, name, password_hash, time::now()],
            )?;
            conn.last_insert_rowid()
        }
    };
    conn.execute(
        "INSERT INTO memberships (user_id, account_id, role, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, account_id) DO UPDATE SET role = excluded.role",
        params![id, account_id, role, time::now()],
    )?;
    Ok(id)
}

pub fn credentials(conn: &Connection, email: &str) -> Result<Option<Credentials>> {
    Ok(conn
        .prepare_cached(
            "SELECT id, password_hash, disabled_at IS NOT NULL FROM users WHERE email = ?1",
        )?
        .query_row([email.trim()], |r| {
            Ok(Credentials {
                id: r.get(0)?,
                password_hash: r.get(1)?,
                disabled: r.get(2)?,
            })
        })
        .optional()?)
}

/// The user with their memberships; None when unknown or disabled.
pub fn get(conn: &Connection, id: i64) -> Result<Option<User>> {
    let user = conn
        .prepare_cached(
            "SELECT id, email, name, created_at FROM users WHERE id = ?1 AND disabled_at IS NULL",
        )?
        .query_row([id], |r| {
            Ok(User {
                id: r.get(0)?,
                email: r.get(1)?,
                name: r.get(2)?,
                created_at: r.get(3)?,
                accounts: Vec::new(),
            })
        })
        .optional()?;
    let Some(mut user) = user else {
        return Ok(None);
    };
    user.accounts = memberships(conn, id)?;
    Ok(Some(user))
}

/// The accounts a user belongs to, with the role in each.
fn memberships(conn: &Connection, user_id: i64) -> Result<Vec<Membership>> {
    let mut stmt = conn.prepare_cached(
        "SELECT m.account_id, a.name, m.role FROM memberships m JOIN accounts a ON a.id = m.account_id
         WHERE m.user_id = ?1 ORDER BY m.account_id",
    )?;
    let rows = stmt.query_map([user_id], |r| {
        Ok(Membership {
            account_id: r.get(0)?,
            account_name: r.get(1)?,
            role: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The user's role in the account, if an enabled user is a member.
pub fn role(conn: &Connection, user_id: i64, account_id: i64) -> Result<Option<Role>> {
    Ok(conn
        .prepare_cached(
            "SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE m.user_id = ?1 AND m.account_id = ?2 AND u.disabled_at IS NULL",
        )?
        .query_row(params![user_id, account_id], |r| r.get(0))
        .optional()?)
}

pub fn list(conn: &Connection) -> Result<Vec<(User, bool)>> {
    let ids: Vec<(i64, bool)> = conn
        .prepare("SELECT id, disabled_at IS NOT NULL FROM users ORDER BY id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut users = Vec::with_capacity(ids.len());
    for (id, disabled) in ids {
        // Disabled users are listed too; read them without the enabled filter.
        let user = conn.query_row(
            "SELECT id, email, name, created_at FROM users WHERE id = ?1",
            [id],
            |r| {
                Ok(User {
                    id: r.get(0)?,
                    email: r.get(1)?,
                    name: r.get(2)?,
                    created_at: r.get(3)?,
                    accounts: Vec::new(),
                })
            },
        )?;
        let accounts = memberships(conn, id)?;
        users.push((User { accounts, ..user }, disabled));
    }
    Ok(users)
}

/// Disables a user (by email or id) and revokes every token they hold.
pub fn disable(conn: &Connection, who: &str) -> Result<i64> {
    let id: Option<i64> = conn
        .prepare("SELECT id FROM users WHERE email = ?1 OR CAST(id AS TEXT) = ?1")?
        .query_row([who.trim()], |r| r.get(0))
        .optional()?;
    let id = id.ok_or_else(|| Error::not_found(format_args!("user {who}")))?;
    let now = time::now();
    conn.execute(
        "UPDATE users SET disabled_at = COALESCE(disabled_at, ?1) WHERE id = ?2",
        params![now, id],
    )?;
    conn.execute(
        "UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE user_id = ?2",
        params![now, id],
    )?;
    conn.execute(
        "UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE user_id = ?2",
        params![now, id],
    )?;
    Ok(id)
}
