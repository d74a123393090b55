//! Regression tests of the hardening defects, one test per defect (two where the parts
//! are independent and slow): client credentials minting clients, image bombs on the
//! decoder, argon2 bursts, cross-site sign-in posts, the sign-in throttle race, the API
//! rate limit's key, HTML in the badge page, plain-http sync remotes, the serve lock
//! through links, idempotent replays across scopes and accounts, a full disk, foreign
//! SQLite files, duplicate `Host` headers, slow clients, an over-limit import's 413 and
//! the WAL left behind at shutdown. Each one failed on the server before the fixes.

use crate::common;

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{Shutdown, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Barrier, mpsc};
use std::time::{Duration, Instant};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{BIN, Resp, Server, attr, authorize_params, into_resp, no_redirects};
use reqwest::blocking::Client;
use serde_json::{Value, json};
use sha2::Digest as _;

// ---------------------------------------------------------------------------------------
// Helpers

/// The organiser the sign-in tests use, and their passphrase.
const ORGANISER: &str = "olga@example.org";
const PASSPHRASE: &str = "a-long-passphrase-1";
/// The account every fresh database has.
const DEFAULT_ACCOUNT: i64 = 1;
/// The built-in public client of the kiosk UI and the loopback redirect it uses.
const KIOSK: &str = "entrada-kiosk";
const REDIRECT: &str = "http://127.0.0.1:9/oauth/callback";
const VERIFIER: &str = "hardening-verifier-0123456789-abcdefghijklmnopqrstuvwxyz";
/// A foreign origin, as a page on another site would send it.
const EVIL: &str = "http://evil.example.com";
/// KiB in a MiB (`VmHWM` is in KiB).
const MIB: u64 = 1024;

/// The `ip:port` the server listens on.
fn address(s: &Server) -> String {
    s.base.trim_start_matches("http://").to_owned()
}

/// Reads until the server closes the connection, an error, or `limit` passes.
fn read_until_closed(tcp: &mut TcpStream, limit: Duration) -> Vec<u8> {
    let started = Instant::now();
    tcp.set_read_timeout(Some(Duration::from_millis(500)))
        .expect("read timeout");
    let mut out = Vec::new();
    let mut buf = [0u8; 8192];
    while started.elapsed() < limit {
        match tcp.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => break,
        }
    }
    out
}

/// An HTTP/1.1 answer read off a raw socket.
#[derive(Debug)]
struct RawAnswer {
    status: u16,
    /// Names lowercased.
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl RawAnswer {
    fn parse(bytes: &[u8]) -> Option<RawAnswer> {
        let end = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
        let head = std::str::from_utf8(&bytes[..end]).ok()?;
        let mut lines = head.split("\r\n");
        let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        let raw_body = &bytes[end + 4..];
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
        let body = if chunked {
            dechunk(raw_body)
        } else {
            raw_body.to_vec()
        };
        Some(RawAnswer {
            status,
            headers,
            body,
        })
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "the body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// The data of a `Transfer-Encoding: chunked` body (as much as arrived).
fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = data.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&data[..eol])
            .ok()
            .and_then(|line| line.split(';').next())
            .and_then(|hex| usize::from_str_radix(hex.trim(), 16).ok());
        let Some(size) = size.filter(|s| *s > 0) else {
            break;
        };
        let start = eol + 2;
        let end = (start + size).min(data.len());
        out.extend_from_slice(&data[start..end]);
        data = &data[(end + 2).min(data.len())..];
    }
    out
}

/// How a request fed slowly to the server ended.
#[derive(Debug)]
enum Fed {
    /// The server closed (or reset) the connection without answering.
    Closed,
    /// The server answered (and these are the bytes).
    Answered(Vec<u8>),
    /// Still open, unanswered, when the test gave up.
    StillOpen,
}

/// Sends `head`, then `step` bytes of `trickle` (cycled) a second until the server
/// answers or closes the connection, or `give_up` has passed since the connection was
/// opened. Returns how it ended and when.
fn drip(
    s: &Server,
    head: &[u8],
    trickle: &[u8],
    step: usize,
    give_up: Duration,
) -> (Fed, Duration) {
    let started = Instant::now();
    let mut tcp = TcpStream::connect(address(s)).expect("connect");
    tcp.set_read_timeout(Some(Duration::from_secs(1)))
        .expect("read timeout");
    if tcp.write_all(head).is_err() {
        return (Fed::Closed, started.elapsed());
    }
    let mut offset = 0;
    let mut buf = [0u8; 4096];
    loop {
        match tcp.read(&mut buf) {
            Ok(0) => return (Fed::Closed, started.elapsed()),
            Ok(n) => {
                let at = started.elapsed();
                let mut answer = buf[..n].to_vec();
                answer.extend(read_until_closed(&mut tcp, Duration::from_secs(3)));
                return (Fed::Answered(answer), at);
            }
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return (Fed::Closed, started.elapsed()),
        }
        if started.elapsed() > give_up {
            return (Fed::StillOpen, started.elapsed());
        }
        let piece: Vec<u8> = (0..step)
            .map(|i| trickle[(offset + i) % trickle.len()])
            .collect();
        offset += step;
        if tcp.write_all(&piece).is_err() {
            return (Fed::Closed, started.elapsed());
        }
    }
}

/// What `entrada serve --db <db>` did: started (its address), or exited.
struct Tried {
    listening: Option<String>,
    status: ExitStatus,
    stderr: String,
    /// Until it printed its address or exited.
    elapsed: Duration,
}

/// Runs `entrada serve --db <db> --bind 127.0.0.1:0`; stops it again if it starts.
fn try_serve(db: &Path) -> Tried {
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .arg("serve")
        .arg("--db")
        .arg(db)
        .args(["--bind", "127.0.0.1:0", "--sync-interval", "0"])
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_BIND")
        .env("ENTRADA_LOG", "entrada=warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start entrada serve");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(Duration::from_secs(20)).unwrap_or_default();
    let elapsed = started.elapsed();
    let listening = line.trim().strip_prefix("listening on ").map(str::to_owned);
    // Started, or neither started nor exited within the wait: stop it.
    let _ = child.kill();
    let status = child.wait().expect("reap entrada serve");
    let mut stderr = String::new();
    if let Some(mut err) = child.stderr.take() {
        let _ = err.read_to_string(&mut stderr);
    }
    Tried {
        listening,
        status,
        stderr,
        elapsed,
    }
}

// ---------------------------------------------------------------------------------------
// 1. Client credentials for local integrations

/// Guards against a machine client (a badge printer's leaked credentials) minting new,
/// broader client credentials for itself through the settings screen's route.
#[test]
fn only_organisers_make_clients_and_a_write_only_client_cannot_mint_a_broader_one() {
    let s = Server::start();
    let machine = s.token("read write");
    let write_only = s.token("write");
    let route = "/kiosk/clients";

    let asked = json!({"item": {"name": "Minted by a machine", "scopes": "read write check_in"}});
    let r = s.call_root("POST", route, Some(&machine), &[], Some(&asked));
    assert_eq!(
        r.status, 403,
        "a machine `read write` token made a client: {}",
        r.text
    );
    assert!(!r.error().is_empty());
    let r = s.call_root("GET", route, Some(&machine), &[], None);
    assert_eq!(
        r.status, 403,
        "a machine token listed the clients: {}",
        r.text
    );
    assert!(!r.error().is_empty());
    let asked = json!({"item": {
        "name": "Minted by a write-only client",
        "scopes": "read write check_in",
    }});
    let r = s.call_root("POST", route, Some(&write_only), &[], Some(&asked));
    assert_eq!(
        r.status, 403,
        "a write-only machine token made a broader client: {}",
        r.text
    );
    assert!(!r.error().is_empty());

    // An organiser, signed in, still makes them; and the refused ones do not exist.
    s.create_user(ORGANISER, "organiser", DEFAULT_ACCOUNT, PASSPHRASE);
    let organiser = s.personal_token(ORGANISER, PASSPHRASE);
    let in_account = [("X-Account-Id", "1")];
    let made = s.call_root(
        "POST",
        route,
        Some(&organiser),
        &in_account,
        Some(&json!({"item": {"name": "Badge printer", "scopes": "read check_in"}})),
    );
    assert_eq!(
        made.status, 201,
        "an organiser makes a client: {}",
        made.text
    );
    let made = made.json();
    let id = made["client_id"].as_str().expect("client_id");
    let secret = made["client_secret"].as_str().expect("client_secret");
    let printer = s.token_for(id, secret, "read check_in");
    assert_eq!(s.get("/events", &printer).status, 200);
    let list = s.call_root("GET", route, Some(&organiser), &in_account, None);
    assert_eq!(
        list.status, 200,
        "an organiser lists clients: {}",
        list.text
    );
    assert!(list.text.contains(id), "{}", list.text);
    assert!(
        !list.text.contains("Minted by"),
        "a refused client was stored: {}",
        list.text
    );
    let out = s.cli(&["clients", "list"]);
    assert!(
        out.status.success(),
        "clients list: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let all = String::from_utf8_lossy(&out.stdout);
    assert!(
        !all.contains("Minted by"),
        "a refused client was stored: {all}"
    );
}

// ---------------------------------------------------------------------------------------
// 2. Image bombs on the decoder

/// A PNG of `width` x `height` zero pixels, written row by row through a streaming
/// encoder so that this test never holds the pixels (a few MB of PNG for gigapixels).
fn zero_png(
    width: u32,
    height: u32,
    color: png::ColorType,
    depth: png::BitDepth,
    bytes_per_pixel: usize,
) -> Vec<u8> {
    let row = vec![0u8; width as usize * bytes_per_pixel];
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(color);
        encoder.set_depth(depth);
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder.write_header().expect("PNG header");
        {
            let mut stream = writer
                .stream_writer_with_size(1 << 16)
                .expect("PNG stream writer");
            for _ in 0..height {
                stream.write_all(&row).expect("PNG row");
            }
            stream.finish().expect("PNG image data");
        }
        writer.finish().expect("PNG end");
    }
    assert!(
        out.len() < entrada::api::decode::FRAME_LIMIT,
        "the bomb ({} bytes) must fit the frame limit to reach the decoder",
        out.len()
    );
    out
}

/// Posts a PNG frame to `/kiosk/decode`.
fn decode_png(base: &str, token: &str, body: Vec<u8>) -> Resp {
    let client = Client::builder()
        .timeout(Duration::from_secs(180))
        .build()
        .expect("client");
    into_resp(
        client
            .post(format!("{base}/kiosk/decode"))
            .bearer_auth(token)
            .header("content-type", "image/png")
            .body(body)
            .send()
            .expect("POST /kiosk/decode"),
    )
}

/// Guards against a 400 KB PNG that decodes to 400 megapixels (a decompression bomb)
/// taking the kiosk's memory before its size is even looked at.
#[test]
fn a_png_bomb_is_refused_before_it_is_decoded_and_normal_frames_still_decode() {
    let s = Server::start();
    let t = s.token("read write");
    let bomb = zero_png(
        20_000,
        20_000,
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        1,
    );
    let before = s.peak_rss_kib();
    let r = decode_png(&s.base, &t, bomb);
    let grew = s.peak_rss_kib().saturating_sub(before);
    assert_eq!(r.status, 422, "a 20000x20000 PNG: {}", r.text);
    assert!(
        r.text.to_lowercase().contains("pixel"),
        "the refusal names the pixel limit: {}",
        r.text
    );
    assert!(
        grew < 64 * MIB,
        "the server's peak memory grew by {} MiB to refuse a 20000x20000 PNG",
        grew / MIB
    );

    // A real frame (the project's own ticket code) still decodes.
    let event = s.event(&t, "Frames");
    let a = s.attendee(&t, event, json!({"first_name": "Ada"}));
    let id = a["id"].as_i64().expect("attendee id");
    let ticket = s
        .http
        .get(format!(
            "{}/events/{event}/attendees/{id}/qr.png?size=400",
            s.api
        ))
        .bearer_auth(&t)
        .send()
        .expect("GET qr.png")
        .bytes()
        .expect("qr.png bytes")
        .to_vec();
    let r = decode_png(&s.base, &t, ticket);
    assert_eq!(r.status, 200, "a normal frame: {}", r.text);
    assert_eq!(r.json()["codes"][0]["text"], a["qr_code"], "{}", r.text);
}

/// Guards against a few large 16-bit frames sent at once (512 MB each once decoded)
/// together exhausting the kiosk's memory.
#[test]
fn concurrent_large_png_frames_are_refused_without_decoding_them() {
    let s = Server::start();
    let t = s.token("read");
    let bomb = zero_png(
        8_000,
        8_000,
        png::ColorType::Rgba,
        png::BitDepth::Sixteen,
        8,
    );
    let before = s.peak_rss_kib();
    let base = s.base.as_str();
    let barrier = Barrier::new(4);
    let answers: Vec<Resp> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    let body = bomb.clone();
                    barrier.wait();
                    decode_png(base, &t, body)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("decode thread"))
            .collect()
    });
    let grew = s.peak_rss_kib().saturating_sub(before);
    for r in &answers {
        // Refused for its size; a decoder queue that is full (429/503 with Retry-After)
        // refuses it too, without decoding it.
        let busy = matches!(r.status, 429 | 503) && r.header("retry-after").is_some();
        assert!(
            r.status == 422 || busy,
            "an 8000x8000 16-bit RGBA PNG: {} {}",
            r.status,
            r.text
        );
    }
    assert!(
        answers.iter().any(|r| r.status == 422),
        "none refused for its size: {answers:?}"
    );
    assert!(
        grew < 64 * MIB,
        "the server's peak memory grew by {} MiB to refuse four 8000x8000 16-bit PNGs",
        grew / MIB
    );
}

// ---------------------------------------------------------------------------------------
// 3. Argon2 bursts

/// Guards against a burst of client-secret guesses running a hundred argon2 hashes at
/// once (19 MiB each) and exhausting the kiosk's memory.
#[test]
fn a_burst_of_wrong_client_secrets_is_answered_within_bounded_memory() {
    let s = Server::start();
    let (id, _secret) = s.create_client("read write");
    let url = format!("{}/oauth/token", s.base);
    let barrier = Barrier::new(100);
    let answers: Vec<(u16, Option<String>, String)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..100)
            .map(|_| {
                scope.spawn(|| {
                    let client = Client::builder()
                        .timeout(Duration::from_secs(180))
                        .build()
                        .expect("client");
                    barrier.wait();
                    let r = into_resp(
                        client
                            .post(&url)
                            .basic_auth(&id, Some("not-the-client-secret"))
                            .form(&[("grant_type", "client_credentials"), ("scope", "read")])
                            .send()
                            .expect("POST /oauth/token"),
                    );
                    let retry_after = r.header("retry-after");
                    (r.status, retry_after, r.text)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("token thread"))
            .collect()
    });
    for (status, retry_after, text) in &answers {
        assert!(
            matches!(status, 401 | 429),
            "a wrong secret answered {status}: {text}"
        );
        if *status == 429 {
            assert!(retry_after.is_some(), "429 without Retry-After: {text}");
        }
    }
    let peak = s.peak_rss_kib();
    assert!(
        peak < 100 * MIB,
        "the server's peak memory reached {} MiB during 100 concurrent wrong secrets",
        peak / MIB
    );
    let health = s.call_root("GET", "/healthz", None, &[], None);
    assert_eq!(health.status, 200, "{}", health.text);
}

// ---------------------------------------------------------------------------------------
// 4. and 5. Sign-in posts

/// The authorization parameters of the kiosk's sign-in page.
fn kiosk_authorize_params() -> Vec<(String, String)> {
    let challenge = URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(VERIFIER));
    authorize_params(KIOSK, REDIRECT, &challenge, "x")
}

/// The `value` of the page's `<input name="csrf_token">`.
fn csrf_token(html: &str) -> Option<String> {
    html.split("<input")
        .skip(1)
        .map(|rest| &rest[..rest.find('>').unwrap_or(rest.len())])
        .find(|tag| attr(tag, "name").as_deref() == Some("csrf_token"))
        .and_then(|tag| attr(tag, "value"))
}

/// The sign-in page's form: its `csrf_token`, and the cookies it set (if any).
struct SignInForm {
    csrf: String,
    cookie: Option<String>,
}

fn sign_in_form(s: &Server) -> SignInForm {
    let url = url::Url::parse_with_params(
        &format!("{}/oauth/authorize", s.base),
        kiosk_authorize_params(),
    )
    .expect("authorize URL");
    let page = into_resp(
        no_redirects()
            .get(url)
            .send()
            .expect("GET /oauth/authorize"),
    );
    assert_eq!(page.status, 200, "the sign-in page: {}", page.text);
    let csrf = csrf_token(&page.text).unwrap_or_else(|| {
        panic!(
            "the sign-in page has no <input name=\"csrf_token\">: {}",
            page.text
        )
    });
    let cookies: Vec<String> = page
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|c| c.split(';').next())
        .map(|c| c.trim().to_owned())
        .collect();
    SignInForm {
        csrf,
        cookie: (!cookies.is_empty()).then(|| cookies.join("; ")),
    }
}

/// Posts the sign-in form for [`ORGANISER`] with `password`, the given `csrf_token` (or
/// none) and extra headers.
fn sign_in_post(
    client: &Client,
    base: &str,
    form: &SignInForm,
    csrf: Option<&str>,
    password: &str,
    headers: &[(&str, &str)],
) -> Resp {
    let mut fields = kiosk_authorize_params();
    if let Some(token) = csrf {
        fields.push(("csrf_token".to_owned(), token.to_owned()));
    }
    fields.push(("email".to_owned(), ORGANISER.to_owned()));
    fields.push(("password".to_owned(), password.to_owned()));
    let mut req = client.post(format!("{base}/oauth/authorize")).form(&fields);
    if let Some(cookie) = &form.cookie {
        req = req.header("cookie", cookie.as_str());
    }
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    into_resp(req.send().expect("POST /oauth/authorize"))
}

/// Guards against another web site posting the sign-in form through the kiosk's browser
/// (login CSRF: signing the kiosk in as someone else, or guessing passwords).
#[test]
fn sign_in_posts_from_other_sites_or_without_the_form_token_are_refused() {
    let s = Server::start();
    s.create_user(ORGANISER, "organiser", DEFAULT_ACCOUNT, PASSPHRASE);
    let form = sign_in_form(&s);
    let client = no_redirects();
    let same_origin = [
        ("origin", s.base.as_str()),
        ("sec-fetch-site", "same-origin"),
    ];
    // One character in the middle changed (not the last: base64 may ignore its low bits).
    let middle = form.csrf.len() / 2;
    let forged: String = form
        .csrf
        .char_indices()
        .map(|(i, c)| match (i == middle, c) {
            (true, 'A') => 'B',
            (true, _) => 'A',
            (false, c) => c,
        })
        .collect();
    let evil_origin = [("origin", EVIL)];
    let cross_site = [("sec-fetch-site", "cross-site")];
    /// (what, csrf_token, extra headers)
    type Case<'a> = (&'a str, Option<&'a str>, &'a [(&'a str, &'a str)]);
    let cases: [Case; 4] = [
        (
            "Origin of another site",
            Some(form.csrf.as_str()),
            &evil_origin,
        ),
        (
            "Sec-Fetch-Site: cross-site",
            Some(form.csrf.as_str()),
            &cross_site,
        ),
        ("no csrf_token", None, &same_origin),
        ("a forged csrf_token", Some(forged.as_str()), &same_origin),
    ];
    for (what, csrf, headers) in cases {
        let r = sign_in_post(&client, &s.base, &form, csrf, PASSPHRASE, headers);
        assert_eq!(
            r.status,
            403,
            "{what}: got {} (Location {:?})",
            r.status,
            r.header("location")
        );
        assert!(
            r.header("location").is_none(),
            "{what}: refused, yet redirected with a code"
        );
    }
    // The page's own form still signs in.
    let r = sign_in_post(
        &client,
        &s.base,
        &form,
        Some(&form.csrf),
        PASSPHRASE,
        &same_origin,
    );
    assert_eq!(r.status, 303, "the page's own post: {}", r.text);
}

/// Guards against a foreign page locking the organiser out by posting wrong passwords
/// for their email from visitors' browsers (refused posts must count for nothing).
#[test]
fn refused_cross_site_sign_ins_do_not_lock_the_organiser_out() {
    let s = Server::start();
    s.create_user(ORGANISER, "organiser", DEFAULT_ACCOUNT, PASSPHRASE);
    let form = sign_in_form(&s);
    let client = no_redirects();
    for attempt in 1..=25 {
        let r = sign_in_post(
            &client,
            &s.base,
            &form,
            Some(&form.csrf),
            "wrong password",
            &[("origin", EVIL)],
        );
        assert_eq!(r.status, 403, "cross-site attempt {attempt}: {}", r.status);
    }
    let fresh = sign_in_form(&s);
    let r = sign_in_post(
        &client,
        &s.base,
        &fresh,
        Some(&fresh.csrf),
        PASSPHRASE,
        &[
            ("origin", s.base.as_str()),
            ("sec-fetch-site", "same-origin"),
        ],
    );
    assert_eq!(
        r.status,
        303,
        "the organiser's own sign-in after 25 refused cross-site posts: {} (Retry-After {:?})",
        r.status,
        r.header("retry-after")
    );
}

/// Guards against forty wrong passwords sent at once all being checked before the first
/// failure is counted (the throttle must count attempts before the slow hash).
#[test]
fn concurrent_wrong_passwords_get_at_most_five_checks() {
    let s = Server::start();
    s.create_user(ORGANISER, "organiser", DEFAULT_ACCOUNT, PASSPHRASE);
    let form = sign_in_form(&s);
    let base = s.base.as_str();
    let barrier = Barrier::new(40);
    let answers: Vec<Resp> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..40)
            .map(|_| {
                scope.spawn(|| {
                    let client = no_redirects();
                    barrier.wait();
                    sign_in_post(
                        &client,
                        base,
                        &form,
                        Some(&form.csrf),
                        "wrong password",
                        &[("origin", base), ("sec-fetch-site", "same-origin")],
                    )
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("sign-in thread"))
            .collect()
    });
    let statuses: Vec<u16> = answers.iter().map(|r| r.status).collect();
    for r in &answers {
        assert!(
            matches!(r.status, 401 | 429),
            "a wrong password answered {}: {statuses:?}",
            r.status
        );
        if r.status == 429 {
            assert!(
                r.header("retry-after").is_some(),
                "429 without Retry-After: {:?}",
                r.headers
            );
        }
    }
    let checked = statuses.iter().filter(|s| **s == 401).count();
    assert!(
        checked <= 5,
        "{checked} of 40 concurrent wrong passwords were checked (at most 5): {statuses:?}"
    );
}

// ---------------------------------------------------------------------------------------
// 6. The API rate limit's key

/// The same token in `Authorization` 300 ways: the scheme in every case, and different
/// runs of spaces and tabs before the token.
fn spellings(token: &str) -> Vec<String> {
    let mut out = Vec::new();
    for mask in 0..64u32 {
        let scheme: String = "bearer"
            .chars()
            .enumerate()
            .map(|(i, c)| {
                if mask & (1 << i) != 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect();
        for gap in [" ", "  ", "   ", " \t", " \t\t"] {
            out.push(format!("{scheme}{gap}{token}"));
        }
    }
    out.truncate(300);
    out
}

/// At most how many of a quick run of requests a limit of `rate` a second (with a burst
/// of `rate`) lets through in `elapsed`: 50 of 300 when the run is quick (the contract),
/// more when the machine is slow.
fn may_pass(rate: f64, elapsed: Duration) -> usize {
    let by_time = (rate + rate * elapsed.as_secs_f64()).ceil() as usize + 2;
    by_time.max(50)
}

/// Guards against a client slipping past the per-token rate limit by spelling its
/// `Authorization` header differently each time, or by sending random tokens.
#[test]
fn the_rate_limit_counts_a_token_however_it_is_spelled_and_unknown_tokens_per_address() {
    let s = Server::start_with(&["--rate-limit", "20"]);
    let t = s.token("read");
    let url = format!("{}/events", s.api);
    let get = |authorization: &str| -> u16 {
        into_resp(
            s.http
                .get(&url)
                .header("authorization", authorization)
                .send()
                .expect("GET /events"),
        )
        .status
    };

    let started = Instant::now();
    let statuses: Vec<u16> = spellings(&t).iter().map(|a| get(a.as_str())).collect();
    let elapsed = started.elapsed();
    assert!(
        statuses.iter().all(|s| matches!(s, 200 | 429)),
        "{statuses:?}"
    );
    let passed = statuses.iter().filter(|s| **s != 429).count();
    let most = may_pass(20.0, elapsed);
    assert!(
        passed <= most,
        "{passed} of 300 spellings of one token passed a limit of 20/s in {elapsed:?} \
         (at most {most})"
    );

    let unknown: Vec<String> = (0..300)
        .map(|_| {
            format!(
                "Bearer ent_at_{}",
                URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>())
            )
        })
        .collect();
    let started = Instant::now();
    let statuses: Vec<u16> = unknown.iter().map(|a| get(a.as_str())).collect();
    let elapsed = started.elapsed();
    assert!(
        statuses.iter().all(|s| matches!(s, 401 | 429)),
        "{statuses:?}"
    );
    let passed = statuses.iter().filter(|s| **s != 429).count();
    let most = may_pass(20.0, elapsed);
    assert!(
        passed <= most,
        "{passed} of 300 random tokens were looked up in {elapsed:?} (at most {most})"
    );
}

// ---------------------------------------------------------------------------------------
// 7. The badge page and the API docs

/// Guards against script in an attendee's name (a registration form fills it) running on
/// the printable badge, and against other sites framing the badge or the API docs.
#[test]
fn badge_pages_escape_names_and_pages_may_not_be_framed() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Gala");
    let a = s.attendee(
        &t,
        event,
        json!({"first_name": "</title><script>alert(1)</script>", "last_name": "Mallory"}),
    );
    let id = a["id"].as_i64().expect("attendee id");
    let badge = s.get(&format!("/events/{event}/attendees/{id}/badge"), &t);
    assert_eq!(badge.status, 200, "{}", badge.text);
    assert!(
        !badge.text.contains("<script>alert(1)"),
        "the name's markup reached the page: {}",
        badge.text
    );
    assert!(
        badge.text.contains("&lt;/title&gt;"),
        "the name is shown escaped: {}",
        badge.text
    );
    let csp = badge.header("content-security-policy").unwrap_or_else(|| {
        panic!(
            "the badge has no Content-Security-Policy: {:?}",
            badge.headers
        )
    });
    assert!(csp.contains("frame-ancestors 'none'"), "badge CSP: {csp}");

    let docs = into_resp(
        s.http
            .get(format!("{}/docs/", s.api))
            .send()
            .expect("GET /api/v2/docs/"),
    );
    assert_eq!(docs.status, 200, "{}", docs.text);
    assert!(
        docs.header("content-type")
            .unwrap_or_default()
            .starts_with("text/html"),
        "{:?}",
        docs.headers
    );
    let csp = docs.header("content-security-policy").unwrap_or_else(|| {
        panic!(
            "the docs have no Content-Security-Policy: {:?}",
            docs.headers
        )
    });
    assert!(csp.contains("frame-ancestors 'none'"), "docs CSP: {csp}");
}

// ---------------------------------------------------------------------------------------
// 8. Sync remotes

/// Guards against the sync's client secret and every attendee travelling in clear to a
/// plain-http remote across the venue's network.
#[test]
fn a_sync_remote_must_use_https_unless_it_is_on_this_computer() {
    let s = Server::start_with(&["--sync-interval", "0"]);
    let t = s.organiser_token();
    let put = |root: &str| {
        s.call_root(
            "PUT",
            "/kiosk/sync/config",
            Some(&t),
            &[("X-Account-Id", "1")],
            Some(&json!({"item": {
                "base_url": format!("{root}/api/v2"),
                "auth_url": root,
                "client_id": "kiosk-1",
                "client_secret": "very secret",
                "events": [4],
            }})),
        )
    };
    let plain = put("http://example.com");
    assert_eq!(plain.status, 422, "a plain-http remote: {}", plain.text);
    assert!(
        plain.text.to_lowercase().contains("https"),
        "the refusal says https: {}",
        plain.text
    );
    let stored = s.call_root(
        "GET",
        "/kiosk/sync/config",
        Some(&t),
        &[("X-Account-Id", "1")],
        None,
    );
    assert_eq!(stored.status, 200, "{}", stored.text);
    assert_eq!(stored.json()["configured"], false, "{}", stored.text);

    let local = put("http://127.0.0.1:9");
    assert_eq!(
        local.status, 200,
        "plain http on this computer: {}",
        local.text
    );
    let tls = put("https://example.com");
    assert_eq!(tls.status, 200, "https: {}", tls.text);
}

// ---------------------------------------------------------------------------------------
// 9. The serve lock

/// Guards against a second server reaching a served database through a hard link or a
/// symlink: each would keep its own WAL and corrupt the file between them.
#[test]
fn a_second_server_through_a_link_to_a_served_database_is_refused() {
    let s = Server::start();
    let t = s.token("read write");
    s.event(&t, "Before");
    let dir = s.db.parent().expect("the database's directory");
    let hard = dir.join("hard-link.db");
    std::fs::hard_link(&s.db, &hard).expect("hard link to the database");
    let soft = dir.join("symlink.db");
    std::os::unix::fs::symlink(&s.db, &soft).expect("symlink to the database");
    for link in [&hard, &soft] {
        let tried = try_serve(link);
        assert!(
            tried.listening.is_none(),
            "a second server started on {} (at {:?}) while the first serves the file",
            link.display(),
            tried.listening
        );
        assert!(
            !tried.status.success(),
            "{}: {:?}",
            link.display(),
            tried.status
        );
        assert!(
            tried.stderr.contains("already"),
            "{}: stderr says why: {}",
            link.display(),
            tried.stderr
        );
        assert!(
            tried.elapsed < Duration::from_secs(10),
            "{}: refused only after {:?}",
            link.display(),
            tried.elapsed
        );
    }
    // The first server is unharmed.
    s.event(&t, "After");
    let list = s.get("/events", &t);
    assert_eq!(list.status, 200, "{}", list.text);
    assert_eq!(
        list.json()["items"].as_array().map(Vec::len),
        Some(2),
        "{}",
        list.text
    );
}

// ---------------------------------------------------------------------------------------
// 10. Idempotent replays

/// Guards against a stored answer being replayed to a caller who may not make the
/// request: a read-only token of the same client, or the same person in another account.
#[test]
fn an_idempotent_replay_goes_only_to_a_caller_allowed_the_request() {
    let s = Server::start();
    let (id, secret) = s.create_client("read write");
    let writer = s.token_for(&id, &secret, "read write");
    let reader = s.token_for(&id, &secret, "read");
    let body = json!({"item": {"name": "Replayed?"}});
    let first = s.call_root(
        "POST",
        "/api/v2/events",
        Some(&writer),
        &[("Idempotency-Key", "k1")],
        Some(&body),
    );
    assert_eq!(first.status, 201, "{}", first.text);
    let again = s.call_root(
        "POST",
        "/api/v2/events",
        Some(&reader),
        &[("Idempotency-Key", "k1")],
        Some(&body),
    );
    assert_eq!(
        again.status,
        403,
        "a read-only token of the same client got {} (Idempotent-Replayed {:?}): {}",
        again.status,
        again.header("idempotent-replayed"),
        again.text
    );

    // One person, organiser of two accounts.
    let second = s.create_account("Second");
    s.create_user(ORGANISER, "organiser", DEFAULT_ACCOUNT, PASSPHRASE);
    s.create_user(ORGANISER, "organiser", second, PASSPHRASE);
    let person = s.personal_token(ORGANISER, PASSPHRASE);
    let here = s.call_root(
        "POST",
        "/api/v2/events",
        Some(&person),
        &[("X-Account-Id", "1"), ("Idempotency-Key", "k2")],
        Some(&body),
    );
    assert_eq!(here.status, 201, "in account 1: {}", here.text);
    let here_id = here.item()["id"].as_i64().expect("event id");
    let second_id = second.to_string();
    let there = s.call_root(
        "POST",
        "/api/v2/events",
        Some(&person),
        &[
            ("X-Account-Id", second_id.as_str()),
            ("Idempotency-Key", "k2"),
        ],
        Some(&body),
    );
    assert!(
        there.header("idempotent-replayed").is_none(),
        "account {second} was answered with account 1's stored answer: {}",
        there.text
    );
    assert!(there.status < 500, "{}: {}", there.status, there.text);
    if there.status == 201 {
        let there_id = there.item()["id"].as_i64().expect("event id");
        assert_ne!(there_id, here_id, "the same event for both accounts");
        let listed = s.call_root(
            "GET",
            "/api/v2/events",
            Some(&person),
            &[("X-Account-Id", second_id.as_str())],
            None,
        );
        assert_eq!(listed.status, 200, "{}", listed.text);
        let ids: Vec<i64> = listed.json()["items"]
            .as_array()
            .expect("items")
            .iter()
            .filter_map(|e| e["id"].as_i64())
            .collect();
        assert_eq!(ids, vec![there_id], "account {second}'s events");
    }
}

// ---------------------------------------------------------------------------------------
// 11. A full disk

/// Unmounts a tmpfs when the test ends, however it ends.
struct Unmount(PathBuf);

impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

/// A server whose database lives on a small tmpfs (3 MiB unless told): mounted here when
/// this process may (root), else in the user and mount namespaces of a holder process
/// (`unshare -rm`) that each server joins (`nsenter`). The tmpfs outlives the server, so
/// that a test can stop or kill it and start another on the same database.
struct SmallDisk {
    child: Child,
    _stdout: BufReader<ChildStdout>,
    base: String,
    /// The mount, as this process reaches it.
    root: PathBuf,
    /// The mount, as the server reaches it.
    path: PathBuf,
    /// The process whose namespaces hold the mount, when this process could not mount.
    holder: Option<Child>,
    /// What every `serve` gets besides `--db` and `--bind` (e.g. `--key-file`).
    extra: Vec<String>,
    http: Client,
    // Dropped in this order: unmount, then remove the directory.
    _mount: Option<Unmount>,
    _dir: tempfile::TempDir,
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(holder) = &mut self.holder {
            // Its namespaces, and with them the mount, go with it.
            let _ = holder.kill();
            let _ = holder.wait();
        }
    }
}

/// Mounts the tmpfs in new namespaces and keeps them alive (`sleep`) for the servers.
const TMPFS_SCRIPT: &str = "mount -t tmpfs -o \"size=$2m\" tmpfs \"$1\" && echo mounted && \
                            exec sleep 100000";

impl SmallDisk {
    fn start() -> SmallDisk {
        SmallDisk::start_with(3, &[])
    }

    /// A server on a new `mib` MiB tmpfs, started with `extra` serve arguments.
    fn start_with(mib: u32, extra: &[&str]) -> SmallDisk {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().to_path_buf();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={mib}m"), "tmpfs"])
            .arg(&path)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        let mount = mounted.then(|| Unmount(path.clone()));
        let (holder, root) = if mounted {
            (None, path.clone())
        } else {
            let mut holder = Command::new("unshare")
                .args(["-rm", "sh", "-c", TMPFS_SCRIPT, "sh"])
                .arg(&path)
                .arg(mib.to_string())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap_or_else(|e| {
                    panic!(
                        "this test needs a {mib} MiB tmpfs: `mount -t tmpfs` failed (not \
                         root?) and `unshare -rm` could not be started: {e}"
                    )
                });
            let mut line = String::new();
            let _ = BufReader::new(holder.stdout.take().expect("stdout")).read_line(&mut line);
            if line.trim() != "mounted" {
                let _ = holder.kill();
                let _ = holder.wait();
                panic!(
                    "this test needs a {mib} MiB tmpfs: `mount -t tmpfs` failed (not root?) \
                     and so did it under `unshare -rm` (user namespaces not allowed?)"
                );
            }
            // The mount exists only in the holder's namespace; /proc/PID/root reaches it.
            let root = PathBuf::from(format!("/proc/{}/root{}", holder.id(), path.display()));
            (Some(holder), root)
        };
        let extra: Vec<String> = extra.iter().map(|a| (*a).to_owned()).collect();
        let (child, stdout, base) = serve_on(&path, holder.as_ref(), &extra);
        let http = Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client");
        SmallDisk {
            child,
            _stdout: stdout,
            base,
            root,
            path,
            holder,
            extra,
            http,
            _mount: mount,
            _dir: dir,
        }
    }

    /// Stops the server: SIGKILL (a crash or power cut: nothing flushed, nothing
    /// checkpointed) or SIGTERM (a clean stop, waited for), and starts a new one on the
    /// same database.
    fn restart(&mut self, kill: bool) {
        if kill {
            self.child.kill().expect("SIGKILL the server");
        } else {
            let pid = self.child.id().to_string();
            let _ = Command::new("kill").args(["-TERM", &pid]).status();
        }
        let stopped = Instant::now();
        while self
            .child
            .try_wait()
            .expect("wait for the server")
            .is_none()
        {
            assert!(
                stopped.elapsed() < Duration::from_secs(20),
                "the server did not exit within 20 s of SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let (child, stdout, base) = serve_on(&self.path, self.holder.as_ref(), &self.extra);
        self.child = child;
        self._stdout = stdout;
        self.base = base;
    }

    /// Runs `entrada <args> --db <the tmpfs database>`, with the server's `--key-file`
    /// (which, like any other path given, must be outside the tmpfs: it is read where the
    /// tmpfs is mounted).
    fn cli(&self, args: &[&str]) -> std::process::Output {
        let key = self.extra.iter().position(|a| a == "--key-file");
        entrada_on_the_tmpfs(self.holder.as_ref())
            .args(args)
            .arg("--db")
            .arg(self.path.join("entrada.db"))
            .args(key.map(|i| &self.extra[i..=i + 1]).unwrap_or_default())
            .env_remove("ENTRADA_DB")
            .env_remove("ENTRADA_DB_KEY")
            .env_remove("ENTRADA_DB_KEY_FILE")
            .output()
            .expect("run entrada")
    }

    /// A `read write` token of a new client (made with the CLI on the tmpfs database).
    fn token(&self) -> String {
        let out = self.cli(&[
            "clients",
            "create",
            "--name",
            "disk",
            "--scopes",
            "read write",
        ]);
        assert!(
            out.status.success(),
            "clients create: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).expect("clients create prints JSON");
        let (id, secret) = (
            v["client_id"].as_str().expect("client_id"),
            v["client_secret"].as_str().expect("client_secret"),
        );
        let r = into_resp(
            self.http
                .post(format!("{}/oauth/token", self.base))
                .form(&[
                    ("grant_type", "client_credentials"),
                    ("client_id", id),
                    ("client_secret", secret),
                    ("scope", "read write"),
                ])
                .send()
                .expect("POST /oauth/token"),
        );
        assert_eq!(r.status, 200, "token: {}", r.text);
        r.json()["access_token"]
            .as_str()
            .expect("access_token")
            .to_owned()
    }

    /// Creates an event with a long location (so that every write needs new pages).
    fn write(&self, token: &str, n: usize) -> Resp {
        into_resp(
            self.http
                .post(format!("{}/api/v2/events", self.base))
                .bearer_auth(token)
                .json(&json!({"item": {
                    "name": format!("Event {n}"),
                    "location": "x".repeat(9000),
                }}))
                .send()
                .expect("POST /api/v2/events"),
        )
    }

    fn health(&self) -> Resp {
        into_resp(
            self.http
                .get(format!("{}/healthz", self.base))
                .send()
                .expect("GET /healthz"),
        )
    }
}

/// A command that runs `entrada` where the tmpfs is mounted: here, or inside the holder's
/// namespaces. Giving it the path through `/proc/PID/root` instead is not enough: SQLite
/// resolves that link to `/` and opens the empty directory under the mount.
fn entrada_on_the_tmpfs(holder: Option<&Child>) -> Command {
    match holder {
        None => Command::new(BIN),
        Some(holder) => {
            let mut c = Command::new("nsenter");
            // Credentials kept: `unshare -r` mapped this user to root there already.
            c.args(["--preserve-credentials", "-U", "-m", "-t"])
                .arg(holder.id().to_string())
                .arg(BIN);
            c
        }
    }
}

/// Starts `entrada serve` on `<dir>/entrada.db` (`dir` as the server reaches it): here, or
/// inside the holder's namespaces. Returns the process, its stdout and its base URL.
fn serve_on(
    dir: &Path,
    holder: Option<&Child>,
    extra: &[String],
) -> (Child, BufReader<ChildStdout>, String) {
    let mut command = entrada_on_the_tmpfs(holder);
    command
        .arg("serve")
        .arg("--db")
        .arg(dir.join("entrada.db"))
        .args([
            "--bind",
            "127.0.0.1:0",
            "--rate-limit",
            "0",
            "--sync-interval",
            "0",
        ])
        .args(extra)
        .env_remove("ENTRADA_DB")
        .env_remove("ENTRADA_BIND")
        .env_remove("ENTRADA_DB_KEY")
        .env_remove("ENTRADA_DB_KEY_FILE")
        .env("ENTRADA_LOG", "entrada=warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start the server on the tmpfs: {e}"));
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    let _ = stdout.read_line(&mut line);
    let Some(base) = line.trim().strip_prefix("listening on ").map(str::to_owned) else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("the server on the tmpfs did not start; its first line was {line:?}");
    };
    (child, stdout, base)
}

/// Writes `path` until the disk under it is full.
fn fill(path: &Path) {
    let mut file = std::fs::File::create(path).expect("create the filler file");
    let chunk = vec![0x5a_u8; 64 * 1024];
    let mut written: usize = 0;
    loop {
        match file.write(&chunk) {
            Ok(0) => break,
            Ok(n) => written += n,
            // ENOSPC
            Err(e)
                if e.raw_os_error() == Some(28) || e.kind() == std::io::ErrorKind::StorageFull =>
            {
                break;
            }
            Err(e) => panic!("writing the filler: {e}"),
        }
        assert!(
            written < 64 << 20,
            "wrote 64 MiB to a small tmpfs: the database is not on the small disk"
        );
    }
}

/// Guards against a full disk turning every write into an opaque 500 while the health
/// check says "ok", with no way back short of a restart.
#[test]
fn a_full_disk_is_a_507_and_the_server_recovers_once_space_is_freed() {
    let disk = SmallDisk::start();
    let t = disk.token();
    let r = disk.write(&t, 0);
    assert_eq!(r.status, 201, "a write with room to spare: {}", r.text);
    let filler = disk.root.join("filler");
    fill(&filler);
    let mut full = None;
    for n in 1..=500 {
        let r = disk.write(&t, n);
        match r.status {
            201 => {}
            507 => {
                full = Some(r);
                break;
            }
            other => panic!("write {n} on a full disk answered {other}: {}", r.text),
        }
    }
    let full = full.expect("500 writes on a full 3 MiB disk and none answered 507");
    let message = full.error();
    assert!(
        message.starts_with("the disk is full"),
        "the 507 says why: {message}"
    );
    let health = disk.health();
    assert_eq!(
        health.status, 507,
        "/healthz on a full disk: {}",
        health.text
    );
    assert_eq!(health.json()["status"], "disk full", "{}", health.text);

    std::fs::remove_file(&filler).expect("remove the filler");
    let r = disk.write(&t, 1000);
    assert_eq!(r.status, 201, "a write once space was freed: {}", r.text);
    let health = disk.health();
    assert_eq!(
        health.status, 200,
        "/healthz once space was freed: {}",
        health.text
    );
}

/// One check-in of the storm, as its client saw it.
struct Answered {
    attendee: i64,
    /// 0 when no HTTP answer came (connection error, time-out).
    status: u16,
    text: String,
    took: Duration,
}

/// Every attendee id of `event`, in id order (the list, page by page); with `filter`
/// (e.g. `&checkin_status=checked_in`) only those.
fn attendee_ids(disk: &SmallDisk, token: &str, event: i64, filter: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    for page in 1.. {
        let url = format!(
            "{}/api/v2/events/{event}/attendees?per_page=100&page={page}{filter}",
            disk.base
        );
        let r = into_resp(
            disk.http
                .get(url)
                .bearer_auth(token)
                .send()
                .expect("list attendees"),
        );
        assert_eq!(r.status, 200, "list attendees, page {page}: {}", r.text);
        let items = r.json()["items"].as_array().expect("items").clone();
        if items.is_empty() {
            break;
        }
        ids.extend(items.iter().map(|a| a["id"].as_i64().expect("attendee id")));
    }
    ids
}

/// Issue 19: a check-in storm on an encrypted database whose disk fills up. Guards against
/// an answered check-in that is not there after a crash, a check-in answered with an error
/// that is there all the same (the door person sends the attendee back to a queue they were
/// already through, and the counts are off), an error that does not say why, a request that
/// hangs, reads that stop with the writes, and a server that does not start again (or
/// reports itself healthy) while the disk is still full.
#[test]
fn a_check_in_storm_on_a_disk_that_fills_loses_no_answered_write() {
    const ATTENDEES: usize = 2400;
    const THREADS: usize = 8;
    /// Check-ins answered before the disk is filled: the storm is under way.
    const BEFORE_FULL: usize = 200;
    /// How long the storm keeps hitting the full disk once it answers 507.
    const FULL_FOR: Duration = Duration::from_secs(2);
    /// Far longer than any answer should take; a request this slow is a hang.
    const HANG: Duration = Duration::from_secs(10);

    // The key on the ordinary disk, as the issue's set-up has it: a full database disk
    // must not cost the key.
    let keys = tempfile::tempdir().expect("tempdir");
    let key_file = keys.path().join("entrada.key");
    let mut disk = SmallDisk::start_with(8, &["--key-file", key_file.to_str().expect("utf-8")]);
    let mut header = [0_u8; 16];
    std::fs::File::open(disk.root.join("entrada.db"))
        .and_then(|mut f| f.read_exact(&mut header))
        .expect("read the database's first bytes");
    assert_ne!(
        &header, b"SQLite format 3\0",
        "the database is not encrypted"
    );
    let t = disk.token();
    let r = into_resp(
        disk.http
            .post(format!("{}/api/v2/events", disk.base))
            .bearer_auth(&t)
            .json(&json!({"item": {"name": "Storm"}}))
            .send()
            .expect("POST /api/v2/events"),
    );
    assert_eq!(r.status, 201, "create the event: {}", r.text);
    let event = r.item()["id"].as_i64().expect("event id");

    // Seeded with the CSV import (through the server's lock, as a person would), the
    // file off the tmpfs so that it takes none of its room.
    let csv = keys.path().join("attendees.csv");
    let mut rows = String::from("first_name,last_name,email\n");
    for n in 0..ATTENDEES {
        rows.push_str(&format!("Guest,Number {n},guest{n}@example.org\n"));
    }
    std::fs::write(&csv, rows).expect("write the CSV");
    let out = disk.cli(&[
        "import",
        "attendees",
        "--event",
        &event.to_string(),
        csv.to_str().expect("utf-8"),
    ]);
    assert!(
        out.status.success(),
        "import: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut ids = attendee_ids(&disk, &t, event, "");
    assert_eq!(ids.len(), ATTENDEES, "attendees after the import");
    // Checked in once space is back, to show the server recovers without a restart.
    let last = ids.pop().expect("an attendee");
    // Checked in after a restart on the full disk.
    let after_crash = ids.pop().expect("an attendee");

    // The storm: each thread checks in its own attendees, each one once, whatever the
    // answer (a retry after a 5xx would blur which answer a check-in came from).
    let answered_ok = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let full_seen = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let storm: Vec<_> = (0..THREADS)
        .map(|i| {
            let mine: Vec<i64> = ids.iter().copied().skip(i).step_by(THREADS).collect();
            let (http, base, t) = (disk.http.clone(), disk.base.clone(), t.clone());
            let (answered_ok, full_seen, stop) =
                (answered_ok.clone(), full_seen.clone(), stop.clone());
            std::thread::spawn(move || {
                use std::sync::atomic::Ordering::Relaxed;
                let mut answers = Vec::new();
                for attendee in mine {
                    if stop.load(Relaxed) {
                        break;
                    }
                    let sent = Instant::now();
                    let (status, text) = match http
                        .post(format!(
                            "{base}/api/v2/events/{event}/attendees/{attendee}/check_in"
                        ))
                        .bearer_auth(&t)
                        .header("x-device-name", format!("Door {i}"))
                        .send()
                    {
                        Ok(r) => (r.status().as_u16(), r.text().unwrap_or_default()),
                        Err(e) => (0, e.to_string()),
                    };
                    let took = sent.elapsed();
                    match status {
                        200 => {
                            answered_ok.fetch_add(1, Relaxed);
                        }
                        507 => {
                            full_seen.fetch_add(1, Relaxed);
                        }
                        _ => {}
                    }
                    let failed = status != 200;
                    answers.push(Answered {
                        attendee,
                        status,
                        text,
                        took,
                    });
                    if failed {
                        // As a door person would: try the next guest after a moment.
                        // Also keeps the full-disk phase from using up the attendees.
                        std::thread::sleep(Duration::from_millis(25));
                    }
                }
                answers
            })
        })
        .collect();

    use std::sync::atomic::Ordering::Relaxed;
    let began = Instant::now();
    while answered_ok.load(Relaxed) < BEFORE_FULL {
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "only {} check-ins answered 200 in 20 s before the disk was filled",
            answered_ok.load(Relaxed)
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let ok_before_fill = answered_ok.load(Relaxed);
    let size = |name: &str| std::fs::metadata(disk.root.join(name)).map_or(0, |m| m.len() / 1024);
    let (db_kib, wal_kib) = (size("entrada.db"), size("entrada.db-wal"));
    let filler = disk.root.join("filler");
    fill(&filler);
    let filled = Instant::now();
    let ok_at_fill = answered_ok.load(Relaxed);
    while full_seen.load(Relaxed) == 0 {
        assert!(
            filled.elapsed() < Duration::from_secs(20),
            "no check-in answered 507 within 20 s of the disk filling ({} answered 200 \
             since)",
            answered_ok.load(Relaxed) - ok_at_fill
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let first_507_after = filled.elapsed();
    let ok_after_fill = answered_ok.load(Relaxed) - ok_at_fill;
    // Reads go on while the disk is full and the writes fail around them.
    let full_since = Instant::now();
    let mut reads = 0;
    while full_since.elapsed() < FULL_FOR {
        for path in [
            format!("/api/v2/events/{event}/attendees/{}", ids[0]),
            format!("/api/v2/events/{event}/attendees?per_page=50&page=3"),
        ] {
            let r = into_resp(
                disk.http
                    .get(format!("{}{path}", disk.base))
                    .bearer_auth(&t)
                    .send()
                    .expect("a read on a full disk"),
            );
            assert_eq!(r.status, 200, "GET {path} on a full disk: {}", r.text);
            reads += 1;
        }
    }
    stop.store(true, Relaxed);
    let answers: Vec<Answered> = storm
        .into_iter()
        .flat_map(|h| h.join().expect("a storm thread"))
        .collect();

    let mut ok = std::collections::BTreeSet::new();
    let (mut full, mut other_5xx) = (0, 0);
    let mut slowest = Duration::ZERO;
    for a in &answers {
        slowest = slowest.max(a.took);
        assert!(
            a.took < HANG,
            "the check-in of {} took {:?} (status {}: {})",
            a.attendee,
            a.took,
            a.status,
            a.text
        );
        match a.status {
            200 => {
                ok.insert(a.attendee);
            }
            500..=599 => {
                let body: Value = serde_json::from_str(&a.text).unwrap_or_else(|e| {
                    panic!(
                        "the {} of the check-in of {} is not JSON ({e}): {}",
                        a.status, a.attendee, a.text
                    )
                });
                let message = body["error"].as_str().unwrap_or_default();
                assert!(
                    !message.is_empty(),
                    "the {} of the check-in of {} says no why: {}",
                    a.status,
                    a.attendee,
                    a.text
                );
                if a.status == 507 {
                    assert!(
                        message.starts_with("the disk is full"),
                        "the 507 of the check-in of {} says: {message}",
                        a.attendee
                    );
                    full += 1;
                } else {
                    other_5xx += 1;
                }
            }
            other => panic!(
                "the check-in of {} was answered {other} during the storm: {}",
                a.attendee, a.text
            ),
        }
    }
    eprintln!(
        "storm: {} check-ins, {} answered 200 ({ok_before_fill} before the disk was filled, \
         {ok_after_fill} between the fill and the first 507, {:?} later), {full} answered \
         507, {other_5xx} another 5xx; slowest answer {slowest:?}; {reads} reads on the full \
         disk, all 200; at the fill the database took {db_kib} KiB, its WAL {wal_kib} KiB",
        answers.len(),
        ok.len(),
        first_507_after,
    );
    assert!(full > 0, "no check-in answered 507");

    // A crash while the disk is still full: the server starts again, serves reads, and
    // answers a write 507 (or 200, if it fits after all).
    disk.restart(true);
    let r = into_resp(
        disk.http
            .get(format!(
                "{}/api/v2/events/{event}/attendees/{}",
                disk.base, ids[0]
            ))
            .bearer_auth(&t)
            .send()
            .expect("a read after a restart on the full disk"),
    );
    assert_eq!(
        r.status, 200,
        "a read after a restart on the full disk: {}",
        r.text
    );
    // The health check says so before any write fails (the WAL could not be folded in at
    // the start: the database file has no room to grow).
    let health = into_resp(
        disk.http
            .get(format!("{}/healthz", disk.base))
            .send()
            .expect("GET /healthz"),
    );
    assert_eq!(
        health.status, 507,
        "/healthz after a restart on the full disk: {}",
        health.text
    );
    let r = into_resp(
        disk.http
            .post(format!(
                "{}/api/v2/events/{event}/attendees/{after_crash}/check_in",
                disk.base
            ))
            .bearer_auth(&t)
            .send()
            .expect("a check-in after a restart on the full disk"),
    );
    match r.status {
        200 => {
            ok.insert(after_crash);
        }
        507 => assert!(r.error().starts_with("the disk is full"), "{}", r.text),
        other => panic!(
            "a check-in after a restart on the full disk answered {other}: {}",
            r.text
        ),
    }
    eprintln!(
        "after SIGKILL and a restart on the full disk, a check-in answered {}",
        r.status
    );

    // Space returns: the next check-in is answered without a restart.
    std::fs::remove_file(&filler).expect("remove the filler");
    let r = into_resp(
        disk.http
            .post(format!(
                "{}/api/v2/events/{event}/attendees/{last}/check_in",
                disk.base
            ))
            .bearer_auth(&t)
            .send()
            .expect("a check-in once space was freed"),
    );
    assert_eq!(r.status, 200, "a check-in once space was freed: {}", r.text);
    ok.insert(last);

    // Every check-in answered 200 is there, and no other: after a crash (SIGKILL: the WAL
    // as it was), then after a clean stop.
    for kill in [true, false] {
        disk.restart(kill);
        let how = if kill { "SIGKILL" } else { "a clean stop" };
        let checked_in: std::collections::BTreeSet<i64> =
            attendee_ids(&disk, &t, event, "&checkin_status=checked_in")
                .into_iter()
                .collect();
        let lost: Vec<_> = ok.difference(&checked_in).collect();
        let phantom: Vec<_> = checked_in.difference(&ok).collect();
        assert!(
            lost.is_empty() && phantom.is_empty(),
            "after {how} and a restart: {} of {} check-ins answered 200 are not there \
             ({lost:?}); {} answered otherwise are ({phantom:?})",
            lost.len(),
            ok.len(),
            phantom.len()
        );
        // Nor is the history of a check-in answered otherwise (it is written in the same
        // job): one record per check-in answered 200.
        let r = into_resp(
            disk.http
                .get(format!(
                    "{}/api/v2/events/{event}/check_ins?per_page=1",
                    disk.base
                ))
                .bearer_auth(&t)
                .send()
                .expect("GET the check-in history"),
        );
        assert_eq!(r.status, 200, "the history after {how}: {}", r.text);
        assert_eq!(
            r.json()["metadata"]["total_count"].as_u64(),
            Some(ok.len() as u64),
            "history records after {how}: {}",
            r.text
        );
        let health = into_resp(
            disk.http
                .get(format!("{}/healthz", disk.base))
                .send()
                .expect("GET /healthz"),
        );
        assert_eq!(health.status, 200, "/healthz after {how}: {}", health.text);
    }
    assert!(
        std::fs::metadata(&key_file).is_ok(),
        "the key file is still there"
    );
}

// ---------------------------------------------------------------------------------------
// 12. Foreign SQLite files

/// Guards against `serve` (or `doctor`) taking someone else's SQLite file given by
/// mistake and adding Entrada's tables to it and switching it to WAL, with no copy kept.
#[test]
fn serve_and_doctor_refuse_a_database_that_entrada_did_not_make() {
    let dir = tempfile::tempdir().expect("tempdir");
    let foreign = dir.path().join("foreign.db");
    {
        let conn = rusqlite::Connection::open(&foreign).expect("create foreign.db");
        conn.execute_batch(
            "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT);
             INSERT INTO notes VALUES (1, 'keep me');",
        )
        .expect("fill foreign.db");
    }
    let before = std::fs::read(&foreign).expect("read foreign.db");
    let wal = dir.path().join("foreign.db-wal");
    let unchanged = |by: &str| {
        assert_eq!(
            std::fs::read(&foreign).expect("read foreign.db"),
            before,
            "{by} changed foreign.db"
        );
        assert!(!wal.exists(), "{by} made foreign.db-wal");
    };

    let tried = try_serve(&foreign);
    assert!(
        tried.listening.is_none(),
        "serve started on someone else's database (at {:?})",
        tried.listening
    );
    assert!(!tried.status.success(), "{:?}", tried.status);
    assert!(
        tried.stderr.contains("not an Entrada database"),
        "serve's stderr says why: {}",
        tried.stderr
    );
    assert!(
        tried.elapsed < Duration::from_secs(10),
        "refused only after {:?}",
        tried.elapsed
    );
    unchanged("serve");

    let doctor = Command::new(BIN)
        .args(["doctor", "--db"])
        .arg(&foreign)
        .env_remove("ENTRADA_DB")
        .output()
        .expect("run entrada doctor");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&doctor.stdout),
        String::from_utf8_lossy(&doctor.stderr)
    );
    assert!(
        !doctor.status.success(),
        "doctor passed a foreign file: {said}"
    );
    assert!(
        said.contains("not an Entrada database"),
        "doctor says why: {said}"
    );
    unchanged("doctor");

    // An empty file and a new path are still a new database.
    let empty = dir.path().join("empty.db");
    std::fs::File::create(&empty).expect("create an empty file");
    for db in [empty, dir.path().join("new.db")] {
        let tried = try_serve(&db);
        assert!(
            tried.listening.is_some(),
            "serve refused {}: {}",
            db.display(),
            tried.stderr
        );
    }
}

// ---------------------------------------------------------------------------------------
// 13. Duplicate Host

/// Guards against a second `Host` header carrying a foreign name past the DNS-rebinding
/// check, which read only the first.
#[test]
fn a_request_with_two_host_headers_is_refused() {
    let s = Server::start();
    let mut tcp = TcpStream::connect(address(&s)).expect("connect");
    tcp.write_all(
        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example.com\r\n\
          Connection: close\r\n\r\n",
    )
    .expect("send");
    let answer = read_until_closed(&mut tcp, Duration::from_secs(10));
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
}

// ---------------------------------------------------------------------------------------
// 14. Slow clients

/// Guards against a client holding a connection (and the server's resources) forever by
/// sending its request headers one byte a second (slowloris).
#[test]
fn a_client_that_sends_its_headers_slowly_is_cut_off() {
    let s = Server::start();
    let (fed, at) = drip(
        &s,
        b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
        b"a",
        1,
        Duration::from_secs(15),
    );
    match fed {
        Fed::Closed => {}
        Fed::Answered(bytes) => {
            let text = String::from_utf8_lossy(&bytes);
            assert!(text.starts_with("HTTP/1.1 408"), "answered: {text}");
        }
        Fed::StillOpen => panic!("headers at a byte a second still open after {at:?}"),
    }
    assert!(at <= Duration::from_secs(15), "cut off only after {at:?}");
}

/// Guards against an import whose body trickles in at two bytes a second holding a
/// connection for ever (the import route has no overall time limit).
#[test]
fn an_import_body_that_trickles_in_is_cut_off() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Slow import");
    let head = format!(
        "POST /api/v2/events/{event}/imports/attendees HTTP/1.1\r\nHost: 127.0.0.1\r\n\
         Authorization: Bearer {t}\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n\r\n\
         first_name\n"
    );
    let (fed, at) = drip(&s, head.as_bytes(), b"a\n", 2, Duration::from_secs(25));
    match fed {
        Fed::Closed => {}
        Fed::Answered(bytes) => {
            let answer = RawAnswer::parse(&bytes).unwrap_or_else(|| {
                panic!("not an HTTP answer: {}", String::from_utf8_lossy(&bytes))
            });
            assert_eq!(
                answer.status,
                408,
                "{}",
                String::from_utf8_lossy(&answer.body)
            );
            let body = answer.json();
            assert!(body["error"].is_string(), "{body}");
        }
        Fed::StillOpen => panic!("a body at 2 bytes a second still open after {at:?}"),
    }
    assert!(at <= Duration::from_secs(25), "cut off only after {at:?}");
}

// ---------------------------------------------------------------------------------------
// 15. An over-limit import

/// Guards against an oversized import being answered in plain text, which the kiosk UI
/// (and any client of the spec, where every error is JSON) cannot show.
#[test]
fn an_import_over_the_size_limit_is_a_json_413() {
    let s = Server::start();
    let t = s.token("read write");
    let event = s.event(&t, "Big import");
    let length = entrada::transfer::import::MAX_FILE_BYTES + 1;
    let mut tcp = TcpStream::connect(address(&s)).expect("connect");
    let mut reader = tcp.try_clone().expect("clone the socket");
    // Read while writing: the server may answer (and close) before the body is sent.
    let answer =
        std::thread::spawn(move || read_until_closed(&mut reader, Duration::from_secs(120)));
    let head = format!(
        "POST /api/v2/events/{event}/imports/attendees HTTP/1.1\r\nHost: 127.0.0.1\r\n\
         Authorization: Bearer {t}\r\nContent-Type: text/csv\r\nContent-Length: {length}\r\n\
         Connection: close\r\n\r\nfirst_name\n"
    );
    let mut left = length - "first_name\n".len();
    let chunk = b"a\n".repeat(32 * 1024);
    if tcp.write_all(head.as_bytes()).is_ok() {
        while left > 0 {
            let n = left.min(chunk.len());
            if tcp.write_all(&chunk[..n]).is_err() {
                break;
            }
            left -= n;
        }
    }
    let _ = tcp.shutdown(Shutdown::Write);
    let bytes = answer.join().expect("reader thread");
    let answer = RawAnswer::parse(&bytes).unwrap_or_else(|| {
        panic!(
            "no HTTP answer to an import of {length} bytes: {}",
            String::from_utf8_lossy(&bytes)
        )
    });
    assert_eq!(
        answer.status,
        413,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    let content_type = answer.header("content-type").unwrap_or_default();
    assert!(
        content_type.starts_with("application/json"),
        "413 as {content_type:?}: {}",
        String::from_utf8_lossy(&answer.body)
    );
    let body = answer.json();
    assert!(body["error"].is_string(), "{body}");
}

// ---------------------------------------------------------------------------------------
// 16. Shutdown

/// Guards against a stopped server leaving its recent writes only in the `-wal` file (a
/// copy of the `.db` alone, as people make for backups, would miss them).
#[test]
fn a_clean_shutdown_folds_the_wal_into_the_database() {
    // Plain: the test opens the file with SQLite itself, as the sqlite3 shell would.
    let s = Server::start_with(&["--rate-limit", "0", "--no-encryption"]);
    let t = s.token("read write");
    let event = s.event(&t, "Busy day");
    for i in 0..300 {
        s.attendee(&t, event, json!({"first_name": format!("Guest {i}")}));
    }
    let db = s.db.clone();
    // Another program has the database open (a backup tool, the sqlite3 shell): SQLite's
    // own fold-on-last-close does not happen then, only an explicit checkpoint.
    let conn = rusqlite::Connection::open(&db).expect("open the database");
    let _: i64 = conn
        .query_row("SELECT COUNT(*) FROM events", [], |r| r.get(0))
        .expect("read while the server runs");
    let dir = s.stop_keeping_files();
    let wal = PathBuf::from(format!("{}-wal", db.display()));
    let wal_bytes = std::fs::metadata(&wal).map_or(0, |m| m.len());
    assert_eq!(
        wal_bytes,
        0,
        "after SIGTERM {} still holds {wal_bytes} bytes",
        wal.display()
    );
    let count: i64 = conn
        .query_row("SELECT COUNT(*) FROM attendees", [], |r| r.get(0))
        .expect("count attendees");
    assert_eq!(count, 300, "every attendee is in the database file");
    drop(conn);
    drop(dir);
}

// ---------------------------------------------------------------------------------------
// Beyond the list: the first-run set-up is a form a foreign page could post too

/// Guards against a web page the kiosk's browser opens setting up the first organiser
/// with a passphrase of its choosing (a `text/plain` post needs no CORS preflight).
#[test]
fn the_first_run_set_up_refuses_posts_from_other_sites() {
    let s = Server::start();
    let body = json!({"item": {"name": "Mallory", "email": "mallory@example.org",
        "password": "chosen-by-the-attacker"}});
    for headers in [
        [("origin", EVIL), ("content-type", "text/plain")],
        [
            ("sec-fetch-site", "cross-site"),
            ("content-type", "text/plain"),
        ],
        [("origin", "null"), ("content-type", "text/plain")],
    ] {
        let r = s.call_with(
            "POST",
            &format!("{}/kiosk/setup", s.base),
            None,
            &headers,
            Some(&body),
        );
        assert_eq!(r.status, 403, "{headers:?}: {}", r.text);
        assert!(r.error().contains("another web site"), "{}", r.text);
    }
    let state = s.call_root("GET", "/kiosk/setup", None, &[], None);
    assert_eq!(
        state.json()["needed"],
        true,
        "still no organiser: {}",
        state.text
    );
    // The kiosk's own page (same origin) still sets up.
    let own = s.base.clone();
    let r = s.call_with(
        "POST",
        &format!("{}/kiosk/setup", s.base),
        None,
        &[("origin", own.as_str()), ("sec-fetch-site", "same-origin")],
        Some(
            &json!({"item": {"name": "Olga", "email": "olga@example.org",
            "password": "a-long-passphrase-1"}}),
        ),
    );
    assert_eq!(r.status, 201, "{}", r.text);
}

// ---------------------------------------------------------------------------------------
// Hardening II (issue 36)

/// A call under the server's root with a personal token acting in `account`.
fn in_account(
    s: &Server,
    method: &str,
    path: &str,
    token: &str,
    account: i64,
    body: Option<Value>,
) -> Resp {
    let account = account.to_string();
    s.call_root(
        method,
        path,
        Some(token),
        &[("X-Account-Id", account.as_str())],
        body.as_ref(),
    )
}

/// Whether `email` with `password` signs in through the kiosk's sign-in form.
fn signs_in(s: &Server, email: &str, password: &str) -> bool {
    let form = sign_in_form(s);
    let mut fields = kiosk_authorize_params();
    fields.push(("csrf_token".to_owned(), form.csrf.clone()));
    fields.push(("email".to_owned(), email.to_owned()));
    fields.push(("password".to_owned(), password.to_owned()));
    let mut req = no_redirects()
        .post(format!("{}/oauth/authorize", s.base))
        .form(&fields);
    if let Some(cookie) = &form.cookie {
        req = req.header("cookie", cookie.as_str());
    }
    let r = into_resp(req.send().expect("POST /oauth/authorize"));
    r.status == 303 && r.header("location").is_some_and(|l| l.contains("code="))
}

const ALICE: &str = "alice@two.example";
const ALICE_OWN: &str = "alice-own-passphrase-2";
const MALLORY: &str = "mallory@one.example";
const MALLORY_OWN: &str = "mallory-passphrase-1";
const DORA: &str = "dora@one.example";
const DORA_OWN: &str = "dora-passphrase-1";

/// An organiser ([`MALLORY`]) and a door person ([`DORA`]) of the default account; the
/// organiser's personal token.
fn organiser_and_door_person(s: &Server) -> String {
    s.create_user(MALLORY, "organiser", DEFAULT_ACCOUNT, MALLORY_OWN);
    s.create_user(DORA, "door", DEFAULT_ACCOUNT, DORA_OWN);
    s.personal_token(MALLORY, MALLORY_OWN)
}

/// Guards against an organiser of one account taking over a person of another through
/// the Staff routes (adding their email, then resetting their passphrase), and against
/// staff changes in one account reaching the person's other accounts (issue 36, 1 and 2).
#[test]
fn an_organiser_of_one_account_cannot_take_over_or_change_a_person_of_another() {
    let s = Server::start();
    let two = s.create_account("Two");
    s.create_user(ALICE, "organiser", two, ALICE_OWN);
    s.create_user(MALLORY, "organiser", DEFAULT_ACCOUNT, MALLORY_OWN);
    let alice = s.personal_token(ALICE, ALICE_OWN);
    let mallory = s.personal_token(MALLORY, MALLORY_OWN);
    let alice_id = in_account(&s, "GET", "/api/v2/me", &alice, two, None).item()["id"]
        .as_i64()
        .expect("id");

    // Adding Alice's email answers as adding a new person does: nothing tells them apart.
    let add = |email: &str, name: &str| {
        in_account(
            &s,
            "POST",
            "/kiosk/staff",
            &mallory,
            DEFAULT_ACCOUNT,
            Some(json!({"item": {"name": name, "email": email, "role": "door"}})),
        )
    };
    let fresh = add("newcomer@one.example", "New Comer");
    let invited = add(ALICE, "Al");
    assert_eq!(fresh.status, 201, "{}", fresh.text);
    assert_eq!(invited.status, 201, "{}", invited.text);
    let (fresh, invited) = (fresh.item(), invited.item());
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().expect("object").keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&fresh), keys(&invited));
    for member in [&fresh, &invited] {
        assert!(member["temporary_password"].is_string(), "{member}");
        assert_eq!(member["last_sign_in_at"], Value::Null, "{member}");
        assert_eq!(member["disabled"], false, "{member}");
    }
    assert_eq!(invited["name"], "Al", "the name the adder typed: {invited}");
    let handed = invited["temporary_password"]
        .as_str()
        .expect("passphrase")
        .to_owned();
    assert!(
        !signs_in(&s, ALICE, &handed),
        "an invitation signs nobody in"
    );

    // A reset of the invited person gives the adder nothing either.
    let reset_alice = || {
        in_account(
            &s,
            "POST",
            &format!("/kiosk/staff/{alice_id}/password"),
            &mallory,
            DEFAULT_ACCOUNT,
            None,
        )
    };
    let reset = reset_alice();
    assert_eq!(reset.status, 200, "{}", reset.text);
    let reset_to = reset.item()["temporary_password"]
        .as_str()
        .expect("passphrase")
        .to_owned();
    assert!(!signs_in(&s, ALICE, &reset_to));
    assert!(signs_in(&s, ALICE, ALICE_OWN), "Alice keeps her passphrase");
    assert_eq!(
        in_account(&s, "GET", "/api/v2/events", &alice, two, None).status,
        200,
        "Alice's sign-in still works"
    );
    assert_eq!(
        in_account(&s, "GET", "/api/v2/events", &mallory, two, None).status,
        403,
        "Mallory has no way into account 2"
    );
    // Until Alice accepts, the invitation gives her no role in account 1.
    assert_eq!(
        in_account(&s, "GET", "/api/v2/events", &alice, DEFAULT_ACCOUNT, None).status,
        403
    );
    let me = in_account(&s, "GET", "/api/v2/me", &alice, two, None).item();
    assert_eq!(me["accounts"].as_array().map(Vec::len), Some(1), "{me}");
    assert_eq!(me["invitations"][0]["account_id"], DEFAULT_ACCOUNT, "{me}");
    let accepted = s.call_root(
        "POST",
        &format!("/api/v2/me/invitations/{DEFAULT_ACCOUNT}"),
        Some(&alice),
        &[],
        None,
    );
    assert_eq!(accepted.status, 200, "{}", accepted.text);
    assert_eq!(
        accepted.item()["accounts"].as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(
        in_account(&s, "GET", "/api/v2/events", &alice, DEFAULT_ACCOUNT, None).status,
        200
    );

    // Now that Alice works in both accounts, account 1 may not reset her passphrase.
    let reset = reset_alice();
    assert_eq!(reset.status, 403, "{}", reset.text);
    assert!(reset.text.find("temporary_password").is_none());
    assert!(signs_in(&s, ALICE, ALICE_OWN));

    // Disabling and renaming her in account 1 stays in account 1.
    let changed = in_account(
        &s,
        "PATCH",
        &format!("/kiosk/staff/{alice_id}"),
        &mallory,
        DEFAULT_ACCOUNT,
        Some(json!({"item": {"disabled": true, "name": "Evil"}})),
    );
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert_eq!(changed.item()["disabled"], true);
    assert_eq!(
        in_account(&s, "GET", "/api/v2/events", &alice, DEFAULT_ACCOUNT, None).status,
        403,
        "disabled in account 1"
    );
    // In account 2 she is still its (only) organiser, by her own name, enabled.
    let staff_two = in_account(&s, "GET", "/kiosk/staff", &alice, two, None);
    assert_eq!(staff_two.status, 200, "{}", staff_two.text);
    let listed = &staff_two.json()["items"][0];
    assert_eq!(listed["id"], alice_id);
    assert_eq!(listed["disabled"], false, "{listed}");
    assert_eq!(listed["name"], "Test Person", "{listed}");
    let me = in_account(&s, "GET", "/api/v2/me", &alice, two, None).item();
    assert_eq!(me["name"], "Test Person");
    // And account 2's last-organiser rule still holds for account 2.
    let step_down = in_account(
        &s,
        "PATCH",
        &format!("/kiosk/staff/{alice_id}"),
        &alice,
        two,
        Some(json!({"item": {"disabled": true}})),
    );
    assert_eq!(step_down.status, 422, "{}", step_down.text);
}

/// A one-shot HTTP listener that records every request it gets until told to stop: a
/// server an attacker chose, to see what the kiosk sends it.
struct Catcher {
    port: u16,
    seen: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Catcher {
    fn start() -> Catcher {
        use std::sync::atomic::{AtomicBool, Ordering};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let port = listener.local_addr().expect("addr").port();
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let (seen2, stop2) = (seen.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            while !stop2.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((mut tcp, _)) => {
                        tcp.set_nonblocking(false).expect("blocking");
                        let got = read_until_closed_or_request(&mut tcp);
                        seen2.lock().expect("lock").extend_from_slice(&got);
                        let _ = tcp.write_all(
                            b"HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{}",
                        );
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Catcher {
            port,
            seen,
            stop,
            thread: Some(thread),
        }
    }

    /// Everything received, once the listener has stopped.
    fn finish(mut self) -> String {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            t.join().expect("catcher");
        }
        let seen = self.seen.lock().expect("lock").clone();
        String::from_utf8_lossy(&seen).into_owned()
    }
}

/// One request's head and body (as far as `content-length` says), or what came before
/// the client stopped sending.
fn read_until_closed_or_request(tcp: &mut TcpStream) -> Vec<u8> {
    tcp.set_read_timeout(Some(Duration::from_secs(2)))
        .expect("timeout");
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        if let Some(end) = out.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&out[..end]).to_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if out.len() >= end + 4 + length {
                return out;
            }
        }
        match tcp.read(&mut buf) {
            Ok(0) | Err(_) => return out,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
}

/// Whether a request log holds `secret` in any form it could travel in (plain, form
/// encoded, or inside HTTP Basic).
fn holds_secret(log: &str, client_id: &str, secret: &str) -> bool {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{client_id}:{secret}"));
    log.contains(secret) || log.contains(&secret.replace(' ', "+")) || log.contains(&basic)
}

/// Guards against the stored sync secret leaving for a server of a `write` token's
/// choosing, through the connection test or by moving the configured addresses (issue
/// 36, 3): sync settings and their test are for organisers, and a secret is sent only to
/// the addresses it was stored for.
#[test]
fn the_sync_secret_goes_only_to_its_own_addresses_and_only_organisers_set_it() {
    let s = Server::start_with(&["--sync-interval", "0"]);
    s.create_user(MALLORY, "organiser", DEFAULT_ACCOUNT, MALLORY_OWN);
    let organiser = s.personal_token(MALLORY, MALLORY_OWN);
    let machine = s.token("read write");
    const SECRET: &str = "the stored sync secret";
    let config = |root: &str, secret: Option<&str>| {
        let mut item = json!({
            "base_url": format!("{root}/api/v2"),
            "auth_url": root,
            "client_id": "kiosk-1",
            "events": [4],
        });
        if let Some(secret) = secret {
            item["client_secret"] = json!(secret);
        }
        json!({ "item": item })
    };
    let stored = in_account(
        &s,
        "PUT",
        "/kiosk/sync/config",
        &organiser,
        DEFAULT_ACCOUNT,
        Some(config("http://127.0.0.1:9", Some(SECRET))),
    );
    assert_eq!(stored.status, 200, "{}", stored.text);

    // Client credentials, even with write, neither read, change nor test the settings.
    for (method, path, body) in [
        ("GET", "/kiosk/sync/config", None),
        (
            "PUT",
            "/kiosk/sync/config",
            Some(config("http://127.0.0.1:9", None)),
        ),
        (
            "POST",
            "/kiosk/sync/test",
            Some(config("http://127.0.0.1:9", None)),
        ),
    ] {
        let r = s.call_root(method, path, Some(&machine), &[], body.as_ref());
        assert_eq!(r.status, 403, "{method} {path}: {}", r.text);
    }

    // The connection test with other addresses and no secret: the stored one stays home.
    let catcher = Catcher::start();
    let elsewhere = format!("http://127.0.0.1:{}", catcher.port);
    let mut probe = config(&elsewhere, None);
    probe["item"]
        .as_object_mut()
        .expect("object")
        .remove("events");
    let tested = in_account(
        &s,
        "POST",
        "/kiosk/sync/test",
        &organiser,
        DEFAULT_ACCOUNT,
        Some(probe),
    );
    assert_eq!(tested.status, 200, "{}", tested.text);
    // (Without a secret the test may stop before it calls; with the old code the stored
    // secret went there.)
    let log = catcher.finish();
    assert!(!holds_secret(&log, "kiosk-1", SECRET), "{log}");

    // Moving the addresses without the secret drops it; the next round sends none.
    let catcher = Catcher::start();
    let elsewhere = format!("http://127.0.0.1:{}", catcher.port);
    let moved = in_account(
        &s,
        "PUT",
        "/kiosk/sync/config",
        &organiser,
        DEFAULT_ACCOUNT,
        Some(config(&elsewhere, None)),
    );
    assert_eq!(moved.status, 200, "{}", moved.text);
    assert_eq!(moved.json()["client_secret_set"], false, "{}", moved.text);
    let round = in_account(
        &s,
        "POST",
        "/kiosk/sync/run",
        &organiser,
        DEFAULT_ACCOUNT,
        None,
    );
    assert_eq!(round.status, 200, "{}", round.text);
    assert!(
        round.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("no client secret")),
        "{}",
        round.text
    );
    let log = catcher.finish();
    assert!(!holds_secret(&log, "kiosk-1", SECRET), "{log}");
}

/// Guards against door staff and door devices downloading the attendee and check-in
/// exports (issue 36, 10): exports are for organisers.
#[test]
fn exports_are_for_organisers_only() {
    let s = Server::start();
    let organiser = organiser_and_door_person(&s);
    let door_person = s.personal_token(DORA, DORA_OWN);
    let door_device = s.token("read check_in");
    let event = in_account(
        &s,
        "POST",
        "/api/v2/events",
        &organiser,
        DEFAULT_ACCOUNT,
        Some(json!({"item": {"name": "Expo"}})),
    )
    .item()["id"]
        .as_i64()
        .expect("event id");
    for export in ["attendees.csv", "check_ins.csv"] {
        let path = format!("/api/v2/events/{event}/exports/{export}");
        let by_person = in_account(&s, "GET", &path, &door_person, DEFAULT_ACCOUNT, None);
        assert_eq!(by_person.status, 403, "{export}: {}", by_person.text);
        let by_device = s.call_root("GET", &path, Some(&door_device), &[], None);
        assert_eq!(by_device.status, 403, "{export}: {}", by_device.text);
        let by_organiser = in_account(&s, "GET", &path, &organiser, DEFAULT_ACCOUNT, None);
        assert_eq!(by_organiser.status, 200, "{export}: {}", by_organiser.text);
    }
}

/// Guards against a joined kiosk's credentials (which travel the venue's network and sit
/// on a door's machine) doing an organiser's work on the hub (issue 36, 6): they check
/// in, scan and push walk-ins and edits; events, exports, imports, erasure, the hub's
/// upstream sync settings and the demo are refused.
#[test]
fn a_joined_kiosks_credentials_do_a_doors_work_on_the_hub_and_nothing_more() {
    use common::hub::start_hub;
    let hub = start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    let event = hub.server.event(&token, "Conference");
    let ada = hub.server.attendee(
        &token,
        event,
        json!({"first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.org"}),
    );
    let ada_id = common::id_of(&ada);
    let organiser = hub.server.organiser_token();
    let card = hub.card(&organiser);
    let code =
        entrada::hub::pairing::Code::parse(card["code"].as_str().expect("code")).expect("a code");
    let proof = hex::encode(entrada::hub::pairing::enrol_proof(
        &code.key().expect("key"),
        &hub.fingerprint,
    ));
    let pinned = hub_client(&hub, "127.0.0.4");
    let rt = runtime();
    let call = |method: &str, path: &str, bearer: Option<&str>, body: Option<Value>| {
        rt.block_on(async {
            let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
            let mut req = pinned.request(method, format!("{}{path}", hub.https));
            if let Some(t) = bearer {
                req = req.bearer_auth(t);
            }
            if let Some(b) = &body {
                req = req.json(b);
            }
            let r = req.send().await.expect("request");
            let status = r.status().as_u16();
            (status, r.text().await.unwrap_or_default())
        })
    };
    let (status, text) = call(
        "POST",
        "/api/v2/kiosk/hub/enrol",
        None,
        Some(json!({"item": {"device_name": "Door B", "door": "Door B", "proof": proof}})),
    );
    assert_eq!(status, 201, "{text}");
    let enrolled: Value = serde_json::from_str(&text).expect("json");
    let (id, secret) = (
        enrolled["client_id"]
            .as_str()
            .expect("client_id")
            .to_owned(),
        enrolled["client_secret"]
            .as_str()
            .expect("client_secret")
            .to_owned(),
    );
    let device = rt.block_on(async {
        let r = pinned
            .post(format!("{}/oauth/token", hub.https))
            .form(&[
                ("grant_type", "client_credentials"),
                ("client_id", id.as_str()),
                ("client_secret", secret.as_str()),
                ("scope", "read write"),
            ])
            .send()
            .await
            .expect("token");
        let v: Value = r.json().await.expect("json");
        v["access_token"].as_str().expect("access_token").to_owned()
    });
    let d = Some(device.as_str());

    // A door's work and what its sync pushes.
    let allowed: Vec<(&str, String, Option<Value>)> = vec![
        ("GET", format!("/api/v2/events/{event}/attendees"), None),
        (
            "POST",
            format!("/api/v2/events/{event}/attendees"),
            Some(json!({"item": {"first_name": "Walk", "last_name": "In"}})),
        ),
        (
            "PATCH",
            format!("/api/v2/events/{event}/attendees/{ada_id}"),
            Some(json!({"item": {"last_name": "King"}})),
        ),
        (
            "POST",
            format!("/api/v2/events/{event}/attendees/{ada_id}/check_in"),
            None,
        ),
        (
            "POST",
            "/api/v2/kiosk/hub/report".to_owned(),
            Some(json!({"item": {"pending": 0}})),
        ),
    ];
    for (method, path, body) in allowed {
        let (status, text) = call(method, &path, d, body);
        assert!(status < 300, "{method} {path}: {status} {text}");
    }
    // Nothing of an organiser's.
    let refused: Vec<(&str, String, Option<Value>)> = vec![
        (
            "GET",
            format!("/api/v2/events/{event}/exports/attendees.csv"),
            None,
        ),
        (
            "GET",
            format!("/api/v2/events/{event}/exports/check_ins.csv"),
            None,
        ),
        (
            "DELETE",
            format!("/api/v2/events/{event}/attendees/{ada_id}"),
            None,
        ),
        (
            "POST",
            "/api/v2/events".to_owned(),
            Some(json!({"item": {"name": "Mine"}})),
        ),
        (
            "PATCH",
            format!("/api/v2/events/{event}"),
            Some(json!({"item": {"name": "Renamed"}})),
        ),
        (
            "POST",
            format!("/api/v2/events/{event}/attendee_fields"),
            Some(json!({"item": {"label": "x", "type": "text"}})),
        ),
        ("GET", "/api/v2/kiosk/sync/config".to_owned(), None),
        (
            "PUT",
            "/api/v2/kiosk/sync/config".to_owned(),
            Some(json!({"item": {"base_url": "https://evil.example/api/v2",
                "auth_url": "https://evil.example", "client_id": "x", "events": [1]}})),
        ),
        ("POST", "/api/v2/kiosk/demo".to_owned(), None),
        ("DELETE", "/api/v2/kiosk/demo".to_owned(), None),
    ];
    for (method, path, body) in refused {
        let (status, text) = call(method, &path, d, body);
        assert_eq!(status, 403, "{method} {path}: {text}");
    }
    let import = rt.block_on(async {
        pinned
            .post(format!(
                "{}/api/v2/events/{event}/imports/attendees",
                hub.https
            ))
            .bearer_auth(&device)
            .header("content-type", "text/csv")
            .body("first_name,last_name\nEve,Intruder\n")
            .send()
            .await
            .expect("import")
            .status()
            .as_u16()
    });
    assert_eq!(import, 403);
    // Ada is still there, under the name the door's edit gave her.
    let still = hub.server.fetch_attendee(&token, event, ada_id);
    assert_eq!(still["last_name"], "King");
}

/// Opens the event's check-in stream with `token` (and `X-Account-Id` for a personal
/// token), asserting 200.
fn open_stream(
    s: &Server,
    token: &str,
    account: Option<i64>,
    event: i64,
) -> reqwest::blocking::Response {
    let client = Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("client");
    let mut req = client
        .get(format!("{}/events/{event}/check_ins/stream", s.api))
        .bearer_auth(token);
    if let Some(account) = account {
        req = req.header("X-Account-Id", account.to_string());
    }
    let r = req.send().expect("open the stream");
    assert_eq!(r.status().as_u16(), 200);
    r
}

/// How long after `since` the stream ended (its body reached its end or broke off);
/// panics when it is still open after `limit`.
fn ended_after(
    mut stream: reqwest::blocking::Response,
    since: Instant,
    limit: Duration,
) -> Duration {
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return since.elapsed(),
            Ok(_) => assert!(
                since.elapsed() < limit,
                "the stream still delivers after {limit:?}"
            ),
        }
    }
}

/// Guards against a check-in stream that keeps delivering attendees' details after its
/// token lost its right (issue 36, 4): revoked by the CLI or `/oauth/revoke`, expired,
/// or its person disabled. Each ends within a second (the figure is printed).
#[test]
fn open_streams_end_when_their_token_loses_its_right() {
    let s = Server::start_with(&["--token-ttl", "3"]);
    let organiser = organiser_and_door_person(&s);
    let (id, secret) = s.create_client("read write");
    let writer = s.token_for(&id, &secret, "read write");
    let event = s.event(&writer, "Streamed");
    // Past this, a stream that has not ended fails the test.
    let limit = Duration::from_secs(5);

    // A machine client revoked with `entrada clients revoke`.
    let (reader_id, reader_secret) = s.create_client("read");
    let reader = s.token_for(&reader_id, &reader_secret, "read");
    let stream = open_stream(&s, &reader, None, event);
    let since = Instant::now();
    let out = s.cli(&["clients", "revoke", &reader_id]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let took = ended_after(stream, since, limit);
    println!("clients revoke: the stream ended after {took:?}");
    assert!(took < Duration::from_millis(1500), "{took:?}");

    // A door person disabled by the organiser.
    let dora = s.personal_token(DORA, DORA_OWN);
    let dora_id = in_account(&s, "GET", "/api/v2/me", &dora, DEFAULT_ACCOUNT, None).item()["id"]
        .as_i64()
        .expect("id");
    let stream = open_stream(&s, &dora, Some(DEFAULT_ACCOUNT), event);
    let since = Instant::now();
    let disabled = in_account(
        &s,
        "PATCH",
        &format!("/kiosk/staff/{dora_id}"),
        &organiser,
        DEFAULT_ACCOUNT,
        Some(json!({"item": {"disabled": true}})),
    );
    assert_eq!(disabled.status, 200, "{}", disabled.text);
    let took = ended_after(stream, since, limit);
    println!("disabled person: the stream ended after {took:?}");
    assert!(took < Duration::from_millis(1500), "{took:?}");

    // A personal token revoked at /oauth/revoke.
    let own = s.personal_token(MALLORY, MALLORY_OWN);
    let stream = open_stream(&s, &own, Some(DEFAULT_ACCOUNT), event);
    let since = Instant::now();
    let revoked = into_resp(
        s.http
            .post(format!("{}/oauth/revoke", s.base))
            .form(&[("client_id", KIOSK), ("token", own.as_str())])
            .send()
            .expect("POST /oauth/revoke"),
    );
    assert_eq!(revoked.status, 200, "{}", revoked.text);
    let took = ended_after(stream, since, limit);
    println!("/oauth/revoke: the stream ended after {took:?}");
    assert!(took < Duration::from_millis(1500), "{took:?}");

    // A token that expires (3 s here).
    let short = s.token_for(&id, &secret, "read");
    let stream = open_stream(&s, &short, None, event);
    let since = Instant::now();
    let took = ended_after(stream, since, Duration::from_secs(10));
    println!("expiry after 3 s: the stream ended after {took:?}");
    assert!(took < Duration::from_millis(4500), "{took:?}");
}

/// A runtime for the async clients of the hub's HTTPS listener.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

/// A client of the hub's HTTPS listener that pins its certificate, sending from `from`
/// (any 127.x address reaches a hub bound to 127.0.0.1: a device of its own to the hub).
fn hub_client(hub: &common::hub::Hub, from: &str) -> reqwest::Client {
    let fingerprint: [u8; 32] = hex::decode(&hub.fingerprint)
        .expect("hex")
        .try_into()
        .expect("32 bytes");
    let (builder, _) = entrada::hub::tls::pinned_builder(entrada::hub::tls::Pin::Full(fingerprint))
        .expect("client");
    builder
        .local_address(from.parse::<std::net::IpAddr>().expect("address"))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
}

/// Guards against a device on the venue's network locking the hub's organiser out with
/// wrong passwords (issue 36, 5): the LAN listener serves no sign-in page and no set-up,
/// and the kiosk's own sign-in keeps working.
#[test]
fn the_hubs_lan_listener_serves_no_sign_in_and_cannot_lock_the_organiser_out() {
    let hub = common::hub::start_hub("Hall A", "127.0.0.1:0");
    hub.server
        .create_user(ORGANISER, "organiser", DEFAULT_ACCOUNT, PASSPHRASE);
    let lan = hub_client(&hub, "127.0.0.3");
    let rt = runtime();
    let params = kiosk_authorize_params();
    let statuses: Vec<u16> = rt.block_on(async {
        let mut statuses = Vec::new();
        let page = lan
            .get(format!("{}/oauth/authorize", hub.https))
            .query(&params)
            .send()
            .await
            .expect("GET");
        statuses.push(page.status().as_u16());
        for _ in 0..6 {
            let mut form = params.clone();
            form.push(("email".into(), ORGANISER.into()));
            form.push(("password".into(), "wrong-wrong-wrong".into()));
            let r = lan
                .post(format!("{}/oauth/authorize", hub.https))
                .form(&form)
                .send()
                .await
                .expect("POST");
            statuses.push(r.status().as_u16());
        }
        let setup = lan
            .post(format!("{}/api/v2/kiosk/setup", hub.https))
            .json(&json!({"item": {"name": "X", "email": "x@example.org", "password": "0123456789ab"}}))
            .send()
            .await
            .expect("setup");
        statuses.push(setup.status().as_u16());
        statuses
    });
    assert!(statuses.iter().all(|s| *s == 404), "{statuses:?}");
    assert!(
        signs_in(&hub.server, ORGANISER, PASSPHRASE),
        "the organiser still signs in at the hub's own screen"
    );
}

/// Guards against pairing being denied from the LAN (issue 36, 7): wrong proofs from
/// several addresses wait per address and never void the code another kiosk is about to
/// use.
#[test]
fn wrong_pairing_proofs_from_other_addresses_do_not_void_a_kiosks_code() {
    let hub = common::hub::start_hub("Hall A", "127.0.0.1:0");
    let token = hub.server.token("read write");
    hub.server.event(&token, "Conference");
    let organiser = hub.server.organiser_token();
    let card = hub.card(&organiser);
    let rt = runtime();
    let enrol = |client: &reqwest::Client, proof: String| {
        rt.block_on(async {
            client
                .post(format!("{}/api/v2/kiosk/hub/enrol", hub.https))
                .json(&json!({"item": {"device_name": "guess", "proof": proof}}))
                .send()
                .await
                .expect("enrol")
                .status()
                .as_u16()
        })
    };
    // 24 wrong proofs from four addresses: each address waits after its fifth.
    for n in 0..4u8 {
        let attacker = hub_client(&hub, &format!("127.0.0.{}", 10 + n));
        let statuses: Vec<u16> = (0..6u8)
            .map(|i| enrol(&attacker, hex::encode([n * 16 + i; 32])))
            .collect();
        assert_eq!(statuses, [401, 401, 401, 401, 401, 429], "address {n}");
    }
    // The kiosk at its own address still joins with the card's code.
    let code =
        entrada::hub::pairing::Code::parse(card["code"].as_str().expect("code")).expect("code");
    let proof = hex::encode(entrada::hub::pairing::enrol_proof(
        &code.key().expect("key"),
        &hub.fingerprint,
    ));
    let kiosk = hub_client(&hub, "127.0.0.2");
    assert_eq!(enrol(&kiosk, proof), 201);
}

/// A plain Entrada database (made by `serve --no-encryption`), closed: the source of the
/// doctored backups below.
fn plain_entrada_file(dir: &Path) -> PathBuf {
    let s = Server::start_with(&["--no-encryption"]);
    let t = s.token("read write");
    s.event(&t, "Backed up");
    let files = s.stop_keeping_files();
    let copy = dir.join("plain.db");
    std::fs::copy(files.path().join("entrada.db"), &copy).expect("copy");
    copy
}

/// Guards against `entrada restore` replacing the database with a file `serve` would then
/// refuse, or with one carrying someone's trigger (issue 36, 8): the backup is checked as
/// `serve` opens it before anything is replaced.
#[test]
fn restore_refuses_files_that_serve_would_not_open_and_replaces_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let good = plain_entrada_file(dir.path());
    let doctored = |name: &str, sql: &str| {
        let path = dir.path().join(name);
        std::fs::copy(&good, &path).expect("copy");
        let conn = rusqlite::Connection::open(&path).expect("open");
        conn.execute_batch(sql).expect("doctor");
        path
    };
    let only_attendees = dir.path().join("only-attendees.db");
    rusqlite::Connection::open(&only_attendees)
        .expect("open")
        .execute_batch("CREATE TABLE attendees (id INTEGER PRIMARY KEY, name TEXT);")
        .expect("table");
    let newer = doctored("newer.db", "PRAGMA user_version = 999;");
    let trigger = doctored(
        "trigger.db",
        "CREATE TRIGGER steal AFTER INSERT ON attendees BEGIN
             UPDATE attendees SET email = 'evil@example.com' WHERE id = NEW.id;
         END;",
    );
    let extra_table = doctored("extra.db", "CREATE TABLE notes (x TEXT);");

    // The kiosk's own database, as it is before each refused restore.
    let s = Server::start();
    let t = s.token("read write");
    s.event(&t, "Mine");
    let db = s.db.clone();
    let files = s.stop_keeping_files();
    let before = std::fs::read(&db).expect("read");
    for bad in [&only_attendees, &newer, &trigger, &extra_table] {
        let out = Command::new(BIN)
            .args(["restore", "--from"])
            .arg(bad)
            .arg("--db")
            .arg(&db)
            .env_remove("ENTRADA_DB")
            .output()
            .expect("restore");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{} restored: {said}", bad.display());
        assert!(said.contains("nothing was restored"), "{said}");
        assert!(std::fs::read(&db).expect("read") == before, "untouched");
    }
    // The sound one restores, and serve opens it.
    let out = Command::new(BIN)
        .args(["restore", "--from"])
        .arg(&good)
        .arg("--db")
        .arg(&db)
        .env_remove("ENTRADA_DB")
        .output()
        .expect("restore");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = Server::start_in(files, &[]);
    let t = s.token("read");
    let names: Vec<String> = s.get("/events", &t).json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|e| e["name"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(names, ["Backed up"]);
}

/// The TCP state (`/proc/net/tcp`'s `st`, `01` established) of this machine's socket with
/// local port `port`, if it is still there.
fn tcp_state(port: u16) -> Option<String> {
    let table = std::fs::read_to_string("/proc/net/tcp").ok()?;
    let wanted = format!(":{port:04X}");
    table.lines().skip(1).find_map(|line| {
        let cols: Vec<&str> = line.split_whitespace().collect();
        (cols.len() > 3 && cols[1].ends_with(&wanted)).then(|| cols[3].to_owned())
    })
}

/// Guards against stream listeners that never read pinning the kernel's memory (issue
/// 36, 9): a listener whose socket has not drained for 15 s is dropped, with a reset
/// that frees what the kernel held for it.
#[test]
fn a_stream_listener_that_never_reads_is_dropped() {
    let s = Server::start_with(&["--rate-limit", "0"]);
    let t = s.token("read write check_in");
    let event = s.event(&t, "Never read");
    let long = "Ωmega-Łukasz-Ærøskøbing-".repeat(8);
    let people: Vec<i64> = (0..5)
        .map(|i| {
            common::id_of(&s.attendee(
                &t,
                event,
                json!({"first_name": format!("{long}{i}"), "last_name": long,
                       "company": long, "job_title": long}),
            ))
        })
        .collect();
    // A listener with the smallest receive buffer the kernel allows, that never reads.
    let socket =
        socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("socket");
    socket.set_recv_buffer_size(4096).expect("rcvbuf");
    let addr: std::net::SocketAddr = address(&s).parse().expect("address");
    socket.connect(&addr.into()).expect("connect");
    let mut tcp: TcpStream = socket.into();
    let port = tcp.local_addr().expect("local").port();
    write!(
        tcp,
        "GET /api/v2/events/{event}/check_ins/stream HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {t}\r\n\r\n",
        address(&s)
    )
    .expect("request");
    // Records far beyond what the socket's buffers and hyper's hold.
    for round in 0..300 {
        for id in &people {
            let action = if round % 2 == 0 { "POST" } else { "DELETE" };
            let r = s.call(
                action,
                &format!("/events/{event}/attendees/{id}/check_in"),
                Some(&t),
                None,
            );
            assert!(r.status < 300, "{}", r.text);
        }
    }
    assert_eq!(tcp_state(port).as_deref(), Some("01"), "still connected");
    let since = Instant::now();
    while tcp_state(port).as_deref() == Some("01") {
        assert!(
            since.elapsed() < Duration::from_secs(60),
            "a listener that never reads is still connected after a minute"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    println!("dropped {:?} after the last record", since.elapsed());
    // The server goes on serving.
    assert_eq!(s.get("/events", &t).status, 200);
}

/// Guards against a kept-alive connection closed with no answer after a 429 on
/// `/oauth/*` (issue 36, 11): every request on it gets its answer, and one that
/// cannot be kept says `Connection: close` first.
#[test]
fn every_oauth_request_on_a_kept_alive_connection_gets_its_answer() {
    let s = Server::start();
    // `/oauth/revoke` shares `/oauth/token`'s limiter and refuses an unknown client
    // without argon2's work, so the limit is reached quickly.
    let body = "client_id=ent_ci_nosuchclient&token=ent_at_whatever";
    let mut tcp = TcpStream::connect(address(&s)).expect("connect");
    tcp.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let (mut answered, mut limited, mut unanswered) = (0, 0, 0);
    for _ in 0..300 {
        let request = format!(
            "POST /oauth/revoke HTTP/1.1\r\nHost: {}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            address(&s),
            body.len()
        );
        if tcp.write_all(request.as_bytes()).is_err() {
            unanswered += 1;
            tcp = TcpStream::connect(address(&s)).expect("connect");
            continue;
        }
        let mut reader = BufReader::new(&mut tcp);
        let mut status = String::new();
        if reader.read_line(&mut status).unwrap_or(0) == 0 {
            unanswered += 1;
            drop(reader);
            tcp = TcpStream::connect(address(&s)).expect("connect");
            tcp.set_read_timeout(Some(Duration::from_secs(10)))
                .expect("timeout");
            continue;
        }
        let (mut length, mut close) = (0usize, false);
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("header");
            let line = line.trim_end().to_ascii_lowercase();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("content-length:") {
                length = v.trim().parse().expect("length");
            }
            if line == "connection: close" {
                close = true;
            }
        }
        let mut rest = vec![0u8; length];
        reader.read_exact(&mut rest).expect("body");
        answered += 1;
        if status.contains(" 429 ") {
            limited += 1;
        }
        if close {
            drop(reader);
            tcp = TcpStream::connect(address(&s)).expect("connect");
            tcp.set_read_timeout(Some(Duration::from_secs(10)))
                .expect("timeout");
        }
    }
    assert!(limited > 0, "the per-address limit was reached");
    assert_eq!(unanswered, 0, "{answered} answered, {limited} of them 429");
}
