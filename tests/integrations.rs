//! What a developer writing a script against `localhost` meets first (issue 18): the
//! README's scan example works on `serve --demo` as written, the demo client may ask for
//! `check_in`, a token response says what was granted, a 403 names every scope that would
//! do, and an answer error names its field.

use crate::common;

use common::{Server, assert_mentions};
use serde_json::json;

#[test]
fn the_readme_scan_works_against_the_demo_with_a_check_in_token() {
    let s = Server::start_with(&["--demo"]);
    let id = s.extra_stdout[0]
        .strip_prefix("demo client_id: ")
        .expect("demo client_id line")
        .to_owned();
    let secret = s.extra_stdout[1]
        .strip_prefix("demo client_secret: ")
        .expect("demo client_secret line")
        .to_owned();
    let resp = s.token_request(
        &[("grant_type", "client_credentials"), ("scope", "check_in")],
        Some((&id, &secret)),
    );
    assert_eq!(resp.status, 200, "{}", resp.text);
    assert_eq!(resp.json()["scope"], "check_in");
    let token = resp.json()["access_token"]
        .as_str()
        .expect("access_token")
        .to_owned();
    // The code of README.md's curl example.
    let r = s.post(
        "/events/1/scans",
        &token,
        json!({"item": {"code": "7KQ2-MXW9-PD3A-H8RT", "action": "check_in"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["outcome"], "ok", "{}", r.text);
    // The README's `confirm` example (issue 37, 12): the demo's flagged ticket waits for
    // the door's "Admit" with its note, and the same scan with confirm checks it in.
    let flagged = |confirm: bool| {
        s.post(
            "/events/1/scans",
            &token,
            json!({"item": {"code": "4FJ8-W2RN-QX7C-M9TB", "action": "check_in", "confirm": confirm}}),
        )
        .item()
    };
    let held = flagged(false);
    assert_eq!(held["outcome"], "needs_attention", "{held}");
    assert!(held["attendee"]["door_note"].is_string(), "{held}");
    assert_eq!(flagged(true)["outcome"], "ok");
    assert_eq!(flagged(true)["outcome"], "already_checked_in");
}

#[test]
fn a_door_person_is_told_the_scopes_granted_and_a_403_names_every_scope_that_would_do() {
    let s = Server::start();
    s.create_user("door@example.org", "door", 1, "a-long-door-passphrase");
    let granted = s.personal_token_response("door@example.org", "a-long-door-passphrase");
    assert_eq!(granted["scope"], "read check_in", "{granted}");

    let t = s.token("read write");
    let event = s.event(&t, "Fair");
    let a = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let reader = s.token("read");
    let r = s.post(
        &format!("/events/{event}/attendees/{}/check_in", a["id"]),
        &reader,
        json!({}),
    );
    assert_eq!(r.status, 403, "{}", r.text);
    assert!(
        r.error().contains("`check_in` or the `write` scope"),
        "{}",
        r.text
    );
}

#[test]
fn an_answer_error_names_its_field() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Fair");
    let field = s.field(&t, event, json!({"label": "Guests", "type": "number"}));
    let r = s.post(
        &format!("/events/{event}/attendees"),
        &t,
        json!({"item": {"first_name": "Ada",
                        "fields": [{"attendee_field_id": field["id"], "value": "many"}]}}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert_mentions(&r.errors(), "item.fields[0].value");
    assert_mentions(
        &r.errors(),
        &format!("(field `{}`)", field["name"].as_str().expect("name")),
    );
}

/// The request headers the document declares are checked as it declares them: an
/// `X-Account-Id` that is not an integer is 400 for a machine token too (its value is
/// otherwise ignored), and an `Idempotency-Key` is 1 to 255 characters of the header,
/// quotes included.
#[test]
fn declared_headers_are_checked_as_documented() {
    let s = Server::start_with(&["--demo"]);
    let token = s.token("read write");
    let r = s.call_with(
        "GET",
        "/events",
        Some(&token),
        &[("X-Account-Id", "abc")],
        None,
    );
    assert_eq!(r.status, 400, "{}", r.text);
    assert!(
        r.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("X-Account-Id")),
        "{}",
        r.text
    );
    // A number is ignored for a machine token: its client's account, whatever it names.
    let r = s.call_with(
        "GET",
        "/events",
        Some(&token),
        &[("X-Account-Id", "999")],
        None,
    );
    assert_eq!(r.status, 200, "{}", r.text);

    let body = json!({"item": {"name": "Keyed"}});
    let long = "k".repeat(254);
    for (key, status) in [("\"\"", 201), ("k", 201), (long.as_str(), 201)] {
        let r = s.call_with(
            "POST",
            "/events",
            Some(&token),
            &[("Idempotency-Key", key)],
            Some(&body),
        );
        assert_eq!(r.status, status, "key {key:?}: {}", r.text);
    }
    let quoted_too_long = format!("\"{long}\"");
    let r = s.call_with(
        "POST",
        "/events",
        Some(&token),
        &[("Idempotency-Key", quoted_too_long.as_str())],
        Some(&body),
    );
    assert_eq!(r.status, 422, "{}", r.text);
}

/// Out-of-range paging and unparsable query values are 422 in the API's shape, never
/// axum's plain-text 400.
#[test]
fn query_values_out_of_range_are_422() {
    let s = Server::start_with(&["--demo"]);
    let token = s.token("read");
    for path in [
        "/events/1/attendees?per_page=101",
        "/events/1/check_ins?page=0",
        "/events/1/check_ins/stream?after=9223372036854775808",
        "/events/1/check_ins/stream?after=-1",
    ] {
        let r = s.get(path, &token);
        assert_eq!(r.status, 422, "{path}: {}", r.text);
        assert!(r.json()["errors"].is_array(), "{path}: {}", r.text);
    }
}

/// What the document's schemas say about bodies and filters holds at the server: a
/// number written with a point but no fraction is the integer it is (JSON Schema's
/// `integer`), an empty typed filter is refused like any bad value, and a field create
/// with `required: null` is refused as the update always was.
#[test]
fn bodies_and_filters_are_read_as_the_document_declares_them() {
    let s = Server::start_with(&["--demo"]);
    let token = s.token("read write");
    let r = s.post(
        "/events/1/registration_types",
        &token,
        json!({"item": {"name": "Crew", "capacity": 12.0}}),
    );
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.item()["capacity"], 12);
    let r = s.post(
        "/events/1/registration_types",
        &token,
        json!({"item": {"name": "Crew 2", "capacity": 12.5}}),
    );
    assert_eq!(r.status, 422, "{}", r.text);

    for filter in ["checkin_status=", "updated_since=", "registration_type_id="] {
        let r = s.get(&format!("/events/1/attendees?{filter}"), &token);
        assert_eq!(r.status, 422, "{filter}: {}", r.text);
    }
    let r = s.get("/events/1/attendees?q=&qr_code=", &token);
    assert_eq!(r.status, 200, "an empty search is no search: {}", r.text);

    let r = s.post(
        "/events/1/attendee_fields",
        &token,
        json!({"item": {"label": "Size", "type": "short_text", "required": null}}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
}
