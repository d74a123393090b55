//! Request extractors whose failures answer in the spec's error shapes (axum's own
//! rejections are plain text).

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use utoipa::IntoParams;

use crate::domain::page::PageRequest;
use crate::error::Error;

/// The `item` member of a `{item: ...}` request body, deserialised into `T`.
///
/// Every failure is a 422 naming the member (`item.email must be a string, not integer
/// 5`), or a 413 when the body is over the limit.
pub struct ItemBody<T>(pub T);

#[derive(Deserialize)]
struct Envelope<T> {
    item: Option<T>,
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ItemBody<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Error> {
        let json = declared_json(&req);
        let bytes = read_body(req, state).await?;
        json?;
        match parse_envelope::<T>(&bytes)? {
            Some(item) => Ok(ItemBody(item)),
            None => Err(Error::invalid("item is required: send {\"item\": {...}}")),
        }
    }
}

/// An optional `{item: ...}` body: no body, an empty body, `{}` and `{"item": null}`
/// all give `None`.
pub struct OptionalItemBody<T>(pub Option<T>);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for OptionalItemBody<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Error> {
        let json = declared_json(&req);
        let bytes = read_body(req, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalItemBody(None));
        }
        json?;
        parse_envelope::<T>(&bytes).map(OptionalItemBody)
    }
}

/// A body is read as JSON when its `Content-Type` says JSON (`application/json`,
/// `application/*+json`) or when it has none; any other type (`text/plain`, a form) is
/// 415 rather than parsed as JSON on a guess (issue 37).
fn declared_json(req: &Request) -> Result<(), Error> {
    let Some(value) = req.headers().get(axum::http::header::CONTENT_TYPE) else {
        return Ok(());
    };
    let essence = value
        .to_str()
        .unwrap_or_default()
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let json = essence.is_empty()
        || essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"));
    if json {
        Ok(())
    } else {
        Err(Error::UnsupportedMediaType(format!(
            "the request body must be JSON (Content-Type: application/json), not {essence}"
        )))
    }
}

async fn read_body<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, Error> {
    Bytes::from_request(req, state).await.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Error::PayloadTooLarge("the request body is larger than 1 MiB".into())
        } else {
            Error::invalid(format!("the request body could not be read: {rejection}"))
        }
    })
}

/// The kiosk's name from the `X-Device-Name` header (extension), for the history:
/// trimmed, without control characters, at most 100 characters.
pub struct DeviceName(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for DeviceName {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Error> {
        let name = parts
            .headers
            .get("x-device-name")
            .and_then(|v| v.to_str().ok())
            .map(|v| {
                v.chars()
                    .filter(|c| !c.is_control())
                    .take(100)
                    .collect::<String>()
            })
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty());
        Ok(DeviceName(name))
    }
}

impl IntoParams for DeviceName {
    fn into_params(
        _: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        vec![optional_header(
            "X-Device-Name",
            "The kiosk or device, kept in the check-in history (control characters removed, \
             at most 100 characters kept).",
        )]
    }
}

/// The `If-None-Match` header of a conditional GET, as sent.
pub struct IfNoneMatch(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for IfNoneMatch {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Error> {
        Ok(IfNoneMatch(
            parts
                .headers
                .get(axum::http::header::IF_NONE_MATCH)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned),
        ))
    }
}

impl IntoParams for IfNoneMatch {
    fn into_params(
        _: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        vec![optional_header(
            "If-None-Match",
            "An `ETag` from an earlier answer: 304 without a body while it still matches.",
        )]
    }
}

/// An optional string header, for the documents of extractors that read one.
fn optional_header(name: &str, description: &str) -> utoipa::openapi::path::Parameter {
    use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
    use utoipa::openapi::schema::{Object, Type};
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Header)
        .required(utoipa::openapi::Required::False)
        .description(Some(description))
        .schema(Some(Object::with_type(Type::String)))
        .build()
}

/// Parses `{item: T}`; `Ok(None)` when `item` is absent or null.
///
/// The body is read as JSON first and its shape checked, because serde would also accept
/// a positional array where a struct is expected (`[{"first_name": "Ada"}]`).
pub fn parse_envelope<T: DeserializeOwned>(bytes: &[u8]) -> Result<Option<T>, Error> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::invalid(
            "the request body is empty: send a JSON object with an item member",
        ));
    }
    let mut value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| Error::invalid(format!("the request body is not valid JSON: {e}")))?;
    integral_numbers(&mut value);
    let Some(body) = value.as_object() else {
        return Err(Error::invalid(
            "the request body must be a JSON object with an item member",
        ));
    };
    match body.get("item") {
        None | Some(serde_json::Value::Null) => return Ok(None),
        Some(serde_json::Value::Object(_)) => {}
        Some(_) => return Err(Error::invalid("item must be an object")),
    }
    let envelope: Envelope<T> = serde_path_to_error::deserialize(value).map_err(describe)?;
    Ok(envelope.item)
}

/// Writes every number without a fraction (`3.0`) as the integer it is. JSON, and the
/// JSON Schema of the OpenAPI document, make no difference between them, but serde's
/// integers refuse a number written with a point.
fn integral_numbers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            // Within ±2^53 every integral f64 is exact, so the cast below loses nothing.
            const EXACT: f64 = 9_007_199_254_740_992.0;
            if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() <= EXACT) {
                *value = serde_json::Value::from(f as i64);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integral_numbers),
        serde_json::Value::Object(members) => members.values_mut().for_each(integral_numbers),
        _ => {}
    }
}

/// Turns a deserialisation error into a message that names the member.
fn describe(err: serde_path_to_error::Error<serde_json::Error>) -> Error {
    let path = err.path().to_string();
    let inner = err.inner();
    if inner.is_syntax() || inner.is_eof() {
        return Error::invalid(format!("the request body is not valid JSON: {inner}"));
    }
    // serde_json appends the position; the member path says more to a person.
    let text = inner.to_string();
    let text = text.split(" at line ").next().unwrap_or(&text).to_owned();
    let message = if path == "." {
        "the request body must be a JSON object with an item member".to_owned()
    } else if let Some(rest) = text.strip_prefix("missing field `") {
        let field = rest.trim_end_matches('`');
        format!("{path}.{field} is required")
    } else if let Some(rest) = text.strip_prefix("invalid type: ") {
        match rest.split_once(", expected ") {
            Some((found, expected)) => {
                let expected = plain_type_name(expected);
                format!("{path} must be {expected}, not {found}")
            }
            None => format!("{path} has the wrong type: {rest}"),
        }
    } else if text.starts_with("invalid value") || text.starts_with("invalid length") {
        format!("{path} is invalid: {text}")
    } else {
        format!("{path}: {text}")
    };
    Error::invalid(message)
}

/// serde names Rust types ("i64", "a sequence"); API users think in JSON types.
fn plain_type_name(expected: &str) -> &str {
    match expected {
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" => "an integer",
        "f32" | "f64" => "a number",
        "a sequence" => "an array",
        e if e.starts_with("struct") || e.starts_with("a map") => "an object",
        e if e.starts_with("enum") || e.starts_with("variant") => "one of the documented values",
        e => e,
    }
}

/// Path parameters; a value that is not an id is a 404 (no such record can exist).
pub struct ApiPath<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for ApiPath<T> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Error> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(value)| ApiPath(value))
            .map_err(|_| {
                Error::NotFound(format!("{} not found: ids are integers", parts.uri.path()))
            })
    }
}

/// Query parameters deserialised into `T`. A value that does not parse (a number too large
/// for its type, a word where a number goes) is a 422 naming the parameter, like every other
/// invalid input; axum's own `Query` answers 400 in plain text.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Error> {
        axum::extract::Query::<T>::try_from_uri(&parts.uri)
            .map(|axum::extract::Query(value)| ApiQuery(value))
            .map_err(|rejection| {
                let text = rejection.body_text();
                let reason = text
                    .strip_prefix("Failed to deserialize query string: ")
                    .unwrap_or(&text);
                Error::invalid(format!("invalid query parameter: {reason}"))
            })
    }
}

/// `page` and `per_page` of a paged list; out of range is a 422 (see [`PageRequest`]).
#[derive(Debug, Clone, Copy)]
pub struct Paging(pub PageRequest);

impl<S: Send + Sync> FromRequestParts<S> for Paging {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Error> {
        let mut page = None;
        let mut per_page = None;
        if let Some(query) = parts.uri.query() {
            for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
                match key.as_ref() {
                    "page" => page = Some(value.into_owned()),
                    "per_page" => per_page = Some(value.into_owned()),
                    _ => {}
                }
            }
        }
        PageRequest::from_query(page.as_deref(), per_page.as_deref())
            .map(Paging)
            .map_err(Error::Validation)
    }
}

/// The paging parameters as the document shows them; [`Paging`] reads them.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// 1-based page number; a page past the end is an empty list. Outside the range:
    /// 422.
    #[param(minimum = 1, maximum = 2147483647, default = 1)]
    pub page: Option<u32>,
    /// Records per page. Outside the range: 422.
    #[param(minimum = 1, maximum = 100, default = 25)]
    pub per_page: Option<u32>,
}
