//! `/account`: the account the token belongs to.

use crate::api::json::Json;
use axum::extract::State;

use super::access::ReadAccess;
use super::envelope::Item;
use super::error::ReadErrors;
use super::state::AppState;
use crate::db::accounts;
use crate::domain::account::Account;
use crate::error::{Error, Result};

/// The account of the token.
#[utoipa::path(get, operation_id = "getAccount", path = "/account", tag = "account",
    responses((status = 200, description = "The account", body = Item<Account>), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn get(access: ReadAccess, State(state): State<AppState>) -> Result<Json<Item<Account>>> {
    let account = access
        .read(&state.db, move |conn, id| {
            accounts::get(conn, id)?.ok_or_else(|| Error::not_found("account"))
        })
        .await?;
    Ok(Json(Item::new(account)))
}
