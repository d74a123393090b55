//! `POST /api/v2/kiosk/decode` (and, as before, `/kiosk/decode` at the root): the kiosk
//! UI sends camera frames here to read QR codes. An internal endpoint of the kiosk (not
//! part of the v2 API, not in the document): needs a token with `read`.

use std::time::Instant;

use crate::api::json::Json;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use axum::http::header::CONTENT_TYPE;
use serde::Serialize;

use super::access::ReadAccess;
use super::state::AppState;
use crate::decode::{self, Found, Frame};
use crate::error::{Error, Result};

/// The route, with its own body limit (a frame is larger than any JSON body).
pub fn route() -> axum::routing::MethodRouter<AppState> {
    axum::routing::post(decode).layer(axum::extract::DefaultBodyLimit::max(FRAME_LIMIT))
}

/// Largest frame body, bytes (a 4K grayscale frame, or a large JPEG).
pub const FRAME_LIMIT: usize = 16 * 1024 * 1024;

/// How long a frame waits for a decoder before it is answered 429 (the kiosk sends the
/// next frame anyway; a queue of old frames helps nobody).
const DECODE_QUEUE_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// Decodes at once: one per core. Each may hold a decoded 4K frame (up to 66 MB as 16-bit
/// RGBA before it is made gray), so this is also the bound on decode memory.
pub fn concurrent_decodes() -> usize {
    crate::workers::per_core(usize::MAX)
}

static DECODERS: std::sync::LazyLock<crate::workers::Pool> = std::sync::LazyLock::new(|| {
    crate::workers::Pool::new(
        "decode",
        concurrent_decodes(),
        DECODE_QUEUE_WAIT,
        "every decoder is busy; send the next frame",
    )
});

#[derive(Debug, Serialize)]
pub struct Decoded {
    /// Every code found (usually none or one).
    pub codes: Vec<Found>,
    /// How long decoding took on the server, milliseconds.
    pub decode_ms: f64,
    pub width: usize,
    pub height: usize,
}

fn dimension(query: &str, name: &str) -> Result<usize> {
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == name)
        .and_then(|(_, v)| v.trim().parse().ok())
        .ok_or_else(|| {
            Error::invalid(format!(
                "{name} is required for a raw grayscale frame (?width=&height=)"
            ))
        })
}

/// Body: 8-bit grayscale bytes with `?width=&height=`, or a PNG or JPEG image (by
/// `Content-Type`). Answers `{codes: [{text, corners}], decode_ms, width, height}`.
pub async fn decode(
    access: ReadAccess,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    State(state): State<AppState>,
    body: std::result::Result<Bytes, BytesRejection>,
) -> Result<Json<Decoded>> {
    access.read(&state.db, |_, _| Ok(())).await?;
    let body = body.map_err(|_| {
        Error::PayloadTooLarge(format!(
            "a frame may be at most {} MiB",
            FRAME_LIMIT / (1024 * 1024)
        ))
    })?;
    let content_type = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .unwrap_or_default();
    let query = query.unwrap_or_default();
    let decoded = DECODERS
        .run(move || -> Result<Decoded> {
            let frame = match content_type.as_str() {
                "image/png" => Frame::from_image(&body, image::ImageFormat::Png)?,
                "image/jpeg" | "image/jpg" => Frame::from_image(&body, image::ImageFormat::Jpeg)?,
                _ => Frame::from_gray(
                    body.to_vec(),
                    dimension(&query, "width")?,
                    dimension(&query, "height")?,
                )?,
            };
            let started = Instant::now();
            let codes = decode::decode(&frame);
            Ok(Decoded {
                codes,
                decode_ms: started.elapsed().as_secs_f64() * 1000.0,
                width: frame.width,
                height: frame.height,
            })
        })
        .await??;
    Ok(Json(decoded))
}
