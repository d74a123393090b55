//! `/events/{event_id}/registration_types`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::envelope::{Item, Items};
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody};
use crate::auth::{Auth, ReadAccess, Write};
use crate::db::events;
use crate::domain::event::{RegistrationType, RegistrationTypeInput};
use crate::error::Result;
use crate::server::AppState;

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
    let items = access
        .read(&state.db, move |conn, account| {
            events::require(conn, account, event_id)?;
            events::registration_types(conn, event_id)
        })
        .await?;
    Ok(Json(Items::new(items)))
}

/// Request body of registration-type create and update.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[allow(dead_code)]
pub struct RegistrationTypeRequest {
    item: RegistrationTypeInput,
}

/// Create a registration type (`name` required).
#[utoipa::path(post, operation_id = "createRegistrationType", path = "/events/{event_id}/registration_types", tag = "registration types",
    request_body = RegistrationTypeRequest,
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 201, description = "The new registration type", body = Item<RegistrationType>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    auth: Auth<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<RegistrationTypeInput>,
) -> Result<(StatusCode, Json<Item<RegistrationType>>)> {
    let account = auth.account_id();
    let created = state
        .db
        .write(move |conn| {
            events::require(conn, account, event_id)?;
            let data = input.apply(None)?;
            events::create_registration_type(conn, event_id, &data)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(Item::new(created))))
}

/// Update a registration type.
#[utoipa::path(patch, operation_id = "updateRegistrationType", path = "/events/{event_id}/registration_types/{id}", tag = "registration types",
    request_body = RegistrationTypeRequest,
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Registration type id")),
    responses((status = 200, description = "The updated registration type", body = Item<RegistrationType>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn update(
    auth: Auth<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<RegistrationTypeInput>,
) -> Result<Json<Item<RegistrationType>>> {
    let account = auth.account_id();
    let updated = state
        .db
        .write(move |conn| {
            events::require(conn, account, event_id)?;
            let current = events::require_registration_type(conn, event_id, id)?;
            let data = input.apply(Some(&current))?;
            events::update_registration_type(conn, &current, &data)
        })
        .await?;
    Ok(Json(Item::new(updated)))
}

/// Delete a registration type (extension). The attendees who had it keep no type. Refused (422) in an event mirrored from a remote server.
#[utoipa::path(delete, operation_id = "deleteRegistrationType", path = "/events/{event_id}/registration_types/{id}", tag = "registration types",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Registration type id")),
    responses((status = 200, description = "The deleted registration type, with the count it had", body = Item<RegistrationType>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn delete(
    auth: Auth<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
) -> Result<Json<Item<RegistrationType>>> {
    let account = auth.account_id();
    let deleted = state
        .db
        .write(move |conn| {
            events::require(conn, account, event_id)?;
            let current = events::require_registration_type(conn, event_id, id)?;
            if crate::db::sync::is_mirrored(conn, event_id)? {
                return Err(crate::error::Error::invalid(format!(
                    "event {event_id} is mirrored from the remote server: remove the registration type there"
                )));
            }
            events::delete_registration_type(conn, &current)?;
            Ok(current)
        })
        .await?;
    Ok(Json(Item::new(deleted)))
}
