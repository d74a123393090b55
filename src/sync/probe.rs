//! "Test connection": the UI's first-run check of a remote before anything is stored.
//!
//! An organiser at a venue types four things (two addresses, a client id and a secret)
//! and needs to hear in words which one is wrong. So the probe walks the way a sync
//! takes, one step at a time, and stops at the first that fails, naming it: the address
//! itself, the name (DNS), the connection, TLS, the credentials, and whether the peer
//! answers like a v2 server at all. On success it lists the remote's events to choose
//! from. It stores nothing and keeps no token (the sync's token cache is for rounds).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Body member of `POST /kiosk/sync/test`.
#[derive(Deserialize, ToSchema)]
pub struct ProbeInput {
    /// The remote's `{base_url}`, ending in `/api/v2`.
    pub base_url: String,
    /// The host root that serves `/oauth/token`.
    pub auth_url: String,
    pub client_id: String,
    /// Omit it to test the stored secret (for the configured client id).
    pub client_secret: Option<String>,
}

/// Which step failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// An address is not a usable http(s) URL.
    Address,
    /// The host name was not found.
    Dns,
    /// Nothing answered (refused, timed out, unreachable).
    Connect,
    /// The secure connection failed (untrusted, expired or mismatched certificate).
    Tls,
    /// The client id or secret was refused, or the client lacks `read write`.
    Credentials,
    /// The peer answered, but not as a v2 server.
    Api,
}

/// An event of the remote, to choose from.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RemoteEvent {
    pub id: i64,
    pub name: String,
    #[schema(required = true)]
    pub starts_at: Option<String>,
    #[schema(required = true)]
    pub ends_at: Option<String>,
}

/// The answer of `POST /kiosk/sync/test`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Probe {
    pub ok: bool,
    /// The step that failed; null when everything worked.
    #[schema(required = true)]
    pub stage: Option<Stage>,
    /// What happened, in words for a person: what failed and what to check.
    pub message: String,
    /// The remote's events (when `ok`).
    pub events: Vec<RemoteEvent>,
}

impl Probe {
    fn failed(stage: Stage, message: impl Into<String>) -> Probe {
        Probe {
            ok: false,
            stage: Some(stage),
            message: message.into(),
            events: Vec::new(),
        }
    }
}

type Step<T> = Result<T, Probe>;

/// How many pages of events are read (100 each): a remote with more is unusual for a
/// kiosk's choice list.
const EVENT_PAGES: u32 = 10;

/// Runs the probe with the secret to use (given or stored).
pub async fn run(input: &ProbeInput, secret: &str) -> Probe {
    match steps(input, secret).await {
        Ok(probe) | Err(probe) => probe,
    }
}

fn parse_url(what: &str, text: &str) -> Step<url::Url> {
    let text = text.trim();
    match url::Url::parse(text) {
        Ok(u) if matches!(u.scheme(), "http" | "https") && u.host_str().is_some() => {
            if super::settings::secure_transport(&u) {
                Ok(u)
            } else {
                Err(Probe::failed(
                    Stage::Address,
                    format!(
                        "The {what} “{text}” must start with https:// (plain http is only for \
                         this computer): the client secret would travel in clear."
                    ),
                ))
            }
        }
        _ => Err(Probe::failed(
            Stage::Address,
            format!("The {what} “{text}” is not a web address (it starts with https://)."),
        )),
    }
}

async fn resolve(url: &url::Url) -> Step<()> {
    match name_not_found(url).await {
        Some(message) => Err(Probe::failed(Stage::Dns, message)),
        None => Ok(()),
    }
}

/// When the URL's host name cannot be found (DNS): what to tell a person. None when it
/// is found, or is an IP address. The sync's rounds say the same when they fail for it
/// (`Remote::connect`).
pub async fn name_not_found(url: &url::Url) -> Option<String> {
    let host = url.host_str()?;
    if url
        .host()
        .is_some_and(|h| !matches!(h, url::Host::Domain(_)))
    {
        return None; // an IP address: nothing to look up
    }
    let port = url.port_or_known_default().unwrap_or(443);
    // Bounded, and at once for a name whose lookup just timed out (`dns`).
    if super::dns::lookup(host, port).await.is_ok() {
        return None;
    }
    Some(name_not_found_words(host))
}

/// What a person is told when the name `host` cannot be found.
pub fn name_not_found_words(host: &str) -> String {
    format!(
        "The name “{host}” could not be found (DNS). Check the spelling of the address \
         and that this computer is on a network that reaches it."
    )
}

/// The error chain of a request, for telling TLS failures from others.
fn chain(e: &reqwest::Error) -> String {
    let mut text = String::new();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// The innermost cause of a request's failure ("Connection refused (os error 111)"): the
/// words a person can act on, without the client library's layers around them (nor the
/// URL). The sync's rounds word their network failures with it too.
pub(super) fn cause(e: &reqwest::Error) -> String {
    let mut last = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        last = s.to_string();
        source = s.source();
    }
    last
}

/// Whether a plain TCP connection to the URL's host and port succeeds: when it does and
/// the https request failed to connect, the failure was TLS's, whatever its words.
async fn tcp_reachable(url: &url::Url) -> bool {
    let (Some(host), Some(port)) = (url.host_str(), url.port_or_known_default()) else {
        return false;
    };
    let host = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    matches!(
        tokio::time::timeout(
            Duration::from_secs(3),
            tokio::net::TcpStream::connect((host, port))
        )
        .await,
        Ok(Ok(_))
    )
}

async fn network_failure(url: &url::Url, e: &reqwest::Error) -> Probe {
    let host = url.host_str().unwrap_or_default();
    let port = url.port_or_known_default().unwrap_or(0);
    let detail = chain(e);
    let lower = detail.to_lowercase();
    let tls_words = ["certificate", "tls", "handshake", "ssl"]
        .iter()
        .any(|w| lower.contains(w));
    if url.scheme() == "https" && (tls_words || (e.is_connect() && tcp_reachable(url).await)) {
        return Probe::failed(
            Stage::Tls,
            format!(
                "A secure connection to {host} could not be made (TLS: {}). Its \
                 certificate is not trusted, has expired or is for another name, or the \
                 server does not speak https on port {port}.",
                cause(e)
            ),
        );
    }
    if e.is_timeout() {
        return Probe::failed(
            Stage::Connect,
            format!(
                "{host} did not answer in time (port {port}). Check the address and that \
                 this computer is online."
            ),
        );
    }
    Probe::failed(
        Stage::Connect,
        format!(
            "Nothing answered at {host} on port {port} ({}). Check the address and \
             port, and that the server is running.",
            cause(e)
        ),
    )
}

fn client() -> Step<reqwest::Client> {
    reqwest::Client::builder()
        .dns_resolver(std::sync::Arc::new(super::dns::Bounded))
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(20))
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("entrada-sync/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| Probe::failed(Stage::Connect, format!("cannot make an HTTP client: {e}")))
}

/// The connection test, step by step; the first failing step answers (each one says
/// what to check).
async fn steps(input: &ProbeInput, secret: &str) -> Step<Probe> {
    let base = parse_url("server address", &input.base_url)?;
    let auth = parse_url("sign-in (auth) address", &input.auth_url)?;
    let base_text = base.as_str().trim_end_matches('/').to_owned();
    if !base_text.ends_with("/api/v2") {
        return Err(Probe::failed(
            Stage::Address,
            format!(
                "The server address must be the API's root, ending in /api/v2 (for example \
                 {}/api/v2).",
                base.origin().ascii_serialization()
            ),
        ));
    }
    if input.client_id.trim().is_empty() || secret.is_empty() {
        return Err(Probe::failed(
            Stage::Credentials,
            "Enter the client id and the client secret the event server gave you.",
        ));
    }
    resolve(&base).await?;
    if auth.host_str() != base.host_str() {
        resolve(&auth).await?;
    }
    let http = client()?;

    api(&http, &base, &base_text).await?;
    let token = credentials(&http, &auth, input, secret).await?;
    let events = events(&http, &base, &base_text, &token).await?;
    let host = base.host_str().unwrap_or_default();
    let message = match events.len() {
        0 => format!("Connected to {host}, but it has no events for this client yet."),
        1 => format!("Connected to {host}: 1 event."),
        n => format!("Connected to {host}: {n} events."),
    };
    Ok(Probe {
        ok: true,
        stage: None,
        message,
        events,
    })
}

/// 1. Does something answer at the base URL, and is it an API?
async fn api(http: &reqwest::Client, base: &url::Url, base_text: &str) -> Step<()> {
    let doc = match http.get(format!("{base_text}/openapi")).send().await {
        Ok(r) => r,
        Err(e) => return Err(network_failure(base, &e).await),
    };
    let status = doc.status().as_u16();
    // Some servers keep their document behind a token; that is no reason to stop.
    if !(doc.status().is_success() || status == 401 || status == 403) {
        return Err(Probe::failed(
            Stage::Api,
            format!(
                "{base_text} answered HTTP {status} where a v2 server describes itself \
                 (/openapi). Check that the server address is the API's root (…/api/v2)."
            ),
        ));
    }

    Ok(())
}

/// 2. The credentials: a token for `read write`.
async fn credentials(
    http: &reqwest::Client,
    auth: &url::Url,
    input: &ProbeInput,
    secret: &str,
) -> Step<String> {
    let token_url = format!("{}/oauth/token", auth.as_str().trim_end_matches('/'));
    let answer = match http
        .post(&token_url)
        .form(&[
            ("grant_type", "client_credentials"),
            ("client_id", input.client_id.trim()),
            ("client_secret", secret),
            ("scope", "read write"),
        ])
        .send()
        .await
    {
        Ok(r) => r,
        Err(e) => return Err(network_failure(auth, &e).await),
    };
    let status = answer.status().as_u16();
    let body: serde_json::Value = answer.json().await.unwrap_or(serde_json::Value::Null);
    let error = body["error"].as_str().unwrap_or_default().to_owned();
    let token = match body["access_token"].as_str() {
        Some(t) if (200..300).contains(&status) => t.to_owned(),
        _ if error == "invalid_scope" => {
            return Err(Probe::failed(
                Stage::Credentials,
                "The event server knows this client but will not let it read and write \
                 (invalid_scope). Ask for a client with the scopes read and write.",
            ));
        }
        _ if status == 401 || error == "invalid_client" || error == "unauthorized_client" => {
            return Err(Probe::failed(
                Stage::Credentials,
                format!(
                    "The event server refused the client id or secret ({status} {}). Check \
                     both with the server's administrator.",
                    if error.is_empty() {
                        "unauthorized"
                    } else {
                        &error
                    }
                ),
            ));
        }
        _ => {
            return Err(Probe::failed(
                Stage::Api,
                format!(
                    "{token_url} did not answer with a token (HTTP {status}). Check the \
                     sign-in address: the server's root, without /api/v2."
                ),
            ));
        }
    };

    Ok(token)
}

/// 3. The events, as a v2 server lists them.
async fn events(
    http: &reqwest::Client,
    base: &url::Url,
    base_text: &str,
    token: &str,
) -> Step<Vec<RemoteEvent>> {
    let mut events = Vec::new();
    for page in 1..=EVENT_PAGES {
        let answer = match http
            .get(format!("{base_text}/events?page={page}&per_page=100"))
            .bearer_auth(token)
            .send()
            .await
        {
            Ok(r) => r,
            Err(e) => return Err(network_failure(base, &e).await),
        };
        let status = answer.status().as_u16();
        if status == 401 || status == 403 {
            return Err(Probe::failed(
                Stage::Credentials,
                format!(
                    "The event server gave a token but refused to list events with it \
                     (HTTP {status}). The client needs the scopes read and write."
                ),
            ));
        }
        let body: serde_json::Value = if answer.status().is_success() {
            answer.json().await.unwrap_or(serde_json::Value::Null)
        } else {
            serde_json::Value::Null
        };
        let Some(items) = body["items"].as_array() else {
            return Err(Probe::failed(
                Stage::Api,
                format!(
                    "{base_text}/events did not answer as a v2 server (HTTP {status}, no \
                     `items` list). Check the server address."
                ),
            ));
        };
        for item in items {
            if let (Some(id), Some(name)) = (item["id"].as_i64(), item["name"].as_str()) {
                events.push(RemoteEvent {
                    id,
                    name: name.to_owned(),
                    starts_at: item["starts_at"].as_str().map(str::to_owned),
                    ends_at: item["ends_at"].as_str().map(str::to_owned),
                });
            }
        }
        let pages = body["metadata"]["total_pages"].as_u64().unwrap_or(1);
        if items.is_empty() || u64::from(page) >= pages {
            break;
        }
    }
    Ok(events)
}
