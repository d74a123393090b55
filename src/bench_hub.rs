//! `entrada bench hub`: the venue hub's figures (issue 20, HUB.md), over real HTTP with
//! real processes: a hub (`serve --hub --demo`) and two kiosks that join it with
//! `hub join`, all on this computer's loopback; with `--lan` the hub runs in a network
//! namespace of its own, linked to this one by a veth pair, so that every request between
//! a door and the hub crosses a network link (the bench reads the hub over its HTTPS,
//! pinned, as the kiosks do).
//!
//! - Join to first scan: from the start of `entrada hub join` (the card made already) to
//!   the first scan the hub answered at the new kiosk, including the kiosk's start and
//!   its first mirror of the event.
//! - A scan through the hub: `POST .../scans` at door A, each a new ticket, one at a time
//!   (the kiosk asks the hub and applies its answer).
//! - Door to door: from the start of a scan at door A until door B's API shows the
//!   attendee checked in (door B polls nothing: the hub's stream brings it; the bench
//!   reads door B's attendee as fast as it answers).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use serde_json::{Value, json};

use crate::error::{Error, Result};

/// A server process of the bench, stopped (SIGTERM, then killed) on drop.
struct Proc {
    child: Child,
    lines: Vec<String>,
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn exe() -> Result<PathBuf> {
    std::env::current_exe().map_err(|e| Error::internal(format!("cannot find own binary: {e}")))
}

/// `entrada ARGS` with the bench's own configuration directory (key files) and no secret
/// store: what it prints, or why it failed.
fn command(config: &Path, args: &[&str]) -> Result<String> {
    let out = Command::new(exe()?)
        .args(args)
        .env("XDG_CONFIG_HOME", config)
        .env("ENTRADA_SECRET_STORE", "0")
        .env("ENTRADA_LOG", "entrada=warn")
        .output()
        .map_err(|e| Error::internal(format!("cannot run entrada: {e}")))?;
    if !out.status.success() {
        return Err(Error::internal(format!(
            "entrada {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The hub's own network for `--lan`: a namespace and a veth pair into it, removed on
/// drop (deleting the namespace deletes both ends of the pair).
struct Lan {
    ns: String,
    /// The hub's address there.
    hub: String,
}

impl Lan {
    fn build() -> Result<Lan> {
        let pid = std::process::id();
        let octet = pid % 250 + 1;
        let lan = Lan {
            ns: format!("entrada-bench-{pid}"),
            hub: format!("10.233.{octet}.2"),
        };
        let outside = format!("ebh{pid}");
        let steps: [Vec<String>; 7] = [
            vec!["netns".into(), "add".into(), lan.ns.clone()],
            vec![
                "link".into(),
                "add".into(),
                outside.clone(),
                "type".into(),
                "veth".into(),
                "peer".into(),
                "name".into(),
                "eth0".into(),
                "netns".into(),
                lan.ns.clone(),
            ],
            vec![
                "addr".into(),
                "add".into(),
                format!("10.233.{octet}.1/24"),
                "dev".into(),
                outside.clone(),
            ],
            vec!["link".into(), "set".into(), outside, "up".into()],
            vec![
                "-n".into(),
                lan.ns.clone(),
                "addr".into(),
                "add".into(),
                format!("{}/24", lan.hub),
                "dev".into(),
                "eth0".into(),
            ],
            vec![
                "-n".into(),
                lan.ns.clone(),
                "link".into(),
                "set".into(),
                "eth0".into(),
                "up".into(),
            ],
            vec![
                "-n".into(),
                lan.ns.clone(),
                "link".into(),
                "set".into(),
                "lo".into(),
                "up".into(),
            ],
        ];
        for step in steps {
            let out = Command::new("ip")
                .args(&step)
                .output()
                .map_err(|e| Error::internal(format!("cannot run `ip`: {e}")))?;
            if !out.status.success() {
                return Err(Error::internal(format!(
                    "ip {}: {} (--lan needs root)",
                    step.join(" "),
                    String::from_utf8_lossy(&out.stderr).trim()
                )));
            }
        }
        Ok(lan)
    }
}

impl Drop for Lan {
    fn drop(&mut self) {
        let _ = Command::new("ip").args(["netns", "del", &self.ns]).status();
    }
}

/// Starts `entrada serve ARGS`, reading `lines` lines of its stdout.
fn serve(config: &Path, args: &[&str], lines: usize) -> Result<Proc> {
    serve_in(None, config, args, lines)
}

/// [`serve`], in the network namespace `ns` when one is given (`ip netns exec` execs the
/// server: the child is the server).
fn serve_in(ns: Option<&str>, config: &Path, args: &[&str], lines: usize) -> Result<Proc> {
    let mut command = match ns {
        Some(ns) => {
            let mut c = Command::new("ip");
            c.args(["netns", "exec", ns]).arg(exe()?);
            c
        }
        None => Command::new(exe()?),
    };
    let mut child = command
        .arg("serve")
        .args(args)
        .env("XDG_CONFIG_HOME", config)
        .env("ENTRADA_SECRET_STORE", "0")
        .env("ENTRADA_LOG", "entrada=warn")
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| Error::internal(format!("cannot start a server: {e}")))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| Error::internal("no stdout"))?;
    let mut reader = BufReader::new(stdout);
    let mut read = Vec::new();
    for _ in 0..lines {
        let mut line = String::new();
        reader
            .read_line(&mut line)
            .map_err(|e| Error::internal(format!("cannot read the server's output: {e}")))?;
        read.push(line.trim().to_owned());
    }
    std::thread::spawn(move || for _ in reader.lines() {});
    Ok(Proc { child, lines: read })
}

fn after<'a>(lines: &'a [String], prefix: &str) -> Result<&'a str> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix(prefix))
        .ok_or_else(|| Error::internal(format!("no `{prefix}` line in {lines:?}")))
}

/// A client of a server's database (`clients create`): (id, secret).
fn client(config: &Path, db: &str) -> Result<(String, String)> {
    let made: Value = serde_json::from_str(&command(
        config,
        &[
            "clients",
            "create",
            "--name",
            "bench",
            "--scopes",
            "read write check_in",
            "--db",
            db,
        ],
    )?)
    .map_err(Error::internal)?;
    let field = |k: &str| made[k].as_str().unwrap_or_default().to_owned();
    Ok((field("client_id"), field("client_secret")))
}

/// A token for the client.
async fn token(
    http: &reqwest::Client,
    base: &str,
    (id, secret): &(String, String),
) -> Result<String> {
    let answer: Value = http
        .post(format!("{base}/oauth/token"))
        .form(&[
            ("grant_type", "client_credentials"),
            ("scope", "read write check_in"),
            ("client_id", id.as_str()),
            ("client_secret", secret.as_str()),
        ])
        .send()
        .await
        .map_err(Error::internal)?
        .json()
        .await
        .map_err(Error::internal)?;
    answer["access_token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| Error::internal(format!("no token: {answer}")))
}

async fn get(http: &reqwest::Client, url: &str, token: &str) -> Result<Value> {
    http.get(url)
        .bearer_auth(token)
        .send()
        .await
        .map_err(Error::internal)?
        .json()
        .await
        .map_err(Error::internal)
}

/// Every item of a paged list (`url` ends in its query or in `?`), 100 a page.
async fn every_item(http: &reqwest::Client, url: &str, token: &str) -> Result<Vec<Value>> {
    let join = if url.ends_with('?') { "" } else { "&" };
    let mut all = Vec::new();
    for page in 1.. {
        let list = get(http, &format!("{url}{join}per_page=100&page={page}"), token).await?;
        let items = list["items"].as_array().cloned().unwrap_or_default();
        if items.is_empty() {
            break;
        }
        all.extend(items);
    }
    Ok(all)
}

async fn scan(
    http: &reqwest::Client,
    api: &str,
    token: &str,
    event: i64,
    code: &str,
) -> Result<Value> {
    let answer: Value = http
        .post(format!("{api}/events/{event}/scans"))
        .bearer_auth(token)
        .json(&json!({"item": {"code": code, "action": "check_in"}}))
        .send()
        .await
        .map_err(Error::internal)?
        .json()
        .await
        .map_err(Error::internal)?;
    Ok(answer["item"].clone())
}

/// A kiosk that joined the hub, started, and mirrored its event.
struct Door {
    _proc: Proc,
    api: String,
    token: String,
    event: i64,
}

/// Joins a new kiosk with the card and starts it; answers it and how long from the
/// start of `hub join` to its first scan answered by the hub (`first_code`).
async fn join(
    http: &reqwest::Client,
    dir: &Path,
    n: usize,
    hub_db: &str,
    first_code: &str,
) -> Result<(Door, Duration)> {
    let config = dir.join("config");
    let db = dir.join(format!("door-{n}.db"));
    let db = db
        .to_str()
        .ok_or_else(|| Error::internal("path"))?
        .to_owned();
    let card: Value = serde_json::from_str(&command(&config, &["hub", "code", "--db", hub_db])?)
        .map_err(Error::internal)?;
    let qr = card["qr_text"].as_str().unwrap_or_default().to_owned();
    // The door person's client exists before the join (made when the kiosk was set up).
    let door_client = client(&config, &db)?;
    let started = Instant::now();
    command(
        &config,
        &[
            "hub",
            "join",
            &qr,
            "--door",
            &format!("Door {n}"),
            "--db",
            &db,
        ],
    )?;
    let proc = serve(&config, &["--db", &db, "--bind", "127.0.0.1:0"], 1)?;
    let base = format!("http://{}", after(&proc.lines, "listening on http://")?);
    let api = format!("{base}/api/v2");
    let token = token(http, &base, &door_client).await?;
    let event = loop {
        let events = get(http, &format!("{api}/events"), &token).await?;
        if let Some(id) = events["items"][0]["id"].as_i64() {
            break id;
        }
        if started.elapsed() > Duration::from_secs(60) {
            return Err(Error::internal("the kiosk did not mirror the hub's event"));
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let first = scan(http, &api, &token, event, first_code).await?;
    let took = started.elapsed();
    if first["decided_by"] != "hub" {
        return Err(Error::internal(format!("the first scan: {first}")));
    }
    Ok((
        Door {
            _proc: proc,
            api,
            token,
            event,
        },
        took,
    ))
}

fn ms(h: &Histogram<u64>, q: f64) -> f64 {
    h.value_at_quantile(q) as f64 / 1000.0
}

/// Runs the hub bench: `joins` kiosks joined one after the other (two kept as doors A
/// and B), then `scans` scans at door A.
pub fn run(scans: usize, joins: usize, lan: bool) -> Result<()> {
    let dir = std::env::temp_dir().join(format!("entrada-bench-hub-{}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::internal(format!("cannot create {}: {e}", dir.display())))?;
    let lan = if lan { Some(Lan::build()?) } else { None };
    let outcome = run_in(&dir, scans, joins.max(2), lan.as_ref());
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

fn run_in(dir: &Path, scans: usize, joins: usize, lan: Option<&Lan>) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::internal(format!("cannot start runtime: {e}")))?;
    runtime.block_on(async {
        let config = dir.join("config");
        let hub_db = dir.join("hub.db");
        let hub_db = hub_db.to_str().ok_or_else(|| Error::internal("path"))?.to_owned();
        // The demo gives most attendees a confirmed RSVP, not all: twice as many is plenty.
        let attendees = (2 * (scans + joins) + 50).to_string();
        let hub_bind = match lan {
            Some(lan) => format!("{}:7879", lan.hub),
            None => "127.0.0.1:0".into(),
        };
        eprintln!(
            "starting the hub with {attendees} attendees{}...",
            if lan.is_some() { " in its own network namespace" } else { "" }
        );
        let hub = serve_in(
            lan.map(|l| l.ns.as_str()),
            &config,
            &[
                "--db", &hub_db, "--bind", "127.0.0.1:0", "--hub", "--hub-bind",
                &hub_bind, "--hub-name", "Bench hall", "--demo", "--demo-attendees",
                &attendees, "--rate-limit", "0",
            ],
            2,
        )?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(Error::internal)?;
        // The hub's own reads: over its loopback, or over its HTTPS (pinned) from across
        // the link.
        let (hub_base, hub_http) = if lan.is_some() {
            let shown = after(&hub.lines, "hub listening on https://")?;
            let (addr, fingerprint) = shown
                .split_once(" (certificate fingerprint ")
                .ok_or_else(|| Error::internal(format!("the hub said {shown:?}")))?;
            let pin = crate::hub::tls::Pin::Full(crate::hub::identity::parse_fingerprint(
                fingerprint.trim_end_matches(')'),
            )?);
            let (builder, _) = crate::hub::tls::pinned_builder(pin)?;
            let pinned = builder
                .timeout(Duration::from_secs(60))
                .build()
                .map_err(Error::internal)?;
            (format!("https://{addr}"), pinned)
        } else {
            (
                format!("http://{}", after(&hub.lines, "listening on http://")?),
                http.clone(),
            )
        };
        let hub_token = token(&hub_http, &hub_base, &client(&config, &hub_db)?).await?;
        let codes: Vec<String> = every_item(
            &hub_http,
            &format!(
                "{hub_base}/api/v2/events/1/attendees?rsvp_status=confirmed&checkin_status=not_checked_in"
            ),
            &hub_token,
        )
        .await?
        .iter()
        .filter_map(|a| a["qr_code"].as_str().map(str::to_owned))
        .collect();
        if codes.len() < scans + joins {
            return Err(Error::internal("not enough confirmed attendees"));
        }
        let mut codes = codes.into_iter();

        let mut joined = Histogram::<u64>::new(3).map_err(Error::internal)?;
        let mut doors = Vec::new();
        for n in 1..=joins {
            let first = codes.next().ok_or_else(|| Error::internal("codes"))?;
            let (door, took) = join(&http, dir, n, &hub_db, &first).await?;
            eprintln!("door {n} joined and scanned in {} ms", took.as_millis());
            joined.record(took.as_micros() as u64).map_err(Error::internal)?;
            doors.push(door);
        }
        let (a, b) = (&doors[0], &doors[1]);
        // Door B's local id of each ticket, to read it back, once its mirror is complete.
        let total = get(&hub_http, &format!("{hub_base}/api/v2/events/1/attendees?per_page=1"), &hub_token)
            .await?["metadata"]["total_count"]
            .as_i64()
            .unwrap_or_default();
        let waiting = Instant::now();
        loop {
            let list = get(&http, &format!("{}/events/{}/attendees?per_page=1", b.api, b.event), &b.token).await?;
            if list["metadata"]["total_count"].as_i64() == Some(total) {
                break;
            }
            if waiting.elapsed() > Duration::from_secs(60) {
                return Err(Error::internal(format!("door B's mirror is incomplete: {list}")));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let at_b: std::collections::HashMap<String, i64> = every_item(
            &http,
            &format!("{}/events/{}/attendees?", b.api, b.event),
            &b.token,
        )
        .await?
        .iter()
        .filter_map(|i| Some((i["qr_code"].as_str()?.to_owned(), i["id"].as_i64()?)))
        .collect();
        let mut through = Histogram::<u64>::new(3).map_err(Error::internal)?;
        let mut door_to_door = Histogram::<u64>::new(3).map_err(Error::internal)?;
        let mut by_hub = 0;
        for code in codes.take(scans) {
            let started = Instant::now();
            let answer = scan(&http, &a.api, &a.token, a.event, &code).await?;
            through
                .record(started.elapsed().as_micros() as u64)
                .map_err(Error::internal)?;
            if answer["decided_by"] == "hub" {
                by_hub += 1;
            }
            let id = at_b
                .get(&code)
                .ok_or_else(|| {
                    Error::internal(format!(
                        "door B does not have ticket {code} (it has {} tickets)",
                        at_b.len()
                    ))
                })?;
            let url = format!("{}/events/{}/attendees/{id}", b.api, b.event);
            loop {
                let seen = get(&http, &url, &b.token).await?;
                if seen["item"]["checkin_status"] == "checked_in" {
                    break;
                }
                if started.elapsed() > Duration::from_secs(30) {
                    return Err(Error::internal("door B never saw door A's check-in"));
                }
            }
            door_to_door
                .record(started.elapsed().as_micros() as u64)
                .map_err(Error::internal)?;
        }
        println!("| figure | samples | p50 ms | p99 ms | max ms |");
        println!("|---|---|---|---|---|");
        for (name, h) in [
            ("join to first scan", &joined),
            ("scan through the hub (door A)", &through),
            ("door to door (A's scan to B's API)", &door_to_door),
        ] {
            println!(
                "| {name} | {} | {:.1} | {:.1} | {:.1} |",
                h.len(),
                ms(h, 0.5),
                ms(h, 0.99),
                h.max() as f64 / 1000.0
            );
        }
        println!("decided by the hub: {by_hub} of {scans}");
        drop(doors);
        drop(hub);
        Ok(())
    })
}
