//! The command line as a contract: `serve` (first stdout line, `--db`/`--bind` and their
//! environment variables, signals, `--demo`) and the JSON printed by `accounts` and
//! `clients`, run as real processes against real database files.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use common::{BIN, Server, into_resp};
use serde_json::Value;

/// `entrada serve` started by hand, for what the harness does not vary (env, signals).
struct Serve {
    child: Child,
    first_line: String,
    stdout: BufReader<std::process::ChildStdout>,
}

impl Serve {
    /// Starts `entrada serve <args>` with only the given ENTRADA_* variables set.
    fn start(args: &[&str], env: &[(&str, &str)]) -> Serve {
        let mut cmd = Command::new(BIN);
        cmd.arg("serve")
            .args(args)
            .env_remove("ENTRADA_DB")
            .env_remove("ENTRADA_BIND")
            .env("ENTRADA_LOG", "entrada=warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("start entrada serve");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut first_line = String::new();
        stdout.read_line(&mut first_line).expect("read first line");
        Serve {
            child,
            first_line,
            stdout,
        }
    }

    /// `http://127.0.0.1:PORT` from the first line (which must have the exact form).
    fn base(&self) -> String {
        let line = self
            .first_line
            .strip_suffix('\n')
            .unwrap_or_else(|| panic!("first line not terminated: {:?}", self.first_line));
        line.strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_owned()
    }

    fn port(&self) -> u16 {
        let base = self.base();
        let port = base
            .strip_prefix("http://127.0.0.1:")
            .unwrap_or_else(|| panic!("not http://127.0.0.1:PORT: {base:?}"));
        port.parse()
            .unwrap_or_else(|_| panic!("port is not a number: {base:?}"))
    }

    /// The next line of stdout, without its line end.
    fn next_line(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("read line");
        line.trim_end().to_owned()
    }

    fn signal(&mut self, sig: &str) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{sig}"), &pid])
            .status()
            .expect("kill");
        assert!(sent.success(), "kill -{sig} failed");
        for _ in 0..200 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("server did not exit after SIG{sig}");
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn healthz(base: &str) -> u16 {
    let http = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    into_resp(http.get(format!("{base}/healthz")).send().expect("healthz")).status
}

/// Runs `entrada <args>` with no ENTRADA_DB (unless given in `env`).
fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_BIND");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run entrada")
}

fn stdout_lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .expect("stdout is UTF-8")
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("line is not JSON ({e}): {l:?}"))
        })
        .collect()
}

fn assert_ok(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what} failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Exactly one JSON object on stdout, on one line.
fn one_object(out: &Output, what: &str) -> Value {
    assert_ok(out, what);
    let lines = stdout_lines(out);
    assert_eq!(lines.len(), 1, "{what} printed {lines:?}");
    assert!(lines[0].is_object(), "{what} printed {}", lines[0]);
    lines[0].clone()
}

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().expect("object").keys().cloned().collect();
    k.sort();
    k
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}

// ---------------------------------------------------------------------------------------
// serve
// ---------------------------------------------------------------------------------------

#[test]
fn first_line_is_the_listening_address() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("a.db");
    let serve = Serve::start(
        &[
            "--db",
            db.to_str().expect("utf-8 path"),
            "--bind",
            "127.0.0.1:0",
        ],
        &[],
    );
    let port = serve.port();
    assert_ne!(port, 0, "port 0 must be replaced by the bound port");
    assert_eq!(
        serve.first_line,
        format!("listening on http://127.0.0.1:{port}\n")
    );
    assert_eq!(healthz(&serve.base()), 200);
    assert!(db.exists(), "the database file was not created");
}

#[test]
fn port_zero_picks_distinct_free_ports() {
    let a = Server::start();
    let b = Server::start();
    assert_ne!(a.base, b.base);
    assert_eq!(healthz(&a.base), 200);
    assert_eq!(healthz(&b.base), 200);
}

#[test]
fn environment_names_db_and_bind() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("env.db");
    let db_text = db.to_str().expect("utf-8 path");
    let port = free_port();
    let bind = format!("127.0.0.1:{port}");
    let serve = Serve::start(&[], &[("ENTRADA_DB", db_text), ("ENTRADA_BIND", &bind)]);
    assert_eq!(serve.port(), port, "ENTRADA_BIND was not used");
    assert_eq!(healthz(&serve.base()), 200);
    assert!(db.exists(), "ENTRADA_DB was not used");

    // The management commands read ENTRADA_DB too, and see the server's database.
    let out = run(
        &["clients", "create", "--name", "env"],
        &[("ENTRADA_DB", db_text)],
    );
    let client = one_object(&out, "clients create");
    let listed = run(&["clients", "list"], &[("ENTRADA_DB", db_text)]);
    assert_ok(&listed, "clients list");
    assert!(
        stdout_lines(&listed)
            .iter()
            .any(|c| c["client_id"] == client["client_id"])
    );
}

#[test]
fn flags_win_over_environment() {
    let dir = tempfile::tempdir().expect("tempdir");
    let env_db = dir.path().join("env.db");
    let flag_db = dir.path().join("flag.db");
    let env_port = free_port();
    let env_bind = format!("127.0.0.1:{env_port}");
    let serve = Serve::start(
        &[
            "--db",
            flag_db.to_str().expect("utf-8 path"),
            "--bind",
            "127.0.0.1:0",
        ],
        &[
            ("ENTRADA_DB", env_db.to_str().expect("utf-8 path")),
            ("ENTRADA_BIND", &env_bind),
        ],
    );
    assert_ne!(serve.port(), env_port, "ENTRADA_BIND won over --bind");
    assert_eq!(healthz(&serve.base()), 200);
    assert!(flag_db.exists(), "--db was not used");
    assert!(
        !env_db.exists(),
        "ENTRADA_DB was used although --db was given"
    );

    // Same for a management command.
    let out = run(
        &[
            "accounts",
            "create",
            "--name",
            "Flag",
            "--db",
            flag_db.to_str().expect("utf-8 path"),
        ],
        &[("ENTRADA_DB", env_db.to_str().expect("utf-8 path"))],
    );
    one_object(&out, "accounts create");
    assert!(
        !env_db.exists(),
        "ENTRADA_DB was used although --db was given"
    );
}

#[test]
fn bad_bind_address_fails() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("x.db");
    let out = run(
        &[
            "serve",
            "--db",
            db.to_str().expect("utf-8 path"),
            "--bind",
            "not an address",
        ],
        &[],
    );
    assert!(!out.status.success());
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn sigterm_exits_zero() {
    let s = Server::start();
    let token = s.token("read");
    assert_eq!(s.get("/events", &token).status, 200);
    let status = s.terminate();
    assert_eq!(status.code(), Some(0), "{status:?}");
}

#[test]
fn sigint_exits_zero() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("int.db");
    let mut serve = Serve::start(
        &[
            "--db",
            db.to_str().expect("utf-8 path"),
            "--bind",
            "127.0.0.1:0",
        ],
        &[],
    );
    assert_eq!(healthz(&serve.base()), 200);
    let status = serve.signal("INT");
    assert_eq!(status.code(), Some(0), "{status:?}");
}

fn http() -> reqwest::blocking::Client {
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client")
}

/// A token from the server at `base` (form credentials).
fn token_at(base: &str, id: &str, secret: &str, scope: &str) -> String {
    let resp = into_resp(
        http()
            .post(format!("{base}/oauth/token"))
            .form(&[
                ("grant_type", "client_credentials"),
                ("client_id", id),
                ("client_secret", secret),
                ("scope", scope),
            ])
            .send()
            .expect("token request"),
    );
    assert_eq!(resp.status, 200, "token: {}", resp.text);
    resp.json()["access_token"]
        .as_str()
        .expect("access_token")
        .to_owned()
}

fn get_at(base: &str, path: &str, token: &str) -> common::Resp {
    into_resp(
        http()
            .get(format!("{base}/api/v2{path}"))
            .bearer_auth(token)
            .send()
            .expect("request"),
    )
}

#[test]
fn data_survives_a_restart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("keep.db");
    let db_text = db.to_str().expect("utf-8 path");
    let args = ["--db", db_text, "--bind", "127.0.0.1:0"];
    let client = one_object(
        &run(
            &[
                "clients",
                "create",
                "--name",
                "k",
                "--scopes",
                "read write",
                "--db",
                db_text,
            ],
            &[],
        ),
        "clients create",
    );
    let id = client["client_id"].as_str().expect("client_id");
    let secret = client["client_secret"].as_str().expect("client_secret");

    let mut first = Serve::start(&args, &[]);
    let base = first.base();
    let token = token_at(&base, id, secret, "read write");
    let created = into_resp(
        http()
            .post(format!("{base}/api/v2/events"))
            .bearer_auth(&token)
            .json(&serde_json::json!({"item": {"name": "Durable"}}))
            .send()
            .expect("create event"),
    );
    assert_eq!(created.status, 201, "{}", created.text);
    let event = created.item()["id"].as_i64().expect("event id");
    assert_eq!(first.signal("TERM").code(), Some(0));

    let second = Serve::start(&args, &[]);
    let base = second.base();
    // Tokens are stored, so the same token still works after a restart.
    let got = get_at(&base, &format!("/events/{event}"), &token);
    assert_eq!(got.status, 200, "{}", got.text);
    assert_eq!(got.item()["name"], "Durable");
    let fresh = token_at(&base, id, secret, "read");
    assert_eq!(
        get_at(&base, "/events", &fresh).json()["metadata"]["total_count"],
        1
    );
}

// ---------------------------------------------------------------------------------------
// accounts
// ---------------------------------------------------------------------------------------

#[test]
fn a_new_database_has_one_default_account() {
    let s = Server::start();
    let out = s.cli(&["accounts", "list"]);
    assert_ok(&out, "accounts list");
    let accounts = stdout_lines(&out);
    assert_eq!(accounts.len(), 1, "{accounts:?}");
    assert!(accounts[0]["id"].is_i64(), "{}", accounts[0]);
    assert_eq!(accounts[0]["name"], "Default");

    // Also when the CLI is the first to open the file.
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("fresh.db");
    let out = run(
        &["accounts", "list", "--db", db.to_str().expect("utf-8 path")],
        &[],
    );
    assert_ok(&out, "accounts list");
    let accounts = stdout_lines(&out);
    assert_eq!(accounts.len(), 1, "{accounts:?}");
    assert_eq!(accounts[0]["name"], "Default");
}

#[test]
fn accounts_create_prints_the_account() {
    let s = Server::start();
    let created = one_object(
        &s.cli(&["accounts", "create", "--name", "Second"]),
        "accounts create",
    );
    assert!(created["id"].is_i64(), "{created}");
    assert_eq!(created["name"], "Second");

    let spaced = one_object(
        &s.cli(&["accounts", "create", "--name", "  Third  "]),
        "accounts create",
    );
    assert_eq!(spaced["name"], "Third");
    assert_ne!(spaced["id"], created["id"]);

    let out = s.cli(&["accounts", "list"]);
    assert_ok(&out, "accounts list");
    let accounts = stdout_lines(&out);
    let names: Vec<&str> = accounts
        .iter()
        .map(|a| a["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["Default", "Second", "Third"]);
    assert!(accounts.iter().any(|a| a["id"] == created["id"]));
}

#[test]
fn accounts_create_refuses_an_empty_name() {
    let s = Server::start();
    for name in ["", "   "] {
        let out = s.cli(&["accounts", "create", "--name", name]);
        assert!(!out.status.success(), "accepted name {name:?}");
        assert!(out.stdout.is_empty());
        assert!(!out.stderr.is_empty(), "no message on stderr");
    }
    let out = s.cli(&["accounts", "list"]);
    assert_eq!(stdout_lines(&out).len(), 1);
}

// ---------------------------------------------------------------------------------------
// clients
// ---------------------------------------------------------------------------------------

#[test]
fn clients_create_prints_id_and_secret() {
    let s = Server::start();
    let out = s.cli(&["clients", "create", "--name", "N", "--scopes", "read write"]);
    let client = one_object(&out, "clients create");
    assert_eq!(keys(&client), ["client_id", "client_secret"]);
    let id = client["client_id"].as_str().expect("client_id");
    let secret = client["client_secret"].as_str().expect("client_secret");
    assert!(!id.is_empty() && !secret.is_empty());
    assert_ne!(id, secret);
    // The credentials work against the running server.
    let token = s.token_for(id, secret, "read write");
    assert_eq!(s.get("/events", &token).status, 200);

    let other = one_object(
        &s.cli(&["clients", "create", "--name", "N", "--scopes", "read"]),
        "clients create",
    );
    assert_ne!(other["client_id"], client["client_id"]);
    assert_ne!(other["client_secret"], client["client_secret"]);
}

#[test]
fn clients_list_never_shows_secrets() {
    let s = Server::start();
    let (id1, secret1) = s.create_client("read write");
    let (id2, secret2) = s.create_client("write");
    let default_scope = one_object(
        &s.cli(&["clients", "create", "--name", "plain"]),
        "clients create",
    );
    let out = s.cli(&["clients", "list"]);
    assert_ok(&out, "clients list");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(!text.contains(&secret1) && !text.contains(&secret2));
    assert!(!text.contains(default_scope["client_secret"].as_str().expect("secret")));
    let clients = stdout_lines(&out);
    // The kiosk UI's built-in public client is on every database.
    assert_eq!(clients[0]["client_id"], "entrada-kiosk");
    assert_eq!(clients[0]["public"], true);
    assert_eq!(clients.len(), 4, "{clients:?}");
    for c in &clients {
        assert!(
            keys(c)
                .iter()
                .all(|k| !k.contains("secret") && !k.contains("hash")),
            "{c}"
        );
        assert!(c["client_id"].is_string(), "{c}");
    }
    let find = |id: &str| {
        clients
            .iter()
            .find(|c| c["client_id"] == id)
            .unwrap_or_else(|| panic!("{id} not listed"))
            .clone()
    };
    assert_eq!(find(&id1)["scopes"], "read write");
    assert_eq!(find(&id2)["scopes"], "write");
    assert_eq!(
        find(default_scope["client_id"].as_str().expect("id"))["scopes"],
        "read"
    );
}

#[test]
fn clients_revoke() {
    let s = Server::start();
    let (id, secret) = s.create_client("read");
    let (kept, _) = s.create_client("read");
    let token = s.token_for(&id, &secret, "read");
    let out = s.cli(&["clients", "revoke", &id]);
    assert_ok(&out, "clients revoke");
    assert_eq!(s.get("/events", &token).status, 401);

    let out = s.cli(&["clients", "list"]);
    let clients = stdout_lines(&out);
    let revoked = clients
        .iter()
        .find(|c| c["client_id"] == id)
        .expect("listed");
    assert!(revoked["revoked_at"].is_string(), "{revoked}");
    let other = clients
        .iter()
        .find(|c| c["client_id"] == kept)
        .expect("listed");
    assert!(other["revoked_at"].is_null(), "{other}");

    // Revoking again is harmless.
    assert_ok(&s.cli(&["clients", "revoke", &id]), "second revoke");
}

#[test]
fn revoking_an_unknown_client_fails() {
    let s = Server::start();
    let out = s.cli(&["clients", "revoke", "ent_ci_nosuchclient"]);
    assert!(!out.status.success());
    assert!(!out.stderr.is_empty(), "no message on stderr");
}

#[test]
fn bad_scopes_fail() {
    let s = Server::start();
    for scopes in ["admin", "read admin", "", "   ", "read,write"] {
        let out = s.cli(&["clients", "create", "--name", "N", "--scopes", scopes]);
        assert!(!out.status.success(), "accepted --scopes {scopes:?}");
        assert!(
            out.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    let out = s.cli(&["clients", "list"]);
    assert_ok(&out, "clients list");
    let listed: Vec<_> = stdout_lines(&out)
        .into_iter()
        .filter(|c| c["client_id"] != "entrada-kiosk")
        .collect();
    assert!(listed.is_empty(), "a client was created anyway");
}

#[test]
fn clients_belong_to_the_given_account() {
    let s = Server::start();
    let account = one_object(
        &s.cli(&["accounts", "create", "--name", "B"]),
        "accounts create",
    );
    let account_id = account["id"].as_i64().expect("id");
    let arg = account_id.to_string();
    let client = one_object(
        &s.cli(&[
            "clients",
            "create",
            "--name",
            "x",
            "--scopes",
            "read write",
            "--account",
            &arg,
        ]),
        "clients create",
    );
    let (default_id, _) = s.create_client("read");
    let clients = stdout_lines(&s.cli(&["clients", "list"]));
    let b = clients
        .iter()
        .find(|c| c["client_id"] == client["client_id"])
        .expect("listed");
    assert_eq!(b["account_id"], account_id);
    let d = clients
        .iter()
        .find(|c| c["client_id"] == default_id.as_str())
        .expect("listed");
    assert_ne!(d["account_id"], account_id);

    let token = s.token_for(
        client["client_id"].as_str().expect("id"),
        client["client_secret"].as_str().expect("secret"),
        "read",
    );
    assert_eq!(s.get("/account", &token).item()["name"], "B");

    let out = s.cli(&["clients", "create", "--name", "x", "--account", "999999"]);
    assert!(
        !out.status.success(),
        "created a client of a missing account"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn management_commands_work_while_serving() {
    let s = Server::start();
    let token = s.token("read write");
    for i in 0..5 {
        // Interleave API writes and CLI writes on the same database file.
        let name = format!("Event {i}");
        s.event(&token, &name);
        let account_name = format!("Account {i}");
        one_object(
            &s.cli(&["accounts", "create", "--name", &account_name]),
            "accounts create",
        );
        let (id, secret) = s.create_client("read");
        let t = s.token_for(&id, &secret, "read");
        assert_eq!(
            s.get("/events", &t).json()["metadata"]["total_count"],
            i + 1
        );
    }
    assert_eq!(stdout_lines(&s.cli(&["accounts", "list"])).len(), 6);
    // Five made here, plus the built-in `entrada-kiosk` public client.
    assert_eq!(stdout_lines(&s.cli(&["clients", "list"])).len(), 7);
    assert_eq!(healthz(&s.base), 200);
}

// ---------------------------------------------------------------------------------------
// serve --demo
// ---------------------------------------------------------------------------------------

fn demo_credentials(lines: &[String]) -> (String, String) {
    assert!(lines.len() >= 2, "{lines:?}");
    let id = lines[0]
        .strip_prefix("demo client_id: ")
        .unwrap_or_else(|| panic!("unexpected demo line: {:?}", lines[0]));
    let secret = lines[1]
        .strip_prefix("demo client_secret: ")
        .unwrap_or_else(|| panic!("unexpected demo line: {:?}", lines[1]));
    assert!(!id.is_empty() && !secret.is_empty());
    (id.to_owned(), secret.to_owned())
}

#[test]
fn demo_fills_the_database() {
    let s = Server::start_with(&["--demo"]);
    let (id, secret) = demo_credentials(&s.extra_stdout);
    let resp = s.token_request(
        &[
            ("grant_type", "client_credentials"),
            ("scope", "read write"),
        ],
        Some((&id, &secret)),
    );
    assert_eq!(resp.status, 200, "{}", resp.text);
    let token = resp.json()["access_token"]
        .as_str()
        .expect("access_token")
        .to_owned();

    let events = s.get("/events", &token);
    assert_eq!(events.status, 200, "{}", events.text);
    let events = events.json();
    assert_eq!(events["metadata"]["total_count"], 1, "{events}");
    let event = &events["items"][0];
    let event_id = event["id"].as_i64().expect("event id");
    assert!(event["name"].as_str().is_some_and(|n| !n.is_empty()));

    let attendees = s.get(&format!("/events/{event_id}/attendees"), &token);
    assert_eq!(attendees.status, 200, "{}", attendees.text);
    let attendees = attendees.json();
    assert_eq!(attendees["metadata"]["total_count"], 300);
    assert_eq!(attendees["metadata"]["total_pages"], 12);
    assert_eq!(attendees["items"].as_array().map(Vec::len), Some(25));
    let first = &attendees["items"][0];
    assert!(first["first_name"].is_string(), "{first}");
    assert!(
        first["fields"].as_array().is_some_and(|f| !f.is_empty()),
        "{first}"
    );

    let types = s
        .get(&format!("/events/{event_id}/registration_types"), &token)
        .json();
    let types = types["items"].as_array().expect("items").clone();
    assert!(!types.is_empty());
    assert!(types.iter().all(|t| t["name"].is_string()));

    let sessions = s
        .get(&format!("/events/{event_id}/sessions"), &token)
        .json();
    let sessions = sessions["items"].as_array().expect("items").clone();
    assert!(!sessions.is_empty());
    assert!(sessions.iter().all(|t| t["starts_at"].is_string()));

    let fields = s
        .get(&format!("/events/{event_id}/attendee_fields"), &token)
        .json();
    let mut kinds: Vec<String> = fields["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|f| f["type"].as_str().expect("type").to_owned())
        .collect();
    kinds.sort();
    kinds.dedup();
    assert!(kinds.len() >= 3, "few field types: {kinds:?}");

    // The demo client may write.
    let created = s.post(
        "/events",
        &token,
        serde_json::json!({"item": {"name": "Mine"}}),
    );
    assert_eq!(created.status, 201, "{}", created.text);
}

#[test]
fn demo_twice_does_not_duplicate_the_event() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("demo.db");
    let args = [
        "--db",
        db.to_str().expect("utf-8 path"),
        "--bind",
        "127.0.0.1:0",
        "--demo",
    ];
    let mut first = Serve::start(&args, &[]);
    let lines = vec![first.next_line(), first.next_line()];
    let (id1, _) = demo_credentials(&lines);
    assert_eq!(first.signal("TERM").code(), Some(0));

    let mut second = Serve::start(&args, &[]);
    let lines = vec![second.next_line(), second.next_line()];
    let (id2, secret2) = demo_credentials(&lines);
    assert_ne!(id1, id2, "each run prints a new client");
    let base = second.base();
    let token = token_at(&base, &id2, &secret2, "read");
    let events = get_at(&base, "/events", &token).json();
    assert_eq!(events["metadata"]["total_count"], 1, "{events}");
}

/// Guards against `serve --help` naming the hub's line otherwise than the line printed
/// (issue 37, 9): a technician greps the log for what the help says.
#[test]
fn serve_help_names_the_hub_line_as_it_is_printed() {
    let out = std::process::Command::new(common::BIN)
        .args(["serve", "--help"])
        .output()
        .expect("entrada serve --help");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("hub listening on https://ADDR (certificate fingerprint ...)"),
        "{help}"
    );
}
