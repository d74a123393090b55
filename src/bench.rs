//! `entrada bench`: measures the server the way a kiosk and a local integration use it,
//! over real HTTP on loopback, with real tokens.
//!
//! It seeds a temporary database (the demo event, plus an event with `--big-event`
//! attendees), starts `entrada serve` on it as a separate process, and drives it with a
//! load generator built on hyper: `--connections` keep-alive connections, each sending
//! its next request as soon as the previous answer arrived (closed loop). Figures go to
//! stdout as a Markdown table for BENCHMARKS.md.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use clap::Args;
use hdrhistogram::Histogram;
use http_body_util::{BodyExt, Full};
use hyper::{Method, Request};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use crate::auth::secrets::ClientCredentials;
use crate::db::{self, Db, accounts, clients};
use crate::demo;
use crate::domain::scope::ScopeSet;
use crate::error::{Error, Result};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// What to measure instead of the API (`qr DIR`: QR decoding on sample images).
    #[command(subcommand)]
    pub target: Option<BenchTarget>,
    /// Concurrent keep-alive connections of the load generator.
    #[arg(long, default_value_t = 32)]
    pub connections: usize,
    /// Seconds of load per throughput scenario.
    #[arg(long, default_value_t = 10)]
    pub duration: u64,
    /// Attendees of the large event used for the list-page scenario.
    #[arg(long, default_value_t = 100_000)]
    pub big_event: usize,
    /// Requests per list-page latency scenario (sent one at a time).
    #[arg(long, default_value_t = 300)]
    pub list_requests: usize,
    /// Run only the scenarios whose name contains this text (e.g. `check-in`).
    #[arg(long)]
    pub only: Option<String>,
    /// Concurrent connections of the check-in scenario.
    #[arg(long, default_value_t = 64)]
    pub write_connections: usize,
    /// Live-stream listeners during the check-in scenario's second run (0: no such run).
    #[arg(long, default_value_t = 100)]
    pub listeners: usize,
    /// Encrypt the database (SQLCipher, a random key), as a kiosk's is by default: the
    /// cost of encryption at rest is this run against one without (the default here).
    #[arg(long)]
    pub encrypted: bool,
}

/// Latency and throughput of one scenario.
struct Figures {
    name: String,
    requests: u64,
    errors: u64,
    elapsed: Duration,
    histogram: Histogram<u64>,
    /// CPU time the servers used during the scenario (None where it cannot be read).
    server_cpu: Option<Duration>,
}

impl Figures {
    fn new(name: &str) -> Result<Figures> {
        Ok(Figures {
            name: name.to_owned(),
            requests: 0,
            errors: 0,
            elapsed: Duration::ZERO,
            histogram: histogram()?,
            server_cpu: None,
        })
    }

    fn row(&self) -> String {
        let ms = |q: f64| self.histogram.value_at_quantile(q) as f64 / 1000.0;
        let cpu = match self.server_cpu {
            Some(cpu) if self.requests > 0 => {
                format!("{:.0}", cpu.as_secs_f64() * 1e6 / self.requests as f64)
            }
            _ => "—".to_owned(),
        };
        format!(
            "| {} | {} | {:.0} | {:.2} | {:.2} | {:.2} | {} | {cpu} |",
            self.name,
            self.requests,
            self.requests as f64 / self.elapsed.as_secs_f64(),
            ms(0.5),
            ms(0.99),
            self.histogram.max() as f64 / 1000.0,
            self.errors
        )
    }
}

#[derive(Debug, clap::Subcommand)]
pub enum BenchTarget {
    /// Decode rate and time of the QR pipeline and of naive rqrr on sample images.
    Qr {
        /// Folder of images with expected texts [env: ENTRADA_QR_SAMPLES]
        #[arg(
            env = "ENTRADA_QR_SAMPLES",
            default_value = "../shared/qr-samples",
            hide_env = true
        )]
        dir: PathBuf,
    },
    /// The venue hub: join to first scan, a scan through the hub, door to door (real
    /// processes: a hub and kiosks that join it; on loopback, or with --lan across a
    /// network link).
    Hub {
        /// Scans at door A (each a new ticket, one at a time).
        #[arg(long, default_value_t = 300)]
        scans: usize,
        /// Kiosks joined one after the other (at least 2: doors A and B).
        #[arg(long, default_value_t = 3)]
        joins: usize,
        /// Put the hub on its own network: a Linux network namespace linked to this one
        /// by a veth pair (10.233.N.0/24), so that every request between a door and the
        /// hub crosses a network link, as on a venue's LAN. Needs root (`ip netns`).
        #[arg(long)]
        lan: bool,
    },
}

pub fn run(args: BenchArgs) -> Result<()> {
    match &args.target {
        Some(BenchTarget::Qr { dir }) => return crate::bench_qr::run(dir),
        Some(BenchTarget::Hub { scans, joins, lan }) => {
            return crate::bench_hub::run(*scans, *joins, *lan);
        }
        None => {}
    }
    let dir = std::env::temp_dir().join(format!("entrada-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::internal(format!("cannot create {}: {e}", dir.display())))?;
    let db_path = dir.join("bench.db");
    let outcome = run_in(&args, &db_path);
    let _ = std::fs::remove_dir_all(&dir);
    outcome
}

fn run_in(args: &BenchArgs, db_path: &std::path::Path) -> Result<()> {
    eprintln!(
        "seeding: demo event (300 attendees) and an event of {} attendees...",
        args.big_event
    );
    let started = Instant::now();
    let key = args.encrypted.then(crate::db::DbKey::random);
    let file = crate::db::DbFile::with_key(db_path, key);
    let seeded = seed(&file, args.big_event)?;
    eprintln!("seeded in {:.1} s", started.elapsed().as_secs_f64());
    // The server checkpoints the WAL when it opens the database, as after any restart.

    let mut server = ServerProcess::start(&file)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::internal(format!("cannot start runtime: {e}")))?;
    let result = runtime.block_on(async {
        let addr = server.addr;
        let token = fetch_token(addr, &seeded.client_id, &seeded.secret).await?;
        let bench = Scenarios {
            args,
            addr,
            bearer: format!("Bearer {token}"),
            duration: Duration::from_secs(args.duration),
        };
        let mut rows = Vec::new();
        bench.reads(&seeded, &mut rows).await?;
        bench.check_ins(&seeded, &mut rows).await?;
        bench.scans(&seeded, &mut rows).await?;
        Ok::<_, Error>(rows)
    });
    server.stop();
    print_table(args, &result?);
    Ok(())
}

/// What the seeding left for the scenarios to use.
struct Seeded {
    client_id: String,
    secret: String,
    /// The event of `--big-event` attendees, and the id of its first attendee.
    big_event: i64,
    big_first_id: i64,
    /// The ticket of a confirmed attendee of the demo event.
    demo_code: String,
}

/// Seeds the database: the demo event (300 attendees), the big event, and a client with
/// `read write` for the load generator.
fn seed(file: &crate::db::DbFile, big: usize) -> Result<Seeded> {
    let db = Db::open_with(file, crate::db::CacheSizes::SERVER)?;
    db.write_blocking(move |conn| {
        demo::seed(conn, 300)?;
        let account = accounts::first(conn)?.ok_or_else(|| Error::internal("no account"))?;
        let big_event = demo::seed_event(conn, account.id, "Big event", big)?;
        let credentials = ClientCredentials::generate()?;
        let scopes = ScopeSet::parse("read write").map_err(Error::internal)?;
        clients::create(conn, account.id, "bench", credentials.stored(), scopes)?;
        let big_first_id = db::bench::first_attendee_id(conn, big_event)?;
        let demo_code = db::bench::demo_confirmed_code(conn)?;
        // The check-in scenario measures check-ins, not RSVP refusals.
        db::bench::confirm_all(conn, big_event)?;
        Ok(Seeded {
            client_id: credentials.client_id,
            secret: credentials.client_secret,
            big_event,
            big_first_id,
            demo_code,
        })
    })
}

/// The scenarios against one running server, in the order the table lists them.
struct Scenarios<'a> {
    args: &'a BenchArgs,
    addr: SocketAddr,
    bearer: String,
    duration: Duration,
}

impl Scenarios<'_> {
    /// Whether `--only` lets this scenario run.
    fn wanted(&self, name: &str) -> bool {
        self.args
            .only
            .as_deref()
            .is_none_or(|only| name.contains(only))
    }

    /// The ceiling, then reads: one attendee and list pages of the demo event under load,
    /// and the first and last list page of the big event one at a time.
    async fn reads(&self, seeded: &Seeded, rows: &mut Vec<Figures>) -> Result<()> {
        let (addr, bearer, connections) = (self.addr, self.bearer.as_str(), self.args.connections);
        if self.wanted("trivial") {
            // The ceiling: what a trivial axum handler answers with the same generator.
            let mut trivial = ServerProcess::spawn(&["trivial-server"])?;
            let name = "trivial axum handler (ceiling)";
            let ceiling = load(
                trivial.addr,
                bearer,
                connections,
                self.duration,
                name,
                |_| Call::get("/".to_owned()),
            )
            .await;
            trivial.stop();
            rows.push(ceiling?);
        }

        // Warm-up: fills caches and the reader pool.
        let warm_up = Duration::from_secs(2);
        load(addr, bearer, connections, warm_up, "warm-up", |i| {
            Call::get(format!("/api/v2/events/1/attendees/{}", 1 + i % 300))
        })
        .await?;

        let name = "GET attendee (demo event)";
        if self.wanted(name) {
            let figures = load(addr, bearer, connections, self.duration, name, |i| {
                Call::get(format!(
                    "/api/v2/events/1/attendees/{}",
                    1 + (i * 7919) % 300
                ))
            })
            .await?;
            rows.push(figures);
        }

        let name = "GET list page, per_page=25 (demo event)";
        if self.wanted(name) {
            let figures = load(addr, bearer, connections, self.duration, name, |i| {
                Call::get(format!("/api/v2/events/1/attendees?page={}", 1 + i % 12))
            })
            .await?;
            rows.push(figures);
        }

        let big = self.args.big_event;
        let last_page = big.div_ceil(100).max(1);
        for (which, page) in [("first", 1), ("last", last_page)] {
            let name = format!("list page per_page=100, {which} page of {big} (one at a time)");
            if self.wanted(&name) {
                let path = format!(
                    "/api/v2/events/{}/attendees?per_page=100&page={page}",
                    seeded.big_event
                );
                let figures = sequential(addr, bearer, self.args.list_requests, &name, |_| {
                    Call::get(path.clone())
                })
                .await?;
                rows.push(figures);
            }
        }
        Ok(())
    }

    /// Durable door check-ins: every request checks in the next attendee of the big event
    /// (a real state change, committed with synchronous=FULL). Should the run get through
    /// all of them, the next pass undoes them, then checks in again. Both storms take the
    /// next attendee from one counter, so the second goes on where the first stopped and
    /// every request is a real change.
    async fn check_ins(&self, seeded: &Seeded, rows: &mut Vec<Figures>) -> Result<()> {
        let (addr, bearer, args) = (self.addr, self.bearer.as_str(), self.args);
        let storm = door_storm(seeded.big_event, seeded.big_first_id, args.big_event as u64);
        let name = format!(
            "door check-in (POST check_in), {} connections",
            args.write_connections
        );
        if self.wanted(&name) {
            let figures = load(
                addr,
                bearer,
                args.write_connections,
                self.duration,
                &name,
                storm.clone(),
            )
            .await?;
            rows.push(figures);
        }

        // The same storm with live-stream listeners: the storm's rate must not suffer, and
        // every listener must get every record.
        let name = format!(
            "door check-in (POST check_in), {} connections, {} stream listeners",
            args.write_connections, args.listeners
        );
        if args.listeners > 0 && self.wanted(&name) {
            let listening = start_listeners(addr, bearer, seeded.big_event, args.listeners).await?;
            let figures = load(
                addr,
                bearer,
                args.write_connections,
                self.duration,
                &name,
                storm.clone(),
            )
            .await?;
            let (written, elapsed) = (figures.requests, figures.elapsed);
            rows.push(figures);
            let stream_name = format!(
                "stream: created_at to arrival, {} listeners during the storm",
                args.listeners
            );
            rows.push(finish_listeners(listening, &stream_name, written, elapsed).await?);
        }
        Ok(())
    }

    /// Scans one at a time, as a single kiosk sends them (check in, then undo, the same
    /// ticket of the demo event): the stream's latency at idle, then the scans' own.
    async fn scans(&self, seeded: &Seeded, rows: &mut Vec<Figures>) -> Result<()> {
        let (addr, bearer, requests) = (self.addr, self.bearer.as_str(), self.args.list_requests);
        let name = "stream: created_at to arrival, 1 listener, scans one at a time";
        if self.wanted(name) {
            let listening = start_listeners(addr, bearer, 1, 1).await?;
            let scans = sequential(addr, bearer, requests, name, scan(&seeded.demo_code)).await?;
            rows.push(finish_listeners(listening, name, scans.requests, scans.elapsed).await?);
        }

        let name = "scan (POST scans), one at a time";
        if self.wanted(name) {
            let figures =
                sequential(addr, bearer, requests * 2, name, scan(&seeded.demo_code)).await?;
            rows.push(figures);
        }
        Ok(())
    }
}

/// The `i`th scan of the ticket `code`: check in on even turns, undo on odd ones.
fn scan(code: &str) -> impl Fn(u64) -> Call + use<> {
    let code = code.to_owned();
    move |i| {
        let action = if i % 2 == 0 { "check_in" } else { "undo" };
        let body = format!(r#"{{"item":{{"code":"{code}","action":"{action}"}}}}"#);
        Call::post("/api/v2/events/1/scans".to_owned(), Some(body))
    }
}

/// The figures as the Markdown table of BENCHMARKS.md, and the conditions of the run.
fn print_table(args: &BenchArgs, rows: &[Figures]) {
    println!(
        "| scenario | requests | req/s | p50 ms | p99 ms | max ms | errors | server CPU µs/req |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        println!("{}", row.row());
    }
    println!();
    println!(
        "{} connections, {} s per throughput scenario, {} cores, server and load generator on the same machine.",
        args.connections,
        args.duration,
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
}

/// The processes of the servers the bench started, for their CPU time.
static SERVER_PIDS: std::sync::Mutex<Vec<u32>> = std::sync::Mutex::new(Vec::new());

/// CPU time (user and system) the bench's servers have used so far, from Linux's
/// `/proc/PID/stat`; None elsewhere. A server that has ended counts no more.
fn server_cpu() -> Option<Duration> {
    let pids = SERVER_PIDS.lock().ok()?.clone();
    let mut ticks = 0u64;
    for pid in pids {
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // After the command (in parentheses, which may hold spaces): state is the 3rd
        // field of the line, utime and stime the 14th and 15th.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
        ticks += field(14)? + field(15)?;
    }
    // Linux reports these in USER_HZ, which is 100 on every architecture.
    Some(Duration::from_millis(ticks * 10))
}

/// The servers' CPU time from `before` until now.
fn server_cpu_since(before: Option<Duration>) -> Option<Duration> {
    Some(server_cpu()?.saturating_sub(before?))
}

/// `entrada serve` on the bench database, as a child process.
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
}

impl ServerProcess {
    fn start(file: &crate::db::DbFile) -> Result<ServerProcess> {
        let db = file
            .path
            .to_str()
            .ok_or_else(|| Error::internal("database path is not UTF-8"))?;
        let key = file.key.as_ref().and_then(|k| k.to_hex());
        let mut args = vec![
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--rate-limit",
            "0",
            "--db",
            db,
        ];
        if key.is_none() {
            // The plain run on purpose: no warning that the database is not encrypted.
            args.push("--no-encryption");
        }
        ServerProcess::spawn_with_key(&args, key.as_ref().map(|k| k.as_str()))
    }

    fn spawn(args: &[&str]) -> Result<ServerProcess> {
        ServerProcess::spawn_with_key(args, None)
    }

    fn spawn_with_key(args: &[&str], key: Option<&str>) -> Result<ServerProcess> {
        let exe: PathBuf = std::env::current_exe()
            .map_err(|e| Error::internal(format!("cannot find own binary: {e}")))?;
        let mut command = Command::new(exe);
        if let Some(key) = key {
            command.env(crate::keystore::KEY_ENV, key);
        }
        let mut child = command
            .args(args)
            .env("ENTRADA_LOG", "entrada=warn")
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| Error::internal(format!("cannot start the server: {e}")))?;
        if let Ok(mut pids) = SERVER_PIDS.lock() {
            pids.push(child.id());
        }
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| Error::internal("no stdout"))?;
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| Error::internal(format!("cannot read the server's first line: {e}")))?;
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.parse().ok())
            .ok_or_else(|| {
                Error::internal(format!("unexpected first line from the server: {line:?}"))
            })?;
        Ok(ServerProcess { child, addr })
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

type Sender = hyper::client::conn::http1::SendRequest<Full<Bytes>>;

/// One request of a scenario.
struct Call {
    method: Method,
    path: String,
    body: Option<String>,
}

impl Call {
    fn get(path: String) -> Call {
        Call {
            method: Method::GET,
            path,
            body: None,
        }
    }

    fn post(path: String, body: Option<String>) -> Call {
        Call {
            method: Method::POST,
            path,
            body,
        }
    }
}

async fn connect(addr: SocketAddr) -> Result<Sender> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|e| Error::internal(format!("connect: {e}")))?;
    let _ = stream.set_nodelay(true);
    let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| Error::internal(format!("handshake: {e}")))?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
    Ok(sender)
}

/// Sends one request and reads the whole answer; returns whether it was a 2xx.
async fn send(sender: &mut Sender, addr: SocketAddr, bearer: &str, call: Call) -> Result<bool> {
    sender
        .ready()
        .await
        .map_err(|e| Error::internal(format!("connection: {e}")))?;
    let mut req = Request::builder()
        .method(call.method)
        .uri(call.path)
        .header("host", addr.to_string())
        .header("authorization", bearer)
        .header("x-device-name", "bench");
    if call.body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req
        .body(Full::new(Bytes::from(call.body.unwrap_or_default())))
        .map_err(Error::internal)?;
    let resp = sender
        .send_request(req)
        .await
        .map_err(|e| Error::internal(format!("request: {e}")))?;
    let ok = resp.status().is_success();
    resp.into_body()
        .collect()
        .await
        .map_err(|e| Error::internal(format!("body: {e}")))?;
    Ok(ok)
}

fn histogram() -> Result<Histogram<u64>> {
    Histogram::new_with_bounds(1, 60_000_000, 3).map_err(Error::internal)
}

/// Closed-loop load: `connections` tasks, each sending the next request on its own
/// keep-alive connection as soon as the previous one was answered.
async fn load(
    addr: SocketAddr,
    bearer: &str,
    connections: usize,
    duration: Duration,
    name: &str,
    call: impl Fn(u64) -> Call + Send + Sync + Clone + 'static,
) -> Result<Figures> {
    let cpu = server_cpu();
    let start = Instant::now();
    let deadline = start + duration;
    let mut tasks = Vec::with_capacity(connections);
    for worker in 0..connections {
        let bearer = bearer.to_owned();
        let call = call.clone();
        tasks.push(tokio::spawn(async move {
            let mut sender = connect(addr).await?;
            let mut hist = histogram()?;
            let (mut count, mut errors) = (0u64, 0u64);
            let mut i = worker as u64 * 1_000_003;
            while Instant::now() < deadline {
                let t = Instant::now();
                let ok = send(&mut sender, addr, &bearer, call(i)).await?;
                hist.record(t.elapsed().as_micros().max(1) as u64)
                    .map_err(Error::internal)?;
                count += 1;
                errors += u64::from(!ok);
                i += 1;
            }
            Ok::<_, Error>((hist, count, errors))
        }));
    }
    let mut figures = Figures::new(name)?;
    for task in tasks {
        let (hist, count, errors) = task.await.map_err(Error::internal)??;
        figures.histogram.add(hist).map_err(Error::internal)?;
        figures.requests += count;
        figures.errors += errors;
    }
    figures.elapsed = start.elapsed();
    figures.server_cpu = server_cpu_since(cpu);
    Ok(figures)
}

/// The door check-in storm's requests: each checks in the next attendee of the large event,
/// a real state change; a run that gets through all of them undoes them on the next pass,
/// then checks in again. Clones share the counter.
fn door_storm(
    event: i64,
    first_id: i64,
    count: u64,
) -> impl Fn(u64) -> Call + Send + Sync + Clone + 'static {
    let counter = Arc::new(AtomicU64::new(0));
    move |_| {
        let n = counter.fetch_add(1, Ordering::Relaxed);
        let id = first_id + (n % count) as i64;
        let path = format!("/api/v2/events/{event}/attendees/{id}/check_in");
        if (n / count).is_multiple_of(2) {
            Call::post(path, None)
        } else {
            Call {
                method: Method::DELETE,
                path,
                body: None,
            }
        }
    }
}

/// What one listener heard: its latencies and how many events it received.
type Heard = Result<(Histogram<u64>, u64)>;

/// Listeners of an event's live stream, running until told to finish.
struct Listening {
    stop: tokio::sync::watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<Heard>>,
}

/// Opens `n` streams of `event` and waits until every one is answered.
async fn start_listeners(
    addr: SocketAddr,
    bearer: &str,
    event: i64,
    n: usize,
) -> Result<Listening> {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut tasks = Vec::with_capacity(n);
    let mut opened = Vec::with_capacity(n);
    for _ in 0..n {
        let (ready, is_ready) = tokio::sync::oneshot::channel();
        opened.push(is_ready);
        let (bearer, stopped) = (bearer.to_owned(), stopped.clone());
        tasks.push(tokio::spawn(listen(addr, bearer, event, ready, stopped)));
    }
    for is_ready in opened {
        is_ready
            .await
            .map_err(|_| Error::internal("a stream listener could not start"))?;
    }
    Ok(Listening { stop, tasks })
}

/// Lets the listeners drain for a moment, stops them, and sums up: `requests` is every
/// event received, `errors` the events missed of the `written` each should have had, the
/// rate events delivered per second of the writing scenario (`elapsed`).
async fn finish_listeners(
    listening: Listening,
    name: &str,
    written: u64,
    elapsed: Duration,
) -> Result<Figures> {
    tokio::time::sleep(Duration::from_secs(2)).await;
    let _ = listening.stop.send(true);
    let mut figures = Figures::new(name)?;
    for task in listening.tasks {
        let (hist, received) = task.await.map_err(Error::internal)??;
        figures.histogram.add(hist).map_err(Error::internal)?;
        figures.requests += received;
        figures.errors += written.saturating_sub(received);
    }
    figures.elapsed = elapsed.max(Duration::from_millis(1));
    Ok(figures)
}

/// One listener: records, per event, the time from the record's `created_at` (stamped in
/// the write, just before its commit; 1 ms resolution) to the event's arrival here.
async fn listen(
    addr: SocketAddr,
    bearer: String,
    event: i64,
    ready: tokio::sync::oneshot::Sender<()>,
    mut stopped: tokio::sync::watch::Receiver<bool>,
) -> Heard {
    let mut sender = connect(addr).await?;
    let req = Request::builder()
        .uri(format!("/api/v2/events/{event}/check_ins/stream"))
        .header("host", addr.to_string())
        .header("authorization", bearer)
        .body(Full::new(Bytes::new()))
        .map_err(Error::internal)?;
    let resp = sender
        .send_request(req)
        .await
        .map_err(|e| Error::internal(format!("stream: {e}")))?;
    if !resp.status().is_success() {
        return Err(Error::internal(format!("stream: {}", resp.status())));
    }
    let _ = ready.send(());
    let mut body = resp.into_body();
    let mut hist = histogram()?;
    let mut received = 0u64;
    let mut pending: Vec<u8> = Vec::new();
    let frame_end = memchr::memmem::Finder::new(b"\n\n");
    let created_at = memchr::memmem::Finder::new(br#""created_at":""#);
    loop {
        let frame = tokio::select! {
            frame = body.frame() => frame,
            _ = stopped.changed() => break,
        };
        let Some(Ok(frame)) = frame else { break };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        let arrived = chrono::Utc::now();
        pending.extend_from_slice(&data);
        // As cheap as a listener can be (the listeners share the server's cores): frames
        // are counted, and only the record's `created_at` (its first one: the record
        // comes before the attendee) is read from each.
        let mut done = 0;
        while let Some(end) = frame_end.find(&pending[done..]) {
            let frame = &pending[done..done + end];
            done += end + 2;
            if frame.starts_with(b":") {
                continue;
            }
            received += 1;
            let created = created_at
                .find(frame)
                .and_then(|at| frame.get(at + 14..))
                .and_then(|rest| rest.split(|b| *b == b'"').next())
                .and_then(|t| std::str::from_utf8(t).ok())
                .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok());
            if let Some(created) = created {
                let micros = (arrived - created.with_timezone(&chrono::Utc))
                    .num_microseconds()
                    .unwrap_or(0);
                hist.record(micros.max(1) as u64).map_err(Error::internal)?;
            }
        }
        pending.drain(..done);
    }
    Ok((hist, received))
}

/// One request at a time: the latency a single client sees.
async fn sequential(
    addr: SocketAddr,
    bearer: &str,
    requests: usize,
    name: &str,
    call: impl Fn(u64) -> Call,
) -> Result<Figures> {
    let mut sender = connect(addr).await?;
    let mut figures = Figures::new(name)?;
    let cpu = server_cpu();
    let start = Instant::now();
    for i in 0..requests as u64 {
        let t = Instant::now();
        let ok = send(&mut sender, addr, bearer, call(i)).await?;
        figures
            .histogram
            .record(t.elapsed().as_micros().max(1) as u64)
            .map_err(Error::internal)?;
        figures.requests += 1;
        figures.errors += u64::from(!ok);
    }
    figures.elapsed = start.elapsed();
    figures.server_cpu = server_cpu_since(cpu);
    Ok(figures)
}

/// Gets a token over HTTP, as any client would.
async fn fetch_token(addr: SocketAddr, client_id: &str, secret: &str) -> Result<String> {
    let mut sender = connect(addr).await?;
    let form = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("grant_type", "client_credentials")
        .append_pair("client_id", client_id)
        .append_pair("client_secret", secret)
        .append_pair("scope", "read write")
        .finish();
    let req = Request::post("/oauth/token")
        .header("host", addr.to_string())
        .header("content-type", "application/x-www-form-urlencoded")
        .body(http_body_util::Full::new(Bytes::from(form)))
        .map_err(Error::internal)?;
    let resp = sender
        .send_request(req)
        .await
        .map_err(|e| Error::internal(format!("token request: {e}")))?;
    let body = resp
        .into_body()
        .collect()
        .await
        .map_err(|e| Error::internal(format!("body: {e}")))?
        .to_bytes();
    let value: serde_json::Value = serde_json::from_slice(&body).map_err(Error::internal)?;
    value["access_token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| Error::internal(format!("no token in {value}")))
}

/// `entrada trivial-server`: one route answering a constant JSON body, on a free port,
/// announcing itself like `serve` does. The bench measures it as the machine's ceiling.
pub async fn trivial_server() -> Result<()> {
    use std::io::Write as _;
    let app = axum::Router::new().route(
        "/",
        axum::routing::get(|| async { axum::Json(serde_json::json!({"ok": true})) }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(Error::internal)?;
    let addr = listener.local_addr().map_err(Error::internal)?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on http://{addr}")
            .and_then(|()| out.flush())
            .map_err(Error::internal)?;
    }
    axum::serve(listener, app)
        .with_graceful_shutdown(crate::server::termination_signal())
        .await
        .map_err(Error::internal)
}
