//! A kiosk joins a hub (HUB.md, "Pairing"): it connects to the hub's address trusting
//! only the certificate it was told of (the full fingerprint from a pairing card, or the
//! prefix an mDNS search gave), proves it knows the one-time code for the certificate it
//! saw, checks the hub's proof in return, and stores the sync configuration with that
//! certificate pinned. No secret is typed: the client secret is the hub's answer.

use serde::Deserialize;
use serde_json::json;

use super::discovery::Found;
use super::pairing::{self, Code};
use super::tls::{self, Pin};
use crate::db::sync::{self as store, JoinedHub, SecretAt, StoredConfig};
use crate::error::{Error, Result};

/// Where the hub is and how the kiosk knows it.
#[derive(Debug, Clone)]
pub struct Target {
    /// `https://ADDR:PORT`
    pub url: String,
    pub pin: Pin,
}

/// What the kiosk says about itself.
#[derive(Debug, Clone)]
pub struct Device {
    pub name: String,
    pub door: String,
}

/// The hub's answer, checked.
#[derive(Deserialize)]
pub struct Enrolment {
    pub client_id: String,
    pub client_secret: String,
    pub events: Vec<i64>,
    pub hub_id: String,
    pub hub_name: String,
    /// 64 lower-case hex digits, equal to what the kiosk saw.
    pub fingerprint: String,
    hub_proof: String,
    /// Where it was reached (not part of the answer).
    #[serde(skip)]
    pub url: String,
}

impl std::fmt::Debug for Enrolment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Enrolment")
            .field("client_id", &self.client_id)
            .field("hub_name", &self.hub_name)
            .field("fingerprint", &self.fingerprint)
            .finish_non_exhaustive()
    }
}

fn unreachable_hub(url: &str, e: &reqwest::Error) -> Error {
    if tls::is_pin_mismatch(e) {
        Error::Forbidden(format!(
            "{url} showed a certificate other than the hub's: this is not the hub you were \
             given (check the address and the fingerprint on its pairing card)"
        ))
    } else {
        Error::Conflict(format!("cannot reach the hub at {url}: {}", root_cause(e)))
    }
}

fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut last = e;
    while let Some(next) = last.source() {
        last = next;
    }
    last.to_string()
}

/// Enrols at the hub with `code`; nothing is stored here.
pub async fn enrol(target: &Target, code: &Code, device: &Device) -> Result<Enrolment> {
    let url = target.url.trim_end_matches('/');
    // Which certificate is the hub's: the pin's, or (from a prefix) the one it shows now,
    // then pinned in full for the enrolment itself.
    let fingerprint = match &target.pin {
        Pin::Full(sha256) => *sha256,
        Pin::Prefix(_) => {
            let (builder, seen) = tls::pinned_builder(target.pin.clone())?;
            let client = builder
                .timeout(std::time::Duration::from_secs(10))
                .build()
                .map_err(|e| Error::internal(format!("cannot build the hub's client: {e}")))?;
            client
                .get(format!("{url}/healthz"))
                .send()
                .await
                .map_err(|e| unreachable_hub(url, &e))?;
            let shown = *seen
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            shown.ok_or_else(|| Error::internal("the hub's certificate was not seen"))?
        }
    };
    let fingerprint_hex = hex::encode(fingerprint);
    let (builder, _) = tls::pinned_builder(Pin::Full(fingerprint))?;
    let client = builder
        .timeout(std::time::Duration::from_secs(30))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| Error::internal(format!("cannot build the hub's client: {e}")))?;
    let key = code.key()?;
    let proof = hex::encode(pairing::enrol_proof(&key, &fingerprint_hex));
    let response = client
        .post(format!("{url}/api/v2/kiosk/hub/enrol"))
        .json(&json!({"item": {"device_name": device.name, "door": device.door, "proof": proof}}))
        .send()
        .await
        .map_err(|e| unreachable_hub(url, &e))?;
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let body: serde_json::Value = response.json().await.unwrap_or_default();
    let said = crate::sync::remote::v2::ErrorBody::deserialize(&body)
        .unwrap_or_default()
        .message(status);
    match status {
        201 => {}
        401 => {
            // The hub says no more than that (the same answer for each), so neither does this.
            return Err(Error::Unauthorized(
                "the hub refused the code: it is wrong, expired or already used; make a new \
                 pairing card on the hub"
                    .into(),
            ));
        }
        429 => {
            return Err(Error::Throttled {
                message: format!("the hub refused: {said}"),
                retry_after: retry_after.unwrap_or(60),
            });
        }
        _ => {
            return Err(Error::Conflict(format!(
                "the hub refused to enrol this kiosk ({status}): {said}"
            )));
        }
    }
    let mut enrolment = Enrolment::deserialize(&body)
        .map_err(|e| Error::Conflict(format!("the hub's answer is not an enrolment: {e}")))?;
    let expected = pairing::hub_proof(&key, &fingerprint_hex, &enrolment.client_id);
    let proven = hex::decode(&enrolment.hub_proof).is_ok_and(|p| pairing::same(&p, &expected))
        && enrolment.fingerprint == fingerprint_hex;
    if !proven {
        return Err(Error::Forbidden(
            "the hub's answer does not prove it knows the code: this may not be your hub; \
             nothing was stored"
                .into(),
        ));
    }
    enrolment.url = url.to_owned();
    Ok(enrolment)
}

/// Whether this kiosk may join the hub `pin` names, given the sync it has now: a kiosk
/// that syncs with nothing may, and one joined to that same hub may join it again (after
/// a revoke, or a changed door). One that mirrors another hub's or server's events may
/// not: its records are mapped to that remote's ids, and a second remote's would be
/// taken for them (records overwritten, changes sent to the wrong records).
pub fn may_join(current: Option<&StoredConfig>, pin: &Pin) -> Result<()> {
    let Some(current) = current else {
        return Ok(());
    };
    let same = current
        .pinned_fingerprint
        .as_deref()
        .is_some_and(|pinned| match pin {
            Pin::Full(sha256) => pinned == hex::encode(sha256),
            Pin::Prefix(prefix) => pinned.starts_with(prefix.as_str()),
        });
    if same {
        return Ok(());
    }
    let now = current
        .hub_name
        .clone()
        .map(|name| format!("the venue hub \"{name}\""))
        .unwrap_or_else(|| current.auth_url.clone());
    Err(Error::Conflict(format!(
        "this kiosk already mirrors the events of {now}: joining another hub would mix their \
         records with that one's; join from a new database (a kiosk set up anew)"
    )))
}

/// Stores the sync configuration for a hub the kiosk joined, mirroring into
/// `account_id`. `in_store`: the caller put the client secret in the OS secret store.
/// Refused ([`may_join`]) when the kiosk mirrors another remote's events.
pub fn save(
    conn: &rusqlite::Connection,
    enrolment: &Enrolment,
    account_id: i64,
    in_store: bool,
) -> Result<StoredConfig> {
    let fingerprint = super::identity::parse_fingerprint(&enrolment.fingerprint)?;
    may_join(store::config(conn)?.as_ref(), &Pin::Full(fingerprint))?;
    if crate::db::accounts::get(conn, account_id)?.is_none() {
        return Err(Error::invalid(format!(
            "account {account_id} does not exist"
        )));
    }
    store::save_config(
        conn,
        &format!("{}/api/v2", enrolment.url),
        &enrolment.url,
        &enrolment.client_id,
        if in_store {
            SecretAt::InStore
        } else {
            SecretAt::Here(&enrolment.client_secret)
        },
        &enrolment.events,
        account_id,
        Some(JoinedHub {
            fingerprint: &enrolment.fingerprint,
            name: &enrolment.hub_name,
        }),
    )
}

/// How a kiosk was told of the hub: the pairing card's QR text, the card's address and
/// fingerprint with the code typed, or the code alone, the hub then looked for on the
/// LAN (`hub` naming one, by name or id, when several answer).
#[derive(Debug, Clone)]
pub enum Way {
    Card(String),
    Address {
        url: String,
        fingerprint: String,
        code: String,
    },
    Search {
        code: String,
        hub: Option<String>,
        seconds: std::time::Duration,
    },
}

impl Way {
    /// Where the hub is, and the code, checked. A search blocks for its whole window:
    /// call this on a blocking thread.
    pub fn resolve(self) -> Result<(Target, Code)> {
        match self {
            Way::Card(text) => {
                let card = pairing::Card::parse(&text)?;
                Ok((
                    Target {
                        url: card.url,
                        pin: Pin::Full(card.fingerprint),
                    },
                    card.code,
                ))
            }
            Way::Address {
                url,
                fingerprint,
                code,
            } => Ok((
                Target {
                    url: pairing::hub_url(&url)?,
                    pin: Pin::Full(super::identity::parse_fingerprint(&fingerprint)?),
                },
                Code::parse(&code)?,
            )),
            Way::Search { code, hub, seconds } => {
                // The code is checked before the LAN is searched: a typo fails at once.
                let code = Code::parse(&code)?;
                let found = super::discovery::browse(seconds)?;
                Ok((found_target(&pick(found, hub.as_deref())?)?, code))
            }
        }
    }
}

/// The hub to join among those found: the one named (by name or id), or the only one.
fn pick(found: Vec<Found>, wanted: Option<&str>) -> Result<Found> {
    let names = || {
        found
            .iter()
            .map(|f| format!("\"{}\" ({})", f.name, f.hub_id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match wanted {
        Some(w) => found
            .iter()
            .find(|f| f.name == w || f.hub_id == w)
            .cloned()
            .ok_or_else(|| {
                Error::not_found(format_args!(
                    "hub \"{w}\" (found on the LAN: {})",
                    if found.is_empty() {
                        "none".into()
                    } else {
                        names()
                    }
                ))
            }),
        None => match found.len() {
            0 => Err(Error::not_found(
                "a hub on the LAN (is it started as the venue hub, on this network? or give \
                 its address and fingerprint from its pairing card)",
            )),
            1 => found
                .into_iter()
                .next()
                .ok_or_else(|| Error::internal("vanished")),
            _ => Err(Error::invalid(format!(
                "several hubs answered: {}; choose one by its name",
                names()
            ))),
        },
    }
}

/// How to reach a hub found on the LAN: its first address, trusted by the fingerprint's
/// prefix that its record gave (the enrolment's proofs then authenticate it).
fn found_target(found: &Found) -> Result<Target> {
    let ip = found
        .addresses
        .first()
        .ok_or_else(|| Error::not_found(format_args!("an address of hub {}", found.name)))?;
    Ok(Target {
        url: format!("https://{}", std::net::SocketAddr::new(*ip, found.port)),
        pin: Pin::Prefix(found.fingerprint_prefix.to_lowercase()),
    })
}

/// The computer's name, for the hub's Devices screen.
pub fn computer_name() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "Entrada kiosk".into())
}

/// The hub a kiosk joined, as it keeps it (answered by `hub join` and the join endpoint).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Joined {
    pub hub_name: String,
    /// The hub's HTTPS address.
    pub url: String,
    /// The pinned certificate's SHA-256, 64 lower-case hex digits.
    pub fingerprint: String,
    /// This kiosk's client id on the hub.
    pub client_id: String,
    /// The hub's events this kiosk mirrors.
    pub events: Vec<i64>,
}

impl Joined {
    /// The joined hub of a stored configuration; None when it is not a hub's.
    pub fn of(config: &StoredConfig) -> Option<Joined> {
        Some(Joined {
            hub_name: config.hub_name.clone()?,
            url: config.auth_url.clone(),
            fingerprint: config.pinned_fingerprint.clone()?,
            client_id: config.client_id.clone(),
            events: config.events.clone(),
        })
    }
}
