//! Finding the venue hub over real mDNS (HUB.md, "Discovery"), on a network the test
//! builds: a "switch" namespace with a bridge, and one namespace per machine with a veth
//! into it, on 10.231.N.0/24. The hub runs in one machine, `entrada hub find` in another;
//! the other joins it with a code (`hub code` on the hub, `hub join` finding it by mDNS)
//! and syncs, a wrong code and the used code are refused; once the hub stops (SIGTERM, so
//! it says goodbye), a new search no longer lists it, and a hub with another certificate
//! at its address stops the kiosk's sync.
//!
//! The second test runs tests/hub_storm.rs's storm there: a hub and four doors on five
//! machines, two doors cut off the LAN for part of it.
//!
//! Building namespaces needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN) and `ip`; without
//! them the test says "skipped: ..." on stderr and passes.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::time::Instant;

use common::hub::{local_event, round, start_hub, sync_status};
use common::storm::{
    DOORS, TICKETS, agreed, agreed_on, all_decided_by_the_hub, door, next_storm, plan, settle,
    storm_marked, storm_of, storm_with_dead_hub, tally, tickets,
};
use common::{BIN, Server};
use serde_json::Value;

/// The namespaces of one run; deleted on drop, even after a failed assertion.
struct Lan {
    switch: String,
    nodes: Vec<String>,
    /// The first three octets of the subnet, e.g. "10.231.57".
    subnet: String,
}

impl Lan {
    /// Builds the switch and `machines` nodes (node i gets `<subnet>.i`). `Err` says why
    /// namespaces cannot be made here (the test is then skipped).
    fn build(machines: usize) -> Result<Lan, String> {
        // Unique per network: the tests of this file build theirs side by side.
        static BUILT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let nth = BUILT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let prefix = format!("ent{}-{nth}", std::process::id());
        let switch = format!("{prefix}-sw");
        match Command::new("ip").args(["netns", "add", &switch]).output() {
            Err(e) => return Err(format!("cannot run `ip` ({e})")),
            Ok(out) if !out.status.success() => {
                return Err(format!(
                    "`ip netns add` failed (root with CAP_NET_ADMIN is needed): {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
            Ok(_) => {}
        }
        let octet: u8 = rand::random();
        let mut lan = Lan {
            switch,
            nodes: Vec::new(),
            subnet: format!("10.231.{octet}"),
        };
        lan.ip(&["-n", &lan.switch, "link", "add", "br0", "type", "bridge"]);
        lan.ip(&["-n", &lan.switch, "link", "set", "br0", "up"]);
        lan.ip(&["-n", &lan.switch, "link", "set", "lo", "up"]);
        for i in 1..=machines {
            let node = format!("{prefix}-n{i}");
            lan.ip(&["netns", "add", &node]);
            lan.nodes.push(node.clone());
            // Each end is made directly in its namespace: nothing appears in the host's.
            let (veth, port) = (format!("veth{i}"), format!("port{i}"));
            lan.ip(&[
                "link",
                "add",
                &veth,
                "netns",
                &node,
                "type",
                "veth",
                "peer",
                "name",
                &port,
                "netns",
                &lan.switch,
            ]);
            lan.ip(&["-n", &lan.switch, "link", "set", &port, "master", "br0"]);
            lan.ip(&["-n", &lan.switch, "link", "set", &port, "up"]);
            lan.ip(&["-n", &node, "link", "set", "lo", "up"]);
            let address = format!("{}.{i}/24", lan.subnet);
            lan.ip(&["-n", &node, "addr", "add", &address, "dev", &veth]);
            lan.ip(&["-n", &node, "link", "set", &veth, "up"]);
        }
        Ok(lan)
    }

    /// Runs `ip ARGS`, panicking (the drop cleans up) if it fails.
    fn ip(&self, args: &[&str]) {
        let out = Command::new("ip").args(args).output().expect("run ip");
        assert!(
            out.status.success(),
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// `BIN ARGS` in node `i` (from 1).
    fn entrada(&self, i: usize, args: &[&str]) -> Command {
        let mut command = Command::new("ip");
        command
            .args(["netns", "exec", &self.nodes[i - 1], BIN])
            .args(args)
            .env_remove("ENTRADA_DB")
            .env_remove("ENTRADA_BIND");
        command
    }

    fn address(&self, i: usize) -> String {
        format!("{}.{i}", self.subnet)
    }
}

impl Drop for Lan {
    fn drop(&mut self) {
        // Deleting a namespace destroys its veth ends, and their peers with them.
        for ns in self.nodes.iter().chain(std::iter::once(&self.switch)) {
            let _ = Command::new("ip").args(["netns", "del", ns]).status();
        }
    }
}

/// A process stopped with SIGTERM on drop (`ip netns exec` execs it: the child is it).
struct Running(Child);

impl Running {
    /// SIGTERM, then waits for it to end (a clean stop: the goodbye goes out).
    fn terminate(&mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        self.0.wait().expect("wait for the hub")
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            self.terminate();
        }
    }
}

/// `hub find --seconds N` in node `i`: the hubs it printed, and how long after the start
/// of the search each was resolved (from its debug log), in milliseconds.
fn find(lan: &Lan, i: usize, seconds: u64) -> (Vec<Value>, Vec<u64>) {
    let out: Output = lan
        .entrada(i, &["hub", "find", "--seconds", &seconds.to_string()])
        .env("ENTRADA_LOG", "entrada::hub=debug")
        .env("NO_COLOR", "1")
        .output()
        .expect("hub find");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "hub find failed: {said}");
    let hubs = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let after = said
        .lines()
        .filter(|l| l.contains("resolved a hub"))
        .filter_map(|l| l.split("after_ms=").nth(1))
        .filter_map(|rest| rest.split_whitespace().next())
        .filter_map(|ms| ms.parse().ok())
        .collect();
    (hubs, after)
}

/// `serve --hub` on node 1 with `db`, its LAN listener at `hub_bind`: the running hub, its
/// HTTPS port and its certificate's fingerprint (from the two lines it prints first).
fn serve_hub(
    lan: &Lan,
    db: &str,
    config: &std::path::Path,
    hub_bind: &str,
    extra: &[&str],
) -> (Running, u16, [u8; 32]) {
    let mut child = lan
        .entrada(
            1,
            &[
                "serve",
                "--db",
                db,
                "--bind",
                "127.0.0.1:0",
                "--hub",
                "--hub-bind",
                hub_bind,
                "--hub-name",
                "Hall A",
                "--sync-interval",
                "0",
            ],
        )
        .args(extra)
        .env("ENTRADA_SECRET_STORE", "0")
        .env("XDG_CONFIG_HOME", config)
        .env("ENTRADA_LOG", "entrada=warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start the hub");
    let stdout = child.stdout.take().expect("stdout");
    let hub = Running(child);
    let mut out = BufReader::new(stdout);
    let mut first = String::new();
    out.read_line(&mut first).expect("first line");
    assert!(
        first.starts_with("listening on http://127.0.0.1:"),
        "{first:?}"
    );
    let mut second = String::new();
    out.read_line(&mut second).expect("second line");
    let rest = second
        .trim()
        .strip_prefix("hub listening on https://")
        .unwrap_or_else(|| panic!("second line: {second:?}"));
    let (addr, shown) = rest
        .split_once(" (certificate fingerprint ")
        .unwrap_or_else(|| panic!("second line: {second:?}"));
    let port: u16 = addr
        .rsplit_once(':')
        .and_then(|(_, p)| p.parse().ok())
        .unwrap_or_else(|| panic!("port in {addr:?}"));
    let fingerprint =
        entrada::hub::identity::parse_fingerprint(shown.trim_end_matches(')')).expect("fp");
    // Keep reading stdout so that the hub never blocks on a full pipe.
    std::thread::spawn(move || for _ in out.lines() {});
    (hub, port, fingerprint)
}

#[test]
fn a_kiosk_finds_the_hub_on_the_lan_and_loses_it_when_the_hub_stops() {
    let lan = match Lan::build(2) {
        Ok(lan) => lan,
        Err(why) => {
            eprintln!("skipped: {why}");
            return;
        }
    };
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("hub.db");
    let db = db.to_str().expect("utf-8 path");
    let config = dir.path().join("config");
    let (mut hub, port, fingerprint) = serve_hub(&lan, db, &config, "0.0.0.0:0", &["--demo"]);
    let prefix = hex::encode(fingerprint)[..32].to_owned();

    let searching = Instant::now();
    let (hubs, after) = find(&lan, 2, 4);
    let took = searching.elapsed();
    eprintln!(
        "discovery: resolved after {after:?} ms of a {:.1} s search",
        took.as_secs_f64()
    );
    assert_eq!(hubs.len(), 1, "exactly one hub: {hubs:?}");
    let found = &hubs[0];
    assert_eq!(found["name"], "Hall A", "{found}");
    assert_eq!(found["port"], u64::from(port), "{found}");
    assert_eq!(found["fingerprint_prefix"], prefix.as_str(), "{found}");
    let addresses: Vec<&str> = found["addresses"]
        .as_array()
        .expect("addresses")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        addresses.contains(&lan.address(1).as_str()),
        "node 1's address {} in {addresses:?}",
        lan.address(1)
    );
    assert!(
        addresses.iter().all(|a| a.starts_with("10.231.")),
        "only the test LAN's addresses: {addresses:?}"
    );
    assert_eq!(found["hub_id"].as_str().map(str::len), Some(16), "{found}");

    // Joining over the LAN: a code made on the hub's computer, the hub found by mDNS,
    // enrolled with the fingerprint's prefix from its record, then a sync round.
    let local = |i: usize, args: &[&str]| -> Output {
        lan.entrada(i, args)
            .env("ENTRADA_SECRET_STORE", "0")
            .env("XDG_CONFIG_HOME", &config)
            .env("ENTRADA_LOG", "entrada=warn")
            .output()
            .expect("entrada")
    };
    let made = local(1, &["hub", "code", "--db", db]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let card: Value = serde_json::from_slice(&made.stdout).expect("card");
    assert_eq!(card["name"], "Hall A", "{card}");
    assert!(
        card["urls"].to_string().contains(&lan.address(1)),
        "the card names the hub's LAN address: {card}"
    );
    let code = card["code"].as_str().expect("code");
    let kiosk_db = dir.path().join("kiosk.db");
    let kiosk_db = kiosk_db.to_str().expect("utf-8 path");
    let wrong = local(2, &["hub", "join", "--code", "00000000", "--db", kiosk_db]);
    assert!(!wrong.status.success(), "a wrong code is refused");
    assert!(
        String::from_utf8_lossy(&wrong.stderr).contains("refused the code"),
        "{}",
        String::from_utf8_lossy(&wrong.stderr)
    );
    let joining = Instant::now();
    let joined = local(
        2,
        &[
            "hub", "join", "--code", code, "--door", "Door 2", "--db", kiosk_db,
        ],
    );
    assert!(
        joined.status.success(),
        "{}",
        String::from_utf8_lossy(&joined.stderr)
    );
    let joined: Value = serde_json::from_slice(&joined.stdout).expect("joined");
    assert_eq!(joined["hub_name"], "Hall A", "{joined}");
    assert_eq!(joined["fingerprint"], hex::encode(fingerprint).as_str());
    assert_eq!(
        joined["url"],
        format!("https://{}:{port}", lan.address(1)).as_str()
    );
    let synced = local(2, &["sync", "run", "--db", kiosk_db]);
    assert!(
        synced.status.success(),
        "{}",
        String::from_utf8_lossy(&synced.stderr)
    );
    eprintln!(
        "join: search, enrolment and the first round in {} ms",
        joining.elapsed().as_millis()
    );
    let summary: Value = serde_json::from_str(
        String::from_utf8_lossy(&synced.stdout)
            .lines()
            .next()
            .expect("summary"),
    )
    .expect("summary json");
    assert!(
        summary["pulled"].as_u64().is_some_and(|n| n > 0),
        "the demo's attendees reached the kiosk: {summary}"
    );
    // The code was good once: another kiosk with the same code is refused.
    let hub_url = format!("https://{}:{port}", lan.address(1));
    let other_db = dir.path().join("other.db");
    let other_db = other_db.to_str().expect("utf-8 path");
    let replayed = local(
        2,
        &[
            "hub",
            "join",
            "--url",
            &hub_url,
            "--fingerprint",
            &hex::encode(fingerprint),
            "--code",
            code,
            "--db",
            other_db,
        ],
    );
    assert!(!replayed.status.success(), "a used code is refused");
    assert!(
        String::from_utf8_lossy(&replayed.stderr).contains("refused the code"),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );

    // The goodbye: a search that resolved the hub drops it when the hub stops, long
    // before its records' TTL (120 s) would.
    let mut searching = lan
        .entrada(2, &["hub", "find", "--seconds", "8"])
        .env("ENTRADA_LOG", "entrada::hub=debug")
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hub find");
    let mut said = BufReader::new(searching.stderr.take().expect("stderr"));
    let mut line = String::new();
    while !line.contains("resolved a hub") {
        line.clear();
        let read = said.read_line(&mut line).expect("hub find's stderr");
        assert!(read > 0, "the search ended before it resolved the hub");
    }
    let stopping = Instant::now();
    let stopped = hub.terminate();
    eprintln!(
        "the hub stopped (SIGTERM) in {} ms",
        stopping.elapsed().as_millis()
    );
    assert!(stopped.success(), "the hub stopped cleanly: {stopped:?}");
    std::thread::spawn(move || for _ in said.lines() {});
    let listed = searching.wait_with_output().expect("hub find");
    assert!(listed.status.success());
    assert_eq!(
        String::from_utf8_lossy(&listed.stdout).trim(),
        "",
        "the goodbye removed the hub from a running search"
    );
    // And a new search finds nothing.
    let (hubs, _) = find(&lan, 2, 3);
    assert!(hubs.is_empty(), "a stopped hub is not listed: {hubs:?}");

    // Another hub, with another certificate, at the same address: the kiosk's sync stops
    // and says why, rather than trusting it.
    let impostor_db = dir.path().join("impostor.db");
    let impostor_db = impostor_db.to_str().expect("utf-8 path");
    let (_impostor, same_port, other) =
        serve_hub(&lan, impostor_db, &config, &format!("0.0.0.0:{port}"), &[]);
    assert_eq!(same_port, port);
    assert_ne!(other, fingerprint);
    let stopped = local(2, &["sync", "run", "--db", kiosk_db]);
    let said = String::from_utf8_lossy(&stopped.stdout);
    assert!(
        said.contains("certificate changed"),
        "the round stops on the changed certificate: {said} {}",
        String::from_utf8_lossy(&stopped.stderr)
    );
}

/// Runs `f` on a thread in the network namespace `node`: what it starts there (servers,
/// commands, HTTP clients and their runtime threads) lives in that namespace, as on that
/// machine, while the test drives it from here.
fn in_node<T: Send>(node: &str, f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let ns = std::fs::File::open(format!("/run/netns/{node}"))
                    .expect("the node's namespace");
                // SAFETY: setns(2) moves only this thread into the namespace that the open
                // file names; the descriptor is valid for the call.
                let rc = unsafe {
                    libc::setns(std::os::fd::AsRawFd::as_raw_fd(&ns), libc::CLONE_NEWNET)
                };
                assert_eq!(rc, 0, "setns: {}", std::io::Error::last_os_error());
                f()
            })
            .join()
            .expect("a thread in the node")
    })
}

/// How long doors A and B are cut off the LAN in the storm, in door A's scans: about 8 s
/// at the door's 300 ms limit per scan decided alone.
const CUT_FOR: usize = 25;

/// Check-ins per ticket code with outcome `ok` in an event's check-in export.
fn admissions(
    server: &Server,
    token: &str,
    event: i64,
) -> std::collections::HashMap<String, usize> {
    let csv = server
        .call(
            "GET",
            &format!("/events/{event}/exports/check_ins.csv"),
            Some(token),
            None,
        )
        .text;
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let heading = rows.headers().expect("heading").clone();
    let at = |name: &str| heading.iter().position(|h| h == name).expect(name);
    let (action, outcome, code) = (at("action"), at("outcome"), at("qr_code"));
    let mut admitted = std::collections::HashMap::new();
    for row in rows.records() {
        let row = row.expect("a row");
        if &row[action] == "check_in" && &row[outcome] == "ok" {
            *admitted.entry(row[code].to_owned()).or_default() += 1;
        }
    }
    admitted
}

/// The storm of tests/hub_storm.rs on a real network: a hub that mirrors its event from
/// the organiser's server (on the hub's machine), and four doors, each on a machine of its
/// own; 500 tickets a
/// storm, each presented twice at two doors. With every link up, the hub decides every
/// scan: one `ok` per ticket, each repeat refused naming the first door. Then a storm
/// during which doors A and B are cut off the LAN (`ip link set ... down` on their switch
/// ports) from a third of the way in for 25 of door A's scans (about 8 s), and one during which the hub dies a third of
/// the way in and comes back at two thirds: the doors keep admitting on their own within
/// the limit, and after the rounds nothing is lost, every door and the hub agree ticket by
/// ticket, each ticket admitted twice is one duplicate-entry conflict on the hub and on
/// every door, and the organiser's server has every ticket checked in exactly once.
#[test]
fn four_doors_on_the_lan_agree_after_cut_links_and_a_dead_hub() {
    let lan = match Lan::build(1 + DOORS.len()) {
        Ok(lan) => lan,
        Err(why) => {
            eprintln!("skipped: {why}");
            return;
        }
    };
    // The organiser's server, on the hub's machine: a remote on plain HTTP is accepted
    // only on loopback (an organiser's real one is HTTPS on the internet).
    let remote = in_node(&lan.nodes[0], || {
        Server::start_with(&["--sync-interval", "0", "--rate-limit", "0"])
    });
    let remote_token = remote.token("read write");
    let remote_event = remote.event(&remote_token, "Festival");
    let calm = tickets(&remote, &remote_token, remote_event, TICKETS, "Calm");

    let hub = in_node(&lan.nodes[0], || {
        start_hub("Hall A", &format!("{}:7879", lan.address(1)))
    });
    assert_eq!(hub.https, format!("https://{}:7879", lan.address(1)));
    hub.server
        .configure_sync_at(&remote, &remote.base, &remote_event.to_string());
    let token = hub.server.token("read write");
    let first = round(&hub.server, &token);
    assert_eq!(first["error"], Value::Null, "{first}");
    let event = local_event(&hub.server, &token);
    // The sign-in makes an HTTP client of its own: on the hub's machine.
    let organiser = in_node(&lan.nodes[0], || hub.server.organiser_token());
    let doors: Vec<(Server, String, i64)> = DOORS
        .iter()
        .enumerate()
        .map(|(d, name)| in_node(&lan.nodes[d + 1], || door(&hub, &organiser, name, 600)))
        .collect();

    all_decided_by_the_hub(&doors, &calm);

    // Doors A and B are nodes 2 and 3, on switch ports 2 and 3.
    let wild = next_storm(
        &remote,
        &remote_token,
        remote_event,
        &[(&hub.server, &token)],
        &doors,
        "Wild",
    );
    let links = |state: &str| {
        for port in ["port2", "port3"] {
            lan.ip(&["-n", &lan.switch, "link", "set", port, state]);
        }
    };
    // Cut when a third of door A's scans are done, and healed CUT_FOR of its scans later:
    // by its progress, not the clock (a cut door's every scan costs it the limit, so the
    // cut must not wait for a third of its scans either).
    let wild_plan = plan(&wild);
    let third = wild_plan[0].len() / 3;
    let answers = storm_marked(
        &doors,
        wild_plan,
        vec![
            (third, Box::new(|| links("down"))),
            (third + CUT_FOR, Box::new(|| links("up"))),
        ],
    );
    let (here, cut_doubles) = tally(&answers, "doors A and B cut off for 25 scans");
    assert!(here > 0, "doors A and B decided alone while cut off");
    settle(&doors);

    // The hub dies a third of the way in and comes back (on its machine) at two thirds.
    let dead = next_storm(
        &remote,
        &remote_token,
        remote_event,
        &[(&hub.server, &token)],
        &doors,
        "Dead",
    );
    let (answers, hub) = storm_with_dead_hub(&doors, &dead, hub, |h| {
        in_node(&lan.nodes[0], || h.restart("Hall A"))
    });
    let (here, dead_doubles) = tally(&answers, "the hub dead for a third");
    assert!(here > 0, "the doors decided alone while the hub was dead");
    settle(&doors);
    agreed(
        &hub.server,
        &token,
        event,
        &doors,
        &[&calm, &wild, &dead],
        cut_doubles + dead_doubles,
    );

    // Issue 37, 3b: the first storm's people leave, each shown at two doors twice, while
    // doors A and B are cut off for 25 of door A's scans and the hub dies halfway and
    // comes back at two thirds. Every check-out a door acknowledged reaches the hub (or
    // finds the person already out there): nothing stays pending or parked, everyone
    // agrees, and every one of them is out at the hub.
    let exits = plan(&calm);
    let third = exits[0].len() / 3;
    let half = exits[0].len() / 2;
    let two_thirds = 2 * exits[0].len() / 3;
    let slot = std::sync::Mutex::new(Some(hub));
    let answers = storm_of(
        &doors,
        exits,
        vec![
            (third, Box::new(|| links("down"))),
            (third + CUT_FOR, Box::new(|| links("up"))),
            (
                half,
                Box::new(|| {
                    if let Some(h) = slot.lock().expect("hub").as_mut() {
                        h.server.kill();
                    }
                }),
            ),
            (
                two_thirds,
                Box::new(|| {
                    let mut held = slot.lock().expect("hub");
                    if let Some(h) = held.take() {
                        *held = Some(in_node(&lan.nodes[0], || h.restart("Hall A")));
                    }
                }),
            ),
        ],
        "check_out",
    );
    let hub = slot.into_inner().expect("hub").expect("the hub is back");
    let (here, _) = tally(
        &answers,
        "people leaving, doors A and B cut off, the hub dead",
    );
    assert!(here > 0, "the doors let people out alone");
    settle(&doors);
    agreed_on(
        &hub.server,
        &token,
        event,
        &doors,
        &[&wild, &dead, &calm],
        cut_doubles + dead_doubles,
        "checked_out",
    );
    assert_eq!(
        sync_status(&hub.server, &token)["parked"],
        serde_json::json!([]),
        "nothing parked at the hub"
    );

    // Upstream: every ticket checked in at the organiser's server, exactly once.
    for _ in 0..2 {
        let r = round(&hub.server, &token);
        assert_eq!(r["error"], Value::Null, "{r}");
    }
    assert_eq!(
        sync_status(&hub.server, &token)["pending"],
        0,
        "the hub sent everything"
    );
    let upstream_admitted = admissions(&remote, &remote_token, remote_event);
    for code in calm.iter().chain(&wild).chain(&dead) {
        assert_eq!(
            upstream_admitted.get(code),
            Some(&1),
            "{code} checked in upstream once"
        );
    }
    assert_eq!(upstream_admitted.len(), 3 * TICKETS);
}
