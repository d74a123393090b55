//! `/events` and `/events/{id}`.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::StatusCode;

use super::access::{Access, ReadAccess};
use super::envelope::{Item, ItemRequest, Paged};
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody, PageParams, Paging};
use super::state::AppState;
use crate::auth::Write;
use crate::db::events;
use crate::domain::event::{Event, EventInput};
use crate::error::Result;

/// List the account's events, paged like attendees, in id order.
#[utoipa::path(get, operation_id = "listEvents", path = "/events", tag = "events", params(PageParams),
    responses((status = 200, description = "A page of events", body = Paged<Event>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn list(
    access: ReadAccess,
    paging: Paging,
    State(state): State<AppState>,
) -> Result<Json<Paged<Event>>> {
    let (items, total) = access
        .read(&state.db, move |conn, account| {
            events::list(conn, account, paging.0)
        })
        .await?;
    Ok(Json(Paged::new(items, paging.0, total)))
}

/// Get one event.
#[utoipa::path(get, operation_id = "getEvent", path = "/events/{event_id}", tag = "events",
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "The event", body = Item<Event>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn get(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Item<Event>>> {
    let event = access
        .read(&state.db, move |conn, account| {
            events::require(conn, account, event_id)
        })
        .await?;
    Ok(Json(Item::new(event)))
}

/// Create an event (`name` required).
#[utoipa::path(post, operation_id = "createEvent", path = "/events", tag = "events", request_body = ItemRequest<EventInput>,
    responses((status = 201, description = "The new event", body = Item<Event>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    access: Access<Write>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<EventInput>,
) -> Result<(StatusCode, Json<Item<Event>>)> {
    let data = input.apply(None)?;
    let event = access
        .write(&state.db, move |conn, who| {
            events::create(conn, who.account_id, &data)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(Item::new(event))))
}

/// Update an event: absent members keep their value, `null` clears a nullable one.
#[utoipa::path(patch, operation_id = "updateEvent", path = "/events/{event_id}", tag = "events", request_body = ItemRequest<EventInput>,
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "The updated event", body = Item<Event>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn update(
    access: Access<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<EventInput>,
) -> Result<Json<Item<Event>>> {
    let event = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            let current = events::require(conn, account, event_id)?;
            let data = input.apply(Some(&current))?;
            events::update(conn, &current, &data)
        })
        .await?;
    Ok(Json(Item::new(event)))
}
