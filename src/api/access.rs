//! [`Access`]: the one extractor by which a handler requires a bearer token.
//!
//! For reads and check-in operations, extraction only reads the `Authorization` and
//! `X-Account-Id` headers (401 when the token is missing or malformed); the token itself
//! is looked up inside the handler's own database job ([`Access::read`],
//! [`Access::write`]), so that a request costs one trip to a database thread and one
//! transaction, not a trip for the token and another for the work; a refused token
//! writes nothing. Requirements marked `EAGER` (`write`, organisers) are checked at
//! extraction instead, before the body is read and validated, so that a caller without
//! the scope gets 401/403 and never a 422 about input it may not send.
//!
//! When the idempotency layer has already looked the token up for this request (it needs
//! the owner of the key), it leaves the [`Verified`] principal in the request's
//! extensions and no lookup is repeated: a keyed POST costs one read (token and stored
//! answer together) and one write.

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use rusqlite::Connection;

use super::state::AppState;
use crate::auth::{self, Principal, Read, RequiredScope};
use crate::db::Db;
use crate::error::Error;

/// A request's bearer token, to be checked for `S` in the handler's database job.
pub struct Access<S: RequiredScope> {
    token_hash: Vec<u8>,
    account_header: Option<String>,
    verified: Option<Principal>,
    _scope: PhantomData<S>,
}

/// Access for endpoints that only read.
pub type ReadAccess = Access<Read>;

/// What it takes to ask again, later, whether a request's token may still do `S`: for
/// answers that outlive the request (the check-in stream), which must end when the token
/// loses its right (revoked, expired, its person disabled or their role removed).
pub struct Recheck<S: RequiredScope> {
    token_hash: Vec<u8>,
    account_header: Option<String>,
    _scope: PhantomData<S>,
}

impl<S: RequiredScope> Recheck<S> {
    /// Ok while the token still may do `S` in the account it named; in the caller's
    /// transaction (the lookup is a cached copy while nothing of who may do what changed).
    pub fn still_allowed(&self, conn: &Connection) -> Result<(), Error> {
        let principal = auth::lookup(conn, &self.token_hash, self.account_header.as_deref())?;
        S::admit(&principal)
    }
}

/// The principal of this request's token, looked up earlier in the same request (by the
/// idempotency layer). Only the server's own layers insert it.
#[derive(Clone)]
pub struct Verified(pub Principal);

impl<S: RequiredScope> FromRequestParts<AppState> for Access<S> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let token_hash = auth::bearer_token_hash(&parts.headers)?;
        let account_header = auth::account_header(&parts.headers);
        let verified = match parts.extensions.get::<Verified>() {
            Some(Verified(principal)) => Some(principal.clone()),
            None if S::EAGER => {
                let (hash, account) = (token_hash.clone(), account_header.clone());
                let principal = state
                    .db
                    .read(move |conn| auth::lookup(conn, &hash, account.as_deref()))
                    .await?;
                Some(principal)
            }
            None => None,
        };
        if let Some(principal) = &verified {
            S::admit(principal)?;
        }
        Ok(Access {
            token_hash,
            account_header,
            verified,
            _scope: PhantomData,
        })
    }
}

impl<S: RequiredScope + 'static> Access<S> {
    /// The token and account of this request, to be checked again later.
    pub fn recheck(&self) -> Recheck<S> {
        Recheck {
            token_hash: self.token_hash.clone(),
            account_header: self.account_header.clone(),
            _scope: PhantomData,
        }
    }

    /// The principal, admitted for `S`, in the caller's transaction.
    fn verify(&self, conn: &Connection) -> Result<Principal, Error> {
        let principal = match &self.verified {
            Some(principal) => principal.clone(),
            None => auth::lookup(conn, &self.token_hash, self.account_header.as_deref())?,
        };
        S::admit(&principal)?;
        Ok(principal)
    }

    /// Checks the token and runs `f` with the token's account id, in one read
    /// transaction on one reader connection.
    pub async fn read<T, F>(self, db: &Db, f: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, i64) -> Result<T, Error> + Send + 'static,
    {
        db.read(move |conn| {
            let principal = self.verify(conn)?;
            f(conn, principal.account_id)
        })
        .await
    }

    /// [`Access::read`] for a point read (one record by its key): see [`Db::read_point`].
    pub async fn read_point<T, F>(self, db: &Db, f: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, i64) -> Result<T, Error> + Send + 'static,
    {
        db.read_point(move |conn| {
            let principal = self.verify(conn)?;
            f(conn, principal.account_id)
        })
        .await
    }

    /// Checks the token and runs `f` in the writer's transaction; a refused token writes
    /// nothing.
    pub async fn write<T, F>(self, db: &Db, f: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, &Principal) -> Result<T, Error> + Send + 'static,
    {
        db.write(move |conn| {
            let principal = self.verify(conn)?;
            f(conn, &principal)
        })
        .await
    }

    /// Checks the token and runs `f` in a read, keeping the principal, so that the write
    /// that follows (after some work between the two) does not look the token up again.
    pub async fn read_first<T, F>(self, db: &Db, f: F) -> Result<(Self, T), Error>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, &Principal) -> Result<T, Error> + Send + 'static,
    {
        db.read(move |conn| {
            let principal = self.verify(conn)?;
            let value = f(conn, &principal)?;
            Ok((
                Access {
                    verified: Some(principal),
                    ..self
                },
                value,
            ))
        })
        .await
    }

    /// The caller, for a handler that must know it before it does anything costly
    /// (hashing a secret, holding a stream open): at once when it was checked already,
    /// else in a read of its own.
    pub async fn principal(self, db: &Db) -> Result<Principal, Error> {
        if let Some(principal) = &self.verified {
            S::admit(principal)?;
            return Ok(principal.clone());
        }
        db.read(move |conn| self.verify(conn)).await
    }
}
