//! `Idempotency-Key` for POST, PATCH and DELETE (after the IETF httpapi draft).
//!
//! Keys belong to whoever sent them (the client of a machine token, or the person of a
//! personal token), in the account and with the scopes they acted with. The first request
//! with a key runs and its answer (any status below 500) is stored; a repeat with the same
//! key and the same request (method, path, query and body) within 24 hours gets the stored
//! answer, with `Idempotent-Replayed: true`, without the work being done again. The same
//! key with a different request is 422; a repeat while the first is still running is 409.
//!
//! Where a retry must never do the work twice (creating an attendee or a field, check-in
//! operations, scans), the handler stores the answer inside the same transaction as the
//! work (the [`Idempotent`] extractor), so a crash between the two cannot leave work done
//! and no answer stored. Other routes are stored by this middleware after the handler.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::access::Verified;
use super::state::AppState;
use crate::auth;
use crate::auth::Principal;
use crate::config::BODY_LIMIT;
use crate::db::idempotency::{self, StoredResponse};
use crate::error::{Error, Result};

const HEADER: &str = "idempotency-key";
/// Set by a handler that stored its answer in its own transaction; never sent out.
const STORED_MARKER: HeaderName = HeaderName::from_static("x-entrada-idempotency-stored");
const MAX_KEY_LEN: usize = 255;

/// Keys whose first request is running, per owner.
#[derive(Clone, Default)]
pub struct InFlight(Arc<Mutex<HashSet<(String, String)>>>);

/// Releases an in-flight key when the request ends, however it ends.
struct Claim {
    set: InFlight,
    entry: (String, String),
}

impl InFlight {
    fn claim(&self, owner: &str, key: &str) -> Option<Claim> {
        let entry = (owner.to_owned(), key.to_owned());
        let mut set = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        set.insert(entry.clone()).then(|| Claim {
            set: self.clone(),
            entry,
        })
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        let mut set = self
            .set
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        set.remove(&self.entry);
    }
}

/// Given to handlers (as a request extension) when the request carries a key.
#[derive(Debug, Clone)]
struct IdempotencyContext {
    owner: String,
    key: String,
    fingerprint: Vec<u8>,
}

impl IdempotencyContext {
    /// Stores `body` as the answer, inside the caller's write transaction.
    fn store(&self, conn: &Connection, status: StatusCode, body: &impl Serialize) -> Result<()> {
        let body = serde_json::to_vec(body).map_err(Error::internal)?;
        let response = StoredResponse {
            fingerprint: self.fingerprint.clone(),
            status: status.as_u16(),
            body,
        };
        idempotency::store(conn, &self.owner, &self.key, &response)
    }
}

/// For a handler that stores its answer in the transaction of its work: the request's
/// key, if it sent one. `store` inside the write, then `respond` with the same answer.
#[derive(Debug, Clone, Default)]
pub struct Idempotent(Option<IdempotencyContext>);

impl Idempotent {
    /// Stores `body` with `status` as the answer to a repeat, inside the caller's write
    /// transaction; nothing when the request sent no key.
    pub fn store(
        &self,
        conn: &Connection,
        status: StatusCode,
        body: &impl Serialize,
    ) -> Result<()> {
        match &self.0 {
            Some(context) => context.store(conn, status, body),
            None => Ok(()),
        }
    }

    /// The answer `store` stored, marked so that the middleware does not store it again.
    pub fn respond(&self, status: StatusCode, body: &impl Serialize) -> Response {
        let mut response = (status, crate::api::json::Json(body)).into_response();
        if self.0.is_some() {
            response
                .headers_mut()
                .insert(STORED_MARKER, HeaderValue::from_static("1"));
        }
        response
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Idempotent {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> std::result::Result<Self, Self::Rejection> {
        Ok(Idempotent(
            parts.extensions.get::<IdempotencyContext>().cloned(),
        ))
    }
}

fn replay(stored: StoredResponse) -> Response {
    let status = StatusCode::from_u16(stored.status).unwrap_or(StatusCode::OK);
    let mut response = (status, Body::from(stored.body)).into_response();
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
        .headers_mut()
        .insert("idempotent-replayed", HeaderValue::from_static("true"));
    response
}

fn parse_key(value: &HeaderValue) -> Result<String> {
    let key = value
        .to_str()
        .map_err(|_| Error::invalid("Idempotency-Key must be printable ASCII"))?;
    let key = key.trim();
    if key.is_empty() || key.len() > MAX_KEY_LEN {
        return Err(Error::invalid(format!(
            "Idempotency-Key must be 1 to {MAX_KEY_LEN} characters"
        )));
    }
    // The draft says the key is a Structured Field string; a bare token is accepted too.
    // The length is the header's, quotes included, so that the OpenAPI document can say it.
    let key = key
        .strip_prefix('"')
        .and_then(|k| k.strip_suffix('"'))
        .filter(|k| !k.is_empty())
        .unwrap_or(key);
    Ok(key.to_owned())
}

/// The key's owner: the principal as it acts here, the same client or person, in the
/// same account, with the same scopes. A read-only token of a client (or the same person
/// in another account) is another owner: its request runs and meets the handler's own
/// access checks instead of replaying an answer it could not have earned.
fn owner_of(principal: &Principal) -> String {
    format!(
        "{}|account:{}|scopes:{}",
        principal.owner(),
        principal.account_id,
        principal.scopes
    )
}

fn still_running() -> Response {
    Error::Conflict(
        "a request with this Idempotency-Key is still being processed; retry later".into(),
    )
    .into_response()
}

/// Who sent the request as far as its headers tell, before any lookup: the token's hash
/// and the account header it names.
struct Sender {
    token_hash: Vec<u8>,
    account: Option<String>,
}

impl Sender {
    /// None without a well-formed bearer token.
    fn of(headers: &axum::http::HeaderMap) -> Option<Sender> {
        Some(Sender {
            token_hash: auth::bearer_token_hash(headers).ok()?,
            account: auth::account_header(headers),
        })
    }

    /// The in-flight claim's owner for repeats sent with this same token.
    fn identity(&self) -> String {
        format!(
            "token:{}|account:{}",
            hex::encode(&self.token_hash),
            self.account.as_deref().unwrap_or_default()
        )
    }

    /// The principal and the answer stored under `key` for it, in one read. None when
    /// the token is refused: the handler then answers the 401 or 403.
    async fn principal_and_answer(
        self,
        state: &AppState,
        key: &str,
    ) -> Result<Option<(Principal, Option<StoredResponse>)>> {
        let key = key.to_owned();
        state
            .db
            .read(move |conn| {
                let Ok(principal) = auth::lookup(conn, &self.token_hash, self.account.as_deref())
                else {
                    return Ok(None);
                };
                let stored = idempotency::lookup(conn, &owner_of(&principal), &key)?;
                Ok(Some((principal, stored)))
            })
            .await
    }
}

/// The middleware: see the module documentation.
pub async fn layer(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if !matches!(*req.method(), Method::POST | Method::PATCH | Method::DELETE) {
        return next.run(req).await;
    }
    let Some(value) = req.headers().get(HEADER) else {
        return next.run(req).await;
    };
    let key = match parse_key(value) {
        Ok(key) => key,
        Err(e) => return e.into_response(),
    };
    // Without a well-formed token there is no owner; the handler answers the 401.
    let Some(sender) = Sender::of(req.headers()) else {
        return next.run(req).await;
    };
    // Repeats sent with the same token wait for the first one's answer before they look
    // for it: claimed by the token, before the read below.
    let Some(_token_claim) = state.in_flight.claim(&sender.identity(), &key) else {
        return still_running();
    };
    // One read for the token and the stored answer: the handler's own check then trusts
    // this one (`Verified`), so a keyed request costs this read and the handler's work.
    let (principal, stored) = match sender.principal_and_answer(&state, &key).await {
        Ok(Some(found)) => found,
        Ok(None) => return next.run(req).await,
        Err(e) => return e.into_response(),
    };
    let owner = owner_of(&principal);
    let (mut parts, body) = req.into_parts();
    let bytes = match body_of(&parts, body).await {
        Ok(bytes) => bytes,
        Err(e) => return e.into_response(),
    };
    let fingerprint = fingerprint(&owner, &parts, &bytes);
    match stored {
        Some(stored) if stored.fingerprint == fingerprint => return replay(stored),
        Some(_) => {
            return Error::invalid("Idempotency-Key was already used for a different request")
                .into_response();
        }
        None => {}
    }
    // A first request with this key still running, sent with another token of the same
    // owner: 409. One that finished after the read above is caught when this one stores
    // its answer (`idempotency::store` never replaces a live answer, and the work's
    // transaction rolls back with it).
    let Some(_claim) = state.in_flight.claim(&owner, &key) else {
        return still_running();
    };
    parts.extensions.insert(Verified(principal));
    let context = IdempotencyContext {
        owner,
        key,
        fingerprint,
    };
    let mut req = Request::from_parts(parts, Body::from(bytes));
    req.extensions_mut().insert(context.clone());
    let response = next.run(req).await;
    store_answer(&state, context, response).await
}

/// The request's body, read whole to be fingerprinted, within the route's own limit (a
/// CSV import may be larger than a JSON body).
async fn body_of(parts: &axum::http::request::Parts, body: Body) -> Result<axum::body::Bytes> {
    let limit = if parts.uri.path().ends_with("/imports/attendees") {
        crate::transfer::import::MAX_FILE_BYTES
    } else {
        BODY_LIMIT
    };
    to_bytes(body, limit).await.map_err(|_| {
        Error::PayloadTooLarge(format!(
            "the request body is larger than {} MiB",
            limit >> 20
        ))
    })
}

/// What makes two requests the same: owner, method, path with query, and body.
fn fingerprint(owner: &str, parts: &axum::http::request::Parts, body: &[u8]) -> Vec<u8> {
    let mut hasher = Sha256::new();
    hasher.update(owner.as_bytes());
    hasher.update([0]);
    hasher.update(parts.method.as_str());
    hasher.update([0]);
    hasher.update(parts.uri.path_and_query().map_or("", |p| p.as_str()));
    hasher.update([0]);
    hasher.update(body);
    hasher.finalize().to_vec()
}

/// Stores the handler's answer for repeats, unless the handler stored it in its own
/// transaction (`Idempotent`) or failed on the server's side (a 5xx may be retried).
async fn store_answer(
    state: &AppState,
    context: IdempotencyContext,
    mut response: Response,
) -> Response {
    if response.headers_mut().remove(STORED_MARKER).is_some() || response.status().is_server_error()
    {
        return response;
    }
    let (parts, body) = response.into_parts();
    let Ok(body) = to_bytes(body, usize::MAX).await else {
        return Error::internal("cannot read the response to store it").into_response();
    };
    let stored = StoredResponse {
        fingerprint: context.fingerprint.clone(),
        status: parts.status.as_u16(),
        body: body.to_vec(),
    };
    let outcome = state
        .db
        .write(move |conn| idempotency::store(conn, &context.owner, &context.key, &stored))
        .await;
    if let Err(e) = outcome {
        tracing::error!(error = %e, "cannot store an idempotent response");
    }
    Response::from_parts(parts, Body::from(body))
}
