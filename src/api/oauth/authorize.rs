//! `GET /oauth/authorize` (the sign-in page) and `POST /oauth/authorize` (sign in): the
//! authorization-code grant (RFC 6749 4.1) with PKCE S256 (RFC 7636), for people.
//!
//! The page is plain server-rendered HTML with no external assets. A request whose client
//! or redirect URI cannot be trusted is answered with an error page and never redirected;
//! other errors are sent back to the redirect URI (RFC 6749 4.1.2.1).
//!
//! A sign-in post is accepted only from this server's own page: any web page the kiosk's
//! browser opens could otherwise post wrong passwords here and lock the organiser out
//! (the `Host` check does not help: the browser sends the kiosk's own host). So a post
//! whose `Origin` (or `Referer`), or `Sec-Fetch-Site`, names another site is refused
//! before anything is counted, and the form carries a signed token ([`csrf_token`]) that
//! only a reader of the page can have.
//!
//! A passphrase an organiser was shown (a person added or reset under Staff) signs in to
//! a second page that asks for the person's own ([`new_passphrase_page`]): the code is
//! given only after it is stored. That page carries a signed, single-use ticket of the
//! sign-in, never the temporary passphrase.

use std::net::SocketAddr;

use axum::Form;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::header::{CACHE_CONTROL, LOCATION, RETRY_AFTER};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use rand::RngCore as _;
use sha2::Sha256;
use std::collections::HashMap;

use crate::api::state::AppState;
use crate::auth::{pkce, redirect_uri_matches, secrets};
use crate::db::clients::{self, Client};
use crate::db::users;
use crate::domain::scope::ScopeSet;
use crate::domain::text::html_escape as escape;
use crate::domain::time;
use crate::l10n;

/// Lifetime of an authorization code, seconds.
const CODE_TTL: i64 = 60;
/// How long a sign-in form may stay open before its token expires, seconds.
const FORM_TTL: i64 = 3600;

/// The key that signs the forms' tokens: new with each start (a form shown before a
/// restart asks to sign in again), never stored.
static FORM_KEY: std::sync::LazyLock<[u8; 32]> = std::sync::LazyLock::new(|| {
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    key
});

fn form_mac(expires: i64, client_id: &str) -> Hmac<Sha256> {
    // An HMAC takes a key of any length: this cannot fail.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(FORM_KEY.as_slice())
        .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
    mac.update(format!("entrada-sign-in|{expires}|{client_id}").as_bytes());
    mac
}

/// The token of a sign-in form for `client_id`: its expiry and a MAC of it, so that only
/// a page this server rendered (and a reader of it) can post the form.
pub fn csrf_token(client_id: &str) -> String {
    let expires = time::unix_now() + FORM_TTL;
    let tag = form_mac(expires, client_id).finalize().into_bytes();
    format!("{expires}.{}", URL_SAFE_NO_PAD.encode(tag))
}

fn csrf_token_valid(token: &str, client_id: &str) -> bool {
    let Some((expires, tag)) = token.split_once('.') else {
        return false;
    };
    let (Ok(expires), Ok(tag)) = (expires.parse::<i64>(), URL_SAFE_NO_PAD.decode(tag)) else {
        return false;
    };
    expires > time::unix_now() && form_mac(expires, client_id).verify_slice(&tag).is_ok()
}

type Params = HashMap<String, String>;

/// A validated authorization request.
struct Request {
    client: Client,
    redirect_uri: String,
    state: Option<String>,
    code_challenge: String,
    scopes: ScopeSet,
}

enum Refusal {
    /// The client or redirect URI is not trustworthy: show an error, do not redirect.
    Page(String),
    /// Tell the client, at its redirect URI.
    Redirect {
        uri: String,
        state: Option<String>,
        error: &'static str,
        description: String,
    },
}

/// A parameter of the request, trimmed; `None` when it is missing or empty.
fn param<'a>(params: &'a Params, name: &str) -> Option<&'a str> {
    params.get(name).map(|v| v.trim()).filter(|v| !v.is_empty())
}

/// Checks an authorization request. The client and redirect URI come first: until both
/// are trusted, errors are shown as a page; after that they go back to the client.
async fn validate(state: &AppState, params: &Params) -> Result<Request, Refusal> {
    let Some(client_id) = param(params, "client_id") else {
        return Err(Refusal::Page(words("authorize-no-client")));
    };
    let client = trusted_client(state, client_id.to_owned()).await?;
    let redirect_uri = redirect_uri_for(&client, param(params, "redirect_uri"))?;
    let state_param = params.get("state").cloned();
    match grant_of(params) {
        Ok((challenge, scopes)) => Ok(Request {
            client,
            redirect_uri,
            state: state_param,
            code_challenge: challenge.to_owned(),
            scopes,
        }),
        Err((error, description)) => Err(Refusal::Redirect {
            uri: redirect_uri,
            state: state_param,
            error,
            description: description.to_owned(),
        }),
    }
}

/// The registered, unrevoked client of that id.
async fn trusted_client(state: &AppState, client_id: String) -> Result<Client, Refusal> {
    match state
        .db
        .read(move |conn| clients::find(conn, &client_id))
        .await
    {
        Ok(Some(c)) if c.revoked_at.is_none() => Ok(c),
        Ok(_) => Err(Refusal::Page(words("authorize-unknown-client"))),
        Err(e) => {
            tracing::error!(error = %e, "authorize: client lookup failed");
            Err(Refusal::Page(words("authorize-cannot-check-client")))
        }
    }
}

/// Where to send the answer: the URI asked for when the client registered it, or the
/// client's only registered URI when none is asked for.
fn redirect_uri_for(client: &Client, asked: Option<&str>) -> Result<String, Refusal> {
    match asked {
        Some(uri) if redirect_uri_matches(&client.redirect_uris, uri) => Ok(uri.to_owned()),
        Some(_) => Err(Refusal::Page(words("authorize-unregistered-redirect"))),
        None => match client.redirect_uris.as_slice() {
            [only] => Ok(only.clone()),
            _ => Err(Refusal::Page(words("authorize-no-redirect"))),
        },
    }
}

/// What the client asks for: a code with a PKCE S256 challenge, and scopes (all of them
/// when it names none). On error, the OAuth error code and its description.
fn grant_of(params: &Params) -> Result<(&str, ScopeSet), (&'static str, &'static str)> {
    if param(params, "response_type") != Some("code") {
        return Err(("unsupported_response_type", "response_type must be code"));
    }
    let Some(challenge) = param(params, "code_challenge") else {
        return Err((
            "invalid_request",
            "code_challenge is required (PKCE with S256)",
        ));
    };
    if param(params, "code_challenge_method") != Some("S256") {
        return Err((
            "invalid_request",
            "code_challenge_method must be S256 (plain is not accepted)",
        ));
    }
    if !pkce::valid_challenge(challenge) {
        return Err((
            "invalid_request",
            "code_challenge is not a base64url SHA-256",
        ));
    }
    let scopes = match param(params, "scope") {
        None => ScopeSet::parse("read write check_in").unwrap_or_default(),
        Some(list) => match ScopeSet::parse(list) {
            Ok(set) if !set.is_empty() => set,
            _ => return Err(("invalid_scope", "scope must list read, write or check_in")),
        },
    };
    Ok((challenge, scopes))
}

/// Headers every page of the sign-in flow carries: no caching, no framing, no scripts.
fn page(status: StatusCode, body: String) -> Response {
    let mut response = (status, Html(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        HeaderName::from_static("content-security-policy"),
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'"),
    );
    headers.insert(
        HeaderName::from_static("x-frame-options"),
        HeaderValue::from_static("DENY"),
    );
    headers.insert(
        HeaderName::from_static("referrer-policy"),
        // Not `no-referrer`: with it browsers send `Origin: null` on the form's own post.
        HeaderValue::from_static("same-origin"),
    );
    response
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1a1a1a;margin:0;\
display:flex;min-height:100vh;align-items:center;justify-content:center}\
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:min(24rem,92vw)}\
h1{font-size:1.5rem;margin:0 0 1rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}\
input{width:100%;box-sizing:border-box;font-size:1.1rem;padding:.7rem;border:2px solid #555;border-radius:8px}\
input:focus,button:focus{outline:3px solid #1451c7;outline-offset:2px}\
button{margin-top:1.5rem;width:100%;min-height:48px;font-size:1.1rem;font-weight:600;color:#fff;\
background:#1451c7;border:0;border-radius:8px;cursor:pointer}\
.error{background:#fde8e8;color:#8a1111;border:1px solid #8a1111;padding:.75rem;border-radius:8px}";

/// A word of these pages in the request's language (`ui_locales`, else
/// `Accept-Language`: see `crate::l10n::negotiate`).
fn words(id: &str) -> String {
    l10n::text(l10n::current(), id, &[])
}

/// 429 while the server is at its bound of passphrase hashes: try again in a second.
fn busy_page() -> Response {
    let mut response = error_page_with(StatusCode::TOO_MANY_REQUESTS, &words("authorize-busy"));
    response
        .headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

fn error_page(message: &str) -> Response {
    error_page_with(StatusCode::BAD_REQUEST, message)
}

fn error_page_with(status: StatusCode, message: &str) -> Response {
    page(
        status,
        format!(
            "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
             content=\"width=device-width,initial-scale=1\"><title>{} · Entrada</title>\
             <style>{STYLE}</style></head><body><main><h1>{}</h1>\
             <p class=\"error\" role=\"alert\">{}</p></main></body></html>",
            escape(&words("authorize-problem-title")),
            escape(&words("authorize-cannot-sign-in")),
            escape(message),
            lang = l10n::current().code(),
        ),
    )
}

/// The form's token and the authorization request, carried from page to page.
fn hidden_fields(params: &Params, client: &Client) -> String {
    let mut hidden = format!(
        "<input type=\"hidden\" name=\"csrf_token\" value=\"{}\">",
        escape(&csrf_token(&client.client_id))
    );
    for name in [
        "response_type",
        "client_id",
        "redirect_uri",
        "code_challenge",
        "code_challenge_method",
        "state",
        "scope",
    ] {
        if let Some(value) = params.get(name) {
            hidden.push_str(&format!(
                "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
                escape(value)
            ));
        }
    }
    hidden
}

fn error_paragraph(error: Option<&str>) -> String {
    error
        .map(|e| {
            format!(
                "<p class=\"error\" role=\"alert\" id=\"error\">{}</p>",
                escape(e)
            )
        })
        .unwrap_or_default()
}

/// How long the page that asks for a new passphrase can be sent, seconds.
const CHANGE_TTL: i64 = 600;

fn change_mac(user_id: i64, expires: i64, client_id: &str, temporary_hash: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(FORM_KEY.as_slice())
        .unwrap_or_else(|_| unreachable!("HMAC accepts any key length"));
    mac.update(
        format!("entrada-new-passphrase|{user_id}|{expires}|{client_id}|{temporary_hash}")
            .as_bytes(),
    );
    mac
}

/// What the new-passphrase page carries instead of the temporary passphrase: who signed
/// in, until when, and a MAC over them and the temporary passphrase's stored hash, so
/// that it proves the sign-in and is void once that passphrase is replaced (used once).
fn change_ticket(user_id: i64, client_id: &str, temporary_hash: &str) -> String {
    let expires = time::unix_now() + CHANGE_TTL;
    let tag = change_mac(user_id, expires, client_id, temporary_hash)
        .finalize()
        .into_bytes();
    format!("{user_id}.{expires}.{}", URL_SAFE_NO_PAD.encode(tag))
}

fn parse_change_ticket(ticket: &str) -> Option<(i64, i64, Vec<u8>)> {
    let mut parts = ticket.splitn(3, '.');
    let user_id = parts.next()?.parse().ok()?;
    let expires = parts.next()?.parse().ok()?;
    let tag = URL_SAFE_NO_PAD.decode(parts.next()?).ok()?;
    Some((user_id, expires, tag))
}

/// The first sign-in with a temporary passphrase: choose your own (issue 37, 7).
fn new_passphrase_page(
    status: StatusCode,
    params: &Params,
    client: &Client,
    ticket: &str,
    error: Option<&str>,
) -> Response {
    let lang = l10n::current();
    let min = crate::domain::user::MIN_PASSPHRASE.to_string();
    let described = if error.is_some() {
        " aria-describedby=\"intro error\""
    } else {
        " aria-describedby=\"intro\""
    };
    page(
        status,
        format!(
            "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
             content=\"width=device-width,initial-scale=1\"><title>{title} · Entrada</title>\
             <style>{STYLE}</style></head><body><main><h1>{title}</h1><p id=\"intro\">{intro}</p>{error}\
             <form method=\"post\" action=\"/oauth/authorize?ui_locales={lang}\">{hidden}\
             <input type=\"hidden\" name=\"change_ticket\" value=\"{ticket}\">\
             <label for=\"new_password\">{new_word}</label><input id=\"new_password\" name=\"new_password\" \
             type=\"password\" autocomplete=\"new-password\" minlength=\"{min}\" maxlength=\"1000\" required autofocus{described}>\
             <label for=\"new_password_again\">{again_word}</label><input id=\"new_password_again\" \
             name=\"new_password_again\" type=\"password\" autocomplete=\"new-password\" minlength=\"{min}\" \
             maxlength=\"1000\" required>\
             <button type=\"submit\">{submit}</button></form></main></body></html>",
            lang = lang.code(),
            title = escape(&words("authorize-new-title")),
            intro = escape(&l10n::text(lang, "authorize-new-intro", &[("min", &min)])),
            error = error_paragraph(error),
            hidden = hidden_fields(params, client),
            ticket = escape(ticket),
            new_word = escape(&words("authorize-new-password")),
            again_word = escape(&words("authorize-new-again")),
            submit = escape(&words("authorize-new-submit")),
        ),
    )
}

/// The new passphrase posted from [`new_passphrase_page`]: checked by the set-up's rule,
/// stored in place of the temporary one (once), and the sign-in goes on with a code.
async fn choose_passphrase(state: &AppState, params: &Params, request: Request) -> Response {
    let ticket = params.get("change_ticket").map_or("", |t| t.as_str());
    let expired = |request: &Request| {
        sign_in_page(
            StatusCode::FORBIDDEN,
            params,
            &request.client,
            "",
            Some(&words("authorize-form-expired")),
        )
    };
    let Some((user_id, expires, tag)) = parse_change_ticket(ticket) else {
        return expired(&request);
    };
    if expires <= time::unix_now() {
        return expired(&request);
    }
    let credentials = match state
        .db
        .read(move |conn| users::credentials_by_id(conn, user_id))
        .await
    {
        Ok(Some(c)) if !c.disabled && c.temporary => c,
        Ok(_) => return expired(&request),
        Err(e) => {
            tracing::error!(error = %e, "sign-in lookup failed");
            return error_page(&words("authorize-cannot-check"));
        }
    };
    let mac = change_mac(
        user_id,
        expires,
        &request.client.client_id,
        &credentials.password_hash,
    );
    if mac.verify_slice(&tag).is_err() {
        return expired(&request);
    }
    let lang = l10n::current();
    let new = params.get("new_password").cloned().unwrap_or_default();
    let again = params
        .get("new_password_again")
        .cloned()
        .unwrap_or_default();
    let count = new.chars().count();
    let min = crate::domain::user::MIN_PASSPHRASE;
    let problem = if count < min || new.trim().is_empty() {
        Some(l10n::text(
            lang,
            "authorize-new-too-short",
            &[("min", &min.to_string()), ("count", &count.to_string())],
        ))
    } else if count > 1000 {
        Some(words("authorize-new-too-long"))
    } else if new != again {
        Some(words("authorize-new-mismatch"))
    } else {
        None
    };
    let again_page = |request: &Request, why: &str| {
        new_passphrase_page(
            StatusCode::UNPROCESSABLE_ENTITY,
            params,
            &request.client,
            ticket,
            Some(why),
        )
    };
    if let Some(why) = problem {
        return again_page(&request, &why);
    }
    let temporary_hash = credentials.password_hash;
    let same = secrets::verify_secret_bounded(new.clone(), Some(temporary_hash.clone())).await;
    let hashed = match same {
        Ok(true) => return again_page(&request, &words("authorize-new-same")),
        Ok(false) => secrets::hash_secret_bounded(new).await,
        Err(e) => Err(e),
    };
    let hashed = match hashed {
        Ok(h) => h,
        Err(crate::error::Error::Busy(_)) => {
            return busy_page();
        }
        Err(e) => {
            tracing::error!(error = %e, "cannot hash a new passphrase");
            return error_page(&words("authorize-cannot-complete"));
        }
    };
    let replaced = state
        .db
        .write(move |conn| {
            users::replace_temporary_password(conn, user_id, &temporary_hash, &hashed)
        })
        .await;
    match replaced {
        Ok(true) => {
            tracing::info!(
                user_id,
                "a temporary passphrase was replaced by the person's own"
            );
            issue_code(state, user_id, request).await
        }
        Ok(false) => expired(&request),
        Err(e) => {
            tracing::error!(error = %e, "cannot store a new passphrase");
            error_page(&words("authorize-cannot-complete"))
        }
    }
}

fn sign_in_page(
    status: StatusCode,
    params: &Params,
    client: &Client,
    email: &str,
    error: Option<&str>,
) -> Response {
    let hidden = hidden_fields(params, client);
    let error = error_paragraph(error);
    // The form posts back in the same language (the query survives the post).
    let lang = l10n::current();
    let described = if error.is_empty() {
        ""
    } else {
        " aria-describedby=\"error\""
    };
    page(
        status,
        format!(
            "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
             content=\"width=device-width,initial-scale=1\"><title>{title} · Entrada</title>\
             <style>{STYLE}</style></head><body><main><h1>{heading}</h1>{error}\
             <form method=\"post\" action=\"/oauth/authorize?ui_locales={lang}\">{hidden}\
             <label for=\"email\">{email_word}</label><input id=\"email\" name=\"email\" type=\"email\" \
             autocomplete=\"username\" required value=\"{}\"{described}>\
             <label for=\"password\">{password_word}</label><input id=\"password\" name=\"password\" \
             type=\"password\" autocomplete=\"current-password\" required{described}>\
             <button type=\"submit\">{submit}</button></form></main></body></html>",
            escape(email),
            lang = lang.code(),
            title = escape(&words("authorize-title")),
            // The kiosk's own client is named in the page's language (its stored name,
            // "Entrada kiosk", read as English in every language: issue 37).
            heading = escape(&if client.client_id == crate::api::setup::KIOSK_CLIENT_ID {
                l10n::text(lang, "authorize-heading-kiosk", &[])
            } else {
                l10n::text(lang, "authorize-heading", &[("client", &client.name)])
            }),
            email_word = escape(&words("authorize-email")),
            password_word = escape(&words("authorize-password")),
            submit = escape(&words("authorize-submit")),
        ),
    )
}

fn redirect_to(uri: &str, pairs: &[(&str, &str)]) -> Response {
    let mut target = match url::Url::parse(uri) {
        Ok(u) => u,
        Err(_) => return error_page(&words("authorize-bad-redirect")),
    };
    {
        let mut query = target.query_pairs_mut();
        for (k, v) in pairs {
            query.append_pair(k, v);
        }
    }
    let mut response = StatusCode::SEE_OTHER.into_response();
    match HeaderValue::from_str(target.as_str()) {
        Ok(location) => {
            response.headers_mut().insert(LOCATION, location);
            response
                .headers_mut()
                .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Err(_) => error_page(&words("authorize-bad-redirect")),
    }
}

fn refusal(r: Refusal) -> Response {
    match r {
        Refusal::Page(message) => error_page(&message),
        Refusal::Redirect {
            uri,
            state,
            error,
            description,
        } => {
            let mut pairs = vec![
                ("error", error),
                ("error_description", description.as_str()),
            ];
            if let Some(s) = state.as_deref() {
                pairs.push(("state", s));
            }
            redirect_to(&uri, &pairs)
        }
    }
}

/// Shows the sign-in form.
pub async fn show(State(state): State<AppState>, Query(params): Query<Params>) -> Response {
    match validate(&state, &params).await {
        Ok(request) => sign_in_page(StatusCode::OK, &params, &request.client, "", None),
        Err(r) => refusal(r),
    }
}

/// Checks the password and redirects back with a one-time code.
pub async fn submit(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Form(params): Form<Params>,
) -> Response {
    if crate::api::guard::from_another_site(&headers) {
        tracing::warn!("refused a sign-in posted from another site");
        return error_page_with(StatusCode::FORBIDDEN, &words("authorize-other-site"));
    }
    let request = match validate(&state, &params).await {
        Ok(r) => r,
        Err(r) => return refusal(r),
    };
    let token_ok = params
        .get("csrf_token")
        .is_some_and(|t| csrf_token_valid(t, &request.client.client_id));
    if !token_ok {
        // A form from before a restart, or a post that did not come from our page: show
        // a fresh form (its new token lets the person sign in at once).
        return sign_in_page(
            StatusCode::FORBIDDEN,
            &params,
            &request.client,
            params.get("email").map_or("", |e| e.trim()),
            Some(&words("authorize-form-expired")),
        );
    }
    if params.contains_key("change_ticket") {
        return choose_passphrase(&state, &params, request).await;
    }
    let email = params
        .get("email")
        .map(|e| e.trim().to_lowercase())
        .unwrap_or_default();
    let password = params.get("password").cloned().unwrap_or_default();
    let addr_key = peer.ip().to_string();
    let (by_user, by_address) = (&state.limits.sign_in_user, &state.limits.sign_in_address);
    // Reserved before the password is hashed: concurrent attempts count while they run.
    let attempts = by_user
        .begin(&email)
        .and_then(|u| by_address.begin(&addr_key).map(|a| (u, a)));
    let (user_attempt, address_attempt) = match attempts {
        Ok(pair) => pair,
        Err(wait) => return too_many_sign_ins(&params, &request.client, &email, wait),
    };
    let credentials = match check_password(&state, &email, password).await {
        Ok(Some(credentials)) => credentials,
        Ok(None) => {
            user_attempt.failed();
            address_attempt.failed();
            return sign_in_page(
                StatusCode::UNAUTHORIZED,
                &params,
                &request.client,
                &email,
                Some(&words("authorize-wrong-password")),
            );
        }
        // Not the person's failure: the reservations end as no attempt made.
        Err(response) => return response,
    };
    if credentials.temporary {
        // An organiser saw this passphrase: no code until the person chose their own.
        let ticket = change_ticket(
            credentials.id,
            &request.client.client_id,
            &credentials.password_hash,
        );
        return new_passphrase_page(StatusCode::OK, &params, &request.client, &ticket, None);
    }
    issue_code(&state, credentials.id, request).await
}

/// The form again, saying how long to wait (also in `Retry-After`).
fn too_many_sign_ins(params: &Params, client: &Client, email: &str, wait: u64) -> Response {
    let mut response = sign_in_page(
        StatusCode::TOO_MANY_REQUESTS,
        params,
        client,
        email,
        Some(&l10n::text(
            l10n::current(),
            "authorize-too-many",
            &[("wait", &wait.to_string())],
        )),
    );
    if let Ok(value) = HeaderValue::from_str(&wait.to_string()) {
        response.headers_mut().insert(RETRY_AFTER, value);
    }
    response
}

/// The user whose email and password these are (`None`: wrong email or password, or a
/// disabled user). `Err` is the page to show when the server could not check.
async fn check_password(
    state: &AppState,
    email: &str,
    password: String,
) -> Result<Option<users::Credentials>, Response> {
    let lookup = email.to_owned();
    let credentials = match state
        .db
        .read(move |conn| users::credentials(conn, &lookup))
        .await
    {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "sign-in lookup failed");
            return Err(error_page(&words("authorize-cannot-check")));
        }
    };
    let stored = credentials
        .as_ref()
        .filter(|c| !c.disabled)
        .map(|c| c.password_hash.clone());
    // The same argon2 work whether or not the email exists: the answer's timing says nothing.
    let verified = match secrets::verify_secret_bounded(password, stored).await {
        Ok(v) => v,
        Err(crate::error::Error::Busy(_)) => {
            return Err(busy_page());
        }
        Err(e) => {
            tracing::error!(error = %e, "sign-in check failed");
            return Err(error_page(&words("authorize-cannot-check")));
        }
    };
    Ok(credentials.filter(|c| verified && !c.disabled))
}

/// Stores a one-time code for the signed-in user and sends it to the client's redirect
/// URI; a user with no account is told so instead (a code would give them nothing).
async fn issue_code(state: &AppState, user_id: i64, request: Request) -> Response {
    let code = secrets::new_authorization_code();
    let code_hash = secrets::token_hash(&code);
    let Request {
        client,
        redirect_uri,
        state: state_param,
        code_challenge,
        scopes,
    } = request;
    let uri = redirect_uri.clone();
    let stored = state
        .db
        .write(move |conn| {
            let has_account = users::get(conn, user_id)?.is_some_and(|u| !u.accounts.is_empty());
            if has_account {
                users::record_sign_in(conn, user_id)?;
                clients::insert_code(
                    conn,
                    &code_hash,
                    client.row_id,
                    user_id,
                    &uri,
                    &code_challenge,
                    scopes,
                    time::unix_now() + CODE_TTL,
                )?;
            }
            Ok(has_account)
        })
        .await;
    match stored {
        Ok(true) => {
            tracing::info!(user_id, "signed in");
            let mut pairs = vec![("code", code.as_str())];
            if let Some(s) = state_param.as_deref() {
                pairs.push(("state", s));
            }
            redirect_to(&redirect_uri, &pairs)
        }
        Ok(false) => error_page(&words("authorize-no-account")),
        Err(e) => {
            tracing::error!(error = %e, "cannot store an authorization code");
            error_page(&words("authorize-cannot-complete"))
        }
    }
}
