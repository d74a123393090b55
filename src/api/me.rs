//! `/me`: the signed-in person. Personal tokens only.

use crate::api::json::Json;
use axum::extract::State;
use axum::http::HeaderMap;

use super::envelope::Item;
use super::error::{ReadErrors, WriteErrors};
use super::extract::ApiPath;
use super::state::AppState;
use crate::auth::personal_user;
use crate::db::users;
use crate::domain::user::User;
use crate::error::{Error, Result};

/// The user of a personal token, with the accounts they belong to and their role in each.
/// Needs no `X-Account-Id`. A machine token gets 403.
#[utoipa::path(get, operation_id = "getMe", path = "/me", tag = "account",
    responses((status = 200, description = "The signed-in user", body = Item<User>), ReadErrors),
    security(("oauth2" = [])))]
pub async fn get(headers: HeaderMap, State(state): State<AppState>) -> Result<Json<Item<User>>> {
    let user = personal_user(&headers, &state.db).await?;
    Ok(Json(Item::new(user)))
}

/// Accept an invitation to an account (kiosk extension): the person, signed in with their
/// own passphrase, joins it with the role the invitation offers. Personal tokens only;
/// needs no `X-Account-Id`. 404 when there is no such invitation.
#[utoipa::path(post, operation_id = "acceptInvitation", path = "/me/invitations/{account_id}", tag = "account",
    params(("account_id" = i64, Path, description = "The inviting account")),
    responses((status = 200, description = "The signed-in user, now a member of the account", body = Item<User>), WriteErrors),
    security(("oauth2" = [])))]
pub async fn accept_invitation(
    headers: HeaderMap,
    ApiPath(account_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Item<User>>> {
    answer_invitation(headers, state, account_id, users::accept_invitation).await
}

/// Decline an invitation to an account (kiosk extension). Personal tokens only; needs no
/// `X-Account-Id`. 404 when there is no such invitation.
#[utoipa::path(delete, operation_id = "declineInvitation", path = "/me/invitations/{account_id}", tag = "account",
    params(("account_id" = i64, Path, description = "The inviting account")),
    responses((status = 200, description = "The signed-in user, without the invitation", body = Item<User>), WriteErrors),
    security(("oauth2" = [])))]
pub async fn decline_invitation(
    headers: HeaderMap,
    ApiPath(account_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Json<Item<User>>> {
    answer_invitation(headers, state, account_id, users::decline_invitation).await
}

async fn answer_invitation(
    headers: HeaderMap,
    state: AppState,
    account_id: i64,
    answer: fn(&rusqlite::Connection, i64, i64) -> Result<()>,
) -> Result<Json<Item<User>>> {
    let me = personal_user(&headers, &state.db).await?;
    let user = state
        .db
        .write(move |conn| {
            answer(conn, me.id, account_id)?;
            users::get(conn, me.id)?.ok_or_else(|| Error::internal("the user went missing"))
        })
        .await?;
    Ok(Json(Item::new(user)))
}
