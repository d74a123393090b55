//! `/events/{event_id}/registration_types`.

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
use crate::domain::event::{RegistrationType, RegistrationTypeInput};
use crate::error::Result;

/// List the event's registration types in id order (not paged).
#[utoipa::path(get, operation_id = "listRegistrationTypes", path = "/events/{event_id}/registration_types", tag = "registration types",
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "All registration types", body = Items<RegistrationType>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn list(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Items<RegistrationType>>> {
    event_parts::list::<RegistrationType>(access, event_id, state).await
}

/// Create a registration type (`name` required).
#[utoipa::path(post, operation_id = "createRegistrationType", path = "/events/{event_id}/registration_types", tag = "registration types",
    request_body = ItemRequest<RegistrationTypeInput>,
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 201, description = "The new registration type", body = Item<RegistrationType>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    access: Access<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<RegistrationTypeInput>,
) -> Result<(StatusCode, Json<Item<RegistrationType>>)> {
    event_parts::create::<RegistrationType>(access, event_id, state, input).await
}

/// Update a registration type.
#[utoipa::path(patch, operation_id = "updateRegistrationType", path = "/events/{event_id}/registration_types/{id}", tag = "registration types",
    request_body = ItemRequest<RegistrationTypeInput>,
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Registration type id")),
    responses((status = 200, description = "The updated registration type", body = Item<RegistrationType>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn update(
    access: Access<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<RegistrationTypeInput>,
) -> Result<Json<Item<RegistrationType>>> {
    event_parts::update::<RegistrationType>(access, (event_id, id), state, input).await
}

/// Delete a registration type (extension). The attendees who had it keep no type. Refused (422) in an event mirrored from a remote server.
#[utoipa::path(delete, operation_id = "deleteRegistrationType", path = "/events/{event_id}/registration_types/{id}", tag = "registration types",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Registration type id")),
    responses((status = 200, description = "The deleted registration type, with the count it had", body = Item<RegistrationType>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn delete(
    access: Access<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
) -> Result<Json<Item<RegistrationType>>> {
    event_parts::delete::<RegistrationType>(access, (event_id, id), state).await
}
