//! A check-in answered 200 survives SIGKILL: a load of check-ins, the server killed in
//! the middle, restarted on the same file, and every answered check-in is there, with
//! exactly one history record each.

use crate::common;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::Server;
use serde_json::json;

#[test]
fn answered_check_ins_survive_sigkill() {
    // A load test: no per-token rate limit.
    let s = Server::start_with(&["--rate-limit", "0"]);
    let t = s.token("read write");
    let event = s.event(&t, "Crash");
    let ids: Vec<i64> = (0..1500)
        .map(|i| {
            s.attendee(&t, event, json!({"first_name": format!("Guest {i}")}))["id"]
                .as_i64()
                .expect("id")
        })
        .collect();

    let answered = Arc::new(Mutex::new(HashSet::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..8)
        .map(|w| {
            let mine: Vec<i64> = ids.iter().copied().skip(w).step_by(8).collect();
            let (api, t, answered, stop) =
                (s.api.clone(), t.clone(), answered.clone(), stop.clone());
            std::thread::spawn(move || {
                let client = reqwest::blocking::Client::builder()
                    .timeout(Duration::from_secs(5))
                    .build()
                    .expect("client");
                for id in mine {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let r = client
                        .post(format!("{api}/events/{event}/attendees/{id}/check_in"))
                        .bearer_auth(&t)
                        .send();
                    match r {
                        Ok(r) if r.status().as_u16() == 200 => {
                            answered.lock().expect("lock").insert(id);
                        }
                        // The server is gone: later requests fail too.
                        _ => break,
                    }
                }
            })
        })
        .collect();
    // Let the load run, then pull the plug while requests are in flight.
    let started = std::time::Instant::now();
    while answered.lock().expect("lock").len() < 300 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the load never got going"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let s = s.crash_and_restart();
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().expect("worker");
    }
    let answered = answered.lock().expect("lock").clone();
    assert!(
        answered.len() >= 300 && answered.len() < ids.len(),
        "killed mid-run: {} answered",
        answered.len()
    );

    // Every answered check-in is there.
    let t = s.token("read write");
    let mut checked_in = HashSet::new();
    for page in 1.. {
        let body = s
            .get(
                &format!(
                    "/events/{event}/attendees?checkin_status=checked_in&per_page=100&page={page}"
                ),
                &t,
            )
            .json();
        let items = body["items"].as_array().expect("items").clone();
        if items.is_empty() {
            break;
        }
        checked_in.extend(items.iter().map(|a| a["id"].as_i64().expect("id")));
    }
    let lost: Vec<_> = answered.difference(&checked_in).collect();
    assert!(
        lost.is_empty(),
        "answered 200 but lost after the crash: {lost:?}"
    );

    // History: exactly one `ok` check-in per checked-in attendee, none for the others.
    let mut recorded: Vec<i64> = Vec::new();
    for page in 1.. {
        let body = s
            .get(
                &format!("/events/{event}/check_ins?per_page=100&page={page}"),
                &t,
            )
            .json();
        let items = body["items"].as_array().expect("items").clone();
        if items.is_empty() {
            break;
        }
        for r in items {
            assert_eq!(r["outcome"], "ok");
            recorded.push(r["attendee_id"].as_i64().expect("attendee_id"));
        }
    }
    let unique: HashSet<i64> = recorded.iter().copied().collect();
    assert_eq!(unique.len(), recorded.len(), "duplicate history records");
    assert_eq!(
        unique, checked_in,
        "history and state disagree (a gap or an extra)"
    );
}
