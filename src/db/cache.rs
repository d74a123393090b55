//! Parsed copies of rows that every request reads and few requests change.
//!
//! An attendee read lists the event's form fields with every answer, and every API
//! request looks its token up; reading and parsing those rows again for each request was
//! the largest share of `GET attendee` (BENCHMARKS.md, 2026-11-27). A copy is kept here
//! with the version it was read at, and is used only while the version read *in the
//! caller's transaction* is the same, so a reader never sees rows other than those of its
//! own snapshot: a revoked token is refused by the next request. The versions are kept by
//! triggers (`migrations/0008_versions.sql`), so a change made by anyone (this server, a
//! command line in another process, a sync) makes the copy stale at once. (A restore
//! replaces the file only while no server has it open.)
//!
//! Copies are kept per database file, so that two databases open in one process (the
//! tests, `entrada bench`) never share one; an in-memory database is not cached. Each
//! kind is bounded: past the bound its copies are dropped and read again.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, PoisonError};

use rusqlite::{Connection, OptionalExtension};

use super::clients::TokenGrant;
use crate::domain::field::AttendeeField;
use crate::domain::user::Role;
use crate::error::Result;

/// The value-taking fields of one event, in form order, as one shared list.
pub type Fields = Arc<[Arc<AttendeeField>]>;

/// Per database file: key to (version read at, value).
type ByFile<K, V> = HashMap<String, HashMap<K, (i64, V)>>;

/// Copies of one kind.
struct Copies<K, V> {
    bound: usize,
    files: LazyLock<Mutex<ByFile<K, V>>>,
}

impl<K: Hash + Eq, V: Clone> Copies<K, V> {
    const fn new(bound: usize) -> Self {
        Copies {
            bound,
            files: LazyLock::new(|| Mutex::new(HashMap::new())),
        }
    }

    /// The map, even if a thread panicked while holding it: it holds only copies, each
    /// complete when inserted.
    fn lock(&self) -> MutexGuard<'_, ByFile<K, V>> {
        self.files.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The copy of `key` read at `version` in `file`, else `read()`'s value (kept when
    /// there is one, unless a newer copy is there already: a reader of an older snapshot
    /// must not replace it).
    fn get_or_read<Q>(
        &self,
        file: Option<&str>,
        key: &Q,
        version: i64,
        read: impl FnOnce() -> Result<Option<V>>,
    ) -> Result<Option<V>>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ToOwned<Owned = K> + ?Sized,
    {
        let Some(file) = file.filter(|f| !f.is_empty()) else {
            return read();
        };
        let hit = self.lock().get(file).and_then(|copies| {
            copies
                .get(key)
                .filter(|(at, _)| *at == version)
                .map(|(_, v)| v.clone())
        });
        if hit.is_some() {
            return Ok(hit);
        }
        let fresh = read()?;
        if let Some(value) = &fresh {
            let mut files = self.lock();
            let copies = files.entry(file.to_owned()).or_default();
            if copies.len() >= self.bound {
                copies.clear();
            }
            if copies.get(key).is_none_or(|(at, _)| *at <= version) {
                copies.insert(key.to_owned(), (version, value.clone()));
            }
        }
        Ok(fresh)
    }
}

/// A kiosk works one event or a few at a time.
static FIELDS: Copies<i64, Fields> = Copies::new(256);
/// Token hash to what it grants.
static GRANTS: Copies<Vec<u8>, TokenGrant> = Copies::new(4096);
/// (user, account) to the user's role there.
static ROLES: Copies<(i64, i64), Role> = Copies::new(4096);

/// The fields `read` returns for `event_id`, from the copy when the event's
/// `fields_version` is the one it was read at. An event that does not exist has none.
pub fn fields(
    conn: &Connection,
    event_id: i64,
    read: impl FnOnce() -> Result<Vec<AttendeeField>>,
) -> Result<Fields> {
    let version: Option<i64> = conn
        .prepare_cached("SELECT fields_version FROM events WHERE id = ?1")?
        .query_row([event_id], |r| r.get(0))
        .optional()?;
    match version {
        Some(version) => fields_at(conn, event_id, version, read),
        None => Ok(Arc::from(Vec::new())),
    }
}

/// [`fields`] for a caller that has read the event's `fields_version` in this
/// transaction already (`db::events::check`).
pub fn fields_at(
    conn: &Connection,
    event_id: i64,
    version: i64,
    read: impl FnOnce() -> Result<Vec<AttendeeField>>,
) -> Result<Fields> {
    let shared = FIELDS.get_or_read(conn.path(), &event_id, version, || {
        Ok(Some(read()?.into_iter().map(Arc::new).collect()))
    })?;
    Ok(shared.unwrap_or_else(|| Arc::from(Vec::new())))
}

/// Grants and roles as of one transaction's snapshot: [`auth`] reads the version once.
pub struct Auth<'c> {
    conn: &'c Connection,
    version: i64,
}

/// The snapshot of who may do what, for the lookups of one request.
pub fn auth(conn: &Connection) -> Result<Auth<'_>> {
    let version = conn
        .prepare_cached("SELECT n FROM versions WHERE name = 'auth'")?
        .query_row([], |r| r.get(0))?;
    Ok(Auth { conn, version })
}

impl Auth<'_> {
    /// What the token of `hash` grants, if it is known and not revoked: `read` looks it
    /// up when the copy is missing or stale. A copy past its expiry is not used.
    pub fn grant(
        &self,
        hash: &[u8],
        now: i64,
        read: impl FnOnce() -> Result<Option<TokenGrant>>,
    ) -> Result<Option<TokenGrant>> {
        let grant = GRANTS.get_or_read(self.conn.path(), hash, self.version, read)?;
        match grant {
            Some(g) if g.expires_at <= now => Ok(None),
            other => Ok(other),
        }
    }

    /// The role of `user` in `account`, if they are a member and not disabled.
    pub fn role(
        &self,
        user: i64,
        account: i64,
        read: impl FnOnce() -> Result<Option<Role>>,
    ) -> Result<Option<Role>> {
        ROLES.get_or_read(self.conn.path(), &(user, account), self.version, read)
    }
}
