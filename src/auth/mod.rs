//! Who a request acts for, decided without HTTP: token lookup, scopes, secrets, PKCE and
//! the sign-in throttle. The HTTP side (the `Access` extractor, the `/oauth/*` endpoints)
//! is `crate::api::access` and `crate::api::oauth`; this module imports nothing of it.
//!
//! - `secrets`: making and checking client ids, client secrets and access tokens (only
//!   hashes are ever stored).
//! - [`lookup`]: the [`Principal`] of a token hash, in the caller's transaction, so the
//!   check shares the handler's own database trip.
//! - [`RequiredScope`]: what an endpoint requires (`Read`, `Write`, `CheckIn`, `Organiser`).

pub mod pkce;
pub mod secrets;
pub mod throttle;

use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;

use rusqlite::Connection;

use crate::db::{Db, cache, clients, users};
use crate::domain::scope::{Scope, ScopeSet};
use crate::domain::time;
use crate::error::Error;

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
    /// A kiosk joined to this hub: a door's rights only (see [`DoorWrite`]).
    pub joined_kiosk: bool,
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

/// What an endpoint requires of its caller: any one of the scopes `ANY_OF`, and whatever
/// else [`RequiredScope::admit`] adds.
pub trait RequiredScope: Send + Sync {
    const ANY_OF: &'static [Scope];
    /// How the requirement is named in a 403 and its challenge.
    const NAME: &'static str;
    /// Whether the caller is checked before the request's body and query are: endpoints
    /// that validate input before their work answer 401/403 before 422, as a stranger
    /// must learn nothing of what the endpoint accepts. Reads and check-in operations,
    /// whose input is checked inside their one database job, check the token there too.
    const EAGER: bool = false;

    /// Ok when `principal` may call the endpoint; 403 otherwise.
    fn admit(principal: &Principal) -> Result<(), Error> {
        has_scope::<Self>(principal)
    }
}

/// 403 unless `principal` holds one of `S::ANY_OF`.
fn has_scope<S: RequiredScope + ?Sized>(principal: &Principal) -> Result<(), Error> {
    if S::ANY_OF
        .iter()
        .any(|scope| principal.scopes.contains(*scope))
    {
        Ok(())
    } else {
        Err(Error::InsufficientScope(S::NAME))
    }
}

/// Marker: the endpoint needs `read`.
pub struct Read;
/// Marker: the endpoint needs `write`, and is not a door's work: a kiosk joined to this
/// hub is refused, whatever its client's scopes (issue 36: its credentials travel the
/// venue's network and sit on a door's machine).
pub struct Write;
/// Marker: `write` for what a joined kiosk's sync must push to its hub: walk-ins and
/// attendee edits, its report and the duplicate entries it found. Every other `write`
/// caller may too.
pub struct DoorWrite;
/// Marker: check-in operations and scans, allowed by `check_in` or `write`.
pub struct CheckIn;

impl RequiredScope for Read {
    const ANY_OF: &'static [Scope] = &[Scope::Read];
    const NAME: &'static str = "read";
}
impl RequiredScope for Write {
    const ANY_OF: &'static [Scope] = &[Scope::Write];
    const NAME: &'static str = "write";
    const EAGER: bool = true;

    fn admit(principal: &Principal) -> Result<(), Error> {
        has_scope::<Self>(principal)?;
        if principal.joined_kiosk {
            return Err(Error::Forbidden(
                "a kiosk joined to this hub may check in, scan and push its walk-ins and edits, nothing more".into(),
            ));
        }
        Ok(())
    }
}
impl RequiredScope for DoorWrite {
    const ANY_OF: &'static [Scope] = &[Scope::Write];
    const NAME: &'static str = "write";
    const EAGER: bool = true;
}
impl RequiredScope for CheckIn {
    const ANY_OF: &'static [Scope] = &[Scope::CheckIn, Scope::Write];
    const NAME: &'static str = "check_in";
}

/// Marker: a signed-in organiser, that is a personal token whose user is an organiser of
/// the account it names (`write` on a personal token means exactly that). Managing people
/// is for people: client credentials, whatever their scopes, are refused with 403.
pub struct Organiser;

impl RequiredScope for Organiser {
    const ANY_OF: &'static [Scope] = &[Scope::Write];
    const NAME: &'static str = "write";
    const EAGER: bool = true;

    fn admit(principal: &Principal) -> Result<(), Error> {
        has_scope::<Self>(principal)?;
        if principal.user_id.is_none() {
            return Err(Error::Forbidden(
                "only an organiser who signed in may do this (client credentials may not)".into(),
            ));
        }
        Ok(())
    }
}

/// Personal tokens name the account they act in with this header.
pub const ACCOUNT_HEADER: &str = "x-account-id";

pub fn account_header(headers: &HeaderMap) -> Option<String> {
    headers
        .get(ACCOUNT_HEADER)
        .map(|v| v.to_str().unwrap_or("?").trim().to_owned())
}

/// The principal of a token. Machine tokens act in their client's account and ignore
/// `X-Account-Id` (400 all the same when it is not a number). Personal tokens must name an account of the user in `X-Account-Id`
/// (400 when missing or not a number, 403 when the user is not a member) and get the
/// token's scopes narrowed to the user's role there.
pub fn lookup(
    conn: &Connection,
    token_hash: &[u8],
    account: Option<&str>,
) -> Result<Principal, Error> {
    let now = time::unix_now();
    let known = cache::auth(conn)?;
    let grant = known
        .grant(token_hash, now, || {
            clients::find_token(conn, token_hash, now)
        })?
        .ok_or_else(|| {
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
            joined_kiosk: grant.joined_kiosk,
        });
    };
    let account = account.ok_or_else(|| {
        Error::BadRequest(
            "personal tokens must send the X-Account-Id header naming one of your accounts".into(),
        )
    })?;
    let account_id = account;
    let role = known
        .role(user_id, account_id, || {
            users::role(conn, user_id, account_id)
        })?
        .ok_or_else(|| Error::Forbidden(format!("you are not a member of account {account_id}")))?;
    Ok(Principal {
        account_id,
        client_id: grant.client_id,
        scopes: grant.scopes.intersection(role.scopes()),
        user_id: Some(user_id),
        joined_kiosk: false,
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

/// The SHA-256 of the request's bearer token; 401 when there is none or it is malformed.
pub fn bearer_token_hash(headers: &HeaderMap) -> Result<Vec<u8>, Error> {
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
        .filter(|t| !t.is_empty() && !t.contains(char::is_whitespace))
        .ok_or_else(|| {
            Error::InvalidToken("malformed Authorization header: expected `Bearer <token>`".into())
        })?;
    // A well-formed header whose token cannot be one of ours is an unknown token, and
    // says so (issue 37: `Bearer nope` was called malformed).
    if !secrets::looks_like_token(token) {
        return Err(Error::InvalidToken(
            "the access token is invalid, expired or revoked".into(),
        ));
    }
    Ok(secrets::token_hash(token))
}

/// Whether `given` is one of `registered`; loopback URIs match on any port (RFC 8252 7.3).
pub fn redirect_uri_matches(registered: &[String], given: &str) -> bool {
    let Ok(given_url) = url::Url::parse(given) else {
        return false;
    };
    registered.iter().any(|r| {
        if r == given {
            return true;
        }
        let Ok(r_url) = url::Url::parse(r) else {
            return false;
        };
        let loopback =
            |u: &url::Url| matches!(u.host_str(), Some("127.0.0.1" | "[::1]" | "localhost"));
        loopback(&r_url)
            && r_url.scheme() == given_url.scheme()
            && r_url.host_str() == given_url.host_str()
            && r_url.path() == given_url.path()
            && r_url.query() == given_url.query()
    })
}
