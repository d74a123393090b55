//! Scans that see every door (issue 20, HUB.md): kiosks joined to a hub on loopback ask
//! the hub first and follow its check-in stream. A ticket admitted at door A shows as
//! checked in at door B within 2 s and is refused there, with no sync round between; the hub's answer is the kiosk's, and nothing of it is queued again. A
//! frozen hub (SIGSTOP) costs a scan at most the limit: it is decided here, held, and
//! dropped once the hub's late answer says it has it. A hub that is gone is not waited
//! for at all; the scan reaches it with the next round.

use crate::common;

use std::time::{Duration, Instant};

use common::hub::{joined_kiosk, local_event, round, start_hub, sync_status};
use serde_json::{Value, json};

fn code_of(attendee: &Value) -> String {
    attendee["qr_code"].as_str().expect("qr_code").to_owned()
}

#[test]
fn a_ticket_admitted_at_one_door_is_refused_at_the_next_and_a_slow_hub_costs_at_most_the_limit() {
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    let event = hub.server.event(&token, "Conference");
    let people: Vec<Value> = ["Nadia", "Ada", "Bob", "Carol"]
        .iter()
        .map(|name| {
            hub.server.attendee(
                &token,
                event,
                json!({"first_name": name, "last_name": "Doe",
                       "email": format!("{}@example.org", name.to_lowercase())}),
            )
        })
        .collect();
    let organiser = hub.server.organiser_token();
    let (door_a, token_a) = joined_kiosk(&hub, &organiser, "Door A", &[]);
    let (door_b, token_b) = joined_kiosk(&hub, &organiser, "Door B", &[]);
    let (event_a, event_b) = (
        local_event(&door_a, &token_a),
        local_event(&door_b, &token_b),
    );
    let nadia = code_of(&people[0]);

    // Door A admits Nadia: the hub decided, and has her now, with no round run.
    let first = door_a.scan(&token_a, event_a, &nadia, "check_in");
    assert_eq!(first["outcome"], "ok", "{first}");
    assert_eq!(first["decided_by"], "hub", "{first}");
    assert_eq!(
        hub.server
            .checkin_status(&token, event, common::id_of(&people[0])),
        "checked_in"
    );
    // Nothing is queued at door A: the hub has it.
    assert_eq!(sync_status(&door_a, &token_a)["pending"], 0);

    // Door B heard of it from the hub's stream, with no round: its own list says so.
    let nadia_at_b = door_b
        .get(&format!("/events/{event_b}/attendees?q=Nadia"), &token_b)
        .json()["items"][0]["id"]
        .as_i64()
        .expect("Nadia at door B");
    let heard = Instant::now();
    while door_b.checkin_status(&token_b, event_b, nadia_at_b) != "checked_in" {
        assert!(
            heard.elapsed() < Duration::from_secs(2),
            "door B did not hear of door A's check-in within 2 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!(
        "door B heard of door A's check-in {} ms after door A's answer",
        heard.elapsed().as_millis()
    );

    // Door B refuses her at once, in the hub's words.
    let second = door_b.scan(&token_b, event_b, &nadia, "check_in");
    assert_eq!(second["outcome"], "already_checked_in", "{second}");
    assert_eq!(second["decided_by"], "hub", "{second}");
    assert_eq!(
        second["attendee"]["checkin_status"], "checked_in",
        "{second}"
    );
    assert_eq!(sync_status(&door_b, &token_b)["pending"], 0);
    // A round changes nothing: no duplicate, no conflict on either side.
    for (kiosk, t) in [(&door_a, &token_a), (&door_b, &token_b)] {
        let r = round(kiosk, t);
        assert_eq!(r["error"], Value::Null, "{r}");
        assert_eq!(r["confirmed"], 0, "{r}");
        assert_eq!(sync_status(kiosk, t)["conflicts"], json!([]));
    }

    // A frozen hub: the scan is decided here within the limit, held, and dropped when
    // the hub's late answer says it admitted the same scan.
    hub.signal("STOP");
    let ada = code_of(&people[1]);
    let asked = Instant::now();
    let here = door_a.scan(&token_a, event_a, &ada, "check_in");
    let waited = asked.elapsed();
    assert_eq!(here["outcome"], "ok", "{here}");
    assert_eq!(here["decided_by"], "here", "{here}");
    assert!(
        waited < Duration::from_millis(1500),
        "the door waited {waited:?} for a frozen hub"
    );
    eprintln!(
        "scan with a frozen hub answered in {} ms",
        waited.as_millis()
    );
    assert_eq!(
        sync_status(&door_a, &token_a)["pending"],
        1,
        "held, not lost"
    );
    hub.signal("CONT");
    let mut pending = Value::Null;
    for _ in 0..60 {
        pending = sync_status(&door_a, &token_a)["pending"].clone();
        if pending == 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(pending, 0, "the late answer settled the held entry");
    assert_eq!(
        hub.server
            .checkin_status(&token, event, common::id_of(&people[1])),
        "checked_in"
    );
    let r = round(&door_a, &token_a);
    assert_eq!(r["confirmed"], 0, "nothing sent twice: {r}");

    // The hub is gone: no wait at all, decided here, and the next round brings it over.
    let https = hub.https_addr();
    let mut hub = hub;
    hub.server.kill();
    let bob = code_of(&people[2]);
    let asked = Instant::now();
    let alone = door_b.scan(&token_b, event_b, &bob, "check_in");
    assert_eq!(alone["outcome"], "ok", "{alone}");
    assert_eq!(alone["decided_by"], "here", "{alone}");
    assert!(asked.elapsed() < Duration::from_millis(1500));
    assert_eq!(sync_status(&door_b, &token_b)["pending"], 1);
    let hub = hub.restart("Hall A");
    assert_eq!(hub.https_addr(), https);
    let r = round(&door_b, &token_b);
    assert_eq!(r["error"], Value::Null, "{r}");
    assert_eq!(r["confirmed"], 1, "{r}");
    assert_eq!(
        hub.server
            .checkin_status(&token, event, common::id_of(&people[2])),
        "checked_in"
    );
    // Once back, the hub decides again.
    let carol = code_of(&people[3]);
    let back = door_b.scan(&token_b, event_b, &carol, "check_in");
    assert_eq!(back["decided_by"], "hub", "{back}");
}

#[test]
fn a_door_scan_reaches_the_organisers_remote_through_the_hub_once() {
    // The organiser's remote, with the event and Ada.
    let remote = common::Server::start_with(&["--sync-interval", "0"]);
    let remote_token = remote.token("read write");
    let remote_event = remote.event(&remote_token, "Gala");
    let ada = remote.attendee(
        &remote_token,
        remote_event,
        json!({"first_name": "Ada", "last_name": "Lovelace"}),
    );
    // The hub mirrors it from the remote (kiosk -> hub -> remote).
    let hub = start_hub("Hall A", "127.0.0.1:0");
    hub.server
        .configure_sync_at(&remote, &remote.base, &remote_event.to_string());
    let hub_token = hub.server.token("read write");
    let first = round(&hub.server, &hub_token);
    assert_eq!(first["error"], Value::Null, "{first}");
    let organiser = hub.server.organiser_token();
    let (door, door_token) = joined_kiosk(&hub, &organiser, "Door A", &[]);
    let event = local_event(&door, &door_token);

    let scanned = door.scan(&door_token, event, &code_of(&ada), "check_in");
    assert_eq!(scanned["outcome"], "ok", "{scanned}");
    assert_eq!(scanned["decided_by"], "hub", "{scanned}");
    // The hub's next rounds send it upstream once; nothing comes back as a change.
    for _ in 0..2 {
        let r = round(&hub.server, &hub_token);
        assert_eq!(r["error"], Value::Null, "{r}");
        assert_eq!(sync_status(&hub.server, &hub_token)["pending"], 0);
        let r = round(&door, &door_token);
        assert_eq!(r["error"], Value::Null, "{r}");
        assert_eq!(
            r["confirmed"], 0,
            "the door sends nothing: the hub had it: {r}"
        );
    }
    assert_eq!(
        remote.checkin_status(&remote_token, remote_event, common::id_of(&ada)),
        "checked_in"
    );
    let history = remote
        .get(
            &format!(
                "/events/{remote_event}/attendees/{}/check_ins",
                common::id_of(&ada)
            ),
            &remote_token,
        )
        .json();
    let admitted = history["items"]
        .as_array()
        .expect("history")
        .iter()
        .filter(|r| r["action"] == "check_in" && r["outcome"] == "ok")
        .count();
    assert_eq!(admitted, 1, "exactly one check-in upstream: {history}");
    assert_eq!(
        sync_status(&hub.server, &hub_token)["conflicts"],
        json!([]),
        "no conflict on the hub"
    );
}

/// A joined door's own history holds exactly one `ok` record for each admission the hub
/// decided, whichever comes first at the door: its own write of the scan or the hub's
/// record through its stream follower (issue 37, 2: the follower won the race for 1 to
/// 14 of 20 scans, and the door's history then said "already checked in" for people it
/// let in). One at a time, then four scanning at once.
#[test]
fn a_doors_history_holds_one_ok_record_per_admission_the_hub_decided() {
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    let event = hub.server.event(&token, "Conference");
    let codes: Vec<String> = (0..60)
        .map(|i| {
            code_of(&hub.server.attendee(
                &token,
                event,
                json!({"first_name": format!("P{i}"), "last_name": "Doe"}),
            ))
        })
        .collect();
    let organiser = hub.server.organiser_token();
    let (door, door_token) = joined_kiosk(&hub, &organiser, "Door A", &[]);
    let local = local_event(&door, &door_token);
    let scan = |code: &str| {
        let r = door.scan(&door_token, local, code, "check_in");
        assert_eq!(r["outcome"], "ok", "{r}");
        assert_eq!(r["decided_by"], "hub", "{r}");
    };
    for code in &codes[..20] {
        scan(code);
    }
    std::thread::scope(|s| {
        for chunk in codes[20..].chunks(10) {
            s.spawn(move || {
                for code in chunk {
                    scan(code);
                }
            });
        }
    });
    let history = common::all_items(&door, &door_token, &format!("/events/{local}/check_ins"));
    let mut ok = std::collections::HashMap::<String, usize>::new();
    for record in &history {
        assert_eq!(
            record["outcome"], "ok",
            "the door refused no one it let in: {record}"
        );
        *ok.entry(record["code"].as_str().unwrap_or_default().to_owned())
            .or_default() += 1;
    }
    for code in &codes {
        assert_eq!(ok.get(code), Some(&1), "one ok record for {code}: {ok:?}");
    }
    assert_eq!(history.len(), codes.len());
}

/// A hub with an event and Ada, and a kiosk joined to it for each door (no rounds of
/// their own), each with its copy of the event: (hub, its token, event, Ada, doors).
#[allow(clippy::type_complexity)]
fn ada_at_doors(
    names: &[&str],
) -> (
    common::hub::Hub,
    String,
    i64,
    Value,
    Vec<(common::Server, String, i64)>,
) {
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    let event = hub.server.event(&token, "Conference");
    let ada = hub.server.attendee(
        &token,
        event,
        json!({"first_name": "Ada", "last_name": "Doe", "email": "ada@example.org"}),
    );
    let organiser = hub.server.organiser_token();
    let doors = names
        .iter()
        .map(|name| {
            let (door, t) = joined_kiosk(&hub, &organiser, name, &[]);
            let e = local_event(&door, &t);
            (door, t, e)
        })
        .collect();
    (hub, token, event, ada, doors)
}

/// Issue 37, 3: a duplicate entry reaches every door within 2 s of the hub learning it.
/// Doors A and C both admit Ada while the hub is frozen (each decides alone); when it
/// wakes, one door's late answer is the hub's `ok`, the other's entry goes with its next
/// round, comes back "already checked in" and is reported to the hub as a duplicate
/// entry. Door B and the other door run no round at all (`--sync-interval 0`): they learn
/// it from the `: conflict` note on the check-in stream they follow (HUB.md).
#[test]
fn a_duplicate_entry_reaches_every_door_within_two_seconds_of_the_hub() {
    let (hub, token, _, ada, doors) = ada_at_doors(&["Door A", "Door B", "Door C"]);
    let code = code_of(&ada);

    hub.signal("STOP");
    for i in [0, 2] {
        let (door, t, e) = &doors[i];
        let alone = door.scan(t, *e, &code, "check_in");
        assert_eq!(alone["outcome"], "ok", "{alone}");
        assert_eq!(alone["decided_by"], "here", "{alone}");
    }
    hub.signal("CONT");
    // The late answers: one door's scan was the hub's first (dropped there), the other's
    // is released for its next round.
    let pending = |i: usize| sync_status(&doors[i].0, &doors[i].1)["pending"].as_i64();
    common::eventually(
        "the late answers settle the held entries",
        Duration::from_secs(10),
        || (pending(0) == Some(0) || pending(2) == Some(0)).then_some(()),
    );
    let duplicates = |i: usize| -> usize {
        sync_status(&doors[i].0, &doors[i].1)["conflicts"]
            .as_array()
            .map_or(0, |all| {
                all.iter()
                    .filter(|c| c["kind"] == "duplicate_entry")
                    .count()
            })
    };
    let mut reporter = None;
    for i in [0, 2] {
        let r = round(&doors[i].0, &doors[i].1);
        assert_eq!(r["error"], Value::Null, "{r}");
        if duplicates(i) > 0 {
            reporter = Some(i);
        }
    }
    let reporter = reporter.expect("one door found the duplicate entry");
    // The reporting door's round has returned: the hub has the conflict now.
    let learnt = Instant::now();
    let on_hub = sync_status(&hub.server, &token)["conflicts"].clone();
    assert_eq!(
        on_hub.as_array().map(Vec::len),
        Some(1),
        "the hub has the duplicate entry: {on_hub}"
    );
    for i in (0..3).filter(|&i| i != reporter) {
        while duplicates(i) == 0 {
            assert!(
                learnt.elapsed() < Duration::from_secs(2),
                "door {} did not show the duplicate entry within 2 s of the hub",
                ["A", "B", "C"][i]
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        eprintln!(
            "door {} showed the duplicate entry {} ms after the hub had it",
            ["A", "B", "C"][i],
            learnt.elapsed().as_millis()
        );
        assert_eq!(duplicates(i), 1, "once");
    }
    // Once: the notes and rounds that follow add nothing.
    for (door, t, _) in &doors {
        round(door, t);
        assert_eq!(
            sync_status(door, t)["conflicts"].as_array().map(Vec::len),
            Some(1)
        );
    }
}

/// Issue 37, 3b: doors A and B both let Ada out while the hub is frozen (each decides
/// alone; neither heard of the other's). When it wakes, one check-out is the hub's, the
/// other is answered "not checked in" when its door's round puts it again. The hub
/// already has her out, which is where that check-out leads: it is settled, not parked,
/// and that door's later entries of her (a check-in again) are not held behind it.
#[test]
fn a_check_out_another_door_made_first_is_settled_not_parked() {
    let (hub, token, event, ada, doors) = ada_at_doors(&["Door A", "Door B"]);
    let code = code_of(&ada);
    let ada_at = |i: usize| -> i64 {
        doors[i]
            .0
            .get(
                &format!("/events/{}/attendees?q=Ada", doors[i].2),
                &doors[i].1,
            )
            .json()["items"][0]["id"]
            .as_i64()
            .expect("Ada")
    };
    let status_at = |i: usize| {
        doors[i]
            .0
            .checkin_status(&doors[i].1, doors[i].2, ada_at(i))
    };
    let admitted = doors[0].0.scan(&doors[0].1, doors[0].2, &code, "check_in");
    assert_eq!(admitted["decided_by"], "hub", "{admitted}");
    common::eventually("door B hears of it", Duration::from_secs(5), || {
        (status_at(1) == "checked_in").then_some(())
    });

    hub.signal("STOP");
    for (door, t, e) in &doors {
        let out = door.scan(t, *e, &code, "check_out");
        assert_eq!(out["outcome"], "ok", "{out}");
        assert_eq!(out["decided_by"], "here", "{out}");
    }
    hub.signal("CONT");
    let pending = |i: usize| sync_status(&doors[i].0, &doors[i].1)["pending"].as_i64();
    // One check-out was the hub's (dropped at its door); the other door keeps its own,
    // released for its next round.
    let late = common::eventually(
        "the late answers settle the held entries",
        Duration::from_secs(10),
        || match (pending(0), pending(1)) {
            (Some(0), Some(1)) => Some(1),
            (Some(1), Some(0)) => Some(0),
            _ => None,
        },
    );
    // That door lets her in again while the hub is gone: an entry behind its check-out.
    let mut hub = hub;
    hub.server.kill();
    let again = doors[late]
        .0
        .scan(&doors[late].1, doors[late].2, &code, "check_in");
    assert_eq!(again["outcome"], "ok", "{again}");
    assert_eq!(again["decided_by"], "here", "{again}");
    let hub = hub.restart("Hall A");
    for _ in 0..2 {
        for (door, t, _) in &doors {
            let r = round(door, t);
            assert_eq!(r["error"], Value::Null, "{r}");
        }
    }
    for (i, (door, t, _)) in doors.iter().enumerate() {
        let st = sync_status(door, t);
        assert_eq!(st["parked"], json!([]), "door {i}: nothing parked: {st}");
        assert_eq!(st["pending"], 0, "door {i}: nothing left waiting: {st}");
    }
    // Every door and the hub agree where she is.
    let on_hub = hub
        .server
        .checkin_status(&token, event, common::id_of(&ada));
    for i in 0..2 {
        common::eventually(
            "the doors agree with the hub",
            Duration::from_secs(5),
            || (status_at(i) == on_hub).then_some(()),
        );
    }
}
