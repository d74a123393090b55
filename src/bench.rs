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
use std::time::{Duration, Instant};

use axum::body::Bytes;
use clap::Args;
use hdrhistogram::Histogram;
use http_body_util::{BodyExt, Empty};
use hyper::Request;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

use crate::auth::secrets;
use crate::db::{Db, accounts, clients};
use crate::demo;
use crate::domain::scope::ScopeSet;
use crate::error::{Error, Result};

#[derive(Debug, Args)]
pub struct BenchArgs {
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
}

/// Latency and throughput of one scenario.
struct Figures {
    name: String,
    requests: u64,
    errors: u64,
    elapsed: Duration,
    histogram: Histogram<u64>,
}

impl Figures {
    fn row(&self) -> String {
        let ms = |q: f64| self.histogram.value_at_quantile(q) as f64 / 1000.0;
        format!(
            "| {} | {} | {:.0} | {:.2} | {:.2} | {:.2} | {} |",
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

pub fn run(args: BenchArgs) -> Result<()> {
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
    let big = args.big_event;
    let (client_id, secret, big_event) = {
        let db = Db::open(db_path)?;
        db.write_blocking(move |conn| {
            demo::seed(conn, 300)?;
            let account = accounts::first(conn)?.ok_or_else(|| Error::internal("no account"))?;
            let big_event = demo::seed_event(conn, account.id, "Big event", big)?;
            let id = secrets::new_client_id();
            let secret = secrets::new_client_secret();
            let scopes = ScopeSet::parse("read write").map_err(Error::internal)?;
            clients::create(
                conn,
                account.id,
                "bench",
                &id,
                &secrets::hash_secret(&secret)?,
                scopes,
            )?;
            Ok((id, secret, big_event))
        })?
    };
    eprintln!("seeded in {:.1} s", started.elapsed().as_secs_f64());
    // The server checkpoints the WAL when it opens the database, as after any restart.

    let mut server = ServerProcess::start(db_path)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::internal(format!("cannot start runtime: {e}")))?;
    let result = runtime.block_on(async {
        let addr = server.addr;
        let token = fetch_token(addr, &client_id, &secret).await?;
        let bearer = format!("Bearer {token}");
        let duration = Duration::from_secs(args.duration);
        let mut rows = Vec::new();

        // The ceiling: what a trivial axum handler answers with the same generator.
        let mut trivial = ServerProcess::spawn(&["trivial-server"])?;
        let ceiling = load(
            trivial.addr,
            &bearer,
            args.connections,
            duration,
            "trivial axum handler (ceiling)",
            |_| "/".to_owned(),
        )
        .await;
        trivial.stop();
        rows.push(ceiling?);

        // Warm-up: fills caches and the reader pool.
        load(
            addr,
            &bearer,
            args.connections,
            Duration::from_secs(2),
            "warm-up",
            |i| format!("/api/v2/events/1/attendees/{}", 1 + i % 300),
        )
        .await?;
        rows.push(
            load(
                addr,
                &bearer,
                args.connections,
                duration,
                "GET attendee (demo event)",
                |i| format!("/api/v2/events/1/attendees/{}", 1 + (i * 7919) % 300),
            )
            .await?,
        );
        rows.push(
            load(
                addr,
                &bearer,
                args.connections,
                duration,
                "GET list page, per_page=25 (demo event)",
                |i| format!("/api/v2/events/1/attendees?page={}", 1 + i % 12),
            )
            .await?,
        );
        let last_page = big.div_ceil(100).max(1);
        for (name, page) in [("first", 1), ("last", last_page)] {
            let path = format!("/api/v2/events/{big_event}/attendees?per_page=100&page={page}");
            rows.push(
                sequential(
                    addr,
                    &bearer,
                    args.list_requests,
                    &format!("list page per_page=100, {name} page of {big} (one at a time)"),
                    &path,
                )
                .await?,
            );
        }
        Ok::<_, Error>(rows)
    });
    server.stop();
    let rows = result?;

    println!("| scenario | requests | req/s | p50 ms | p99 ms | max ms | errors |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for row in &rows {
        println!("{}", row.row());
    }
    println!();
    println!(
        "{} connections, {} s per throughput scenario, {} cores, server and load generator on the same machine.",
        args.connections,
        args.duration,
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    Ok(())
}

/// `entrada serve` on the bench database, as a child process.
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
}

impl ServerProcess {
    fn start(db: &std::path::Path) -> Result<ServerProcess> {
        let db = db
            .to_str()
            .ok_or_else(|| Error::internal("database path is not UTF-8"))?;
        ServerProcess::spawn(&["serve", "--bind", "127.0.0.1:0", "--db", db])
    }

    fn spawn(args: &[&str]) -> Result<ServerProcess> {
        let exe: PathBuf = std::env::current_exe()
            .map_err(|e| Error::internal(format!("cannot find own binary: {e}")))?;
        let mut child = Command::new(exe)
            .args(args)
            .env("ENTRADA_LOG", "entrada=warn")
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| Error::internal(format!("cannot start the server: {e}")))?;
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

type Sender = hyper::client::conn::http1::SendRequest<Empty<Bytes>>;

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

/// Sends one GET; returns whether it was a 200.
async fn get(sender: &mut Sender, addr: SocketAddr, bearer: &str, path: &str) -> Result<bool> {
    sender
        .ready()
        .await
        .map_err(|e| Error::internal(format!("connection: {e}")))?;
    let req = Request::get(path)
        .header("host", addr.to_string())
        .header("authorization", bearer)
        .body(Empty::<Bytes>::new())
        .map_err(Error::internal)?;
    let resp = sender
        .send_request(req)
        .await
        .map_err(|e| Error::internal(format!("request: {e}")))?;
    let ok = resp.status() == hyper::StatusCode::OK;
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
    path: impl Fn(u64) -> String + Send + Sync + Clone + 'static,
) -> Result<Figures> {
    let start = Instant::now();
    let deadline = start + duration;
    let mut tasks = Vec::with_capacity(connections);
    for worker in 0..connections {
        let bearer = bearer.to_owned();
        let path = path.clone();
        tasks.push(tokio::spawn(async move {
            let mut sender = connect(addr).await?;
            let mut hist = histogram()?;
            let (mut count, mut errors) = (0u64, 0u64);
            let mut i = worker as u64 * 1_000_003;
            while Instant::now() < deadline {
                let t = Instant::now();
                let ok = get(&mut sender, addr, &bearer, &path(i)).await?;
                hist.record(t.elapsed().as_micros().max(1) as u64)
                    .map_err(Error::internal)?;
                count += 1;
                errors += u64::from(!ok);
                i += 1;
            }
            Ok::<_, Error>((hist, count, errors))
        }));
    }
    let mut figures = Figures {
        name: name.to_owned(),
        requests: 0,
        errors: 0,
        elapsed: Duration::ZERO,
        histogram: histogram()?,
    };
    for task in tasks {
        let (hist, count, errors) = task.await.map_err(Error::internal)??;
        figures.histogram.add(hist).map_err(Error::internal)?;
        figures.requests += count;
        figures.errors += errors;
    }
    figures.elapsed = start.elapsed();
    Ok(figures)
}

/// One request at a time: the latency a single client sees.
async fn sequential(
    addr: SocketAddr,
    bearer: &str,
    requests: usize,
    name: &str,
    path: &str,
) -> Result<Figures> {
    let mut sender = connect(addr).await?;
    let mut figures = Figures {
        name: name.to_owned(),
        requests: 0,
        errors: 0,
        elapsed: Duration::ZERO,
        histogram: histogram()?,
    };
    let start = Instant::now();
    for _ in 0..requests {
        let t = Instant::now();
        let ok = get(&mut sender, addr, bearer, path).await?;
        figures
            .histogram
            .record(t.elapsed().as_micros().max(1) as u64)
            .map_err(Error::internal)?;
        figures.requests += 1;
        figures.errors += u64::from(!ok);
    }
    figures.elapsed = start.elapsed();
    Ok(figures)
}

/// Gets a token over HTTP, as any client would.
async fn fetch_token(addr: SocketAddr, client_id: &str, secret: &str) -> Result<String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|e| Error::internal(format!("connect: {e}")))?;
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| Error::internal(format!("handshake: {e}")))?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
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
