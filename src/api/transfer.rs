//! Extensions: CSV import of attendees and CSV downloads of attendees and check-ins, for
//! the UI's import and export (the command line calls the same `transfer` functions).

use crate::api::json::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::access::Access;
use super::envelope::Item;
use super::error::{ErrorBody, ReadErrors, WriteErrors};
use super::extract::ApiPath;
use super::state::AppState;
use crate::auth::Write;
use crate::error::{Error, Problem, Result};
use crate::transfer::{export, import};

/// Import attendees from CSV (extension). The body is the file (`text/csv`, UTF-8 with or
/// without BOM, comma, semicolon or tab separated, at most 64 MiB). Headings name
/// attendee members (`first_name`, `email`, `registration_type`, ...) or the event's
/// fields by name or label, case-insensitive; `map=Heading=target` (repeatable) maps
/// other headings, `map=Heading=` ignores one. Rows are matched to attendees by
/// `qr_code`, else email, so a file imported twice creates nobody twice. With
/// `dry_run=true` nothing is written (and a row that would create an attendee reports
/// `attendee_id: null`); otherwise nothing is written unless every row is valid, or
/// `valid_only=true`. Always 200 with the report when the file could be read; 422 when
/// it cannot (encoding, headings, `map`); 413 for a file over 64 MiB. The whole import is
/// one transaction.
#[utoipa::path(post, operation_id = "importAttendees", path = "/events/{event_id}/imports/attendees", tag = "attendees",
    request_body(content = String, content_type = "text/csv", description = "The CSV file"),
    params(("event_id" = i64, Path, description = "Event id"),
        ("dry_run" = Option<bool>, Query, description = "Report only, write nothing"),
        ("valid_only" = Option<bool>, Query, description = "Write the valid rows even when some are invalid"),
        ("map" = Option<Vec<String>>, Query, description = "`Heading=target`, repeatable")),
    responses((status = 200, description = "What was (or would be) created and updated, row by row", body = Item<import::ImportReport>), WriteErrors,
        (status = 413, description = file_too_large(), body = ErrorBody)),
    security(("oauth2" = ["write"])))]
pub async fn import_attendees(
    access: Access<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Result<Json<Item<import::ImportReport>>> {
    let mut options = import::ImportOptions {
        lang: crate::l10n::current(),
        ..Default::default()
    };
    let mut problems = Vec::new();
    for (key, value) in url::form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        let flag = || match value.as_ref() {
            "true" | "1" | "yes" => Ok(true),
            "false" | "0" | "no" | "" => Ok(false),
            other => Err(Problem::whole(format!(
                "{key} must be true or false, not `{other}`"
            ))),
        };
        match key.as_ref() {
            "dry_run" => match flag() {
                Ok(v) => options.dry_run = v,
                Err(e) => problems.push(e),
            },
            "valid_only" => match flag() {
                Ok(v) => options.valid_only = v,
                Err(e) => problems.push(e),
            },
            "map" => match import::ImportOptions::parse_map(&value) {
                Ok(pair) => options.map.push(pair),
                Err(e) => problems.push(Problem::whole(format!("map: {e}"))),
            },
            _ => {}
        }
    }
    if !problems.is_empty() {
        return Err(Error::Validation(problems));
    }
    let sheet = import::Sheet::read(&body)?;
    let report = access
        .write(&state.db, move |conn, who| {
            import::run(conn, who.account_id, event_id, &sheet, &options, &|_, _| {})
        })
        .await?;
    Ok(Json(Item::new(report)))
}

/// The import's 413: its own limit, not the 1 MiB of JSON bodies (`WriteErrors`).
fn file_too_large() -> String {
    format!(
        "The file is larger than {} MiB (the limit of an import, as for `entrada import`).",
        import::MAX_FILE_BYTES >> 20
    )
}

/// One export, written on a reader connection, as a file download.
async fn download(
    access: Access<Write>,
    state: AppState,
    event_id: i64,
    what: &str,
    write: fn(&rusqlite::Connection, i64, i64, &mut Vec<u8>) -> Result<u64>,
) -> Result<Response> {
    let body = access
        .read(&state.db, move |conn, account| {
            let mut out = Vec::new();
            write(conn, account, event_id, &mut out)?;
            Ok(out)
        })
        .await?;
    Ok(csv_download(format!("event-{event_id}-{what}.csv"), body))
}

fn csv_download(name: String, mut body: Vec<u8>) -> Response {
    // A byte-order mark, so that spreadsheets read the file as UTF-8.
    body.splice(0..0, [0xEF, 0xBB, 0xBF]);
    let mut response = body.into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Download the event's attendees as CSV (extension): every member, registration type,
/// check-in status and times, and one column per field (headed by its label). Cells that
/// a spreadsheet would run as formulas (starting with `=`, `+`, `-`, `@`) get a leading
/// `'`. The file imports back (`POST .../imports/attendees`). Needs `write`: exports are
/// for organisers (and integrations given `write`), never door staff or door devices.
#[utoipa::path(get, operation_id = "exportAttendees", path = "/events/{event_id}/exports/attendees.csv", tag = "attendees",
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "CSV file", content_type = "text/csv", body = String), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn export_attendees(
    access: Access<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Response> {
    download(access, state, event_id, "attendees", |c, a, e, out| {
        export::attendees(c, a, e, out)
    })
    .await
}

/// Download the event's check-in history as CSV (extension), oldest first, refused
/// attempts included, with session, device and the person or client that did it. Needs
/// `write`, as the attendee export does.
#[utoipa::path(get, operation_id = "exportCheckIns", path = "/events/{event_id}/exports/check_ins.csv", tag = "check-in",
    params(("event_id" = i64, Path, description = "Event id")),
    responses((status = 200, description = "CSV file", content_type = "text/csv", body = String), ReadErrors),
    security(("oauth2" = ["write"])))]
pub async fn export_check_ins(
    access: Access<Write>,
    ApiPath(event_id): ApiPath<i64>,
    State(state): State<AppState>,
) -> Result<Response> {
    download(access, state, event_id, "check-ins", |c, a, e, out| {
        export::check_ins(c, a, e, out)
    })
    .await
}
