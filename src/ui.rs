//! The kiosk web UI, served at `/` from files embedded in the binary.
//!
//! The UI (`ui/`) is plain ES modules, HTML and CSS with no build step, so the server can
//! carry it inside the binary and `entrada serve` (or the desktop app) shows it with nothing
//! else installed and no network. In debug builds rust-embed reads the files from disk, so
//! an edit to `ui/` shows on the next reload without a rebuild.
//!
//! The UI uses hash routes (`/#/door`), so the server only needs to answer real file paths,
//! plus `/oauth/callback`, the loopback redirect URI of the built-in `entrada-kiosk` client,
//! which is the same page finishing the sign-in.

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::Error;

#[derive(RustEmbed)]
#[folder = "ui/"]
#[exclude = "*.md"]
struct Assets;

/// The page's security policy: nothing from other origins, no inline script, and the
/// camera's frames only as blobs. `connect-src 'self'` keeps every request on this server.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data: blob:; media-src 'self' blob: mediastream:; connect-src 'self'; \
    font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'";

/// Answers a GET or HEAD for a UI file, or `None` when the path is not one (the caller
/// then answers its usual 404).
pub fn serve(method: &Method, uri: &Uri, headers: &HeaderMap) -> Option<Response> {
    if method != Method::GET && method != Method::HEAD {
        return None;
    }
    let path = match uri.path() {
        "/" | "/oauth/callback" => "index.html",
        other => other.trim_start_matches('/'),
    };
    // Embedded files have plain relative names; a debug build reads them from disk, so
    // nothing that could climb out of `ui/` is even looked up.
    if path
        .split('/')
        .any(|segment| segment == ".." || segment.is_empty())
        || path.contains('\\')
    {
        return None;
    }
    let file = Assets::get(path)?;
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else if method == Method::HEAD {
        StatusCode::OK.into_response()
    } else {
        file.data.into_owned().into_response()
    };
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(file.metadata.mimetype()) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    // Revalidate every time: a kiosk must never run yesterday's UI after an upgrade, and a
    // 304 from loopback costs nothing.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    Some(response)
}

/// The router's fallback: a UI file, or the API's JSON 404.
pub async fn fallback(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    match serve(&method, &uri, &headers) {
        Some(response) => response,
        None => Error::NotFound(format!("no route for {method} {}", uri.path())).into_response(),
    }
}
