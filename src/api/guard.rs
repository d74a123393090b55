//! Protections of the local server that apply before any route: the `Host` check
//! (against DNS rebinding: a web page that makes its own name resolve to 127.0.0.1 still
//! sends its own name as `Host`), rate limits, and the request time limit.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::api::json::Json;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{AUTHORIZATION, HOST, RETRY_AFTER};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::error::ErrorBody;
use super::state::AppState;
use crate::auth::throttle::Throttle;
use crate::config::ServerConfig;
use crate::limits::KeyedLimiter;

/// Requests to `/oauth/*` per second per address, and their burst.
pub const OAUTH_RATE: u32 = 20;
pub const OAUTH_BURST: u32 = 100;
/// Failed sign-ins allowed per 5 minutes, per email and per address.
pub const SIGN_IN_FAILURES_PER_USER: u32 = 5;
pub const SIGN_IN_FAILURES_PER_ADDRESS: u32 = 20;
/// Longest a request may take before the server gives up on it.
pub const REQUEST_TIME_LIMIT: Duration = Duration::from_secs(30);
/// How long a client may take to send a request's headers before the connection is closed.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// A CSV import's body may take longer than [`REQUEST_TIME_LIMIT`] (a large file on a slow
/// link), but after this grace it must keep arriving at [`IMPORT_MIN_RATE`] on average.
pub const IMPORT_GRACE: Duration = Duration::from_secs(10);
/// Bytes per second.
pub const IMPORT_MIN_RATE: u64 = 1024;
/// Requests with an unknown or expired token allowed per address within
/// [`BAD_TOKEN_WINDOW`]; beyond, that address's unverified tokens get 429.
pub const BAD_TOKENS_PER_ADDRESS: u32 = 20;
pub const BAD_TOKEN_WINDOW: Duration = Duration::from_secs(10);
/// Tokens remembered as good, so that an address locked for bad tokens still serves
/// the kiosks and integrations behind it whose tokens work.
const GOOD_TOKENS_KEPT: usize = 10_000;

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
    /// Requests answered 401 for their token, per address.
    pub bad_tokens: Throttle,
    /// Failed enrolments at the venue hub, per address (HUB.md, "Pairing").
    pub enrol_address: Throttle,
    /// Rate-limit keys of tokens that were accepted lately.
    good_tokens: std::sync::Mutex<std::collections::HashSet<String>>,
}

impl Limits {
    pub fn new(config: &ServerConfig) -> Option<Limits> {
        let window = Duration::from_secs(300);
        Some(Limits {
            api: KeyedLimiter::per_second(config.rate_limit, config.rate_limit),
            oauth: KeyedLimiter::per_second(OAUTH_RATE, OAUTH_BURST),
            sign_in_user: Throttle::new(SIGN_IN_FAILURES_PER_USER, window)?,
            sign_in_address: Throttle::new(SIGN_IN_FAILURES_PER_ADDRESS, window)?,
            bad_tokens: Throttle::new(BAD_TOKENS_PER_ADDRESS, BAD_TOKEN_WINDOW)?,
            enrol_address: Throttle::new(
                crate::hub::pairing::FAILURES_PER_ADDRESS,
                crate::hub::pairing::FAILURE_WINDOW,
            )?,
            good_tokens: Default::default(),
        })
    }

    /// Keeps the limiters' memory bounded; run now and then.
    pub fn forget_idle(&self) {
        for limiter in [&self.api, &self.oauth].into_iter().flatten() {
            limiter.forget_idle();
        }
        self.sign_in_user.forget_idle();
        self.enrol_address.forget_idle();
        self.sign_in_address.forget_idle();
        self.bad_tokens.forget_idle();
    }

    fn good_token(&self, key: &str) -> bool {
        self.good_tokens
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(key)
    }

    fn remember_good_token(&self, key: &str) {
        let mut good = self.good_tokens.lock().unwrap_or_else(|p| p.into_inner());
        if good.contains(key) {
            return;
        }
        if good.len() >= GOOD_TOKENS_KEPT {
            good.clear();
        }
        good.insert(key.to_owned());
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

/// Marks a request that came in on the venue hub's HTTPS listener (HUB.md).
#[derive(Debug, Clone, Copy)]
pub struct ViaHub;

/// Refuses requests whose `Host` is not one of this server's names (403), and requests
/// with more than one `Host` (400, RFC 9112 3.2): which of two a proxy or a check reads
/// is anyone's guess. The names guard the plain listener against DNS rebinding (a web
/// page whose name now points at this computer); the hub's HTTPS listener needs no such
/// guard, since no browser sends a page's requests through a certificate that is not
/// the page's, and kiosks name the hub by whichever LAN address they found.
pub async fn check_host(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if req.headers().get_all(HOST).iter().nth(1).is_some() {
        return refuse(
            StatusCode::BAD_REQUEST,
            "a request may carry one Host header only".into(),
        );
    }
    if req.extensions().get::<ViaHub>().is_some() {
        // No one signs in over the venue's network (issue 36): kiosks join with a code
        // and use client credentials, and a LAN sign-in page would let any device there
        // spend the organiser's sign-in attempts. The first-run set-up is the hub's own
        // screen's too.
        let path = req.uri().path();
        if path.starts_with("/oauth/authorize") || path.starts_with("/api/v2/kiosk/setup") {
            return refuse(
                StatusCode::NOT_FOUND,
                "signing in is done at the hub's own screen, not over the network".into(),
            );
        }
        return next.run(req).await;
    }
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

/// `host[:port]` of an `Origin` or `Referer` value, lowercased.
fn authority(url: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    let host = url.host_str()?.to_ascii_lowercase();
    Some(match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host,
    })
}

/// Whether a request was sent by a page of another site than this server: its
/// `Sec-Fetch-Site` says so, or its `Origin` (else `Referer`) names another host, or is
/// `null` (a sandboxed frame, a data: page). For the routes a browser can reach without a
/// token (the sign-in form, the first-run set-up): any page the kiosk's browser opens can
/// post to them, and the `Host` check does not help, as the browser sends our own host.
/// Clients that send none of these headers (scripts, curl) are not browsers' pages.
pub fn from_another_site(headers: &axum::http::HeaderMap) -> bool {
    use axum::http::header::{ORIGIN, REFERER};
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if let Some(site) = text(axum::http::HeaderName::from_static("sec-fetch-site"))
        && !matches!(site, "same-origin" | "none")
    {
        return true;
    }
    let own = text(HOST).map(|h| h.trim().to_ascii_lowercase());
    let from = match (text(ORIGIN), text(REFERER)) {
        (Some("null"), _) => return true,
        (Some(origin), _) | (None, Some(origin)) => authority(origin),
        (None, None) => return false,
    };
    from.is_none() || from != own
}

/// A 429 for `req`, whose body is read first (up to 64 KiB, for a second at most): hyper
/// closes a connection whose request body was left unread, and a client that had kept it
/// alive for its next request then found it closed with no answer (issue 36, 5 of 300
/// on `/oauth/token`). A larger or slower body gets `Connection: close`, so the client
/// knows not to reuse the connection.
async fn too_many_for(req: Request, wait: u64) -> Response {
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(1),
        axum::body::to_bytes(req.into_body(), 64 * 1024),
    )
    .await;
    let mut response = too_many(wait);
    if !matches!(read, Ok(Ok(_))) {
        response.headers_mut().insert(
            axum::http::header::CONNECTION,
            HeaderValue::from_static("close"),
        );
    }
    response
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

/// The rate-limit key of a request's bearer token: a hash of the token itself, however
/// the header spells the scheme and spaces (the same token written 300 ways is one key).
/// None without a token that could be one.
fn token_key(req: &Request) -> Option<String> {
    let value = req.headers().get(AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once([' ', '\t'])?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && crate::auth::secrets::looks_like_token(token))
        // Keyed by a hash so the limiter's memory never holds a token.
        .then(|| hex::encode(&Sha256::digest(token.as_bytes())[..16]))
}

/// Per-token rate limit of the API (per address for requests without a token).
///
/// Unknown tokens are counted per address: after [`BAD_TOKENS_PER_ADDRESS`] of them in
/// [`BAD_TOKEN_WINDOW`], that address's requests with tokens not seen working get 429
/// without a database lookup, so random tokens cannot be tried at full speed.
pub async fn limit_api(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    let address = format!("addr:{}", peer.ip());
    let token = token_key(&req);
    if let Some(key) = &token
        && let Some(wait) = state.limits.bad_tokens.locked(&address)
        && !state.limits.good_token(key)
    {
        return too_many_for(req, wait).await;
    }
    if let Some(limiter) = &state.limits.api
        && let Err(wait) = limiter.check(token.as_deref().unwrap_or(&address))
    {
        return too_many_for(req, wait).await;
    }
    let response = next.run(req).await;
    if req_had_bad_token(&response) {
        state.limits.bad_tokens.failed(&address);
    } else if let Some(key) = &token
        && response.status() != StatusCode::UNAUTHORIZED
    {
        state.limits.remember_good_token(key);
    }
    response
}

/// Whether the answer says the token sent was not good (RFC 6750 `invalid_token`).
fn req_had_bad_token(response: &Response) -> bool {
    response.status() == StatusCode::UNAUTHORIZED
        && response
            .headers()
            .get(axum::http::header::WWW_AUTHENTICATE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("invalid_token"))
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
        return too_many_for(req, wait).await;
    }
    next.run(req).await
}

/// Every error in the spec's JSON shape: answers that axum or a layer made as plain text
/// (an extractor's rejection, a body over its limit) become `{"error": text}`, or
/// `{"errors": [text]}` for 422.
pub async fn json_errors(req: Request, next: Next) -> Response {
    let response = next.run(req).await;
    let status = response.status();
    let plain = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|v| v.starts_with("text/plain"));
    if !(status.is_client_error() || status.is_server_error()) || !plain {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, 64 * 1024).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).trim().to_owned(),
        Err(_) => String::new(),
    };
    let text = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_lowercase()
    } else {
        text
    };
    let body = if status == StatusCode::UNPROCESSABLE_ENTITY {
        serde_json::json!({ "errors": [text] })
    } else {
        serde_json::json!({ "error": text })
    };
    let mut response = (status, Json(body)).into_response();
    for (name, value) in parts.headers.iter() {
        if name != axum::http::header::CONTENT_TYPE && name != axum::http::header::CONTENT_LENGTH {
            response.headers_mut().append(name.clone(), value.clone());
        }
    }
    response
}

/// The policy of the pages we render (the badge): nothing from elsewhere, no script, no
/// framing by another site.
const PAGE_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
    base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The policy of the API docs (Swagger UI): its own scripts and styles, the document from
/// this server, no framing. The one inline script is Swagger UI's OAuth2 redirect page
/// (`oauth2-redirect.html`), allowed by its hash; `tests/e2e/security.test.js` notices
/// when an upgrade of utoipa-swagger-ui changes it.
const DOCS_POLICY: &str = "default-src 'none'; script-src 'self' \
    'sha256-4IiDsMH+GkJlxivIDNfi6qk0O5HPtzyvNwVT3Wt8TIw='; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
    frame-ancestors 'none'";

/// [`DOCS_POLICY`] on the API docs' HTML pages.
pub async fn docs_policy(req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    let html = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html {
        set_policy(response.headers_mut(), DOCS_POLICY);
    }
    response
}

/// [`PAGE_POLICY`], for a handler that renders a page itself.
pub fn strict_page_headers(headers: &mut axum::http::HeaderMap) {
    set_policy(headers, PAGE_POLICY);
}

fn set_policy(headers: &mut axum::http::HeaderMap, policy: &'static str) {
    headers.insert(
        axum::http::HeaderName::from_static("content-security-policy"),
        HeaderValue::from_static(policy),
    );
    headers.insert(
        axum::http::HeaderName::from_static("x-frame-options"),
        HeaderValue::from_static("DENY"),
    );
}

/// Reads a request's whole body, as long as it arrives at [`IMPORT_MIN_RATE`] after
/// [`IMPORT_GRACE`] (each byte received extends the deadline by 1/rate seconds): 408 when
/// it trickles slower, 413 beyond the import's size limit.
async fn read_at_min_rate(req: Request) -> Result<Request, Response> {
    use http_body_util::BodyExt as _;
    let limit = crate::transfer::import::MAX_FILE_BYTES;
    let too_large = || {
        refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the file is larger than {} MiB", limit >> 20),
        )
    };
    // Said up front: answer before a byte of it is read (a client that reads while it
    // sends sees the answer at once; one that waits for `100-continue` sends nothing).
    let declared = req
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(too_large());
    }
    let started = tokio::time::Instant::now();
    let (parts, mut body) = req.into_parts();
    let mut received: Vec<u8> = Vec::new();
    loop {
        let allowed =
            IMPORT_GRACE + Duration::from_millis(received.len() as u64 * 1000 / IMPORT_MIN_RATE);
        let frame = match tokio::time::timeout_at(started + allowed, body.frame()).await {
            Err(_) => {
                return Err(refuse(
                    StatusCode::REQUEST_TIMEOUT,
                    format!(
                        "the file arrived too slowly ({} bytes in {} s; at least {IMPORT_MIN_RATE} \
                         bytes a second are needed after the first {} s)",
                        received.len(),
                        started.elapsed().as_secs(),
                        IMPORT_GRACE.as_secs()
                    ),
                ));
            }
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                return Err(refuse(
                    StatusCode::BAD_REQUEST,
                    format!("the request body could not be read: {e}"),
                ));
            }
            Ok(Some(Ok(frame))) => frame,
        };
        if let Ok(data) = frame.into_data() {
            if received.len() + data.len() > limit {
                return Err(too_large());
            }
            received.extend_from_slice(&data);
        }
    }
    Ok(Request::from_parts(parts, axum::body::Body::from(received)))
}

/// Gives up on a request that takes longer than [`REQUEST_TIME_LIMIT`] (503).
pub async fn time_limit(req: Request, next: Next) -> Response {
    // A sync round asked for by hand runs as long as the remote needs (its own task;
    // the remote's answers are bounded by the sync's own timeouts).
    // So does a CSV import: a large file on a slow link takes longer to arrive than any
    // JSON request (the import itself is bounded: 50,000 rows take seconds).
    if req.uri().path() == "/api/v2/kiosk/sync/run" {
        return next.run(req).await;
    }
    if req.uri().path().ends_with("/imports/attendees") {
        return match read_at_min_rate(req).await {
            Ok(req) => next.run(req).await,
            Err(refused) => refused,
        };
    }
    match tokio::time::timeout(REQUEST_TIME_LIMIT, next.run(req)).await {
        Ok(response) => response,
        Err(_) => refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the request took too long; try again".into(),
        ),
    }
}
