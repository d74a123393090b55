//! `/events/{event_id}/attendee_fields`: the event's form questions.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use super::access::{Access, ReadAccess};
use super::envelope::{Item, ItemRequest, Items};
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody};
use super::idempotency::Idempotent;
use super::state::AppState;
use crate::auth::Write;
use crate::db::{attendee_fields, events};
use crate::domain::field::{AttendeeField, AttendeeFieldInput};
use crate::error::Result;

/// List the event's fields in `position` order (not paged; `metadata` is `{}`).
#[utoipa::path(get, operation_id = "listAttendeeFields", path = "/events/{event_id}/attendee_fields", tag = "attendee fields",
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "All fields, in form order", body = Items<AttendeeField>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn list(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Items<AttendeeField>>> {
    let items = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            attendee_fields::list(conn, event_id)
        })
        .await?;
    Ok(Json(Items::new(items)))
}

/// Add a field at the end of the form. `name` is derived from the label.
#[utoipa::path(post, operation_id = "createAttendeeField", path = "/events/{event_id}/attendee_fields", tag = "attendee fields",
    request_body = ItemRequest<AttendeeFieldInput>,
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 201, description = "The new field", body = Item<AttendeeField>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    access: Access<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    idempotent: Idempotent,
    ItemBody(input): ItemBody<AttendeeFieldInput>,
) -> Result<Response> {
    let key = idempotent.clone();
    let answer = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            let def = input.into_new()?;
            let answer = Item::new(attendee_fields::create(conn, event_id, &def)?);
            key.store(conn, StatusCode::CREATED, &answer)?;
            Ok(answer)
        })
        .await?;
    Ok(idempotent.respond(StatusCode::CREATED, &answer))
}

/// Update a field. `position` (extension) moves it; the fields in between shift. A change
/// of `type` or `options` that existing answers would not fit is refused with 422.
#[utoipa::path(patch, operation_id = "updateAttendeeField", path = "/events/{event_id}/attendee_fields/{id}", tag = "attendee fields",
    request_body = ItemRequest<AttendeeFieldInput>,
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Field id")),
    responses((status = 200, description = "The updated field", body = Item<AttendeeField>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn update(
    access: Access<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<AttendeeFieldInput>,
) -> Result<Json<Item<AttendeeField>>> {
    let field = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            let current = attendee_fields::require(conn, event_id, id)?;
            let (def, position) = input.apply_to(&current)?;
            attendee_fields::update(conn, event_id, &current, &def, position)
        })
        .await?;
    Ok(Json(Item::new(field)))
}

/// Delete a field and every answer to it. Answers 200 with the deleted field; the fields
/// after it move up one position.
#[utoipa::path(delete, operation_id = "deleteAttendeeField", path = "/events/{event_id}/attendee_fields/{id}", tag = "attendee fields",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Field id")),
    responses((status = 200, description = "The deleted field", body = Item<AttendeeField>), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn delete(
    access: Access<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
) -> Result<Json<Item<AttendeeField>>> {
    let field = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            let field = attendee_fields::require(conn, event_id, id)?;
            attendee_fields::delete(conn, event_id, &field)?;
            Ok(field)
        })
        .await?;
    Ok(Json(Item::new(field)))
}

/// How many attendees answered a field (extension): what a delete of the field would
/// remove, for the form editor's confirmation.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct AnswerCount {
    /// Attendees with a stored answer to this field.
    pub answer_count: i64,
}

/// Count the stored answers to a field (extension), e.g. before deleting it.
#[utoipa::path(get, operation_id = "countAttendeeFieldAnswers", path = "/events/{event_id}/attendee_fields/{id}/answer_count", tag = "attendee fields",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Field id")),
    responses((status = 200, description = "The number of answers", body = Item<AnswerCount>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn answer_count(
    access: ReadAccess,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
) -> Result<Json<Item<AnswerCount>>> {
    let answer_count = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            let field = attendee_fields::require(conn, event_id, id)?;
            attendee_fields::answer_count(conn, &field)
        })
        .await?;
    Ok(Json(Item::new(AnswerCount { answer_count })))
}
