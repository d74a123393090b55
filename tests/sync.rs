//! Sync between two real servers over real HTTP: a kiosk (`entrada serve`) mirroring an
//! event of a remote (another `entrada serve`), offline changes, two kiosks admitting
//! one ticket, and the command line.

use crate::common;

use std::time::Duration;

use common::{Resp, Server, all_items, labelled_answer};
use serde_json::{Value, json};

/// A kiosk without background rounds: every round is one the test runs, so what a round
/// reports (pulled, sent) is all that happened.
fn kiosk() -> Server {
    Server::start_with(&["--sync-interval", "0", "--rate-limit", "0"])
}

/// `entrada sync configure` on the kiosk's database, the secret on stdin.
fn configure(kiosk: &Server, remote: &Server, events: &str) -> (Value, String) {
    configure_at(kiosk, remote, &remote.base, events)
}

/// `sync configure` with `base` as the remote's root (the remote itself, or a proxy).
fn configure_at(kiosk: &Server, remote: &Server, base: &str, events: &str) -> (Value, String) {
    kiosk.configure_sync_at(remote, base, events)
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

/// Runs rounds (at most `rounds`) until one completes with nothing pending, then checks
/// that the kiosk is clean: no error, nothing pending or parked, no conflict (no false
/// duplicate entry either).
fn settle(kiosk: &Server, token: &str, rounds: usize) {
    let mut last = Value::Null;
    for _ in 0..rounds {
        last = run(kiosk, token);
        if last["error"].is_null() && last["pending"] == 0 {
            break;
        }
    }
    assert_eq!(last["error"], Value::Null, "{last}");
    let st = status(kiosk, token);
    assert_eq!(st["pending"], 0, "{st}");
    assert_eq!(st["parked"], json!([]), "{st}");
    assert_eq!(st["conflicts"], json!([]), "no conflict: {st}");
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

/// `GET /kiosk/sync`, checked against the schema the served document gives it (strict:
/// a member the document does not describe fails, as a wrongly typed `details` or
/// `body` of a conflict or parked entry does; issue 37, 10).
fn documented_status(kiosk: &Server, token: &str) -> Value {
    let doc = kiosk
        .call("GET", &format!("{}/api/v2/openapi", kiosk.base), None, None)
        .json();
    let r = kiosk.call(
        "GET",
        &format!("{}/api/v2/kiosk/sync", kiosk.base),
        Some(token),
        None,
    );
    crate::openapi::Checker::new(doc).check("get", "/kiosk/sync", &r);
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

/// An attendee as both sides must agree on it, keyed by ticket code: members, check-in
/// status and answers by field label.
fn comparable(a: &Value) -> (String, Value) {
    let mut answers: Vec<(String, String)> = a["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .map(|f| {
            (
                f["field"]["label"].as_str().unwrap_or_default().to_owned(),
                f["value"].to_string(),
            )
        })
        .collect();
    answers.sort();
    let code = a["qr_code"].as_str().expect("code").to_owned();
    let members = json!([
        a["first_name"],
        a["last_name"],
        a["email"],
        a["phone"],
        a["job_title"],
        a["company"],
        a["rsvp_status"],
        a["checkin_status"],
        answers
    ]);
    (code, members)
}

fn everyone(server: &Server, token: &str, event: i64) -> std::collections::BTreeMap<String, Value> {
    all_items(server, token, &format!("/events/{event}/attendees"))
        .iter()
        .map(comparable)
        .collect()
}

#[test]
fn ten_thousand_pulled_offline_changes_pushed_once_and_remote_changes_pulled() {
    // The remote: the demo event with 10,000 attendees, 7 fields and their answers.
    let remote = Server::start_with(&["--demo", "--demo-attendees", "10000", "--rate-limit", "0"]);
    let rt = remote.token("read write");
    let event = remote.get("/events", &rt).json()["items"][0]["id"]
        .as_i64()
        .expect("the demo event");
    assert_eq!(
        total(&remote.get(&format!("/events/{event}/attendees?per_page=1"), &rt)),
        10_000
    );

    let kiosk = kiosk();
    let kt = kiosk.token("read write check_in");
    let (view, _) = configure(&kiosk, &remote, &event.to_string());
    assert_eq!(view["client_secret_set"], true);
    assert!(view.get("client_secret").is_none());
    let first = run(&kiosk, &kt);
    assert_eq!(first["error"], Value::Null, "{first}");
    assert!(
        first["pulled"].as_u64().expect("pulled") >= 10_000,
        "{first}"
    );
    let local = mirrored_event(&kiosk, &kt);
    let remote_fields = remote
        .get(&format!("/events/{event}/attendee_fields"), &rt)
        .json();
    let fields = kiosk
        .get(&format!("/events/{local}/attendee_fields"), &kt)
        .json();
    let labels = |f: &Value| -> Vec<Value> {
        f["items"]
            .as_array()
            .expect("items")
            .iter()
            .map(|x| json!([x["label"], x["type"], x["required"], x["options"]]))
            .collect()
    };
    assert_eq!(labels(&fields), labels(&remote_fields));
    assert!(labels(&fields).len() >= 5);
    assert_eq!(
        everyone(&kiosk, &kt, local),
        everyone(&remote, &rt, event),
        "the kiosk holds the remote's event: every attendee, member and answer"
    );

    // The network goes away; the door keeps working.
    let mut remote = remote;
    remote.kill();
    let admit = all_items(
        &kiosk,
        &kt,
        &format!("/events/{local}/attendees?checkin_status=not_checked_in&rsvp_status=confirmed"),
    );
    assert!(admit.len() >= 500);
    for a in &admit[..500] {
        let r = kiosk.post(
            &format!("/events/{local}/scans"),
            &kt,
            json!({"item": {"code": a["qr_code"], "action": "check_in"}}),
        );
        assert_eq!(r.item()["outcome"], "ok", "{}", r.text);
    }
    let shirt = fields["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|f| f["type"] == "dropdown" || f["type"] == "radio")
        .expect("a field with options")
        .clone();
    let option = shirt["options"][0].clone();
    let mut walk_ins = Vec::new();
    for i in 0..20 {
        let a = kiosk.post(
            &format!("/events/{local}/attendees"),
            &kt,
            json!({"item": {"first_name": format!("Walk{i}"), "last_name": "In",
                            "email": format!("walk{i}@example.com"),
                            "fields": [{"attendee_field_id": shirt["id"], "value": option}]}}),
        );
        assert_eq!(a.status, 201, "{}", a.text);
        walk_ins.push(a.item()["qr_code"].as_str().expect("code").to_owned());
    }
    let edited = kiosk.patch(
        &format!("/events/{local}/attendee_fields/{}", shirt["id"]),
        &kt,
        json!({"item": {"label": "Edited offline"}}),
    );
    assert_eq!(edited.status, 200, "{}", edited.text);
    assert_eq!(status(&kiosk, &kt)["pending"], 500 + 20 + 1);
    let offline = run(&kiosk, &kt);
    assert!(offline["error"].is_string(), "{offline}");
    assert_eq!(offline["reached"], false);
    assert_eq!(status(&kiosk, &kt)["online"], false);

    // It comes back: exactly those changes arrive, once each.
    let remote = remote.restart_same_port(&["--rate-limit", "0"]);
    let rt = remote.token("read write");
    let back = run(&kiosk, &kt);
    assert_eq!(back["error"], Value::Null, "{back}");
    assert_eq!(back["confirmed"], 521, "{back}");
    assert_eq!(status(&kiosk, &kt)["pending"], 0);
    // The field edit re-stamped every attendee on the remote. A pull that asks within the
    // cursor's 2 s clock margin of such a change reads them all once more (SYNC.md, Pull);
    // past it the cursor moves on, and the later pull below brings only what changed.
    // Rounds until the cursor is past it (the state, not the clock): none sends anything.
    common::eventually(
        "a round whose pull is past the re-stamp",
        std::time::Duration::from_secs(60),
        || {
            let again = run(&kiosk, &kt);
            assert_eq!(again["error"], Value::Null, "{again}");
            assert_eq!(again["confirmed"], 0, "nothing is sent twice: {again}");
            (again["pulled"].as_u64().expect("pulled") <= 20).then_some(())
        },
    );
    assert_eq!(
        total(&remote.get(&format!("/events/{event}/attendees?per_page=1"), &rt)),
        10_020,
        "the walk-ins, once each"
    );
    assert_eq!(
        total(&remote.get(
            &format!("/events/{event}/attendees?per_page=1&checkin_status=checked_in"),
            &rt
        )),
        500
    );
    let history = remote
        .get(&format!("/events/{event}/check_ins?per_page=1"), &rt)
        .json();
    assert_eq!(
        history["metadata"]["total_count"], 500,
        "one check-in each on the remote"
    );
    for code in &walk_ins {
        let found = remote.get(&format!("/events/{event}/attendees?qr_code={code}"), &rt);
        assert_eq!(total(&found), 1, "walk-in {code} keeps its code");
        assert_eq!(found.json()["items"][0]["fields"][0]["value"], option);
    }
    let label = remote
        .get(&format!("/events/{event}/attendee_fields"), &rt)
        .json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .any(|f| f["label"] == "Edited offline");
    assert!(label, "the field edit arrived");
    assert_eq!(everyone(&kiosk, &kt, local), everyone(&remote, &rt, event));

    // A later pull brings exactly the remote's changes: 30 edits and 20 check-ins made
    // on the remote (say, by another kiosk), 40 attendees in all.
    let sample = all_items(
        &remote,
        &rt,
        &format!("/events/{event}/attendees?checkin_status=not_checked_in&rsvp_status=confirmed"),
    );
    let mut changed = std::collections::BTreeSet::new();
    for (i, a) in sample.iter().step_by(97).take(30).enumerate() {
        let id = a["id"].as_i64().expect("id");
        let r = remote.patch(
            &format!("/events/{event}/attendees/{id}"),
            &rt,
            json!({"item": {"company": format!("Remote change {i}")}}),
        );
        assert_eq!(r.status, 200);
        changed.insert(id);
    }
    for a in sample.iter().skip(10).step_by(89).take(20) {
        let id = a["id"].as_i64().expect("id");
        let r = remote.post(
            &format!("/events/{event}/attendees/{id}/check_in"),
            &rt,
            json!({}),
        );
        assert_eq!(r.status, 200, "{}", r.text);
        changed.insert(id);
    }
    let later = run(&kiosk, &kt);
    assert_eq!(later["error"], Value::Null, "{later}");
    let pulled = later["pulled"].as_u64().expect("pulled") as usize;
    assert!(
        // The cursor is inclusive (less 5 ms): the last few records of the previous
        // round may come again, nothing more.
        pulled >= changed.len() && pulled <= changed.len() + 20,
        "incremental: {pulled} pulled for {} changed: {later}",
        changed.len()
    );
    assert_eq!(everyone(&kiosk, &kt, local), everyone(&remote, &rt, event));
    assert_eq!(status(&kiosk, &kt)["conflicts"], json!([]));
}

#[test]
fn two_kiosks_admit_one_ticket_once_and_the_second_is_a_duplicate_entry() {
    let (remote, rt, event, ada) = remote_with_ada();
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
    let second = documented_status(&doors[1].0, &doors[1].1);
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
    // The settings are for a signed-in organiser; the rounds for any `write` token.
    let person = k.organiser_token();
    let reader = k.token("read check_in");
    let put = |token: &str, item: Value| {
        k.call_with(
            "PUT",
            &format!("{}/kiosk/sync/config", k.base),
            Some(token),
            &[("X-Account-Id", "1")],
            Some(&json!({"item": item})),
        )
    };
    let bad = put(
        &person,
        json!({"base_url": "ftp://x", "client_id": "", "events": []}),
    );
    let errors = bad.errors();
    assert!(errors.len() >= 4, "{errors:?}");
    assert_eq!(put(&reader, json!({})).status, 403);
    let good = put(
        &person,
        json!({"base_url": "http://127.0.0.1:9/api/v2", "auth_url": "http://127.0.0.1:9",
               "client_id": "kiosk-1", "client_secret": "very secret", "events": [4]}),
    );
    assert_eq!(good.status, 200, "{}", good.text);
    assert!(!good.text.contains("very secret"));
    let got = k.call_with(
        "GET",
        &format!("{}/kiosk/sync/config", k.base),
        Some(&person),
        &[("X-Account-Id", "1")],
        None,
    );
    assert_eq!(got.json()["client_secret_set"], true);
    assert!(!got.text.contains("very secret"));
    // Changing it without the secret keeps the secret.
    let keep = put(
        &person,
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
    let error = summary["error"].as_str().expect("an error");
    assert!(
        error.contains("connection failed") && !error.contains(": client error"),
        "the token request's failure in words: {error}"
    );
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

/// Guards against a round that cannot find the remote's name reporting only "the remote
/// could not be reached: token request: client error": it says what the connection test
/// says (the same words, from the same code), in the run's summary and in the status.
#[test]
fn a_remote_whose_name_is_not_found_is_reported_as_the_connection_test_reports_it() {
    let k = kiosk();
    let organiser = k.token("read write");
    let person = k.organiser_token();
    let remote = json!({"base_url": "https://no-such-host.invalid/api/v2",
        "auth_url": "https://no-such-host.invalid", "client_id": "kiosk-1",
        "client_secret": "very secret"});
    let probe = k.call_with(
        "POST",
        &format!("{}/api/v2/kiosk/sync/test", k.base),
        Some(&person),
        &[("X-Account-Id", "1")],
        Some(&json!({"item": remote})),
    );
    assert_eq!(probe.status, 200, "{}", probe.text);
    let probe = probe.json();
    assert_eq!(probe["stage"], "dns", "{probe}");
    let words = probe["message"].as_str().expect("a message").to_owned();
    assert!(words.contains("no-such-host.invalid"), "{words}");

    let mut config = remote.clone();
    config["events"] = json!([1]);
    let put = k.call_with(
        "PUT",
        &format!("{}/api/v2/kiosk/sync/config", k.base),
        Some(&person),
        &[("X-Account-Id", "1")],
        Some(&json!({"item": config})),
    );
    assert_eq!(put.status, 200, "{}", put.text);
    let summary = run(&k, &organiser);
    assert_eq!(summary["reached"], false, "{summary}");
    assert_eq!(summary["error"], words.as_str(), "{summary}");
    let st = status(&k, &organiser);
    assert_eq!(st["last_error"], words.as_str(), "{st}");
    assert_eq!(st["online"], false);
}

/// A fault proxy between a kiosk and its remote: at random (fixed seed) it answers 500,
/// answers 429 with `Retry-After`, delays, resets the connection before forwarding, or
/// forwards the request and then drops the answer. With `spec_only`, it also hides that
/// the remote is an Entrada (the kiosk then has no idempotency keys to lean on).
mod fault_proxy {
    use std::pin::Pin;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
        /// While set, every connection is cut (the network is gone).
        pub offline: AtomicBool,
        /// Milliseconds every forwarded request waits (a slow network).
        pub delay_ms: AtomicU64,
        /// Requests to `/oauth/token` seen.
        pub token_requests: AtomicU64,
        /// The next this many API requests are answered 401 (the remote forgot the
        /// token, or no longer accepts the kiosk's credentials).
        pub unauthorized: AtomicU64,
        /// When the last 429 (with `Retry-After: 1`) went out, until the next request.
        pub last_429: Mutex<Option<std::time::Instant>>,
        /// Requests that came sooner than the `Retry-After` of the 429 before them.
        pub too_soon_after_429: AtomicU64,
        /// The next PATCH is forwarded, its answer dropped, and the network then goes
        /// offline: the change is made on the remote, the kiosk cannot know.
        pub lose_next_patch_answer: AtomicBool,
    }

    struct Proxy {
        upstream: String,
        /// Faults at random; without, only `offline` and `delay_ms` apply.
        faulty: bool,
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
        // The sync sends one request at a time: the one after a 429 must wait it out.
        let last = p.counts.last_429.lock().expect("lock").take();
        if last.is_some_and(|at| at.elapsed() < Duration::from_millis(950)) {
            p.counts.too_soon_after_429.fetch_add(1, Ordering::Relaxed);
        }
        let path = req
            .uri()
            .path_and_query()
            .map(|q| q.as_str().to_owned())
            .unwrap_or_default();
        if p.counts.offline.load(Ordering::Relaxed) {
            return reset();
        }
        if path.starts_with("/oauth/token") {
            p.counts.token_requests.fetch_add(1, Ordering::Relaxed);
        } else if p
            .counts
            .unauthorized
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            let mut r = (
                StatusCode::UNAUTHORIZED,
                "{\"error\": \"The access token is not valid.\"}",
            )
                .into_response();
            r.headers_mut().insert(
                "www-authenticate",
                HeaderValue::from_static("Bearer error=\"invalid_token\""),
            );
            return r;
        }
        let delay = p.counts.delay_ms.load(Ordering::Relaxed);
        if delay > 0 {
            tokio::time::sleep(Duration::from_millis(delay)).await;
        }
        let openapi = path.ends_with("/openapi");
        let dice = if openapi || !p.faulty { 99 } else { p.roll() };
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
                *p.counts.last_429.lock().expect("lock") = Some(std::time::Instant::now());
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
        let method_was_patch = method == axum::http::Method::PATCH;
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
        if method_was_patch
            && p.counts
                .lose_next_patch_answer
                .swap(false, Ordering::SeqCst)
        {
            p.counts.offline.store(true, Ordering::SeqCst);
            return reset();
        }
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

    /// A proxy that only forwards, until it is told to go offline or slow down.
    pub fn switch(upstream: &str) -> (String, std::sync::Arc<Counts>) {
        open(upstream, 0, false, false)
    }

    /// Starts the proxy in front of `upstream` (`http://HOST:PORT`); answers its address.
    pub fn start(upstream: &str, seed: u64, spec_only: bool) -> (String, std::sync::Arc<Counts>) {
        open(upstream, seed, spec_only, true)
    }

    fn open(
        upstream: &str,
        seed: u64,
        spec_only: bool,
        faulty: bool,
    ) -> (String, std::sync::Arc<Counts>) {
        let counts = std::sync::Arc::new(Counts {
            requests: AtomicU64::new(0),
            faults: AtomicU64::new(0),
            lost_answers: AtomicU64::new(0),
            offline: AtomicBool::new(false),
            delay_ms: AtomicU64::new(0),
            token_requests: AtomicU64::new(0),
            unauthorized: AtomicU64::new(0),
            last_429: Mutex::new(None),
            too_soon_after_429: AtomicU64::new(0),
            lose_next_patch_answer: AtomicBool::new(false),
        });
        let proxy = std::sync::Arc::new(Proxy {
            upstream: upstream.to_owned(),
            faulty,
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

/// The id of the attendee of `event` with ticket `code` (a JSON string) on `server`.
fn id_by_code(server: &Server, token: &str, event: i64, code: &Value) -> i64 {
    let code = code.as_str().expect("code");
    server
        .get(&format!("/events/{event}/attendees?qr_code={code}"), token)
        .json()["items"][0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no attendee with code {code} in event {event}"))
}

/// A remote with one event, "Gala", and one attendee, Ada Lovelace: (remote, its token
/// with read write, the event's id, Ada).
fn remote_with_ada() -> (Server, String, i64, Value) {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Gala");
    let ada = remote.attendee(
        &rt,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace"}),
    );
    (remote, rt, event, ada)
}

/// Every attendee of an event, by qr_code: (names, company, check-in status).
fn state_of(server: &Server, token: &str, event: i64) -> std::collections::BTreeMap<String, Value> {
    let mut out = std::collections::BTreeMap::new();
    for a in server.all_attendees(token, event) {
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
    out
}

pub fn changes_under_faults(spec_only: bool, changes: usize, seed: u64) {
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
    let mut walk_in_codes = Vec::new();
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
        if r.status == 201 {
            walk_in_codes.push(r.item()["qr_code"].as_str().expect("code").to_owned());
        }
    }
    settle(&kiosk, &kt, 40);
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
    assert_eq!(
        counts
            .too_soon_after_429
            .load(std::sync::atomic::Ordering::Relaxed),
        0,
        "every 429 was waited out as its Retry-After said"
    );
    // Every walk-in's ticket, printed with the kiosk's code, still scans here (with a
    // spec-only remote the record now holds the remote's code, the kiosk's is an alias).
    assert!(!walk_in_codes.is_empty());
    for code in &walk_in_codes {
        let r = kiosk.post(
            &format!("/events/{local}/scans"),
            &kt,
            json!({"item": {"code": code, "action": "check_in"}}),
        );
        assert_eq!(r.item()["outcome"], "ok", "{code}: {}", r.text);
    }
}

// Its two tests (a thousand changes to an Entrada remote, 300 to a spec-only one) are in
// tests/it.rs's `a_longest_first`, so that they start first.

/// A kiosk mirroring `event` of `remote` through a switchable proxy (the network), after
/// its first round.
fn behind_a_switch(
    remote: &Server,
    event: i64,
) -> (Server, String, i64, std::sync::Arc<fault_proxy::Counts>) {
    let (proxy, net) = fault_proxy::switch(&remote.base);
    let kiosk = kiosk();
    let kt = kiosk.token("read write check_in");
    configure_via(&kiosk, remote, &proxy, &event.to_string());
    assert_eq!(run(&kiosk, &kt)["error"], Value::Null);
    let local = mirrored_event(&kiosk, &kt);
    (kiosk, kt, local, net)
}

fn offline(net: &fault_proxy::Counts, yes: bool) {
    net.offline.store(yes, std::sync::atomic::Ordering::SeqCst);
}

/// A call to one of the kiosk's own routes (under its root, not the API).
fn kiosk_call(kiosk: &Server, method: &str, path: &str, token: &str, body: Option<Value>) -> Resp {
    kiosk.call_root(method, path, Some(token), &[], body.as_ref())
}

#[test]
fn a_kiosk_killed_in_the_middle_of_a_round_finishes_it_after_a_restart() {
    let remote = Server::start_with(&["--rate-limit", "0"]);
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Power cut");
    for i in 0..300 {
        remote.attendee(
            &rt,
            event,
            json!({"first_name": format!("C{i}"), "last_name": "Remote"}),
        );
    }
    let (kiosk, kt, local, net) = behind_a_switch(&remote, event);
    offline(&net, true);
    let people = all_items(&kiosk, &kt, &format!("/events/{local}/attendees"));
    assert_eq!(people.len(), 300);
    let mut walk_ins = 0;
    for (i, a) in people.iter().enumerate() {
        let id = a["id"].as_i64().expect("id");
        let r = kiosk.post(
            &format!("/events/{local}/attendees/{id}/check_in"),
            &kt,
            json!({}),
        );
        assert_eq!(r.status, 200, "{}", r.text);
        if i % 5 == 0 {
            let r = kiosk.patch(
                &format!("/events/{local}/attendees/{id}"),
                &kt,
                json!({"item": {"company": format!("Company {i}")}}),
            );
            assert_eq!(r.status, 200, "{}", r.text);
        }
        if i % 7 == 0 {
            kiosk.attendee(
                &kt,
                local,
                json!({"first_name": format!("Walk{i}"), "last_name": "In"}),
            );
            walk_ins += 1;
        }
    }
    let queued = status(&kiosk, &kt)["pending"].as_i64().expect("pending");
    assert_eq!(queued, 300 + 60 + walk_ins);

    // The network is back but slow; a round starts (the background one or ours).
    net.delay_ms.store(8, std::sync::atomic::Ordering::SeqCst);
    offline(&net, false);
    let (base, token) = (kiosk.base.clone(), kt.clone());
    let runner = std::thread::spawn(move || {
        let _ = reqwest::blocking::Client::new()
            .post(format!("{base}/kiosk/sync/run"))
            .bearer_auth(token)
            .send();
    });
    let arrived = |server: &Server| {
        total(&server.get(
            &format!("/events/{event}/attendees?per_page=1&checkin_status=checked_in"),
            &rt,
        ))
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    while arrived(&remote) < 40 {
        assert!(
            std::time::Instant::now() < deadline,
            "the round never started"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // Power cut in the middle of the round.
    let kiosk = kiosk.crash_and_restart();
    let at_kill = arrived(&remote);
    assert!(at_kill < 300, "killed in the middle, not after: {at_kill}");
    let _ = runner.join();
    net.delay_ms.store(0, std::sync::atomic::Ordering::SeqCst);

    settle(&kiosk, &kt, 10);
    assert_eq!(arrived(&remote), 300);
    assert_eq!(
        total(&remote.get(&format!("/events/{event}/attendees?per_page=1"), &rt)),
        300 + walk_ins,
        "every walk-in once"
    );
    let history = remote.get(&format!("/events/{event}/check_ins?per_page=1"), &rt);
    assert_eq!(
        total(&history),
        300,
        "each check-in reached the remote once"
    );
    assert_eq!(everyone(&kiosk, &kt, local), everyone(&remote, &rt, event));
}

#[test]
fn an_attendee_edited_on_both_sides_keeps_the_later_change_of_each_member() {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Edits");
    let ra = remote.attendee(
        &rt,
        event,
        json!({"first_name": "Ada", "company": "Before"}),
    );
    let rb = remote.attendee(
        &rt,
        event,
        json!({"first_name": "Bob", "company": "Before"}),
    );
    let (kiosk, kt, local, net) = behind_a_switch(&remote, event);
    let find = |code: &Value| id_by_code(&kiosk, &kt, local, code);
    let (a, b) = (find(&ra["qr_code"]), find(&rb["qr_code"]));
    offline(&net, true);
    let pause = || std::thread::sleep(Duration::from_millis(30));
    // Ada: the kiosk first, then the remote (the remote's company is later).
    let r = kiosk.patch(
        &format!("/events/{local}/attendees/{a}"),
        &kt,
        json!({"item": {"company": "Kiosk", "job_title": "Kiosk title"}}),
    );
    assert_eq!(r.status, 200);
    pause();
    let (rid_a, rid_b) = (
        ra["id"].as_i64().expect("id"),
        rb["id"].as_i64().expect("id"),
    );
    let r = remote.patch(
        &format!("/events/{event}/attendees/{rid_a}"),
        &rt,
        json!({"item": {"company": "Remote"}}),
    );
    assert_eq!(r.status, 200);
    // Bob: the remote first, then the kiosk (the kiosk's is later).
    let r = remote.patch(
        &format!("/events/{event}/attendees/{rid_b}"),
        &rt,
        json!({"item": {"company": "Remote"}}),
    );
    assert_eq!(r.status, 200);
    pause();
    let r = kiosk.patch(
        &format!("/events/{local}/attendees/{b}"),
        &kt,
        json!({"item": {"company": "Kiosk"}}),
    );
    assert_eq!(r.status, 200);
    offline(&net, false);
    let summary = run(&kiosk, &kt);
    assert_eq!(summary["error"], Value::Null, "{summary}");

    let there = |id: i64| {
        remote
            .get(&format!("/events/{event}/attendees/{id}"), &rt)
            .item()
    };
    let here = |id: i64| {
        kiosk
            .get(&format!("/events/{local}/attendees/{id}"), &kt)
            .item()
    };
    assert_eq!(
        there(rid_a)["company"],
        "Remote",
        "the remote's later change is kept"
    );
    assert_eq!(
        there(rid_a)["job_title"],
        "Kiosk title",
        "a member only the kiosk changed goes"
    );
    assert_eq!(here(a)["company"], "Remote");
    assert_eq!(here(a)["job_title"], "Kiosk title");
    assert_eq!(
        there(rid_b)["company"],
        "Kiosk",
        "the kiosk's later change is kept"
    );
    assert_eq!(here(b)["company"], "Kiosk");
    let st = documented_status(&kiosk, &kt);
    let conflicts = st["conflicts"].as_array().expect("conflicts");
    assert_eq!(conflicts.len(), 2, "{st}");
    let of = |id: i64| {
        conflicts
            .iter()
            .find(|c| c["attendee_id"] == id)
            .unwrap_or_else(|| panic!("no conflict for {id}: {st}"))
    };
    assert_eq!(of(a)["kind"], "edit");
    assert_eq!(of(a)["details"]["member"], "company");
    assert_eq!(of(a)["details"]["kept"], "remote");
    assert_eq!(of(b)["details"]["kept"], "local");
    assert_eq!(of(b)["details"]["remote"], "Remote");
    // Settled: another round changes and records nothing.
    assert_eq!(run(&kiosk, &kt)["confirmed"], 0);
    assert_eq!(
        status(&kiosk, &kt)["conflicts"].as_array().map(Vec::len),
        Some(2)
    );
}

#[test]
fn a_field_deleted_on_the_remote_while_edited_here_is_reported_not_resurrected() {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Deleted");
    let rf = remote.field(
        &rt,
        event,
        json!({"label": "Badge name", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field");
    remote.field(
        &rt,
        event,
        json!({"label": "Diet", "type": "dietary_requirements"}),
    );
    let (kiosk, kt, local, net) = behind_a_switch(&remote, event);
    let fields = kiosk
        .get(&format!("/events/{local}/attendee_fields"), &kt)
        .json();
    let f = fields["items"][0]["id"].as_i64().expect("field");
    offline(&net, true);
    let r = kiosk.patch(
        &format!("/events/{local}/attendee_fields/{f}"),
        &kt,
        json!({"item": {"label": "Name on the badge"}}),
    );
    assert_eq!(r.status, 200);
    assert_eq!(
        remote
            .delete(&format!("/events/{event}/attendee_fields/{rf}"), &rt)
            .status,
        200
    );
    offline(&net, false);
    let summary = run(&kiosk, &kt);
    assert_eq!(summary["error"], Value::Null, "{summary}");
    assert_eq!(summary["parked"], 1, "{summary}");
    let st = documented_status(&kiosk, &kt);
    let parked = st["parked"].as_array().expect("parked").clone();
    assert_eq!(parked.len(), 1, "{st}");
    assert_eq!(parked[0]["kind"], "field_update");
    assert_eq!(parked[0]["status"], 404);
    assert!(parked[0]["message"].is_string());
    let conflicts = st["conflicts"].as_array().expect("conflicts").clone();
    assert_eq!(conflicts.len(), 1, "{st}");
    assert_eq!(conflicts[0]["kind"], "deleted_remotely");
    let remote_labels = remote
        .get(&format!("/events/{event}/attendee_fields"), &rt)
        .text;
    assert!(
        !remote_labels.contains("badge"),
        "not re-created: {remote_labels}"
    );
    // Reported once, however many rounds pass.
    run(&kiosk, &kt);
    assert_eq!(
        status(&kiosk, &kt)["conflicts"].as_array().map(Vec::len),
        Some(1)
    );
    // Staff drop the change: the field goes here too.
    let id = parked[0]["id"].as_i64().expect("id");
    let dropped = kiosk_call(
        &kiosk,
        "DELETE",
        &format!("/kiosk/sync/parked/{id}"),
        &kt,
        None,
    );
    assert_eq!(dropped.status, 200, "{}", dropped.text);
    assert_eq!(dropped.json()["parked"], json!([]));
    assert_eq!(run(&kiosk, &kt)["error"], Value::Null);
    let left = kiosk
        .get(&format!("/events/{local}/attendee_fields"), &kt)
        .json();
    assert_eq!(left["items"].as_array().map(Vec::len), Some(1), "{left}");
    assert_eq!(left["items"][0]["label"], "Diet");
}

#[test]
fn a_refused_change_is_parked_with_its_dependants_and_staff_edit_or_retry_it() {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Refusals");
    let rf = remote.field(
        &rt,
        event,
        json!({"label": "Company size", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field");
    let rx = remote.attendee(&rt, event, json!({"first_name": "Xena"}));
    let (kiosk, kt, local, net) = behind_a_switch(&remote, event);
    let f = kiosk
        .get(&format!("/events/{local}/attendee_fields"), &kt)
        .json()["items"][0]["id"]
        .as_i64()
        .expect("field");
    let x = id_by_code(&kiosk, &kt, local, &rx["qr_code"]);
    offline(&net, true);
    // Meanwhile the organiser makes the question required on the remote.
    let r = remote.patch(
        &format!("/events/{event}/attendee_fields/{rf}"),
        &rt,
        json!({"item": {"required": true}}),
    );
    assert_eq!(r.status, 200);
    let w = kiosk.attendee(
        &kt,
        local,
        json!({"first_name": "Wanda", "last_name": "Walkin"}),
    );
    let w_id = w["id"].as_i64().expect("id");
    let r = kiosk.post(
        &format!("/events/{local}/attendees/{w_id}/check_in"),
        &kt,
        json!({}),
    );
    assert_eq!(r.status, 200);
    let r = kiosk.post(
        &format!("/events/{local}/attendees/{x}/check_in"),
        &kt,
        json!({}),
    );
    assert_eq!(r.status, 200);
    let v = kiosk.attendee(
        &kt,
        local,
        json!({"first_name": "Vera", "last_name": "Walkin"}),
    );
    offline(&net, false);
    let summary = run(&kiosk, &kt);
    assert_eq!(summary["error"], Value::Null, "{summary}");
    assert_eq!(summary["parked"], 2, "both walk-ins: {summary}");
    assert_eq!(
        summary["confirmed"], 1,
        "Xena's check-in flows past them: {summary}"
    );
    let rx_id = rx["id"].as_i64().expect("id");
    assert_eq!(
        remote
            .get(&format!("/events/{event}/attendees/{rx_id}"), &rt)
            .item()["checkin_status"],
        "checked_in"
    );
    let st = status(&kiosk, &kt);
    let parked = st["parked"].as_array().expect("parked").clone();
    assert_eq!(parked.len(), 2, "{st}");
    for p in &parked {
        assert_eq!(p["kind"], "attendee_create");
        assert_eq!(p["status"], 422);
        assert!(
            p["message"]
                .as_str()
                .is_some_and(|m| m.contains("required")),
            "the remote's words: {p}"
        );
    }
    assert_eq!(st["pending"], 1, "Wanda's check-in: {st}");
    // The command line's round completes too (exit 0) and lists what is parked.
    let out = kiosk.cli(&["sync", "run"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(printed.matches("parked #").count(), 2, "{printed}");
    assert!(
        printed.contains("required"),
        "with the remote's words: {printed}"
    );
    let wanda = parked
        .iter()
        .find(|p| p["record_id"] == w_id)
        .expect("Wanda's entry");
    let vera = parked
        .iter()
        .find(|p| p["record_id"] == v["id"])
        .expect("Vera's entry");

    // Edit: a person answers the question in what is sent.
    let mut body = wanda["body"].clone();
    body["item"]["fields"] = json!([{"attendee_field_id": f, "value": "50-100"}]);
    let door = kiosk.token("read check_in");
    let path = format!("/kiosk/sync/parked/{}", wanda["id"]);
    let refused = kiosk_call(
        &kiosk,
        "PATCH",
        &path,
        &door,
        Some(json!({"item": {"body": body}})),
    );
    assert_eq!(refused.status, 403, "door staff cannot");
    let edited = kiosk_call(
        &kiosk,
        "PATCH",
        &path,
        &kt,
        Some(json!({"item": {"body": body}})),
    );
    assert_eq!(edited.status, 200, "{}", edited.text);
    assert_eq!(edited.json()["parked"].as_array().map(Vec::len), Some(1));
    // Retry: the organiser relaxes the question again on the remote, then retries Vera.
    let r = remote.patch(
        &format!("/events/{event}/attendee_fields/{rf}"),
        &rt,
        json!({"item": {"required": false}}),
    );
    assert_eq!(r.status, 200);
    let retried = kiosk_call(
        &kiosk,
        "POST",
        &format!("/kiosk/sync/parked/{}/retry", vera["id"]),
        &kt,
        None,
    );
    assert_eq!(retried.status, 200, "{}", retried.text);
    assert_eq!(retried.json()["parked"], json!([]));

    let summary = run(&kiosk, &kt);
    assert_eq!(summary["error"], Value::Null, "{summary}");
    let st = status(&kiosk, &kt);
    assert_eq!(st["pending"], 0, "{st}");
    assert_eq!(st["parked"], json!([]), "{st}");
    let there = remote.get(
        &format!(
            "/events/{event}/attendees?qr_code={}",
            w["qr_code"].as_str().expect("code")
        ),
        &rt,
    );
    assert_eq!(total(&there), 1);
    let wanda_there = &there.json()["items"][0];
    assert_eq!(
        wanda_there["checkin_status"], "checked_in",
        "her check-in followed"
    );
    assert_eq!(wanda_there["fields"][0]["value"], "50-100");
    assert_eq!(
        total(&remote.get(&format!("/events/{event}/attendees?per_page=1"), &rt)),
        3
    );
    // The kiosk takes the remote's record of the edited walk-in (with the answer).
    run(&kiosk, &kt);
    assert_eq!(everyone(&kiosk, &kt, local), everyone(&remote, &rt, event));
}

#[test]
fn one_token_serves_many_rounds_a_401_renews_it_once_and_refused_credentials_stop_the_round() {
    use std::sync::atomic::Ordering;
    let (remote, _, event, _) = remote_with_ada();
    let (proxy, net) = fault_proxy::switch(&remote.base);
    let kiosk = kiosk();
    let kt = kiosk.token("read write check_in");
    configure_via(&kiosk, &remote, &proxy, &event.to_string());
    let tokens = || net.token_requests.load(Ordering::SeqCst);
    for _ in 0..3 {
        assert_eq!(run(&kiosk, &kt)["error"], Value::Null);
    }
    assert_eq!(tokens(), 1, "one token for three rounds");

    // The remote no longer knows the token: one 401, a new token, the request again.
    net.unauthorized.store(1, Ordering::SeqCst);
    let summary = run(&kiosk, &kt);
    assert_eq!(summary["error"], Value::Null, "{summary}");
    assert_eq!(tokens(), 2, "one new token after the 401");
    assert_eq!(run(&kiosk, &kt)["error"], Value::Null);
    assert_eq!(tokens(), 2, "and that one is kept");

    // The credentials are refused for good: one renewal, then the round stops and says so.
    net.unauthorized.store(1_000, Ordering::SeqCst);
    let summary = run(&kiosk, &kt);
    let error = summary["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("refused the kiosk's credentials"),
        "{summary}"
    );
    assert_eq!(summary["reached"], true, "{summary}");
    assert_eq!(tokens(), 3, "one renewal, not a loop");
}

#[test]
fn serve_syncs_in_the_background_soon_after_a_change_and_picks_up_a_new_configuration() {
    let (remote, rt, event, ada) = remote_with_ada();
    // The default interval, as a kiosk runs it.
    let kiosk = Server::start_with(&["--sync-interval", "30", "--rate-limit", "0"]);
    let kt = kiosk.token("read write check_in");
    let within = |what: &str, limit: Duration, done: &dyn Fn() -> bool| {
        let until = std::time::Instant::now() + limit;
        while !done() {
            assert!(
                std::time::Instant::now() < until,
                "not within {limit:?}: {what}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    // First a wrong address: the background rounds fail and back off.
    configure_at(&kiosk, &remote, "http://127.0.0.1:9", &event.to_string());
    within(
        "a failed background round",
        Duration::from_secs(30),
        &|| status(&kiosk, &kt)["last_error"].is_string(),
    );
    // Until the loop says it backs off: failures in a row, its next round seconds away.
    let at = |v: &Value| {
        chrono::DateTime::parse_from_rfc3339(v.as_str().expect("an RFC 3339 time"))
            .expect("an RFC 3339 time")
    };
    let backed_off = || {
        let s = status(&kiosk, &kt);
        let ahead = at(&s["next_round_at"]) - chrono::Utc::now().fixed_offset();
        (s["consecutive_failures"].as_u64().unwrap_or(0) >= 3
            && ahead > chrono::Duration::seconds(3))
        .then_some(s)
    };
    within(
        "three failed rounds in a row, the next one backed off",
        Duration::from_secs(40),
        &|| backed_off().is_some(),
    );
    let backing_off = backed_off().expect("still backing off");
    let next_on_its_own = at(&backing_off["next_round_at"]);
    // The right address: picked up at once, not at the backed-off round, nor by hand.
    configure(&kiosk, &remote, &event.to_string());
    within(
        "the new configuration's first round",
        Duration::from_secs(30),
        &|| status(&kiosk, &kt)["last_success_at"].is_string(),
    );
    let first = status(&kiosk, &kt);
    assert!(
        at(&first["last_success_at"]) < next_on_its_own,
        "the new configuration waited for the backoff: {first} (next round was {next_on_its_own})"
    );
    assert_eq!(first["consecutive_failures"], 0, "{first}");
    assert!(
        at(&first["next_round_at"]) > at(&first["last_success_at"]),
        "the next round is an interval after the success: {first}"
    );
    let local = mirrored_event(&kiosk, &kt);
    // A check-in at the door reaches the remote soon, again without a round by hand.
    let r = kiosk.post(
        &format!("/events/{local}/scans"),
        &kt,
        json!({"item": {"code": ada["qr_code"], "action": "check_in"}}),
    );
    assert_eq!(r.item()["outcome"], "ok");
    let id = ada["id"].as_i64().expect("id");
    within(
        "the check-in on the remote",
        Duration::from_secs(15),
        &|| {
            remote
                .get(&format!("/events/{event}/attendees/{id}"), &rt)
                .item()["checkin_status"]
                == "checked_in"
        },
    );
}

#[test]
fn attendees_imported_from_csv_into_a_mirrored_event_reach_the_remote_once() {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Gala");
    let kiosk = kiosk();
    let kt = kiosk.token("read write check_in");
    configure(&kiosk, &remote, &event.to_string());
    assert_eq!(run(&kiosk, &kt)["error"], Value::Null);
    let local = mirrored_event(&kiosk, &kt);
    let csv = "first_name,last_name,email\n\
               Ada,Lovelace,ada@example.com\n\
               Grace,Hopper,grace@example.com\n\
               Alan,Turing,alan@example.com\n";
    let import = |csv: &str| {
        kiosk.call_raw(
            "POST",
            &format!("/events/{local}/imports/attendees"),
            Some(&kt),
            "text/csv",
            csv.as_bytes().to_vec(),
        )
    };
    let r = import(csv);
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["created"], 3, "{}", r.text);
    settle(&kiosk, &kt, 5);
    assert_eq!(everyone(&kiosk, &kt, local), everyone(&remote, &rt, event));
    // The same file again changes nothing and sends nothing; a changed row goes as an edit.
    let r = import(csv);
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        status(&kiosk, &kt)["pending"],
        0,
        "a re-import queues nothing"
    );
    let r = import(&csv.replace("Alan,Turing", "Alan,Mathison Turing"));
    assert_eq!(r.item()["updated"], 1, "{}", r.text);
    settle(&kiosk, &kt, 5);
    let there = everyone(&remote, &rt, event);
    assert_eq!(there.len(), 3, "no second copy on the remote");
    assert_eq!(everyone(&kiosk, &kt, local), there);
    assert!(
        there
            .values()
            .any(|a| a.to_string().contains("Mathison Turing")),
        "{there:?}"
    );
}

#[test]
fn field_changes_and_answers_made_at_the_kiosk_reach_the_remote() {
    let (remote, rt, event, ada) = remote_with_ada();
    for item in [
        json!({"label": "T-shirt size", "type": "dropdown", "options": ["S", "M", "L"]}),
        json!({"label": "Diet", "type": "short_text"}),
        json!({"label": "Company size", "type": "short_text"}),
    ] {
        remote.field(&rt, event, item);
    }
    let kiosk = kiosk();
    let kt = kiosk.token("read write check_in");
    configure(&kiosk, &remote, &event.to_string());
    assert_eq!(run(&kiosk, &kt)["error"], Value::Null);
    let local = mirrored_event(&kiosk, &kt);
    // Fields are not paged: one GET has them all.
    let form = |s: &Server, t: &str, e: i64| -> Vec<Value> {
        s.get(&format!("/events/{e}/attendee_fields"), t).json()["items"]
            .as_array()
            .expect("items")
            .clone()
    };
    let local_field = |label: &str| -> i64 {
        form(&kiosk, &kt, local)
            .iter()
            .find(|f| f["label"] == label)
            .and_then(|f| f["id"].as_i64())
            .unwrap_or_else(|| panic!("no field {label} at the kiosk"))
    };
    // At the kiosk: a new question, a move, a deletion, a new option, and answers.
    let allergies = kiosk.field(
        &kt,
        local,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("id");
    let fields = format!("/events/{local}/attendee_fields");
    let r = kiosk.patch(
        &format!("{fields}/{}", local_field("Company size")),
        &kt,
        json!({"item": {"position": 1}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let r = kiosk.delete(&format!("{fields}/{}", local_field("Diet")), &kt);
    assert!(matches!(r.status, 200 | 204), "{}", r.text);
    let size = local_field("T-shirt size");
    let r = kiosk.patch(
        &format!("{fields}/{size}"),
        &kt,
        json!({"item": {"options": ["S", "M", "L", "XL"]}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let ada_here = id_by_code(&kiosk, &kt, local, &ada["qr_code"]);
    let r = kiosk.patch(
        &format!("/events/{local}/attendees/{ada_here}"),
        &kt,
        json!({"item": {"fields": [
            {"attendee_field_id": size, "value": "XL"},
            {"attendee_field_id": allergies, "value": "Peanuts"}
        ]}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    settle(&kiosk, &kt, 5);

    let shape = |s: &Server, t: &str, e: i64| -> Vec<Value> {
        form(s, t, e)
            .iter()
            .map(|f| json!([f["label"], f["type"], f["options"], f["position"]]))
            .collect()
    };
    let there = shape(&remote, &rt, event);
    assert_eq!(
        there,
        shape(&kiosk, &kt, local),
        "the same form on both sides"
    );
    let labels: Vec<&str> = there.iter().filter_map(|f| f[0].as_str()).collect();
    assert_eq!(labels, ["Company size", "T-shirt size", "Allergies"]);
    assert_eq!(
        everyone(&kiosk, &kt, local),
        everyone(&remote, &rt, event),
        "Ada's answers arrived"
    );
    let id = ada["id"].as_i64().expect("id");
    let ada_there = remote
        .get(&format!("/events/{event}/attendees/{id}"), &rt)
        .item();
    assert_eq!(labelled_answer(&ada_there, "T-shirt size"), json!("XL"));
    assert_eq!(labelled_answer(&ada_there, "Allergies"), json!("Peanuts"));
}

#[test]
fn an_edit_whose_answer_was_lost_is_not_a_conflict_with_itself() {
    use std::sync::atomic::Ordering;
    let (remote, rt, event, ada) = remote_with_ada();
    let (kiosk, kt, local, net) = behind_a_switch(&remote, event);
    let here = id_by_code(&kiosk, &kt, local, &ada["qr_code"]);
    let edit = |company: &str| {
        let r = kiosk.patch(
            &format!("/events/{local}/attendees/{here}"),
            &kt,
            json!({"item": {"company": company}}),
        );
        assert_eq!(r.status, 200, "{}", r.text);
    };
    // The first edit reaches the remote, its answer does not, and the network goes (set
    // first: a background round may send the edits as soon as they are made).
    net.lose_next_patch_answer.store(true, Ordering::SeqCst);
    edit("Analytical Engines");
    edit("Difference Engines");
    let summary = run(&kiosk, &kt);
    assert!(summary["error"].is_string(), "{summary}");
    offline(&net, false);
    settle(&kiosk, &kt, 5);
    let id = ada["id"].as_i64().expect("id");
    assert_eq!(
        remote
            .get(&format!("/events/{event}/attendees/{id}"), &rt)
            .item()["company"],
        "Difference Engines",
        "the later edit wins on the remote"
    );
    assert_eq!(everyone(&kiosk, &kt, local), everyone(&remote, &rt, event));
}

/// A remote that holds every connection it accepts without answering, until released;
/// after that it closes new ones at once. A round against it runs until release.
struct Holder {
    port: u16,
    accepted: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    release: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Holder {
    fn start() -> Holder {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let accepted = std::sync::Arc::new(AtomicUsize::new(0));
        let release = std::sync::Arc::new(AtomicBool::new(false));
        let (count, released) = (accepted.clone(), release.clone());
        std::thread::spawn(move || {
            let mut held = Vec::new();
            listener.set_nonblocking(true).expect("nonblocking");
            loop {
                if released.load(Ordering::SeqCst) {
                    held.clear();
                }
                match listener.accept() {
                    Ok((tcp, _)) => {
                        count.fetch_add(1, Ordering::SeqCst);
                        if !released.load(Ordering::SeqCst) {
                            held.push(tcp);
                        }
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Holder {
            port,
            accepted,
            release,
        }
    }
}

/// Guards against `entrada sync run` refusing while a round runs (issue 37, 1): the
/// command waits for the running round (here one `POST /kiosk/sync/run` started, held
/// by a remote that does not answer), then runs its own round and reports it.
#[test]
fn sync_run_waits_for_a_running_round_and_then_runs_its_own() {
    use std::sync::atomic::Ordering;
    let remote = Server::start();
    let k = kiosk();
    let holder = Holder::start();
    let base = format!("http://127.0.0.1:{}", holder.port);
    configure_at(&k, &remote, &base, "1");
    let token = k.token("read write");

    // A round that runs until the remote is released.
    let (kiosk_base, held_token) = (k.base.clone(), token.clone());
    let running = std::thread::spawn(move || {
        reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(300))
            .build()
            .expect("client")
            .post(format!("{kiosk_base}/kiosk/sync/run"))
            .bearer_auth(held_token)
            .send()
            .expect("sync run")
            .status()
            .as_u16()
    });
    while holder.accepted.load(Ordering::SeqCst) == 0 {
        std::thread::sleep(Duration::from_millis(10));
    }
    // The command asks for a round meanwhile.
    let command = std::process::Command::new(common::BIN)
        .args(["sync", "run", "--db"])
        .arg(&k.db)
        .env_remove("ENTRADA_DB")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("entrada sync run");
    // It waits: the running round holds its lease until the remote lets go.
    let mut waited = 0;
    let mut command = command;
    while waited < 10 {
        assert!(
            command.try_wait().expect("wait").is_none(),
            "the command ended while the other round ran"
        );
        std::thread::sleep(Duration::from_millis(100));
        waited += 1;
    }
    holder.release.store(true, Ordering::SeqCst);
    assert_eq!(running.join().expect("the running round"), 200);
    let out = command.wait_with_output().expect("sync run ends");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!said.contains("already running"), "{said}");
    assert!(said.contains("sync: "), "its own round's summary: {said}");
    // The remote cannot be reached: the round did not complete, so the exit is 1 (the
    // documented rule), with its own round's words.
    assert!(!out.status.success(), "{said}");
    let asked = holder.accepted.load(Ordering::SeqCst);
    assert!(
        asked >= 2,
        "the command's round called the remote too ({asked})"
    );

    // With no sync configured, a run is a state of the kiosk: 409.
    let bare = kiosk();
    let t = bare.token("read write");
    let r = bare.post("/kiosk/sync/run", &t, json!(null));
    assert_eq!(r.status, 409, "{}", r.text);
}

/// Issue 37, 11: a DNS server that never answers. The kiosk runs in a mount namespace of
/// its own whose `/etc/resolv.conf` names a loopback address where this test holds a UDP
/// socket that reads nothing, so the system's resolver waits out its timeouts (glibc: 5 s
/// a try, two tries). `POST /kiosk/sync/run` still answers within a few seconds (the
/// sync's lookups give up after 2 s), and with `Prefer: respond-async` at once (202),
/// the round going on in the background until `GET /kiosk/sync` says it ended.
#[test]
fn a_round_answers_promptly_when_the_dns_server_is_silent() {
    let silent = (2..200)
        .find_map(|i| std::net::UdpSocket::bind(format!("127.0.77.{i}:53")).ok())
        .expect("this test binds port 53 of a loopback address (root is needed)");
    let address = silent.local_addr().expect("bound").ip();
    let files = tempfile::tempdir().expect("tempdir");
    let resolv = files.path().join("resolv.conf");
    std::fs::write(&resolv, format!("nameserver {address}\n")).expect("write resolv.conf");
    let resolv = resolv.to_str().expect("a UTF-8 path").to_owned();
    let k = Server::start_wrapped(
        tempfile::tempdir().expect("tempdir"),
        &[
            "unshare",
            "-m",
            "sh",
            "-c",
            "mount --bind \"$0\" /etc/resolv.conf && exec \"$@\"",
            &resolv,
        ],
        &["--sync-interval", "0", "--rate-limit", "0"],
    );
    let person = k.organiser_token();
    let put = k.call_with(
        "PUT",
        &format!("{}/kiosk/sync/config", k.base),
        Some(&person),
        &[("X-Account-Id", "1")],
        Some(&json!({"item": {
            "base_url": "https://sync.silent-dns.example/api/v2",
            "auth_url": "https://sync.silent-dns.example",
            "client_id": "kiosk-1", "client_secret": "very secret", "events": [1]}})),
    );
    assert_eq!(put.status, 200, "{}", put.text);
    let token = k.token("read write");

    let started = std::time::Instant::now();
    let r = k.call(
        "POST",
        &format!("{}/kiosk/sync/run", k.base),
        Some(&token),
        None,
    );
    let took = started.elapsed();
    assert_eq!(r.status, 200, "{}", r.text);
    let summary = r.json();
    assert_eq!(summary["reached"], false, "{summary}");
    assert!(
        summary["error"]
            .as_str()
            .is_some_and(|e| e.contains("sync.silent-dns.example") && e.contains("DNS")),
        "the round says the name was not found: {summary}"
    );
    assert!(
        took < Duration::from_secs(5),
        "the round waited {took:?} on a silent DNS server"
    );
    let before = status(&k, &token)["last_attempt_at"].clone();
    assert!(before.is_string(), "the round was recorded");

    // With `Prefer: respond-async` the answer does not wait for the round at all.
    let started = std::time::Instant::now();
    let r = k.call_with(
        "POST",
        &format!("{}/kiosk/sync/run", k.base),
        Some(&token),
        &[("Prefer", "respond-async")],
        None,
    );
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "202 at once, not after {:?}",
        started.elapsed()
    );
    assert_eq!(r.status, 202, "{}", r.text);
    assert_eq!(
        r.header("preference-applied").as_deref(),
        Some("respond-async")
    );
    assert_eq!(r.header("location").as_deref(), Some("/api/v2/kiosk/sync"));
    assert_eq!(r.json()["configured"], true, "{}", r.text);
    // The round ran in the background, and says so when it ends.
    let after = common::eventually("the background round ends", Duration::from_secs(30), || {
        let s = status(&k, &token);
        (s["running"] == false && s["last_attempt_at"] != before).then_some(s)
    });
    assert!(
        after["last_error"]
            .as_str()
            .is_some_and(|e| e.contains("DNS")),
        "{after}"
    );
    // Without a configuration there is no round to start, at once or not.
    let other = Server::start_with(&["--sync-interval", "0"]);
    let r = other.call_with(
        "POST",
        &format!("{}/kiosk/sync/run", other.base),
        Some(&other.token("read write")),
        &[("Prefer", "respond-async")],
        None,
    );
    assert_eq!(r.status, 409, "{}", r.text);
    drop(silent);
}
