//! `/me`: the signed-in person. Personal tokens only.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::HeaderMap;

use super::envelope::Item;
use super::error::ReadErrors;
use super::state::AppState;
use crate::auth::personal_user;
use crate::domain::user::User;
use crate::error::Result;

/// The user of a personal token, with the accounts they belong to and their role in each.
/// Needs no `X-Account-Id`. A machine token gets 403.
#[utoipa::path(get, operation_id = "getMe", path = "/me", tag = "account",
    responses((status = 200, description = "The signed-in user", body = Item<User>), ReadErrors),
    security(("oauth2" = [])))]
pub async fn get(headers: HeaderMap, State(state): State<AppState>) -> Result<Json<Item<User>>> {
    let user = personal_user(&headers, &state.db).await?;
    Ok(Json(Item::new(user)))
}
