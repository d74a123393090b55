//! Check-in: the spec's three operations, scans, history and stats.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use super::access::{Access, ReadAccess};
use super::envelope::{Item, ItemRequest, Paged};
use super::error::{ReadErrors, ValidationErrorBody, WriteErrors};
use super::extract::{ApiPath, DeviceName, ItemBody, OptionalItemBody, PageParams, Paging};
use super::idempotency::Idempotent;
use crate::auth::{CheckIn, Principal};
use crate::db::check_ins::{self, Actor, Applied};
use crate::db::{attendees, events};
use crate::domain::attendee::Attendee;
use crate::domain::check_in::{
    Action, CheckInInput, CheckInRecord, CheckInStats, DoorSteps, Outcome, ScanInput, ScanResult,
};
use crate::domain::scope::Scope;
use crate::hub::door::Asked;

/// Most answers one scan may carry.
const MAX_DOOR_ANSWERS: usize = 500;
use super::state::AppState;
use crate::error::{Error, Problem, Result};

/// Who did it. On a venue hub (`on_hub`), a kiosk joined to it that names no device is
/// named by its door (or its name), so that "already checked in ... at Door B" names the
/// door at every other; elsewhere nothing is looked up.
fn actor(
    conn: &rusqlite::Connection,
    who: &Principal,
    device: Option<String>,
    on_hub: bool,
) -> Result<Actor> {
    let device = match device {
        Some(device) => Some(device),
        None if on_hub => crate::db::hub::door_of(conn, &who.client_id)?,
        None => None,
    };
    Ok(Actor {
        client_id: Some(who.client_id.clone()),
        user_id: who.user_id,
        device,
    })
}

/// Runs one of the spec's operations; a refused one is a 422 with the reason (and is
/// recorded in the history all the same). With an idempotency key, the answer is stored
/// in the same transaction as the operation.
async fn operate(
    state: AppState,
    access: Access<CheckIn>,
    DeviceName(device): DeviceName,
    (event_id, id): (i64, i64),
    idempotent: Idempotent,
    body: Option<CheckInInput>,
    action: Action,
) -> Result<Response> {
    let session_id = body.and_then(|b| b.session_id);
    let key = idempotent.clone();
    let on_hub = state.hub.is_some();
    let lang = crate::l10n::current();
    let answer = access
        .write(&state.db, move |conn, who| {
            let event = events::require(conn, who.account_id, event_id)?;
            let actor = actor(conn, who, device, on_hub)?;
            let applied = check_ins::apply(conn, &event, id, action, session_id, &actor)?;
            let answer = match applied {
                Applied {
                    outcome: Outcome::Ok,
                    attendee: Some(attendee),
                    ..
                } => Ok(Item::new(attendee)),
                Applied { outcome, said, .. } => Err(ValidationErrorBody {
                    errors: vec![crate::l10n::say(lang, &said)],
                    code: Some(outcome),
                    facts: Some(said.facts(session_id)),
                }),
            };
            match &answer {
                Ok(item) => key.store(conn, StatusCode::OK, item)?,
                Err(body) => key.store(conn, StatusCode::UNPROCESSABLE_ENTITY, body)?,
            }
            Ok(answer)
        })
        .await?;
    Ok(match answer {
        Ok(item) => idempotent.respond(StatusCode::OK, &item),
        Err(body) => idempotent.respond(StatusCode::UNPROCESSABLE_ENTITY, &body),
    })
}

// As the document shows it (`OptionalItemBody` reads it): unlike
// `super::envelope::ItemRequest`, `item` may be left out.
/// Request body of the check-in operations: `{"item": {...}}`, where `item` (and the
/// whole body) may be left out.
#[derive(serde::Deserialize, utoipa::ToSchema)]
pub struct CheckInRequest {
    pub item: Option<CheckInInput>,
}

/// Check in. At the door (no `session_id`): `not_checked_in` or `checked_out` become
/// `checked_in`. With `session_id`: the attendee's presence in that session; someone not
/// yet through the door is checked in at the door too. Refused (422, with the reason) when
/// already checked in and for RSVP `declined`, `waitlisted`, `pending_approval`. Needs
/// `write` or `check_in`. Accepts `X-Device-Name` for the history.
#[utoipa::path(post, operation_id = "checkInAttendee", path = "/events/{event_id}/attendees/{id}/check_in", tag = "check-in",
    request_body(content = Option<CheckInRequest>, description = "Optional; no body means the door, and so does an empty or blank one (only white space), `{}` or `{\"item\": null}`"),
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id"), DeviceName),
    responses((status = 200, description = "The attendee, checked in", body = Item<Attendee>), WriteErrors),
    security(("oauth2" = ["check_in"]), ("oauth2" = ["write"])))]
pub async fn check_in(
    access: Access<CheckIn>,
    device: DeviceName,
    ApiPath(ids): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    idempotent: Idempotent,
    OptionalItemBody(body): OptionalItemBody<CheckInInput>,
) -> Result<Response> {
    operate(
        state,
        access,
        device,
        ids,
        idempotent,
        body,
        Action::CheckIn,
    )
    .await
}

/// Check out: `checked_in` becomes `checked_out` (door, or the given session). Answers
/// 200 with the attendee; 422 when not checked in.
#[utoipa::path(patch, operation_id = "checkOutAttendee", path = "/events/{event_id}/attendees/{id}/check_in", tag = "check-in",
    request_body(content = Option<CheckInRequest>, description = "Optional; no body means the door, and so does an empty or blank one (only white space), `{}` or `{\"item\": null}`"),
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id"), DeviceName),
    responses((status = 200, description = "The attendee, checked out", body = Item<Attendee>), WriteErrors),
    security(("oauth2" = ["check_in"]), ("oauth2" = ["write"])))]
pub async fn check_out(
    access: Access<CheckIn>,
    device: DeviceName,
    ApiPath(ids): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    idempotent: Idempotent,
    OptionalItemBody(body): OptionalItemBody<CheckInInput>,
) -> Result<Response> {
    operate(
        state,
        access,
        device,
        ids,
        idempotent,
        body,
        Action::CheckOut,
    )
    .await
}

/// Undo: `checked_in` or `checked_out` go back to `not_checked_in` (door, or the given
/// session); 422 when there is nothing to undo.
#[utoipa::path(delete, operation_id = "undoCheckIn", path = "/events/{event_id}/attendees/{id}/check_in", tag = "check-in",
    request_body(content = Option<CheckInRequest>, description = "Optional; no body means the door, and so does an empty or blank one (only white space), `{}` or `{\"item\": null}`"),
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id"), DeviceName),
    responses((status = 200, description = "The attendee, no longer checked in", body = Item<Attendee>), WriteErrors),
    security(("oauth2" = ["check_in"]), ("oauth2" = ["write"])))]
pub async fn undo(
    access: Access<CheckIn>,
    device: DeviceName,
    ApiPath(ids): ApiPath<(i64, i64)>,
    State(state): State<AppState>,
    idempotent: Idempotent,
    OptionalItemBody(body): OptionalItemBody<CheckInInput>,
) -> Result<Response> {
    operate(state, access, device, ids, idempotent, body, Action::Undo).await
}

/// Extension. Looks a scanned code up and applies the action in one round trip. Always
/// 200 with an `outcome` (`ok`, `already_checked_in`, `not_checked_in`, `not_found`,
/// `wrong_event`, `not_allowed`, `needs_attention`, `needs_answers`) and a message for the
/// screen; every scan is recorded. Codes of other accounts are `not_found`.
///
/// A check-in that would succeed can wait for the door person, writing only the attempt:
/// `needs_attention` when the attendee is flagged `needs_attention` (shown with the
/// `door_note`) until the scan is sent again with `confirm: true` ("Admit"); then, when the
/// event has `door_questions` on, `needs_answers` with `missing_fields` until the scan is
/// sent again with `answers` (saved in the same write as the check-in) or, by an organiser
/// only, `skip_questions: true`. The spec's check-in operations by id do not wait.
#[utoipa::path(post, operation_id = "scanCode", path = "/events/{event_id}/scans", tag = "check-in",
    request_body = ItemRequest<ScanInput>,
    params(("event_id" = i64, Path, description = "Event id"), DeviceName),
    responses((status = 200, description = "What happened", body = Item<ScanResult>), WriteErrors),
    security(("oauth2" = ["check_in"]), ("oauth2" = ["write"])))]
pub async fn scan(
    access: Access<CheckIn>,
    DeviceName(device): DeviceName,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    idempotent: Idempotent,
    ItemBody(input): ItemBody<ScanInput>,
) -> Result<Response> {
    let action = Action::parse(&input.action).ok_or_else(|| {
        Error::from(Problem::member(
            "action",
            format!("`{}` is not one of check_in, check_out, undo", input.action),
        ))
    })?;
    if input.code.trim().is_empty() {
        return Err(Error::from(Problem::member("code", "must not be empty")));
    }
    if input.code.chars().count() > 1000 {
        return Err(Error::from(Problem::member(
            "code",
            "is longer than 1000 characters",
        )));
    }
    if input.answers.len() > MAX_DOOR_ANSWERS {
        return Err(Error::from(Problem::member(
            "answers",
            format!("has more than {MAX_DOOR_ANSWERS} entries"),
        )));
    }
    // A kiosk joined to a venue hub asks the hub first, at most the limit (HUB.md).
    let (access, asked) = if crate::hub::door::joined() {
        let (scan, asking) = (input.clone(), device.clone());
        let (access, question) = access
            .read_first(&state.db, move |conn, who| {
                let event = events::require(conn, who.account_id, event_id)?;
                crate::hub::door::question(conn, event.id, &scan, asking)
            })
            .await?;
        let asked = match question {
            Some(q) => {
                let replay = q.replay();
                let asked = crate::hub::door::ask(&state.db, q, state.config.hub_scan_limit).await;
                Some((asked, replay))
            }
            None => None,
        };
        (access, asked)
    } else {
        (access, None)
    };
    let (asked, replay) = match asked {
        Some((asked, replay)) => (Some(asked), Some(replay)),
        None => (None, None),
    };
    let joined = asked.is_some();
    // A door that decides alone says so in its log, with the reason (issue 37): the
    // venue technician sees which doors lost the hub and when.
    let (answered, late) = match asked {
        Some(Asked::Answered { hub_event, scan }) => (Some((hub_event, scan)), None),
        Some(Asked::Late(task)) => {
            tracing::warn!(
                event_id,
                limit_ms = state.config.hub_scan_limit.as_millis() as u64,
                "decided here: the hub did not answer within the limit"
            );
            (None, Some(task))
        }
        Some(Asked::Away) => {
            tracing::warn!(event_id, "decided here: the hub cannot be reached");
            (None, None)
        }
        None => (None, None),
    };
    let hold = late.is_some();
    let on_hub = state.hub.is_some();
    let lang = crate::l10n::current();
    let steps = DoorSteps {
        confirmed: input.confirm,
        answers: input.answers,
        skip_questions: input.skip_questions,
        hub_admitted: false,
    };
    let key = idempotent.clone();
    let (result, held) = access
        .write(&state.db, move |conn, who| {
            if steps.skip_questions && !(who.user_id.is_some() && who.scopes.contains(Scope::Write))
            {
                return Err(Error::Forbidden(
                    "only an organiser may skip the door questions (item.skip_questions)".into(),
                ));
            }
            let event = events::require(conn, who.account_id, event_id)?;
            let actor = actor(conn, who, device, on_hub)?;
            // What this write queues is looked at only when the hub was asked.
            let before = if joined {
                crate::db::sync::last_entry_id(conn)?
            } else {
                0
            };
            // `hub_admitted`: the hub's `ok` is being applied (see `DoorSteps`).
            let local_scan = |conn: &rusqlite::Connection, hub_admitted: bool| {
                let admitted;
                let steps = if hub_admitted {
                    admitted = DoorSteps {
                        hub_admitted: true,
                        ..steps.clone()
                    };
                    &admitted
                } else {
                    &steps
                };
                check_ins::scan(
                    conn,
                    &event,
                    &input.code,
                    action,
                    input.session_id,
                    &actor,
                    steps,
                )
            };
            let by_hub = match &answered {
                Some((hub_event, scan)) => crate::hub::door::apply(
                    conn, &event, *hub_event, scan, before, action, local_scan,
                )?,
                None => None,
            };
            let (applied, decided_by) = match by_hub {
                Some(applied) => (applied, Some("hub")),
                None => (local_scan(conn, false)?, joined.then_some("here")),
            };
            // Decided here although the hub was asked: what this queued carries the
            // question, to be put again (the hub may have received it); while its answer
            // may still come, it waits for it.
            let mut held = Vec::new();
            if decided_by == Some("here")
                && let (Some(attendee), Some(replay)) = (&applied.attendee, &replay)
            {
                let queued = crate::db::sync::check_in_entries_after(conn, before, attendee.id)?;
                crate::db::sync::set_hub_question(conn, &queued, replay)?;
                if hold {
                    held = queued;
                }
            }
            if !held.is_empty() {
                let until = chrono::Utc::now()
                    + chrono::Duration::from_std(crate::hub::door::LATE_LIMIT).unwrap_or_default();
                crate::db::sync::hold(conn, &held, &crate::domain::time::format(until))?;
            }
            let result = Item::new(ScanResult {
                outcome: applied.outcome,
                message: crate::l10n::say(lang, &applied.said),
                facts: applied.said.facts(input.session_id),
                attendee: applied.attendee,
                missing_fields: applied.missing_fields,
                decided_by,
            });
            key.store(conn, StatusCode::OK, &result)?;
            Ok((result, held))
        })
        .await?;
    if let Some(task) = late {
        crate::hub::door::settle_late(state.db.clone(), task, held);
    }
    Ok(idempotent.respond(StatusCode::OK, &result))
}

/// Extension. An attendee's check-in history, newest first, paged.
#[utoipa::path(get, operation_id = "listAttendeeCheckIns", path = "/events/{event_id}/attendees/{id}/check_ins", tag = "check-in",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id"), PageParams),
    responses((status = 200, description = "History records", body = Paged<CheckInRecord>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn attendee_history(
    access: ReadAccess,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    paging: Paging,
    State(state): State<AppState>,
) -> Result<Json<Paged<CheckInRecord>>> {
    let (items, total) = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            attendees::require_row(conn, event_id, id)?;
            check_ins::attendee_history(conn, id, paging.0)
        })
        .await?;
    Ok(Json(Paged::new(items, paging.0, total)))
}

/// Extension. The event's check-in history (door and sessions, refused attempts too),
/// newest first, paged.
#[utoipa::path(get, operation_id = "listCheckIns", path = "/events/{event_id}/check_ins", tag = "check-in",
    params(("event_id" = i64, Path, description = "Event id"), PageParams),
    responses((status = 200, description = "History records", body = Paged<CheckInRecord>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn event_history(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    paging: Paging,
    State(state): State<AppState>,
) -> Result<Json<Paged<CheckInRecord>>> {
    let (items, total) = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            check_ins::history(conn, event_id, paging.0)
        })
        .await?;
    Ok(Json(Paged::new(items, paging.0, total)))
}

/// Extension. Counts per door state, registration type and session, and recent check-ins.
#[utoipa::path(get, operation_id = "getCheckInStats", path = "/events/{event_id}/check_in_stats", tag = "check-in",
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "The figures", body = Item<CheckInStats>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn stats(
    access: ReadAccess,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Item<CheckInStats>>> {
    let stats = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            check_ins::stats(conn, event_id)
        })
        .await?;
    Ok(Json(Item::new(stats)))
}
