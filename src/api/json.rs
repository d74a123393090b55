//! [`Json`]: how every handler answers with JSON.
//!
//! axum's own `Json` starts its buffer at 128 bytes; an attendee with its answers is one
//! to three KiB, so each answer grew the buffer four or five times, with a reallocation
//! and a copy each (a few per cent of a `GET attendee`, BENCHMARKS.md 2026-11-27). This
//! one starts at a size that holds a record, and hands the buffer to the body as is.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::Error;

/// The first allocation of an answer's buffer: a record with its answers fits.
const INITIAL: usize = 4096;

/// A JSON answer (`Content-Type: application/json`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        let mut buf = Vec::with_capacity(INITIAL);
        match serde_json::to_writer(&mut buf, &self.0) {
            Ok(()) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                buf,
            )
                .into_response(),
            Err(e) => Error::internal(format!("cannot write the answer: {e}")).into_response(),
        }
    }
}
