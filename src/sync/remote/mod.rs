//! The remote v2 server as the sync sees it: a token from the client-credentials grant,
//! cached until shortly before it expires; requests that fetch a new token once on 401;
//! and every answer sorted into what the sync does next (SYNC.md, "Failures").
//!
//! `routes.rs` is the typed face push and pull use (`remote.attendees(event).list(..)`),
//! `v2.rs` the shapes of the records; the answers' JSON stays in this module.

pub mod routes;
pub mod v2;

use std::collections::HashMap;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use oauth2::basic::BasicClient;
use oauth2::{
    AuthType, ClientId, ClientSecret, EndpointNotSet, EndpointSet, RequestTokenError, Scope,
    TokenResponse, TokenUrl,
};
use rand::Rng;
use reqwest::Method;
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::Mutex;

use crate::db::sync::StoredConfig;

type OAuthClient =
    BasicClient<EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointSet>;

/// A token is renewed this long before the remote says it expires (or at half its life,
/// for a remote that hands out very short-lived tokens).
const TOKEN_MARGIN: Duration = Duration::from_secs(60);

/// Tokens by credentials, for the life of the process. A `Remote` lives for one round,
/// and rounds come every few seconds while the door is busy; a token lasts an hour or
/// more, and each new one is a record on the remote. Keyed by a hash of the token URL,
/// the client id and the secret, so that a changed configuration never uses a token of
/// the old one.
static TOKENS: LazyLock<std::sync::Mutex<TokenCache>> = LazyLock::new(Default::default);

/// Token and the moment it is to be renewed, by [`token_key`].
type TokenCache = HashMap<[u8; 32], (String, Instant)>;

fn token_key(token_url: &str, config: &StoredConfig) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for part in [token_url, &config.client_id, &config.client_secret] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    h.finalize().into()
}

fn cached_token(key: &[u8; 32]) -> Option<String> {
    let tokens = TOKENS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    tokens
        .get(key)
        .filter(|(_, until)| Instant::now() < *until)
        .map(|(token, _)| token.clone())
}

fn keep_token(key: [u8; 32], token: String, until: Instant) {
    let mut tokens = TOKENS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    tokens.retain(|_, (_, u)| Instant::now() < *u);
    tokens.insert(key, (token, until));
}
/// Network errors and 5xx are retried this many times within a round before it stops.
const TRANSIENT_TRIES: u32 = 6;
/// The longest wait the sync accepts from one `Retry-After`.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(300);

/// What the Sync screen says when the hub's certificate is not the pinned one.
pub const CERTIFICATE_CHANGED: &str = "the hub's certificate changed: this kiosk no longer \
     trusts it, and syncs nothing until it joins the hub again (entrada hub join, or \
     Settings → Join the venue hub)";

/// A network error as a [`Failure`]: the pinned hub showing another certificate, or a
/// transient failure.
fn network_failure(e: &reqwest::Error) -> Failure {
    if crate::hub::tls::is_pin_mismatch(e) {
        Failure::CertificateChanged
    } else if let Some(u) = super::dns::unresolved_in(e) {
        // Not retried within the round: the name will not be found a second later.
        Failure::NameNotFound(super::probe::name_not_found_words(&u.host))
    } else {
        Failure::Transient(without_url(e))
    }
}

/// Why a request did not get a usable answer.
#[derive(Debug, Clone)]
pub enum Failure {
    /// Network error, timeout, reset, 5xx: the remote may be fine later.
    Transient(String),
    /// The remote's host name was not found (DNS): the words of the connection test
    /// (`probe::name_not_found`). Like `Transient`, it may pass (a network coming up).
    NameNotFound(String),
    /// The remote refused the kiosk's credentials (twice, with a fresh token).
    Unauthorized(String),
    /// A permanent refusal of this request (4xx) with the remote's message.
    Refused { status: u16, message: String },
    /// The venue hub showed a certificate other than the one pinned when the kiosk
    /// joined it: never trusted silently; a person joins the hub again.
    CertificateChanged,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Transient(m) => write!(f, "the remote could not be reached: {m}"),
            Failure::NameNotFound(m) => f.write_str(m),
            Failure::Unauthorized(m) => {
                write!(f, "the remote refused the kiosk's credentials: {m}")
            }
            Failure::Refused { status, message } => {
                write!(f, "the remote refused the request ({status}): {message}")
            }
            Failure::CertificateChanged => f.write_str(CERTIFICATE_CHANGED),
        }
    }
}

/// A successful answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
    /// The remote's clock when it answered (`Date`), if it said.
    pub date: Option<chrono::DateTime<chrono::Utc>>,
}

enum Attempt {
    Done(Reply),
    Failed(Failure),
    /// 401: a new token may help (once).
    Unauthorized(String),
    /// 429: wait this long and send again.
    Wait(Duration),
}

pub struct Remote {
    http: reqwest::Client,
    oauth: OAuthClient,
    base: String,
    /// Where this configuration's token is kept ([`TOKENS`]).
    token_key: [u8; 32],
    /// One token request at a time: concurrent requests wait for it and share it.
    fetching: Mutex<()>,
    /// Another Entrada: idempotency keys, `updated_since`, `qr_code` on create.
    pub entrada: bool,
}

/// The message of an error body in the spec's shapes (`{error}` or `{errors: [..]}`).
fn message_of(status: u16, body: &Value) -> String {
    v2::ErrorBody::deserialize(body)
        .unwrap_or_default()
        .message(status)
}

fn retry_after(headers: &reqwest::header::HeaderMap) -> Duration {
    headers
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(Duration::from_secs(1), Duration::from_secs)
        .min(MAX_RETRY_AFTER)
}

/// Exponential backoff with full jitter: up to 250 ms × 2^n, at most 8 s.
pub fn backoff(n: u32) -> Duration {
    let ceiling = 250u64.saturating_mul(1 << n.min(5)).min(8_000);
    Duration::from_millis(rand::rng().random_range(ceiling / 2..=ceiling))
}

impl Remote {
    /// A client for the configured remote, without asking what it is (`entrada` false).
    pub fn unprobed(config: &StoredConfig) -> Result<Remote, Failure> {
        // A venue hub's certificate is trusted by its pin alone (HUB.md); anything else
        // by the usual web roots.
        let builder = match config.pinned_fingerprint.as_deref() {
            Some(fp) => {
                let sha256 =
                    crate::hub::identity::parse_fingerprint(fp).map_err(|_| Failure::Refused {
                        status: 0,
                        message: "the hub's stored fingerprint is damaged: join the hub again"
                            .into(),
                    })?;
                crate::hub::tls::pinned_builder(crate::hub::tls::Pin::Full(sha256))
                    .map_err(|e| Failure::Transient(e.to_string()))?
                    .0
            }
            None => reqwest::Client::builder(),
        };
        let http = builder
            .dns_resolver(std::sync::Arc::new(super::dns::Bounded))
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(30))
            // The token endpoint must not be followed elsewhere (oauth2's advice).
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("entrada-sync/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| Failure::Transient(format!("cannot build an HTTP client: {e}")))?;
        if config.client_secret.is_empty() {
            // Dropped when the addresses moved (db::sync::save_config): nothing to send.
            return Err(Failure::Refused {
                status: 0,
                message: "no client secret is stored for these addresses: enter it again".into(),
            });
        }
        let token_url = format!("{}/oauth/token", config.auth_url.trim_end_matches('/'));
        let token_key = token_key(&token_url, config);
        let token_url = TokenUrl::new(token_url).map_err(|e| Failure::Refused {
            status: 0,
            message: format!("the auth URL is not usable: {e}"),
        })?;
        // Form parameters, as the spec shows the token request.
        let oauth = BasicClient::new(ClientId::new(config.client_id.clone()))
            .set_client_secret(ClientSecret::new(config.client_secret.clone()))
            .set_auth_type(AuthType::RequestBody)
            .set_token_uri(token_url);
        Ok(Remote {
            http,
            oauth,
            base: config.base_url.trim_end_matches('/').to_owned(),
            token_key,
            fetching: Mutex::new(()),
            entrada: false,
        })
    }

    /// A client for the configured remote; reads `{base_url}/openapi` to learn whether
    /// the remote is another Entrada.
    pub async fn connect(config: &StoredConfig) -> Result<Remote, Failure> {
        let mut remote = Remote::unprobed(config)?;
        let doc = match remote.call(Method::GET, "/openapi", None, None).await {
            Ok(doc) => doc,
            // Whether it is the name that fails, told as the connection test tells it.
            Err(Failure::Transient(why)) => {
                return Err(match name_not_found(config).await {
                    Some(message) => Failure::NameNotFound(message),
                    None => Failure::Transient(why),
                });
            }
            Err(other) => return Err(other),
        };
        remote.entrada = v2::Document::deserialize(&doc.body)
            .unwrap_or_default()
            .info
            .title
            .is_some_and(|t| t.starts_with("Entrada"));
        Ok(remote)
    }

    /// The cached token, or a new one; `fresh` asks for a new one (after a 401), unless
    /// another request of this round fetched one while this one waited its turn.
    async fn token(&self, fresh: Option<&str>) -> Result<String, Failure> {
        let _turn = self.fetching.lock().await;
        if let Some(token) = cached_token(&self.token_key)
            && fresh != Some(token.as_str())
        {
            return Ok(token);
        }
        let answer = self
            .oauth
            .exchange_client_credentials()
            .add_scope(Scope::new("read".into()))
            .add_scope(Scope::new("write".into()))
            .request_async(&self.http)
            .await;
        let token = match answer {
            Ok(t) => t,
            Err(RequestTokenError::ServerResponse(e)) => {
                use oauth2::basic::BasicErrorResponseType as Kind;
                let why = e.error().to_string();
                // Only the grant's own refusals are about the credentials; anything else
                // (a 5xx or 429 page, a proxy's error) is the network's, to be retried.
                return Err(match e.error() {
                    Kind::InvalidClient
                    | Kind::UnauthorizedClient
                    | Kind::InvalidGrant
                    | Kind::InvalidScope
                    | Kind::UnsupportedGrantType => Failure::Unauthorized(why),
                    _ => Failure::Transient(format!("token endpoint: {why}")),
                });
            }
            Err(RequestTokenError::Request(e)) => {
                // oauth2's own words are only "client error": say what failed.
                return Err(match &e {
                    oauth2::HttpClientError::Reqwest(inner) => match network_failure(inner) {
                        Failure::Transient(why) => {
                            Failure::Transient(format!("token request: {why}"))
                        }
                        other => other,
                    },
                    other => Failure::Transient(format!("token request: {other}")),
                });
            }
            Err(RequestTokenError::Parse(_, body)) => {
                let text = String::from_utf8_lossy(&body);
                return Err(Failure::Transient(format!(
                    "the token endpoint answered something else than a token: {}",
                    text.chars().take(200).collect::<String>()
                )));
            }
            Err(RequestTokenError::Other(e)) => return Err(Failure::Transient(e)),
        };
        let life = token.expires_in().unwrap_or(Duration::from_secs(3600));
        let until = Instant::now() + life.saturating_sub(TOKEN_MARGIN.min(life / 2));
        let secret = token.access_token().secret().clone();
        keep_token(self.token_key, secret.clone(), until);
        Ok(secret)
    }

    /// A token, retrying network errors with backoff like any request.
    async fn token_patiently(&self, fresh: Option<&str>) -> Result<String, Failure> {
        let mut tries = 0;
        loop {
            match self.token(fresh).await {
                Err(Failure::Transient(why)) if tries + 1 < TRANSIENT_TRIES => {
                    tries += 1;
                    tracing::debug!(%why, "token request failed; retrying");
                    tokio::time::sleep(backoff(tries)).await;
                }
                other => return other,
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn attempt(
        &self,
        method: &Method,
        path: &str,
        body: Option<&Value>,
        key: Option<&str>,
        token: &str,
        device: Option<&str>,
    ) -> Attempt {
        let mut req = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .bearer_auth(token);
        if let Some(device) = device {
            req = req.header("X-Device-Name", device);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        let response = match req.send().await {
            Ok(r) => r,
            Err(e) => return Attempt::Failed(network_failure(&e)),
        };
        let status = response.status().as_u16();
        let wait = retry_after(response.headers());
        let date = response
            .headers()
            .get(reqwest::header::DATE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| chrono::DateTime::parse_from_rfc2822(v).ok())
            .map(|d| d.with_timezone(&chrono::Utc));
        let body: Value = match response.bytes().await {
            Ok(bytes) if bytes.is_empty() => Value::Null,
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            Err(e) => return Attempt::Failed(Failure::Transient(without_url(&e))),
        };
        match status {
            200..=299 => Attempt::Done(Reply { status, body, date }),
            401 => Attempt::Unauthorized(message_of(status, &body)),
            429 => Attempt::Wait(wait),
            408 | 500..=599 => Attempt::Failed(Failure::Transient(message_of(status, &body))),
            _ => Attempt::Failed(Failure::Refused {
                status,
                message: message_of(status, &body),
            }),
        }
    }

    /// One request, at once: a new token once on 401, and nothing else retried (the door
    /// asking the hub, which has a deadline of its own). `device` goes in
    /// `X-Device-Name`.
    pub async fn once(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        key: Option<&str>,
        device: Option<&str>,
    ) -> Result<Reply, Failure> {
        let mut token = self.token(None).await?;
        for renewed in [false, true] {
            match self.attempt(&method, path, body, key, &token, device).await {
                Attempt::Done(reply) => return Ok(reply),
                Attempt::Failed(failure) => return Err(failure),
                Attempt::Wait(_) => return Err(Failure::Transient("the remote is busy".into())),
                Attempt::Unauthorized(why) if renewed => return Err(Failure::Unauthorized(why)),
                Attempt::Unauthorized(_) => token = self.token(Some(&token)).await?,
            }
        }
        Err(Failure::Transient("no answer".into()))
    }

    /// Opens a Server-Sent Events stream at `path` (the check-in stream of an event),
    /// resuming after `last_id` when given. The answer's body is read by the caller for
    /// as long as the stream lasts (a day at most; the stream's keep-alive comments tell
    /// a live stream from a dead one).
    pub async fn open_stream(
        &self,
        path: &str,
        last_id: Option<i64>,
    ) -> Result<reqwest::Response, Failure> {
        let mut token = self.token(None).await?;
        for renewed in [false, true] {
            let mut req = self
                .http
                .get(format!("{}{path}", self.base))
                .bearer_auth(&token)
                .header(reqwest::header::ACCEPT, "text/event-stream")
                .timeout(Duration::from_secs(86_400));
            if let Some(id) = last_id {
                req = req.header("Last-Event-ID", id.to_string());
            }
            let response = req.send().await.map_err(|e| network_failure(&e))?;
            match response.status().as_u16() {
                200 => return Ok(response),
                401 if !renewed => token = self.token(Some(&token)).await?,
                status => {
                    let body: Value = response.json().await.unwrap_or(Value::Null);
                    let message = message_of(status, &body);
                    return Err(match status {
                        401 => Failure::Unauthorized(message),
                        408 | 429 | 500..=599 => Failure::Transient(message),
                        _ => Failure::Refused { status, message },
                    });
                }
            }
        }
        Err(Failure::Transient("no answer".into()))
    }

    /// One request, patiently: 401 fetches a new token once; 429 waits what
    /// `Retry-After` says (as often as the remote asks); network errors and 5xx are
    /// retried with backoff a few times. What is left is the caller's to decide.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        key: Option<&str>,
    ) -> Result<Reply, Failure> {
        self.call_with(method, path, body, key, true).await
    }

    /// Like [`Remote::call`]; with `repeatable` false a network error or 5xx is not
    /// retried here (the request may have taken effect and nothing makes a repeat
    /// harmless: a create on a remote without idempotency keys).
    pub async fn call_with(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        key: Option<&str>,
        repeatable: bool,
    ) -> Result<Reply, Failure> {
        let mut token = self.token_patiently(None).await?;
        let mut renewed = false;
        let mut transient = 0u32;
        loop {
            match self.attempt(&method, path, body, key, &token, None).await {
                Attempt::Done(reply) => return Ok(reply),
                Attempt::Unauthorized(why) if renewed => return Err(Failure::Unauthorized(why)),
                Attempt::Unauthorized(_) => {
                    renewed = true;
                    token = self.token_patiently(Some(&token)).await?;
                }
                Attempt::Wait(d) => {
                    tracing::debug!(wait_ms = d.as_millis() as u64, "remote rate limit");
                    tokio::time::sleep(d).await;
                }
                Attempt::Failed(Failure::Transient(why)) => {
                    transient += 1;
                    if !repeatable {
                        return Err(Failure::Transient(why));
                    }
                    if transient >= TRANSIENT_TRIES {
                        return Err(Failure::Transient(why));
                    }
                    tracing::debug!(%why, try_no = transient, "remote failed; retrying");
                    tokio::time::sleep(backoff(transient)).await;
                }
                Attempt::Failed(other) => return Err(other),
            }
        }
    }
}

/// The probe's words when the name of the remote's API or token endpoint is not found;
/// None when both are found (or are addresses, or cannot be parsed).
async fn name_not_found(config: &StoredConfig) -> Option<String> {
    let base = url::Url::parse(&config.base_url).ok();
    let auth = url::Url::parse(&config.auth_url).ok();
    // The token request goes first in a round, so its host is looked up first.
    if let Some(auth) = &auth
        && let Some(message) = super::probe::name_not_found(auth).await
    {
        return Some(message);
    }
    match base {
        Some(base) if auth.is_none_or(|a| a.host_str() != base.host_str()) => {
            super::probe::name_not_found(&base).await
        }
        _ => None,
    }
}

/// reqwest's error text without the URL (query strings are ours, but keep logs short).
fn without_url(e: &reqwest::Error) -> String {
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "connection failed"
    } else if e.is_body() || e.is_decode() {
        "the answer was cut off"
    } else {
        "request failed"
    };
    // The innermost cause ("Connection refused (os error 111)"), as the connection test
    // words it: the layers around it say only "client error (Connect)".
    match std::error::Error::source(e) {
        Some(_) => format!("{kind}: {}", super::probe::cause(e)),
        None => kind.to_owned(),
    }
}
