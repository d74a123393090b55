//! Ticket QR codes and printable badges of attendees.

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::IntoParams;

use super::access::ReadAccess;
use super::error::ReadErrors;
use super::extract::{ApiPath, ApiQuery, IfNoneMatch};
use super::state::AppState;
use crate::db::{attendees, events};
use crate::domain::attendee::Attendee;
use crate::domain::text::html_escape as escape;
use crate::error::{Error, Result};
use crate::qr;

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
            events::check(conn, account, event_id)?;
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

/// The badge page, with `{{name}}`-style places for the attendee's data.
const BADGE_PAGE: &str = include_str!("badge.html");

/// `template` with each `{{key}}` replaced by `value(key)`, in one pass (so a value that
/// itself reads `{{code}}` stays as it is). A key without a value is our bug.
fn fill(template: &str, value: impl Fn(&str) -> Option<String>) -> Result<String> {
    let mut out = String::with_capacity(template.len() + 4096);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find("}}")
            .ok_or_else(|| Error::internal("badge template: an unclosed {{"))?;
        let key = &after[..end];
        out.push_str(
            &value(key).ok_or_else(|| Error::internal(format!("badge template: no {key}")))?,
        );
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
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
        let page = fill(BADGE_PAGE, |key| match key {
            "event" => Some(escape(&event_name)),
            "name" => Some(escape(&name)),
            "company" => Some(escape(a.company.as_deref().unwrap_or(""))),
            "type" => Some(escape(type_name.as_deref().unwrap_or("Attendee"))),
            "code" => Some(escape(&a.qr_code)),
            // Our own SVG, made from the code: markup, not text.
            "qr_svg" => Some(svg.clone()),
            _ => None,
        })?;
        Ok(page.into_bytes())
    })?;
    // The attendee's own text is on this page: no script runs, no other site frames it.
    crate::api::guard::strict_page_headers(response.headers_mut());
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_badge_page_is_filled_in_one_pass() {
        let page = fill(BADGE_PAGE, |key| {
            Some(match key {
                "name" => "{{code}} &lt;b&gt;".to_owned(),
                other => format!("[{other}]"),
            })
        })
        .expect("filled");
        assert!(
            page.contains(r#"<div class="name">{{code}} &lt;b&gt;</div>"#),
            "{page}"
        );
        assert!(page.contains("<title>Badge · {{code}} &lt;b&gt;</title>"));
        assert!(page.contains(r#"<div class="code">[code]</div>"#));
        assert_eq!(
            page.matches("{{").count(),
            2,
            "only the value's own braces remain"
        );
        assert!(fill("{{nope}}", |_| None).is_err());
        assert!(fill("{{open", |_| Some(String::new())).is_err());
    }
}
