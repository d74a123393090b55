//! The live check-in stream (`GET /events/{id}/check_ins/stream`, Server-Sent Events) over
//! real HTTP: one event per history record in order, with the attendee; resume with
//! `Last-Event-ID` with nothing missed or repeated; other events' records left out; errors
//! in the API's shapes; a keep-alive comment on a quiet stream; 100 listeners through a
//! 64-connection check-in storm with no loss; streams end when the server stops.

use crate::common;

use std::io::{BufRead, BufReader};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use common::Server;
use reqwest::blocking::{Client, Response};
use serde_json::{Value, json};

/// A reader of one stream.
struct Listener {
    lines: BufReader<Response>,
}

impl Listener {
    fn open(s: &Server, token: &str, event: i64, last_event_id: Option<i64>) -> Listener {
        let client = Client::builder()
            .timeout(Duration::from_secs(120))
            .build()
            .expect("client");
        let mut req = client
            .get(format!("{}/events/{event}/check_ins/stream", s.api))
            .bearer_auth(token);
        if let Some(id) = last_event_id {
            req = req.header("Last-Event-ID", id.to_string());
        }
        let resp = req.send().expect("open stream");
        assert_eq!(resp.status(), 200);
        let kind = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        Listener {
            lines: BufReader::new(resp),
        }
    }

    /// The next event: its id and its data. Comment lines (heartbeats) are skipped.
    fn next(&mut self) -> (i64, Value) {
        let (mut id, mut kind, mut data) = (None, None, String::new());
        loop {
            let mut line = String::new();
            let n = self.lines.read_line(&mut line).expect("read the stream");
            assert!(n > 0, "the stream ended");
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if let Some(id) = id {
                    assert_eq!(kind.as_deref(), Some("check_in"));
                    return (id, serde_json::from_str(&data).expect("data is JSON"));
                }
                continue;
            }
            if let Some(v) = line.strip_prefix("id:") {
                id = v.trim().parse().ok();
            } else if let Some(v) = line.strip_prefix("event:") {
                kind = Some(v.trim().to_owned());
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim_start());
            }
        }
    }
}

#[test]
fn records_arrive_in_order_with_their_attendee_and_resume_without_loss_or_repeat() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Conference");
    let other = s.event(&t, "Other");
    let ada = s.attendee(
        &t,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace"}),
    );
    let code = ada["qr_code"].as_str().expect("code").to_owned();
    let stranger = s.attendee(&t, other, json!({"first_name": "Elsewhere"}));

    let mut live = Listener::open(&s, &t, event, None);
    s.scan(&t, event, &code, "check_in");
    s.scan(
        &t,
        other,
        stranger["qr_code"].as_str().expect("code"),
        "check_in",
    );
    s.scan(&t, event, &code, "check_in"); // already checked in: a refused record
    s.scan(&t, event, "NO-SUCH-CODE", "check_in");
    s.scan(&t, event, &code, "check_out");
    let id = ada["id"].as_i64().expect("id");
    let r = s.delete(&format!("/events/{event}/attendees/{id}/check_in"), &t);
    assert_eq!(r.status, 200, "{}", r.text);

    let got: Vec<(i64, Value)> = (0..5).map(|_| live.next()).collect();
    let summary: Vec<(String, String)> = got
        .iter()
        .map(|(_, d)| {
            (
                d["record"]["action"].as_str().unwrap_or("?").to_owned(),
                d["record"]["outcome"].as_str().unwrap_or("?").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("check_in", "ok"),
            ("check_in", "already_checked_in"),
            ("check_in", "not_found"),
            ("check_out", "ok"),
            ("undo", "ok"),
        ]
        .map(|(a, o)| (a.to_owned(), o.to_owned())),
        "the other event's record is left out"
    );
    let ids: Vec<i64> = got.iter().map(|(id, _)| *id).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    for (id, data) in &got {
        assert_eq!(data["record"]["id"], *id);
        assert_eq!(data["record"]["event_id"], event);
    }
    assert_eq!(got[0].1["attendee"]["first_name"], "Ada");
    assert_eq!(got[0].1["attendee"]["checkin_status"], "checked_in");
    assert_eq!(got[2].1["attendee"], Value::Null);
    assert_eq!(got[2].1["record"]["code"], "NO-SUCH-CODE");
    assert_eq!(got[4].1["attendee"]["checkin_status"], "not_checked_in");

    // Resume after the second: the third, fourth and fifth, then live ones, no repeats.
    let mut resumed = Listener::open(&s, &t, event, Some(ids[1]));
    for want in &ids[2..] {
        assert_eq!(resumed.next().0, *want);
    }
    s.scan(&t, event, &code, "check_in");
    let (next_live, data) = resumed.next();
    assert!(next_live > ids[4]);
    assert_eq!(data["record"]["outcome"], "ok");
    assert_eq!(live.next().0, next_live, "the first listener gets it too");
}

#[test]
fn the_stream_answers_errors_in_the_api_shapes() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Conference");
    let path = format!("/events/{event}/check_ins/stream");
    let r = s.call("GET", &path, None, None);
    assert_eq!(r.status, 401, "{}", r.text);
    let r = s.get("/events/9999/check_ins/stream", &t);
    assert_eq!(r.status, 404, "{}", r.text);
    assert!(r.json()["error"].is_string(), "{}", r.text);
    let r = s.call_with(
        "GET",
        &path,
        Some(&t),
        &[("Last-Event-ID", "yesterday")],
        None,
    );
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(r.json()["errors"][0].is_string(), "{}", r.text);
    let r = s.get(&format!("{path}?after=-1"), &t);
    assert_eq!(r.status, 422, "{}", r.text);
    // A word where the id goes is told what an id is, not a parser's words (issue 37, 11).
    for bad in ["abc", "1.5", "", "99999999999999999999"] {
        let r = s.get(&format!("{path}?after={bad}"), &t);
        assert_eq!(r.status, 422, "after={bad}: {}", r.text);
        let error = r.json()["errors"][0]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        assert!(
            error.starts_with("after must be a history id") && !error.contains("invalid digit"),
            "after={bad}: {error}"
        );
    }
    // An id beyond the newest record (another database, an older backup restored) is
    // refused, not waited on in silence (issue 37); the newest itself resumes.
    let r = s.call_with("GET", &path, Some(&t), &[("Last-Event-ID", "999999")], None);
    assert_eq!(r.status, 422, "{}", r.text);
    assert!(
        r.json()["errors"][0]
            .as_str()
            .is_some_and(|e| e.contains("beyond the newest")),
        "{}",
        r.text
    );
    let r = s.get(&format!("{path}?after=999999"), &t);
    assert_eq!(r.status, 422, "{}", r.text);
    let ada = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let code = ada["qr_code"].as_str().expect("qr_code").to_owned();
    s.scan(&t, event, &code, "check_in");
    let newest = s.get(&format!("/events/{event}/check_ins"), &t).json()["items"][0]["id"]
        .as_i64()
        .expect("a history id");
    let mut resumed = Listener::open(&s, &t, event, Some(newest));
    s.scan(&t, event, &code, "check_out");
    assert!(resumed.next().0 > newest, "resumed from the newest record");
    let check_in_only = s.token("check_in");
    let r = s.get(&path, &check_in_only);
    assert_eq!(r.status, 403, "{}", r.text);
}

#[test]
fn a_hundred_listeners_get_every_record_of_a_check_in_storm() {
    const LISTENERS: usize = 100;
    const WRITERS: usize = 64;
    const EACH: usize = 10;
    let s = Arc::new(Server::start_with(&["--rate-limit", "0"]));
    let t = s.token("read write");
    let event = s.event(&t, "Storm");
    let codes: Vec<String> = (0..WRITERS * EACH)
        .map(|i| {
            s.attendee(&t, event, json!({"first_name": format!("Guest {i}")}))["qr_code"]
                .as_str()
                .expect("code")
                .to_owned()
        })
        .collect();
    let ready = Arc::new(Barrier::new(LISTENERS + 1));
    let listeners: Vec<_> = (0..LISTENERS)
        .map(|_| {
            let (s, t, ready) = (s.clone(), t.clone(), ready.clone());
            std::thread::spawn(move || {
                let mut l = Listener::open(&s, &t, event, None);
                ready.wait();
                let mut ids = Vec::with_capacity(WRITERS * EACH);
                for _ in 0..WRITERS * EACH {
                    ids.push(l.next().0);
                }
                ids
            })
        })
        .collect();
    ready.wait();
    let writers: Vec<_> = codes
        .chunks(EACH)
        .map(|chunk| {
            let (s, t, chunk) = (s.clone(), t.clone(), chunk.to_vec());
            std::thread::spawn(move || {
                for code in chunk {
                    assert_eq!(s.scan(&t, event, &code, "check_in")["outcome"], "ok");
                }
            })
        })
        .collect();
    for w in writers {
        w.join().expect("writer");
    }
    let history = s.get(&format!("/events/{event}/check_ins?per_page=1"), &t);
    assert_eq!(
        history.json()["metadata"]["total_count"],
        WRITERS * EACH,
        "{}",
        history.text
    );
    let mut first: Option<Vec<i64>> = None;
    for l in listeners {
        let ids = l.join().expect("listener");
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "in order, no repeats");
        match &first {
            None => first = Some(ids),
            Some(f) => assert_eq!(&ids, f, "every listener got the same records"),
        }
    }
}

#[test]
fn open_streams_end_when_the_server_stops() {
    let s = Server::start();
    let t = s.token("read");
    let event = s.event(&s.token("read write"), "Conference");
    let mut listener = Listener::open(&s, &t, event, None);
    let started = std::time::Instant::now();
    // terminate() fails the test if the server takes 5 s: the shutdown grace is 10 s, so
    // an open stream that kept its connection would hold the stop up.
    let status = s.terminate();
    assert!(status.success(), "{status:?}");
    assert!(started.elapsed() < Duration::from_secs(5));
    let mut rest = String::new();
    let n = std::io::Read::read_to_string(&mut listener.lines, &mut rest).unwrap_or(0);
    assert!(n < 1000, "the stream ended: {rest}");
}

#[test]
fn a_quiet_stream_gets_a_keep_alive_comment_and_then_its_records() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Conference");
    let ada = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let mut live = Listener::open(&s, &t, event, None);
    let started = std::time::Instant::now();
    let mut line = String::new();
    live.lines.read_line(&mut line).expect("read the stream");
    assert_eq!(line, ": keep-alive\n", "nothing else comes before a record");
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(14) && waited < Duration::from_secs(20),
        "{waited:?}"
    );
    live.lines.read_line(&mut line).expect("read the stream");
    s.scan(
        &t,
        event,
        ada["qr_code"].as_str().expect("code"),
        "check_in",
    );
    let (_, data) = live.next();
    assert_eq!(data["attendee"]["id"], ada["id"]);
}
