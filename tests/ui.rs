//! The kiosk web UI is served by the same server, from files embedded in the binary.

use crate::common;

use common::Server;

fn get(s: &Server, path: &str, etag: Option<&str>) -> reqwest::blocking::Response {
    let mut req = reqwest::blocking::Client::new().get(format!("{}{path}", s.base));
    if let Some(tag) = etag {
        req = req.header("if-none-match", tag);
    }
    req.send().expect("request")
}

#[test]
fn the_ui_is_served_at_the_root_with_a_strict_policy() {
    let s = Server::start();
    for path in ["/", "/oauth/callback"] {
        let r = get(&s, path, None);
        assert_eq!(r.status(), 200, "{path}");
        let h = r.headers().clone();
        assert!(
            h["content-type"]
                .to_str()
                .expect("type")
                .starts_with("text/html")
        );
        let csp = h["content-security-policy"].to_str().expect("csp");
        assert!(csp.contains("default-src 'self'") && csp.contains("script-src 'self'"));
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert_eq!(h["x-content-type-options"], "nosniff");
        let etag = h["etag"].to_str().expect("etag").to_owned();
        let body = r.text().expect("body");
        assert!(
            body.contains("<html") || body.contains("<!doctype"),
            "{body}"
        );
        assert_eq!(get(&s, path, Some(&etag)).status(), 304, "revalidated");
    }
    // Only files of ui/ are served; anything else is the API's JSON 404.
    let missing = get(&s, "/no-such-file.js", None);
    assert_eq!(missing.status(), 404);
    let body: serde_json::Value = missing.json().expect("json");
    assert!(body["error"].is_string());
    assert_eq!(
        get(&s, "/README.md", None).status(),
        404,
        "notes are not served"
    );
    // A path that climbs out of ui/ (sent raw: HTTP clients would tidy it) finds nothing.
    for raw in ["/../Cargo.toml", "/js/../../Cargo.toml", "//etc/passwd"] {
        use std::io::{Read, Write};
        let addr = s.base.trim_start_matches("http://");
        let mut tcp = std::net::TcpStream::connect(addr).expect("connect");
        write!(
            tcp,
            "GET {raw} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        )
        .expect("send");
        let mut answer = String::new();
        tcp.read_to_string(&mut answer).expect("read");
        assert!(answer.starts_with("HTTP/1.1 404"), "{raw}: {answer}");
        assert!(
            !answer.contains("[package]") && !answer.contains("root:"),
            "{raw}"
        );
    }
    let post = reqwest::blocking::Client::new()
        .post(format!("{}/", s.base))
        .send()
        .expect("post");
    assert_ne!(post.status(), 200);
}

const ACCOUNT_1: &[(&str, &str)] = &[("X-Account-Id", "1")];

/// The settings screen makes client credentials for local integrations.
#[test]
fn organisers_make_and_revoke_clients_for_local_integrations() {
    let s = Server::start();
    let organiser = s.organiser_token();
    let machine = s.token("read write");
    let door = s.token("read check_in");
    let url = format!("{}/kiosk/clients", s.base);
    let made = s.call_with(
        "POST",
        &url,
        Some(&organiser),
        ACCOUNT_1,
        Some(&serde_json::json!({"item": {"name": "Badge printer"}})),
    );
    assert_eq!(made.status, 201, "{}", made.text);
    let made = made.json();
    let (id, secret) = (
        made["client_id"].as_str().expect("id").to_owned(),
        made["client_secret"].as_str().expect("secret").to_owned(),
    );
    assert_eq!(
        made["scopes"], "read check_in",
        "least privilege by default"
    );
    assert!(
        made["token_url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/oauth/token"))
    );
    // The secret works, once shown; the list never shows it.
    let token = s.token_for(&id, &secret, "read check_in");
    assert_eq!(s.get("/events", &token).status, 200);
    let list = s.call_with("GET", &url, Some(&organiser), ACCOUNT_1, None);
    assert_eq!(list.status, 200);
    assert!(list.text.contains(&id) && !list.text.contains(&secret));
    // Door staff cannot; bad input is a 422 in the spec's shape.
    let refused = s.call(
        "POST",
        &url,
        Some(&door),
        Some(&serde_json::json!({"item": {"name": "x"}})),
    );
    assert_eq!(refused.status, 403);
    // Nor can client credentials with write: only a person signed in as an organiser.
    let machine_made = s.call(
        "POST",
        &url,
        Some(&machine),
        Some(&serde_json::json!({"item": {"name": "x", "scopes": "read"}})),
    );
    assert_eq!(machine_made.status, 403, "{}", machine_made.text);
    let bad = s.call_with(
        "POST",
        &url,
        Some(&organiser),
        ACCOUNT_1,
        Some(&serde_json::json!({"item": {"name": "", "scopes": "admin"}})),
    );
    assert_eq!(bad.status, 422);
    assert!(!bad.errors().is_empty());
    // Revoked: its token stops working at once.
    let gone = s.call_with(
        "DELETE",
        &format!("{url}/{id}"),
        Some(&organiser),
        ACCOUNT_1,
        None,
    );
    assert_eq!(gone.status, 204);
    assert_eq!(s.get("/events", &token).status, 401);
    assert_eq!(
        s.call_with(
            "DELETE",
            &format!("{url}/{id}"),
            Some(&organiser),
            ACCOUNT_1,
            None
        )
        .status,
        404
    );
}
