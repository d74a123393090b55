//! The door's own steps of a scan (issue 17), over real HTTP against the real binary: the
//! attention hold ("Admit" is a second scan with `confirm: true`), questions at the door
//! (`needs_answers` until the answers come with the scan, saved in the same write), who may
//! skip them, and the door note and flag through the API and through CSV.

use crate::common;

use common::{Server, assert_mentions};
use serde_json::{Value, json};

fn history_len(s: &Server, t: &str, event: i64) -> i64 {
    s.get(&format!("/events/{event}/check_ins?per_page=1"), t)
        .json()["metadata"]["total_count"]
        .as_i64()
        .expect("total_count")
}

#[test]
fn an_attention_ticket_waits_for_admit_and_writes_only_the_attempt() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Gala");
    let a = s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace", "needs_attention": true,
               "door_note": "Wheelchair: use the side entrance lift"}),
    );
    assert_eq!(a["needs_attention"], true);
    assert_eq!(a["door_note"], "Wheelchair: use the side entrance lift");
    let id = a["id"].as_i64().expect("id");
    let code = a["qr_code"].as_str().expect("code").to_owned();

    let first = s.scan(&t, event, &code, "check_in");
    assert_eq!(first["outcome"], "needs_attention", "{first}");
    assert!(
        first["message"]
            .as_str()
            .is_some_and(|m| m.contains("side entrance")),
        "{first}"
    );
    assert_eq!(first["attendee"]["door_note"], a["door_note"]);
    assert_eq!(first["missing_fields"], json!([]));
    assert_eq!(s.checkin_status(&t, event, id), "not_checked_in");
    let history = s.get(&format!("/events/{event}/check_ins"), &t).json();
    assert_eq!(history["items"][0]["outcome"], "needs_attention");

    let admitted = s.scan_item(
        &t,
        event,
        json!({"code": code, "action": "check_in", "confirm": true}),
    );
    assert_eq!(admitted["outcome"], "ok", "{admitted}");
    assert_eq!(s.checkin_status(&t, event, id), "checked_in");

    // Check-out and the spec's operations by id do not wait.
    let out = s.scan(&t, event, &code, "check_out");
    assert_eq!(out["outcome"], "ok", "{out}");
    let r = s.post(
        &format!("/events/{event}/attendees/{id}/check_in"),
        &t,
        json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.text);

    // The flag and the note are edited with PATCH; an over-long note is refused whole.
    let r = s.patch(
        &format!("/events/{event}/attendees/{id}"),
        &t,
        json!({"item": {"needs_attention": false, "door_note": "x".repeat(501)}}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert_mentions(&r.errors(), "item.door_note");
    assert_eq!(
        s.get(&format!("/events/{event}/attendees/{id}"), &t).item()["needs_attention"],
        true
    );
    let r = s.patch(
        &format!("/events/{event}/attendees/{id}"),
        &t,
        json!({"item": {"needs_attention": false, "door_note": null}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["needs_attention"], false);
    assert_eq!(r.item()["door_note"], Value::Null);
}

#[test]
fn door_questions_ask_the_missing_required_answers_and_save_them_with_the_check_in() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Summit");
    // Imported before the question existed: unanswered.
    let a = s.attendee(
        &t,
        event,
        json!({"first_name": "Grace", "last_name": "Hopper"}),
    );
    let b = s.attendee(
        &t,
        event,
        json!({"first_name": "Alan", "last_name": "Turing"}),
    );
    let diet = s.field(
        &t,
        event,
        json!({"label": "Dietary requirements", "type": "short_text", "required": true}),
    );
    let diet_id = diet["id"].as_i64().expect("field id");
    let code = a["qr_code"].as_str().expect("code").to_owned();
    let id = a["id"].as_i64().expect("id");

    // Off by default: a plain check-in.
    let event_now = s.get(&format!("/events/{event}"), &t).item();
    assert_eq!(event_now["door_questions"], false);
    let plain = s.scan_item(
        &t,
        event,
        json!({"code": b["qr_code"], "action": "check_in"}),
    );
    assert_eq!(plain["outcome"], "ok", "{plain}");

    let r = s.patch(
        &format!("/events/{event}"),
        &t,
        json!({"item": {"door_questions": true}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(r.item()["door_questions"], true);

    let asked = s.scan(&t, event, &code, "check_in");
    assert_eq!(asked["outcome"], "needs_answers", "{asked}");
    assert_eq!(asked["missing_fields"][0]["id"], diet_id);
    assert!(
        asked["message"]
            .as_str()
            .is_some_and(|m| m.contains("Dietary requirements"))
    );
    assert_eq!(s.checkin_status(&t, event, id), "not_checked_in");

    // A bad answer: 422, and not even the attempt is written.
    let before = history_len(&s, &t, event);
    let r = s.post(
        &format!("/events/{event}/scans"),
        &t,
        json!({"item": {"code": code, "action": "check_in",
                        "answers": [{"attendee_field_id": diet_id + 99, "value": "x"}]}}),
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert_mentions(&r.errors(), "item.answers[0]");
    assert_eq!(history_len(&s, &t, event), before);

    // A client may not skip.
    let r = s.post(
        &format!("/events/{event}/scans"),
        &t,
        json!({"item": {"code": code, "action": "check_in", "skip_questions": true}}),
    );
    assert_eq!(r.status, 403, "{}", r.text);
    assert_eq!(s.checkin_status(&t, event, id), "not_checked_in");

    let answered = s.scan_item(
        &t,
        event,
        json!({"code": code, "action": "check_in",
               "answers": [{"attendee_field_id": diet_id, "value": "Vegetarian"}]}),
    );
    assert_eq!(answered["outcome"], "ok", "{answered}");
    assert_eq!(answered["attendee"]["checkin_status"], "checked_in");
    let stored = s.get(&format!("/events/{event}/attendees/{id}"), &t).item();
    assert_eq!(stored["fields"][0]["value"], "Vegetarian", "{stored}");
    assert_eq!(stored["checkin_status"], "checked_in");
}

#[test]
fn an_organiser_may_skip_the_questions_and_attention_comes_first() {
    let s = Server::start();
    let organiser = s.organiser_token();
    let account = [("X-Account-Id", "1")];
    let call = |method: &str, path: &str, body: Value| {
        s.call_with(method, path, Some(&organiser), &account, Some(&body))
    };
    let r = call(
        "POST",
        "/events",
        json!({"item": {"name": "Fair", "door_questions": true}}),
    );
    assert_eq!(r.status, 201, "{}", r.text);
    assert_eq!(r.item()["door_questions"], true);
    let event = r.item()["id"].as_i64().expect("event id");
    let r = call(
        "POST",
        &format!("/events/{event}/attendees"),
        json!({"item": {"first_name": "Kim", "needs_attention": true}}),
    );
    assert_eq!(r.status, 201, "{}", r.text);
    let code = r.item()["qr_code"].as_str().expect("code").to_owned();
    let r = call(
        "POST",
        &format!("/events/{event}/attendee_fields"),
        json!({"item": {"label": "Company size", "type": "number", "required": true}}),
    );
    assert_eq!(r.status, 201, "{}", r.text);

    let scan_path = format!("/events/{event}/scans");
    let r = call(
        "POST",
        &scan_path,
        json!({"item": {"code": code, "action": "check_in", "skip_questions": true}}),
    );
    assert_eq!(
        r.item()["outcome"],
        "needs_attention",
        "attention is asked before questions are skipped: {}",
        r.text
    );
    let r = call(
        "POST",
        &scan_path,
        json!({"item": {"code": code, "action": "check_in", "confirm": true}}),
    );
    assert_eq!(r.item()["outcome"], "needs_answers", "{}", r.text);
    let r = call(
        "POST",
        &scan_path,
        json!({"item": {"code": code, "action": "check_in", "confirm": true,
                        "skip_questions": true}}),
    );
    assert_eq!(r.item()["outcome"], "ok", "{}", r.text);
    assert_eq!(r.item()["attendee"]["fields"][0]["value"], Value::Null);
}

#[test]
fn csv_carries_the_door_note_and_the_flag_both_ways() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Expo");
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("people.csv");
    std::fs::write(
        &file,
        "First name,Last name,Email,Door note,Needs attention\n\
         Ada,Lovelace,ada@example.org,\"Press: escort to the media desk\",yes\n\
         Alan,Turing,alan@example.org,,no\n\
         Bad,Flag,bad@example.org,,perhaps\n",
    )
    .expect("write csv");
    let ev = event.to_string();
    let path = file.to_string_lossy().into_owned();
    let out = s.cli(&[
        "import",
        "attendees",
        "--event",
        &ev,
        &path,
        "--json",
        "--valid-only",
    ]);
    let report: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|_| panic!("{out:?} is not a report"));
    let rows = report["results"].as_array().expect("results");
    let bad = rows
        .iter()
        .find(|r| r["name"] == "Bad Flag")
        .expect("the bad row is reported");
    assert_eq!(bad["action"], "invalid", "{report}");
    assert!(
        bad["errors"][0]
            .as_str()
            .is_some_and(|e| e.contains("perhaps"))
    );

    let list = s
        .get(&format!("/events/{event}/attendees?q=ada"), &t)
        .json();
    let ada = &list["items"][0];
    assert_eq!(ada["door_note"], "Press: escort to the media desk");
    assert_eq!(ada["needs_attention"], true);
    let list = s
        .get(&format!("/events/{event}/attendees?q=alan"), &t)
        .json();
    assert_eq!(list["items"][0]["needs_attention"], false);

    let out = s.cli(&["export", "attendees", "--event", &ev]);
    let csv = String::from_utf8(out.stdout).expect("utf-8");
    let heading = csv.lines().next().expect("heading");
    assert!(heading.contains("door_note,needs_attention"), "{heading}");
    assert!(
        csv.lines()
            .any(|l| l.contains("Press: escort to the media desk") && l.ends_with(",yes")),
        "{csv}"
    );
}
