//! Protections of the local server that apply before any route: the `Host` check
//! (against DNS rebinding: a web page that makes its own name resolve to 127.0.0.1 still
//! sends its own name as `Host`), rate limits, and the request time limit.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{AUTHORIZATION, HOST, RETRY_AFTER};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::api::error::ErrorBody;
use crate::auth::throttle::Throttle;
use crate::config::ServerConfig;
use crate::limits::KeyedLimiter;
use crate::server::AppState;

/// Requests to `/oauth/*` per second per address, and their burst.
pub const OAUTH_RATE: u32 = 20;
pub const OAUTH_BURST: u32 = 100;
/// Failed sign-ins allowed per 5 minutes, per email and per address.
pub const SIGN_IN_FAILURES_PER_USER: u32 = 5;
pub const SIGN_IN_FAILURES_PER_ADDRESS: u32 = 20;
/// Longest a request may take before the server gives up on it.
pub const REQUEST_TIME_LIMIT: Duration = Duration::from_secs(30);

/// The server's limiters.
pub struct Limits {
    /// Per token (or per address without one), on `/api/*`; None when turned off.
    pub api: Option<KeyedLimiter>,
    /// Per address, on `/oauth/*`.
    pub oauth: Option<KeyedLimiter>,
    /// Failed sign-ins per email.
    pub sign_in_user: Throttle,
    /// Failed sign-ins per address.
    pub sign_in_address: Throttle,
}

impl Limits {
    pub fn new(config: &ServerConfig) -> Option<Limits> {
        let window = Duration::from_secs(300);
        Some(Limits {
            api: KeyedLimiter::per_second(config.rate_limit, config.rate_limit),
            oauth: KeyedLimiter::per_second(OAUTH_RATE, OAUTH_BURST),
            sign_in_user: Throttle::new(SIGN_IN_FAILURES_PER_USER, window)?,
            sign_in_address: Throttle::new(SIGN_IN_FAILURES_PER_ADDRESS, window)?,
        })
    }

    /// Keeps the limiters' memory bounded; run now and then.
    pub fn forget_idle(&self) {
        for limiter in [&self.api, &self.oauth].into_iter().flatten() {
            limiter.forget_idle();
        }
        self.sign_in_user.forget_idle();
        self.sign_in_address.forget_idle();
    }
}

fn refuse(status: StatusCode, message: String) -> Response {
    (status, Json(ErrorBody { error: message })).into_response()
}

/// Names this server answers to: loopback names, the bound address, and `--allow-host`.
pub fn allowed_hosts(config: &ServerConfig) -> Arc<Vec<String>> {
    let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "[::1]".into()];
    let ip = config.bind.ip();
    if !ip.is_unspecified() {
        hosts.push(match ip {
            std::net::IpAddr::V6(v6) => format!("[{v6}]"),
            v4 => v4.to_string(),
        });
    }
    hosts.extend(config.allowed_hosts.iter().map(|h| h.to_ascii_lowercase()));
    Arc::new(hosts)
}

/// The host part of a `Host` header (`[::1]:7878` → `[::1]`, `localhost:7878` → `localhost`).
fn host_name(value: &str) -> String {
    let value = value.trim().to_ascii_lowercase();
    if value.starts_with('[') {
        return value
            .split_inclusive(']')
            .next()
            .unwrap_or_default()
            .to_owned();
    }
    value.split(':').next().unwrap_or_default().to_owned()
}

/// Refuses requests whose `Host` is not one of this server's names (403).
pub async fn check_host(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .map(host_name);
    match host {
        Some(h) if state.allowed_hosts.contains(&h) => next.run(req).await,
        Some(h) => {
            tracing::warn!(host = %h, "refused a request for a foreign host name");
            refuse(
                StatusCode::FORBIDDEN,
                format!("host `{h}` is not served here (see --allow-host)"),
            )
        }
        None => refuse(StatusCode::FORBIDDEN, "a Host header is required".into()),
    }
}

fn too_many(wait: u64) -> Response {
    let mut response = refuse(
        StatusCode::TOO_MANY_REQUESTS,
        format!("rate limit exceeded: retry in {wait} s"),
    );
    if let Ok(value) = HeaderValue::from_str(&wait.to_string()) {
        response.headers_mut().insert(RETRY_AFTER, value);
    }
    response
}

/// Per-token rate limit of the API (per address for requests without a token).
pub async fn limit_api(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    if let Some(limiter) = &state.limits.api {
        // Keyed by a hash so the limiter's memory never holds a token.
        let key = match req.headers().get(AUTHORIZATION) {
            Some(value) => hex::encode(&Sha256::digest(value.as_bytes())[..16]),
            None => format!("addr:{}", peer.ip()),
        };
        if let Err(wait) = limiter.check(&key) {
            return too_many(wait);
        }
    }
    next.run(req).await
}

/// Per-address rate limit of `/oauth/*`.
pub async fn limit_oauth(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    if let Some(limiter) = &state.limits.oauth
        && let Err(wait) = limiter.check(&peer.ip().to_string())
    {
        return too_many(wait);
    }
    next.run(req).await
}

/// Gives up on a request that takes longer than [`REQUEST_TIME_LIMIT`] (503).
pub async fn time_limit(req: Request, next: Next) -> Response {
    // A sync round asked for by hand runs as long as the remote needs (its own task;
    // the remote's answers are bounded by the sync's own timeouts).
    // So does a CSV import: a large file on a slow link takes longer to arrive than any
    // JSON request (the import itself is bounded: 50,000 rows take seconds).
    if req.uri().path() == "/kiosk/sync/run" || req.uri().path().ends_with("/imports/attendees") {
        return next.run(req).await;
    }
    match tokio::time::timeout(REQUEST_TIME_LIMIT, next.run(req)).await {
        Ok(response) => response,
        Err(_) => refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the request took too long; try again".into(),
        ),
    }
}
