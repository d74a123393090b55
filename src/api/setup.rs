//! Kiosk extension: the first run, and the demo event.
//!
//! A new database has nobody to sign in as, and the person who installed Entrada has no
//! terminal. So while no user exists, `POST /kiosk/setup` creates the first organiser
//! (the UI's set-up screen) and hands back a one-time authorization code that the UI
//! exchanges like the one from the sign-in page: the organiser is signed in without
//! typing the passphrase twice. It is an unauthenticated write, so it is fenced three
//! ways: only while no user exists (checked again inside the one write job, so of two
//! concurrent set-ups exactly one wins and the other gets 409), only from this computer
//! (peer address and `Host` both loopback), and only for the built-in kiosk client's
//! redirect URI.
//!
//! The demo event (`/kiosk/demo`) is the data of `serve --demo`, marked as a demo so the
//! UI can say so everywhere and remove it in one step.

use std::net::SocketAddr;

use crate::api::json::Json;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header::HOST};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::access::Access;
use super::envelope::{Item, ItemRequest};
use super::error::{ReadErrors, WriteErrors};
use super::extract::ItemBody;
use super::state::AppState;
use crate::auth::redirect_uri_matches;
use crate::auth::{Write, pkce, secrets};
use crate::db::{accounts, clients, events, users};
use crate::domain::event::Event;
use crate::domain::time;
use crate::domain::user::{self, Role, User};
use crate::error::{At, Error, Problem, Problems, Result};

/// The kiosk UI's built-in public client (migration 0003).
pub const KIOSK_CLIENT_ID: &str = "entrada-kiosk";
/// Lifetime of the set-up's authorization code, seconds (as the sign-in page's).
const CODE_TTL: i64 = 60;
/// How many attendees the demo event gets (as `serve --demo`).
const DEMO_ATTENDEES: usize = 300;
/// The demo event's name: it says "demo" even where the flag is not shown.
pub const DEMO_EVENT_NAME: &str = "Northern Lights Tech Summit (demo)";

/// Whether the first run's set-up is still to be done.
#[derive(Serialize, ToSchema)]
pub struct SetupState {
    /// True while the database has no user: the UI shows the set-up instead of sign-in.
    pub needed: bool,
}

/// Body member of `POST /kiosk/setup`.
#[derive(Deserialize, ToSchema)]
pub struct SetupInput {
    /// The organiser's name.
    #[schema(
        min_length = 1,
        pattern = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
    )]
    pub name: String,
    #[schema(format = Email)]
    pub email: String,
    /// At least 10 characters.
    #[schema(min_length = 10)]
    pub password: String,
    /// Optional PKCE S256 challenge of a verifier the caller keeps: the answer then
    /// carries a one-time authorization code for the client `entrada-kiosk`.
    pub code_challenge: Option<String>,
    /// With `code_challenge`: where the code will be exchanged from; one of the kiosk
    /// client's redirect URIs (loopback `/oauth/callback`, any port).
    pub redirect_uri: Option<String>,
}

/// The first organiser, and the code to sign them in with.
#[derive(Serialize, ToSchema)]
pub struct SetupResult {
    pub user: User,
    /// A one-time authorization code (60 s) for `entrada-kiosk`, to exchange at
    /// `POST /oauth/token` (`grant_type=authorization_code`, `code_verifier`,
    /// `redirect_uri`); null when no `code_challenge` was sent.
    #[schema(required = true)]
    pub code: Option<String>,
}

/// Answer of `DELETE /kiosk/demo`.
#[derive(Serialize, ToSchema)]
pub struct DemoRemoved {
    /// How many demo events were removed (0 or 1).
    pub removed: usize,
}

/// Requests from this computer only: the peer address and the `Host` it named are both
/// loopback. (The Host check of every request allows more when the server listens on
/// the network; the set-up never does.)
pub struct FromThisComputer;

impl FromRequestParts<AppState> for FromThisComputer {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, Error> {
        let peer_is_local = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .is_some_and(|ConnectInfo(peer)| peer.ip().is_loopback());
        let host_is_local = parts
            .headers
            .get(HOST)
            .and_then(|h| h.to_str().ok())
            .is_some_and(is_loopback_host);
        if crate::api::guard::from_another_site(&parts.headers) {
            // A page the kiosk's browser opened must not set up the first organiser with
            // a passphrase of its choosing (a text/plain post needs no CORS preflight).
            return Err(Error::Forbidden(
                "this request was sent from another web site, not from this kiosk's own page"
                    .into(),
            ));
        }
        if peer_is_local && host_is_local {
            Ok(FromThisComputer)
        } else {
            Err(Error::Forbidden(
                "the first organiser can only be set up on the kiosk computer itself: open \
                 http://127.0.0.1 (with Entrada's port) there"
                    .into(),
            ))
        }
    }
}

/// `localhost`, `127.0.0.1`, `[::1]` (any loopback address), with or without a port.
fn is_loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or_default()
    } else {
        host.rsplit_once(':').map_or(host, |(name, _)| name)
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Whether the first run's set-up is needed (kiosk extension; no token).
#[utoipa::path(get, operation_id = "getSetupStatus", path = "/kiosk/setup", tag = "kiosk",
    responses((status = 200, description = "`needed` is true while the database has no user", body = SetupState)),
    security(()))]
pub async fn status(State(state): State<AppState>) -> Result<Json<SetupState>> {
    let any = state.db.read(users::any).await?;
    Ok(Json(SetupState { needed: !any }))
}

/// Create the first organiser (kiosk extension; no token, from this computer only).
///
/// Only while no user exists: the first request wins, in one write; later and concurrent
/// ones get 409. The organiser joins the first account. With a PKCE `code_challenge` the
/// answer carries a one-time authorization code that signs them in.
#[utoipa::path(post, operation_id = "setUp", path = "/kiosk/setup", tag = "kiosk",
    request_body = ItemRequest<SetupInput>,
    responses(
        (status = 201, description = "The organiser, signed in by the code", body = Item<SetupResult>),
        (status = 403, description = "Not from this computer (peer or Host not loopback)", body = super::error::ErrorBody),
        (status = 409, description = "Somebody already exists: sign in instead", body = super::error::ErrorBody),
        (status = 415, description = "A body sent as something other than JSON", body = super::error::ErrorBody),
        (status = 422, description = "Invalid name, email, passphrase or PKCE parameters", body = super::error::ValidationErrorBody),
    ),
    security(()))]
pub async fn create(
    _local: FromThisComputer,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<SetupInput>,
) -> Result<(StatusCode, Json<Item<SetupResult>>)> {
    let mut problems = Problems::new();
    let name = problems.take(user::name(&input.name));
    let email = problems.take(user::email(&input.email));
    let password = problems.take(user::passphrase(&At::Member("password"), &input.password));
    let pkce = match (input.code_challenge, input.redirect_uri) {
        (None, _) => None,
        (Some(challenge), Some(uri)) if pkce::valid_challenge(&challenge) => Some((challenge, uri)),
        (Some(_), Some(_)) => {
            problems.push(Problem::member(
                "code_challenge",
                "is not a base64url SHA-256 (PKCE S256)",
            ));
            None
        }
        (Some(_), None) => {
            problems.push(Problem::member(
                "redirect_uri",
                "is required with item.code_challenge",
            ));
            None
        }
    };
    problems.into_result()?;
    let (Some(name), Some(email), Some(password)) = (name, email, password) else {
        return Err(Error::internal("validated input went missing"));
    };
    // Refuse early without the argon2 work; the write below decides for real.
    if state.db.read(users::any).await? {
        return Err(already_set_up());
    }
    let hash = secrets::hash_secret_bounded(password).await?;
    let code = pkce.as_ref().map(|_| secrets::new_authorization_code());
    let code_hash = code.as_deref().map(secrets::token_hash);
    let user = state
        .db
        .write(move |conn| {
            if users::any(conn)? {
                return Err(already_set_up());
            }
            let account = accounts::first(conn)?
                .ok_or_else(|| Error::internal("the database has no account"))?;
            let id = users::create(conn, &email, &name, &hash, account.id, Role::Organiser)?;
            users::record_sign_in(conn, id)?;
            if let (Some((challenge, uri)), Some(code_hash)) = (pkce, code_hash) {
                let client = clients::find(conn, KIOSK_CLIENT_ID)?
                    .filter(|c| c.revoked_at.is_none())
                    .ok_or_else(|| Error::internal("the kiosk client is missing"))?;
                if !redirect_uri_matches(&client.redirect_uris, &uri) {
                    return Err(Error::from(Problem::member(
                        "redirect_uri",
                        "is not a redirect URI of the kiosk (loopback /oauth/callback)",
                    )));
                }
                let scopes = Role::Organiser.scopes().intersection(client.scope_set());
                clients::insert_code(
                    conn,
                    &code_hash,
                    client.row_id,
                    id,
                    &uri,
                    &challenge,
                    scopes,
                    time::unix_now() + CODE_TTL,
                )?;
            }
            users::get(conn, id)?.ok_or_else(|| Error::internal("the new user went missing"))
        })
        .await?;
    tracing::info!(user_id = user.id, "first organiser set up");
    Ok((
        StatusCode::CREATED,
        Json(Item::new(SetupResult { user, code })),
    ))
}

fn already_set_up() -> Error {
    Error::Conflict("Entrada is already set up: sign in instead".into())
}

/// Create the demo event in the caller's account (kiosk extension).
///
/// The event of `serve --demo` (300 attendees, registration types, sessions, fields),
/// marked `demo: true`. 201 with the new event, or 200 with the demo event that exists.
#[utoipa::path(post, operation_id = "createDemo", path = "/kiosk/demo", tag = "kiosk",
    responses(
        (status = 201, description = "The new demo event", body = Item<Event>),
        (status = 200, description = "The account already has the demo event", body = Item<Event>),
        WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create_demo(
    access: Access<Write>,
    State(state): State<AppState>,
) -> Result<(StatusCode, Json<Item<Event>>)> {
    let (event, created) = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            if let Some(event) = events::demo_event(conn, account)? {
                return Ok((event, false));
            }
            let id = crate::demo::seed_event(conn, account, DEMO_EVENT_NAME, DEMO_ATTENDEES)?;
            events::mark_demo(conn, id)?;
            Ok((events::require(conn, account, id)?, true))
        })
        .await?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(Item::new(event))))
}

/// Remove the demo event with all its data (kiosk extension).
#[utoipa::path(delete, operation_id = "deleteDemo", path = "/kiosk/demo", tag = "kiosk",
    responses((status = 200, description = "How many demo events went", body = DemoRemoved), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn delete_demo(
    access: Access<Write>,
    State(state): State<AppState>,
) -> Result<Json<DemoRemoved>> {
    let removed = access
        .write(&state.db, move |conn, who| {
            events::delete_demo_events(conn, who.account_id)
        })
        .await?;
    Ok(Json(DemoRemoved { removed }))
}

#[cfg(test)]
mod tests {
    use super::is_loopback_host;

    #[test]
    fn loopback_hosts() {
        for host in [
            "localhost",
            "LOCALHOST:7878",
            "127.0.0.1",
            "127.0.0.1:7878",
            "[::1]",
            "[::1]:7878",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "evil.example.com",
            "192.168.1.20:7878",
            "localhost.evil.com",
            "[::2]:1",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }
}
