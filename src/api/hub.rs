//! Kiosk extension: the venue hub's pairing (HUB.md, "Pairing") and its Devices list.
//!
//! - `POST /kiosk/hub/codes` (organisers, on the hub): a pairing card with a one-time
//!   code, as text and as a QR code.
//! - `POST /kiosk/hub/enrol` (no token: the code is the credential; only on the hub's
//!   HTTPS listener): a kiosk proves it knows a code, bound to the certificate it saw, and
//!   gets an OAuth client of its own (`read write`).
//! - `GET /kiosk/hub/devices`, `DELETE /kiosk/hub/devices/{client_id}` (organisers):
//!   the kiosks that joined, and revoking one.

use std::net::SocketAddr;

use axum::Extension;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::Access;
use super::envelope::ItemRequest;
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody};
use super::guard::ViaHub;
use super::json::Json;
use super::state::AppState;
use crate::auth::Organiser;
use crate::auth::secrets::ClientCredentials;
use crate::db::{clients, hub as store};
use crate::domain::scope::ScopeSet;
use crate::domain::time;
use crate::error::{At, Error, Problem, Problems, Result};
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
    let key = code.key();
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
        .map_err(|wait| Error::Throttled {
            message: format!(
                "too many wrong pairing codes from this address: try again in {wait} seconds"
            ),
            retry_after: wait,
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
        attempt.failed();
        state
            .db
            .write(move |conn| store::count_failure(conn, now))
            .await?;
        return Err(refused());
    };
    // Hashed outside the writer, once the proof is known good: argon2 is not for guesses.
    let credentials = ClientCredentials::generate_bounded().await?;
    let scopes = ScopeSet::parse(DEVICE_SCOPES)
        .map_err(|e| Error::internal(format!("device scopes: {e}")))?;
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
        return Err(refused());
    };
    tracing::info!(client_id = %credentials.client_id, "a kiosk joined the venue hub");
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
