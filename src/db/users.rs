//! Users and their memberships of accounts.

use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::scope::ScopeSet;
use crate::domain::time;
use crate::domain::user::{Membership, Role, StaffMember, User};
use crate::error::{Error, Result};

/// What sign-in needs to know about a user.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub id: i64,
    pub password_hash: String,
    pub disabled: bool,
    /// The passphrase is one an organiser was shown: the next sign-in asks for a new one.
    pub temporary: bool,
}

/// Creates a user, or adds a membership to an existing user with that email (whose name
/// and password then stay as they are). Returns the user's id. For the operator (the
/// command line, the first run, the demo): the membership is accepted at once. An
/// organiser adding staff goes through [`add_staff`], which never does that.
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
        None => insert_person(conn, email, name, password_hash)?,
    };
    conn.execute(
        "INSERT INTO memberships (user_id, account_id, role, created_at, accepted_at)
         VALUES (?1, ?2, ?3, ?4, ?4)
         ON CONFLICT (user_id, account_id) DO UPDATE SET role = excluded.role,
             accepted_at = COALESCE(accepted_at, excluded.accepted_at)",
        params![id, account_id, role, time::now()],
    )?;
    Ok(id)
}

/// A new person, with a random id: ids in order would tell an organiser who adds an email
/// whether it is a new person (the next id) or someone who was here before (an older one),
/// which an invitation must not (issue 36). 53 bits, so that JavaScript reads them whole.
fn insert_person(conn: &Connection, email: &str, name: &str, password_hash: &str) -> Result<i64> {
    use rand::Rng as _;
    let mut tries = 0;
    loop {
        let id: i64 = rand::rng().random_range(1..(1i64 << 53));
        let inserted = conn.execute(
            "INSERT INTO users (id, email, name, password_hash, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (id) DO NOTHING",
            params![id, email, name, password_hash, time::now()],
        )?;
        tries += 1;
        if inserted == 1 {
            return Ok(id);
        }
        if tries >= 8 {
            return Err(Error::internal("no free user id after 8 random tries"));
        }
    }
}

/// Adds a person to an account on an organiser's word (`POST /kiosk/staff`). A new email
/// becomes a new person who signs in with `password_hash` (the temporary passphrase); an
/// email that already signs in on this kiosk becomes an invitation, which gives this
/// account no power over the person's sign-in and no role until the person accepts it.
/// Returns the user's id.
pub fn add_staff(
    conn: &Connection,
    account_id: i64,
    email: &str,
    name: &str,
    password_hash: &str,
    role: Role,
) -> Result<i64> {
    let existing: Option<i64> = conn
        .prepare_cached("SELECT id FROM users WHERE email = ?1")?
        .query_row([email], |r| r.get(0))
        .optional()?;
    let now = time::now();
    match existing {
        Some(id) => {
            conn.execute(
                "INSERT INTO memberships (user_id, account_id, role, created_at, name)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, account_id, role, now, name],
            )?;
            Ok(id)
        }
        None => {
            let id = insert_person(conn, email, name, password_hash)?;
            // The organiser saw it: the person chooses their own at the first sign-in.
            conn.execute(
                "UPDATE users SET password_temporary = 1 WHERE id = ?1",
                [id],
            )?;
            conn.execute(
                "INSERT INTO memberships (user_id, account_id, role, created_at, accepted_at)
                 VALUES (?1, ?2, ?3, ?4, ?4)",
                params![id, account_id, role, now],
            )?;
            Ok(id)
        }
    }
}

/// The person accepts an invitation to the account; 404 when there is none.
pub fn accept_invitation(conn: &Connection, user_id: i64, account_id: i64) -> Result<()> {
    let changed = conn.execute(
        "UPDATE memberships SET accepted_at = ?1
         WHERE user_id = ?2 AND account_id = ?3 AND accepted_at IS NULL",
        params![time::now(), user_id, account_id],
    )?;
    if changed == 0 {
        return Err(Error::not_found(format_args!(
            "invitation to account {account_id}"
        )));
    }
    Ok(())
}

/// The person declines an invitation to the account; 404 when there is none.
pub fn decline_invitation(conn: &Connection, user_id: i64, account_id: i64) -> Result<()> {
    let changed = conn.execute(
        "DELETE FROM memberships WHERE user_id = ?1 AND account_id = ?2 AND accepted_at IS NULL",
        params![user_id, account_id],
    )?;
    if changed == 0 {
        return Err(Error::not_found(format_args!(
            "invitation to account {account_id}"
        )));
    }
    Ok(())
}

/// Whether the person is in `account_id` only: an accepted member there and with no
/// membership or invitation anywhere else. Only then may that account's organisers set
/// their passphrase, which is the person's in every account.
pub fn only_in(conn: &Connection, user_id: i64, account_id: i64) -> Result<bool> {
    let (here, elsewhere): (i64, i64) = conn
        .prepare_cached(
            "SELECT COUNT(*) FILTER (WHERE account_id = ?2 AND accepted_at IS NOT NULL),
                    COUNT(*) FILTER (WHERE account_id <> ?2)
             FROM memberships WHERE user_id = ?1",
        )?
        .query_row(params![user_id, account_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(here == 1 && elsewhere == 0)
}

/// Whether the membership is an invitation not yet accepted.
pub fn is_invited(conn: &Connection, user_id: i64, account_id: i64) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM memberships WHERE user_id = ?1 AND account_id = ?2 AND accepted_at IS NULL",
        )?
        .exists(params![user_id, account_id])?)
}

/// Disables or enables the person in one account. Their tokens keep working in their
/// other accounts; in this one the role lookup refuses them from the next request.
pub fn set_disabled_in(
    conn: &Connection,
    user_id: i64,
    account_id: i64,
    disabled: bool,
) -> Result<()> {
    if disabled {
        conn.execute(
            "UPDATE memberships SET disabled_at = COALESCE(disabled_at, ?1)
             WHERE user_id = ?2 AND account_id = ?3",
            params![time::now(), user_id, account_id],
        )?;
    } else {
        conn.execute(
            "UPDATE memberships SET disabled_at = NULL WHERE user_id = ?1 AND account_id = ?2",
            params![user_id, account_id],
        )?;
    }
    Ok(())
}

/// The name one account knows the person by. The person's own name (shown to them and
/// to accounts that never renamed them) changes too when this is their only account.
pub fn set_name_in(conn: &Connection, user_id: i64, account_id: i64, name: &str) -> Result<()> {
    conn.execute(
        "UPDATE memberships SET name = ?1 WHERE user_id = ?2 AND account_id = ?3",
        params![name, user_id, account_id],
    )?;
    if only_in(conn, user_id, account_id)? {
        set_name(conn, user_id, name)?;
    }
    Ok(())
}

pub fn credentials(conn: &Connection, email: &str) -> Result<Option<Credentials>> {
    Ok(conn
        .prepare_cached(
            "SELECT id, password_hash, disabled_at IS NOT NULL, password_temporary
             FROM users WHERE email = ?1",
        )?
        .query_row([email.trim()], credentials_from_row)
        .optional()?)
}

/// The same by the person's id.
pub fn credentials_by_id(conn: &Connection, user_id: i64) -> Result<Option<Credentials>> {
    Ok(conn
        .prepare_cached(
            "SELECT id, password_hash, disabled_at IS NOT NULL, password_temporary
             FROM users WHERE id = ?1",
        )?
        .query_row([user_id], credentials_from_row)
        .optional()?)
}

fn credentials_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Credentials> {
    Ok(Credentials {
        id: r.get(0)?,
        password_hash: r.get(1)?,
        disabled: r.get(2)?,
        temporary: r.get(3)?,
    })
}

/// The person replaces the temporary passphrase they signed in with by their own: only
/// while `temporary_hash` is still the stored one and still temporary (false otherwise:
/// changed meanwhile, or reset again), so a page of the change can be used once.
pub fn replace_temporary_password(
    conn: &Connection,
    user_id: i64,
    temporary_hash: &str,
    password_hash: &str,
) -> Result<bool> {
    let changed = conn.execute(
        "UPDATE users SET password_hash = ?1, password_temporary = 0
         WHERE id = ?2 AND password_hash = ?3 AND password_temporary = 1",
        params![password_hash, user_id, temporary_hash],
    )?;
    Ok(changed == 1)
}

/// A user from `id, email, name, created_at`, without their memberships.
fn user_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: r.get(0)?,
        email: r.get(1)?,
        name: r.get(2)?,
        created_at: r.get(3)?,
        accounts: Vec::new(),
        invitations: Vec::new(),
    })
}

/// The user with their memberships; None when unknown or disabled.
pub fn get(conn: &Connection, id: i64) -> Result<Option<User>> {
    let user = conn
        .prepare_cached(
            "SELECT id, email, name, created_at FROM users WHERE id = ?1 AND disabled_at IS NULL",
        )?
        .query_row([id], user_from_row)
        .optional()?;
    let Some(mut user) = user else {
        return Ok(None);
    };
    user.accounts = memberships(conn, id)?;
    user.invitations = invitations(conn, id)?;
    Ok(Some(user))
}

/// The accounts a user works in, with the role in each: accepted memberships that the
/// account has not disabled.
fn memberships(conn: &Connection, user_id: i64) -> Result<Vec<Membership>> {
    membership_rows(
        conn,
        user_id,
        "m.accepted_at IS NOT NULL AND m.disabled_at IS NULL",
    )
}

/// The invitations a user has not accepted yet, with the role each offers.
pub fn invitations(conn: &Connection, user_id: i64) -> Result<Vec<Membership>> {
    membership_rows(conn, user_id, "m.accepted_at IS NULL")
}

fn membership_rows(conn: &Connection, user_id: i64, filter: &str) -> Result<Vec<Membership>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT m.account_id, a.name, m.role FROM memberships m JOIN accounts a ON a.id = m.account_id
         WHERE m.user_id = ?1 AND {filter} ORDER BY m.account_id"
    ))?;
    let rows = stmt.query_map([user_id], |r| {
        Ok(Membership {
            account_id: r.get(0)?,
            account_name: r.get(1)?,
            role: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The user's role in the account, if an enabled user is a member there: an accepted
/// membership the account has not disabled.
pub fn role(conn: &Connection, user_id: i64, account_id: i64) -> Result<Option<Role>> {
    Ok(conn
        .prepare_cached(
            "SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE m.user_id = ?1 AND m.account_id = ?2 AND u.disabled_at IS NULL
               AND m.accepted_at IS NOT NULL AND m.disabled_at IS NULL",
        )?
        .query_row(params![user_id, account_id], |r| r.get(0))
        .optional()?)
}

/// The most a personal token of the user may do anywhere: the scopes of their roles in
/// all their accounts together (what a token response says was granted).
pub fn most_scopes(conn: &Connection, user_id: i64) -> Result<ScopeSet> {
    let mut stmt = conn.prepare_cached(
        "SELECT role FROM memberships
         WHERE user_id = ?1 AND accepted_at IS NOT NULL AND disabled_at IS NULL",
    )?;
    let roles = stmt.query_map(params![user_id], |r| r.get::<_, Role>(0))?;
    let mut scopes = ScopeSet::default();
    for role in roles {
        scopes = scopes.union(role?.scopes());
    }
    Ok(scopes)
}

/// Every person on this kiosk, in the order they were added.
pub fn list(conn: &Connection) -> Result<Vec<(User, bool)>> {
    let ids: Vec<(i64, bool)> = conn
        .prepare("SELECT id, disabled_at IS NOT NULL FROM users ORDER BY created_at, id")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut users = Vec::with_capacity(ids.len());
    for (id, disabled) in ids {
        // Disabled users are listed too; read them without the enabled filter.
        let user = conn.query_row(
            "SELECT id, email, name, created_at FROM users WHERE id = ?1",
            [id],
            user_from_row,
        )?;
        let accounts = memberships(conn, id)?;
        let invitations = invitations(conn, id)?;
        users.push((
            User {
                accounts,
                invitations,
                ..user
            },
            disabled,
        ));
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
    set_disabled(conn, id, true)?;
    Ok(id)
}

/// Disables (and revokes every token of) or enables a user.
pub fn set_disabled(conn: &Connection, id: i64, disabled: bool) -> Result<()> {
    if disabled {
        conn.execute(
            "UPDATE users SET disabled_at = COALESCE(disabled_at, ?1) WHERE id = ?2",
            params![time::now(), id],
        )?;
        revoke_tokens(conn, id)?;
    } else {
        conn.execute("UPDATE users SET disabled_at = NULL WHERE id = ?1", [id])?;
    }
    Ok(())
}

/// Ends every sign-in of the user: their access and refresh tokens stop working at once.
pub fn revoke_tokens(conn: &Connection, id: i64) -> Result<()> {
    let now = time::now();
    conn.execute(
        "UPDATE access_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE user_id = ?2",
        params![now, id],
    )?;
    conn.execute(
        "UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, ?1) WHERE user_id = ?2",
        params![now, id],
    )?;
    Ok(())
}

/// Whether anybody can sign in yet (the first run's set-up is offered until someone can).
pub fn any(conn: &Connection) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM users LIMIT 1")?
        .exists([])?)
}

/// Notes a successful sign-in.
pub fn record_sign_in(conn: &Connection, id: i64) -> Result<()> {
    conn.execute(
        "UPDATE users SET last_sign_in_at = ?1 WHERE id = ?2",
        params![time::now(), id],
    )?;
    Ok(())
}

/// A person as one account sees them. An invitation shows only what the inviting
/// organiser typed (the name, the email) and the membership's own dates, so that the
/// list never tells whether the email already signed in on this kiosk: an invited person
/// looks like a new person who has not signed in yet.
const STAFF_SELECT: &str = "SELECT u.id, COALESCE(m.name, u.name), u.email, m.role, \
     m.disabled_at IS NOT NULL OR (m.accepted_at IS NOT NULL AND u.disabled_at IS NOT NULL), \
     CASE WHEN m.accepted_at IS NULL THEN NULL ELSE u.last_sign_in_at END, m.created_at \
     FROM memberships m JOIN users u ON u.id = m.user_id";

fn staff_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<StaffMember> {
    Ok(StaffMember {
        id: r.get(0)?,
        name: r.get(1)?,
        email: r.get(2)?,
        role: r.get(3)?,
        disabled: r.get(4)?,
        last_sign_in_at: r.get(5)?,
        created_at: r.get(6)?,
    })
}

/// The people of an account, by name.
pub fn staff(conn: &Connection, account_id: i64) -> Result<Vec<StaffMember>> {
    let mut stmt = conn.prepare_cached(&format!(
        "{STAFF_SELECT} WHERE m.account_id = ?1 ORDER BY u.name COLLATE NOCASE, u.id"
    ))?;
    let rows = stmt.query_map([account_id], staff_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// One person of an account; 404 when they are not a member of it.
pub fn staff_member(conn: &Connection, account_id: i64, user_id: i64) -> Result<StaffMember> {
    conn.prepare_cached(&format!(
        "{STAFF_SELECT} WHERE m.account_id = ?1 AND m.user_id = ?2"
    ))?
    .query_row(params![account_id, user_id], staff_from_row)
    .optional()?
    .ok_or_else(|| Error::not_found(format_args!("staff member {user_id}")))
}

/// Whether a user with this email is already a member of the account.
pub fn is_member(conn: &Connection, account_id: i64, email: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE m.account_id = ?1 AND u.email = ?2",
        )?
        .exists(params![account_id, email])?)
}

/// Organisers of the account who can still work in it: accepted, enabled there, and
/// enabled as a person.
pub fn active_organisers(conn: &Connection, account_id: i64) -> Result<i64> {
    Ok(conn
        .prepare_cached(
            "SELECT COUNT(*) FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE m.account_id = ?1 AND m.role = 'organiser' AND u.disabled_at IS NULL
               AND m.accepted_at IS NOT NULL AND m.disabled_at IS NULL",
        )?
        .query_row([account_id], |r| r.get(0))?)
}

pub fn set_role(conn: &Connection, user_id: i64, account_id: i64, role: Role) -> Result<()> {
    conn.execute(
        "UPDATE memberships SET role = ?1 WHERE user_id = ?2 AND account_id = ?3",
        params![role, user_id, account_id],
    )?;
    Ok(())
}

pub fn set_name(conn: &Connection, user_id: i64, name: &str) -> Result<()> {
    conn.execute(
        "UPDATE users SET name = ?1 WHERE id = ?2",
        params![name, user_id],
    )?;
    Ok(())
}

/// A new password; every sign-in the user had ends. `temporary`: one an organiser was
/// shown, which the person replaces at their next sign-in.
pub fn set_password(
    conn: &Connection,
    user_id: i64,
    password_hash: &str,
    temporary: bool,
) -> Result<()> {
    conn.execute(
        "UPDATE users SET password_hash = ?1, password_temporary = ?3 WHERE id = ?2",
        params![password_hash, user_id, temporary],
    )?;
    revoke_tokens(conn, user_id)
}
