//! Idempotency-Key on writes: stored first answers, replays, conflicts, scoping.

use crate::common;

use common::{Resp, Server, into_resp};
use serde_json::{Value, json};

fn send(s: &Server, method: &str, path: &str, token: &str, key: &str, body: Option<Value>) -> Resp {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
    let mut req = s
        .http
        .request(method, format!("{}{path}", s.api))
        .bearer_auth(token)
        .header("Idempotency-Key", key);
    if let Some(b) = body {
        req = req.json(&b);
    }
    into_resp(req.send().expect("request"))
}

#[test]
fn a_repeated_create_returns_the_first_answer_and_creates_once() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Idem");
    let path = format!("/events/{event}/attendees");
    let body = json!({"item": {"first_name": "Ada"}});
    let first = send(&s, "POST", &path, &t, "create-ada-1", Some(body.clone()));
    assert_eq!(first.status, 201, "{}", first.text);
    assert!(first.header("idempotent-replayed").is_none());
    let again = send(&s, "POST", &path, &t, "create-ada-1", Some(body.clone()));
    assert_eq!(again.status, 201);
    assert_eq!(again.header("idempotent-replayed").as_deref(), Some("true"));
    assert_eq!(
        again.json(),
        first.json(),
        "the stored answer, byte for byte in JSON terms"
    );
    assert_eq!(s.attendee_count(&t, event), 1);

    // A new key is a new request.
    let other = send(&s, "POST", &path, &t, "create-ada-2", Some(body));
    assert_eq!(other.status, 201);
    assert_ne!(other.item()["id"], first.item()["id"]);
    assert_eq!(s.attendee_count(&t, event), 2);
}

#[test]
fn the_same_key_with_a_different_request_is_422() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Idem");
    let path = format!("/events/{event}/attendees");
    let first = send(
        &s,
        "POST",
        &path,
        &t,
        "k",
        Some(json!({"item": {"first_name": "Ada"}})),
    );
    assert_eq!(first.status, 201);
    let different = send(
        &s,
        "POST",
        &path,
        &t,
        "k",
        Some(json!({"item": {"first_name": "Grace"}})),
    );
    let errors = different.errors();
    assert!(errors[0].contains("Idempotency-Key"), "{errors:?}");
    assert_eq!(s.attendee_count(&t, event), 1);
}

#[test]
fn keys_belong_to_their_sender() {
    let s = Server::start();
    let a = s.token("read write");
    let b = s.token("read write");
    let event = s.event(&a, "Idem");
    let path = format!("/events/{event}/attendees");
    let body = json!({"item": {"first_name": "Ada"}});
    assert_eq!(
        send(&s, "POST", &path, &a, "shared", Some(body.clone())).status,
        201
    );
    let theirs = send(&s, "POST", &path, &b, "shared", Some(body));
    assert_eq!(theirs.status, 201);
    assert!(
        theirs.header("idempotent-replayed").is_none(),
        "another client's key is not mine"
    );
    assert_eq!(s.attendee_count(&a, event), 2);
}

#[test]
fn check_in_retries_replay_instead_of_failing() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Idem");
    let id = s.attendee(&t, event, json!({"first_name": "Ada"}))["id"]
        .as_i64()
        .expect("id");
    let path = format!("/events/{event}/attendees/{id}/check_in");
    let first = send(&s, "POST", &path, &t, "checkin-1", None);
    assert_eq!(first.status, 200, "{}", first.text);
    // Without the key a second check-in is refused; with it, the first answer comes back.
    let replay = send(&s, "POST", &path, &t, "checkin-1", None);
    assert_eq!(replay.status, 200, "{}", replay.text);
    assert_eq!(
        replay.header("idempotent-replayed").as_deref(),
        Some("true")
    );
    assert_eq!(replay.json(), first.json());
    let history = s
        .get(&format!("/events/{event}/attendees/{id}/check_ins"), &t)
        .json();
    assert_eq!(
        history["metadata"]["total_count"], 1,
        "the work was done once: {history}"
    );

    // A refused operation's answer is stored too.
    let refused = send(&s, "POST", &path, &t, "checkin-2", None);
    assert_eq!(refused.status, 422);
    let refused_again = send(&s, "POST", &path, &t, "checkin-2", None);
    assert_eq!(refused_again.status, 422);
    assert_eq!(refused_again.json(), refused.json());
    let history = s
        .get(&format!("/events/{event}/attendees/{id}/check_ins"), &t)
        .json();
    assert_eq!(history["metadata"]["total_count"], 2, "{history}");
}

#[test]
fn scans_and_updates_replay() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Idem");
    let a = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let scan = json!({"item": {"code": a["qr_code"], "action": "check_in"}});
    let first = send(
        &s,
        "POST",
        &format!("/events/{event}/scans"),
        &t,
        "scan-1",
        Some(scan.clone()),
    );
    assert_eq!(first.item()["outcome"], "ok");
    let again = send(
        &s,
        "POST",
        &format!("/events/{event}/scans"),
        &t,
        "scan-1",
        Some(scan),
    );
    assert_eq!(again.item()["outcome"], "ok", "a replay, not a second scan");

    let id = a["id"].as_i64().expect("id");
    let patch = json!({"item": {"company": "Analytical Engines"}});
    let p1 = send(
        &s,
        "PATCH",
        &format!("/events/{event}/attendees/{id}"),
        &t,
        "patch-1",
        Some(patch.clone()),
    );
    assert_eq!(p1.status, 200);
    // Someone else changes it in between; the replay still answers what the first did.
    s.patch(
        &format!("/events/{event}/attendees/{id}"),
        &t,
        json!({"item": {"company": "Other"}}),
    );
    let p2 = send(
        &s,
        "PATCH",
        &format!("/events/{event}/attendees/{id}"),
        &t,
        "patch-1",
        Some(patch),
    );
    assert_eq!(p2.header("idempotent-replayed").as_deref(), Some("true"));
    assert_eq!(p2.item()["company"], "Analytical Engines");
}

#[test]
fn concurrent_repeats_create_one_attendee() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Idem");
    let path = format!("{}/events/{event}/attendees", s.api);
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(16));
    let handles: Vec<_> = (0..16)
        .map(|_| {
            let (path, t, barrier) = (path.clone(), t.clone(), barrier.clone());
            std::thread::spawn(move || {
                let client = reqwest::blocking::Client::new();
                barrier.wait();
                let r = client
                    .post(path)
                    .bearer_auth(t)
                    .header("Idempotency-Key", "same")
                    .json(&json!({"item": {"first_name": "Ada"}}))
                    .send()
                    .expect("request");
                into_resp(r)
            })
        })
        .collect();
    let answers: Vec<Resp> = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .collect();
    for a in &answers {
        assert!(
            a.status == 201 || a.status == 409,
            "{} {}",
            a.status,
            a.text
        );
        if a.status == 409 {
            assert!(a.error().contains("still being processed"));
        }
    }
    assert_eq!(
        s.attendee_count(&t, event),
        1,
        "one attendee whatever the interleaving"
    );
}

#[test]
fn invalid_keys_are_refused() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Idem");
    let long = "k".repeat(300);
    let r = send(
        &s,
        "POST",
        &format!("/events/{event}/attendees"),
        &t,
        &long,
        Some(json!({"item": {"first_name": "Ada"}})),
    );
    assert!(r.errors()[0].contains("Idempotency-Key"));
    assert_eq!(s.attendee_count(&t, event), 0);
}
