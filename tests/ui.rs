//! The kiosk web UI is served by the same server, from files embedded in the binary.

mod common;

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
    let post = reqwest::blocking::Client::new()
        .post(format!("{}/", s.base))
        .send()
        .expect("post");
    assert_ne!(post.status(), 200);
}
