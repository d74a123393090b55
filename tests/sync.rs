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
    Server::start_with(&["--sync-interval", "3600"])
}

/// `entrada sync configure` on the kiosk's database, the secret on stdin.
fn configure(kiosk: &Server, remote: &Server, events: &str) -> (Value, String) {
    let (id, secret) = remote.create_client("read write");
    let mut child = Command::new(BIN)
        .args([
            "sync",
            "configure",
            "--base-url",
            &remote.api,
            "--auth-url",
            &remote.base,
        ])
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
    for _ in 0..100 {
        let r = kiosk.call(
            "POST",
            &format!("{}/kiosk/sync/run", kiosk.base),
            Some(token),
            None,
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
