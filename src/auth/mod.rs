//! Authentication and authorisation of API requests.
//!
//! - `secrets`: making and checking client ids, client secrets and access tokens (only
//!   hashes are ever stored).
//! - `token_endpoint`: `POST /oauth/token`, the client-credentials grant (RFC 6749 4.4).
//! - [`Auth`]: the extractor handlers take to require a token with a scope; it yields the
//!   [`Principal`] the request acts for.
//! - [`ReadAccess`]: the same check for endpoints that only read, deferred into the
//!   handler's own database read, so that a GET costs one trip to the blocking pool and
//!   one read transaction instead of two (the token lookup and the data share them).

pub mod authorize;
pub mod pkce;
pub mod revoke;
pub mod secrets;
pub mod throttle;
pub mod token_endpoint;

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use rusqlite::Connection;

use crate::db::{Db, clients, users};
use crate::domain::scope::{Scope, ScopeSet};
use crate::domain::time;
use crate::error::Error;
use crate::server::AppState;

/// Who a request acts for: a client of one account, with the scopes of its token.
#[derive(Debug, Clone)]
pub struct Principal {
    /// For a personal token, the account named by `X-Account-Id`.
    pub account_id: i64,
    pub client_id: String,
    /// For a personal token: the token's scopes narrowed to the user's role there.
    pub scopes: ScopeSet,
    /// Set for personal tokens.
    pub user_id: Option<i64>,
}

/// The scopes an [`Auth`] extractor accepts: any one of `ANY_OF`.
pub trait RequiredScope: Send + Sync {
    const ANY_OF: &'static [Scope];
    /// How the requirement is named in a 403 and its challenge.
    const NAME: &'static str;
}

/// Marker: the endpoint needs `read`.
pub struct Read;
/// Marker: the endpoint needs `write`.
pub struct Write;
/// Marker: check-in operations and scans, allowed by `check_in` or `write`.
pub struct CheckIn;

impl RequiredScope for Read {
    const ANY_OF: &'static [Scope] = &[Scope::Read];
    const NAME: &'static str = "read";
}
impl RequiredScope for Write {
    const ANY_OF: &'static [Scope] = &[Scope::Write];
    const NAME: &'static str = "write";
}
impl RequiredScope for CheckIn {
    const ANY_OF: &'static [Scope] = &[Scope::CheckIn, Scope::Write];
    const NAME: &'static str = "check_in";
}

/// A request carrying a valid bearer token with scope `S`.
pub struct Auth<S: RequiredScope> {
    pub principal: Principal,
    _scope: PhantomData<S>,
}

impl<S: RequiredScope> Auth<S> {
    pub fn account_id(&self) -> i64 {
        self.principal.account_id
    }
}

impl Principal {
    /// Who owns idempotency keys: `client:<client_id>` for machine tokens, `user:<id>`
    /// for personal tokens.
    pub fn owner(&self) -> String {
        match self.user_id {
            Some(user) => format!("user:{user}"),
            None => format!("client:{}", self.client_id),
        }
    }
}

impl<S: RequiredScope> FromRequestParts<AppState> for Auth<S> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let principal = authenticate(parts, state).await?;
        if !S::ANY_OF
            .iter()
            .any(|scope| principal.scopes.contains(*scope))
        {
            return Err(Error::InsufficientScope(S::NAME));
        }
        Ok(Auth {
            principal,
            _scope: PhantomData,
        })
    }
}

/// A signed-in organiser: a personal token whose user is an organiser of the account it
/// names (`write` on a personal token means exactly that). Managing people is for
/// people: client credentials, whatever their scopes, are refused with 403.
pub struct Organiser {
    pub principal: Principal,
}

impl Organiser {
    pub fn account_id(&self) -> i64 {
        self.principal.account_id
    }
}

impl FromRequestParts<AppState> for Organiser {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let Auth { principal, .. } = Auth::<Write>::from_request_parts(parts, state).await?;
        if principal.user_id.is_none() {
            return Err(Error::Forbidden(
                "only an organiser who signed in may do this (client credentials may not)".into(),
            ));
        }
        Ok(Organiser { principal })
    }
}

/// A request whose bearer token is checked (for scope `S`) inside the handler's own
/// database job rather than in a job of its own: a GET, or a check-in, then costs one trip
/// to a database thread instead of two. Only the shape of the header is checked up front.
pub struct Access<S: RequiredScope> {
    token_hash: Vec<u8>,
    account_header: Option<String>,
    _scope: PhantomData<S>,
}

/// Access for endpoints that only read.
pub type ReadAccess = Access<Read>;

impl<S: RequiredScope> FromRequestParts<AppState> for Access<S> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &AppState) -> Result<Self, Error> {
        Ok(Access {
            token_hash: bearer_token_hash(&parts.headers)?,
            account_header: account_header(&parts.headers),
            _scope: PhantomData,
        })
    }
}

impl<S: RequiredScope + 'static> Access<S> {
    fn verify(&self, conn: &Connection) -> Result<Principal, Error> {
        let principal = lookup(conn, &self.token_hash, self.account_header.as_deref())?;
        if !S::ANY_OF
            .iter()
            .any(|scope| principal.scopes.contains(*scope))
        {
            return Err(Error::InsufficientScope(S::NAME));
        }
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
}

/// Personal tokens name the account they act in with this header.
pub const ACCOUNT_HEADER: &str = "x-account-id";

fn account_header(headers: &HeaderMap) -> Option<String> {
    headers
        .get(ACCOUNT_HEADER)
        .map(|v| v.to_str().unwrap_or("?").trim().to_owned())
}

/// The principal of a token. Machine tokens act in their client's account and ignore
/// `X-Account-Id` (400 all the same when it is not a number). Personal tokens must name an account of the user in `X-Account-Id`
/// (400 when missing or not a number, 403 when the user is not a member) and get the
/// token's scopes narrowed to the user's role there.
fn lookup(conn: &Connection, token_hash: &[u8], account: Option<&str>) -> Result<Principal, Error> {
    let grant = clients::find_token(conn, token_hash, time::unix_now())?.ok_or_else(|| {
        Error::InvalidToken("the access token is invalid, expired or revoked".into())
    })?;
    // The header is an account id for every token: a machine token ignores the value but
    // not a malformed one, so that the document can declare the header as an integer.
    let account = account
        .map(|a| {
            a.parse::<i64>()
                .map_err(|_| Error::BadRequest(format!("X-Account-Id `{a}` is not an account id")))
        })
        .transpose()?;
    let Some(user_id) = grant.user_id else {
        return Ok(Principal {
            account_id: grant.account_id,
            client_id: grant.client_id,
            scopes: grant.scopes,
            user_id: None,
        });
    };
    let account = account.ok_or_else(|| {
        Error::BadRequest(
            "personal tokens must send the X-Account-Id header naming one of your accounts".into(),
        )
    })?;
    let account_id = account;
    let role = users::role(conn, user_id, account_id)?
        .ok_or_else(|| Error::Forbidden(format!("you are not a member of account {account_id}")))?;
    Ok(Principal {
        account_id,
        client_id: grant.client_id,
        scopes: grant.scopes.intersection(role.scopes()),
        user_id: Some(user_id),
    })
}

/// The user of a personal token, for `/me` (which needs no `X-Account-Id`).
pub async fn personal_user(
    headers: &HeaderMap,
    db: &Db,
) -> Result<crate::domain::user::User, Error> {
    let hash = bearer_token_hash(headers)?;
    db.read(move |conn| {
        let grant = clients::find_token(conn, &hash, time::unix_now())?.ok_or_else(|| {
            Error::InvalidToken("the access token is invalid, expired or revoked".into())
        })?;
        let user_id = grant.user_id.ok_or_else(|| {
            Error::Forbidden("only personal tokens (a signed-in person) may call /me".into())
        })?;
        users::get(conn, user_id)?.ok_or_else(|| {
            Error::InvalidToken("the access token is invalid, expired or revoked".into())
        })
    })
    .await
}

/// Finds the principal of the request's bearer token (RFC 6750 2.1).
async fn authenticate(parts: &Parts, state: &AppState) -> Result<Principal, Error> {
    principal_of(&parts.headers, state).await
}

/// The principal of the bearer token in `headers`, whatever its scopes.
pub async fn principal_of(headers: &HeaderMap, state: &AppState) -> Result<Principal, Error> {
    let hash = bearer_token_hash(headers)?;
    let account = account_header(headers);
    state
        .db
        .read(move |conn| lookup(conn, &hash, account.as_deref()))
        .await
}

/// The SHA-256 of the request's bearer token; 401 when there is none or it is malformed.
fn bearer_token_hash(headers: &HeaderMap) -> Result<Vec<u8>, Error> {
    let Some(header) = headers.get(AUTHORIZATION) else {
        return Err(Error::Unauthorized(
            "missing access token: send `Authorization: Bearer <token>`".into(),
        ));
    };
    let token = header
        .to_str()
        .ok()
        .and_then(|h| {
            let (scheme, rest) = h.split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| rest.trim())
        })
        .filter(|t| secrets::looks_like_token(t))
        .ok_or_else(|| {
            Error::InvalidToken("malformed Authorization header: expected `Bearer <token>`".into())
        })?;
    Ok(secrets::token_hash(token))
}
