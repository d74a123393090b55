//! Authentication and authorisation of API requests.
//!
//! - `secrets`: making and checking client ids, client secrets and access tokens (only
//!   hashes are ever stored).
//! - `token_endpoint`: `POST /oauth/token`, the client-credentials grant (RFC 6749 4.4).
//! - [`Auth`]: the extractor handlers take to require a token with a scope; it yields the
//!   [`Principal`] the request acts for.

pub mod secrets;
pub mod token_endpoint;

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::db::clients;
use crate::domain::scope::{Scope, ScopeSet};
use crate::domain::time;
use crate::error::Error;
use crate::server::AppState;

/// Who a request acts for: a client of one account, with the scopes of its token.
#[derive(Debug, Clone)]
pub struct Principal {
    pub account_id: i64,
    pub client_id: String,
    pub scopes: ScopeSet,
}

/// The scope an [`Auth`] extractor demands.
pub trait RequiredScope: Send + Sync {
    const SCOPE: Scope;
}

/// Marker: the endpoint needs `read`.
pub struct Read;
/// Marker: the endpoint needs `write`.
pub struct Write;

impl RequiredScope for Read {
    const SCOPE: Scope = Scope::Read;
}
impl RequiredScope for Write {
    const SCOPE: Scope = Scope::Write;
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

impl<S: RequiredScope> FromRequestParts<AppState> for Auth<S> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let principal = authenticate(parts, state).await?;
        if !principal.scopes.contains(S::SCOPE) {
            return Err(Error::InsufficientScope(S::SCOPE.as_str()));
        }
        Ok(Auth {
            principal,
            _scope: PhantomData,
        })
    }
}

/// Finds the principal of the request's bearer token (RFC 6750 2.1).
async fn authenticate(parts: &Parts, state: &AppState) -> Result<Principal, Error> {
    let Some(header) = parts.headers.get(AUTHORIZATION) else {
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
    let hash = secrets::token_hash(token);
    let now = time::unix_now();
    let grant = state
        .db
        .read(move |conn| clients::find_token(conn, &hash, now))
        .await?
        .ok_or_else(|| {
            Error::InvalidToken("the access token is invalid, expired or revoked".into())
        })?;
    Ok(Principal {
        account_id: grant.account_id,
        client_id: grant.client_id,
        scopes: grant.scopes,
    })
}
