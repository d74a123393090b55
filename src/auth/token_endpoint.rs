//! `POST /oauth/token`: the client-credentials grant (RFC 6749 section 4.4).
//!
//! Clients authenticate with HTTP Basic or with `client_id` and `client_secret` form
//! parameters (section 2.3.1), not both. Answers and errors follow sections 5.1 and 5.2.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::header::{AUTHORIZATION, CACHE_CONTROL, CONTENT_TYPE, PRAGMA, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::Serialize;
use utoipa::ToSchema;

use super::secrets;
use crate::db::clients;
use crate::domain::scope::{Scope, ScopeSet};
use crate::domain::time;
use crate::server::AppState;

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
    fn new(error: &'static str, description: impl Into<String>) -> Self {
        OAuthError {
            status: StatusCode::BAD_REQUEST,
            error,
            description: description.into(),
            basic_challenge: false,
        }
    }

    fn invalid_client(description: impl Into<String>) -> Self {
        OAuthError {
            status: StatusCode::UNAUTHORIZED,
            error: "invalid_client",
            description: description.into(),
            basic_challenge: true,
        }
    }

    fn server_error(e: impl std::fmt::Display) -> Self {
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
fn parse_form(body: &[u8]) -> Result<Vec<(String, String)>, OAuthError> {
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

fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
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
        Err(e) => e.into_response(),
    }
}

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
    match param(&params, "grant_type") {
        None => return Err(OAuthError::new("invalid_request", "grant_type is required")),
        Some("client_credentials") => {}
        Some(other) => {
            return Err(OAuthError::new(
                "unsupported_grant_type",
                format!("grant_type `{other}` is not supported; use client_credentials"),
            ));
        }
    }
    let form_id = param(&params, "client_id");
    let form_secret = param(&params, "client_secret");
    let (client_id, secret) = match (basic_credentials(headers)?, form_id, form_secret) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(OAuthError::new(
                "invalid_request",
                "use either HTTP Basic or client_id/client_secret parameters, not both",
            ));
        }
        (Some(basic), None, None) => basic,
        (None, Some(id), Some(secret)) => (id.to_owned(), secret.to_owned()),
        (None, _, _) => {
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
        .map_err(OAuthError::server_error)?;
    let stored_hash = client.as_ref().and_then(|c| c.secret_hash.clone());
    let verified = tokio::task::spawn_blocking(move || {
        secrets::verify_secret(&secret, stored_hash.as_deref())
    })
    .await
    .map_err(OAuthError::server_error)?;
    let client = match client {
        Some(c) if verified && c.revoked_at.is_none() => c,
        _ => return Err(OAuthError::invalid_client("unknown client or wrong secret")),
    };

    let allowed = client.scope_set();
    let requested = match param(&params, "scope").map(str::trim) {
        None | Some("") => {
            let mut default = ScopeSet::default();
            default.insert(Scope::Read);
            default
        }
        Some(list) => ScopeSet::parse(list).map_err(|e| OAuthError::new("invalid_scope", e))?,
    };
    if !requested.is_subset(allowed) {
        return Err(OAuthError::new(
            "invalid_scope",
            format!("this client may only ask for `{allowed}`"),
        ));
    }

    let token = secrets::new_access_token();
    let hash = secrets::token_hash(&token);
    let ttl = state.config.token_ttl;
    let expires_at = time::unix_now() + i64::try_from(ttl).unwrap_or(i64::MAX / 2);
    state
        .db
        .write(move |conn| clients::insert_token(conn, &hash, &client, requested, expires_at))
        .await
        .map_err(OAuthError::server_error)?;
    tracing::info!(client_id = %client_id, scope = %requested, "issued access token");
    Ok(TokenResponse {
        access_token: token,
        token_type: "Bearer",
        expires_in: ttl,
        scope: requested.to_string(),
    })
}
