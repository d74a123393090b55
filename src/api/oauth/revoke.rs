//! `POST /oauth/revoke` (RFC 7009): revokes an access token or a refresh token (and with
//! it every token of the same sign-in). Answers 200 whether or not the token was known,
//! as the RFC asks, so the endpoint reveals nothing.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::token::{OAuthError, authenticate_client, param, parse_form};
use crate::api::state::AppState;
use crate::auth::secrets;
use crate::db::clients;

pub async fn revoke(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    match run(&state, &headers, &body).await {
        Ok(()) => {
            let mut response = StatusCode::OK.into_response();
            response
                .headers_mut()
                .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Err(e) => e.into_response(),
    }
}

async fn run(state: &AppState, headers: &HeaderMap, body: &[u8]) -> Result<(), OAuthError> {
    let params = parse_form(body)?;
    let client = authenticate_client(state, headers, &params).await?;
    let Some(token) = param(&params, "token") else {
        return Err(OAuthError::new("invalid_request", "token is required"));
    };
    let hash = secrets::token_hash(token);
    state
        .db
        .write(move |conn| {
            if clients::revoke_access_token(conn, &hash, client.row_id)? {
                return Ok(());
            }
            if let Some(refresh) = clients::find_refresh_token(conn, &hash)?
                && refresh.client_row_id == client.row_id
            {
                clients::revoke_family(conn, refresh.family_id)?;
            }
            Ok(())
        })
        .await
        .map_err(OAuthError::server_error)
}
