//! Sync between two real servers over real HTTP: a kiosk (`entrada serve`) mirroring an
//! event of a remote (another `entrada serve`), offline changes, two kiosks admitting
//! one ticket, and the command line.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{BIN, Resp, Server};
use serde_json::{Value, json};

/// A kiosk whose background sync stays out of the way (rounds are run by the test).
fn kiosk() -> Server {
    Server::start_with(&["--sync-interval", "3600", "--rate-limit", "0"])
}

/// `entrada sync configure` on the kiosk's database, the secret on stdin.
fn configure(kiosk: &Server, remote: &Server, events: &str) -> (Value, String) {
    configure_at(kiosk, remote, &remote.base, events)
}

/// `sync configure` with `base` as the remote's root (the remote itself, or a proxy).
fn configure_at(kiosk: &Server, remote: &Server, base: &str, events: &str) -> (Value, String) {
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
        .arg(&kiosk.db)
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

/// Runs a round through `POST /kiosk/sync/run`, waiting out a background round.
fn run(kiosk: &Server, token: &str) -> Value {
    // A round through a faulty network may take minutes: wait for it.
    let patient = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(900))
        .build()
        .expect("client");
    for _ in 0..1500 {
        let r = common::into_resp(
            patient
                .post(format!("{}/kiosk/sync/run", kiosk.base))
                .bearer_auth(token)
                .send()
                .expect("sync run"),
        );
        if r.status == 409 {
            std::thread::sleep(Duration::from_millis(200));
            continue;
        }
        assert_eq!(r.status, 200, "{}", r.text);
        return r.json();
    }
    panic!("a sync round never became free");
}

fn status(kiosk: &Server, token: &str) -> Value {
    let r = kiosk.call(
        "GET",
        &format!("{}/kiosk/sync", kiosk.base),
        Some(token),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.text);
    r.json()
}

fn total(r: &Resp) -> i64 {
    r.json()["metadata"]["total_count"]
        .as_i64()
        .expect("total_count")
}

/// The local copy of the remote event.
fn mirrored_event(kiosk: &Server, token: &str) -> i64 {
    let events = kiosk.get("/events", token).json();
    events["items"]
        .as_array()
        .expect("items")
        .last()
        .and_then(|e| e["id"].as_i64())
        .expect("a mirrored event")
}

#[test]
fn pull_offline_changes_and_push_each_change_once() {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Conference");
    let size = remote.field(
        &rt,
        event,
        json!({"label": "T-shirt", "type": "dropdown", "options": ["S", "M", "L"]}),
    )["id"]
        .as_i64()
        .expect("field");
    let mut codes = Vec::new();
    for i in 0..120 {
        let a = remote.attendee(
            &rt,
            event,
            json!({"first_name": format!("Guest{i}"), "last_name": "Remote",
                   "fields": [{"attendee_field_id": size, "value": "M"}]}),
        );
        codes.push(a["qr_code"].as_str().expect("code").to_owned());
    }

    let kiosk = kiosk();
    let kt = kiosk.token("read write check_in");
    let (view, _) = configure(&kiosk, &remote, &event.to_string());
    assert_eq!(view["client_secret_set"], true);
    assert!(view.get("client_secret").is_none());
    let first = run(&kiosk, &kt);
    assert_eq!(first["error"], Value::Null, "{first}");
    let pulled = first["pulled"].as_u64().expect("pulled");
    assert!(
        (120..240).contains(&pulled),
        "the first pull, then an incremental one: {first}"
    );
    let local = mirrored_event(&kiosk, &kt);
    assert_eq!(
        total(&kiosk.get(&format!("/events/{local}/attendees?per_page=1"), &kt)),
        120
    );
    // Remote tickets scan at the kiosk.
    let scan = kiosk.post(
        &format!("/events/{local}/scans"),
        &kt,
        json!({"item": {"code": codes[0], "action": "check_in"}}),
    );
    assert_eq!(scan.item()["outcome"], "ok", "{}", scan.text);
    let fields = kiosk
        .get(&format!("/events/{local}/attendee_fields"), &kt)
        .json();
    let local_field = fields["items"][0]["id"].as_i64().expect("mirrored field");
    assert_eq!(fields["items"][0]["label"], "T-shirt");

    // The network goes away.
    let mut remote = remote;
    remote.kill();
    for code in &codes[1..30] {
        let r = kiosk.post(
            &format!("/events/{local}/scans"),
            &kt,
            json!({"item": {"code": code, "action": "check_in"}}),
        );
        assert_eq!(r.item()["outcome"], "ok");
    }
    let mut walk_ins = Vec::new();
    for i in 0..5 {
        let a = kiosk.attendee(
            &kt,
            local,
            json!({"first_name": format!("Walk{i}"), "email": format!("walk{i}@example.com"),
                   "fields": [{"attendee_field_id": local_field, "value": "L"}]}),
        );
        walk_ins.push(a["qr_code"].as_str().expect("code").to_owned());
    }
    let edited = kiosk.patch(
        &format!("/events/{local}/attendee_fields/{local_field}"),
        &kt,
        json!({"item": {"label": "Shirt size"}}),
    );
    assert_eq!(edited.status, 200, "{}", edited.text);
    let before = status(&kiosk, &kt);
    assert_eq!(before["pending"], 1 + 29 + 5 + 1, "{before}");
    let offline = run(&kiosk, &kt);
    assert!(offline["error"].is_string(), "{offline}");
    assert_eq!(offline["reached"], false);
    assert_eq!(status(&kiosk, &kt)["online"], false);

    // It comes back.
    let remote = remote.restart_same_port(&[]);
    let rt = remote.token("read write");
    let back = run(&kiosk, &kt);
    assert_eq!(back["error"], Value::Null, "{back}");
    assert_eq!(status(&kiosk, &kt)["pending"], 0);
    let again = run(&kiosk, &kt);
    assert_eq!(again["confirmed"], 0, "nothing is sent twice: {again}");

    let stats = remote
        .get(&format!("/events/{event}/check_in_stats"), &rt)
        .json();
    let attendees = remote.get(&format!("/events/{event}/attendees?per_page=1"), &rt);
    assert_eq!(total(&attendees), 125, "the walk-ins, once each");
    let checked_in = remote.get(
        &format!("/events/{event}/attendees?per_page=1&checkin_status=checked_in"),
        &rt,
    );
    assert_eq!(total(&checked_in), 30, "{stats}");
    for code in &walk_ins {
        let found = remote.get(&format!("/events/{event}/attendees?qr_code={code}"), &rt);
        assert_eq!(
            total(&found),
            1,
            "walk-in {code} keeps its code on an Entrada remote"
        );
        assert_eq!(found.json()["items"][0]["fields"][0]["value"], "L");
    }
    let field = remote
        .get(&format!("/events/{event}/attendee_fields"), &rt)
        .json();
    assert_eq!(field["items"][0]["label"], "Shirt size");

    // A later pull brings exactly the remote's changes. (The field edit touched every
    // attendee in one millisecond, and the inclusive cursor fetches that millisecond
    // again until something newer happened: one change first moves it on.)
    let first_guest = remote
        .get(&format!("/events/{event}/attendees?per_page=1"), &rt)
        .json();
    let first_id = first_guest["items"][0]["id"].as_i64().expect("id");
    remote.patch(
        &format!("/events/{event}/attendees/{first_id}"),
        &rt,
        json!({"item": {"job_title": "Host"}}),
    );
    assert_eq!(run(&kiosk, &kt)["error"], Value::Null);
    let some = remote
        .get(
            &format!("/events/{event}/attendees?per_page=1&page=50"),
            &rt,
        )
        .json();
    let id = some["items"][0]["id"].as_i64().expect("id");
    let code = some["items"][0]["qr_code"]
        .as_str()
        .expect("code")
        .to_owned();
    let r = remote.patch(
        &format!("/events/{event}/attendees/{id}"),
        &rt,
        json!({"item": {"company": "Analytical Engines"}}),
    );
    assert_eq!(r.status, 200);
    let checked = remote.post(
        &format!("/events/{event}/attendees/{id}/check_in"),
        &rt,
        json!({}),
    );
    assert_eq!(checked.status, 200);
    let later = run(&kiosk, &kt);
    assert_eq!(later["error"], Value::Null);
    assert!(
        later["pulled"].as_u64().expect("pulled") < 20,
        "incremental: {later}"
    );
    let mine = kiosk
        .get(&format!("/events/{local}/attendees?qr_code={code}"), &kt)
        .json();
    assert_eq!(mine["items"][0]["company"], "Analytical Engines");
    assert_eq!(mine["items"][0]["checkin_status"], "checked_in");
    assert_eq!(status(&kiosk, &kt)["conflicts"], json!([]));
}

#[test]
fn two_kiosks_admit_one_ticket_once_and_the_second_is_a_duplicate_entry() {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Gala");
    let ada = remote.attendee(
        &rt,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace"}),
    );
    let code = ada["qr_code"].as_str().expect("code").to_owned();
    let id = ada["id"].as_i64().expect("id");

    let doors: Vec<(Server, String)> = (0..2)
        .map(|_| {
            let k = kiosk();
            let t = k.token("read write check_in");
            configure(&k, &remote, &event.to_string());
            assert_eq!(run(&k, &t)["error"], Value::Null);
            (k, t)
        })
        .collect();
    // Both admit Ada before either syncs.
    for (k, t) in &doors {
        let local = mirrored_event(k, t);
        let r = k.post(
            &format!("/events/{local}/scans"),
            t,
            json!({"item": {"code": code, "action": "check_in"}}),
        );
        assert_eq!(r.item()["outcome"], "ok");
    }
    for (k, t) in &doors {
        assert_eq!(run(k, t)["error"], Value::Null);
    }
    let history = remote
        .get(&format!("/events/{event}/attendees/{id}/check_ins"), &rt)
        .json();
    let ok = history["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|h| h["outcome"] == "ok" && h["action"] == "check_in")
        .count();
    assert_eq!(ok, 1, "one check-in on the remote: {history}");
    let first = status(&doors[0].0, &doors[0].1);
    let second = status(&doors[1].0, &doors[1].1);
    assert_eq!(first["conflicts"], json!([]));
    let conflicts = second["conflicts"].as_array().expect("conflicts");
    assert_eq!(conflicts.len(), 1, "{second}");
    assert_eq!(conflicts[0]["kind"], "duplicate_entry");
    assert!(conflicts[0]["attendee_id"].is_i64());
    assert_eq!(second["pending"], 0);
}

#[test]
fn configuration_is_checked_the_secret_never_returned_and_door_staff_kept_out() {
    let k = kiosk();
    let organiser = k.token("read write");
    let reader = k.token("read check_in");
    let put = |token: &str, item: Value| {
        k.call(
            "PUT",
            &format!("{}/kiosk/sync/config", k.base),
            Some(token),
            Some(&json!({"item": item})),
        )
    };
    let bad = put(
        &organiser,
        json!({"base_url": "ftp://x", "client_id": "", "events": []}),
    );
    let errors = bad.errors();
    assert!(errors.len() >= 4, "{errors:?}");
    assert_eq!(put(&reader, json!({})).status, 403);
    let good = put(
        &organiser,
        json!({"base_url": "http://127.0.0.1:9/api/v2", "auth_url": "http://127.0.0.1:9",
               "client_id": "kiosk-1", "client_secret": "very secret", "events": [4]}),
    );
    assert_eq!(good.status, 200, "{}", good.text);
    assert!(!good.text.contains("very secret"));
    let got = k.call(
        "GET",
        &format!("{}/kiosk/sync/config", k.base),
        Some(&organiser),
        None,
    );
    assert_eq!(got.json()["client_secret_set"], true);
    assert!(!got.text.contains("very secret"));
    // Changing it without the secret keeps the secret.
    let keep = put(
        &organiser,
        json!({"base_url": "http://127.0.0.1:9/api/v2", "auth_url": "http://127.0.0.1:9",
               "client_id": "kiosk-2", "events": [4, 5]}),
    );
    assert_eq!(keep.status, 200, "{}", keep.text);
    assert_eq!(keep.json()["events"], json!([4, 5]));
    // Door staff see the state, not the controls.
    assert_eq!(status(&k, &reader)["configured"], true);
    let r = k.call(
        "POST",
        &format!("{}/kiosk/sync/run", k.base),
        Some(&reader),
        None,
    );
    assert_eq!(r.status, 403);
    // An unreachable remote is a summary, not a failure of the request.
    let summary = run(&k, &organiser);
    assert_eq!(summary["reached"], false);
    assert!(summary["error"].is_string());
    let missing = k.call(
        "DELETE",
        &format!("{}/kiosk/sync/parked/99", k.base),
        Some(&organiser),
        None,
    );
    assert_eq!(missing.status, 404);
    // The CLI's round fails (non-zero) when the remote cannot be reached.
    let out = k.cli(&["sync", "run"]);
    assert!(!out.status.success());
}

/// A fault proxy between a kiosk and its remote: at random (fixed seed) it answers 500,
/// answers 429 with `Retry-After`, delays, resets the connection before forwarding, or
/// forwards the request and then drops the answer. With `spec_only`, it also hides that
/// the remote is an Entrada (the kiosk then has no idempotency keys to lean on).
mod fault_proxy {
    use std::pin::Pin;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::task::{Context, Poll};
    use std::time::Duration;

    use axum::body::{Body, Bytes};
    use axum::extract::{Request, State};
    use axum::http::{HeaderMap, HeaderValue, StatusCode};
    use axum::response::{IntoResponse, Response};
    use hyper::body::Frame;

    /// A body that fails at once: the client sees its connection cut.
    struct Reset;

    impl hyper::body::Body for Reset {
        type Data = Bytes;
        type Error = std::io::Error;
        fn poll_frame(
            self: Pin<&mut Self>,
            _: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
            Poll::Ready(Some(Err(std::io::Error::other(
                "connection reset by the fault proxy",
            ))))
        }
    }

    fn reset() -> Response {
        let mut r = Response::new(Body::new(Reset));
        r.headers_mut()
            .insert("content-length", HeaderValue::from_static("64"));
        r
    }

    pub struct Counts {
        pub requests: AtomicU64,
        pub faults: AtomicU64,
        pub lost_answers: AtomicU64,
    }

    struct Proxy {
        upstream: String,
        spec_only: bool,
        rng: Mutex<u64>,
        http: reqwest::Client,
        counts: std::sync::Arc<Counts>,
    }

    impl Proxy {
        fn roll(&self) -> u64 {
            let mut s = self.rng.lock().expect("rng");
            *s ^= *s << 13;
            *s ^= *s >> 7;
            *s ^= *s << 17;
            *s % 100
        }
    }

    async fn forward(State(p): State<std::sync::Arc<Proxy>>, req: Request) -> Response {
        p.counts.requests.fetch_add(1, Ordering::Relaxed);
        let path = req
            .uri()
            .path_and_query()
            .map(|q| q.as_str().to_owned())
            .unwrap_or_default();
        let openapi = path.ends_with("/openapi");
        let dice = if openapi { 99 } else { p.roll() };
        let fault = |c: &Counts| {
            c.faults.fetch_add(1, Ordering::Relaxed);
        };
        match dice {
            0..=7 => {
                fault(&p.counts);
                return (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "{\"error\": \"proxy 500\"}",
                )
                    .into_response();
            }
            8..=9 => {
                fault(&p.counts);
                let mut r =
                    (StatusCode::TOO_MANY_REQUESTS, "{\"error\": \"slow down\"}").into_response();
                r.headers_mut()
                    .insert("retry-after", HeaderValue::from_static("1"));
                return r;
            }
            10..=14 => {
                fault(&p.counts);
                return reset();
            }
            15..=24 => tokio::time::sleep(Duration::from_millis(60)).await,
            _ => {}
        }
        let method = req.method().clone();
        let headers: HeaderMap = req.headers().clone();
        let body = axum::body::to_bytes(req.into_body(), 1 << 20)
            .await
            .unwrap_or_default();
        let mut out = p
            .http
            .request(method, format!("{}{path}", p.upstream))
            .body(body);
        for name in [
            "authorization",
            "content-type",
            "idempotency-key",
            "x-device-name",
        ] {
            if let Some(v) = headers.get(name) {
                out = out.header(name, v.as_bytes());
            }
        }
        let Ok(answer) = out.send().await else {
            return reset();
        };
        let status = answer.status().as_u16();
        let mut copied = HeaderMap::new();
        for name in ["content-type", "retry-after"] {
            if let Some(v) = answer
                .headers()
                .get(name)
                .and_then(|v| HeaderValue::from_bytes(v.as_bytes()).ok())
            {
                copied.insert(name, v);
            }
        }
        let mut bytes = answer.bytes().await.unwrap_or_default().to_vec();
        // The request took effect; its answer is lost on the way back.
        if (25..=34).contains(&dice) {
            p.counts.lost_answers.fetch_add(1, Ordering::Relaxed);
            return reset();
        }
        if openapi && p.spec_only {
            bytes = String::from_utf8_lossy(&bytes)
                .replace("\"title\":\"Entrada", "\"title\":\"Some other server")
                .into_bytes();
        }
        let mut r = Response::new(Body::from(bytes));
        *r.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY);
        *r.headers_mut() = copied;
        r
    }

    /// Starts the proxy in front of `upstream` (`http://HOST:PORT`); answers its address.
    pub fn start(upstream: &str, seed: u64, spec_only: bool) -> (String, std::sync::Arc<Counts>) {
        let counts = std::sync::Arc::new(Counts {
            requests: AtomicU64::new(0),
            faults: AtomicU64::new(0),
            lost_answers: AtomicU64::new(0),
        });
        let proxy = std::sync::Arc::new(Proxy {
            upstream: upstream.to_owned(),
            spec_only,
            rng: Mutex::new(seed),
            http: reqwest::Client::new(),
            counts: counts.clone(),
        });
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind");
                tx.send(listener.local_addr().expect("addr"))
                    .expect("send addr");
                let app = axum::Router::new().fallback(forward).with_state(proxy);
                let _ = axum::serve(listener, app).await;
            });
        });
        let addr = rx.recv().expect("proxy address");
        (format!("http://{addr}"), counts)
    }
}

/// `sync configure` pointing at `base` (a proxy) for the remote's credentials.
fn configure_via(kiosk: &Server, remote: &Server, base: &str, events: &str) {
    configure_at(kiosk, remote, base, events);
}

/// Every attendee of an event, by qr_code: (names, company, check-in status).
fn state_of(server: &Server, token: &str, event: i64) -> std::collections::BTreeMap<String, Value> {
    let mut out = std::collections::BTreeMap::new();
    for page in 1.. {
        let r = server
            .get(
                &format!("/events/{event}/attendees?per_page=100&page={page}"),
                token,
            )
            .json();
        let items = r["items"].as_array().expect("items").clone();
        if items.is_empty() {
            break;
        }
        for a in items {
            out.insert(
                a["qr_code"].as_str().expect("code").to_owned(),
                json!([
                    a["first_name"],
                    a["last_name"],
                    a["company"],
                    a["checkin_status"]
                ]),
            );
        }
    }
    out
}

fn changes_under_faults(spec_only: bool, changes: usize, seed: u64) {
    let remote = Server::start_with(&["--rate-limit", "0"]);
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Faulty");
    let mut codes = Vec::new();
    for i in 0..60 {
        let a = remote.attendee(
            &rt,
            event,
            json!({"first_name": format!("P{i}"), "last_name": "Remote"}),
        );
        codes.push(a["qr_code"].as_str().expect("code").to_owned());
    }
    let (proxy, counts) = fault_proxy::start(&remote.base, seed, spec_only);
    let kiosk = kiosk();
    let kt = kiosk.token("read write check_in");
    configure_via(&kiosk, &remote, &proxy, &event.to_string());
    for _ in 0..10 {
        if run(&kiosk, &kt)["error"].is_null() {
            break;
        }
    }
    let local = mirrored_event(&kiosk, &kt);
    let ids: Vec<i64> = kiosk
        .get(&format!("/events/{local}/attendees?per_page=100"), &kt)
        .json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|a| a["id"].as_i64())
        .collect();
    assert_eq!(ids.len(), 60);
    // Mixed changes: check-in, check-out, undo, edits, walk-ins.
    let mut made = 0;
    let mut n = 0usize;
    while made < changes {
        n += 1;
        let id = ids[n % ids.len()];
        let r = match n % 10 {
            0..=3 => kiosk.post(
                &format!("/events/{local}/attendees/{id}/check_in"),
                &kt,
                json!({}),
            ),
            4..=5 => kiosk.patch(
                &format!("/events/{local}/attendees/{id}/check_in"),
                &kt,
                json!({}),
            ),
            6 => kiosk.delete(&format!("/events/{local}/attendees/{id}/check_in"), &kt),
            7..=8 => kiosk.patch(
                &format!("/events/{local}/attendees/{id}"),
                &kt,
                json!({"item": {"company": format!("Company {n}")}}),
            ),
            _ => kiosk.post(
                &format!("/events/{local}/attendees"),
                &kt,
                json!({"item": {"first_name": format!("Walk{n}"), "last_name": "In",
                                "email": format!("walk{n}@example.com")}}),
            ),
        };
        if matches!(r.status, 200 | 201) {
            made += 1;
        }
    }
    let mut last = Value::Null;
    for _ in 0..40 {
        last = run(&kiosk, &kt);
        if last["error"].is_null() && last["pending"] == 0 {
            break;
        }
    }
    assert_eq!(last["error"], Value::Null, "{last}");
    let st = status(&kiosk, &kt);
    assert_eq!(st["pending"], 0, "{st}");
    assert_eq!(st["parked"], json!([]), "{st}");
    assert_eq!(
        st["conflicts"],
        json!([]),
        "no false duplicate entries: {st}"
    );
    let here = state_of(&kiosk, &kt, local);
    let there = state_of(&remote, &rt, event);
    assert_eq!(here.len(), there.len(), "nothing lost, nothing doubled");
    assert_eq!(here, there, "the remote holds exactly the kiosk's state");
    eprintln!(
        "{} requests through the proxy, {} faults, {} answers lost after the work was done",
        counts.requests.load(std::sync::atomic::Ordering::Relaxed),
        counts.faults.load(std::sync::atomic::Ordering::Relaxed),
        counts
            .lost_answers
            .load(std::sync::atomic::Ordering::Relaxed)
    );
    assert!(
        counts
            .lost_answers
            .load(std::sync::atomic::Ordering::Relaxed)
            > 10
    );
}

#[test]
fn a_thousand_changes_through_a_faulty_network_to_an_entrada_remote() {
    changes_under_faults(false, 1000, 0x5EED_0001);
}

#[test]
fn changes_through_a_faulty_network_to_a_spec_only_remote() {
    changes_under_faults(true, 300, 0x5EED_0002);
}
