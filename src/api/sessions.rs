//! `/events/{event_id}/sessions`.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::access::{Access, ReadAccess};
use super::envelope::{Item, ItemRequest, Items};
use super::error::{ReadErrors, WriteErrors};
use super::event_parts;
use super::extract::{ApiPath, ItemBody};
use super::state::AppState;
use crate::auth::Write;
use crate::domain::event::{Session, SessionInput};
use crate::error::Result;

/// List the event's sessions in id order (not paged).
#[utoipa::path(get, operation_id = "listSessions", path = "/events/{event_id}/sessions", tag = "sessions",
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "All sessions", body = Items<Session>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn list(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Items<Session>>> {
    event_parts::list::<Session>(access, event_id, state).await
}

/// Create a session (`name` required).
#[utoipa::path(post, operation_id = "createSession", path = "/events/{event_id}/sessions", tag = "sessions",
    request_body = ItemRequest<SessionInput>,
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 201, description = "The new session", body = Item<Session>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    access: Access<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<SessionInput>,
) -> Result<(StatusCode, Json<Item<Session>>)> {
    event_parts::create::<Session>(access, event_id, state, input).await
}

/// Update a session.
#[utoipa::path(patch, operation_id = "updateSession", path = "/events/{event_id}/sessions/{id}", tag = "sessions",
    request_body = ItemRequest<SessionInput>,
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Session id")),
    responses((status = 200, description = "The updated session", body = Item<Session>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn update(
    access: Access<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<SessionInput>,
) -> Result<Json<Item<Session>>> {
    event_parts::update::<Session>(access, (event_id, id), state, input).await
}

/// Delete a session (extension). Its check-in history and presence go with it. Refused (422) in an event mirrored from a remote server.
#[utoipa::path(delete, operation_id = "deleteSession", path = "/events/{event_id}/sessions/{id}", tag = "sessions",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Session id")),
    responses((status = 200, description = "The deleted session, with the count it had", body = Item<Session>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn delete(
    access: Access<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
) -> Result<Json<Item<Session>>> {
    event_parts::delete::<Session>(access, (event_id, id), state).await
}
