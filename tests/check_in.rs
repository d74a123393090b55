//! Check-in over real HTTP: the door and session transitions of the spec's three
//! operations, the refusals and their messages, optional bodies, scopes, scans and their
//! outcomes, the history, the stats, races between kiosks, and the attendee list filters.

use crate::common;

use std::sync::Barrier;
use std::thread::sleep;
use std::time::Duration;

use chrono::{DateTime, FixedOffset, Utc};
use common::{Resp, Server, assert_mentions, id_of, into_resp, setup};
use reqwest::blocking::{Client, RequestBuilder};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------
// Helpers

fn check_in_path(event: i64, id: i64) -> String {
    format!("/events/{event}/attendees/{id}/check_in")
}

/// Creates an attendee with a first and last name (and whatever else `extra` holds).
fn person(s: &Server, t: &str, event: i64, first: &str, last: &str, extra: Value) -> Value {
    let mut item = json!({"first_name": first, "last_name": last});
    if let Value::Object(more) = extra {
        for (k, v) in more {
            item[k] = v;
        }
    }
    s.attendee(t, event, item)
}

fn session(s: &Server, t: &str, event: i64, name: &str, capacity: Option<i64>) -> i64 {
    let r = s.post(
        &format!("/events/{event}/sessions"),
        t,
        json!({"item": {"name": name, "capacity": capacity}}),
    );
    assert_eq!(r.status, 201, "create session: {}", r.text);
    id_of(&r.item())
}

/// What a check-in operation sends as its body.
#[derive(Clone)]
enum Body {
    /// No body at all.
    Absent,
    /// These bytes, as `application/json`.
    Raw(&'static str),
    /// This JSON.
    Json(Value),
}

/// One of the three operations (`POST`, `PATCH`, `DELETE` on `.../check_in`).
fn op_with(
    s: &Server,
    t: &str,
    method: &str,
    event: i64,
    id: i64,
    device: Option<&str>,
    body: Body,
) -> Resp {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
    let mut req = s
        .http
        .request(method, format!("{}{}", s.api, check_in_path(event, id)))
        .bearer_auth(t);
    if let Some(d) = device {
        req = req.header("X-Device-Name", d);
    }
    req = match body {
        Body::Absent => req,
        Body::Raw(text) => req
            .header("content-type", "application/json")
            .body(text.to_owned()),
        Body::Json(v) => req.json(&v),
    };
    into_resp(req.send().expect("request"))
}

fn check_in(s: &Server, t: &str, event: i64, id: i64) -> Resp {
    op_with(s, t, "POST", event, id, None, Body::Absent)
}

fn check_out(s: &Server, t: &str, event: i64, id: i64) -> Resp {
    op_with(s, t, "PATCH", event, id, None, Body::Absent)
}

fn undo(s: &Server, t: &str, event: i64, id: i64) -> Resp {
    op_with(s, t, "DELETE", event, id, None, Body::Absent)
}

/// An operation on the attendee's presence in a session.
fn in_session(s: &Server, t: &str, method: &str, event: i64, id: i64, session: i64) -> Resp {
    op_with(
        s,
        t,
        method,
        event,
        id,
        None,
        Body::Json(json!({"item": {"session_id": session}})),
    )
}

/// Asserts the 200 `{item: Attendee, metadata: {}}` of an operation and returns the item.
fn done(r: &Resp, what: &str) -> Value {
    assert_eq!(r.status, 200, "{what}: expected 200, got {}", r.text);
    let body = r.json();
    assert_eq!(body["metadata"], json!({}), "{what}: {body}");
    let item = body["item"].clone();
    assert!(
        item["id"].is_i64(),
        "{what}: item is not an attendee: {body}"
    );
    assert!(item["checkin_status"].is_string(), "{what}: {body}");
    item
}

/// Asserts a 422 with exactly one message and returns it.
fn refused(r: &Resp, what: &str) -> String {
    assert_eq!(r.status, 422, "{what}: expected 422, got {}", r.text);
    let errors = r.errors();
    assert_eq!(errors.len(), 1, "{what}: {errors:?}");
    errors[0].clone()
}

/// Lets the millisecond clock of `updated_at` move on.
fn tick() {
    sleep(Duration::from_millis(5));
}

/// `HH:MM` of an RFC 3339 time at a fixed offset from UTC.
fn hhmm(at: &str, offset_seconds: i32) -> String {
    let utc: DateTime<Utc> = DateTime::parse_from_rfc3339(at)
        .unwrap_or_else(|e| panic!("{at:?} is not RFC 3339: {e}"))
        .with_timezone(&Utc);
    let offset = FixedOffset::east_opt(offset_seconds).expect("offset");
    utc.with_timezone(&offset).format("%H:%M").to_string()
}

/// POSTs a scan (with `X-Device-Name` when given); on a 200, also asserts the result's
/// shape ([`Resp::scan_result`]) and returns it.
fn scan_with(
    s: &Server,
    t: &str,
    event: i64,
    device: Option<&str>,
    item: Value,
) -> (Resp, Option<Value>) {
    let mut req = s
        .http
        .post(format!("{}/events/{event}/scans", s.api))
        .bearer_auth(t)
        .json(&json!({ "item": item }));
    if let Some(d) = device {
        req = req.header("X-Device-Name", d);
    }
    let r = into_resp(req.send().expect("scan"));
    if r.status != 200 {
        return (r, None);
    }
    let result = r.scan_result();
    (r, Some(result))
}

fn outcome(result: &Value) -> &str {
    result["outcome"].as_str().expect("outcome")
}

fn message(result: &Value) -> &str {
    result["message"].as_str().expect("message")
}

/// The whole history of an event (first 100 records), newest first.
fn history(s: &Server, t: &str, event: i64) -> Vec<Value> {
    let r = s.get(&format!("/events/{event}/check_ins?per_page=100"), t);
    assert_eq!(r.status, 200, "event history: {}", r.text);
    r.json()["items"].as_array().expect("items").clone()
}

fn attendee_history(s: &Server, t: &str, event: i64, id: i64) -> Vec<Value> {
    let r = s.get(
        &format!("/events/{event}/attendees/{id}/check_ins?per_page=100"),
        t,
    );
    assert_eq!(r.status, 200, "attendee history: {}", r.text);
    r.json()["items"].as_array().expect("items").clone()
}

fn qr(attendee: &Value) -> String {
    attendee["qr_code"].as_str().expect("qr_code").to_owned()
}

// ---------------------------------------------------------------------------------------
// Door transitions

#[test]
fn every_door_transition_answers_the_attendee_with_its_new_state() {
    let (s, t, e) = setup();
    let a = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let id = id_of(&a);
    assert_eq!(a["checkin_status"], "not_checked_in");
    let mut last = a["updated_at"].as_str().expect("updated_at").to_owned();

    let steps: [(&str, &str); 6] = [
        ("POST", "checked_in"),       // not_checked_in -> checked_in
        ("PATCH", "checked_out"),     // checked_in -> checked_out
        ("POST", "checked_in"),       // checked_out -> checked_in
        ("DELETE", "not_checked_in"), // checked_in -> not_checked_in
        ("POST", "checked_in"),       // again in
        ("PATCH", "checked_out"),     // and out
    ];
    for (method, expected) in steps {
        tick();
        let r = op_with(&s, &t, method, e, id, None, Body::Absent);
        let item = done(&r, method);
        assert_eq!(item["checkin_status"], expected, "{method}: {item}");
        assert_eq!(item["id"], id);
        assert_eq!(item["first_name"], "Ada");
        assert_eq!(item["qr_code"], a["qr_code"], "the code does not change");
        let updated = item["updated_at"].as_str().expect("updated_at").to_owned();
        assert!(
            updated > last,
            "{method}: updated_at did not move ({last} -> {updated})"
        );
        last = updated;
        assert_eq!(s.checkin_status(&t, e, id), expected, "{method}: read back");
    }
    // checked_out -> not_checked_in
    tick();
    let item = done(&undo(&s, &t, e, id), "undo from checked_out");
    assert_eq!(item["checkin_status"], "not_checked_in");
    assert!(item["updated_at"].as_str().expect("updated_at") > last.as_str());
    assert_eq!(s.checkin_status(&t, e, id), "not_checked_in");
}

#[test]
fn check_in_when_already_checked_in_says_since_when_and_where() {
    let (s, t, e) = setup();
    let a = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let id = id_of(&a);
    let first = op_with(&s, &t, "POST", e, id, Some("Door 2"), Body::Absent);
    let item = done(&first, "first check-in");
    let updated = item["updated_at"].as_str().expect("updated_at").to_owned();

    tick();
    let again = op_with(&s, &t, "POST", e, id, Some("Door 3"), Body::Absent);
    let msg = refused(&again, "second check-in");
    assert!(msg.contains("Ada Lovelace"), "{msg}");
    assert!(msg.contains("already checked in"), "{msg}");
    let records = attendee_history(&s, &t, e, id);
    let ok = records
        .iter()
        .find(|r| r["outcome"] == "ok" && r["action"] == "check_in")
        .expect("the first check-in is in the history");
    let since = hhmm(ok["created_at"].as_str().expect("created_at"), 0);
    assert!(
        msg.contains(&format!("since {since}")),
        "{msg} does not say since {since}"
    );
    assert!(msg.contains(" at Door 2"), "{msg} does not name Door 2");
    assert!(!msg.contains("Door 3"), "{msg} names the wrong door");

    // The refusal changed nothing.
    let now = s.fetch_attendee(&t, e, id);
    assert_eq!(now["checkin_status"], "checked_in");
    assert_eq!(now["updated_at"], updated.as_str());
}

#[test]
fn already_checked_in_without_a_device_gives_only_the_time() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Grace", "Hopper", json!({})));
    done(&check_in(&s, &t, e, id), "check-in");
    let msg = refused(&check_in(&s, &t, e, id), "second check-in");
    assert!(msg.contains("Grace Hopper is already checked in"), "{msg}");
    assert!(msg.contains("(since "), "{msg}");
    assert!(!msg.contains(" at "), "{msg}: no device was named");
}

#[test]
fn the_refusal_names_the_latest_check_in() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Grace", "Hopper", json!({})));
    done(
        &op_with(&s, &t, "POST", e, id, Some("Door 1"), Body::Absent),
        "in at Door 1",
    );
    done(&undo(&s, &t, e, id), "undo");
    done(
        &op_with(&s, &t, "POST", e, id, Some("Door 4"), Body::Absent),
        "in at Door 4",
    );
    let msg = refused(&check_in(&s, &t, e, id), "again");
    assert!(msg.contains("at Door 4"), "{msg}");
    assert!(!msg.contains("Door 1"), "{msg}");
}

#[test]
fn times_in_refusals_are_in_the_events_time_zone() {
    let s = Server::start();
    let t = s.token("read write");
    let r = s.post(
        "/events",
        &t,
        json!({"item": {"name": "Mumbai Summit", "timezone": "Asia/Kolkata"}}),
    );
    assert_eq!(r.status, 201, "{}", r.text);
    let e = id_of(&r.item());
    let id = id_of(&person(&s, &t, e, "Ravi", "Shankar", json!({})));
    done(&check_in(&s, &t, e, id), "check-in");
    let msg = refused(&check_in(&s, &t, e, id), "second check-in");
    let records = attendee_history(&s, &t, e, id);
    let at = records[records.len() - 1]["created_at"]
        .as_str()
        .expect("created_at")
        .to_owned();
    // Asia/Kolkata is UTC+05:30 all year.
    let local = hhmm(&at, 5 * 3600 + 1800);
    assert!(
        msg.contains(&format!("since {local}")),
        "{msg} does not give the local time {local} (UTC {at})"
    );
}

#[test]
fn check_out_and_undo_refusals_explain_themselves() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));

    // Check out when never checked in.
    let msg = refused(&check_out(&s, &t, e, id), "check-out when not checked in");
    assert!(msg.contains("Ada Lovelace is not checked in"), "{msg}");
    // Undo when not checked in.
    let msg = refused(&undo(&s, &t, e, id), "undo when not checked in");
    assert!(msg.contains("Ada Lovelace"), "{msg}");
    assert!(msg.contains("no check-in") && msg.contains("undo"), "{msg}");
    assert_eq!(s.checkin_status(&t, e, id), "not_checked_in");

    // Check out when already checked out.
    done(&check_in(&s, &t, e, id), "check-in");
    done(
        &op_with(&s, &t, "PATCH", e, id, Some("Exit A"), Body::Absent),
        "check-out",
    );
    let msg = refused(&check_out(&s, &t, e, id), "second check-out");
    assert!(msg.contains("Ada Lovelace is already checked out"), "{msg}");
    assert!(msg.contains("since ") && msg.contains("at Exit A"), "{msg}");
    assert_eq!(s.checkin_status(&t, e, id), "checked_out");

    // Undo after the undo.
    done(&undo(&s, &t, e, id), "undo");
    let msg = refused(&undo(&s, &t, e, id), "second undo");
    assert!(msg.contains("no check-in"), "{msg}");
    assert_eq!(s.checkin_status(&t, e, id), "not_checked_in");

    // Every refusal is in the history.
    let records = attendee_history(&s, &t, e, id);
    let outcomes: Vec<(&str, &str)> = records
        .iter()
        .map(|r| {
            (
                r["action"].as_str().expect("action"),
                r["outcome"].as_str().expect("outcome"),
            )
        })
        .collect();
    assert_eq!(
        outcomes,
        [
            ("undo", "not_checked_in"),
            ("undo", "ok"),
            ("check_out", "not_checked_in"),
            ("check_out", "ok"),
            ("check_in", "ok"),
            ("undo", "not_checked_in"),
            ("check_out", "not_checked_in"),
        ]
    );
}

#[test]
fn check_in_is_refused_for_declined_waitlisted_and_pending_approval() {
    let (s, t, e) = setup();
    let keynote = session(&s, &t, e, "Keynote", None);
    for (rsvp, reason) in [
        ("declined", "declined"),
        ("waitlisted", "waitlist"),
        ("pending_approval", "pending approval"),
    ] {
        let id = id_of(&person(
            &s,
            &t,
            e,
            "Max",
            rsvp,
            json!({"rsvp_status": rsvp}),
        ));
        let msg = refused(&check_in(&s, &t, e, id), rsvp);
        assert!(msg.contains(&format!("Max {rsvp}")), "{rsvp}: {msg}");
        assert!(msg.contains("cannot be checked in"), "{rsvp}: {msg}");
        assert!(msg.contains(reason), "{rsvp}: {msg} does not say why");
        assert_eq!(s.checkin_status(&t, e, id), "not_checked_in", "{rsvp}");

        let msg = refused(&in_session(&s, &t, "POST", e, id, keynote), rsvp);
        assert!(msg.contains(reason), "{rsvp} in a session: {msg}");
        assert_eq!(s.checkin_status(&t, e, id), "not_checked_in", "{rsvp}");

        let records = attendee_history(&s, &t, e, id);
        assert_eq!(records.len(), 2, "{rsvp}: {records:?}");
        assert!(
            records.iter().all(|r| r["outcome"] == "not_allowed"),
            "{rsvp}: {records:?}"
        );
    }
    for rsvp in ["unconfirmed", "confirmed"] {
        let id = id_of(&person(
            &s,
            &t,
            e,
            "Min",
            rsvp,
            json!({"rsvp_status": rsvp}),
        ));
        let item = done(&check_in(&s, &t, e, id), rsvp);
        assert_eq!(item["checkin_status"], "checked_in", "{rsvp}");
        assert_eq!(item["rsvp_status"], rsvp);
    }
}

#[test]
fn a_checked_in_attendee_who_declines_can_still_leave() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    done(&check_in(&s, &t, e, id), "check-in");
    let r = s.patch(
        &format!("/events/{e}/attendees/{id}"),
        &t,
        json!({"item": {"rsvp_status": "declined"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let item = done(
        &check_out(&s, &t, e, id),
        "check-out of a declined attendee",
    );
    assert_eq!(item["checkin_status"], "checked_out");
    let msg = refused(&check_in(&s, &t, e, id), "check-in again");
    assert!(msg.contains("declined"), "{msg}");
}

// ---------------------------------------------------------------------------------------
// Bodies, 404s and sessions of the wrong event

#[test]
fn every_empty_body_means_the_door() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    let bodies = [
        ("no body", Body::Absent),
        ("empty body", Body::Raw("")),
        ("white space", Body::Raw(" \n")),
        ("{}", Body::Json(json!({}))),
        ("item {}", Body::Json(json!({"item": {}}))),
        ("item null", Body::Json(json!({"item": null}))),
        (
            "session_id null",
            Body::Json(json!({"item": {"session_id": null}})),
        ),
    ];
    for (what, body) in &bodies {
        for (method, expected) in [
            ("POST", "checked_in"),
            ("PATCH", "checked_out"),
            ("DELETE", "not_checked_in"),
        ] {
            let r = op_with(&s, &t, method, e, id, None, body.clone());
            let item = done(&r, &format!("{method} with {what}"));
            assert_eq!(item["checkin_status"], expected, "{method} with {what}");
        }
    }
    let records = attendee_history(&s, &t, e, id);
    assert_eq!(records.len(), bodies.len() * 3);
    assert!(
        records
            .iter()
            .all(|r| r["session_id"].is_null() && r["outcome"] == "ok"),
        "{records:?}"
    );
}

#[test]
fn invalid_bodies_are_422() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    for method in ["POST", "PATCH", "DELETE"] {
        let r = op_with(
            &s,
            &t,
            method,
            e,
            id,
            None,
            Body::Json(json!({"item": {"session_id": "x"}})),
        );
        let msg = refused(&r, &format!("{method} session_id \"x\""));
        assert!(msg.contains("item.session_id"), "{msg}");
        for raw in ["not json", "[]", "{\"item\": 5}", "{\"item\": [1]}"] {
            let r = op_with(&s, &t, method, e, id, None, Body::Raw(raw));
            assert_eq!(r.status, 422, "{method} {raw}: {}", r.text);
            r.errors();
        }
    }
    assert_eq!(s.checkin_status(&t, e, id), "not_checked_in");
    assert!(attendee_history(&s, &t, e, id).is_empty());
}

#[test]
fn unknown_sessions_and_sessions_of_other_events_are_422() {
    let (s, t, e) = setup();
    let other = s.event(&t, "Other");
    let elsewhere = session(&s, &t, other, "Elsewhere", None);
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    for method in ["POST", "PATCH", "DELETE"] {
        for sid in [elsewhere, 999_999] {
            let msg = refused(&in_session(&s, &t, method, e, id, sid), method);
            assert!(msg.contains("item.session_id"), "{method} {sid}: {msg}");
        }
    }
    assert_eq!(s.checkin_status(&t, e, id), "not_checked_in");
}

#[test]
fn unknown_attendees_and_attendees_of_other_events_are_404() {
    let (s, t, e) = setup();
    let other = s.event(&t, "Other");
    let theirs = id_of(&person(&s, &t, other, "Grace", "Hopper", json!({})));
    let ours = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    for method in ["POST", "PATCH", "DELETE"] {
        for id in [999_999, theirs] {
            let r = op_with(&s, &t, method, e, id, None, Body::Absent);
            r.assert_not_found(&format!("{method} attendee {id}"));
        }
        let r = op_with(&s, &t, method, 999_999, ours, None, Body::Absent);
        r.assert_not_found(&format!("{method} unknown event"));
    }
    assert_eq!(s.checkin_status(&t, other, theirs), "not_checked_in");
    let r = s.get(&format!("/events/{e}/attendees/{theirs}/check_ins"), &t);
    r.assert_not_found("history of an attendee of another event");
}

// ---------------------------------------------------------------------------------------
// Sessions

#[test]
fn session_check_in_of_someone_outside_also_checks_in_at_the_door() {
    let (s, t, e) = setup();
    let keynote = session(&s, &t, e, "Keynote", Some(100));
    let a = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let id = id_of(&a);

    tick();
    let item = done(
        &in_session(&s, &t, "POST", e, id, keynote),
        "session check-in",
    );
    assert_eq!(item["checkin_status"], "checked_in", "in a session is in");
    assert!(item["updated_at"].as_str() > a["updated_at"].as_str());

    let records = attendee_history(&s, &t, e, id);
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["session_id"], keynote, "newest first");
    assert_eq!(records[0]["action"], "check_in");
    assert_eq!(records[0]["outcome"], "ok");
    assert!(records[1]["session_id"].is_null(), "{records:?}");
    assert_eq!(records[1]["action"], "check_in");
    assert_eq!(records[1]["outcome"], "ok");

    // In at the door already, and in the session already.
    let msg = refused(&check_in(&s, &t, e, id), "door check-in");
    assert!(msg.contains("already checked in"), "{msg}");
    let msg = refused(&in_session(&s, &t, "POST", e, id, keynote), "again");
    assert!(msg.contains("Ada Lovelace is already checked in"), "{msg}");
    assert!(msg.contains("Keynote"), "{msg} does not name the session");
    assert!(msg.contains("since "), "{msg}");
}

#[test]
fn session_check_out_and_undo_leave_the_door_alone() {
    let (s, t, e) = setup();
    let keynote = session(&s, &t, e, "Keynote", None);
    let workshop = session(&s, &t, e, "Workshop", None);
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    done(&check_in(&s, &t, e, id), "door check-in");

    // Someone already in: a session check-in adds no door record.
    let item = done(&in_session(&s, &t, "POST", e, id, keynote), "session in");
    assert_eq!(item["checkin_status"], "checked_in");
    assert_eq!(attendee_history(&s, &t, e, id).len(), 2);

    // Presence is per session.
    let msg = refused(
        &in_session(&s, &t, "PATCH", e, id, workshop),
        "out of workshop",
    );
    assert!(msg.contains("not checked in"), "{msg}");
    assert!(msg.contains("Workshop"), "{msg}");

    let before = s.fetch_attendee(&t, e, id);
    tick();
    let item = done(&in_session(&s, &t, "PATCH", e, id, keynote), "session out");
    assert_eq!(item["checkin_status"], "checked_in", "door state stays");
    assert!(item["updated_at"].as_str() > before["updated_at"].as_str());
    let msg = refused(&in_session(&s, &t, "PATCH", e, id, keynote), "out again");
    assert!(msg.contains("already checked out"), "{msg}");
    assert!(msg.contains("Keynote"), "{msg}");

    let item = done(&in_session(&s, &t, "POST", e, id, keynote), "back in");
    assert_eq!(item["checkin_status"], "checked_in");
    let item = done(
        &in_session(&s, &t, "DELETE", e, id, keynote),
        "session undo",
    );
    assert_eq!(item["checkin_status"], "checked_in", "door state stays");
    let msg = refused(&in_session(&s, &t, "DELETE", e, id, keynote), "undo again");
    assert!(
        msg.contains("no check-in") && msg.contains("Keynote"),
        "{msg}"
    );

    // The door's own state is untouched by all that.
    let item = done(&check_out(&s, &t, e, id), "door check-out");
    assert_eq!(item["checkin_status"], "checked_out");
    done(&in_session(&s, &t, "POST", e, id, workshop), "workshop in");
    let item = done(
        &in_session(&s, &t, "PATCH", e, id, workshop),
        "workshop out",
    );
    assert_eq!(item["checkin_status"], "checked_in", "{item}");
    let item = done(
        &in_session(&s, &t, "DELETE", e, id, workshop),
        "workshop undo",
    );
    assert_eq!(item["checkin_status"], "checked_in", "{item}");
    let item = done(&undo(&s, &t, e, id), "door undo");
    assert_eq!(item["checkin_status"], "not_checked_in");
}

#[test]
fn a_session_check_in_after_leaving_brings_the_attendee_back_in() {
    let (s, t, e) = setup();
    let keynote = session(&s, &t, e, "Keynote", None);
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    done(&check_in(&s, &t, e, id), "in");
    done(&check_out(&s, &t, e, id), "out");
    let item = done(&in_session(&s, &t, "POST", e, id, keynote), "session in");
    assert_eq!(item["checkin_status"], "checked_in");
    let records = attendee_history(&s, &t, e, id);
    assert_eq!(records.len(), 4, "{records:?}");
    assert!(records[1]["session_id"].is_null() && records[1]["action"] == "check_in");
}

// ---------------------------------------------------------------------------------------
// Scopes

#[test]
fn the_check_in_scope_allows_check_in_and_nothing_else_that_writes() {
    let (s, t, e) = setup();
    let fields_before = s
        .get(&format!("/events/{e}/attendee_fields"), &t)
        .json()
        .to_string();
    let a = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let id = id_of(&a);
    let kiosk = s.token("read check_in");

    assert_eq!(
        done(&check_in(&s, &kiosk, e, id), "check_in scope: in")["checkin_status"],
        "checked_in"
    );
    assert_eq!(
        done(&check_out(&s, &kiosk, e, id), "check_in scope: out")["checkin_status"],
        "checked_out"
    );
    assert_eq!(
        done(&undo(&s, &kiosk, e, id), "check_in scope: undo")["checkin_status"],
        "not_checked_in"
    );
    let result = s.scan(&kiosk, e, &qr(&a), "check_in");
    assert_eq!(outcome(&result), "ok", "{result}");
    // A refusal is still a 422, not a 403.
    refused(
        &check_in(&s, &kiosk, e, id),
        "refusal with the check_in scope",
    );
    // It reads with `read`.
    assert_eq!(
        s.get(&format!("/events/{e}/check_in_stats"), &kiosk).status,
        200
    );

    let denied = [
        s.post("/events", &kiosk, json!({"item": {"name": "Nope"}})),
        s.post(
            &format!("/events/{e}/attendees"),
            &kiosk,
            json!({"item": {"first_name": "Nope"}}),
        ),
        s.patch(
            &format!("/events/{e}/attendees/{id}"),
            &kiosk,
            json!({"item": {"first_name": "Nope"}}),
        ),
        s.patch(
            &format!("/events/{e}/attendees/{id}"),
            &kiosk,
            json!({"item": {"rsvp_status": "confirmed"}}),
        ),
        s.post(
            &format!("/events/{e}/attendee_fields"),
            &kiosk,
            json!({"item": {"name": "nope", "label": "Nope", "field_type": "text"}}),
        ),
        s.post(
            &format!("/events/{e}/sessions"),
            &kiosk,
            json!({"item": {"name": "Nope"}}),
        ),
        s.post(
            &format!("/events/{e}/registration_types"),
            &kiosk,
            json!({"item": {"name": "Nope"}}),
        ),
        s.patch(
            &format!("/events/{e}"),
            &kiosk,
            json!({"item": {"name": "Nope"}}),
        ),
    ];
    for (i, r) in denied.iter().enumerate() {
        r.assert_forbidden(&format!("write #{i} with the check_in scope"));
    }
    assert_eq!(s.fetch_attendee(&t, e, id)["first_name"], "Ada");
    assert_eq!(
        s.get(&format!("/events/{e}/attendee_fields"), &t)
            .json()
            .to_string(),
        fields_before
    );
}

#[test]
fn a_read_token_cannot_check_in() {
    let (s, t, e) = setup();
    let a = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let id = id_of(&a);
    let reader = s.token("read");
    for method in ["POST", "PATCH", "DELETE"] {
        let r = op_with(&s, &reader, method, e, id, None, Body::Absent);
        r.assert_forbidden(&format!("{method} with read"));
    }
    let r = s.post(
        &format!("/events/{e}/scans"),
        &reader,
        json!({"item": {"code": qr(&a), "action": "check_in"}}),
    );
    r.assert_forbidden("scan with read");
    assert_eq!(s.checkin_status(&t, e, id), "not_checked_in");
    assert!(history(&s, &t, e).is_empty(), "nothing was recorded");
    // Reading the history and stats is fine.
    assert_eq!(
        s.get(&format!("/events/{e}/check_ins"), &reader).status,
        200
    );
    assert_eq!(
        s.get(&format!("/events/{e}/check_in_stats"), &reader)
            .status,
        200
    );
}

#[test]
fn write_and_check_in_only_tokens_may_check_in_but_not_read() {
    let (s, t, e) = setup();
    let a = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let id = id_of(&a);
    let writer = s.token("write");
    assert_eq!(
        done(&check_in(&s, &writer, e, id), "write: in")["checkin_status"],
        "checked_in"
    );
    let result = s.scan(&writer, e, &qr(&a), "check_out");
    assert_eq!(outcome(&result), "ok", "{result}");

    let kiosk = s.token("check_in");
    assert_eq!(
        done(&check_in(&s, &kiosk, e, id), "check_in only: in")["checkin_status"],
        "checked_in"
    );
    // Scopes are independent: neither includes `read`.
    for token in [&writer, &kiosk] {
        s.get(&format!("/events/{e}/check_ins"), token)
            .assert_forbidden("history without read");
        s.get(&format!("/events/{e}/attendees/{id}"), token)
            .assert_forbidden("attendee without read");
    }
}

#[test]
fn another_account_cannot_check_in_our_attendees() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Ada", "Lovelace", json!({})));
    let (_, theirs) = s.other_account("B");
    for method in ["POST", "PATCH", "DELETE"] {
        let r = op_with(&s, &theirs, method, e, id, None, Body::Absent);
        r.assert_not_found(&format!("{method} from another account"));
    }
    s.get(&format!("/events/{e}/check_ins"), &theirs)
        .assert_not_found("history from another account");
    s.get(&format!("/events/{e}/check_in_stats"), &theirs)
        .assert_not_found("stats from another account");
    assert_eq!(s.checkin_status(&t, e, id), "not_checked_in");
}

// ---------------------------------------------------------------------------------------
// Scans

#[test]
fn scans_answer_every_outcome_with_200() {
    let (s, t, e) = setup();
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let code = qr(&ada);

    let r = s.scan(&t, e, &code, "check_in");
    assert_eq!(outcome(&r), "ok", "{r}");
    assert!(message(&r).contains("Ada Lovelace"), "{r}");
    assert!(message(&r).contains("checked in"), "{r}");
    assert_eq!(r["attendee"]["id"], id_of(&ada));
    assert_eq!(r["attendee"]["checkin_status"], "checked_in");

    let r = s.scan(&t, e, &code, "check_in");
    assert_eq!(outcome(&r), "already_checked_in", "{r}");
    assert!(
        message(&r).contains("Ada Lovelace is already checked in"),
        "{r}"
    );
    assert!(message(&r).contains("since "), "{r}");
    assert_eq!(r["attendee"]["checkin_status"], "checked_in");

    let r = s.scan(&t, e, &code, "check_out");
    assert_eq!(outcome(&r), "ok", "{r}");
    assert!(message(&r).contains("checked out"), "{r}");
    assert_eq!(r["attendee"]["checkin_status"], "checked_out");

    let r = s.scan(&t, e, &code, "check_out");
    assert_eq!(outcome(&r), "not_checked_in", "{r}");
    assert!(message(&r).contains("already checked out"), "{r}");
    assert_eq!(r["attendee"]["checkin_status"], "checked_out");

    let r = s.scan(&t, e, &code, "undo");
    assert_eq!(outcome(&r), "ok", "{r}");
    assert_eq!(r["attendee"]["checkin_status"], "not_checked_in");

    let r = s.scan(&t, e, &code, "undo");
    assert_eq!(outcome(&r), "not_checked_in", "{r}");
    assert!(message(&r).contains("no check-in"), "{r}");
    let r = s.scan(&t, e, &code, "check_out");
    assert_eq!(outcome(&r), "not_checked_in", "{r}");
    assert!(message(&r).contains("is not checked in"), "{r}");
    assert_eq!(r["attendee"]["checkin_status"], "not_checked_in");

    let r = s.scan(&t, e, "ZZZZ-ZZZZ-ZZZZ-ZZZZ", "check_in");
    assert_eq!(outcome(&r), "not_found", "{r}");
    assert!(r["attendee"].is_null(), "{r}");

    let declined = person(
        &s,
        &t,
        e,
        "Dee",
        "Klein",
        json!({"rsvp_status": "declined"}),
    );
    let r = s.scan(&t, e, &qr(&declined), "check_in");
    assert_eq!(outcome(&r), "not_allowed", "{r}");
    assert!(message(&r).contains("declined"), "{r}");
    assert_eq!(r["attendee"]["id"], id_of(&declined));
    assert_eq!(r["attendee"]["checkin_status"], "not_checked_in");

    let gala = s.event(&t, "Gala Dinner");
    let guest = person(&s, &t, gala, "Gus", "Guest", json!({}));
    let r = s.scan(&t, e, &qr(&guest), "check_in");
    assert_eq!(outcome(&r), "wrong_event", "{r}");
    assert!(message(&r).contains("Gala Dinner"), "{r}");
    assert!(r["attendee"].is_null(), "{r}");
    let r = s.scan(&t, e, &qr(&guest).to_lowercase(), "check_in");
    assert_eq!(outcome(&r), "wrong_event", "lower case: {r}");
    assert_eq!(s.checkin_status(&t, gala, id_of(&guest)), "not_checked_in");
}

#[test]
fn codes_of_another_account_are_not_found() {
    let (s, t, e) = setup();
    let (_, theirs) = s.other_account("B");
    let their_event = s.event(&theirs, "Secret Party");
    let stranger = person(&s, &theirs, their_event, "Sam", "Stranger", json!({}));
    for code in [qr(&stranger), qr(&stranger).to_lowercase()] {
        let r = s.scan(&t, e, &code, "check_in");
        assert_eq!(outcome(&r), "not_found", "{r}");
        assert!(!message(&r).contains("Secret Party"), "leaks: {r}");
        assert!(r["attendee"].is_null(), "{r}");
    }
    assert_eq!(
        s.checkin_status(&theirs, their_event, id_of(&stranger)),
        "not_checked_in"
    );
    // And they cannot scan into our event.
    let (r, _) = scan_with(
        &s,
        &theirs,
        e,
        None,
        json!({"code": qr(&stranger), "action": "check_in"}),
    );
    r.assert_not_found("scan into another account's event");
}

#[test]
fn scanned_codes_are_cleaned_and_generated_codes_match_in_any_case() {
    let (s, t, e) = setup();
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let code = qr(&ada);
    let variants = [
        format!("  {code} \n"),
        format!("ENTRADA:{code}"),
        format!("entrada: {code}"),
        code.to_lowercase(),
        format!(" ENTRADA:{}\t", code.to_lowercase()),
    ];
    for variant in &variants {
        let r = s.scan(&t, e, variant, "check_in");
        assert_eq!(outcome(&r), "ok", "{variant:?}: {r}");
        assert_eq!(r["attendee"]["id"], id_of(&ada), "{variant:?}");
        let r = s.scan(&t, e, variant, "undo");
        assert_eq!(outcome(&r), "ok", "{variant:?}: {r}");
    }

    // A code issued elsewhere matches as given (only generated codes ignore case).
    let custom = person(&s, &t, e, "Cus", "Tom", json!({"qr_code": "TICKET-42"}));
    let r = s.scan(&t, e, " TICKET-42 ", "check_in");
    assert_eq!(outcome(&r), "ok", "{r}");
    assert_eq!(r["attendee"]["id"], id_of(&custom));
}

#[test]
fn invalid_scans_are_422() {
    let (s, t, e) = setup();
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let code = qr(&ada);
    let other = s.event(&t, "Other");
    let elsewhere = session(&s, &t, other, "Elsewhere", None);
    let cases = [
        (json!({"code": code, "action": "enter"}), "item.action"),
        (json!({"code": code, "action": ""}), "item.action"),
        (json!({"code": "", "action": "check_in"}), "item.code"),
        (json!({"code": "   ", "action": "check_in"}), "item.code"),
        (json!({"action": "check_in"}), "item.code"),
        (json!({"code": code}), "item.action"),
        (json!({"code": 5, "action": "check_in"}), "item.code"),
        (
            json!({"code": "X".repeat(1001), "action": "check_in"}),
            "item.code",
        ),
        (
            json!({"code": code, "action": "check_in", "session_id": "x"}),
            "item.session_id",
        ),
        (
            json!({"code": code, "action": "check_in", "session_id": elsewhere}),
            "item.session_id",
        ),
        (
            json!({"code": code, "action": "check_in", "session_id": 999_999}),
            "item.session_id",
        ),
    ];
    for (item, member) in cases {
        let (r, _) = scan_with(&s, &t, e, None, item.clone());
        assert_eq!(r.status, 422, "{item}: {}", r.text);
        assert_mentions(&r.errors(), member);
    }
    let r = s.post(&format!("/events/{e}/scans"), &t, json!({}));
    assert_eq!(r.status, 422, "no item: {}", r.text);
    assert_eq!(s.checkin_status(&t, e, id_of(&ada)), "not_checked_in");
    assert!(history(&s, &t, e).is_empty(), "422s are not recorded");
}

#[test]
fn session_scans_track_session_presence() {
    let (s, t, e) = setup();
    let keynote = session(&s, &t, e, "Keynote", None);
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let code = qr(&ada);
    let scan_in = |action: &str| {
        let (r, result) = scan_with(
            &s,
            &t,
            e,
            Some("Hall A"),
            json!({"code": code, "action": action, "session_id": keynote}),
        );
        result.unwrap_or_else(|| panic!("session scan: {} {}", r.status, r.text))
    };
    let r = scan_in("check_in");
    assert_eq!(outcome(&r), "ok", "{r}");
    assert!(message(&r).contains("Keynote"), "{r}");
    assert_eq!(r["attendee"]["checkin_status"], "checked_in");
    let r = scan_in("check_in");
    assert_eq!(outcome(&r), "already_checked_in", "{r}");
    assert!(
        message(&r).contains("Keynote") && message(&r).contains("at Hall A"),
        "{r}"
    );
    let r = scan_in("check_out");
    assert_eq!(outcome(&r), "ok", "{r}");
    assert_eq!(
        r["attendee"]["checkin_status"], "checked_in",
        "door unchanged"
    );
    let r = scan_in("undo");
    assert_eq!(outcome(&r), "ok", "{r}");
    assert_eq!(
        r["attendee"]["checkin_status"], "checked_in",
        "door unchanged"
    );
    let r = scan_in("undo");
    assert_eq!(outcome(&r), "not_checked_in", "{r}");

    let records = attendee_history(&s, &t, e, id_of(&ada));
    // 5 scans and the door check-in the first one brought.
    assert_eq!(records.len(), 6, "{records:?}");
    let door: Vec<&Value> = records
        .iter()
        .filter(|r| r["session_id"].is_null())
        .collect();
    assert_eq!(door.len(), 1, "{records:?}");
    assert_eq!(door[0]["action"], "check_in");
    assert_eq!(door[0]["outcome"], "ok");
    assert!(
        records.iter().all(|r| r["device"] == "Hall A"),
        "{records:?}"
    );
}

// ---------------------------------------------------------------------------------------
// History

#[test]
fn every_scan_and_operation_is_recorded_newest_first_with_device_and_client() {
    let s = Server::start();
    let (client_id, secret) = s.create_client("read write");
    let t = s.token_for(&client_id, &secret, "read write");
    let e = s.event(&t, "Conference");
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let grace = person(&s, &t, e, "Grace", "Hopper", json!({}));
    let (ada_id, grace_id) = (id_of(&ada), id_of(&grace));

    // A scan let in, a scan refused, an unknown code, an operation by id, a refused one.
    let (_, r1) = scan_with(
        &s,
        &t,
        e,
        Some("Door 1"),
        json!({"code": qr(&ada), "action": "check_in"}),
    );
    assert_eq!(outcome(&r1.expect("scan")), "ok");
    let (_, r2) = scan_with(
        &s,
        &t,
        e,
        Some("Door 2"),
        json!({"code": qr(&ada), "action": "check_in"}),
    );
    assert_eq!(outcome(&r2.expect("scan")), "already_checked_in");
    let (_, r3) = scan_with(
        &s,
        &t,
        e,
        Some("Door 2"),
        json!({"code": "  NOPE  ", "action": "check_in"}),
    );
    assert_eq!(outcome(&r3.expect("scan")), "not_found");
    done(
        &op_with(&s, &t, "POST", e, grace_id, Some("  Desk  "), Body::Absent),
        "op",
    );
    done(&check_out(&s, &t, e, ada_id), "check-out");
    refused(&check_out(&s, &t, e, ada_id), "second check-out");

    let records = history(&s, &t, e);
    let summary: Vec<(Value, &str, &str, Value)> = records
        .iter()
        .map(|r| {
            (
                r["attendee_id"].clone(),
                r["action"].as_str().expect("action"),
                r["outcome"].as_str().expect("outcome"),
                r["device"].clone(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (json!(ada_id), "check_out", "not_checked_in", Value::Null),
            (json!(ada_id), "check_out", "ok", Value::Null),
            (json!(grace_id), "check_in", "ok", json!("Desk")),
            (Value::Null, "check_in", "not_found", json!("Door 2")),
            (
                json!(ada_id),
                "check_in",
                "already_checked_in",
                json!("Door 2")
            ),
            (json!(ada_id), "check_in", "ok", json!("Door 1")),
        ]
    );
    let ids: Vec<i64> = records.iter().map(id_of).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
    for r in &records {
        assert_eq!(r["event_id"], e, "{r}");
        assert_eq!(r["client_id"], client_id.as_str(), "{r}");
        assert!(r["session_id"].is_null(), "{r}");
        assert!(r["user_id"].is_null(), "{r}");
        let at = r["created_at"].as_str().expect("created_at");
        assert!(
            DateTime::parse_from_rfc3339(at).is_ok() && at.ends_with('Z'),
            "{r}"
        );
        for member in [
            "id",
            "event_id",
            "attendee_id",
            "session_id",
            "action",
            "outcome",
            "code",
            "device",
            "client_id",
            "user_id",
            "created_at",
        ] {
            assert!(r.get(member).is_some(), "{member} missing in {r}");
        }
    }
    assert_eq!(records[5]["code"], qr(&ada).as_str(), "scans keep the code");
    assert_eq!(records[3]["code"], "NOPE", "the cleaned code");
    assert!(
        records[2]["code"].is_null(),
        "operations by id have no code"
    );

    // One attendee's records.
    let adas = attendee_history(&s, &t, e, ada_id);
    assert_eq!(adas.len(), 4, "{adas:?}");
    assert!(adas.iter().all(|r| r["attendee_id"] == ada_id));
    let graces = attendee_history(&s, &t, e, grace_id);
    assert_eq!(graces.len(), 1);
    assert_eq!(graces[0]["device"], "Desk");
    assert_eq!(graces[0]["client_id"], client_id.as_str());

    // Paging.
    let r = s.get(&format!("/events/{e}/check_ins?per_page=4&page=2"), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(
        body["metadata"],
        json!({"page": 2, "per_page": 4, "total_count": 6, "total_pages": 2})
    );
    let page: Vec<i64> = body["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(id_of)
        .collect();
    assert_eq!(page, ids[4..]);
    let r = s.get(
        &format!("/events/{e}/attendees/{ada_id}/check_ins?per_page=3"),
        &t,
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(
        r.json()["metadata"],
        json!({"page": 1, "per_page": 3, "total_count": 4, "total_pages": 2})
    );

    // Histories of other events are their own.
    let other = s.event(&t, "Other");
    let r = s.get(&format!("/events/{other}/check_ins"), &t);
    assert_eq!(
        r.json(),
        json!({"items": [], "metadata": {"page": 1, "per_page": 25, "total_count": 0, "total_pages": 0}})
    );
    s.get("/events/999999/check_ins", &t)
        .assert_not_found("unknown event");
    s.get(&format!("/events/{e}/attendees/999999/check_ins"), &t)
        .assert_not_found("unknown attendee");
}

#[test]
fn device_names_are_trimmed_and_kept_to_100_characters() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Grace", "Hopper", json!({})));
    let long = "K".repeat(150);
    done(
        &op_with(&s, &t, "POST", e, id, Some(&long), Body::Absent),
        "check-in from a long-named device",
    );
    assert_eq!(
        attendee_history(&s, &t, e, id)[0]["device"],
        "K".repeat(100).as_str()
    );
    let blank = op_with(&s, &t, "PATCH", e, id, Some("   "), Body::Absent);
    done(&blank, "check-out from a blank device name");
    assert!(attendee_history(&s, &t, e, id)[0]["device"].is_null());
}

// ---------------------------------------------------------------------------------------
// Stats

#[test]
fn stats_count_door_states_types_sessions_and_recent_check_ins() {
    let (s, t, e) = setup();

    // An event with nothing yet.
    let r = s.get(&format!("/events/{e}/check_in_stats"), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["metadata"], json!({}));
    let item = &body["item"];
    assert_eq!(item["total"], 0);
    assert_eq!(
        item["by_checkin_status"],
        json!({"not_checked_in": 0, "checked_in": 0, "checked_out": 0})
    );
    assert_eq!(item["by_registration_type"], json!([]));
    assert_eq!(item["by_session"], json!([]));
    assert_eq!(item["check_ins_last_5_minutes"], 0);
    assert_eq!(item["check_ins_last_60_minutes"], 0);

    let vip = s.registration_type(&t, e, "VIP", None);
    let standard = s.registration_type(&t, e, "Standard", None);
    let press = s.registration_type(&t, e, "Press", None);
    let keynote = session(&s, &t, e, "Keynote", Some(100));
    let workshop = session(&s, &t, e, "Workshop", None);
    let a1 = id_of(&person(
        &s,
        &t,
        e,
        "A",
        "One",
        json!({"registration_type_id": vip}),
    ));
    let a2 = id_of(&person(
        &s,
        &t,
        e,
        "A",
        "Two",
        json!({"registration_type_id": vip}),
    ));
    let a3 = id_of(&person(
        &s,
        &t,
        e,
        "A",
        "Three",
        json!({"registration_type_id": standard}),
    ));
    let a4 = id_of(&person(&s, &t, e, "A", "Four", json!({})));
    let _a5 = id_of(&person(&s, &t, e, "A", "Five", json!({})));

    done(&check_in(&s, &t, e, a1), "a1 in");
    refused(&check_in(&s, &t, e, a1), "a1 in again");
    done(&check_in(&s, &t, e, a2), "a2 in");
    done(&check_out(&s, &t, e, a2), "a2 out");
    done(&in_session(&s, &t, "POST", e, a3, keynote), "a3 keynote");
    done(&in_session(&s, &t, "POST", e, a4, keynote), "a4 keynote");
    done(
        &in_session(&s, &t, "PATCH", e, a4, keynote),
        "a4 leaves keynote",
    );
    done(&in_session(&s, &t, "POST", e, a1, workshop), "a1 workshop");
    done(
        &in_session(&s, &t, "DELETE", e, a1, workshop),
        "a1 undo workshop",
    );
    assert_eq!(outcome(&s.scan(&t, e, "NOPE", "check_in")), "not_found");

    let r = s.get(&format!("/events/{e}/check_in_stats"), &t);
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(body["metadata"], json!({}));
    let item = &body["item"];
    assert_eq!(item["total"], 5, "{item}");
    assert_eq!(
        item["by_checkin_status"],
        json!({"not_checked_in": 1, "checked_in": 3, "checked_out": 1}),
        "{item}"
    );
    assert_eq!(
        item["by_registration_type"],
        json!([
            {"registration_type_id": vip, "name": "VIP", "total": 2,
             "by_checkin_status": {"not_checked_in": 0, "checked_in": 1, "checked_out": 1}},
            {"registration_type_id": standard, "name": "Standard", "total": 1,
             "by_checkin_status": {"not_checked_in": 0, "checked_in": 1, "checked_out": 0}},
            {"registration_type_id": press, "name": "Press", "total": 0,
             "by_checkin_status": {"not_checked_in": 0, "checked_in": 0, "checked_out": 0}},
            {"registration_type_id": null, "name": null, "total": 2,
             "by_checkin_status": {"not_checked_in": 1, "checked_in": 1, "checked_out": 0}},
        ]),
        "{item}"
    );
    assert_eq!(
        item["by_session"],
        json!([
            {"session_id": keynote, "name": "Keynote", "capacity": 100, "checked_in": 1, "checked_out": 1},
            {"session_id": workshop, "name": "Workshop", "capacity": null, "checked_in": 0, "checked_out": 0},
        ]),
        "{item}"
    );
    // Door check-ins that succeeded: a1, a2, and a3 and a4 through their sessions.
    assert_eq!(item["check_ins_last_5_minutes"], 4, "{item}");
    assert_eq!(item["check_ins_last_60_minutes"], 4, "{item}");
    let generated = item["generated_at"].as_str().expect("generated_at");
    let generated = DateTime::parse_from_rfc3339(generated).expect("RFC 3339");
    let age = Utc::now().signed_duration_since(generated.with_timezone(&Utc));
    assert!(age.num_seconds().abs() < 60, "generated_at {generated}");
    s.get("/events/999999/check_in_stats", &t)
        .assert_not_found("stats of an unknown event");
}

// ---------------------------------------------------------------------------------------
// Races

const RACERS: usize = 40;

/// Sends `RACERS` requests at once, each from its own client, and returns the answers.
fn race(make: &(dyn Fn(&Client) -> RequestBuilder + Sync)) -> Vec<Resp> {
    let barrier = Barrier::new(RACERS);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..RACERS)
            .map(|_| {
                scope.spawn(|| {
                    let client = Client::builder()
                        .timeout(Duration::from_secs(60))
                        .build()
                        .expect("client");
                    let request = make(&client);
                    barrier.wait();
                    into_resp(request.send().expect("racing request"))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("racer thread"))
            .collect()
    })
}

#[test]
fn forty_kiosks_scanning_one_ticket_at_once_let_it_in_once() {
    let (s, t, e) = setup();
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let url = format!("{}/events/{e}/scans", s.api);
    let body = json!({"item": {"code": qr(&ada), "action": "check_in"}});
    let answers = race(&|client: &Client| client.post(&url).bearer_auth(&t).json(&body));
    let mut ok = 0;
    let mut already = 0;
    for r in &answers {
        assert_eq!(r.status, 200, "{}", r.text);
        match r.item()["outcome"].as_str() {
            Some("ok") => ok += 1,
            Some("already_checked_in") => already += 1,
            other => panic!("unexpected outcome {other:?}: {}", r.text),
        }
    }
    assert_eq!((ok, already), (1, RACERS - 1));
    assert_eq!(s.checkin_status(&t, e, id_of(&ada)), "checked_in");

    let records = attendee_history(&s, &t, e, id_of(&ada));
    assert_eq!(records.len(), RACERS);
    let oks = records.iter().filter(|r| r["outcome"] == "ok").count();
    assert_eq!(oks, 1, "exactly one ok in the history");
    let in_event = history(&s, &t, e)
        .iter()
        .filter(|r| r["attendee_id"] == id_of(&ada) && r["outcome"] == "ok")
        .count();
    assert_eq!(in_event, 1);
}

#[test]
fn forty_check_in_requests_at_once_give_one_200() {
    let (s, t, e) = setup();
    let id = id_of(&person(&s, &t, e, "Grace", "Hopper", json!({})));
    let url = format!("{}{}", s.api, check_in_path(e, id));
    let answers = race(&|client: &Client| client.post(&url).bearer_auth(&t));
    let ok = answers.iter().filter(|r| r.status == 200).count();
    let refused_count = answers.iter().filter(|r| r.status == 422).count();
    assert_eq!(
        (ok, refused_count),
        (1, RACERS - 1),
        "statuses: {:?}",
        answers.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    for r in answers.iter().filter(|r| r.status == 422) {
        let msg = refused(r, "racer");
        assert!(msg.contains("already checked in"), "{msg}");
    }
    let records = history(&s, &t, e);
    let oks: Vec<&Value> = records
        .iter()
        .filter(|r| r["attendee_id"] == id && r["action"] == "check_in" && r["outcome"] == "ok")
        .collect();
    assert_eq!(oks.len(), 1, "{records:?}");
    assert_eq!(records.len(), RACERS);
    assert_eq!(s.checkin_status(&t, e, id), "checked_in");
}

// ---------------------------------------------------------------------------------------
// List filters

fn encode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// GETs the attendee list with `query`; returns the ids (in order) and `total_count`.
fn filtered(s: &Server, t: &str, event: i64, query: &str) -> (Vec<i64>, i64) {
    let r = s.get(&format!("/events/{event}/attendees?{query}"), t);
    assert_eq!(r.status, 200, "?{query}: {}", r.text);
    let body = r.json();
    let ids = body["items"]
        .as_array()
        .unwrap_or_else(|| panic!("no items in {body}"))
        .iter()
        .map(id_of)
        .collect();
    let total = body["metadata"]["total_count"]
        .as_i64()
        .expect("total_count");
    (ids, total)
}

/// Asserts a filtered list holds exactly `expected` (in id order) and counts them.
fn assert_filter(s: &Server, t: &str, event: i64, query: &str, expected: &[i64]) {
    let (ids, total) = filtered(s, t, event, query);
    let mut want = expected.to_vec();
    want.sort_unstable();
    assert_eq!(ids, want, "?{query}");
    assert_eq!(total, want.len() as i64, "?{query}: total_count");
}

struct Crowd {
    jose: i64,
    ada: i64,
    grace: i64,
    adam: i64,
    josephine: i64,
    vip: i64,
}

fn crowd(s: &Server, t: &str, e: i64) -> Crowd {
    let vip = s.registration_type(t, e, "VIP", None);
    let jose = id_of(&person(
        s,
        t,
        e,
        "José",
        "García",
        json!({"email": "jg@example.org", "company": "Acme", "registration_type_id": vip}),
    ));
    let ada = id_of(&person(
        s,
        t,
        e,
        "Ada",
        "Lovelace",
        json!({"email": "ada@analytical.org", "company": "Analytical Engines",
               "registration_type_id": vip}),
    ));
    let grace = id_of(&person(
        s,
        t,
        e,
        "Grace",
        "Hopper",
        json!({"email": "grace@navy.mil", "company": "Navy"}),
    ));
    let adam = id_of(&person(
        s,
        t,
        e,
        "Adam",
        "Smith",
        json!({"email": "adam@wealth.org", "company": "Acme", "rsvp_status": "waitlisted"}),
    ));
    let josephine = id_of(&person(
        s,
        t,
        e,
        "Josephine",
        "Baker",
        json!({"email": "jb@example.org", "rsvp_status": "declined"}),
    ));
    Crowd {
        jose,
        ada,
        grace,
        adam,
        josephine,
        vip,
    }
}

#[test]
fn q_searches_names_email_and_company_by_word_prefix() {
    let (s, t, e) = setup();
    let c = crowd(&s, &t, e);
    // Another event's attendees never show.
    let other = s.event(&t, "Other");
    person(&s, &t, other, "Jose", "Other", json!({"company": "Acme"}));

    let cases: Vec<(&str, Vec<i64>)> = vec![
        ("jose", vec![c.jose, c.josephine]),
        ("José", vec![c.jose, c.josephine]),
        ("JOSE", vec![c.jose, c.josephine]),
        ("josé garcía", vec![c.jose]),
        ("garcia", vec![c.jose]),
        ("GARC", vec![c.jose]),
        ("ada", vec![c.ada, c.adam]),
        ("Ada Lovelace", vec![c.ada]),
        ("ada smith", vec![c.adam]),
        ("lovel", vec![c.ada]),
        ("hop", vec![c.grace]),
        ("navy", vec![c.grace]),
        ("acme", vec![c.jose, c.adam]),
        ("analytical engines", vec![c.ada]),
        ("wealth.org", vec![c.adam]),
        ("grace@navy.mil", vec![c.grace]),
        ("example", vec![c.jose, c.josephine]),
        ("zzz", vec![]),
        ("ada zzz", vec![]),
        ("velace", vec![]),
    ];
    for (q, expected) in cases {
        assert_filter(&s, &t, e, &format!("q={}", encode(q)), &expected);
    }
    let everyone = [c.jose, c.ada, c.grace, c.adam, c.josephine];
    for q in ["!!!", "\"*", " - ", "()", "*", "%"] {
        assert_filter(&s, &t, e, &format!("q={}", encode(q)), &everyone);
    }
    // FTS5 syntax is taken as words.
    assert_filter(&s, &t, e, &format!("q={}", encode("ada OR grace")), &[]);
    assert_filter(&s, &t, e, &format!("q={}", encode("ada\" OR \"grace")), &[]);
    assert_filter(&s, &t, e, &format!("q={}", encode("NEAR(ada")), &[]);

    // Search follows edits.
    let r = s.patch(
        &format!("/events/{e}/attendees/{}", c.grace),
        &t,
        json!({"item": {"last_name": "Murray"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_filter(&s, &t, e, "q=hopper", &[]);
    assert_filter(&s, &t, e, "q=murray", &[c.grace]);

    // total_count is the filtered count, and paging works over it.
    let r = s.get(
        &format!("/events/{e}/attendees?q=jose&per_page=1&page=2"),
        &t,
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let body = r.json();
    assert_eq!(
        body["metadata"],
        json!({"page": 2, "per_page": 1, "total_count": 2, "total_pages": 2})
    );
    assert_eq!(body["items"][0]["id"], c.josephine);
}

#[test]
fn filters_by_qr_code_states_and_registration_type_combine_with_and() {
    let (s, t, e) = setup();
    let c = crowd(&s, &t, e);
    let grace = s.fetch_attendee(&t, e, c.grace);
    done(&check_in(&s, &t, e, c.ada), "ada in");
    done(&check_in(&s, &t, e, c.grace), "grace in");
    done(&check_out(&s, &t, e, c.grace), "grace out");

    // qr_code
    let code = qr(&grace);
    assert_filter(&s, &t, e, &format!("qr_code={}", encode(&code)), &[c.grace]);
    assert_filter(
        &s,
        &t,
        e,
        &format!("qr_code={}", encode(&format!("  {code} "))),
        &[c.grace],
    );
    assert_filter(&s, &t, e, "qr_code=NOPE-NOPE", &[]);

    // checkin_status
    assert_filter(&s, &t, e, "checkin_status=checked_in", &[c.ada]);
    assert_filter(&s, &t, e, "checkin_status=checked_out", &[c.grace]);
    assert_filter(
        &s,
        &t,
        e,
        "checkin_status=not_checked_in",
        &[c.jose, c.adam, c.josephine],
    );

    // rsvp_status
    assert_filter(&s, &t, e, "rsvp_status=declined", &[c.josephine]);
    assert_filter(&s, &t, e, "rsvp_status=waitlisted", &[c.adam]);
    assert_filter(
        &s,
        &t,
        e,
        "rsvp_status=confirmed",
        &[c.jose, c.ada, c.grace],
    );
    assert_filter(&s, &t, e, "rsvp_status=pending_approval", &[]);

    // registration_type_id
    assert_filter(
        &s,
        &t,
        e,
        &format!("registration_type_id={}", c.vip),
        &[c.jose, c.ada],
    );
    assert_filter(&s, &t, e, "registration_type_id=999999", &[]);

    // Combined: AND.
    assert_filter(
        &s,
        &t,
        e,
        &format!("registration_type_id={}&checkin_status=checked_in", c.vip),
        &[c.ada],
    );
    assert_filter(
        &s,
        &t,
        e,
        &format!("q=acme&registration_type_id={}", c.vip),
        &[c.jose],
    );
    assert_filter(&s, &t, e, "q=ada&rsvp_status=waitlisted", &[c.adam]);
    assert_filter(&s, &t, e, "q=ada&checkin_status=checked_out", &[]);
    assert_filter(
        &s,
        &t,
        e,
        &format!(
            "q=grace&checkin_status=checked_out&qr_code={}",
            encode(&code)
        ),
        &[c.grace],
    );
    assert_filter(
        &s,
        &t,
        e,
        "checkin_status=not_checked_in&rsvp_status=confirmed",
        &[c.jose],
    );

    // An empty search is no filter; unknown parameters are ignored.
    assert_filter(
        &s,
        &t,
        e,
        "q=&qr_code=&colour=blue",
        &[c.jose, c.ada, c.grace, c.adam, c.josephine],
    );
    // An empty status is not one of the documented values: 422, as any other.
    for query in ["checkin_status=", "rsvp_status="] {
        let r = s.get(&format!("/events/{e}/attendees?{query}"), &t);
        assert_eq!(r.status, 422, "?{query}: {}", r.text);
    }
}

#[test]
fn updated_since_lists_attendees_changed_at_or_after_it() {
    let (s, t, e) = setup();
    let c = crowd(&s, &t, e);
    tick();
    let moved = done(&check_in(&s, &t, e, c.grace), "grace in");
    let since = moved["updated_at"].as_str().expect("updated_at").to_owned();
    tick();
    let r = s.patch(
        &format!("/events/{e}/attendees/{}", c.jose),
        &t,
        json!({"item": {"company": "Initech"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    // A refused operation changes nothing, so it does not count as a change.
    tick();
    refused(&check_in(&s, &t, e, c.adam), "waitlisted check-in");

    // At or after: Grace's own updated_at includes Grace.
    assert_filter(
        &s,
        &t,
        e,
        &format!("updated_since={}", encode(&since)),
        &[c.jose, c.grace],
    );
    // The same instant written with another offset.
    let plus_two = DateTime::parse_from_rfc3339(&since)
        .expect("RFC 3339")
        .with_timezone(&FixedOffset::east_opt(2 * 3600).expect("offset"))
        .to_rfc3339();
    assert!(plus_two.contains("+02:00"), "{plus_two}");
    assert_filter(
        &s,
        &t,
        e,
        &format!("updated_since={}", encode(&plus_two)),
        &[c.jose, c.grace],
    );
    // Combined with another filter.
    assert_filter(
        &s,
        &t,
        e,
        &format!("updated_since={}&checkin_status=checked_in", encode(&since)),
        &[c.grace],
    );
    assert_filter(
        &s,
        &t,
        e,
        "updated_since=2000-01-01T00:00:00Z",
        &[c.jose, c.ada, c.grace, c.adam, c.josephine],
    );
    assert_filter(&s, &t, e, "updated_since=2999-01-01T00:00:00Z", &[]);
}

#[test]
fn invalid_filter_values_are_422_naming_the_parameter() {
    let (s, t, e) = setup();
    crowd(&s, &t, e);
    for (query, member) in [
        ("checkin_status=present", "checkin_status"),
        ("checkin_status=CHECKED_IN", "checkin_status"),
        ("rsvp_status=maybe", "rsvp_status"),
        ("registration_type_id=vip", "registration_type_id"),
        ("registration_type_id=1.5", "registration_type_id"),
        ("updated_since=yesterday", "updated_since"),
        ("updated_since=2026-05-01", "updated_since"),
        ("updated_since=2026-05-01T09:00:00", "updated_since"),
    ] {
        let r = s.get(&format!("/events/{e}/attendees?{query}"), &t);
        assert_eq!(r.status, 422, "?{query}: {}", r.text);
        assert_mentions(&r.errors(), member);
    }
    // Every bad value at once.
    let r = s.get(
        &format!(
            "/events/{e}/attendees?checkin_status=x&rsvp_status=y&registration_type_id=z&updated_since=w"
        ),
        &t,
    );
    let errors = r.errors();
    for member in [
        "checkin_status",
        "rsvp_status",
        "registration_type_id",
        "updated_since",
    ] {
        assert_mentions(&errors, member);
    }
}

// ---------------------------------------------------------------------------------------
// Facts and languages (issue 21)

/// A scan in a language (`Accept-Language`), returning the result.
fn scan_in(s: &Server, t: &str, event: i64, lang: Option<&str>, item: Value) -> Value {
    let mut req = s
        .http
        .post(format!("{}/events/{event}/scans", s.api))
        .bearer_auth(t)
        .header("X-Device-Name", "Door 2")
        .json(&json!({ "item": item }));
    if let Some(lang) = lang {
        req = req.header("Accept-Language", lang);
    }
    let r = into_resp(req.send().expect("scan"));
    r.scan_result()
}

#[test]
fn scans_and_refusals_carry_the_facts_behind_their_message() {
    let (s, t, e) = setup();
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let code = qr(&ada);
    let first = scan_in(&s, &t, e, None, json!({"code": code, "action": "check_in"}));
    assert_eq!(first["outcome"], "ok");
    assert_eq!(first["facts"], json!({}), "{first}");

    let again = scan_in(&s, &t, e, None, json!({"code": code, "action": "check_in"}));
    assert_eq!(again["outcome"], "already_checked_in");
    let since = again["facts"]["since"].as_str().expect("facts.since");
    let ok = attendee_history(&s, &t, e, id_of(&ada))
        .into_iter()
        .find(|r| r["outcome"] == "ok")
        .expect("the check-in");
    assert_eq!(since, ok["created_at"].as_str().expect("created_at"));
    assert_eq!(again["facts"]["device"], "Door 2");

    // The spec's operation: the same facts beside the 422's message, and its code.
    let r = op_with(&s, &t, "POST", e, id_of(&ada), None, Body::Absent);
    assert_eq!(r.status, 422, "{}", r.text);
    let body = r.json();
    assert_eq!(body["code"], "already_checked_in", "{body}");
    assert_eq!(body["facts"]["since"], since, "{body}");
    assert_eq!(body["facts"]["device"], "Door 2", "{body}");

    // Leaving twice says when they left.
    scan_in(
        &s,
        &t,
        e,
        None,
        json!({"code": code, "action": "check_out"}),
    );
    let twice = scan_in(
        &s,
        &t,
        e,
        None,
        json!({"code": code, "action": "check_out"}),
    );
    assert_eq!(twice["outcome"], "not_checked_in");
    assert_eq!(twice["facts"]["checked_out"], true, "{twice}");
    assert!(twice["facts"]["since"].is_string(), "{twice}");

    // An RSVP that refuses entry names itself.
    let bo = person(
        &s,
        &t,
        e,
        "Bo",
        "Lind",
        json!({"rsvp_status": "waitlisted"}),
    );
    let r = scan_in(
        &s,
        &t,
        e,
        None,
        json!({"code": qr(&bo), "action": "check_in"}),
    );
    assert_eq!(r["outcome"], "not_allowed");
    assert_eq!(r["facts"]["rsvp_status"], "waitlisted", "{r}");

    // A ticket of another event of the account names that event.
    let other = s.event(&t, "Afterparty");
    let cy = person(&s, &t, other, "Cy", "Berg", json!({}));
    let r = scan_in(
        &s,
        &t,
        e,
        None,
        json!({"code": qr(&cy), "action": "check_in"}),
    );
    assert_eq!(r["outcome"], "wrong_event");
    assert_eq!(
        r["facts"]["other_event"],
        json!({"id": other, "name": "Afterparty"})
    );
}

#[test]
fn accept_language_gives_the_message_in_that_language_with_the_same_facts() {
    let (s, t, e) = setup();
    let ada = person(&s, &t, e, "Ada", "Lovelace", json!({}));
    let code = qr(&ada);
    let ok = scan_in(
        &s,
        &t,
        e,
        Some("de-DE,de;q=0.9,en;q=0.8"),
        json!({"code": code, "action": "check_in"}),
    );
    assert_eq!(ok["message"], "Ada Lovelace eingecheckt", "{ok}");

    let english = scan_in(&s, &t, e, None, json!({"code": code, "action": "check_in"}));
    let german = scan_in(
        &s,
        &t,
        e,
        Some("de"),
        json!({"code": code, "action": "check_in"}),
    );
    assert_eq!(german["outcome"], english["outcome"]);
    assert_eq!(
        german["facts"], english["facts"],
        "the facts do not depend on the language"
    );
    let words = german["message"].as_str().expect("message");
    assert!(
        words.starts_with("Ada Lovelace ist bereits eingecheckt (seit "),
        "{words}"
    );
    assert!(words.ends_with(" an Door 2)"), "{words}");
    assert!(
        english["message"]
            .as_str()
            .expect("message")
            .contains("is already checked in")
    );

    // Each of the five, and a fallback to English for the rest.
    for (lang, expected) in [
        ("fr", "Aucun billet avec ce code"),
        ("es-MX", "Ninguna entrada con este código"),
        ("no", "Ingen billett med denne koden"),
        ("nb-NO", "Ingen billett med denne koden"),
        ("it", "No ticket with this code"),
        ("en-GB", "No ticket with this code"),
    ] {
        let r = scan_in(
            &s,
            &t,
            e,
            Some(lang),
            json!({"code": "NOPE-0000", "action": "check_in"}),
        );
        assert_eq!(r["outcome"], "not_found");
        assert_eq!(r["message"], expected, "{lang}");
    }

    // The 422 of the spec's operation speaks German too, with its code and facts.
    let r = into_resp(
        s.http
            .post(format!("{}{}", s.api, check_in_path(e, id_of(&ada))))
            .bearer_auth(&t)
            .header("Accept-Language", "de")
            .send()
            .expect("check in"),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert_eq!(
        r.headers
            .get("content-language")
            .and_then(|v| v.to_str().ok()),
        Some("de")
    );
    let body = r.json();
    assert!(
        body["errors"][0]
            .as_str()
            .is_some_and(|m| m.contains("ist bereits eingecheckt")),
        "{body}"
    );
    assert_eq!(body["code"], "already_checked_in");
    assert_eq!(body["facts"], german["facts"]);

    // A form's problems: the member path stays, the words are German.
    let r = into_resp(
        s.http
            .post(format!("{}/events/{e}/attendees", s.api))
            .bearer_auth(&t)
            .header("Accept-Language", "de-AT")
            .json(&json!({"item": {"first_name": "", "email": "not-an-email"}}))
            .send()
            .expect("create"),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    let errors = r.errors();
    assert!(
        errors.contains(&"item.email ist keine gültige E-Mail-Adresse".to_owned()),
        "{errors:?}"
    );
    // Problems that name a limit or a value keep it, in the language's words.
    let r = into_resp(
        s.http
            .post(format!("{}/events/{e}/attendees", s.api))
            .bearer_auth(&t)
            .header("Accept-Language", "nb")
            .json(&json!({"item": {"first_name": "x".repeat(300), "rsvp_status": "sleepy"}}))
            .send()
            .expect("create"),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    let errors = r.errors();
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("item.first_name er lengre enn ") && e.ends_with(" tegn")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("item.rsvp_status `sleepy` er ikke unconfirmed")),
        "{errors:?}"
    );
    // A missing record (404) is named in the language too.
    let r = s.call_with(
        "GET",
        &format!("/events/{e}/attendees/987654"),
        Some(&t),
        &[("Accept-Language", "de")],
        None,
    );
    assert_eq!(r.status, 404, "{}", r.text);
    assert_eq!(
        r.error(),
        format!("Teilnehmer 987654 der Veranstaltung {e} nicht gefunden")
    );
    let r = s.call_with(
        "GET",
        "/nowhere",
        Some(&t),
        &[("Accept-Language", "fr")],
        None,
    );
    assert_eq!(r.status, 404, "{}", r.text);
    assert_eq!(r.error(), "aucune route pour GET /api/v2/nowhere");
    // So is a refused token; its WWW-Authenticate challenge stays as RFC 6750 has it.
    let r = s.call_with("GET", "/events", None, &[("Accept-Language", "nb")], None);
    assert_eq!(r.status, 401, "{}", r.text);
    assert_eq!(
        r.error(),
        "tilgangstoken mangler: send `Authorization: Bearer <token>`"
    );
}
