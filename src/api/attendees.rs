//! `/events/{event_id}/attendees`: list, get, create, update, and erase (an extension).

use crate::api::json::Json;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::access::{Access, ReadAccess};
use super::envelope::{Item, ItemRequest, Paged};
use super::error::{ReadErrors, WriteErrors};
use super::extract::{ApiPath, ItemBody, PageParams, Paging};
use super::idempotency::Idempotent;
use super::state::AppState;
use crate::auth::{DoorWrite, Write};
use crate::db::{attendees, events, privacy};
use crate::domain::attendee::{Attendee, AttendeeCreateInput, AttendeeFilter, AttendeeUpdateInput};
use crate::domain::status::{CheckinStatus, RsvpStatus};
use crate::domain::time;
use crate::error::Result;

/// The extension filters, as the document shows them; `AttendeeFilter::from_query` reads
/// the query itself, to answer a 422 naming each bad value.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AttendeeFilterParams {
    /// Extension: search first name, last name, email and company; every word must match
    /// the start of a word (case- and accent-insensitive).
    pub q: Option<String>,
    /// Extension: the attendee with this ticket code.
    pub qr_code: Option<String>,
    /// Extension: only attendees in this door state.
    #[param(value_type = Option<CheckinStatus>)]
    pub checkin_status: Option<String>,
    /// Extension: only attendees with this RSVP status.
    #[param(value_type = Option<RsvpStatus>)]
    pub rsvp_status: Option<String>,
    /// Extension: only attendees of this registration type.
    pub registration_type_id: Option<i64>,
    /// Extension: only attendees changed at or after this RFC 3339 time (for sync).
    #[param(format = DateTime)]
    pub updated_since: Option<String>,
}

/// List the event's attendees, paged, in id order. The filters are extensions; an
/// invalid filter value is 422. Without filters the list is exactly the spec's.
#[utoipa::path(get, operation_id = "listAttendees", path = "/events/{event_id}/attendees", tag = "attendees",
    params(("event_id" = i64, Path, description = "Event id"), PageParams, AttendeeFilterParams),
    responses((status = 200, description = "A page of attendees", body = Paged<Attendee>),
        (status = 422, description = "An invalid filter value (extension filters only)", body = super::error::ValidationErrorBody),
        ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn list(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    paging: Paging,
    RawQuery(query): RawQuery,
    State(state): State<AppState>,
) -> Result<Json<Paged<Attendee>>> {
    let query = query.unwrap_or_default();
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect();
    let filter = AttendeeFilter::from_query(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
    let (items, total) = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            attendees::list_filtered(conn, event_id, &filter, paging.0)
        })
        .await?;
    Ok(Json(Paged::new(items, paging.0, total)))
}

/// Get one attendee with the answers to the event's fields.
#[utoipa::path(get, operation_id = "getAttendee", path = "/events/{event_id}/attendees/{id}", tag = "attendees",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id")),
    responses((status = 200, description = "The attendee", body = Item<Attendee>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn get(
    access: ReadAccess,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
) -> Result<Json<Item<Attendee>>> {
    let attendee = access
        .read_point(&state.db, move |conn, account| {
            let event = events::check(conn, account, event_id)?;
            attendees::get_in(conn, event, id)
        })
        .await?;
    Ok(Json(Item::new(attendee)))
}

/// Register an attendee. `rsvp_status` defaults to `confirmed`, `checkin_status` starts
/// `not_checked_in`, and a `qr_code` is generated unless one is given.
#[utoipa::path(post, operation_id = "createAttendee", path = "/events/{event_id}/attendees", tag = "attendees",
    request_body = ItemRequest<AttendeeCreateInput>,
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 201, description = "The new attendee", body = Item<Attendee>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn create(
    access: Access<DoorWrite>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    idempotent: Idempotent,
    ItemBody(input): ItemBody<AttendeeCreateInput>,
) -> Result<Response> {
    let (new, problems) = input.parse();
    let key = idempotent.clone();
    let answer = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            let answer = Item::new(attendees::create(conn, event_id, new, problems)?);
            // A retried create must never make a second attendee: the answer is stored
            // with the attendee, in one transaction.
            key.store(conn, StatusCode::CREATED, &answer)?;
            Ok(answer)
        })
        .await?;
    Ok(idempotent.respond(StatusCode::CREATED, &answer))
}

/// Update an attendee: absent members keep their value, `null` clears a nullable one.
#[utoipa::path(patch, operation_id = "updateAttendee", path = "/events/{event_id}/attendees/{id}", tag = "attendees",
    request_body = ItemRequest<AttendeeUpdateInput>,
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id")),
    responses((status = 200, description = "The updated attendee", body = Item<Attendee>), WriteErrors),
    security(("oauth2" = ["write"])))]
pub async fn update(
    access: Access<DoorWrite>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    ItemBody(input): ItemBody<AttendeeUpdateInput>,
) -> Result<Json<Item<Attendee>>> {
    let (changes, problems) = input.parse();
    let attendee = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            attendees::update(conn, event_id, id, changes, problems)
        })
        .await?;
    Ok(Json(Item::new(attendee)))
}

/// What an erasure answers: which attendee went and what was kept. It repeats nothing of
/// the person, so neither the answer nor its stored copy (`Idempotency-Key`) holds any.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct AttendeeErasure {
    /// The erased attendee's id (it now answers 404).
    pub id: i64,
    pub event_id: i64,
    #[schema(format = DateTime)]
    pub erased_at: String,
    /// Check-in history records kept, anonymised (no attendee, no code), so the event's
    /// history counts do not change.
    pub check_ins_kept: i64,
}

/// Extension: erase an attendee's personal data (a data-protection erasure request).
///
/// The attendee, its answers, session presence and ticket code go for good; so do the
/// stored answers of earlier keyed requests that repeat the person, and its unsent
/// changes in the sync's outbox. The check-in history stays, each record anonymised
/// (`attendee_id` and `code` null, as for a scan of an unknown code), so the event's
/// history counts do not change; live streams show those records without an attendee.
/// Freed database space is overwritten with zeros, so the person is in no backup made
/// afterwards. For an event mirrored from a remote the erasure is queued like any change
/// and sent as this same `DELETE` to the remote's copy (a 404 there counts as done).
/// It cannot be undone. Answers 200 with what was erased (never the person's data);
/// an unknown attendee is 404, also for a second erasure without an `Idempotency-Key`.
#[utoipa::path(delete, operation_id = "eraseAttendee", path = "/events/{event_id}/attendees/{id}", tag = "attendees",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id")),
    responses((status = 200, description = "The attendee was erased", body = Item<AttendeeErasure>), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn erase(
    access: Access<Write>,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    idempotent: Idempotent,
) -> Result<Response> {
    let key = idempotent.clone();
    let answer = access
        .write(&state.db, move |conn, who| {
            events::check(conn, who.account_id, event_id)?;
            let erased = privacy::erase(conn, event_id, id)?;
            let answer = Item::new(AttendeeErasure {
                id,
                event_id,
                erased_at: time::now(),
                check_ins_kept: erased.check_ins_kept,
            });
            // Stored with the erasure, in its transaction: a retry after a lost answer
            // gets this 200, not a 404 for the attendee it erased.
            key.store(conn, StatusCode::OK, &answer)?;
            Ok(answer)
        })
        .await?;
    // Before the answer: the person is then in no byte of the files (the WAL folded).
    state.db.fold_after_erasure().await;
    // Ids only: nothing of the person is ever logged.
    tracing::info!(event_id, attendee_id = id, "attendee erased");
    Ok(idempotent.respond(StatusCode::OK, &answer))
}
