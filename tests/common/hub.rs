//! The venue hub's test helpers (HUB.md): a hub on loopback, its pairing cards, and
//! kiosks that join it with the real `entrada hub join`.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{Value, json};

use super::{BIN, Server};

/// A hub on loopback: the API over HTTPS at `https` with this certificate.
pub struct Hub {
    pub server: Server,
    /// `https://127.0.0.1:PORT`
    pub https: String,
    /// 64 lower-case hex digits.
    pub fingerprint: String,
}

pub fn start_hub(name: &str, hub_bind: &str) -> Hub {
    let server = Server::start_with(&[
        "--hub",
        "--hub-bind",
        hub_bind,
        "--hub-name",
        name,
        "--sync-interval",
        "0",
    ]);
    hub_of(server)
}

pub fn hub_of(mut server: Server) -> Hub {
    let line = server.next_stdout_line();
    let rest = line
        .strip_prefix("hub listening on ")
        .unwrap_or_else(|| panic!("second line: {line:?}"));
    let (https, shown) = rest
        .split_once(" (certificate fingerprint ")
        .unwrap_or_else(|| panic!("second line: {line:?}"));
    let fingerprint = hex::encode(
        entrada::hub::identity::parse_fingerprint(shown.trim_end_matches(')')).expect("fp"),
    );
    let https = https.to_owned();
    Hub {
        server,
        https,
        fingerprint,
    }
}

impl Hub {
    /// `METHOD PATH` on the hub as the organiser (a personal token of account 1).
    pub fn as_organiser(&self, method: &str, path: &str, organiser: &str) -> super::Resp {
        self.server.call_with(
            method,
            path,
            Some(organiser),
            &[("X-Account-Id", "1")],
            None,
        )
    }

    /// A pairing card, made as an organiser on the hub's UI makes it.
    pub fn card(&self, organiser: &str) -> Value {
        let r = self.as_organiser("POST", "/kiosk/hub/codes", organiser);
        assert_eq!(r.status, 201, "{}", r.text);
        r.json()
    }
}

/// `entrada hub join <args> --db <dir>/entrada.db`.
pub fn join(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(["hub", "join"])
        .args(args)
        .arg("--db")
        .arg(dir.join("entrada.db"))
        .env_remove("ENTRADA_DB")
        .env("ENTRADA_LOG", "entrada=warn")
        .output()
        .expect("entrada hub join")
}

pub fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A round on the kiosk through `POST /kiosk/sync/run`, waiting out one that runs (the
/// follower of a joined kiosk runs one when its stream opens).
pub fn round(kiosk: &Server, token: &str) -> Value {
    for _ in 0..300 {
        let r = kiosk.post("/kiosk/sync/run", token, json!(null));
        if r.status == 409 {
            std::thread::sleep(std::time::Duration::from_millis(50));
            continue;
        }
        assert_eq!(r.status, 200, "{}", r.text);
        return r.json();
    }
    panic!("a sync round never became free");
}

/// A kiosk joined to `hub` (a new pairing card, `hub join` with its QR text, then
/// `serve` without background rounds, `extra` added) that has pulled the hub's events.
pub fn joined_kiosk(hub: &Hub, organiser: &str, door: &str, extra: &[&str]) -> (Server, String) {
    let card = hub.card(organiser);
    let dir = tempfile::tempdir().expect("dir");
    let out = join(
        dir.path(),
        &[
            card["qr_text"].as_str().expect("qr_text"),
            "--device-name",
            door,
            "--door",
            door,
        ],
    );
    assert!(out.status.success(), "{}", said(&out));
    let mut args = vec!["--sync-interval", "0"];
    args.extend_from_slice(extra);
    let kiosk = Server::start_in(dir, &args);
    let token = kiosk.token("read write check_in");
    let first = round(&kiosk, &token);
    assert_eq!(first["error"], Value::Null, "{first}");
    (kiosk, token)
}

/// The kiosk's only event (mirrored from the hub).
pub fn local_event(kiosk: &Server, token: &str) -> i64 {
    kiosk.get("/events", token).json()["items"][0]["id"]
        .as_i64()
        .expect("a mirrored event")
}

impl Hub {
    /// The hub's HTTPS address without the scheme (`127.0.0.1:PORT`).
    pub fn https_addr(&self) -> String {
        self.https.trim_start_matches("https://").to_owned()
    }

    /// Stops the hub (SIGKILL: the hub vanishes as a power cut would have it) and starts
    /// it again on the same database and addresses.
    pub fn restart(self, name: &str) -> Hub {
        let https = self.https_addr();
        let server = self.server.restart_same_port(&[
            "--hub",
            "--hub-bind",
            &https,
            "--hub-name",
            name,
            "--sync-interval",
            "0",
        ]);
        hub_of(server)
    }

    /// Sends a signal to the hub's process (`STOP` freezes it: connections are accepted
    /// by the kernel, nothing answers; `CONT` wakes it).
    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &self.server.pid().to_string()])
            .status()
            .expect("kill");
        assert!(status.success());
    }
}

/// `GET /kiosk/sync` of a kiosk.
pub fn sync_status(kiosk: &Server, token: &str) -> Value {
    let r = kiosk.get("/kiosk/sync", token);
    assert_eq!(r.status, 200, "{}", r.text);
    r.json()
}
