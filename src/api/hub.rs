//! Kiosk extension: the venue hub's pairing (HUB.md, "Pairing") and its Devices list.
//!
//! - `POST /kiosk/hub/codes` (organisers, on the hub): a pairing card with a one-time
//!   code, as text and as a QR code.
//! - `POST /kiosk/hub/enrol` (no token: the code is the credential; only on the hub's
//!   HTTPS listener): a kiosk proves it knows a code, bound to the certificate it saw, and
//!   gets an OAuth client of its own (`read write`).
//! - `GET /kiosk/hub/devices`, `DELETE /kiosk/hub/devices/{client_id}` (organisers):
//!   the kiosks that joined, and revoking one.
//! - `GET /kiosk/hub`: whether this Entrada is the hub or joined one (the Settings
//!   screen's "Venue hub" card).
//! - On a kiosk (organisers): `GET /kiosk/hub/found` searches the LAN for hubs and
//!   `POST /kiosk/hub/join` joins one, the UI's "Join the venue hub" (`hub::join` does
//!   the work, as for `entrada hub join`).

use std::net::SocketAddr;

use axum::Extension;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use std::time::Duration;

use super::access::{Access, ReadAccess};
use super::envelope::ItemRequest;
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ApiQuery, ItemBody};
use super::guard::ViaHub;
use super::idempotency::Idempotent;
use super::json::Json;
use super::state::AppState;
use crate::auth::secrets::ClientCredentials;
use crate::auth::{DoorWrite, Organiser};
use crate::db::{clients, hub as store, sync as sync_store};
use crate::domain::scope::ScopeSet;
use crate::domain::time;
use crate::error::{At, Error, Problem, Problems, Result};
use crate::hub::discovery::Found;
use crate::hub::join::{self, Device, Way};
use crate::hub::pairing::{self, Code, PairingCard};

/// The scopes of a joined kiosk's client: it mirrors and writes like any sync client.
pub const DEVICE_SCOPES: &str = "read write";

/// Make a pairing card with a new one-time code (kiosk extension; organisers, on a hub).
///
/// The code lets one kiosk join within 10 minutes; the kiosk then mirrors every event of
/// the caller's account. 409 when this Entrada is not serving as the venue hub.
#[utoipa::path(post, operation_id = "createHubCode", path = "/kiosk/hub/codes", tag = "kiosk",
    responses((status = 201, description = "The pairing card; the code is shown only here", body = PairingCard), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create_code(
    access: Access<Organiser>,
    State(state): State<AppState>,
) -> Result<(StatusCode, Json<PairingCard>)> {
    let Some(hub) = state.hub.clone() else {
        return Err(Error::Conflict(
            "this Entrada is not the venue hub: start it with `entrada serve --hub` \
             (or Settings → Make this the venue hub)"
                .into(),
        ));
    };
    let code = Code::generate();
    let key = code.key()?;
    let now = time::unix_now();
    let expires = access
        .write(&state.db, move |conn, who| {
            store::forget_old_codes(conn, now)?;
            store::insert_code(conn, &key, who.account_id, None, now)
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(PairingCard::new(&hub, &code, expires)?),
    ))
}

/// Body member of `POST /kiosk/hub/enrol`.
#[derive(Deserialize, ToSchema)]
pub struct EnrolInput {
    /// The kiosk's name, as the hub's Devices screen lists it.
    #[schema(schema_with = crate::domain::schema::required_short)]
    pub device_name: String,
    /// The door the kiosk stands at (optional).
    pub door: Option<String>,
    /// `HMAC-SHA256(key = SHA-256(code), "entrada-enrol|" + fingerprint)`, 64 hex digits,
    /// where the fingerprint is that of the certificate the kiosk saw (64 lower-case hex).
    pub proof: String,
}

/// What a kiosk gets for a good proof: its own client, and what to mirror.
#[derive(Serialize, ToSchema)]
pub struct Enrolled {
    pub client_id: String,
    /// Shown only here.
    pub client_secret: String,
    pub scopes: String,
    /// The hub's event ids to mirror.
    pub events: Vec<i64>,
    pub hub_id: String,
    pub hub_name: String,
    /// SHA-256 of the hub's certificate, 64 lower-case hex digits: the kiosk pins it.
    pub fingerprint: String,
    /// `HMAC-SHA256(key = SHA-256(code), "entrada-hub|" + fingerprint + "|" + client_id)`:
    /// the kiosk checks it before it stores anything.
    pub hub_proof: String,
}

/// Join this hub with a one-time code (kiosk extension; no token, only over the hub's
/// HTTPS address).
///
/// The code itself is never sent: `proof` shows the kiosk knows it, bound to the
/// certificate the kiosk saw, so a relay with another certificate fails. A wrong,
/// expired or used code is 401, the same answer for each; after 5 failures from one
/// address in 10 minutes, 429 with `Retry-After`; every code is void after 20 failures.
/// On the hub's plain loopback address, 403.
#[utoipa::path(post, operation_id = "enrolAtHub", path = "/kiosk/hub/enrol", tag = "kiosk",
    request_body = ItemRequest<EnrolInput>,
    responses((status = 201, description = "The kiosk's client; the secret is shown only here", body = Enrolled), WriteErrors),
    security(()))]
pub async fn enrol(
    State(state): State<AppState>,
    via_hub: Option<Extension<ViaHub>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    ItemBody(input): ItemBody<EnrolInput>,
) -> Result<(StatusCode, Json<Enrolled>)> {
    let (Some(hub), Some(_)) = (state.hub.clone(), via_hub) else {
        return Err(Error::Forbidden(
            "kiosks join at the hub's HTTPS address (its pairing card shows it), \
             not at its loopback address"
                .into(),
        ));
    };
    let (device_name, door, proof) = parse_enrol(input)?;
    let attempt = state
        .limits
        .enrol_address
        .begin(&peer.ip().to_string())
        .map_err(|wait| {
            // The venue technician sees it in the hub's log (issue 37): an address, never
            // a code or a proof.
            tracing::warn!(peer = %peer.ip(), retry_after = wait,
                "pairing refused: too many wrong codes from this address");
            Error::Throttled {
                message: format!(
                    "too many wrong pairing codes from this address: try again in {wait} seconds"
                ),
                retry_after: wait,
            }
        })?;
    let now = time::unix_now();
    let fingerprint = hub.fingerprint();
    let matched = {
        let fingerprint = fingerprint.clone();
        state
            .db
            .read(move |conn| {
                Ok(store::live_codes(conn, now)?.into_iter().find(|code| {
                    pairing::same(&pairing::enrol_proof(&code.key, &fingerprint), &proof)
                }))
            })
            .await?
    };
    let refused = || {
        Error::Unauthorized(
            "invalid_code: the pairing code is wrong, expired or already used; \
             make a new one on the hub"
                .into(),
        )
    };
    let Some(code) = matched else {
        // Counted against this address only: wrong proofs from one device never void the
        // codes others are about to use (issue 36). The key's Argon2id is what keeps a
        // code safe from guessing, online or off.
        attempt.failed();
        tracing::warn!(peer = %peer.ip(), device = %device_name,
            "pairing refused: a wrong, expired or used code");
        return Err(refused());
    };
    // Hashed outside the writer, once the proof is known good: argon2 is not for guesses.
    let credentials = ClientCredentials::generate_bounded().await?;
    let scopes = ScopeSet::parse(DEVICE_SCOPES)
        .map_err(|e| Error::internal(format!("device scopes: {e}")))?;
    let said_name = device_name.clone();
    let enrolled = state
        .db
        .write(move |conn| {
            let events = match code.events {
                Some(events) => events,
                None => store::event_ids(conn, code.account_id)?,
            };
            // Before the code is spent: the organiser adds the event and the same code works.
            if events.is_empty() {
                return Err(Error::Conflict(
                    "the hub has no event for kiosks to mirror yet: create the event on the \
                     hub, then join again with the same code"
                        .into(),
                ));
            }
            if !store::use_code(conn, code.id)? {
                return Ok(None);
            }
            clients::create(
                conn,
                code.account_id,
                &device_name,
                credentials.stored(),
                scopes,
            )?;
            store::insert_device(conn, &credentials.client_id, &device_name, &door)?;
            Ok(Some((credentials, events, code.key)))
        })
        .await?;
    // Used by another kiosk between the read and the write: the same answer as a wrong code.
    let Some((credentials, events, key)) = enrolled else {
        attempt.failed();
        tracing::warn!(peer = %peer.ip(), device = %said_name,
            "pairing refused: the code was used by another kiosk meanwhile");
        return Err(refused());
    };
    tracing::info!(client_id = %credentials.client_id, peer = %peer.ip(), device = %said_name,
        "a kiosk joined the venue hub");
    let hub_proof = hex::encode(pairing::hub_proof(
        &key,
        &fingerprint,
        &credentials.client_id,
    ));
    Ok((
        StatusCode::CREATED,
        Json(Enrolled {
            client_id: credentials.client_id,
            client_secret: credentials.client_secret,
            scopes: DEVICE_SCOPES.into(),
            events,
            hub_id: hub.hub_id.clone(),
            hub_name: hub.name.clone(),
            fingerprint,
            hub_proof,
        }),
    ))
}

/// The enrolment's members, checked; every problem reported at once.
fn parse_enrol(input: EnrolInput) -> Result<(String, String, Vec<u8>)> {
    use crate::domain::text::{MAX_SHORT, optional_text, required_text};
    let mut problems = Problems::new();
    let name = problems.take(required_text(
        &At::Member("device_name"),
        &input.device_name,
        MAX_SHORT,
    ));
    let door = problems.take(optional_text(
        &At::Member("door"),
        input.door.as_deref(),
        MAX_SHORT,
    ));
    let proof = problems.take(
        hex::decode(input.proof.trim())
            .ok()
            .filter(|p| p.len() == 32)
            .ok_or_else(|| Problem::member("proof", "must be 64 hexadecimal digits")),
    );
    problems.into_result()?;
    match (name, door, proof) {
        (Some(name), Some(door), Some(proof)) => Ok((name, door.unwrap_or_default(), proof)),
        _ => Err(Error::internal("validated input went missing")),
    }
}

/// The kiosks that joined this hub (kiosk extension; organisers).
#[utoipa::path(get, operation_id = "listHubDevices", path = "/kiosk/hub/devices", tag = "kiosk",
    responses((status = 200, description = "Joined kiosks, newest first, revoked ones included", body = Vec<store::Device>), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn devices(
    access: Access<Organiser>,
    State(state): State<AppState>,
) -> Result<Json<Vec<store::Device>>> {
    Ok(Json(access.read(&state.db, store::devices).await?))
}

/// Revoke a joined kiosk: its client and every token it holds, at once (kiosk
/// extension; organisers). It must join again to sync.
#[utoipa::path(delete, operation_id = "revokeHubDevice", path = "/kiosk/hub/devices/{client_id}", tag = "kiosk",
    params(("client_id" = String, Path, description = "The kiosk's client id")),
    responses((status = 204, description = "Revoked"), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn revoke_device(
    access: Access<Organiser>,
    ApiPath(client_id): ApiPath<String>,
    State(state): State<AppState>,
) -> Result<StatusCode> {
    access
        .write(&state.db, move |conn, who| {
            let found = clients::find(conn, &client_id)?
                .filter(|c| c.account_id == who.account_id && c.revoked_at.is_none());
            if found.is_none() || !store::is_device(conn, &client_id)? {
                return Err(Error::not_found(format_args!("device {client_id}")));
            }
            clients::revoke(conn, &client_id)?;
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// This Entrada as the venue hub: how kiosks reach and trust it.
#[derive(Serialize, ToSchema)]
pub struct Serving {
    pub name: String,
    pub hub_id: String,
    /// Its HTTPS addresses on the LAN.
    pub urls: Vec<String>,
    /// SHA-256 of its certificate, 64 lower-case hex digits.
    pub fingerprint: String,
    /// The fingerprint as a person compares it: 16 groups of 4.
    pub fingerprint_grouped: String,
}

/// Where this Entrada stands in a venue: the hub, a kiosk joined to one, or neither.
#[derive(Serialize, ToSchema)]
pub struct HubState {
    /// This Entrada serving as the venue hub; null when it does not.
    #[schema(required = true)]
    pub serving: Option<Serving>,
    /// The hub this kiosk joined and syncs with; null when it joined none (a sync with a
    /// remote server that is not a hub is null here too).
    #[schema(required = true)]
    pub joined: Option<join::Joined>,
}

/// Where this Entrada stands in a venue: serving as the hub, joined to one, or neither
/// (kiosk extension; everyone signed in). `joined` is null for a token of another
/// account than the sync's.
#[utoipa::path(get, operation_id = "getHubState", path = "/kiosk/hub", tag = "kiosk",
    responses((status = 200, description = "The hub this is, or joined", body = HubState), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn state(access: ReadAccess, State(state): State<AppState>) -> Result<Json<HubState>> {
    let joined = access
        .read(&state.db, |conn, account| {
            Ok(sync_store::config(conn)?
                .filter(|c| c.account_id == account)
                .as_ref()
                .and_then(join::Joined::of))
        })
        .await?;
    let serving = state.hub.as_ref().map(|hub| Serving {
        name: hub.name.clone(),
        hub_id: hub.hub_id.clone(),
        urls: hub.urls.clone(),
        fingerprint: hub.fingerprint(),
        fingerprint_grouped: crate::hub::identity::grouped(&hub.fingerprint()),
    });
    Ok(Json(HubState { serving, joined }))
}

/// `?seconds=` of the search for hubs.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FoundParams {
    /// How long to listen for hubs, in seconds: 1 to 10 (clamped; default 3).
    seconds: Option<String>,
}

const SEARCH_DEFAULT: u64 = 3;
const SEARCH_MAX: u64 = 10;

/// Look for venue hubs on the LAN (kiosk extension; organisers). Listens for hubs
/// advertised over mDNS (`_entrada._tcp`) for `seconds`, then answers those found, by
/// name; an empty list when none answered. A kiosk joins one with `POST /kiosk/hub/join`
/// and its `hub_id`.
#[utoipa::path(get, operation_id = "findHubs", path = "/kiosk/hub/found", tag = "kiosk",
    params(FoundParams),
    responses((status = 200, description = "The hubs that answered", body = Vec<Found>), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn found(
    access: Access<Organiser>,
    ApiQuery(params): ApiQuery<FoundParams>,
    State(state): State<AppState>,
) -> Result<Json<Vec<Found>>> {
    access.read(&state.db, |_, _| Ok(())).await?;
    let seconds = params
        .seconds
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map_or(SEARCH_DEFAULT, |s| s.clamp(1, SEARCH_MAX));
    let found = tokio::task::spawn_blocking(move || {
        crate::hub::discovery::browse(Duration::from_secs(seconds))
    })
    .await
    .map_err(|e| Error::internal(format!("the search for hubs failed: {e}")))??;
    Ok(Json(found))
}

/// Body member of `POST /kiosk/hub/join`: the pairing card's QR text; or its address,
/// fingerprint and code; or the code alone, with the `hub_id` of a hub found on the LAN
/// (or none, when one hub answers).
#[derive(Deserialize, ToSchema)]
pub struct JoinInput {
    /// The pairing card's QR text (`entrada-hub:?url=…&fp=…&code=…&name=…`), as a camera
    /// read it. Everything else but `device_name` and `door` is then left out.
    pub qr_text: Option<String>,
    /// The hub's address from its pairing card (`https://HOST:PORT`; a bare `HOST:PORT`
    /// is read as https). Needs `fingerprint`.
    pub url: Option<String>,
    /// The certificate fingerprint from the pairing card: 64 hex digits, spaces and
    /// colons allowed. Needs `url`.
    pub fingerprint: Option<String>,
    /// A hub found on the LAN (`GET /kiosk/hub/found`), by id or name. Without `url` and
    /// `qr_text` the LAN is searched for 3 s; `hub_id` picks one when several answer.
    pub hub_id: Option<String>,
    /// The pairing card's one-time code (8 characters; case, spaces and dashes do not
    /// matter). Needed unless `qr_text` is given.
    pub code: Option<String>,
    /// This kiosk's name on the hub's Devices screen (default: the computer's name).
    pub device_name: Option<String>,
    /// The door this kiosk stands at, shown on the hub's Devices screen.
    pub door: Option<String>,
}

impl JoinInput {
    /// The way the hub was given, and what this kiosk says about itself; every problem
    /// at once.
    fn parse(self) -> Result<(Way, Device)> {
        use crate::domain::text::{MAX_SHORT, optional_text, required_text};
        let mut problems = Problems::new();
        let text = |member: &'static str, value: Option<String>, problems: &mut Problems| {
            let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
            if value.as_ref().is_some_and(|v| v.chars().count() > 2000) {
                problems.push(Problem::member(member, "must be at most 2000 characters"));
                return None;
            }
            value
        };
        let qr_text = text("qr_text", self.qr_text, &mut problems);
        let url = text("url", self.url, &mut problems);
        let fingerprint = text("fingerprint", self.fingerprint, &mut problems);
        let hub_id = text("hub_id", self.hub_id, &mut problems);
        let code = text("code", self.code, &mut problems);
        let device_name = match self.device_name {
            Some(name) => {
                problems.take(required_text(&At::Member("device_name"), &name, MAX_SHORT))
            }
            None => Some(join::computer_name()),
        };
        let door = problems
            .take(optional_text(
                &At::Member("door"),
                self.door.as_deref(),
                MAX_SHORT,
            ))
            .flatten()
            .unwrap_or_default();
        // Each member read now, so that a mistyped one is said beside its input (and a
        // malformed request never reaches the LAN or the hub).
        let checked =
            |member: &'static str, value: &Option<String>, check: &dyn Fn(&str) -> Result<()>| {
                value
                    .as_deref()
                    .map(check)
                    .transpose()
                    .map_err(|e| Problem::member(member, e.to_string()))
            };
        problems.take(checked("qr_text", &qr_text, &|v| {
            pairing::Card::parse(v).map(|_| ())
        }));
        problems.take(checked("url", &url, &|v| pairing::hub_url(v).map(|_| ())));
        problems.take(checked("fingerprint", &fingerprint, &|v| {
            crate::hub::identity::parse_fingerprint(v).map(|_| ())
        }));
        problems.take(checked("code", &code, &|v| Code::parse(v).map(|_| ())));
        if !problems.is_empty() {
            return Err(problems.into_error());
        }
        let way = match (qr_text, url, fingerprint) {
            (Some(card), None, None) if code.is_none() && hub_id.is_none() => Some(Way::Card(card)),
            (Some(_), _, _) => {
                problems.push(Problem::member(
                    "qr_text",
                    "comes alone: the card's QR text holds the address, fingerprint and code",
                ));
                None
            }
            (None, Some(url), Some(fingerprint)) => match code {
                Some(code) => Some(Way::Address {
                    url,
                    fingerprint,
                    code,
                }),
                None => {
                    problems.push(Problem::member("code", "is required"));
                    None
                }
            },
            (None, Some(_), None) => {
                problems.push(Problem::member(
                    "fingerprint",
                    "is required with `url`: it is on the hub's pairing card",
                ));
                None
            }
            (None, None, Some(_)) => {
                problems.push(Problem::member("url", "is required with `fingerprint`"));
                None
            }
            (None, None, None) => match code {
                Some(code) => Some(Way::Search {
                    code,
                    hub: hub_id,
                    seconds: Duration::from_secs(SEARCH_DEFAULT),
                }),
                None => {
                    problems.push(Problem::member(
                        "code",
                        "is required: it is on the hub's pairing card (or give `qr_text`)",
                    ));
                    None
                }
            },
        };
        problems.into_result()?;
        match (way, device_name) {
            (Some(way), Some(name)) => Ok((way, Device { name, door })),
            _ => Err(Error::internal("validated input went missing")),
        }
    }
}

/// Join a venue hub and sync with it (kiosk extension; organisers): what
/// `entrada hub join` does. The kiosk enrols at the hub with the one-time code of its
/// pairing card, pins the hub's certificate, gets credentials of its own (never shown)
/// and mirrors the hub's events into the caller's account from the next sync round. A
/// kiosk joined to that hub may join it again; one that mirrors another hub's or server's
/// events may not (409: their records would mix), nor may the hub itself (409).
///
/// Errors: 422 for a malformed request, and for a code the hub refused (wrong, expired
/// or already used: `item.code`); 404 when no hub (or not the one named) answered on the
/// LAN; 409 when the hub cannot be reached, shows another certificate than the card's
/// (then nothing is stored), has no event yet, or refuses otherwise; 429 with
/// `Retry-After` when the hub throttles this kiosk after wrong codes; 403 when this
/// kiosk's sync belongs to another account.
#[utoipa::path(post, operation_id = "joinHub", path = "/kiosk/hub/join", tag = "kiosk",
    request_body = ItemRequest<JoinInput>,
    responses((status = 200, description = "Joined: the hub, now this kiosk's sync", body = join::Joined), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn join(
    access: Access<Organiser>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<JoinInput>,
) -> Result<Json<join::Joined>> {
    if state.hub.is_some() {
        return Err(Error::Conflict(
            "this Entrada is the venue hub: kiosks join it, it joins no other".into(),
        ));
    }
    let (way, device) = input.parse()?;
    // The sync must be this account's, before anything is asked of the hub.
    let (access, current) = access
        .read_first(&state.db, |conn, who| match sync_store::config(conn)? {
            Some(c) if c.account_id != who.account_id => Err(Error::Forbidden(
                "the sync of this kiosk belongs to another account".into(),
            )),
            current => Ok(current),
        })
        .await?;
    let (target, code) = tokio::task::spawn_blocking(move || way.resolve())
        .await
        .map_err(|e| Error::internal(format!("the search for hubs failed: {e}")))??;
    // Before the code is spent: a kiosk that mirrors another remote may not join.
    join::may_join(current.as_ref(), &target.pin)?;
    let enrolment = join::enrol(&target, &code, &device)
        .await
        .map_err(|e| match e {
            // The caller's sign-in is fine: it is the code the hub refused.
            Error::Unauthorized(m) => Problem::member("code", m).into(),
            // Not the caller's rights either: the address answered as another server.
            Error::Forbidden(m) => Error::Conflict(m),
            other => other,
        })?;
    let in_store = state.config.secret_store;
    if in_store {
        let (db, secret) = (
            state.db.path().to_path_buf(),
            zeroize::Zeroizing::new(enrolment.client_secret.clone()),
        );
        tokio::task::spawn_blocking(move || crate::keystore::keep_remote_secret(&db, &secret))
            .await
            .map_err(|e| Error::internal(format!("secret store task failed: {e}")))??;
    }
    let stored = access
        .write(&state.db, move |conn, who| {
            join::save(conn, &enrolment, who.account_id, in_store)
        })
        .await?;
    crate::sync::nudge();
    join::Joined::of(&stored)
        .map(Json)
        .ok_or_else(|| Error::internal("the joined hub was not stored"))
}

/// Body member of `POST /kiosk/hub/report`.
#[derive(Deserialize, ToSchema)]
pub struct ReportInput {
    /// The kiosk's changes not yet on the hub.
    #[schema(minimum = 0)]
    pub pending: i64,
}

/// A joined kiosk's report, sent after each sync round: how many of its changes are not
/// yet on the hub (kiosk extension; a joined kiosk's own client). The hub's Devices
/// list shows it with the time of the report as the kiosk's last contact. 403 for a
/// token that is not a joined kiosk's.
#[utoipa::path(post, operation_id = "reportToHub", path = "/kiosk/hub/report", tag = "kiosk",
    request_body = ItemRequest<ReportInput>,
    responses((status = 204, description = "Recorded"), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn report(
    access: Access<DoorWrite>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<ReportInput>,
) -> Result<StatusCode> {
    if input.pending < 0 {
        return Err(Problem::member("pending", "must be 0 or more").into());
    }
    access
        .write(&state.db, move |conn, who| {
            if !store::is_device(conn, &who.client_id)? {
                return Err(Error::Forbidden(
                    "only a kiosk joined to this hub reports to it".into(),
                ));
            }
            store::report(conn, &who.client_id, input.pending)
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Body member of `POST /kiosk/hub/conflicts`.
#[derive(Deserialize, ToSchema)]
pub struct ConflictInput {
    /// The hub's event id.
    pub event_id: i64,
    /// The hub's attendee id.
    pub attendee_id: i64,
    /// When the kiosk admitted the attendee, deciding alone (RFC 3339).
    #[schema(format = DateTime)]
    pub admitted_at: String,
    /// What the hub said when the check-in reached it.
    #[schema(schema_with = crate::domain::schema::required_long)]
    pub message: String,
}

/// A door duplicate as the hub recorded it (and lists it to every kiosk): who was
/// admitted twice, at which door, when.
#[derive(Serialize, ToSchema)]
pub struct DoorConflict {
    /// The hub's conflict id (its Sync screen's).
    pub id: i64,
    /// The hub's event id.
    pub event_id: i64,
    /// The hub's attendee id: who was admitted twice.
    pub attendee_id: i64,
    /// The door of the kiosk that reported it (its name when it gave no door): where the
    /// second admission was.
    pub door: String,
    /// When that kiosk admitted the attendee, deciding alone (RFC 3339, UTC).
    #[schema(format = DateTime)]
    pub admitted_at: String,
    /// What the hub said when the check-in reached it (the first admission).
    pub message: String,
    /// When the hub recorded it (RFC 3339, UTC).
    #[schema(format = DateTime)]
    pub noticed_at: String,
}

/// A joined kiosk reports a duplicate entry: it admitted an attendee while it could not
/// reach the hub, and the hub had admitted them at another door first (kiosk extension; a
/// joined kiosk's own client). The hub records one `duplicate_entry` conflict, shown on
/// its Sync screen (`GET /kiosk/sync`) and, through it, on every joined kiosk's within a
/// second (a `: conflict` comment on the event's check-in stream tells them). Send an
/// `Idempotency-Key`: a report sent again is then recorded once. 403 for a token that is
/// not a joined kiosk's; 404 for an event or attendee the hub does not have.
#[utoipa::path(post, operation_id = "reportHubConflict", path = "/kiosk/hub/conflicts", tag = "kiosk",
    request_body = ItemRequest<ConflictInput>,
    responses((status = 201, description = "Recorded", body = DoorConflict), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn report_conflict(
    access: Access<DoorWrite>,
    State(state): State<AppState>,
    idempotent: Idempotent,
    ItemBody(input): ItemBody<ConflictInput>,
) -> Result<axum::response::Response> {
    let mut problems = Problems::new();
    let admitted_at = problems.take(
        chrono::DateTime::parse_from_rfc3339(input.admitted_at.trim())
            .map(|t| time::format(t.with_timezone(&chrono::Utc)))
            .map_err(|_| Problem::member("admitted_at", "must be an RFC 3339 date-time")),
    );
    let message = problems.take(crate::domain::text::required_text(
        &At::Member("message"),
        &input.message,
        crate::domain::text::MAX_LONG,
    ));
    problems.into_result()?;
    let (Some(admitted_at), Some(message)) = (admitted_at, message) else {
        return Err(Error::internal("validated input went missing"));
    };
    let key = idempotent.clone();
    let recorded = access
        .write(&state.db, move |conn, who| {
            let Some(door) = store::door_of(conn, &who.client_id)? else {
                return Err(Error::Forbidden(
                    "only a kiosk joined to this hub reports duplicate entries".into(),
                ));
            };
            let event = crate::db::events::require(conn, who.account_id, input.event_id)?;
            crate::db::attendees::get(conn, event.id, input.attendee_id)?;
            let noticed_at = time::now();
            let id = sync_store::add_conflict(
                conn,
                "duplicate_entry",
                Some(event.id),
                Some(input.attendee_id),
                &serde_json::json!({
                    "message": message,
                    "here": {"at": admitted_at, "device": door},
                    "remote_says": message,
                    "noticed_at": noticed_at,
                    "reported_by": who.client_id,
                }),
            )?;
            let answer = DoorConflict {
                id,
                event_id: event.id,
                attendee_id: input.attendee_id,
                door,
                admitted_at,
                message,
                noticed_at,
            };
            key.store(conn, StatusCode::CREATED, &answer)?;
            Ok(answer)
        })
        .await?;
    // Committed: the other doors following this event's stream read it now (HUB.md).
    state.db.feed().conflict_noted(recorded.event_id);
    Ok(idempotent.respond(StatusCode::CREATED, &recorded))
}
