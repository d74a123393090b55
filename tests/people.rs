//! People over real HTTP: the authorization-code grant with PKCE driven through the sign-in
//! form, refresh-token rotation and reuse detection, revocation and expiry, personal tokens
//! and `X-Account-Id`, `/me`, roles and scopes, cross-account isolation, the sign-in
//! throttle, the API rate limit, the Host check, the body limit, and the `users` commands.

use crate::common;

use std::io::Write as _;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{BIN, Resp, Server, attr, authorize_params, into_resp, no_redirects};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

// ---------------------------------------------------------------------------------------
// Helpers

/// The kiosk UI's built-in public client.
const KIOSK: &str = "entrada-kiosk";
/// The password every test user gets.
const PASSWORD: &str = "door-staff-2024";
/// The account every fresh database has.
const DEFAULT_ACCOUNT: i64 = 1;

/// The kiosk's loopback redirect URI on some port (loopback URIs match on any port).
fn callback(port: u16) -> String {
    format!("http://127.0.0.1:{port}/oauth/callback")
}

fn server_port(s: &Server) -> u16 {
    url::Url::parse(&s.base)
        .expect("base URL")
        .port()
        .expect("base URL has a port")
}

/// Runs `entrada users create ... --password-stdin` writing `stdin` to its standard input.
fn users_create(s: &Server, email: &str, account: i64, role: &str, stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(["users", "create", "--email", email, "--name"])
        .arg(format!("Name of {email}"))
        .arg("--account")
        .arg(account.to_string())
        .args(["--role", role, "--password-stdin"])
        .arg("--db")
        .arg(&s.db)
        .env_remove("ENTRADA_DB")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run entrada users create");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write the password");
    child.wait_with_output().expect("users create")
}

/// Creates a user (or adds a membership) with [`PASSWORD`]; returns the user id.
fn user(s: &Server, email: &str, account: i64, role: &str) -> i64 {
    let out = users_create(s, email, account, role, &format!("{PASSWORD}\n"));
    assert!(
        out.status.success(),
        "users create {email}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("users create prints JSON");
    assert_eq!(v["email"], email, "{v}");
    v["id"].as_i64().expect("user id")
}

/// A PKCE verifier and its S256 challenge, computed here (RFC 7636 4.2).
struct Pkce {
    verifier: String,
    challenge: String,
}

fn pkce() -> Pkce {
    let verifier = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    Pkce {
        verifier,
        challenge,
    }
}

type Params = Vec<(String, String)>;

fn with(params: &Params, key: &str, value: &str) -> Params {
    let mut out = without(params, key);
    out.push((key.to_owned(), value.to_owned()));
    out
}

fn without(params: &Params, key: &str) -> Params {
    params.iter().filter(|(k, _)| k != key).cloned().collect()
}

/// `GET /oauth/authorize?<params>`, redirects not followed.
fn authorize_page(s: &Server, params: &Params) -> Resp {
    let url = url::Url::parse_with_params(&format!("{}/oauth/authorize", s.base), params)
        .expect("authorize URL");
    into_resp(
        no_redirects()
            .get(url)
            .send()
            .expect("GET /oauth/authorize"),
    )
}

/// `POST /oauth/authorize` with the given fields, redirects not followed; with the
/// page's `csrf_token`, as a browser posting the form would, unless the fields have one.
fn post_form(s: &Server, fields: &Params) -> Resp {
    let mut fields = fields.clone();
    if !fields.iter().any(|(k, _)| k == "csrf_token") {
        let params = without(&without(&fields, "email"), "password");
        if let Some(token) = common::form_token(&authorize_page(s, &params).text) {
            fields.push(("csrf_token".to_owned(), token));
        }
    }
    into_resp(
        no_redirects()
            .post(format!("{}/oauth/authorize", s.base))
            .form(&fields)
            .send()
            .expect("POST /oauth/authorize"),
    )
}

/// Signs in with the authorization parameters, an email and a password.
fn submit(s: &Server, params: &Params, email: &str, password: &str) -> Resp {
    let fields = with(&with(params, "email", email), "password", password);
    post_form(s, &fields)
}

/// The `Location` of a 303, parsed.
fn location(r: &Resp) -> url::Url {
    assert_eq!(r.status, 303, "expected a 303 redirect, got: {}", r.text);
    let loc = r
        .header("location")
        .unwrap_or_else(|| panic!("303 without Location: {:?}", r.headers));
    url::Url::parse(&loc).unwrap_or_else(|e| panic!("Location {loc:?} is not a URL: {e}"))
}

fn query(u: &url::Url, key: &str) -> Option<String> {
    u.query_pairs()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

/// Asserts that `loc` is `redirect_uri` with `error` (and the state) in its query.
fn assert_redirected_error(r: &Resp, redirect_uri: &str, error: &str, state: &str) {
    let loc = location(r);
    assert!(
        loc.as_str().starts_with(&format!("{redirect_uri}?")),
        "redirected to {loc}, not to {redirect_uri}"
    );
    assert_eq!(query(&loc, "error").as_deref(), Some(error), "{loc}");
    assert_eq!(query(&loc, "state").as_deref(), Some(state), "{loc}");
    assert!(
        query(&loc, "code").is_none(),
        "an error carries no code: {loc}"
    );
}

/// Asserts an HTML error page that does not redirect.
fn assert_error_page(r: &Resp, what: &str) {
    assert_eq!(r.status, 400, "{what}: expected 400, got: {}", r.text);
    assert!(
        r.header("location").is_none(),
        "{what}: must not redirect: {:?}",
        r.headers
    );
    assert!(
        r.header("content-type")
            .unwrap_or_default()
            .starts_with("text/html"),
        "{what}: not HTML: {:?}",
        r.headers
    );
    assert!(alert(&r.text).is_some(), "{what}: no message: {}", r.text);
}

/// The text of the page's `role="alert"` message.
fn alert(html: &str) -> Option<String> {
    let at = html.find("role=\"alert\"")?;
    let start = at + html[at..].find('>')? + 1;
    let end = start + html[start..].find("</")?;
    Some(html[start..end].to_owned())
}

/// The opening tags named `name` in `html` (the text between `<name` and `>`).
fn tags<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    html.split(&format!("<{name}"))
        .skip(1)
        .filter(|rest| rest.starts_with([' ', '>']))
        .map(|rest| &rest[..rest.find('>').unwrap_or(rest.len())])
        .collect()
}

/// Exchanges a code at `/oauth/token`.
fn exchange(s: &Server, client_id: &str, code: &str, redirect_uri: &str, verifier: &str) -> Resp {
    s.token_request(
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", client_id),
            ("code_verifier", verifier),
        ],
        None,
    )
}

fn refresh(s: &Server, client_id: &str, refresh_token: &str) -> Resp {
    s.token_request(
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
            ("client_id", client_id),
        ],
        None,
    )
}

/// An access token and its refresh token.
#[derive(Debug, Clone)]
struct Tokens {
    access: String,
    refresh: String,
}

/// Asserts a successful personal token response and returns its tokens.
fn tokens(r: &Resp) -> Tokens {
    assert_eq!(r.status, 200, "token response: {}", r.text);
    let body = r.json();
    Tokens {
        access: body["access_token"]
            .as_str()
            .unwrap_or_else(|| panic!("no access_token in {body}"))
            .to_owned(),
        refresh: body["refresh_token"]
            .as_str()
            .unwrap_or_else(|| panic!("no refresh_token in {body}"))
            .to_owned(),
    }
}

/// Signs in through the form with `client_id` and returns the one-time code.
fn code_for(s: &Server, client_id: &str, redirect_uri: &str, pkce: &Pkce, email: &str) -> String {
    let params = authorize_params(client_id, redirect_uri, &pkce.challenge, "st");
    let r = submit(s, &params, email, PASSWORD);
    let loc = location(&r);
    query(&loc, "code").unwrap_or_else(|| panic!("no code in {loc}"))
}

/// Signs `email` in on the kiosk client and returns the tokens.
fn sign_in(s: &Server, email: &str) -> Tokens {
    let p = pkce();
    let uri = callback(49152);
    let code = code_for(s, KIOSK, &uri, &p, email);
    tokens(&exchange(s, KIOSK, &code, &uri, &p.verifier))
}

/// A request with a bearer token and an optional `X-Account-Id`.
fn call_as(
    s: &Server,
    method: &str,
    path: &str,
    token: &str,
    account: Option<&str>,
    body: Option<&Value>,
) -> Resp {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
    let mut req = s
        .http
        .request(method, format!("{}{path}", s.api))
        .bearer_auth(token);
    if let Some(a) = account {
        req = req.header("X-Account-Id", a);
    }
    if let Some(b) = body {
        req = req.json(b);
    }
    into_resp(req.send().expect("request"))
}

/// `GET` as a person acting in `account`.
fn get_in(s: &Server, path: &str, token: &str, account: i64) -> Resp {
    call_as(s, "GET", path, token, Some(&account.to_string()), None)
}

fn post_in(s: &Server, path: &str, token: &str, account: i64, body: Value) -> Resp {
    call_as(
        s,
        "POST",
        path,
        token,
        Some(&account.to_string()),
        Some(&body),
    )
}

fn revoke(s: &Server, client_id: &str, token: &str) -> Resp {
    into_resp(
        s.http
            .post(format!("{}/oauth/revoke", s.base))
            .form(&[("client_id", client_id), ("token", token)])
            .send()
            .expect("POST /oauth/revoke"),
    )
}

fn events_of(r: &Resp) -> Vec<i64> {
    assert_eq!(r.status, 200, "list events: {}", r.text);
    r.json()["items"]
        .as_array()
        .unwrap_or_else(|| panic!("no items in {}", r.text))
        .iter()
        .map(|e| e["id"].as_i64().expect("event id"))
        .collect()
}

fn retry_after(r: &Resp) -> u64 {
    let value = r
        .header("retry-after")
        .unwrap_or_else(|| panic!("429 without Retry-After: {:?}", r.headers));
    let secs: u64 = value
        .parse()
        .unwrap_or_else(|_| panic!("Retry-After {value:?} is not whole seconds"));
    assert!(secs >= 1, "Retry-After {secs} is less than a second");
    secs
}

// ---------------------------------------------------------------------------------------
// The authorization-code flow

#[test]
fn the_whole_authorization_code_flow_through_the_sign_in_form() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let p = pkce();
    let uri = callback(53682);
    let params = authorize_params(KIOSK, &uri, &p.challenge, "xyz");

    // The sign-in page.
    let page = authorize_page(&s, &params);
    assert_eq!(page.status, 200, "sign-in page: {}", page.text);
    assert!(
        page.header("content-type")
            .unwrap_or_default()
            .starts_with("text/html"),
        "{:?}",
        page.headers
    );
    assert_eq!(page.header("cache-control").as_deref(), Some("no-store"));
    let html = &page.text;
    assert!(html.contains("<html lang="), "the page names its language");
    for tag in ["script", "link", "img", "iframe"] {
        assert!(tags(html, tag).is_empty(), "the page has a <{tag}>");
    }
    for attribute in ["src", "href", "action"] {
        let needle = format!("{attribute}=\"");
        for (at, _) in html.match_indices(&needle) {
            let value = &html[at + needle.len()..];
            for external in ["http:", "https:", "//"] {
                assert!(
                    !value.starts_with(external),
                    "external asset in {attribute}: {}",
                    &value[..value.len().min(60)]
                );
            }
        }
    }
    let forms = tags(html, "form");
    assert_eq!(forms.len(), 1, "one form: {html}");
    assert_eq!(attr(forms[0], "method").as_deref(), Some("post"));
    let action = attr(forms[0], "action").expect("form action");
    let labels: Vec<String> = tags(html, "label")
        .iter()
        .filter_map(|t| attr(t, "for"))
        .collect();
    let inputs = tags(html, "input");
    for field in ["email", "password"] {
        let input = inputs
            .iter()
            .find(|t| attr(t, "name").as_deref() == Some(field))
            .unwrap_or_else(|| panic!("no {field} input: {html}"));
        let id = attr(input, "id").unwrap_or_else(|| panic!("{field} input has no id"));
        assert!(labels.contains(&id), "no <label for={id:?}>: {labels:?}");
    }
    assert_eq!(
        inputs
            .iter()
            .find(|t| attr(t, "name").as_deref() == Some("password"))
            .and_then(|t| attr(t, "type"))
            .as_deref(),
        Some("password")
    );

    // Submit the form as a browser would: every hidden field, plus email and password.
    let mut fields: Params = inputs
        .iter()
        .filter(|t| attr(t, "type").as_deref() == Some("hidden"))
        .map(|t| {
            (
                attr(t, "name").expect("hidden input name"),
                attr(t, "value").unwrap_or_default(),
            )
        })
        .collect();
    let names: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    for needed in [
        "response_type",
        "client_id",
        "redirect_uri",
        "code_challenge",
        "code_challenge_method",
        "state",
    ] {
        assert!(names.contains(&needed), "no hidden {needed}: {names:?}");
    }
    fields.push(("email".into(), "door@example.org".into()));
    fields.push(("password".into(), PASSWORD.into()));
    let action_url = url::Url::parse(&s.base)
        .and_then(|b| b.join(&action))
        .expect("form action URL");
    let signed_in = into_resp(
        no_redirects()
            .post(action_url)
            .form(&fields)
            .send()
            .expect("POST the sign-in form"),
    );
    let loc = location(&signed_in);
    assert!(
        loc.as_str().starts_with(&format!("{uri}?")),
        "redirected to {loc}, not to {uri}"
    );
    assert_eq!(query(&loc, "state").as_deref(), Some("xyz"), "{loc}");
    let code = query(&loc, "code").unwrap_or_else(|| panic!("no code in {loc}"));
    assert!(query(&loc, "error").is_none(), "{loc}");

    // Exchange the code.
    let r = exchange(&s, KIOSK, &code, &uri, &p.verifier);
    assert_eq!(r.status, 200, "exchange: {}", r.text);
    assert_eq!(r.header("cache-control").as_deref(), Some("no-store"));
    let body = r.json();
    assert_eq!(body["token_type"], "Bearer", "{body}");
    assert!(body["expires_in"].as_u64().is_some_and(|n| n > 0), "{body}");
    assert!(body["scope"].is_string(), "{body}");
    let t = tokens(&r);
    assert_ne!(t.access, t.refresh);

    // The token works, acting in the user's account.
    let events = get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT);
    assert_eq!(events.status, 200, "{}", events.text);
    let me = s.get("/me", &t.access);
    assert_eq!(me.status, 200, "{}", me.text);
    assert_eq!(me.item()["email"], "door@example.org");
}

#[test]
fn a_wrong_password_and_an_unknown_email_get_the_same_generic_answer() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let p = pkce();
    let uri = callback(53682);
    let params = authorize_params(KIOSK, &uri, &p.challenge, "xyz");

    let wrong = submit(&s, &params, "door@example.org", "not the password");
    assert_eq!(wrong.status, 401, "wrong password: {}", wrong.text);
    assert!(wrong.header("location").is_none());
    let wrong_message = alert(&wrong.text).expect("an error message on the page");
    assert!(!wrong.text.contains("not the password"), "password echoed");

    let unknown = submit(&s, &params, "nobody@example.org", "not the password");
    assert_eq!(unknown.status, 401, "unknown email: {}", unknown.text);
    assert!(unknown.header("location").is_none());
    assert_eq!(alert(&unknown.text), Some(wrong_message.clone()));
    let lower = wrong_message.to_lowercase();
    assert!(
        lower.contains("email") && lower.contains("password"),
        "the message is generic: {wrong_message}"
    );
    // The page still lets the person try again: the form is there.
    assert_eq!(tags(&wrong.text, "form").len(), 1);
}

#[test]
fn bad_authorization_requests_are_refused() {
    let s = Server::start();
    let p = pkce();
    let uri = callback(53682);
    let params = authorize_params(KIOSK, &uri, &p.challenge, "xyz");

    // PKCE problems are told to the client at its (trusted) redirect URI.
    let plain = authorize_page(&s, &with(&params, "code_challenge_method", "plain"));
    assert_redirected_error(&plain, &uri, "invalid_request", "xyz");
    let plain_verifier_as_challenge = authorize_page(
        &s,
        &with(
            &with(&params, "code_challenge_method", "plain"),
            "code_challenge",
            &p.verifier,
        ),
    );
    assert_redirected_error(&plain_verifier_as_challenge, &uri, "invalid_request", "xyz");
    let no_challenge = authorize_page(&s, &without(&params, "code_challenge"));
    assert_redirected_error(&no_challenge, &uri, "invalid_request", "xyz");
    let no_method = authorize_page(&s, &without(&params, "code_challenge_method"));
    assert_redirected_error(&no_method, &uri, "invalid_request", "xyz");
    let token_type = authorize_page(&s, &with(&params, "response_type", "token"));
    assert_redirected_error(&token_type, &uri, "unsupported_response_type", "xyz");
    // The same refusal on POST: no sign-in happens without PKCE.
    let posted = submit(
        &s,
        &without(&params, "code_challenge"),
        "x@example.org",
        "whatever1",
    );
    assert_redirected_error(&posted, &uri, "invalid_request", "xyz");

    // An untrusted client or redirect URI gets an error page and is never redirected to.
    for bad_uri in [
        "http://evil.example/oauth/callback",
        "http://127.0.0.1:53682/elsewhere",
        "https://127.0.0.1:53682/oauth/callback",
        "http://127.0.0.2:53682/oauth/callback",
    ] {
        let r = authorize_page(&s, &with(&params, "redirect_uri", bad_uri));
        assert_error_page(&r, bad_uri);
        assert!(!r.text.contains("<form"), "{bad_uri}: no sign-in form");
        let posted = submit(
            &s,
            &with(&params, "redirect_uri", bad_uri),
            "x@example.org",
            "whatever1",
        );
        assert_error_page(&posted, bad_uri);
    }
    let unknown = authorize_page(&s, &with(&params, "client_id", "ent_ci_nosuchclient"));
    assert_error_page(&unknown, "unknown client");
    let no_client = authorize_page(&s, &without(&params, "client_id"));
    assert_error_page(&no_client, "no client");
    // Even a bad challenge with a bad redirect URI is not sent to that URI.
    let both = authorize_page(
        &s,
        &with(
            &with(&params, "redirect_uri", "http://evil.example/cb"),
            "code_challenge_method",
            "plain",
        ),
    );
    assert_error_page(&both, "bad redirect and bad method");
}

#[test]
fn bad_code_exchanges_are_invalid_grant_and_a_reused_code_revokes_its_tokens() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let uri = callback(53682);

    // Wrong verifier.
    let p = pkce();
    let code = code_for(&s, KIOSK, &uri, &p, "door@example.org");
    let other = pkce();
    let r = exchange(&s, KIOSK, &code, &uri, &other.verifier);
    r.assert_oauth_error(400, "invalid_grant");
    // Redirect URI other than the one the code was issued for (another port).
    let r = exchange(&s, KIOSK, &code, &callback(53683), &p.verifier);
    r.assert_oauth_error(400, "invalid_grant");
    // No verifier at all.
    let r = s.token_request(
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", &uri),
            ("client_id", KIOSK),
        ],
        None,
    );
    r.assert_oauth_error(400, "invalid_request");
    // An unknown code.
    let r = exchange(&s, KIOSK, "no-such-code", &uri, &p.verifier);
    r.assert_oauth_error(400, "invalid_grant");

    // Used twice: the second exchange fails and what the first produced is revoked.
    let p = pkce();
    let code = code_for(&s, KIOSK, &uri, &p, "door@example.org");
    let first = tokens(&exchange(&s, KIOSK, &code, &uri, &p.verifier));
    assert_eq!(
        get_in(&s, "/events", &first.access, DEFAULT_ACCOUNT).status,
        200
    );
    let again = exchange(&s, KIOSK, &code, &uri, &p.verifier);
    again.assert_oauth_error(400, "invalid_grant");
    get_in(&s, "/events", &first.access, DEFAULT_ACCOUNT)
        .assert_unauthorized("access token of a reused code");
    refresh(&s, KIOSK, &first.refresh).assert_oauth_error(400, "invalid_grant");
}

#[test]
fn a_public_client_may_not_use_client_credentials() {
    let s = Server::start();
    let r = s.token_request(
        &[("grant_type", "client_credentials"), ("client_id", KIOSK)],
        None,
    );
    r.assert_oauth_error(400, "unauthorized_client");
    // Nor pretend to have a secret.
    let r = s.token_request(
        &[
            ("grant_type", "client_credentials"),
            ("client_id", KIOSK),
            ("client_secret", "ent_cs_guess"),
        ],
        None,
    );
    assert_eq!(r.status, 401, "{}", r.text);
    assert_eq!(r.json()["error"], "invalid_client");
}

#[test]
fn a_public_client_from_the_cli_matches_loopback_redirects_on_any_port_only() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let out = s.cli(&[
        "clients",
        "create",
        "--name",
        "Native app",
        "--public",
        "--redirect-uri",
        "http://127.0.0.1/cb",
    ]);
    assert!(
        out.status.success(),
        "clients create --public: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let created: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let client_id = created["client_id"].as_str().expect("client_id").to_owned();
    assert!(
        created.get("client_secret").is_none(),
        "a public client has no secret: {created}"
    );

    let p = pkce();
    for port in [1024_u16, 8080, 65535] {
        let uri = format!("http://127.0.0.1:{port}/cb");
        let r = authorize_page(&s, &authorize_params(&client_id, &uri, &p.challenge, "s"));
        assert_eq!(r.status, 200, "{uri}: {}", r.text);
    }
    let bare = authorize_page(
        &s,
        &authorize_params(&client_id, "http://127.0.0.1/cb", &p.challenge, "s"),
    );
    assert_eq!(bare.status, 200, "the registered URI itself: {}", bare.text);
    for bad in [
        "http://127.0.0.1:8080/other",
        "http://127.0.0.1:8080/cb/more",
        "http://localhost:8080/cb",
        "http://example.org/cb",
        "http://127.0.0.1:8080/oauth/callback",
    ] {
        let r = authorize_page(&s, &authorize_params(&client_id, bad, &p.challenge, "s"));
        assert_error_page(&r, bad);
    }

    // The whole flow on this client; the kiosk client cannot redeem its code.
    let uri = "http://127.0.0.1:40000/cb";
    let code = code_for(&s, &client_id, uri, &p, "door@example.org");
    let stolen = exchange(&s, KIOSK, &code, uri, &p.verifier);
    stolen.assert_oauth_error(400, "invalid_grant");
    let t = tokens(&exchange(&s, &client_id, &code, uri, &p.verifier));
    assert_eq!(
        get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT).status,
        200
    );

    // The public client cannot use client credentials either.
    let r = s.token_request(
        &[
            ("grant_type", "client_credentials"),
            ("client_id", &client_id),
        ],
        None,
    );
    r.assert_oauth_error(400, "unauthorized_client");

    // Revoking the client ends its personal tokens at once.
    let out = s.cli(&["clients", "revoke", &client_id]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT)
        .assert_unauthorized("token of a revoked public client");
    assert!(refresh(&s, &client_id, &t.refresh).status >= 400);
    let r = authorize_page(&s, &authorize_params(&client_id, uri, &p.challenge, "s"));
    assert_error_page(&r, "revoked client");
}

// ---------------------------------------------------------------------------------------
// Refresh

#[test]
fn refresh_rotates_and_reuse_of_a_spent_refresh_token_revokes_the_family() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let first = sign_in(&s, "door@example.org");

    let r = refresh(&s, KIOSK, &first.refresh);
    assert_eq!(r.header("cache-control").as_deref(), Some("no-store"));
    let second = tokens(&r);
    assert_ne!(second.access, first.access, "a new access token");
    assert_ne!(
        second.refresh, first.refresh,
        "a new refresh token (rotation)"
    );
    assert_eq!(r.json()["token_type"], "Bearer");
    assert_eq!(
        get_in(&s, "/events", &second.access, DEFAULT_ACCOUNT).status,
        200
    );

    let third = tokens(&refresh(&s, KIOSK, &second.refresh));
    assert_eq!(
        get_in(&s, "/events", &third.access, DEFAULT_ACCOUNT).status,
        200
    );

    // The first refresh token was spent: using it again revokes the whole sign-in.
    let reuse = refresh(&s, KIOSK, &first.refresh);
    reuse.assert_oauth_error(400, "invalid_grant");
    for (what, token) in [
        ("first access token", &first.access),
        ("second access token", &second.access),
        ("newest access token", &third.access),
    ] {
        get_in(&s, "/events", token, DEFAULT_ACCOUNT).assert_unauthorized(what);
    }
    refresh(&s, KIOSK, &third.refresh).assert_oauth_error(400, "invalid_grant");

    // A refresh token is bound to its client.
    let fresh = sign_in(&s, "door@example.org");
    let (machine_id, machine_secret) = s.create_client("read");
    let r = s.token_request(
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", &fresh.refresh),
            ("client_id", &machine_id),
            ("client_secret", &machine_secret),
        ],
        None,
    );
    r.assert_oauth_error(400, "invalid_grant");
    // An unknown refresh token.
    refresh(&s, KIOSK, "ent_rt_nonsense").assert_oauth_error(400, "invalid_grant");
    // A sign-in other than the revoked one is unaffected.
    assert_eq!(
        get_in(&s, "/events", &fresh.access, DEFAULT_ACCOUNT).status,
        200
    );
}

#[test]
fn refresh_may_narrow_the_scope_but_not_widen_it() {
    let s = Server::start();
    user(&s, "org@example.org", DEFAULT_ACCOUNT, "organiser");
    let t = sign_in(&s, "org@example.org");
    let r = s.token_request(
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", &t.refresh),
            ("client_id", KIOSK),
            ("scope", "read"),
        ],
        None,
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.json()["scope"], "read");
    let narrow = tokens(&r);
    let denied = post_in(
        &s,
        "/events",
        &narrow.access,
        DEFAULT_ACCOUNT,
        json!({"item": {"name": "Nope"}}),
    );
    denied.assert_error_status(403, "write with a read-only token");
    let r = s.token_request(
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", &narrow.refresh),
            ("client_id", KIOSK),
            ("scope", "read write"),
        ],
        None,
    );
    r.assert_oauth_error(400, "invalid_scope");
}

// ---------------------------------------------------------------------------------------
// Personal tokens, X-Account-Id, roles

#[test]
fn personal_tokens_need_an_x_account_id_of_one_of_their_accounts() {
    let s = Server::start();
    let other_account = s.create_account("Other");
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let t = sign_in(&s, "door@example.org");

    let missing = call_as(&s, "GET", "/events", &t.access, None, None);
    let message = missing.assert_error_status(400, "no X-Account-Id");
    assert!(
        message.contains("X-Account-Id"),
        "the error names the header: {message}"
    );
    for bad in ["abc", "", "1.5", "1 OR 1=1"] {
        let r = call_as(&s, "GET", "/events", &t.access, Some(bad), None);
        let message = r.assert_error_status(400, &format!("X-Account-Id {bad:?}"));
        assert!(
            message.contains("X-Account-Id"),
            "{bad:?}: the error names the header: {message}"
        );
    }
    let foreign = get_in(&s, "/events", &t.access, other_account);
    foreign.assert_error_status(403, "another account");
    let nonexistent = get_in(&s, "/events", &t.access, 999);
    nonexistent.assert_error_status(403, "an account that does not exist");
    // Writes are refused the same way, and nothing is written.
    let r = call_as(
        &s,
        "POST",
        "/events",
        &t.access,
        None,
        Some(&json!({"item": {"name": "X"}})),
    );
    r.assert_error_status(400, "write without X-Account-Id");
    assert_eq!(
        get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT).status,
        200
    );
}

#[test]
fn a_door_user_reads_and_checks_in_but_cannot_write_and_an_organiser_can() {
    let s = Server::start();
    let machine = s.token("read write");
    let event = s.event(&machine, "Conference");
    let attendee = s.attendee(
        &machine,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace"}),
    );
    let attendee_id = attendee["id"].as_i64().expect("attendee id");
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    user(&s, "org@example.org", DEFAULT_ACCOUNT, "organiser");
    let door = sign_in(&s, "door@example.org");
    let org = sign_in(&s, "org@example.org");

    let list = get_in(
        &s,
        &format!("/events/{event}/attendees"),
        &door.access,
        DEFAULT_ACCOUNT,
    );
    assert_eq!(list.status, 200, "door lists attendees: {}", list.text);
    assert!(list.text.contains("Lovelace"), "{}", list.text);
    let checked = call_as(
        &s,
        "POST",
        &format!("/events/{event}/attendees/{attendee_id}/check_in"),
        &door.access,
        Some("1"),
        None,
    );
    assert_eq!(checked.status, 200, "door checks in: {}", checked.text);
    assert_eq!(checked.item()["id"], attendee_id);

    let denied = post_in(
        &s,
        "/events",
        &door.access,
        DEFAULT_ACCOUNT,
        json!({"item": {"name": "Door party"}}),
    );
    denied.assert_error_status(403, "door creates an event");
    let challenge = denied.header("www-authenticate").unwrap_or_default();
    assert!(
        challenge.contains("insufficient_scope"),
        "challenge: {challenge:?}"
    );
    let denied = call_as(
        &s,
        "PATCH",
        &format!("/events/{event}"),
        &door.access,
        Some("1"),
        Some(&json!({"item": {"name": "Renamed"}})),
    );
    denied.assert_error_status(403, "door renames an event");

    let created = post_in(
        &s,
        "/events",
        &org.access,
        DEFAULT_ACCOUNT,
        json!({"item": {"name": "Organised"}}),
    );
    assert_eq!(created.status, 201, "organiser creates: {}", created.text);
    let undone = call_as(
        &s,
        "DELETE",
        &format!("/events/{event}/attendees/{attendee_id}/check_in"),
        &org.access,
        Some("1"),
        None,
    );
    assert_eq!(undone.status, 200, "organiser undoes: {}", undone.text);
}

#[test]
fn the_role_in_the_named_account_decides_the_scopes() {
    let s = Server::start();
    let other = s.create_account("Other");
    // Organiser in the default account, door in the other one.
    user(&s, "both@example.org", DEFAULT_ACCOUNT, "organiser");
    user(&s, "both@example.org", other, "door");
    let t = sign_in(&s, "both@example.org");
    let here = post_in(
        &s,
        "/events",
        &t.access,
        DEFAULT_ACCOUNT,
        json!({"item": {"name": "Here"}}),
    );
    assert_eq!(here.status, 201, "{}", here.text);
    let there = post_in(
        &s,
        "/events",
        &t.access,
        other,
        json!({"item": {"name": "There"}}),
    );
    there.assert_error_status(403, "door role in the other account");
    assert_eq!(get_in(&s, "/events", &t.access, other).status, 200);

    let me = s.get("/me", &t.access);
    assert_eq!(me.status, 200, "{}", me.text);
    let accounts = me.item()["accounts"].clone();
    assert_eq!(
        accounts,
        json!([
            {"account_id": DEFAULT_ACCOUNT, "account_name": "Default", "role": "organiser"},
            {"account_id": other, "account_name": "Other", "role": "door"},
        ])
    );
}

#[test]
fn a_machine_token_ignores_the_account_x_account_id_names() {
    let s = Server::start();
    let other = s.create_account("Other");
    let machine = s.token("read write");
    let event = s.event(&machine, "Mine");
    // A value that is not a number is malformed whatever the token (the document
    // declares the header as an integer).
    let r = call_as(&s, "GET", "/events", &machine, Some("abc"), None);
    assert_eq!(r.status, 400, "{}", r.text);
    for header in [other.to_string(), "999".into()] {
        let r = call_as(&s, "GET", "/events", &machine, Some(&header), None);
        assert_eq!(events_of(&r), vec![event], "X-Account-Id {header}");
        let r = call_as(
            &s,
            "GET",
            &format!("/events/{event}"),
            &machine,
            Some(&header),
            None,
        );
        assert_eq!(r.status, 200, "{header}: {}", r.text);
    }
}

#[test]
fn me_shows_the_person_and_refuses_machine_tokens() {
    let s = Server::start();
    let id = user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let t = sign_in(&s, "door@example.org");

    let me = s.get("/me", &t.access);
    assert_eq!(me.status, 200, "{}", me.text);
    let body = me.json();
    assert_eq!(body["metadata"], json!({}), "{body}");
    let item = &body["item"];
    assert_eq!(item["id"], id, "{item}");
    assert_eq!(item["email"], "door@example.org");
    assert_eq!(item["name"], "Name of door@example.org");
    assert_eq!(
        item["accounts"],
        json!([{"account_id": DEFAULT_ACCOUNT, "account_name": "Default", "role": "door"}])
    );
    assert!(item["created_at"].is_string(), "{item}");
    let keys: Vec<&String> = item.as_object().expect("object").keys().collect();
    assert!(
        !keys
            .iter()
            .any(|k| k.contains("password") || k.contains("hash")),
        "/me shows no secret: {keys:?}"
    );
    // With an X-Account-Id it works just the same.
    let with_header = get_in(&s, "/me", &t.access, DEFAULT_ACCOUNT);
    assert_eq!(with_header.status, 200, "{}", with_header.text);

    let machine = s.token("read write");
    let r = s.get("/me", &machine);
    r.assert_error_status(403, "/me with a machine token");
    let r = s.call("GET", "/me", None, None);
    r.assert_error_status(401, "/me without a token");
}

#[test]
fn cross_account_isolation_with_personal_tokens() {
    let s = Server::start();
    let b = s.create_account("B");
    let machine_a = s.token("read write");
    let event_a = s.event(&machine_a, "A's event");
    let attendee_a = s.attendee(
        &machine_a,
        event_a,
        json!({"first_name": "Alice", "last_name": "A"}),
    )["id"]
        .as_i64()
        .expect("attendee id");
    s.field(
        &machine_a,
        event_a,
        json!({"label": "Dietary needs", "type": "short_text"}),
    );
    user(&s, "b@example.org", b, "organiser");
    let t = sign_in(&s, "b@example.org");

    let created = post_in(
        &s,
        "/events",
        &t.access,
        b,
        json!({"item": {"name": "B's event"}}),
    );
    assert_eq!(created.status, 201, "{}", created.text);
    let event_b = created.item()["id"].as_i64().expect("event id");

    assert_eq!(
        events_of(&get_in(&s, "/events", &t.access, b)),
        vec![event_b]
    );
    for path in [
        format!("/events/{event_a}"),
        format!("/events/{event_a}/attendees"),
        format!("/events/{event_a}/attendees/{attendee_a}"),
        format!("/events/{event_a}/attendee_fields"),
        format!("/events/{event_a}/sessions"),
        format!("/events/{event_a}/registration_types"),
    ] {
        let r = get_in(&s, &path, &t.access, b);
        r.assert_error_status(404, &format!("B reads {path}"));
    }
    let r = post_in(
        &s,
        &format!("/events/{event_a}/attendees/{attendee_a}/check_in"),
        &t.access,
        b,
        json!({}),
    );
    r.assert_error_status(404, "B checks in A's attendee");
    let r = post_in(
        &s,
        &format!("/events/{event_a}/attendees"),
        &t.access,
        b,
        json!({"item": {"first_name": "Eve", "last_name": "B"}}),
    );
    r.assert_error_status(404, "B adds an attendee to A's event");
    // B's user is no member of A.
    get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT).assert_error_status(403, "B names account A");
    // And A does not see B's event.
    assert_eq!(events_of(&s.get("/events", &machine_a)), vec![event_a]);
    s.get(&format!("/events/{event_b}"), &machine_a)
        .assert_error_status(404, "A reads B's event");
    // A's attendee was not checked in by B.
    let a = s.get(
        &format!("/events/{event_a}/attendees/{attendee_a}"),
        &machine_a,
    );
    assert_eq!(a.status, 200, "{}", a.text);
    assert_ne!(a.item()["checkin_status"], "checked_in", "{}", a.text);
}

// ---------------------------------------------------------------------------------------
// Revocation and expiry

#[test]
fn revoking_an_access_token_ends_it_at_once() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let t = sign_in(&s, "door@example.org");
    assert_eq!(
        get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT).status,
        200
    );

    let r = revoke(&s, KIOSK, &t.access);
    assert_eq!(r.status, 200, "revoke: {}", r.text);
    get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT).assert_unauthorized("revoked access token");
    s.get("/me", &t.access)
        .assert_unauthorized("revoked access token on /me");
    // Revoking again, or an unknown token, is still 200 (RFC 7009 2.2).
    assert_eq!(revoke(&s, KIOSK, &t.access).status, 200);
    assert_eq!(revoke(&s, KIOSK, "ent_at_unknown").status, 200);
    // Revocation needs the token parameter and a known client.
    let r = into_resp(
        s.http
            .post(format!("{}/oauth/revoke", s.base))
            .form(&[("client_id", KIOSK)])
            .send()
            .expect("revoke"),
    );
    r.assert_oauth_error(400, "invalid_request");
    let r = revoke(&s, "ent_ci_nosuchclient", &t.refresh);
    r.assert_oauth_error(401, "invalid_client");
}

#[test]
fn revoking_a_refresh_token_revokes_its_access_tokens() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let first = sign_in(&s, "door@example.org");
    let second = tokens(&refresh(&s, KIOSK, &first.refresh));
    let unrelated = sign_in(&s, "door@example.org");

    let r = revoke(&s, KIOSK, &second.refresh);
    assert_eq!(r.status, 200, "revoke: {}", r.text);
    get_in(&s, "/events", &second.access, DEFAULT_ACCOUNT)
        .assert_unauthorized("access token of a revoked refresh token");
    get_in(&s, "/events", &first.access, DEFAULT_ACCOUNT)
        .assert_unauthorized("earlier access token of the same sign-in");
    refresh(&s, KIOSK, &second.refresh).assert_oauth_error(400, "invalid_grant");
    assert_eq!(
        get_in(&s, "/events", &unrelated.access, DEFAULT_ACCOUNT).status,
        200,
        "another sign-in is unaffected"
    );
    // A machine client cannot revoke the kiosk's tokens.
    let (id, secret) = s.create_client("read");
    let r = into_resp(
        s.http
            .post(format!("{}/oauth/revoke", s.base))
            .basic_auth(&id, Some(&secret))
            .form(&[("token", unrelated.access.as_str())])
            .send()
            .expect("revoke"),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        get_in(&s, "/events", &unrelated.access, DEFAULT_ACCOUNT).status,
        200,
        "another client's revocation does not touch the kiosk's token"
    );
}

#[test]
fn clients_revoke_invalidates_every_token_of_a_machine_client() {
    let s = Server::start();
    let (id, secret) = s.create_client("read write");
    let one = s.token_for(&id, &secret, "read");
    let two = s.token_for(&id, &secret, "read write");
    let bystander = s.token("read");
    assert_eq!(s.get("/events", &one).status, 200);
    assert_eq!(s.get("/events", &two).status, 200);

    let out = s.cli(&["clients", "revoke", &id]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    s.get("/events", &one)
        .assert_unauthorized("first token of a revoked client");
    s.get("/events", &two)
        .assert_unauthorized("second token of a revoked client");
    let r = s.token_request(
        &[
            ("grant_type", "client_credentials"),
            ("client_id", &id),
            ("client_secret", &secret),
        ],
        None,
    );
    r.assert_oauth_error(401, "invalid_client");
    assert_eq!(s.get("/events", &bystander).status, 200);
}

#[test]
fn disabling_a_user_ends_their_tokens_and_sign_ins() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    user(&s, "org@example.org", DEFAULT_ACCOUNT, "organiser");
    let t = sign_in(&s, "door@example.org");
    let other = sign_in(&s, "org@example.org");
    assert_eq!(
        get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT).status,
        200
    );

    let out = s.cli(&["users", "disable", "door@example.org"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT)
        .assert_unauthorized("token of a disabled user");
    s.get("/me", &t.access)
        .assert_unauthorized("/me of a disabled user");
    refresh(&s, KIOSK, &t.refresh).assert_oauth_error(400, "invalid_grant");

    let p = pkce();
    let params = authorize_params(KIOSK, &callback(53682), &p.challenge, "s");
    let r = submit(&s, &params, "door@example.org", PASSWORD);
    assert_eq!(r.status, 401, "a disabled user cannot sign in: {}", r.text);
    let unknown = submit(&s, &params, "nobody@example.org", PASSWORD);
    assert_eq!(
        alert(&r.text),
        alert(&unknown.text),
        "a disabled user looks like a wrong password"
    );
    assert_eq!(
        get_in(&s, "/events", &other.access, DEFAULT_ACCOUNT).status,
        200,
        "other users are unaffected"
    );

    let out = s.cli(&["users", "list"]);
    assert!(out.status.success());
    let listed: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("users list prints JSON lines"))
        .collect();
    let door = listed
        .iter()
        .find(|u| u["email"] == "door@example.org")
        .expect("the disabled user is listed");
    assert_eq!(door["disabled"], true, "{door}");
    let org = listed
        .iter()
        .find(|u| u["email"] == "org@example.org")
        .expect("listed");
    assert_eq!(org["disabled"], false, "{org}");
}

#[test]
fn personal_access_tokens_expire_and_refresh_still_works() {
    let s = Server::start_with(&["--token-ttl", "2"]);
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let p = pkce();
    let uri = callback(53682);
    let code = code_for(&s, KIOSK, &uri, &p, "door@example.org");
    let r = exchange(&s, KIOSK, &code, &uri, &p.verifier);
    assert_eq!(r.json()["expires_in"], 2, "{}", r.text);
    let t = tokens(&r);
    assert_eq!(
        get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT).status,
        200
    );

    // Refused once its 2 s are over.
    let expired = common::eventually("the 2 s token refused", Duration::from_secs(4), || {
        let r = get_in(&s, "/events", &t.access, DEFAULT_ACCOUNT);
        (r.status != 200).then_some(r)
    });
    expired.assert_unauthorized("expired personal token");
    let challenge = expired.header("www-authenticate").unwrap_or_default();
    assert!(challenge.contains("invalid_token"), "{challenge:?}");
    s.get("/me", &t.access)
        .assert_unauthorized("expired token on /me");

    let renewed = tokens(&refresh(&s, KIOSK, &t.refresh));
    assert_eq!(
        get_in(&s, "/events", &renewed.access, DEFAULT_ACCOUNT).status,
        200,
        "the refreshed token works"
    );
}

// ---------------------------------------------------------------------------------------
// Throttling and rate limits

/// What a sign-in answer shows: status, `Retry-After`, and the page's message with its
/// numbers left out (the seconds to wait may differ by one).
fn sign_in_outcome(r: &Resp) -> (u16, bool, String) {
    let message = alert(&r.text)
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_ascii_digit())
        .collect();
    (r.status, r.header("retry-after").is_some(), message)
}

/// Seven wrong passwords for `email`; the answers' outcomes.
fn seven_failures(s: &Server, email: &str) -> Vec<(u16, bool, String)> {
    let p = pkce();
    let params = authorize_params(KIOSK, &callback(53682), &p.challenge, "s");
    (0..7)
        .map(|_| sign_in_outcome(&submit(s, &params, email, "wrong password")))
        .collect()
}

#[test]
fn after_five_failed_sign_ins_even_the_right_password_is_throttled() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let p = pkce();
    let params = authorize_params(KIOSK, &callback(53682), &p.challenge, "s");
    for attempt in 1..=5 {
        let r = submit(&s, &params, "door@example.org", "wrong password");
        assert_eq!(r.status, 401, "failure {attempt}: {}", r.text);
    }
    let locked = submit(&s, &params, "door@example.org", PASSWORD);
    assert_eq!(
        locked.status,
        429,
        "the attempt after 5 failures (right password) must be throttled; got {} Location {:?}",
        locked.status,
        locked.header("location")
    );
    let wait = retry_after(&locked);
    assert!(wait <= 300, "Retry-After {wait} beyond the 5-minute window");
    assert!(
        locked.header("location").is_none(),
        "no code when throttled"
    );
    let message = alert(&locked.text).expect("the page says why");
    assert!(!message.is_empty());
}

#[test]
fn throttling_does_not_reveal_whether_the_email_exists() {
    // Separate servers, so that the per-address count of one does not affect the other.
    let known = Server::start();
    user(&known, "door@example.org", DEFAULT_ACCOUNT, "door");
    let unknown = Server::start();
    user(
        &unknown,
        "someone.else@example.org",
        DEFAULT_ACCOUNT,
        "door",
    );
    let with_user = seven_failures(&known, "door@example.org");
    let without = seven_failures(&unknown, "door@example.org");
    assert_eq!(
        with_user, without,
        "wrong passwords are answered the same whether or not the email exists"
    );
    assert!(
        with_user[..5].iter().all(|(status, _, _)| *status == 401),
        "{with_user:?}"
    );
    assert_eq!(with_user[6].0, 429, "throttled by now: {with_user:?}");
    assert!(with_user[6].1, "429 with Retry-After: {with_user:?}");
}

#[test]
fn the_per_address_sign_in_limit_is_higher_than_the_per_email_one() {
    // Every kiosk at a venue signs in from 127.0.0.1: a few people mistyping their own
    // passwords (fewer than 5 each, 12 in all, under the 20 per address) must not lock
    // everyone else out.
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let p = pkce();
    let params = authorize_params(KIOSK, &callback(53682), &p.challenge, "s");
    let mut failures = 0;
    for email in ["a@example.org", "b@example.org", "c@example.org"] {
        for attempt in 1..=4 {
            let r = submit(&s, &params, email, "wrong password");
            failures += 1;
            assert_eq!(
                r.status,
                401,
                "{email} failure {attempt} ({failures} from this address, limit 20): {} {:?}",
                r.status,
                alert(&r.text)
            );
        }
    }
    let r = submit(&s, &params, "door@example.org", PASSWORD);
    assert_eq!(
        r.status,
        303,
        "another person after {failures} failures from the address: {:?}",
        alert(&r.text)
    );
}

#[test]
fn successful_sign_ins_are_not_throttled() {
    let s = Server::start();
    user(&s, "door@example.org", DEFAULT_ACCOUNT, "door");
    let p = pkce();
    let params = authorize_params(KIOSK, &callback(53682), &p.challenge, "s");
    for attempt in 1..=8 {
        let r = submit(&s, &params, "door@example.org", PASSWORD);
        assert_eq!(r.status, 303, "sign-in {attempt}: {:?}", alert(&r.text));
    }
}

#[test]
fn the_api_rate_limit_is_per_token_with_an_honest_retry_after() {
    let s = Server::start_with(&["--rate-limit", "5"]);
    let busy = s.token("read");
    let calm = s.token("read");

    let mut limited = None;
    for _ in 0..20 {
        let r = s.get("/events", &busy);
        if r.status == 429 {
            limited = Some(r);
            break;
        }
        assert_eq!(r.status, 200, "{}", r.text);
    }
    let limited = limited.expect("20 quick requests with --rate-limit 5 hit the limit");
    limited.assert_error_status(429, "over the limit");
    let wait = retry_after(&limited);
    assert!(wait <= 5, "Retry-After {wait} is far more than needed");

    let other = s.get("/events", &calm);
    assert_eq!(other.status, 200, "another token: {}", other.text);

    // Honest: asked again and again, the token is served again within Retry-After
    // (a refused request does not push its time back).
    let limited_at = std::time::Instant::now();
    common::eventually(
        "the busy token served again",
        Duration::from_secs(wait + 2),
        || (s.get("/events", &busy).status == 200).then_some(()),
    );
    let waited = limited_at.elapsed();
    assert!(
        waited <= Duration::from_millis(wait * 1000 + 250),
        "served again only after {waited:?}, Retry-After said {wait} s"
    );
}

#[test]
fn oauth_endpoints_have_a_per_address_limit() {
    // Unknown public-style client ids are refused before any argon2 work, so this is cheap.
    let s = Server::start();
    let t = s.token("read");
    let mut limited = None;
    for _ in 0..300 {
        let r = revoke(&s, "ent_ci_nosuchclient", "ent_at_whatever");
        if r.status == 429 {
            limited = Some(r);
            break;
        }
        r.assert_oauth_error(401, "invalid_client");
    }
    let limited = limited.expect("300 quick /oauth requests hit the per-address limit");
    limited.assert_error_status(429, "/oauth over the limit");
    let wait = retry_after(&limited);
    assert!(wait <= 5, "Retry-After {wait}");
    // The API has its own limiter.
    assert_eq!(s.get("/events", &t).status, 200);
}

// ---------------------------------------------------------------------------------------
// Hardening

fn with_host(s: &Server, path: &str, host: &str, token: Option<&str>) -> Resp {
    let mut req = no_redirects()
        .get(format!("{}{path}", s.base))
        .header("host", host);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    into_resp(req.send().expect("request"))
}

#[test]
fn requests_for_foreign_host_names_are_refused() {
    let s = Server::start();
    let t = s.token("read");
    let port = server_port(&s);
    for host in [
        "evil.example",
        "evil.example:80",
        &format!("evil.example:{port}"),
    ] {
        let r = with_host(&s, "/api/v2/events", host, Some(&t));
        r.assert_error_status(403, &format!("Host {host}"));
        let r = with_host(&s, "/healthz", host, None);
        r.assert_error_status(403, &format!("Host {host} on /healthz"));
        let p = pkce();
        let page = authorize_page_with_host(&s, host, &p);
        page.assert_error_status(403, &format!("Host {host} on the sign-in page"));
    }
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "localhost".to_owned(),
        format!("LOCALHOST:{port}"),
    ] {
        let r = with_host(&s, "/api/v2/events", &host, Some(&t));
        assert_eq!(r.status, 200, "Host {host}: {}", r.text);
    }
    // A configured name is not allowed unless asked for.
    let r = with_host(&s, "/api/v2/events", "kiosk.local", Some(&t));
    r.assert_error_status(403, "kiosk.local without --allow-host");
}

fn authorize_page_with_host(s: &Server, host: &str, p: &Pkce) -> Resp {
    let params = authorize_params(KIOSK, &callback(53682), &p.challenge, "s");
    let url =
        url::Url::parse_with_params(&format!("{}/oauth/authorize", s.base), &params).expect("URL");
    into_resp(
        no_redirects()
            .get(url)
            .header("host", host)
            .send()
            .expect("request"),
    )
}

#[test]
fn allow_host_lets_a_configured_name_through() {
    let s = Server::start_with(&["--allow-host", "kiosk.local"]);
    let t = s.token("read");
    let port = server_port(&s);
    for host in ["kiosk.local".to_owned(), format!("kiosk.local:{port}")] {
        let r = with_host(&s, "/api/v2/events", &host, Some(&t));
        assert_eq!(r.status, 200, "Host {host}: {}", r.text);
    }
    let r = with_host(&s, "/api/v2/events", "evil.example", Some(&t));
    r.assert_error_status(403, "evil.example with --allow-host kiosk.local");
}

#[test]
fn a_body_over_one_mebibyte_is_413() {
    let s = Server::start();
    let t = s.token("read write");
    let big = format!(
        "{{\"item\": {{\"name\": \"Big\", \"description\": \"{}\"}}}}",
        "a".repeat(1024 * 1024 + 16)
    );
    let r = s.call_raw("POST", "/events", Some(&t), "application/json", big.into());
    r.assert_error_status(413, "a 1 MiB body");
    // The server is still fine, and nothing was created.
    assert_eq!(events_of(&s.get("/events", &t)), Vec::<i64>::new());
}

// ---------------------------------------------------------------------------------------
// The users commands

#[test]
fn users_create_reads_the_password_from_stdin_and_users_list_shows_no_hash() {
    let s = Server::start();
    let out = users_create(
        &s,
        "Mixed.Case@Example.org",
        DEFAULT_ACCOUNT,
        "door",
        &format!("{PASSWORD}\n"),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let created: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let out = users_create(
        &s,
        "crlf@example.org",
        DEFAULT_ACCOUNT,
        "organiser",
        "windows-pass\r\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let p = pkce();
    let params = authorize_params(KIOSK, &callback(53682), &p.challenge, "s");
    // The trailing newline is not part of the password; the email is not case-sensitive.
    let r = submit(&s, &params, "mixed.case@example.org", PASSWORD);
    assert_eq!(r.status, 303, "password without the newline: {}", r.text);
    let r = submit(&s, &params, "crlf@example.org", "windows-pass");
    assert_eq!(r.status, 303, "password without the CRLF: {}", r.text);

    for short in ["short\n", "1234567\n", "\n", ""] {
        let out = users_create(&s, "short@example.org", DEFAULT_ACCOUNT, "door", short);
        assert!(!out.status.success(), "password {short:?} was accepted");
        assert!(
            !out.stderr.is_empty(),
            "{short:?}: no explanation on stderr"
        );
    }
    let out = users_create(
        &s,
        "role@example.org",
        DEFAULT_ACCOUNT,
        "admin",
        "longenough\n",
    );
    assert!(!out.status.success(), "role admin was accepted");
    let out = users_create(&s, "nope@example.org", 999, "door", "longenough\n");
    assert!(!out.status.success(), "account 999 was accepted");

    let out = s.cli(&["users", "list"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(!text.contains("$argon2"), "users list shows a hash: {text}");
    assert!(!text.contains(PASSWORD), "users list shows a password");
    let listed: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    assert_eq!(listed.len(), 2, "only the created users: {text}");
    for u in &listed {
        let keys: Vec<&String> = u.as_object().expect("object").keys().collect();
        assert!(
            !keys
                .iter()
                .any(|k| k.contains("hash") || k.contains("password")),
            "{keys:?}"
        );
    }
    let first = &listed[0];
    assert_eq!(first["id"], created["id"]);
    assert_eq!(first["email"], "mixed.case@example.org");
    assert_eq!(
        first["accounts"],
        json!([{"account_id": DEFAULT_ACCOUNT, "account_name": "Default", "role": "door"}])
    );
}
