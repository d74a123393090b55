//! Ticket QR codes and printable badges of attendees.

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::IntoParams;

use super::error::ReadErrors;
use super::extract::{ApiPath, ApiQuery, IfNoneMatch};
use crate::auth::ReadAccess;
use crate::db::{attendees, events};
use crate::domain::attendee::Attendee;
use crate::domain::text::html_escape as escape;
use crate::error::Result;
use crate::qr;
use crate::server::AppState;

/// An image or page of one attendee, cacheable by its ETag (it changes with the code).
fn cacheable(
    IfNoneMatch(if_none_match): IfNoneMatch,
    content_type: &'static str,
    tag_source: &str,
    body: impl FnOnce() -> Result<Vec<u8>>,
) -> Result<Response> {
    let tag = format!(
        "\"{}\"",
        hex::encode(&Sha256::digest(tag_source.as_bytes())[..12])
    );
    let matches = if_none_match
        .as_deref()
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    let mut response = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Response::new(Body::from(body()?))
    };
    let h = response.headers_mut();
    if !matches {
        h.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    }
    if let Ok(tag) = HeaderValue::from_str(&tag) {
        h.insert(ETAG, tag);
    }
    // Private: it is behind a token. Revalidate: cheap with the ETag.
    h.insert(CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    Ok(response)
}

async fn attendee(
    access: ReadAccess,
    state: &AppState,
    event_id: i64,
    id: i64,
) -> Result<Attendee> {
    access
        .read(&state.db, move |conn, account| {
            events::require(conn, account, event_id)?;
            attendees::get(conn, event_id, id)
        })
        .await
}

/// The attendee's ticket code as an SVG QR code (error correction M, quiet zone of 4
/// modules, scales to any size).
#[utoipa::path(get, operation_id = "getAttendeeQrSvg", path = "/events/{event_id}/attendees/{id}/qr.svg", tag = "attendees",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id"), IfNoneMatch),
    responses((status = 200, description = "SVG image", content_type = "image/svg+xml", body = String),
        (status = 304, description = "Not modified (If-None-Match)"), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn qr_svg(
    access: ReadAccess,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    if_none_match: IfNoneMatch,
    State(state): State<AppState>,
) -> Result<Response> {
    let a = attendee(access, &state, event_id, id).await?;
    cacheable(
        if_none_match,
        "image/svg+xml",
        &format!("svg|{}", a.qr_code),
        || Ok(qr::svg(&a.qr_code)?.into_bytes()),
    )
}

/// `?size=` of the PNG rendering.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PngParams {
    /// Largest side in pixels, 64 to 2048 (clamped; default 300). Modules are whole pixels,
    /// so the image is the largest multiple of the grid that fits.
    size: Option<String>,
}

/// The attendee's ticket code as a PNG QR code (error correction M, quiet zone of 4
/// modules).
#[utoipa::path(get, operation_id = "getAttendeeQrPng", path = "/events/{event_id}/attendees/{id}/qr.png", tag = "attendees",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id"), PngParams, IfNoneMatch),
    responses((status = 200, description = "PNG image", content_type = "image/png", body = Vec<u8>),
        (status = 304, description = "Not modified (If-None-Match)"), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn qr_png(
    access: ReadAccess,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    ApiQuery(params): ApiQuery<PngParams>,
    if_none_match: IfNoneMatch,
    State(state): State<AppState>,
) -> Result<Response> {
    let size = params
        .size
        .and_then(|s| s.trim().parse::<i64>().ok())
        .map_or(qr::DEFAULT_PNG_SIZE, |s| {
            s.clamp(i64::from(qr::MIN_PNG_SIZE), i64::from(qr::MAX_PNG_SIZE)) as u32
        });
    let a = attendee(access, &state, event_id, id).await?;
    cacheable(
        if_none_match,
        "image/png",
        &format!("png|{size}|{}", a.qr_code),
        || qr::png(&a.qr_code, size),
    )
}

/// A printable badge: an HTML page sized for a 4 × 3 inch label with the name, company,
/// registration type and the QR code, ready for the browser's print dialog. No external
/// assets.
#[utoipa::path(get, operation_id = "getAttendeeBadge", path = "/events/{event_id}/attendees/{id}/badge", tag = "attendees",
    params(("event_id" = i64, Path, description = "Event id"), ("id" = i64, Path, description = "Attendee id"), IfNoneMatch),
    responses((status = 200, description = "HTML page", content_type = "text/html", body = String),
        (status = 304, description = "Not modified (If-None-Match)"), ReadErrors),
    security(("oauth2" = ["read"])))]
pub async fn badge(
    access: ReadAccess,
    ApiPath((event_id, id)): ApiPath<(i64, i64)>,
    if_none_match: IfNoneMatch,
    State(state): State<AppState>,
) -> Result<Response> {
    let (event_name, a, type_name) = access
        .read(&state.db, move |conn, account| {
            let event = events::require(conn, account, event_id)?;
            let a = attendees::get(conn, event_id, id)?;
            let type_name = match a.registration_type_id {
                Some(t) => events::registration_type(conn, event_id, t)?.map(|r| r.name),
                None => None,
            };
            Ok((event.name, a, type_name))
        })
        .await?;
    let name = a.full_name();
    let source = format!(
        "badge|{event_name}|{name}|{:?}|{:?}|{}",
        a.company, type_name, a.qr_code
    );
    let mut response = cacheable(if_none_match, "text/html; charset=utf-8", &source, || {
        let svg = qr::svg(&a.qr_code)?;
        let svg = svg.trim_start_matches(|c| c != '<').replacen(
            "<?xml version=\"1.0\" standalone=\"yes\"?>",
            "",
            1,
        );
        Ok(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Badge · {}</title>\
             <style>@page{{size:4in 3in;margin:0}}*{{box-sizing:border-box}}\
             body{{margin:0;font-family:system-ui,sans-serif;color:#000;background:#fff}}\
             .badge{{width:4in;height:3in;padding:.2in;display:flex;flex-direction:column;justify-content:space-between;overflow:hidden}}\
             .event{{font-size:10pt;text-transform:uppercase;letter-spacing:.05em}}\
             .name{{font-size:24pt;font-weight:700;line-height:1.1;margin:.05in 0;overflow-wrap:anywhere}}\
             .company{{font-size:13pt}}.bottom{{display:flex;align-items:flex-end;justify-content:space-between}}\
             .type{{font-size:12pt;font-weight:600;border:2px solid #000;padding:.03in .08in}}\
             .qr svg{{width:1.3in;height:1.3in;display:block}}.code{{font:8pt monospace;text-align:center}}\
             @media screen{{body{{background:#ddd}}.badge{{background:#fff;margin:1rem auto;box-shadow:0 1px 6px #0004}}}}\
             </style></head><body><div class=\"badge\"><div><div class=\"event\">{}</div>\
             <div class=\"name\">{}</div><div class=\"company\">{}</div></div>\
             <div class=\"bottom\"><div class=\"type\">{}</div><div class=\"qr\">{svg}<div class=\"code\">{}</div></div></div>\
             </div></body></html>",
            escape(&name),
            escape(&event_name),
            escape(&name),
            escape(a.company.as_deref().unwrap_or("")),
            escape(type_name.as_deref().unwrap_or("Attendee")),
            escape(&a.qr_code),
        )
        .into_bytes())
    })?;
    // The attendee's own text is on this page: no script runs, no other site frames it.
    crate::guard::strict_page_headers(response.headers_mut());
    Ok(response)
}
