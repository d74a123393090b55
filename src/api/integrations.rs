//! Kiosk extension: client credentials for local integrations (a badge printer, a
//! turnstile, a script on this computer), made from the UI's settings instead of the
//! command line. Organisers only (a person signed in with the organiser role; client
//! credentials may not mint clients, whatever their scopes); the secret is shown once and
//! only its hash is kept. A new client never gets a scope its creator's token lacks.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::Access;
use super::envelope::ItemRequest;
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody};
use super::state::AppState;
use crate::auth::Organiser;
use crate::auth::secrets::ClientCredentials;
use crate::db::clients;
use crate::domain::scope::ScopeSet;
use crate::error::{At, Error, Problem, Problems, Result};

/// Body member of `POST /kiosk/clients`.
#[derive(Deserialize, ToSchema)]
pub struct IntegrationInput {
    /// What the client is, e.g. "Badge printer at door 2".
    #[schema(schema_with = crate::domain::schema::required_short)]
    pub name: String,
    /// Space-separated: `read`, `write`, `check_in`. Default `read check_in`.
    pub scopes: Option<String>,
}

/// A client of this account (never its secret).
#[derive(Serialize, ToSchema)]
pub struct Integration {
    pub client_id: String,
    pub name: String,
    pub scopes: String,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// The answer to a create: the only time the secret is shown.
#[derive(Serialize, ToSchema)]
pub struct NewIntegration {
    pub client_id: String,
    pub client_secret: String,
    pub name: String,
    pub scopes: String,
    /// Where to ask for tokens (`POST`, client credentials).
    pub token_url: String,
}

/// Create client credentials for a local integration (kiosk extension; organisers).
///
/// Only a person signed in as an organiser (a personal token with the organiser role) may
/// call this: a token from client credentials gets 403 even with `write`, and the new
/// client's scopes must be a subset of the caller's token's scopes (else 403).
#[utoipa::path(post, operation_id = "createClient", path = "/kiosk/clients", tag = "kiosk",
    request_body = ItemRequest<IntegrationInput>,
    responses((status = 201, description = "The client; the secret is shown only here", body = NewIntegration), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    access: Access<Organiser>,
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    ItemBody(input): ItemBody<IntegrationInput>,
) -> Result<(StatusCode, Json<NewIntegration>)> {
    let mut problems = Problems::new();
    let name = problems.take(crate::domain::text::required_text(
        &At::Member("name"),
        &input.name,
        crate::domain::text::MAX_SHORT,
    ));
    let wanted = input.scopes.unwrap_or_else(|| "read check_in".into());
    let scopes = problems.take(
        ScopeSet::parse(&wanted)
            .map_err(|e| Problem::member("scopes", format!(": {e}")))
            .and_then(|s| {
                if s.is_empty() {
                    Err(Problem::member(
                        "scopes",
                        ": name at least one of read, write, check_in",
                    ))
                } else {
                    Ok(s)
                }
            }),
    );
    problems.into_result()?;
    let (Some(name), Some(scopes)) = (name, scopes) else {
        return Err(Error::internal("validated input went missing"));
    };
    // The caller is checked before the secret is hashed: argon2 is not for strangers.
    let who = access.principal(&state.db).await?;
    if !scopes.is_subset(who.scopes) {
        return Err(Error::Forbidden(format!(
            "a new client may have only scopes your own sign-in has ({})",
            who.scopes
        )));
    }
    let credentials = ClientCredentials::generate_bounded().await?;
    let stored_name = name.clone();
    let ClientCredentials {
        client_id,
        client_secret,
        ..
    } = state
        .db
        .write(move |conn| {
            let account = who.account_id;
            clients::create(conn, account, &stored_name, credentials.stored(), scopes)?;
            Ok(credentials)
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(NewIntegration {
            client_id,
            client_secret,
            name,
            scopes: wanted.split_whitespace().collect::<Vec<_>>().join(" "),
            // The address the caller used (the Host check already vouched for it); the
            // configured bind may say port 0 or 0.0.0.0.
            token_url: format!(
                "http://{}/oauth/token",
                headers
                    .get(axum::http::header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .map_or_else(|| state.config.bind.to_string(), str::to_owned)
            ),
        }),
    ))
}

/// The account's clients with a secret (kiosk extension; organisers).
#[utoipa::path(get, operation_id = "listClients", path = "/kiosk/clients", tag = "kiosk",
    responses((status = 200, description = "Clients, oldest first, revoked ones left out", body = Vec<Integration>), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn list(
    access: Access<Organiser>,
    State(state): State<AppState>,
) -> Result<Json<Vec<Integration>>> {
    let (all, account) = access
        .read(&state.db, |conn, account| {
            // Kiosks joined to this hub are on the Devices list, not here.
            let devices = crate::db::hub::device_ids(conn)?;
            let mut kept = clients::list(conn)?;
            kept.retain(|c| !devices.contains(&c.client_id));
            Ok((kept, account))
        })
        .await?;
    Ok(Json(
        all.into_iter()
            .filter(|c| c.account_id == account && !c.public && c.revoked_at.is_none())
            .map(|c| Integration {
                client_id: c.client_id,
                name: c.name,
                scopes: c.scopes,
                created_at: c.created_at,
            })
            .collect(),
    ))
}

/// Revoke a client and every token it holds (kiosk extension; organisers).
#[utoipa::path(delete, operation_id = "revokeClient", path = "/kiosk/clients/{client_id}", tag = "kiosk",
    params(("client_id" = String, Path, description = "Client id")),
    responses((status = 204, description = "Revoked"), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn revoke(
    access: Access<Organiser>,
    ApiPath(client_id): ApiPath<String>,
    State(state): State<AppState>,
) -> Result<StatusCode> {
    access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            let found = clients::find(conn, &client_id)?
                .filter(|c| c.account_id == account && !c.public && c.revoked_at.is_none());
            if found.is_none() {
                return Err(Error::not_found(format_args!("client {client_id}")));
            }
            clients::revoke(conn, &client_id)?;
            Ok(())
        })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
