//! `/kiosk/sync*`: the sync's state for staff, and the organiser's controls (kiosk
//! extensions, outside the v2 API; documented in the OpenAPI document with their own
//! server `/`). Reading the state needs `read`; everything else needs `write`, which
//! door staff do not have.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::access::{Access, ReadAccess};
use super::envelope::ItemRequest;
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody};
use super::state::AppState;
use crate::auth::{Organiser, Write};
use crate::db::sync as store;
use crate::error::{Error, Problem, Result};
use crate::sync::settings::{SettingsInput, SettingsView};
use crate::sync::{self, Status, Summary};

/// The sync's state: online, last success, pending changes, parked entries with the
/// remote's message, and conflicts (duplicate entries, edits on both sides, records
/// deleted on the remote). A bare object, like the other kiosk endpoints.
#[utoipa::path(get, operation_id = "getSyncStatus", path = "/kiosk/sync", tag = "kiosk",
    responses((status = 200, description = "The sync's state", body = Status), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn status(access: ReadAccess, State(state): State<AppState>) -> Result<Json<Status>> {
    let status = access
        .read(&state.db, |conn, account| {
            let mine = store::config(conn)?.is_none_or(|c| c.account_id == account);
            let mut status = sync::status(conn)?;
            if !mine {
                // Another account's sync is none of this token's business.
                status.parked.clear();
                status.conflicts.clear();
                status.pending = 0;
                status.configured = false;
            }
            Ok(status)
        })
        .await?;
    Ok(Json(status))
}

fn check_account(config: Option<&store::StoredConfig>, account: i64) -> Result<()> {
    match config {
        Some(c) if c.account_id != account => Err(Error::Forbidden(
            "the sync of this kiosk belongs to another account".into(),
        )),
        _ => Ok(()),
    }
}

/// The remote's configuration, without the secret. Organisers only (a signed-in person
/// with `write`; client credentials are refused).
#[utoipa::path(get, operation_id = "getSyncConfig", path = "/kiosk/sync/config", tag = "kiosk",
    responses((status = 200, description = "The configuration (the secret is never returned)", body = SettingsView), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn get_config(
    access: Access<Organiser>,
    State(state): State<AppState>,
) -> Result<Json<SettingsView>> {
    let view = access
        .read(&state.db, move |conn, account| {
            let config = store::config(conn)?;
            check_account(config.as_ref(), account)?;
            Ok(SettingsView::of(config.as_ref()))
        })
        .await?;
    Ok(Json(view))
}

/// Configure the remote: `base_url` (ending in `/api/v2`), `auth_url`, `client_id`,
/// `client_secret` (write-only; omit it to keep the stored one) and the remote `events`
/// to mirror into the token's account. A running server uses it from its next round.
/// Organisers only. Moving `base_url` or `auth_url` without giving `client_secret` again
/// drops the stored secret (`client_secret_set` false): a secret is only ever sent to the
/// addresses it was given for.
#[utoipa::path(put, operation_id = "putSyncConfig", path = "/kiosk/sync/config", tag = "kiosk",
    request_body = ItemRequest<SettingsInput>,
    responses((status = 200, description = "The stored configuration (without the secret)", body = SettingsView), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn put_config(
    access: Access<Organiser>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<SettingsInput>,
) -> Result<Json<SettingsView>> {
    // With `serve --secret-store` the secret goes to the OS secret store, before the
    // write that records it is there (a failed write leaves the old configuration, which
    // a stored secret does not disturb).
    let in_store = state.config.secret_store
        && input
            .client_secret
            .as_deref()
            .is_some_and(|s| !s.is_empty());
    if in_store {
        let (db, secret) = (
            state.db.path().to_path_buf(),
            input.client_secret.clone().unwrap_or_default(),
        );
        tokio::task::spawn_blocking(move || crate::keystore::keep_remote_secret(&db, &secret))
            .await
            .map_err(|e| Error::internal(format!("secret store task failed: {e}")))??;
    }
    let view = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            let current = store::config(conn)?;
            check_account(current.as_ref(), account)?;
            let settings = input.parse(current.is_some())?;
            let stored = settings.save(conn, account, in_store)?;
            Ok(SettingsView::of(Some(&stored)))
        })
        .await?;
    Ok(Json(view))
}

/// Run a sync round now (push, then pull) and answer what it did. A remote that cannot
/// be reached is not an error of this request: the summary says so (`reached`, `error`);
/// a name the DNS does not answer for within 2 s counts as not found (and fails at once
/// for the next 15 s), so the answer does not wait out the system's resolver.
/// While another round runs (the server's own, after a change), this one waits for it to
/// end and then runs: the answer is always of a round that started after the request
/// (409 also if the running round lasts over 10 minutes). 409 when no sync is configured
/// (a state of the kiosk, not a fault of the request).
///
/// With `Prefer: respond-async` (RFC 7240) the answer comes at once: 202 with the sync's
/// state (`GET /kiosk/sync`, named by `Location`), `Preference-Applied: respond-async`,
/// and the round runs in the background as the UI's does; it has ended when
/// `GET /kiosk/sync` says `running: false` and a `last_attempt_at` later than the 202.
#[utoipa::path(post, operation_id = "runSync", path = "/kiosk/sync/run", tag = "kiosk",
    params(("Prefer" = Option<String>, Header,
        description = "`respond-async`: answer 202 at once and run the round in the background")),
    responses(
        (status = 200, description = "What the round did", body = Summary),
        (status = 202, description = "The round was started in the background (`Prefer: respond-async`): the sync's state now; follow `GET /kiosk/sync` for its progress and end", body = Status,
            headers(("Location" = String, description = "`/api/v2/kiosk/sync`"),
                    ("Preference-Applied" = String, description = "`respond-async`"))),
        WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn run(
    access: Access<Write>,
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response> {
    let status = access
        .read(&state.db, move |conn, account| {
            let config = store::config(conn)?;
            check_account(config.as_ref(), account)?;
            if config.is_none() {
                // Said before answering 202: a background round could only fail for it.
                return Err(Error::Conflict(
                    "the sync is not configured (entrada sync configure, or the UI's Sync \
                     screen)"
                        .into(),
                ));
            }
            sync::status(conn)
        })
        .await?;
    // The round runs in a task of its own: a client that hangs up (or the request time
    // limit) must not cut a round off halfway.
    let db = state.db.clone();
    let round = tokio::spawn(async move { sync::round_when_free(&db, &|_, _, _| {}).await });
    if prefers_async(&headers) {
        tokio::spawn(async move {
            match round.await {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => tracing::warn!("a sync round asked for in the background: {e}"),
                Err(e) => tracing::warn!("a sync round asked for in the background failed: {e}"),
            }
        });
        let mut answer = (StatusCode::ACCEPTED, Json(status)).into_response();
        let h = answer.headers_mut();
        h.insert(
            header::LOCATION,
            HeaderValue::from_static("/api/v2/kiosk/sync"),
        );
        h.insert(
            HeaderName::from_static("preference-applied"),
            HeaderValue::from_static("respond-async"),
        );
        return Ok(answer);
    }
    let summary = round
        .await
        .map_err(|e| Error::internal(format!("the sync round failed: {e}")))??;
    Ok(Json(summary).into_response())
}

/// Whether a `Prefer` header asks for `respond-async` (RFC 7240: a comma-separated list
/// of preferences, each maybe with parameters; names are case-insensitive).
fn prefers_async(headers: &HeaderMap) -> bool {
    headers
        .get_all("prefer")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|p| {
            p.split(';')
                .next()
                .is_some_and(|name| name.trim().eq_ignore_ascii_case("respond-async"))
        })
}

async fn parked_action(
    state: &AppState,
    access: Access<Write>,
    id: i64,
    action: impl FnOnce(&rusqlite::Connection) -> Result<bool> + Send + 'static,
) -> Result<Json<Status>> {
    let status = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            check_account(store::config(conn)?.as_ref(), account)?;
            if !action(conn)? {
                return Err(Error::not_found(format_args!("parked entry {id}")));
            }
            sync::status(conn)
        })
        .await?;
    Ok(Json(status))
}

/// Send a parked entry again at the next round.
#[utoipa::path(post, operation_id = "retryParkedChange", path = "/kiosk/sync/parked/{id}/retry", tag = "kiosk",
    params(("id" = i64, Path, description = "Parked entry id")),
    responses((status = 200, description = "The sync's state after it", body = Status), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn retry(
    access: Access<Write>,
    ApiPath(id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Status>> {
    parked_action(&state, access, id, move |conn| store::unpark(conn, id)).await
}

/// Request body of `PATCH /kiosk/sync/parked/{id}`: the entry's new body.
#[derive(Deserialize, ToSchema)]
pub struct ParkedEdit {
    /// What to send instead (the same shape as the parked entry's `body`).
    #[schema(schema_with = crate::domain::schema::parked_edit_body)]
    pub body: Value,
}

/// Replace what a parked entry sends (a person fixed what the remote refused) and send
/// it again at the next round.
#[utoipa::path(patch, operation_id = "editParkedChange", path = "/kiosk/sync/parked/{id}", tag = "kiosk",
    request_body = ItemRequest<ParkedEdit>,
    params(("id" = i64, Path, description = "Parked entry id")),
    responses((status = 200, description = "The sync's state after it", body = Status), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn edit(
    access: Access<Write>,
    ApiPath(id): ApiPath<i64>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<ParkedEdit>,
) -> Result<Json<Status>> {
    if !input.body.is_object() {
        return Err(Error::from(Problem::member("body", "must be an object")));
    }
    parked_action(&state, access, id, move |conn| {
        store::edit(conn, id, &input.body)
    })
    .await
}

/// Drop a parked entry: the remote will never see that change.
#[utoipa::path(delete, operation_id = "dropParkedChange", path = "/kiosk/sync/parked/{id}", tag = "kiosk",
    params(("id" = i64, Path, description = "Parked entry id")),
    responses((status = 200, description = "The sync's state after it", body = Status), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn drop_parked(
    access: Access<Write>,
    ApiPath(id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Status>> {
    parked_action(&state, access, id, move |conn| store::drop_parked(conn, id)).await
}

/// Test a remote before configuring it: the address, its name (DNS), the connection,
/// TLS, the credentials and whether it answers as a v2 server, stopping at the first step
/// that fails and saying so in words; on success, the remote's events to choose from.
/// Always 200 (the outcome is in the body); nothing is stored. Omit `client_secret` to
/// test the stored one, which is sent only to the addresses it was stored for (other
/// addresses are tested with no secret). Organisers only.
#[utoipa::path(post, operation_id = "testSyncConnection", path = "/kiosk/sync/test", tag = "kiosk",
    request_body = ItemRequest<crate::sync::probe::ProbeInput>,
    responses((status = 200, description = "What the test found", body = crate::sync::probe::Probe), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn test_connection(
    access: Access<Organiser>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<crate::sync::probe::ProbeInput>,
) -> Result<Json<crate::sync::probe::Probe>> {
    let secret = match input.client_secret.clone().filter(|s| !s.is_empty()) {
        Some(secret) => secret,
        None => {
            let client_id = input.client_id.trim().to_owned();
            let (base_url, auth_url) = (input.base_url.clone(), input.auth_url.clone());
            let config = access
                .read(&state.db, move |conn, account| {
                    let config = store::config(conn)?;
                    check_account(config.as_ref(), account)?;
                    // The stored secret is tested only against the addresses it was
                    // stored for: never sent to a URL the caller chose (issue 36).
                    Ok(config.filter(|c| {
                        c.client_id == client_id
                            && same_url(&c.base_url, &base_url)
                            && same_url(&c.auth_url, &auth_url)
                    }))
                })
                .await?;
            match config {
                Some(config) => {
                    crate::sync::with_secret(state.db.path(), config)
                        .await?
                        .client_secret
                }
                None => String::new(),
            }
        }
    };
    Ok(Json(crate::sync::probe::run(&input, &secret).await))
}

/// Whether two remote addresses are the same, as stored (the stored ones have no trailing
/// slash).
fn same_url(stored: &str, given: &str) -> bool {
    stored == given.trim().trim_end_matches('/')
}
