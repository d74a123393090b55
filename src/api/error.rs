//! How an [`Error`] becomes an HTTP response: the status code, the spec's error body
//! (`{error}` or `{errors: [...]}`) and, for 401 and 403, the RFC 6750 challenge.

use axum::Json;
use axum::http::header::{RETRY_AFTER, WWW_AUTHENTICATE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::{IntoResponses, ToSchema};

use crate::domain::check_in::{Facts, Outcome};
use crate::error::Error;
use crate::l10n::{self, Lang};

/// Body of every error but 422: `{error: string}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
}

/// Body of 422: one human-readable message per problem, naming the member. A refused
/// check-in, check-out or undo adds `code` and `facts`, so a screen can say why in its own
/// language without parsing the message.
#[derive(Debug, Serialize, ToSchema)]
pub struct ValidationErrorBody {
    pub errors: Vec<String>,
    /// A refused check-in operation: its outcome (`already_checked_in`,
    /// `not_checked_in`, `not_allowed`). Absent from other 422s.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Outcome>,
    /// A refused check-in operation: the facts behind the message. Absent from other
    /// 422s.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facts: Option<Facts>,
}

impl Error {
    pub fn status(&self) -> StatusCode {
        match self {
            Error::Unauthorized(_) | Error::InvalidToken(_) => StatusCode::UNAUTHORIZED,
            Error::InsufficientScope(_) | Error::Forbidden(_) => StatusCode::FORBIDDEN,
            Error::BadRequest(_) => StatusCode::BAD_REQUEST,
            Error::NotFound(_) => StatusCode::NOT_FOUND,
            Error::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Error::Conflict(_) => StatusCode::CONFLICT,
            Error::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Error::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Error::Busy(_) | Error::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
            e if e.is_disk_full() => StatusCode::INSUFFICIENT_STORAGE,
            Error::DiskFull(_) | Error::Database(_) | Error::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        }
    }
}

fn challenge(value: String) -> HeaderValue {
    HeaderValue::from_str(&value)
        .unwrap_or_else(|_| HeaderValue::from_static("Bearer realm=\"entrada\""))
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        if let Error::Validation(problems) = self {
            // The API names each problem's place by its member path (`item.email ...`),
            // and says what is wrong there in the request's language where it can.
            let lang = l10n::current();
            let errors = problems
                .iter()
                .map(|p| p.at_path_saying(&l10n::problem(lang, &p.message)))
                .collect();
            let body = ValidationErrorBody {
                errors,
                code: None,
                facts: None,
            };
            return (status, Json(body)).into_response();
        }
        let lang: Lang = l10n::current();
        let message = match &self {
            e if e.is_disk_full() => {
                tracing::error!(error = %self, "a write failed: the disk is full");
                l10n::text(lang, "error-disk-full", &[])
            }
            Error::Database(_) | Error::Internal(_) => {
                // The details are for the log, not for the client.
                tracing::error!(error = %self, "request failed");
                l10n::text(lang, "error-internal", &[])
            }
            // Refusals (a missing record, a token, a conflict) are said in the request's
            // language where they have a pattern, as the 422s are.
            other => l10n::problem(lang, &other.to_string()),
        };
        let header = match &self {
            Error::Unauthorized(_) => Some(challenge("Bearer realm=\"entrada\"".into())),
            Error::InvalidToken(m) => Some(challenge(format!(
                "Bearer realm=\"entrada\", error=\"invalid_token\", error_description=\"{}\"",
                m.replace('"', "'")
            ))),
            Error::InsufficientScope(scope) => Some(challenge(format!(
                "Bearer realm=\"entrada\", error=\"insufficient_scope\", scope=\"{scope}\""
            ))),
            _ => None,
        };
        let retry_after = match &self {
            Error::Busy(_) => Some(1),
            Error::Throttled { retry_after, .. } => Some((*retry_after).max(1)),
            _ => None,
        };
        let mut response = (status, Json(ErrorBody { error: message })).into_response();
        if let Some(value) = header {
            response.headers_mut().insert(WWW_AUTHENTICATE, value);
        }
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// The error answers of an endpoint that reads.
#[derive(IntoResponses)]
pub enum ReadErrors {
    /// A personal token without `X-Account-Id` (or with one that is not a number).
    #[response(status = 400)]
    BadRequest(ErrorBody),
    /// Missing, malformed, unknown, expired or revoked token (`WWW-Authenticate: Bearer`).
    #[response(status = 401)]
    Unauthorized(ErrorBody),
    /// The token lacks the scope this endpoint needs (`error="insufficient_scope"`), or a
    /// personal token names an account its user is not a member of.
    #[response(status = 403)]
    Forbidden(ErrorBody),
    /// The event or record does not exist, or belongs to another account.
    #[response(status = 404)]
    NotFound(ErrorBody),
    /// Over the rate limit (per token, or per address without a valid one), or the
    /// server is at its bound of concurrent expensive work; `Retry-After` says when to
    /// try again.
    #[response(status = 429)]
    TooManyRequests(ErrorBody),
    /// The request took longer than 30 seconds and was abandoned; try again.
    #[response(status = 503)]
    Unavailable(ErrorBody),
}

/// The error answers of an endpoint that writes.
#[derive(IntoResponses)]
pub enum WriteErrors {
    /// A personal token without `X-Account-Id` (or with one that is not a number).
    #[response(status = 400)]
    BadRequest(ErrorBody),
    /// Missing, malformed, unknown, expired or revoked token (`WWW-Authenticate: Bearer`).
    #[response(status = 401)]
    Unauthorized(ErrorBody),
    /// The token lacks the scope this endpoint needs (`error="insufficient_scope"`), or a
    /// personal token names an account its user is not a member of.
    #[response(status = 403)]
    Forbidden(ErrorBody),
    /// The event or record does not exist, or belongs to another account.
    #[response(status = 404)]
    NotFound(ErrorBody),
    /// A request with the same `Idempotency-Key` is still being processed.
    #[response(status = 409)]
    Conflict(ErrorBody),
    /// The body is larger than the server accepts (1 MiB).
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// A body sent with a `Content-Type` other than JSON (`application/json`, or
    /// `application/*+json`); a body without one is read as JSON, and an empty body is
    /// no body whatever its type.
    #[response(status = 415)]
    UnsupportedMediaType(ErrorBody),
    /// The body is not JSON, lacks `item`, or its content is invalid; one message per
    /// problem.
    #[response(status = 422)]
    Invalid(ValidationErrorBody),
    /// Over the rate limit (per token, or per address without a valid one), or the
    /// server is at its bound of concurrent expensive work; `Retry-After` says when to
    /// try again.
    #[response(status = 429)]
    TooManyRequests(ErrorBody),
    /// The request took longer than 30 seconds and was abandoned; try again.
    #[response(status = 503)]
    Unavailable(ErrorBody),
    /// The disk that holds the database is full (`{"error": "the disk is full: ..."}`);
    /// nothing of the request was stored. Free space and send it again: no restart needed.
    #[response(status = 507)]
    DiskFull(ErrorBody),
}
