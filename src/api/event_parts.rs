//! What registration types and sessions share: both are named parts of an event with the
//! same list, create, update and delete, so the handlers' work is one generic
//! implementation here. `registration_types.rs` and `sessions.rs` keep only what differs:
//! their documentation (utoipa documents one function per operation) and their types.

use crate::api::json::Json;
use axum::http::StatusCode;
use rusqlite::Connection;
use serde::Serialize;

use super::access::{Access, ReadAccess};
use super::envelope::{Item, Items};
use super::state::AppState;
use crate::auth::Write;
use crate::db::events;
use crate::domain::event::{RegistrationType, RegistrationTypeInput, Session, SessionInput};
use crate::error::{Error, Result};

/// A record that belongs to one event, with its storage.
pub trait EventPart: Serialize + utoipa::ToSchema + Sized + Send + 'static {
    /// The request body's `item`.
    type Input: Send + 'static;
    /// The refusal to delete one of a mirrored event's records here (whole, so that it
    /// can be said in every language, `l10n::problem`).
    fn mirrored(event_id: i64) -> String;

    fn list(conn: &Connection, event_id: i64) -> Result<Vec<Self>>;
    /// The record, or 404.
    fn require(conn: &Connection, event_id: i64, id: i64) -> Result<Self>;
    fn create(conn: &Connection, event_id: i64, input: Self::Input) -> Result<Self>;
    fn update(conn: &Connection, current: &Self, input: Self::Input) -> Result<Self>;
    fn delete(conn: &Connection, current: &Self) -> Result<()>;
}

impl EventPart for RegistrationType {
    type Input = RegistrationTypeInput;
    fn mirrored(event_id: i64) -> String {
        format!(
            "event {event_id} is mirrored from the remote server: remove the registration type there"
        )
    }

    fn list(conn: &Connection, event_id: i64) -> Result<Vec<Self>> {
        events::registration_types(conn, event_id)
    }
    fn require(conn: &Connection, event_id: i64, id: i64) -> Result<Self> {
        events::require_registration_type(conn, event_id, id)
    }
    fn create(conn: &Connection, event_id: i64, input: Self::Input) -> Result<Self> {
        events::create_registration_type(conn, event_id, &input.apply(None)?)
    }
    fn update(conn: &Connection, current: &Self, input: Self::Input) -> Result<Self> {
        events::update_registration_type(conn, current, &input.apply(Some(current))?)
    }
    fn delete(conn: &Connection, current: &Self) -> Result<()> {
        events::delete_registration_type(conn, current)
    }
}

impl EventPart for Session {
    type Input = SessionInput;
    fn mirrored(event_id: i64) -> String {
        format!("event {event_id} is mirrored from the remote server: remove the session there")
    }

    fn list(conn: &Connection, event_id: i64) -> Result<Vec<Self>> {
        events::sessions(conn, event_id)
    }
    fn require(conn: &Connection, event_id: i64, id: i64) -> Result<Self> {
        events::require_session(conn, event_id, id)
    }
    fn create(conn: &Connection, event_id: i64, input: Self::Input) -> Result<Self> {
        events::create_session(conn, event_id, &input.apply(None)?)
    }
    fn update(conn: &Connection, current: &Self, input: Self::Input) -> Result<Self> {
        events::update_session(conn, current, &input.apply(Some(current))?)
    }
    fn delete(conn: &Connection, current: &Self) -> Result<()> {
        events::delete_session(conn, current)
    }
}

pub async fn list<P: EventPart>(
    access: ReadAccess,
    event_id: i64,
    state: AppState,
) -> Result<Json<Items<P>>> {
    let items = access
        .read(&state.db, move |conn, account| {
            events::check(conn, account, event_id)?;
            P::list(conn, event_id)
        })
        .await?;
    Ok(Json(Items::new(items)))
}

pub async fn create<P: EventPart>(
    access: Access<Write>,
    event_id: i64,
    state: AppState,
    input: P::Input,
) -> Result<(StatusCode, Json<Item<P>>)> {
    let created = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            P::create(conn, event_id, input)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(Item::new(created))))
}

pub async fn update<P: EventPart>(
    access: Access<Write>,
    (event_id, id): (i64, i64),
    state: AppState,
    input: P::Input,
) -> Result<Json<Item<P>>> {
    let updated = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            let current = P::require(conn, event_id, id)?;
            P::update(conn, &current, input)
        })
        .await?;
    Ok(Json(Item::new(updated)))
}

/// Refused (422) in an event mirrored from a remote server: the remote owns its parts.
pub async fn delete<P: EventPart>(
    access: Access<Write>,
    (event_id, id): (i64, i64),
    state: AppState,
) -> Result<Json<Item<P>>> {
    let deleted = access
        .write(&state.db, move |conn, who| {
            let account = who.account_id;
            events::check(conn, account, event_id)?;
            let current = P::require(conn, event_id, id)?;
            if crate::db::sync::is_mirrored(conn, event_id)? {
                return Err(Error::invalid(P::mirrored(event_id)));
            }
            P::delete(conn, &current)?;
            Ok(current)
        })
        .await?;
    Ok(Json(Item::new(deleted)))
}
