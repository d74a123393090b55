//! Test harness: starts the real `entrada` binary on 127.0.0.1 with a fresh SQLite file and
//! talks real HTTP to it. Nothing is mocked.
#![allow(dead_code)]

pub mod hub;
pub mod storm;

use std::io::{BufRead, BufReader, Write as _};
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command, Output, Stdio};
use std::time::Duration;

use reqwest::blocking::Client;
use reqwest::header::HeaderMap;
use serde_json::{Value, json};

pub const BIN: &str = env!("CARGO_BIN_EXE_entrada");

/// A running server with its own temporary database.
pub struct Server {
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// `http://127.0.0.1:PORT/api/v2`
    pub api: String,
    pub db: PathBuf,
    pub http: Client,
    child: Child,
    _stdout: BufReader<ChildStdout>,
    pub extra_stdout: Vec<String>,
    /// The `--key-file` the server was started with, given to `cli` too.
    key_file: Option<String>,
    /// Where its stderr goes, when kept ([`Server::start_in_logged`]).
    log_file: Option<PathBuf>,
    _dir: tempfile::TempDir,
}

/// A response, read whole.
#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: HeaderMap,
    pub text: String,
}

impl Resp {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|e| panic!("response is not JSON ({e}): {}", self.text))
    }

    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    }

    /// The `item` of a `{item, metadata}` body.
    pub fn item(&self) -> Value {
        self.json()["item"].clone()
    }

    /// Asserts the spec's `{error: string}` body and returns the message.
    pub fn error(&self) -> String {
        let body = self.json();
        body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no `error` string in {body}"))
            .to_owned()
    }

    /// Asserts the spec's 422 `{errors: [string]}` body and returns the messages.
    pub fn errors(&self) -> Vec<String> {
        assert_eq!(
            self.status, 422,
            "expected 422, got {}: {}",
            self.status, self.text
        );
        let body = self.json();
        let list = body["errors"]
            .as_array()
            .unwrap_or_else(|| panic!("no `errors` array in {body}"));
        assert!(!list.is_empty(), "empty errors list");
        list.iter()
            .map(|e| e.as_str().expect("error messages are strings").to_owned())
            .collect()
    }

    /// Asserts `status` with a non-empty `{error}` message and returns the message.
    pub fn assert_error_status(&self, status: u16, what: &str) -> String {
        assert_eq!(
            self.status, status,
            "{what}: expected {status}, got: {}",
            self.text
        );
        let message = self.error();
        assert!(!message.is_empty(), "{what}: empty error message");
        message
    }

    /// The `WWW-Authenticate` header, asserting there is one.
    pub fn challenge(&self, what: &str) -> String {
        self.header("www-authenticate")
            .unwrap_or_else(|| panic!("{what}: no WWW-Authenticate header: {self:?}"))
    }

    /// Asserts a 404 with a non-empty `{error}` message; `what` names the request.
    pub fn assert_not_found(&self, what: &str) {
        self.assert_error_status(404, what);
    }

    /// Asserts a 403 with a non-empty `{error}` message and an `insufficient_scope` challenge.
    pub fn assert_forbidden(&self, what: &str) {
        self.assert_error_status(403, what);
        let challenge = self.challenge(what);
        assert!(
            challenge.contains("insufficient_scope"),
            "{what}: WWW-Authenticate is {challenge:?}"
        );
    }

    /// Asserts a 401 with a non-empty `{error}` message and a Bearer challenge; returns it.
    pub fn assert_unauthorized(&self, what: &str) -> String {
        self.assert_error_status(401, what);
        let challenge = self.challenge(what);
        assert!(
            challenge.starts_with("Bearer"),
            "{what}: challenge is not Bearer: {challenge}"
        );
        challenge
    }

    /// Asserts an RFC 6749 5.2 error answer of the token endpoint and returns its body.
    pub fn assert_oauth_error(&self, status: u16, error: &str) -> Value {
        assert_eq!(
            self.status, status,
            "expected {status} {error}, got: {}",
            self.text
        );
        let body = self.json();
        assert_eq!(body["error"], error, "{body}");
        if let Some(description) = body.get("error_description") {
            assert!(description.is_string(), "{body}");
        }
        assert_eq!(
            self.header("cache-control").as_deref(),
            Some("no-store"),
            "token endpoint errors are not cacheable"
        );
        body
    }

    /// Asserts a scan's 200 `{item: {outcome, message, ...}, metadata: {}}` and returns the item.
    pub fn scan_result(&self) -> Value {
        assert_eq!(self.status, 200, "scan: {}", self.text);
        let body = self.json();
        assert_eq!(body["metadata"], json!({}), "scan: {body}");
        let result = body["item"].clone();
        assert!(result["outcome"].is_string(), "scan: {body}");
        assert!(
            result["message"].as_str().is_some_and(|m| !m.is_empty()),
            "scan without a message: {body}"
        );
        result
    }
}

impl Server {
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// Starts `entrada serve --db <tmp> --bind 127.0.0.1:0 <extra>`.
    pub fn start_with(extra: &[&str]) -> Server {
        let dir = tempfile::tempdir().expect("tempdir");
        Server::start_in(dir, extra)
    }

    /// Kills the server with SIGKILL (no chance to clean up, as in a crash or power cut)
    /// and starts a new one on the same database file.
    pub fn crash_and_restart(mut self) -> Server {
        self.child.kill().expect("SIGKILL the server");
        self.child.wait().expect("reap the server");
        let dir = tempfile::tempdir().expect("placeholder tempdir");
        let dir = std::mem::replace(&mut self._dir, dir);
        Server::start_in(dir, &[])
    }

    /// Stops the server with SIGKILL (as a network that went away would look to a peer).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Starts the server again on the same database file and the same port.
    pub fn restart_same_port(mut self, extra: &[&str]) -> Server {
        self.kill();
        let addr = self.base.trim_start_matches("http://").to_owned();
        let dir = tempfile::tempdir().expect("placeholder tempdir");
        let dir = std::mem::replace(&mut self._dir, dir);
        let mut args = vec!["--bind", addr.as_str()];
        args.extend_from_slice(extra);
        Server::start_in(dir, &args)
    }

    /// Stops the server with SIGTERM and hands over its directory: the database stays.
    pub fn stop_keeping_files(mut self) -> tempfile::TempDir {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let _ = self.child.wait();
        let placeholder = tempfile::tempdir().expect("placeholder tempdir");
        std::mem::replace(&mut self._dir, placeholder)
    }

    /// Starts `entrada serve` on `<dir>/entrada.db` (an existing database or a new one).
    pub fn start_in(dir: tempfile::TempDir, extra: &[&str]) -> Server {
        Self::spawn(dir, extra, false, &[])
    }

    /// [`Server::start_in`] with `entrada serve` run by `wrapper` (a command and its
    /// arguments that ends by running the rest of its command line, like `unshare -m sh -c
    /// '...; exec "$@"' sh`): the server process is whatever the wrapper execs.
    pub fn start_wrapped(dir: tempfile::TempDir, wrapper: &[&str], extra: &[&str]) -> Server {
        Self::spawn(dir, extra, false, wrapper)
    }

    /// [`Server::start_in`] with the server's log (stderr, at `info`) kept in a file of
    /// its directory, read by [`Server::log`].
    pub fn start_in_logged(dir: tempfile::TempDir, extra: &[&str]) -> Server {
        Self::spawn(dir, extra, true, &[])
    }

    /// What a server started with [`Server::start_in_logged`] has logged so far.
    pub fn log(&self) -> String {
        let path = self
            .log_file
            .as_ref()
            .expect("a server started with its log kept");
        std::fs::read_to_string(path).unwrap_or_default()
    }

    fn spawn(dir: tempfile::TempDir, extra: &[&str], logged: bool, wrapper: &[&str]) -> Server {
        let db = dir.path().join("entrada.db");
        let log_file = logged.then(|| dir.path().join("server.log"));
        let (stderr, level) = match &log_file {
            Some(path) => (
                Stdio::from(std::fs::File::create(path).expect("log file")),
                "entrada=info",
            ),
            None => (Stdio::inherit(), "entrada=warn"),
        };
        let bind = if extra.contains(&"--bind") {
            vec![]
        } else {
            vec!["--bind", "127.0.0.1:0"]
        };
        let mut command = match wrapper.split_first() {
            Some((program, args)) => {
                let mut c = Command::new(program);
                c.args(args).arg(BIN);
                c
            }
            None => Command::new(BIN),
        };
        let mut child = command
            .arg("serve")
            .arg("--db")
            .arg(&db)
            .args(bind)
            .args(extra)
            .env_remove("ENTRADA_DB")
            .env_remove("ENTRADA_BIND")
            .env("ENTRADA_LOG", level)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("start entrada serve");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("read first line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_owned();
        let mut extra_stdout = Vec::new();
        if extra.contains(&"--demo") {
            for _ in 0..4 {
                let mut l = String::new();
                stdout.read_line(&mut l).expect("read demo line");
                extra_stdout.push(l.trim().to_owned());
            }
        }
        let http = Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client");
        Server {
            api: format!("{base}/api/v2"),
            base,
            db,
            http,
            child,
            _stdout: stdout,
            extra_stdout,
            key_file: extra
                .iter()
                .position(|a| *a == "--key-file")
                .and_then(|i| extra.get(i + 1))
                .map(|k| k.to_string()),
            log_file,
            _dir: dir,
        }
    }

    /// The server process's id (to read its memory from `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The server's peak resident memory so far (`VmHWM` in `/proc/PID/status`), KiB.
    pub fn peak_rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .expect("read /proc/PID/status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM in /proc/PID/status")
    }

    /// The next line the server printed after its first (blocks until there is one).
    pub fn next_stdout_line(&mut self) -> String {
        let mut line = String::new();
        self._stdout
            .read_line(&mut line)
            .expect("read a line of serve's stdout");
        line.trim().to_owned()
    }

    /// Runs `entrada <args> --db <this server's db>`.
    pub fn cli(&self, args: &[&str]) -> Output {
        let key = match &self.key_file {
            Some(k) if !args.contains(&"--key-file") => vec!["--key-file", k.as_str()],
            _ => vec![],
        };
        Command::new(BIN)
            .args(args)
            .arg("--db")
            .arg(&self.db)
            .args(key)
            .env_remove("ENTRADA_DB")
            .output()
            .expect("run entrada")
    }

    /// Runs `entrada <args>` on this server's database, asserts success, and parses stdout.
    pub fn cli_json(&self, args: &[&str]) -> Value {
        let out = self.cli(args);
        assert!(
            out.status.success(),
            "{args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("the command prints JSON")
    }

    /// Creates an account with the CLI; returns its id.
    pub fn create_account(&self, name: &str) -> i64 {
        self.cli_json(&["accounts", "create", "--name", name])["id"]
            .as_i64()
            .expect("account id")
    }

    /// A new account and a `read write` token of a client of it: (account id, token).
    pub fn other_account(&self, name: &str) -> (i64, String) {
        let account_id = self.create_account(name);
        let account_arg = account_id.to_string();
        let client = self.cli_json(&[
            "clients",
            "create",
            "--name",
            "other",
            "--scopes",
            "read write",
            "--account",
            &account_arg,
        ]);
        let token = self.token_for(
            client["client_id"].as_str().expect("client_id"),
            client["client_secret"].as_str().expect("client_secret"),
            "read write",
        );
        (account_id, token)
    }

    /// Creates a client with the given scopes; returns (client_id, client_secret).
    pub fn create_client(&self, scopes: &str) -> (String, String) {
        let out = self.cli(&["clients", "create", "--name", "test", "--scopes", scopes]);
        assert!(
            out.status.success(),
            "clients create failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).expect("clients create prints JSON");
        (
            v["client_id"].as_str().expect("client_id").to_owned(),
            v["client_secret"]
                .as_str()
                .expect("client_secret")
                .to_owned(),
        )
    }

    /// POSTs a form to `/oauth/token`.
    pub fn token_request(&self, form: &[(&str, &str)], basic: Option<(&str, &str)>) -> Resp {
        let mut req = self
            .http
            .post(format!("{}/oauth/token", self.base))
            .form(form);
        if let Some((id, secret)) = basic {
            req = req.basic_auth(id, Some(secret));
        }
        into_resp(req.send().expect("token request"))
    }

    /// An access token for a new client allowed `scopes`, asking for all of them.
    pub fn token(&self, scopes: &str) -> String {
        let (id, secret) = self.create_client(scopes);
        self.token_for(&id, &secret, scopes)
    }

    pub fn token_for(&self, id: &str, secret: &str, scope: &str) -> String {
        let resp = self.token_request(
            &[
                ("grant_type", "client_credentials"),
                ("client_id", id),
                ("client_secret", secret),
                ("scope", scope),
            ],
            None,
        );
        assert_eq!(resp.status, 200, "token: {}", resp.text);
        resp.json()["access_token"]
            .as_str()
            .expect("access_token")
            .to_owned()
    }

    /// Sends a request to `{api}{path}` with an optional bearer token and JSON body.
    pub fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> Resp {
        self.call_with(method, path, token, &[], body)
    }

    /// [`Server::call`] with extra headers (e.g. `X-Account-Id` for a personal token).
    pub fn call_with(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> Resp {
        let url = url_under(&self.api, path);
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        let mut req = self.http.request(method, url);
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(b);
        }
        into_resp(req.send().expect("request"))
    }

    /// [`Server::call_with`] on a path under the server's root (not the API), or a full URL.
    pub fn call_root(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> Resp {
        self.call_with(method, &url_under(&self.base, path), token, headers, body)
    }

    /// Sends a raw body with the given content type.
    pub fn call_raw(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        content_type: &str,
        body: Vec<u8>,
    ) -> Resp {
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        let mut req = self
            .http
            .request(method, format!("{}{}", self.api, path))
            .header("content-type", content_type)
            .body(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        into_resp(req.send().expect("request"))
    }

    pub fn get(&self, path: &str, token: &str) -> Resp {
        self.call("GET", path, Some(token), None)
    }

    pub fn post(&self, path: &str, token: &str, body: Value) -> Resp {
        self.call("POST", path, Some(token), Some(&body))
    }

    pub fn patch(&self, path: &str, token: &str, body: Value) -> Resp {
        self.call("PATCH", path, Some(token), Some(&body))
    }

    pub fn delete(&self, path: &str, token: &str) -> Resp {
        self.call("DELETE", path, Some(token), None)
    }

    /// Creates an event and returns its id.
    pub fn event(&self, token: &str, name: &str) -> i64 {
        let r = self.post("/events", token, json!({"item": {"name": name}}));
        assert_eq!(r.status, 201, "create event: {}", r.text);
        r.item()["id"].as_i64().expect("event id")
    }

    /// Creates an attendee field and returns it.
    pub fn field(&self, token: &str, event: i64, item: Value) -> Value {
        let r = self.post(
            &format!("/events/{event}/attendee_fields"),
            token,
            json!({ "item": item }),
        );
        assert_eq!(r.status, 201, "create field: {}", r.text);
        r.item()
    }

    /// Creates an attendee and returns it.
    pub fn attendee(&self, token: &str, event: i64, item: Value) -> Value {
        let r = self.post(
            &format!("/events/{event}/attendees"),
            token,
            json!({ "item": item }),
        );
        assert_eq!(r.status, 201, "create attendee: {}", r.text);
        r.item()
    }

    /// GETs one attendee, asserting 200, and returns it.
    pub fn fetch_attendee(&self, token: &str, event: i64, id: i64) -> Value {
        let r = self.get(&format!("/events/{event}/attendees/{id}"), token);
        assert_eq!(r.status, 200, "get attendee: {}", r.text);
        r.item()
    }

    /// The attendee's `checkin_status`.
    pub fn checkin_status(&self, token: &str, event: i64, id: i64) -> String {
        self.fetch_attendee(token, event, id)["checkin_status"]
            .as_str()
            .expect("checkin_status")
            .to_owned()
    }

    /// Every attendee of the event, page by page (100 a page).
    pub fn all_attendees(&self, token: &str, event: i64) -> Vec<Value> {
        let mut all = Vec::new();
        for page in 1.. {
            let r = self.get(
                &format!("/events/{event}/attendees?per_page=100&page={page}"),
                token,
            );
            assert_eq!(r.status, 200, "{}", r.text);
            let items = r.json()["items"].as_array().cloned().unwrap_or_default();
            if items.is_empty() {
                break;
            }
            all.extend(items);
        }
        all
    }

    /// `entrada sync configure` on this server's database for `events` of `remote`, with
    /// `base` as the remote's root (the remote itself, or a proxy), a new client of the
    /// remote and its secret on stdin; asserts the secret appears in no output. Answers
    /// the printed configuration and the secret.
    pub fn configure_sync_at(&self, remote: &Server, base: &str, events: &str) -> (Value, String) {
        let (id, secret) = remote.create_client("read write");
        let api = format!("{base}/api/v2");
        let mut child = Command::new(BIN)
            .args(["sync", "configure", "--base-url", &api, "--auth-url", base])
            .args([
                "--client-id",
                &id,
                "--client-secret-stdin",
                "--events",
                events,
            ])
            .arg("--db")
            .arg(&self.db)
            .env("ENTRADA_LOG", "entrada=debug")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sync configure");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(format!("{secret}\n").as_bytes())
            .expect("write secret");
        let out = child.wait_with_output().expect("sync configure ends");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let printed = String::from_utf8_lossy(&out.stdout).to_string();
        let logs = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(
            !printed.contains(&secret) && !logs.contains(&secret),
            "the secret leaked"
        );
        (serde_json::from_str(printed.trim()).expect("json"), secret)
    }

    /// `total_count` of the event's attendee list, asserting 200.
    pub fn attendee_count(&self, token: &str, event: i64) -> i64 {
        let r = self.get(&format!("/events/{event}/attendees?per_page=1"), token);
        assert_eq!(r.status, 200, "list attendees: {}", r.text);
        r.json()["metadata"]["total_count"]
            .as_i64()
            .expect("integer total_count")
    }

    /// Creates a registration type (with `capacity` when given) and returns its id.
    pub fn registration_type(
        &self,
        token: &str,
        event: i64,
        name: &str,
        capacity: Option<i64>,
    ) -> i64 {
        let mut item = json!({ "name": name });
        if let Some(capacity) = capacity {
            item["capacity"] = json!(capacity);
        }
        let r = self.post(
            &format!("/events/{event}/registration_types"),
            token,
            json!({ "item": item }),
        );
        assert_eq!(r.status, 201, "create registration type: {}", r.text);
        id_of(&r.item())
    }

    /// POSTs a scan `item`, asserts the 200 result's shape ([`Resp::scan_result`]) and returns it.
    pub fn scan_item(&self, token: &str, event: i64, item: Value) -> Value {
        self.post(
            &format!("/events/{event}/scans"),
            token,
            json!({ "item": item }),
        )
        .scan_result()
    }

    /// Scans `code` with `action` ([`Server::scan_item`]) and returns the result.
    pub fn scan(&self, token: &str, event: i64, code: &str, action: &str) -> Value {
        self.scan_item(token, event, json!({"code": code, "action": action}))
    }

    /// Creates a user with a role in an account (`users create --password-stdin`).
    pub fn create_user(&self, email: &str, role: &str, account: i64, password: &str) {
        use std::io::Write as _;
        let mut child = Command::new(BIN)
            .args([
                "users",
                "create",
                "--email",
                email,
                "--name",
                "Test Person",
                "--role",
                role,
            ])
            .args([
                "--account",
                &account.to_string(),
                "--password-stdin",
                "--db",
            ])
            .arg(&self.db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run users create");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(format!("{password}\n").as_bytes())
            .expect("write password");
        let out = child.wait_with_output().expect("users create");
        assert!(out.status.success(), "users create failed");
    }

    /// Signs in through the authorization-code + PKCE flow of the built-in `entrada-kiosk`
    /// client, as the kiosk UI does, and returns the personal access token.
    pub fn personal_token(&self, email: &str, password: &str) -> String {
        self.personal_token_response(email, password)["access_token"]
            .as_str()
            .expect("access_token")
            .to_owned()
    }

    /// The whole token response of a sign-in (authorization code with PKCE).
    pub fn personal_token_response(&self, email: &str, password: &str) -> Value {
        let (status, location, page) =
            self.post_sign_in(&[("email", email), ("password", password)]);
        assert_eq!(status, 303, "sign-in did not redirect: {page}");
        self.exchange_sign_in_code(&location.expect("location"))
    }

    /// The first sign-in with a temporary passphrase (issue 37, 7): the page asks for a
    /// new one, `own` is chosen, and the sign-in goes on. The personal access token.
    pub fn first_sign_in(&self, email: &str, temporary: &str, own: &str) -> String {
        let (status, _, page) = self.post_sign_in(&[("email", email), ("password", temporary)]);
        assert_eq!(
            status, 200,
            "a temporary passphrase asks for a new one: {page}"
        );
        let ticket = hidden_value(&page, "change_ticket").expect("change_ticket in the page");
        let (status, location, page) = self.post_sign_in(&[
            ("change_ticket", ticket.as_str()),
            ("new_password", own),
            ("new_password_again", own),
        ]);
        assert_eq!(status, 303, "the new passphrase signs in: {page}");
        self.exchange_sign_in_code(&location.expect("location"))["access_token"]
            .as_str()
            .expect("access_token")
            .to_owned()
    }

    /// Posts the sign-in form of the kiosk's own client (its authorization parameters
    /// and a fresh form token) with `fields`: the status, `Location` and page.
    pub fn post_sign_in(&self, fields: &[(&str, &str)]) -> (u16, Option<String>, String) {
        use base64::Engine as _;
        use sha2::Digest as _;
        let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(sha2::Sha256::digest(SIGN_IN_VERIFIER));
        let client = Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        let params = [
            ("response_type", "code"),
            ("client_id", "entrada-kiosk"),
            ("redirect_uri", SIGN_IN_REDIRECT),
            ("code_challenge", challenge.as_str()),
            ("code_challenge_method", "S256"),
            ("state", "test"),
        ];
        let csrf = self.sign_in_form_token(&params);
        let mut form = params.to_vec();
        form.push(("csrf_token", csrf.as_str()));
        form.extend_from_slice(fields);
        let answer = client
            .post(format!("{}/oauth/authorize", self.base))
            .form(&form)
            .send()
            .expect("sign in");
        let status = answer.status().as_u16();
        let location = answer
            .headers()
            .get("location")
            .and_then(|l| l.to_str().ok())
            .map(str::to_owned);
        (status, location, answer.text().unwrap_or_default())
    }

    /// Exchanges the code of a sign-in's redirect for the token response.
    pub fn exchange_sign_in_code(&self, location: &str) -> Value {
        let code = url::Url::parse(location)
            .expect("location is a URL")
            .query_pairs()
            .find(|(k, _)| k == "code")
            .map(|(_, v)| v.into_owned())
            .expect("code in the redirect");
        let resp = self.token_request(
            &[
                ("grant_type", "authorization_code"),
                ("code", &code),
                ("redirect_uri", SIGN_IN_REDIRECT),
                ("client_id", "entrada-kiosk"),
                ("code_verifier", SIGN_IN_VERIFIER),
            ],
            None,
        );
        assert_eq!(resp.status, 200, "code exchange: {}", resp.text);
        resp.json()
    }

    /// The `csrf_token` of the sign-in page shown for these authorization parameters.
    pub fn sign_in_form_token(&self, params: &[(&str, &str)]) -> String {
        let url = url::Url::parse_with_params(&format!("{}/oauth/authorize", self.base), params)
            .expect("authorize URL");
        let page = self
            .http
            .get(url)
            .send()
            .expect("GET /oauth/authorize")
            .text()
            .expect("sign-in page");
        form_token(&page).unwrap_or_else(|| panic!("no csrf_token in the sign-in page: {page}"))
    }

    /// A personal token of a new organiser of account 1 (send `X-Account-Id: 1` with it).
    pub fn organiser_token(&self) -> String {
        let email = format!("organiser-{}@example.org", self.pid());
        self.create_user(&email, "organiser", 1, "a-long-organiser-passphrase");
        self.personal_token(&email, "a-long-organiser-passphrase")
    }

    /// Sends SIGTERM and waits for the exit status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        for _ in 0..100 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("server did not exit after SIGTERM");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client that shows redirects instead of following them.
pub fn no_redirects() -> Client {
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client")
}

const SIGN_IN_VERIFIER: &str = "test-verifier-0123456789-abcdefghijklmnopqrstuvwxyz";
const SIGN_IN_REDIRECT: &str = "http://127.0.0.1:9/oauth/callback";

/// The value of the hidden field `name` of a page.
pub fn hidden_value(page: &str, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\" value=\"");
    let at = page.find(&marker)? + marker.len();
    let end = page[at..].find('"')?;
    Some(page[at..at + end].to_owned())
}

/// The `csrf_token` hidden field of a sign-in page.
pub fn form_token(page: &str) -> Option<String> {
    let at = page.find("name=\"csrf_token\" value=\"")? + "name=\"csrf_token\" value=\"".len();
    let rest = &page[at..];
    Some(rest[..rest.find('"')?].to_owned())
}

/// `{root}{path}`, or `path` itself when it is a full URL already.
fn url_under(root: &str, path: &str) -> String {
    if path.starts_with("http") {
        path.to_owned()
    } else {
        format!("{root}{path}")
    }
}

pub fn into_resp(r: reqwest::blocking::Response) -> Resp {
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    let text = r.text().expect("body");
    Resp {
        status,
        headers,
        text,
    }
}

/// Asserts that some message contains `needle`.
pub fn assert_mentions(errors: &[String], needle: &str) {
    assert!(
        errors.iter().any(|e| e.contains(needle)),
        "no error mentions {needle:?}: {errors:?}"
    );
}

/// A server, a `read write` token and one event, "Conference".
pub fn setup() -> (Server, String, i64) {
    setup_with(&[])
}

/// [`setup`] with more arguments for `serve`.
pub fn setup_with(extra: &[&str]) -> (Server, String, i64) {
    let s = Server::start_with(extra);
    let t = s.token("read write");
    let event = s.event(&t, "Conference");
    (s, t, event)
}

/// The integer `id` of a record.
pub fn id_of(v: &Value) -> i64 {
    v["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no integer id in {v}"))
}

/// The value an attendee holds for the field with this id (panics if it is not listed).
pub fn answer(attendee: &Value, field_id: i64) -> Value {
    attendee["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields array in {attendee}"))
        .iter()
        .find(|fv| id_of(&fv["field"]) == field_id)
        .unwrap_or_else(|| panic!("field {field_id} not listed in {attendee}"))["value"]
        .clone()
}

/// The value an attendee holds for the field labelled `label` (null if it is not listed).
pub fn labelled_answer(attendee: &Value, label: &str) -> Value {
    attendee["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields array in {attendee}"))
        .iter()
        .find(|f| f["field"]["label"] == label)
        .map_or(Value::Null, |f| f["value"].clone())
}

/// The paths and writes of one kind of record under an event (`attendees`, `attendee_fields`).
pub struct Records(pub &'static str);

impl Records {
    /// `/events/{event}/{kind}`.
    pub fn list_path(&self, event: i64) -> String {
        format!("/events/{event}/{}", self.0)
    }

    /// `/events/{event}/{kind}/{id}`.
    pub fn one_path(&self, event: i64, id: i64) -> String {
        format!("/events/{event}/{}/{id}", self.0)
    }

    /// POSTs `{item}` to the list.
    pub fn create(&self, s: &Server, token: &str, event: i64, item: Value) -> Resp {
        s.post(&self.list_path(event), token, json!({ "item": item }))
    }

    /// PATCHes `{item}` onto one record.
    pub fn update(&self, s: &Server, token: &str, event: i64, id: i64, item: Value) -> Resp {
        s.patch(&self.one_path(event, id), token, json!({ "item": item }))
    }
}

/// The query of an authorization request with PKCE (S256), as `(name, value)` pairs.
pub fn authorize_params(
    client_id: &str,
    redirect_uri: &str,
    challenge: &str,
    state: &str,
) -> Vec<(String, String)> {
    [
        ("response_type", "code"),
        ("client_id", client_id),
        ("redirect_uri", redirect_uri),
        ("code_challenge", challenge),
        ("code_challenge_method", "S256"),
        ("state", state),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

/// The value of attribute `name` in an opening tag's text (after ` name="`), unescaped.
pub fn attr(tag: &str, name: &str) -> Option<String> {
    let needle = format!(" {name}=\"");
    let start = tag.find(&needle)? + needle.len();
    let end = start + tag[start..].find('"')?;
    Some(unescape(&tag[start..end]))
}

/// HTML text with the five escaped characters put back.
pub fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Asks `probe` every 50 ms until it gives a value, for at most `limit`: for what only
/// the clock moves on (a token's lifetime, a rate limit's window), the test waits for
/// the state it needs rather than a fixed time with a margin (issue 42).
pub fn eventually<T>(what: &str, limit: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
    let until = std::time::Instant::now() + limit;
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(
            std::time::Instant::now() < until,
            "not within {limit:?}: {what}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Every item of a paged list (`per_page=100`).
pub fn all_items(server: &Server, token: &str, path: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let sep = if path.contains('?') { '&' } else { '?' };
    for page in 1.. {
        let r = server.get(&format!("{path}{sep}per_page=100&page={page}"), token);
        assert_eq!(r.status, 200, "{}", r.text);
        let items = r.json()["items"].as_array().expect("items").clone();
        if items.is_empty() {
            break;
        }
        out.extend(items);
    }
    out
}
