//! The venue hub's HTTPS (issue 20, HUB.md), over real TCP on loopback: `serve --hub`
//! serves the API over TLS with a self-signed certificate made at the first start and kept
//! in the database; a client that pins its fingerprint gets in, a client that pins another
//! or trusts the usual roots does not, plain HTTP on the hub's port gets nothing; the
//! certificate is the same after a restart; plain HTTP is refused anywhere but loopback.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use common::BIN;
use serde_json::Value;

struct Hub {
    child: Child,
    plain: String,
    https: String,
    fingerprint: [u8; 32],
}

impl Drop for Hub {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

/// `serve --hub` on `db`, both listeners on free loopback ports.
fn start_hub(db: &Path) -> Hub {
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--hub",
            "--hub-bind",
            "127.0.0.1:0",
        ])
        .arg("--db")
        .arg(db)
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_BIND")
        .env("ENTRADA_LOG", "entrada=warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("start serve --hub");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("first line");
    let plain = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("first line: {first:?}"))
        .to_owned();
    let mut second = String::new();
    out.read_line(&mut second).expect("second line");
    let rest = second
        .trim()
        .strip_prefix("hub listening on ")
        .unwrap_or_else(|| panic!("second line: {second:?}"));
    let (https, shown) = rest
        .split_once(" (certificate fingerprint ")
        .unwrap_or_else(|| panic!("second line: {second:?}"));
    let fingerprint =
        entrada::hub::identity::parse_fingerprint(shown.trim_end_matches(')')).expect("fp");
    // Keep reading stdout so that the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in out.lines() {});
    Hub {
        child,
        plain,
        https: https.to_owned(),
        fingerprint,
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

#[test]
fn the_hub_serves_https_to_a_client_that_pins_its_certificate_and_to_no_other() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hub.db");
    let hub = start_hub(&db);
    assert!(hub.plain.starts_with("http://127.0.0.1:"), "{}", hub.plain);
    assert!(hub.https.starts_with("https://127.0.0.1:"), "{}", hub.https);
    let rt = runtime();

    // A client that pins the hub's fingerprint: the API, with a token from the hub.
    let out = Command::new(BIN)
        .args([
            "clients",
            "create",
            "--name",
            "door-2",
            "--scopes",
            "read write",
        ])
        .arg("--db")
        .arg(&db)
        .env_remove("ENTRADA_DB")
        .output()
        .expect("clients create");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let client: Value = serde_json::from_slice(&out.stdout).expect("json");
    let (id, secret) = (
        client["client_id"].as_str().expect("id").to_owned(),
        client["client_secret"].as_str().expect("secret").to_owned(),
    );
    let pinned = entrada::hub::tls::pinned_client(hub.fingerprint).expect("client");
    rt.block_on(async {
        let health = pinned
            .get(format!("{}/healthz", hub.https))
            .send()
            .await
            .expect("the pinned client reaches the hub");
        assert_eq!(health.status(), 200);
        let token: Value = pinned
            .post(format!("{}/oauth/token", hub.https))
            .basic_auth(&id, Some(&secret))
            .form(&[
                ("grant_type", "client_credentials"),
                ("scope", "read write"),
            ])
            .send()
            .await
            .expect("token")
            .json()
            .await
            .expect("token json");
        let token = token["access_token"].as_str().expect("access_token");
        // Kiosks name the hub by the LAN address they found: any Host is served here.
        let events = pinned
            .get(format!("{}/api/v2/events", hub.https))
            .bearer_auth(token)
            .header("Host", "10.231.0.1:7879")
            .send()
            .await
            .expect("events");
        assert_eq!(events.status(), 200);
        let body: Value = events.json().await.expect("json");
        assert!(body["items"].is_array(), "{body}");
    });

    // Another pin, the usual roots, or plain HTTP on the hub's port: nothing.
    let mut other = hub.fingerprint;
    other[0] ^= 1;
    let wrong = entrada::hub::tls::pinned_client(other).expect("client");
    let roots = reqwest::Client::new();
    let plain_on_hub = hub.https.replacen("https://", "http://", 1);
    rt.block_on(async {
        let refused = wrong.get(format!("{}/healthz", hub.https)).send().await;
        assert!(refused.is_err(), "another fingerprint is refused");
        let refused = roots.get(format!("{}/healthz", hub.https)).send().await;
        assert!(
            refused.is_err(),
            "a self-signed certificate is not trusted by the roots"
        );
        let refused = roots.get(format!("{plain_on_hub}/healthz")).send().await;
        assert!(
            refused.as_ref().map_or(true, |r| r.status() != 200),
            "plain HTTP on the hub's port gets nothing"
        );
        // The loopback listener is plain HTTP as ever.
        let local = roots
            .get(format!("{}/healthz", hub.plain))
            .send()
            .await
            .expect("plain on loopback");
        assert_eq!(local.status(), 200);
    });

    // The certificate is kept: a restart presents the same one.
    let first = hub.fingerprint;
    drop(hub);
    let again = start_hub(&db);
    assert_eq!(
        again.fingerprint, first,
        "the same certificate after a restart"
    );
    let pinned = entrada::hub::tls::pinned_client(first).expect("client");
    rt.block_on(async {
        let health = pinned
            .get(format!("{}/healthz", again.https))
            .send()
            .await
            .expect("the old pin still holds");
        assert_eq!(health.status(), 200);
    });
}

#[test]
fn as_the_hub_plain_http_is_refused_beyond_loopback() {
    let dir = tempfile::tempdir().expect("dir");
    let out = Command::new(BIN)
        .args([
            "serve",
            "--bind",
            "0.0.0.0:0",
            "--hub",
            "--hub-bind",
            "127.0.0.1:0",
        ])
        .arg("--db")
        .arg(dir.path().join("hub.db"))
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_BIND")
        .output()
        .expect("serve");
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("plain HTTP stays on this computer"), "{said}");
    let without_hub = Command::new(BIN)
        .args(["serve", "--hub-bind", "127.0.0.1:0"])
        .output()
        .expect("serve");
    assert!(!without_hub.status.success(), "--hub-bind needs --hub");
}
