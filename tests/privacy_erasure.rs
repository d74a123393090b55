//! Erasure of personal data and retention (issue 19) over real HTTP: after
//! `DELETE .../attendees/{id}`, `entrada purge` or the retention pass, the person is gone
//! from the API, the exports, the database file's bytes and the next backup; the
//! check-in history keeps its counts, anonymised; a mirrored event's erasure reaches the
//! remote.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::time::{Duration, Instant};

use common::Server;
use serde_json::{Value, json};

/// What the person leaves in a record: distinctive, so a byte search finds only them.
const FIRST: &str = "Zebulon";
const LAST: &str = "Quarrington";
const EMAIL: &str = "zq-unique@example.org";
const ANSWER: &str = "Xylophagous-peanut-allergy";
const COMPANY: &str = "Quarrington Holdings";

/// Every text of the person, as written and as the search index lower-cases it.
fn needles() -> Vec<String> {
    [FIRST, LAST, EMAIL, ANSWER, COMPANY]
        .iter()
        .flat_map(|s| [s.to_string(), s.to_lowercase()])
        .chain(["zebulon".into(), "quarrington".into(), "xylophagous".into()])
        .collect()
}

fn assert_absent(what: &str, bytes: &[u8]) {
    for needle in needles() {
        let found = bytes.windows(needle.len()).any(|w| w == needle.as_bytes());
        assert!(!found, "{what} still holds {needle:?}");
    }
}

/// A plain database (`--no-encryption`), a `read write` token and one event: a byte
/// search of an encrypted file would find nothing whether the person is there or not.
fn setup() -> (Server, String, i64) {
    common::setup_with(&[PLAIN])
}

/// Keeps a new database plain, so that its bytes can be searched.
const PLAIN: &str = "--no-encryption";

/// The file's bytes, or none when it does not exist (a WAL removed at a clean stop).
fn bytes_of(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_default()
}

fn zebulon(s: &Server, t: &str, event: i64, field: i64) -> Value {
    s.attendee(
        t,
        event,
        json!({"first_name": FIRST, "last_name": LAST, "email": EMAIL, "company": COMPANY,
               "phone": "+4741234567",
               "fields": [{"attendee_field_id": field, "value": ANSWER}]}),
    )
}

fn history_total(s: &Server, t: &str, event: i64) -> i64 {
    let r = s.get(&format!("/events/{event}/check_ins?per_page=100"), t);
    assert_eq!(r.status, 200, "{}", r.text);
    r.json()["metadata"]["total_count"].as_i64().expect("total")
}

/// The data of the next `n` events of a live stream (heartbeat comments skipped).
fn stream_events(stream: &mut impl BufRead, n: usize) -> Vec<Value> {
    let mut out = Vec::new();
    let mut data = String::new();
    while out.len() < n {
        let mut line = String::new();
        let read = stream.read_line(&mut line).expect("read the stream");
        assert!(read > 0, "the stream ended");
        let line = line.trim_end_matches(['\r', '\n']);
        if let Some(v) = line.strip_prefix("data:") {
            data.push_str(v.trim_start());
        } else if line.is_empty() && !data.is_empty() {
            out.push(serde_json::from_str(&data).expect("data is JSON"));
            data.clear();
        }
    }
    out
}

fn open_stream(
    s: &Server,
    t: &str,
    event: i64,
    last: Option<&str>,
) -> BufReader<reqwest::blocking::Response> {
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");
    let mut req = client
        .get(format!("{}/events/{event}/check_ins/stream", s.api))
        .bearer_auth(t);
    if let Some(id) = last {
        req = req.header("Last-Event-ID", id);
    }
    let resp = req.send().expect("open the stream");
    assert_eq!(resp.status(), 200);
    BufReader::new(resp)
}

fn erase(s: &Server, t: &str, event: i64, id: i64, key: Option<&str>) -> common::Resp {
    let headers: Vec<(&str, &str)> = key.map(|k| ("Idempotency-Key", k)).into_iter().collect();
    s.call_with(
        "DELETE",
        &format!("/events/{event}/attendees/{id}"),
        Some(t),
        &headers,
        None,
    )
}

#[test]
fn an_erased_attendee_is_gone_from_the_api_and_exports_and_the_history_keeps_its_counts() {
    let (s, t, event) = setup();
    let field = s.field(
        &t,
        event,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");
    let z = zebulon(&s, &t, event, field);
    let id = z["id"].as_i64().expect("id");
    let code = z["qr_code"].as_str().expect("code").to_owned();
    let ada = s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace"}),
    );

    // History: a scan, a second (refused) scan, a check-out by id, and Ada's check-in.
    assert_eq!(s.scan(&t, event, &code, "check_in")["outcome"], "ok");
    assert_eq!(
        s.scan(&t, event, &code, "check_in")["outcome"],
        "already_checked_in"
    );
    let out = s.call(
        "PATCH",
        &format!("/events/{event}/attendees/{id}/check_in"),
        Some(&t),
        None,
    );
    assert_eq!(out.status, 200, "{}", out.text);
    let ada_code = ada["qr_code"].as_str().expect("code");
    assert_eq!(s.scan(&t, event, ada_code, "check_in")["outcome"], "ok");
    // A keyed update: its stored answer repeats the person.
    let r = s.call_with(
        "PATCH",
        &format!("/events/{event}/attendees/{id}"),
        Some(&t),
        &[("Idempotency-Key", "zq-update")],
        Some(&json!({"item": {"job_title": "Chief Quarrington Officer"}})),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let before = history_total(&s, &t, event);
    assert_eq!(before, 4);

    // A live stream open across the erasure goes on.
    let mut live = open_stream(&s, &t, event, None);

    // Door staff (no `write`) may not erase.
    let door = s.token("read check_in");
    assert_eq!(erase(&s, &door, event, id, None).status, 403);

    let r = erase(&s, &t, event, id, Some("erase-zq"));
    assert_eq!(r.status, 200, "{}", r.text);
    let item = r.item();
    assert_eq!(item["id"], id);
    assert_eq!(item["event_id"], event);
    assert_eq!(item["check_ins_kept"], 3, "{item}");
    assert!(!r.text.contains(FIRST) && !r.text.contains(EMAIL));
    // A retry with the key gets the same answer; without it, the attendee is unknown.
    let again = erase(&s, &t, event, id, Some("erase-zq"));
    assert_eq!((again.status, again.item()), (200, item));
    assert_eq!(erase(&s, &t, event, id, None).status, 404);
    assert_eq!(erase(&s, &t, event, 999_999, None).status, 404);
    assert_eq!(erase(&s, &t, 999_999, id, None).status, 404);

    // The API.
    assert_eq!(
        s.get(&format!("/events/{event}/attendees/{id}"), &t).status,
        404
    );
    let r = s.patch(
        &format!("/events/{event}/attendees/{id}"),
        &t,
        json!({"item": {"first_name": "Z"}}),
    );
    assert_eq!(r.status, 404);
    let list = s.get(&format!("/events/{event}/attendees?per_page=100"), &t);
    assert_eq!(list.json()["metadata"]["total_count"], 1);
    assert!(!list.text.contains(FIRST));
    let search = s.get(&format!("/events/{event}/attendees?q={FIRST}"), &t);
    assert_eq!(
        search.json()["metadata"]["total_count"],
        0,
        "{}",
        search.text
    );
    let by_code = s.get(&format!("/events/{event}/attendees?qr_code={code}"), &t);
    assert_eq!(by_code.json()["metadata"]["total_count"], 0);
    // The keyed update's stored answer is gone with the person: its repeat runs again
    // and finds no attendee.
    let r = s.call_with(
        "PATCH",
        &format!("/events/{event}/attendees/{id}"),
        Some(&t),
        &[("Idempotency-Key", "zq-update")],
        Some(&json!({"item": {"job_title": "Chief Quarrington Officer"}})),
    );
    assert_eq!(r.status, 404, "{}", r.text);

    // The history: same count, the person's records anonymised; the stats still answer.
    assert_eq!(history_total(&s, &t, event), before);
    let history = s.get(&format!("/events/{event}/check_ins?per_page=100"), &t);
    assert!(
        !history.text.contains(FIRST) && !history.text.contains(&code),
        "{}",
        history.text
    );
    let anonymous = history.json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|h| h["attendee_id"].is_null())
        .count();
    assert_eq!(anonymous, 3, "{}", history.text);
    assert_eq!(
        s.get(&format!("/events/{event}/check_in_stats"), &t).status,
        200
    );
    // The stream: the open one gets the next record; a new one's catch-up from the start
    // shows the person's records without an attendee.
    assert_eq!(s.scan(&t, event, ada_code, "check_out")["outcome"], "ok");
    let next = stream_events(&mut live, 1);
    assert_eq!(next[0]["attendee"]["first_name"], "Ada", "{next:?}");
    let mut replay = open_stream(&s, &t, event, Some("0"));
    let frames = stream_events(&mut replay, before as usize + 1);
    let nameless = frames.iter().filter(|f| f["attendee"].is_null()).count();
    assert_eq!(nameless, 3, "{frames:?}");
    assert!(!format!("{frames:?}").contains(FIRST));
    let ada_history = s.get(
        &format!("/events/{event}/attendees/{}/check_ins", ada["id"]),
        &t,
    );
    assert_eq!(ada_history.json()["metadata"]["total_count"], 2);

    // The exports.
    for export in ["attendees.csv", "check_ins.csv"] {
        let r = s.get(&format!("/events/{event}/exports/{export}"), &t);
        assert_eq!(r.status, 200, "{export}: {}", r.text);
        assert_absent(export, r.text.as_bytes());
        assert!(!r.text.contains(&code), "{export} holds the code");
    }
    let csv = s
        .get(&format!("/events/{event}/exports/check_ins.csv"), &t)
        .text;
    assert_eq!(
        csv.lines().count() as i64,
        before + 2,
        "a header and every record: {csv}"
    );

    // Earlier versions of the person's row (before the scans and the edit) lie in freed
    // space unless every connection runs with secure_delete: see the ignored test below.
}

/// The database file, its WAL and its shared memory, read as they are now, while the
/// server runs (issue 37, 4: earlier versions stayed in old WAL frames and old pages of
/// the file until a checkpoint, which came only at the stop).
fn assert_files_clean_now(db: &Path) {
    assert_absent("the database file (server running)", &bytes_of(db));
    assert_absent(
        "its WAL (server running)",
        &bytes_of(&db.with_extension("db-wal")),
    );
    assert_absent(
        "its shared memory (server running)",
        &bytes_of(&db.with_extension("db-shm")),
    );
}

/// Makes a backup through the command line and checks it, then stops the server and
/// checks the database file and its WAL.
fn assert_no_bytes_left(s: Server) {
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = dir.path().join("after-erasure.db");
    let out = s.cli(&["backup", "--to", &copy.to_string_lossy()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_absent("the backup", &bytes_of(&copy));
    let db = s.db.clone();
    let kept = s.stop_keeping_files();
    assert_absent("the database file", &bytes_of(&db));
    assert_absent("its WAL", &bytes_of(&db.with_extension("db-wal")));
    drop(kept);
}

/// A person stored once (a keyed create, whose stored answer repeats them, with an
/// answer, in the search index) and erased: no byte of them in the next backup or the
/// file. The erasure itself zeroes what it frees and the search index drops its entries.
#[test]
fn an_erased_attendee_is_in_no_byte_of_the_next_backup_or_the_database_file() {
    let (s, t, event) = setup();
    let field = s.field(
        &t,
        event,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");
    let r = s.call_with(
        "POST",
        &format!("/events/{event}/attendees"),
        Some(&t),
        &[("Idempotency-Key", "zq-create")],
        Some(
            &json!({"item": {"first_name": FIRST, "last_name": LAST, "email": EMAIL,
            "company": COMPANY, "fields": [{"attendee_field_id": field, "value": ANSWER}]}}),
        ),
    );
    assert_eq!(r.status, 201, "{}", r.text);
    let id = r.item()["id"].as_i64().expect("id");
    let ada = s.attendee(&t, event, json!({"first_name": "Ada"}));
    assert_eq!(
        s.scan(
            &t,
            event,
            ada["qr_code"].as_str().expect("code"),
            "check_in"
        )["outcome"],
        "ok"
    );
    assert_eq!(erase(&s, &t, event, id, None).status, 200);
    assert_no_bytes_left(s);
}

/// The same after the person's row was rewritten (scans, an edit): the freed copies of
/// its earlier versions are zeroed only when every connection that wrote them ran with
/// `PRAGMA secure_delete` (set at connection opening in `src/db/mod.rs`).
#[test]
fn an_attendee_edited_before_the_erasure_is_in_no_byte_either() {
    let (s, t, event) = setup();
    let field = s.field(
        &t,
        event,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");
    let z = zebulon(&s, &t, event, field);
    let id = z["id"].as_i64().expect("id");
    let code = z["qr_code"].as_str().expect("code");
    assert_eq!(s.scan(&t, event, code, "check_in")["outcome"], "ok");
    let r = s.patch(
        &format!("/events/{event}/attendees/{id}"),
        &t,
        json!({"item": {"job_title": "Chief Quarrington Officer", "last_name": "Quarrington-Smythe"}}),
    );
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(erase(&s, &t, event, id, None).status, 200);
    assert_no_bytes_left(s);
}

/// Right after the erasure's answer, with the server running: no byte of the person in
/// the file, its WAL or its shared memory, though every version of their row (created,
/// scanned, edited twice) went through the WAL, and the file held one of them.
#[test]
fn an_erased_attendee_is_in_no_byte_of_the_files_as_soon_as_the_erasure_is_answered() {
    let (s, t, event) = setup();
    let field = s.field(
        &t,
        event,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");
    let z = zebulon(&s, &t, event, field);
    let id = z["id"].as_i64().expect("id");
    // The person in the file as well as in the WAL: a backup folds the WAL.
    let dir = tempfile::tempdir().expect("tempdir");
    let out = s.cli(&["backup", "--to", &dir.path().join("b.db").to_string_lossy()]);
    assert!(out.status.success());
    let code = z["qr_code"].as_str().expect("code");
    assert_eq!(s.scan(&t, event, code, "check_in")["outcome"], "ok");
    for title in ["Chief Quarrington Officer", "Head of Quarrington"] {
        let r = s.patch(
            &format!("/events/{event}/attendees/{id}"),
            &t,
            json!({"item": {"job_title": title}}),
        );
        assert_eq!(r.status, 200, "{}", r.text);
    }
    // The check would find them now.
    let before: Vec<u8> = [bytes_of(&s.db), bytes_of(&s.db.with_extension("db-wal"))].concat();
    assert!(
        before.windows(EMAIL.len()).any(|w| w == EMAIL.as_bytes()),
        "the person is in the files before the erasure"
    );
    assert_eq!(erase(&s, &t, event, id, None).status, 200);
    assert_files_clean_now(&s.db);
    // The server goes on working on the folded files.
    assert_eq!(s.attendee_count(&t, event), 0);
    let grace = s.attendee(&t, event, json!({"first_name": "Grace"}));
    let grace_code = grace["qr_code"].as_str().expect("code");
    assert_eq!(s.scan(&t, event, grace_code, "check_in")["outcome"], "ok");
}

#[test]
fn the_bytes_test_would_see_the_person_before_the_erasure() {
    // The byte search above is only worth something if it finds a person who is there.
    let (s, t, event) = setup();
    let field = s.field(
        &t,
        event,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");
    zebulon(&s, &t, event, field);
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = dir.path().join("before.db");
    let out = s.cli(&["backup", "--to", &copy.to_string_lossy()]);
    assert!(out.status.success());
    let bytes = bytes_of(&copy);
    for needle in [FIRST, EMAIL, ANSWER] {
        assert!(
            bytes.windows(needle.len()).any(|w| w == needle.as_bytes()),
            "{needle}"
        );
    }
}

#[test]
fn purge_erases_every_attendee_of_one_event_now() {
    let (s, t, event) = setup();
    let other = s.event(&t, "Other");
    let field = s.field(
        &t,
        event,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");
    zebulon(&s, &t, event, field);
    // The scan is Ada's: Zebulon's row is written once (see the ignored test above).
    let ada = s.attendee(&t, event, json!({"first_name": "Ada"}));
    s.attendee(&t, other, json!({"first_name": "Grace"}));
    let ada_code = ada["qr_code"].as_str().expect("code");
    let keyed_scan = |s: &Server| {
        s.call_with(
            "POST",
            &format!("/events/{event}/scans"),
            Some(&t),
            &[("Idempotency-Key", "ada-scan")],
            Some(&json!({"item": {"code": ada_code, "action": "check_in"}})),
        )
    };
    let first = keyed_scan(&s);
    assert_eq!(first.item()["outcome"], "ok", "{}", first.text);

    let printed = s.cli_json(&["purge", "--event", &event.to_string()]);
    assert_eq!(printed, json!({"event": event, "erased": 2}));
    // The server still running: the command folded the WAL before it ended.
    assert_files_clean_now(&s.db);
    assert_eq!(s.attendee_count(&t, event), 0);
    assert_eq!(s.attendee_count(&t, other), 1, "other events keep theirs");
    assert_eq!(history_total(&s, &t, event), 1);
    let e = s.get(&format!("/events/{event}"), &t).item();
    assert!(e["purged_at"].is_string(), "{e}");
    // The keyed scan's stored answer (Ada's record) went with her: a repeat runs again.
    let repeat = keyed_scan(&s);
    assert_eq!(
        repeat.header("idempotent-replayed"),
        None,
        "{}",
        repeat.text
    );
    assert_ne!(repeat.item()["outcome"], "ok", "{}", repeat.text);
    // Again: nothing left to erase. An unknown event fails.
    assert_eq!(
        s.cli_json(&["purge", "--event", &event.to_string()])["erased"],
        0
    );
    assert!(!s.cli(&["purge", "--event", "999999"]).status.success());

    let db = s.db.clone();
    let kept = s.stop_keeping_files();
    assert_absent("the database file", &bytes_of(&db));
    drop(kept);
}

#[test]
fn retention_is_set_per_event_and_the_server_erases_when_it_is_due() {
    let s = Server::start_with(&[PLAIN]);
    let t = s.token("read write");
    // Ended long ago, kept one day: due. Ends next year: not due.
    let r = s.post(
        "/events",
        &t,
        json!({"item": {"name": "Past", "starts_at": "2020-01-01T09:00:00+01:00",
                        "ends_at": "2020-01-01T18:00:00+01:00", "retention_days": 1}}),
    );
    assert_eq!(r.status, 201, "{}", r.text);
    let past = r.item();
    assert_eq!(past["retention_days"], 1);
    assert_eq!(past["erase_after"], "2020-01-02T17:00:00.000Z");
    assert_eq!(past["purged_at"], Value::Null);
    let past = past["id"].as_i64().expect("id");
    let r = s.post(
        "/events",
        &t,
        json!({"item": {"name": "Future", "ends_at": "2099-01-01T18:00:00Z", "retention_days": 30}}),
    );
    let future = r.item()["id"].as_i64().expect("id");
    // Off by default; null turns it off; out of range is 422 naming the member.
    let plain = s.event(&t, "Plain");
    let e = s.get(&format!("/events/{plain}"), &t).item();
    assert_eq!(
        (e["retention_days"].clone(), e["erase_after"].clone()),
        (Value::Null, Value::Null)
    );
    for bad in [json!(0), json!(-3), json!(40000), json!("ten")] {
        let r = s.patch(
            &format!("/events/{plain}"),
            &t,
            json!({"item": {"retention_days": bad}}),
        );
        assert_eq!(r.status, 422, "{bad}: {}", r.text);
        assert!(r.text.contains("retention_days"), "{}", r.text);
    }
    let r = s.patch(
        &format!("/events/{plain}"),
        &t,
        json!({"item": {"retention_days": 7}}),
    );
    assert_eq!(r.item()["retention_days"], 7);
    assert_eq!(r.item()["erase_after"], Value::Null, "no end, no erasure");
    let r = s.patch(
        &format!("/events/{plain}"),
        &t,
        json!({"item": {"retention_days": null}}),
    );
    assert_eq!(r.item()["retention_days"], Value::Null);

    let field = s.field(
        &t,
        past,
        json!({"label": "Allergies", "type": "short_text"}),
    )["id"]
        .as_i64()
        .expect("field id");
    zebulon(&s, &t, past, field);
    let ada = s.attendee(&t, past, json!({"first_name": "Ada"}));
    s.scan(&t, past, ada["qr_code"].as_str().expect("code"), "check_in");
    s.attendee(&t, future, json!({"first_name": "Grace"}));
    s.attendee(&t, plain, json!({"first_name": "Alan"}));

    // The pass runs at start: the restarted server erases the past event's attendees.
    let kept = s.stop_keeping_files();
    let s = Server::start_in(kept, &[PLAIN]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while s.attendee_count(&t, past) > 0 {
        assert!(Instant::now() < deadline, "the retention pass did not run");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(s.attendee_count(&t, future), 1);
    assert_eq!(s.attendee_count(&t, plain), 1);
    assert_eq!(history_total(&s, &t, past), 1, "the history stays");
    let e = s.get(&format!("/events/{past}"), &t).item();
    assert!(e["purged_at"].is_string(), "{e}");
    // The pass folds the WAL right after its write: within moments, while running.
    let clean = |p: &Path| {
        !needles()
            .iter()
            .any(|n| bytes_of(p).windows(n.len()).any(|w| w == n.as_bytes()))
    };
    let deadline = Instant::now() + Duration::from_secs(5);
    while !(clean(&s.db) && clean(&s.db.with_extension("db-wal"))) {
        assert!(
            Instant::now() < deadline,
            "the retention pass left the person in the files"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_files_clean_now(&s.db);

    let db = s.db.clone();
    let kept = s.stop_keeping_files();
    assert_absent("the database file", &bytes_of(&db));
    drop(kept);
}

// ---------------------------------------------------------------------------------------
// Sync

/// `entrada sync configure` on the kiosk's database for `events` of the remote.
fn configure(kiosk: &Server, remote: &Server, events: &str) {
    kiosk.configure_sync_at(remote, &remote.base, events);
}

/// One round through `POST /kiosk/sync/run`; its report.
fn round(kiosk: &Server, token: &str) -> Value {
    let r = kiosk.call(
        "POST",
        &format!("{}/kiosk/sync/run", kiosk.base),
        Some(token),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.text);
    let report = r.json();
    assert_eq!(report["error"], Value::Null, "{report}");
    report
}

fn local_id_by_code(kiosk: &Server, t: &str, event: i64, code: &str) -> i64 {
    kiosk
        .get(&format!("/events/{event}/attendees?qr_code={code}"), t)
        .json()["items"][0]["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("no attendee {code} at the kiosk"))
}

#[test]
fn an_erasure_at_a_kiosk_reaches_the_remote_and_a_walk_in_never_pushed_never_arrives() {
    let remote = Server::start();
    let rt = remote.token("read write");
    let event = remote.event(&rt, "Gala");
    let z = remote.attendee(
        &rt,
        event,
        json!({"first_name": FIRST, "last_name": LAST, "email": EMAIL}),
    );
    let rid = z["id"].as_i64().expect("id");
    let code = z["qr_code"].as_str().expect("code").to_owned();
    remote.attendee(&rt, event, json!({"first_name": "Ada"}));

    let kiosk = Server::start_with(&["--sync-interval", "0", "--rate-limit", "0"]);
    let kt = kiosk.token("read write check_in");
    configure(&kiosk, &remote, &event.to_string());
    round(&kiosk, &kt);
    let local = kiosk.get("/events", &kt).json()["items"]
        .as_array()
        .and_then(|e| e.last().cloned())
        .and_then(|e| e["id"].as_i64())
        .expect("the mirrored event");
    let id = local_id_by_code(&kiosk, &kt, local, &code);

    // Checked in and edited here, then erased, all before the next round: the check-in
    // still reaches the remote (its history counts it), the edit never does.
    assert_eq!(kiosk.scan(&kt, local, &code, "check_in")["outcome"], "ok");
    let r = kiosk.patch(
        &format!("/events/{local}/attendees/{id}"),
        &kt,
        json!({"item": {"company": COMPANY}}),
    );
    assert_eq!(r.status, 200);
    // A walk-in made here and erased before any round: the remote never hears of it.
    let walk_in = kiosk.attendee(&kt, local, json!({"first_name": "Walk", "last_name": "In"}));
    let walk_in_id = walk_in["id"].as_i64().expect("id");
    assert_eq!(erase(&kiosk, &kt, local, walk_in_id, None).status, 200);
    assert_eq!(erase(&kiosk, &kt, local, id, None).status, 200);

    let report = round(&kiosk, &kt);
    assert_eq!(report["pending"], 0, "{report}");
    let st = kiosk.get(&format!("{}/kiosk/sync", kiosk.base), &kt).json();
    assert_eq!(st["parked"], json!([]), "{st}");
    assert_eq!(st["conflicts"], json!([]), "{st}");

    let r = remote.get(&format!("/events/{event}/attendees/{rid}"), &rt);
    assert_eq!(r.status, 404, "the remote erased the attendee: {}", r.text);
    assert_eq!(
        remote.attendee_count(&rt, event),
        1,
        "Ada alone, no walk-in"
    );
    let history = remote.get(&format!("/events/{event}/check_ins"), &rt);
    assert_eq!(
        history.json()["metadata"]["total_count"],
        1,
        "{}",
        history.text
    );
    assert!(!history.text.contains(FIRST));
    // A later round neither brings the person back here nor fails.
    round(&kiosk, &kt);
    assert_eq!(kiosk.attendee_count(&kt, local), 1);
    assert_absent(
        "the kiosk's list",
        kiosk
            .get(&format!("/events/{local}/attendees"), &kt)
            .text
            .as_bytes(),
    );
    // A purge of the mirrored event reaches the remote as well.
    let printed = kiosk.cli_json(&["purge", "--event", &local.to_string()]);
    assert_eq!(printed["erased"], 1);
    round(&kiosk, &kt);
    assert_eq!(remote.attendee_count(&rt, event), 0);
    assert_eq!(kiosk.attendee_count(&kt, local), 0);
}
