//! The one error type of the application.
//!
//! Repositories, domain parsing and handlers all return [`Error`]; the HTTP layer
//! (`api::error`) owns the mapping to status codes and the spec's error bodies, and the
//! command line prints the message. Keeping one type means a database failure, a
//! validation failure and a missing record travel the same way from any depth.

use std::fmt;

mod problem;

pub use problem::{AnswerAt, At, Problem};

/// Why a request could not be served.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// 401: no access token was sent.
    #[error("{0}")]
    Unauthorized(String),
    /// 401: the token sent is malformed, unknown, expired or revoked.
    #[error("{0}")]
    InvalidToken(String),
    /// 400: the request lacks something it must carry (e.g. `X-Account-Id`).
    #[error("{0}")]
    BadRequest(String),
    /// 403: a valid token that may not do this (not a scope matter).
    #[error("{0}")]
    Forbidden(String),
    /// 403: a valid token without the scope the endpoint needs.
    #[error("this operation needs {}", scope_words(.0))]
    InsufficientScope(&'static str),
    /// 404: the event or record does not exist (or belongs to another account).
    #[error("{0}")]
    NotFound(String),
    /// 422: the request was understood but its content is invalid; one entry per problem,
    /// shown (here and in the 422 body) in the API's `item.member ...` form.
    #[error("{}", joined(.0))]
    Validation(Vec<Problem>),
    /// 409: the request conflicts with the current state of the server.
    #[error("{0}")]
    Conflict(String),
    /// 413: the request body is larger than the server accepts.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 415: a request body sent as something other than JSON (`text/plain`, a form).
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 429: the server is at its bound of concurrent expensive work (password hashes,
    /// frame decodes); the same request may be sent again in a second.
    #[error("{0}")]
    Busy(String),
    /// 429: too many failed attempts from this caller; `Retry-After` says how many
    /// seconds until it may try again.
    #[error("{message}")]
    Throttled { message: String, retry_after: u64 },
    /// 507: the disk holding the database is full; nothing of the request was stored.
    #[error("the disk is full: {0}")]
    DiskFull(String),
    /// 500: the database failed.
    #[error("database error: {0}")]
    Database(#[from] rusqlite::Error),
    /// 500: anything else that is our fault.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    pub fn not_found(what: impl fmt::Display) -> Self {
        Error::NotFound(format!("{what} not found"))
    }

    /// A 422 about the request as a whole.
    pub fn invalid(message: impl Into<String>) -> Self {
        Error::Validation(vec![Problem::whole(message)])
    }

    pub fn internal(message: impl fmt::Display) -> Self {
        Error::Internal(message.to_string())
    }

    /// Whether this is the disk running out of space (SQLite's `SQLITE_FULL`), however
    /// it travelled here.
    pub fn is_disk_full(&self) -> bool {
        match self {
            Error::DiskFull(_) => true,
            Error::Database(e) => e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull),
            _ => false,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<Problem> for Error {
    fn from(problem: Problem) -> Self {
        Error::Validation(vec![problem])
    }
}

/// The problems in the API's form, one after the other.
fn joined(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(Problem::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Collects validation problems so that a request gets all of them in one answer.
#[derive(Debug, Default)]
pub struct Problems(Vec<Problem>);

impl Problems {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, problem: Problem) {
        self.0.push(problem);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Records the error of `result` and yields its value, so parsing can continue.
    pub fn take<T>(&mut self, result: std::result::Result<T, Problem>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(problem) => {
                self.0.push(problem);
                None
            }
        }
    }

    /// `Ok(value)` when nothing was recorded, else the 422 with every problem.
    pub fn finish<T>(self, value: impl FnOnce() -> T) -> Result<T> {
        if self.0.is_empty() {
            Ok(value())
        } else {
            Err(Error::Validation(self.0))
        }
    }

    /// The 422 for what was recorded; call it on a path where something was.
    pub fn into_error(self) -> Error {
        Error::Validation(self.0)
    }

    pub fn into_result(self) -> Result<()> {
        self.finish(|| ())
    }
}

/// How a 403 names the scope an operation needs: check-ins take `write` as well.
fn scope_words(scope: &str) -> String {
    match scope {
        "check_in" => "the `check_in` or the `write` scope".to_owned(),
        other => format!("the `{other}` scope"),
    }
}
