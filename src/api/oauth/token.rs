//! `POST /oauth/token`: the client-credentials grant (RFC 6749 section 4.4).
//!
//! Clients authenticate with HTTP Basic or with `client_id` and `client_secret` form
//! parameters (section 2.3.1), not both. Answers and errors follow sections 5.1 and 5.2.

use crate::api::json::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::header::{
    AUTHORIZATION, CACHE_CONTROL, CONTENT_TYPE, PRAGMA, RETRY_AFTER, WWW_AUTHENTICATE,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::state::AppState;
use crate::auth::pkce;
use crate::auth::secrets;
use crate::db::clients::{self, Client, TokenSubject};
use crate::db::users;
use crate::domain::scope::{Scope, ScopeSet};
use crate::domain::time;
use crate::error::Error;

/// Successful token response (RFC 6749 5.1).
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: &'static str,
    /// Seconds until the token expires.
    pub expires_in: u64,
    /// The scopes granted, space-separated.
    pub scope: String,
    /// For personal tokens: a one-time refresh token (rotated on every use).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
}

/// Error response (RFC 6749 5.2).
#[derive(Debug)]
pub struct OAuthError {
    status: StatusCode,
    error: &'static str,
    description: String,
    basic_challenge: bool,
}

#[derive(Serialize)]
struct OAuthErrorBody<'a> {
    error: &'a str,
    error_description: &'a str,
}

impl OAuthError {
    pub(crate) fn new(error: &'static str, description: impl Into<String>) -> Self {
        OAuthError {
            status: StatusCode::BAD_REQUEST,
            error,
            description: description.into(),
            basic_challenge: false,
        }
    }

    pub(crate) fn invalid_client(description: impl Into<String>) -> Self {
        OAuthError {
            status: StatusCode::UNAUTHORIZED,
            error: "invalid_client",
            description: description.into(),
            basic_challenge: true,
        }
    }

    /// The answer for an [`Error`] of the server's own: busy (429, `Retry-After`), disk
    /// full (507), or a server error.
    pub(crate) fn from_error(e: Error) -> Self {
        if let Error::Busy(message) = e {
            return OAuthError {
                status: StatusCode::TOO_MANY_REQUESTS,
                error: "temporarily_unavailable",
                description: message,
                basic_challenge: false,
            };
        }
        if e.is_disk_full() {
            tracing::error!(error = %e, "cannot issue a token: the disk is full");
            return OAuthError {
                status: StatusCode::INSUFFICIENT_STORAGE,
                error: "temporarily_unavailable",
                description: crate::l10n::text(crate::l10n::current(), "error-disk-full", &[]),
                basic_challenge: false,
            };
        }
        OAuthError::server_error(e)
    }

    pub(crate) fn server_error(e: impl std::fmt::Display) -> Self {
        tracing::error!(error = %e, "token endpoint failed");
        OAuthError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            error: "server_error",
            description: "the server could not issue a token".into(),
            basic_challenge: false,
        }
    }
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let body = OAuthErrorBody {
            error: self.error,
            error_description: &self.description,
        };
        let mut response = (self.status, Json(body)).into_response();
        let headers = response.headers_mut();
        headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        headers.insert(PRAGMA, HeaderValue::from_static("no-cache"));
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            headers.insert(RETRY_AFTER, HeaderValue::from_static("1"));
        }
        if self.basic_challenge {
            headers.insert(
                WWW_AUTHENTICATE,
                HeaderValue::from_static("Basic realm=\"entrada\""),
            );
        }
        response
    }
}

/// The form parameters, each at most once (RFC 6749 3.2).
pub(crate) fn parse_form(body: &[u8]) -> Result<Vec<(String, String)>, OAuthError> {
    let mut params: Vec<(String, String)> = Vec::new();
    for (key, value) in url::form_urlencoded::parse(body) {
        if params.iter().any(|(k, _)| *k == key) {
            return Err(OAuthError::new(
                "invalid_request",
                format!("parameter `{key}` is repeated"),
            ));
        }
        params.push((key.into_owned(), value.into_owned()));
    }
    Ok(params)
}

pub(crate) fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// `client_id` and `client_secret` from HTTP Basic, whose parts are form-urlencoded.
fn basic_credentials(headers: &HeaderMap) -> Result<Option<(String, String)>, OAuthError> {
    let Some(value) = headers.get(AUTHORIZATION) else {
        return Ok(None);
    };
    let malformed = || OAuthError::invalid_client("malformed HTTP Basic credentials");
    let text = value.to_str().map_err(|_| malformed())?;
    let Some((scheme, encoded)) = text.split_once(' ') else {
        return Err(malformed());
    };
    if !scheme.eq_ignore_ascii_case("basic") {
        return Err(OAuthError::invalid_client(
            "client authentication must use HTTP Basic or form parameters",
        ));
    }
    let decoded = STANDARD.decode(encoded.trim()).map_err(|_| malformed())?;
    let decoded = String::from_utf8(decoded).map_err(|_| malformed())?;
    let (id, secret) = decoded.split_once(':').ok_or_else(malformed)?;
    let unescape = |s: &str| {
        percent_encoding::percent_decode_str(&s.replace('+', " "))
            .decode_utf8()
            .map(|c| c.into_owned())
            .map_err(|_| malformed())
    };
    Ok(Some((unescape(id)?, unescape(secret)?)))
}

/// Issues an access token for the client-credentials grant.
pub async fn token(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let body = match body {
        Ok(body) => body,
        Err(rejection) => {
            let mut e = OAuthError::new("invalid_request", rejection.body_text());
            e.status = rejection.status();
            return e.into_response();
        }
    };
    match issue(&state, &headers, &body).await {
        Ok(token) => {
            let mut response = Json(token).into_response();
            response
                .headers_mut()
                .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
                .headers_mut()
                .insert(PRAGMA, HeaderValue::from_static("no-cache"));
            response
        }
        Err(mut e) => {
            // RFC 6749 5.2: the Basic challenge answers a client that authenticated with
            // the Authorization header. Sent to a form-parameter client (a page's fetch),
            // it makes the browser open its own password dialog and the page hang.
            if headers.get(AUTHORIZATION).is_none() {
                e.basic_challenge = false;
            }
            e.into_response()
        }
    }
}

/// Lifetime of refresh tokens, seconds (30 days: a kiosk stays signed in across an event).
const REFRESH_TTL: i64 = 30 * 24 * 3600;

async fn issue(
    state: &AppState,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<TokenResponse, OAuthError> {
    let is_form = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.trim()
                .to_ascii_lowercase()
                .starts_with("application/x-www-form-urlencoded")
        });
    if !is_form {
        return Err(OAuthError::new(
            "invalid_request",
            "the body must be application/x-www-form-urlencoded",
        ));
    }
    let params = parse_form(body)?;
    let grant = match param(&params, "grant_type") {
        None => return Err(OAuthError::new("invalid_request", "grant_type is required")),
        Some(g @ ("client_credentials" | "authorization_code" | "refresh_token")) => g.to_owned(),
        Some(other) => {
            return Err(OAuthError::new(
                "unsupported_grant_type",
                format!(
                    "grant_type `{other}` is not supported; use client_credentials, authorization_code or refresh_token"
                ),
            ));
        }
    };
    let client = authenticate_client(state, headers, &params).await?;
    match grant.as_str() {
        "client_credentials" => client_credentials(state, client, &params).await,
        "authorization_code" => authorization_code(state, client, &params).await,
        _ => refresh(state, client, &params).await,
    }
}

/// Authenticates the client (RFC 6749 2.3.1): confidential clients by HTTP Basic or form
/// parameters, public clients by `client_id` alone.
pub(crate) async fn authenticate_client(
    state: &AppState,
    headers: &HeaderMap,
    params: &[(String, String)],
) -> Result<Client, OAuthError> {
    let form_id = param(params, "client_id");
    let form_secret = param(params, "client_secret");
    let (client_id, secret) = match (basic_credentials(headers)?, form_id, form_secret) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(OAuthError::new(
                "invalid_request",
                "use either HTTP Basic or client_id/client_secret parameters, not both",
            ));
        }
        (Some((id, secret)), None, None) => (id, Some(secret)),
        (None, Some(id), secret) => (id.to_owned(), secret.map(str::to_owned)),
        (None, None, _) => {
            return Err(OAuthError::invalid_client(
                "client authentication is required (HTTP Basic, or client_id and client_secret)",
            ));
        }
    };
    let lookup_id = client_id.clone();
    let client = state
        .db
        .read(move |conn| clients::find(conn, &lookup_id))
        .await
        .map_err(OAuthError::from_error)?;
    if let Some(c) = client
        .as_ref()
        .filter(|c| c.public && c.revoked_at.is_none())
    {
        if secret.is_some() {
            return Err(OAuthError::invalid_client("a public client has no secret"));
        }
        return Ok(c.clone());
    }
    let Some(secret) = secret else {
        return Err(OAuthError::invalid_client("unknown client or wrong secret"));
    };
    let stored_hash = client.as_ref().and_then(|c| c.secret_hash.clone());
    let verified = secrets::verify_secret_bounded(secret, stored_hash)
        .await
        .map_err(OAuthError::from_error)?;
    match client {
        Some(c) if verified && c.revoked_at.is_none() => Ok(c),
        _ => Err(OAuthError::invalid_client("unknown client or wrong secret")),
    }
}

fn requested_scope(params: &[(String, String)], default: ScopeSet) -> Result<ScopeSet, OAuthError> {
    match param(params, "scope").map(str::trim) {
        None | Some("") => Ok(default),
        Some(list) => ScopeSet::parse(list).map_err(|e| OAuthError::new("invalid_scope", e)),
    }
}

fn expiry(ttl: u64) -> i64 {
    time::unix_now() + i64::try_from(ttl).unwrap_or(i64::MAX / 2)
}

async fn client_credentials(
    state: &AppState,
    client: Client,
    params: &[(String, String)],
) -> Result<TokenResponse, OAuthError> {
    if client.public {
        return Err(OAuthError::new(
            "unauthorized_client",
            "a public client may only use the authorization_code grant (with PKCE)",
        ));
    }
    let allowed = client.scope_set();
    let mut default = ScopeSet::default();
    default.insert(Scope::Read);
    let requested = requested_scope(params, default)?;
    if !requested.is_subset(allowed) {
        return Err(OAuthError::new(
            "invalid_scope",
            format!("this client may only ask for `{allowed}`"),
        ));
    }
    let token = secrets::new_access_token();
    let hash = secrets::token_hash(&token);
    let ttl = state.config.token_ttl;
    let expires_at = expiry(ttl);
    let client_id = client.client_id.clone();
    state
        .db
        .write(move |conn| {
            clients::insert_token(
                conn,
                &hash,
                &client,
                requested,
                expires_at,
                TokenSubject::MACHINE,
            )
        })
        .await
        .map_err(OAuthError::from_error)?;
    tracing::info!(client_id = %client_id, scope = %requested, "issued access token");
    Ok(TokenResponse {
        access_token: token,
        token_type: "Bearer",
        expires_in: ttl,
        scope: requested.to_string(),
        refresh_token: None,
    })
}

/// Issues an access token and a refresh token for a person, in the given family (a new
/// one when None). Runs inside a write job.
fn issue_personal(
    conn: &rusqlite::Connection,
    client: &Client,
    user_id: i64,
    scopes: ScopeSet,
    family: Option<i64>,
    ttl: u64,
) -> crate::error::Result<TokenResponse> {
    // What was asked, narrowed to what the person's roles allow: the answer says what was
    // granted (a door person asking for `write` gets `read check_in`, and is told so).
    let scopes = scopes.intersection(users::most_scopes(conn, user_id)?);
    let refresh = secrets::new_refresh_token();
    let family = clients::insert_refresh_token(
        conn,
        &secrets::token_hash(&refresh),
        client.row_id,
        user_id,
        scopes,
        time::unix_now() + REFRESH_TTL,
        family,
    )?;
    let token = secrets::new_access_token();
    let subject = TokenSubject {
        user_id: Some(user_id),
        family_id: Some(family),
    };
    clients::insert_token(
        conn,
        &secrets::token_hash(&token),
        client,
        scopes,
        expiry(ttl),
        subject,
    )?;
    Ok(TokenResponse {
        access_token: token,
        token_type: "Bearer",
        expires_in: ttl,
        scope: scopes.to_string(),
        refresh_token: Some(refresh),
    })
}

async fn authorization_code(
    state: &AppState,
    client: Client,
    params: &[(String, String)],
) -> Result<TokenResponse, OAuthError> {
    let (Some(code), Some(redirect_uri), Some(verifier)) = (
        param(params, "code"),
        param(params, "redirect_uri"),
        param(params, "code_verifier"),
    ) else {
        return Err(OAuthError::new(
            "invalid_request",
            "code, redirect_uri and code_verifier are required",
        ));
    };
    if !pkce::valid_verifier(verifier) {
        return Err(OAuthError::new(
            "invalid_request",
            "code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~",
        ));
    }
    let code_hash = secrets::token_hash(code);
    let (redirect_uri, challenge) = (redirect_uri.to_owned(), pkce::s256(verifier));
    let ttl = state.config.token_ttl;
    state
        .db
        .write(move |conn| {
            let invalid = |why: &str| Ok(Err(OAuthError::new("invalid_grant", why)));
            let Some(grant) = clients::find_code(conn, &code_hash)? else {
                return invalid("unknown authorization code");
            };
            if grant.used {
                // A code used twice may have been stolen: revoke what it produced.
                if let Some(family) = grant.family_id {
                    clients::revoke_family(conn, family)?;
                }
                return invalid("the authorization code was already used");
            }
            if grant.expires_at < time::unix_now() {
                return invalid("the authorization code has expired");
            }
            if grant.client_row_id != client.row_id {
                return invalid("the authorization code was issued to another client");
            }
            if grant.redirect_uri != redirect_uri {
                return invalid("redirect_uri does not match the one used to get the code");
            }
            if grant.code_challenge != challenge {
                return invalid("code_verifier does not match the code_challenge");
            }
            if users::get(conn, grant.user_id)?.is_none() {
                return invalid("the user is disabled");
            }
            let response = issue_personal(conn, &client, grant.user_id, grant.scopes, None, ttl)?;
            let family = clients::find_refresh_token(
                conn,
                &secrets::token_hash(response.refresh_token.as_deref().unwrap_or_default()),
            )?
            .map(|r| r.family_id)
            .unwrap_or_default();
            clients::mark_code_used(conn, &code_hash, family)?;
            Ok(Ok(response))
        })
        .await
        .map_err(OAuthError::from_error)?
}

async fn refresh(
    state: &AppState,
    client: Client,
    params: &[(String, String)],
) -> Result<TokenResponse, OAuthError> {
    let Some(refresh_token) = param(params, "refresh_token") else {
        return Err(OAuthError::new(
            "invalid_request",
            "refresh_token is required",
        ));
    };
    let hash = secrets::token_hash(refresh_token);
    let asked = match param(params, "scope").map(str::trim) {
        None | Some("") => None,
        Some(list) => Some(ScopeSet::parse(list).map_err(|e| OAuthError::new("invalid_scope", e))?),
    };
    let ttl = state.config.token_ttl;
    state
        .db
        .write(move |conn| {
            let invalid = |why: &str| Ok(Err(OAuthError::new("invalid_grant", why)));
            let Some(stored) = clients::find_refresh_token(conn, &hash)? else {
                return invalid("unknown refresh token");
            };
            if stored.client_row_id != client.row_id {
                return invalid("the refresh token was issued to another client");
            }
            if stored.revoked {
                return invalid("the refresh token was revoked");
            }
            if stored.used {
                // Reuse of a spent refresh token: someone holds a copy. Revoke the family.
                clients::revoke_family(conn, stored.family_id)?;
                return invalid("the refresh token was already used; the sign-in is revoked");
            }
            if stored.expires_at < time::unix_now() {
                return invalid("the refresh token has expired");
            }
            if users::get(conn, stored.user_id)?.is_none() {
                return invalid("the user is disabled");
            }
            let scopes = asked.unwrap_or(stored.scopes);
            if !scopes.is_subset(stored.scopes) {
                return Ok(Err(OAuthError::new(
                    "invalid_scope",
                    format!("this sign-in may only ask for `{}`", stored.scopes),
                )));
            }
            clients::mark_refresh_token_used(conn, stored.id)?;
            let response = issue_personal(
                conn,
                &client,
                stored.user_id,
                scopes,
                Some(stored.family_id),
                ttl,
            )?;
            Ok(Ok(response))
        })
        .await
        .map_err(OAuthError::from_error)?
}
