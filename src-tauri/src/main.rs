//! Entrada's desktop kiosk: one program that starts the local v2 server in-process (the
//! same `entrada::server::start` as `entrada serve`) and shows the kiosk UI it serves in
//! a window.
//!
//! The window first shows a splash (`splash/`, bundled with the app). When the server
//! listens, the window navigates to it; when it cannot start (port taken, database in
//! use, damaged or from a newer version), the splash says what happened and what to do,
//! and the cause goes to the log. The UI talks to the server over HTTP like any browser,
//! so the desktop needs no IPC commands: the few things the shell must learn from the page
//! (the smoke test's "ready", an organiser turning kiosk mode on or off or closing the
//! kiosk) arrive as navigations to `/desktop/...` URLs, which are intercepted here and
//! never reach the server.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod awake;
mod settings;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use entrada::app::AppConfig;
use entrada::config::{CacheSizes, DEFAULT_RATE_LIMIT, DEFAULT_TOKEN_TTL, ServerConfig};
use entrada::db::OpenError;
use entrada::server::StartError;
use tauri::webview::PageLoadEvent;
use tauri::{AppHandle, Manager, WebviewUrl, WebviewWindow, WebviewWindowBuilder, WindowEvent};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// The desktop app's settings, from its command line (or the environment).
#[derive(Debug, Clone, Parser)]
#[command(name = "entrada-desktop", version, about = "Entrada check-in kiosk")]
struct Options {
    /// Kiosk mode: fullscreen, no window decorations, the screen kept awake; closing or
    /// leaving needs an organiser's sign-in, and the door screen comes back after a
    /// period of no use. Also a setting an organiser turns on in the app (kept in
    /// settings.json in the app's config directory); this flag turns it on for this run.
    #[arg(long, env = "ENTRADA_KIOSK")]
    kiosk: bool,
    /// Port of the local API on 127.0.0.1; other programs on this computer use it.
    #[arg(long, env = "ENTRADA_PORT", default_value_t = 7878)]
    port: u16,
    /// Database file [default: entrada.db in the app's data directory].
    #[arg(long, env = "ENTRADA_DB")]
    db: Option<PathBuf>,
    /// Minutes without use after which kiosk mode returns to the door screen.
    #[arg(long, default_value_t = 3)]
    idle_minutes: u32,
    /// Start, wait until the page reports that the UI is up and reaches the API, print
    /// `smoke: ready`, and exit 0 by itself (CI); exit 1 if that takes too long.
    #[arg(long)]
    smoke: bool,
    /// Seconds the smoke test may take.
    #[arg(long, default_value_t = 90)]
    smoke_timeout: u64,
    /// Seconds the window stays up after `smoke: ready` (for a screenshot).
    #[arg(long, default_value_t = 3)]
    smoke_linger: u64,
    /// Serve as the venue hub: the API over HTTPS on the LAN at --hub-port, found by the
    /// other kiosks over mDNS. Also a setting an organiser turns on in the app (Venue hub
    /// → Make this the venue hub); this flag turns it on for this run.
    #[arg(long, env = "ENTRADA_HUB")]
    hub: bool,
    /// The venue hub's HTTPS port on the LAN.
    #[arg(long, env = "ENTRADA_HUB_PORT", default_value_t = 7879)]
    hub_port: u16,
    /// The venue hub's name, as kiosks list it [default: the one given in the app, else
    /// "Entrada hub" and the start of its id].
    #[arg(long, value_parser = entrada::hub::discovery::check_name)]
    hub_name: Option<String>,
}

/// Runs in the kiosk page in smoke mode: ready once the UI rendered its first screen (a
/// `section.screen`, which only the UI's code makes: the page's static markup has none)
/// and a request from the page reached the API.
const SMOKE_JS: &str = r#"
(async () => {
  const until = Date.now() + 60000;
  while (Date.now() < until) {
    if (document.querySelector('main section.screen[data-testid]')) {
      try {
        const r = await fetch('/api/v2/openapi', { cache: 'no-store' });
        if (r.ok) { location.href = '/desktop/smoke-ready'; return; }
      } catch (e) { /* not yet */ }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
})();
"#;

fn main() {
    // Everything the kiosk writes (database, backups, logs, settings) is owner-only.
    entrada::files::private_umask();
    // Before any thread can use OpenSSL: no teardown racing them at exit.
    entrada::db::key::init_crypto();
    #[cfg(target_os = "linux")]
    tune_malloc();
    let options = Options::parse();
    let started = Instant::now();
    let app = tauri::Builder::default()
        // First plugin: a second start focuses the running kiosk instead of fighting over
        // the port and the database.
        .plugin(tauri_plugin_single_instance::init(|app, _argv, _cwd| {
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.unminimize();
                let _ = window.set_focus();
            }
        }))
        .setup(move |app| {
            let log_dir = app.path().app_log_dir()?;
            init_logging(&log_dir);
            let db = match &options.db {
                Some(path) => path.clone(),
                None => app.path().app_data_dir()?.join("entrada.db"),
            };
            let saved = settings::Settings::load(&app.path().app_config_dir()?);
            let options = Options {
                kiosk: options.kiosk || saved.kiosk,
                ..options.clone()
            };
            tracing::info!(db = %db.display(), port = options.port, kiosk = options.kiosk, "starting");
            app.manage(Kiosk::default());
            app.manage(Restart::default());
            let window = open_window(app.handle(), &options, started)?;
            let handle = app.handle().clone();
            let opts = options.clone();
            tauri::async_runtime::spawn(async move {
                start_server(handle, window, opts, db, log_dir).await;
            });
            if options.smoke {
                let timeout = Duration::from_secs(options.smoke_timeout);
                std::thread::spawn(move || {
                    std::thread::sleep(timeout);
                    eprintln!("smoke: not ready after {} s", timeout.as_secs());
                    std::process::exit(1);
                });
            }
            Ok(())
        })
        .build(tauri::generate_context!());
    match app {
        Ok(app) => app.run(|_, _| {}),
        Err(e) => {
            eprintln!("entrada-desktop: cannot start the window: {e}");
            std::process::exit(1);
        }
    }
}

/// glibc's malloc is tuned for throughput, and a kiosk runs all day on a small PC: tune it
/// for memory given back. For this process through `mallopt`; for WebKit's web and
/// network processes through the environment they inherit (glibc reads it when they
/// start). A setting already in the environment is left as it is.
///
/// - Arenas: glibc gives every thread that allocates its own, up to eight per core, and
///   each keeps its freed memory: with the server's runtime, the database threads and
///   WebKit's own, that is tens of megabytes. Two are plenty for a kiosk's load.
/// - Large blocks: glibc maps a block of 128 KiB or more on its own and unmaps it when it
///   is freed, but after the first such free it raises that threshold (up to 32 MiB) and
///   serves later ones from the arenas, which keep them. With the camera on, every frame
///   (300 kB of pixels, and the decoders' working copies) is such a block, so the app
///   grew by 15–20 MB for as long as the camera ran. A fixed threshold turns that off.
#[cfg(target_os = "linux")]
fn tune_malloc() {
    const ARENAS: libc::c_int = 2;
    const LARGE: libc::c_int = 128 * 1024;
    for (name, param, value) in [
        ("MALLOC_ARENA_MAX", libc::M_ARENA_MAX, ARENAS),
        ("MALLOC_MMAP_THRESHOLD_", libc::M_MMAP_THRESHOLD, LARGE),
        ("MALLOC_TRIM_THRESHOLD_", libc::M_TRIM_THRESHOLD, LARGE),
    ] {
        // Set in the environment: glibc has applied it here already.
        if std::env::var_os(name).is_some() {
            continue;
        }
        // SAFETY: called first thing in `main`, before any other thread exists, so nothing
        // reads the environment or allocates concurrently.
        unsafe {
            libc::mallopt(param, value);
            std::env::set_var(name, value.to_string());
        }
    }
}

/// Logs to stderr and to a daily file in the app's log directory.
fn init_logging(dir: &std::path::Path) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("ENTRADA_LOG").unwrap_or_else(|_| {
        tracing_subscriber::EnvFilter::new("entrada=info,entrada_desktop=info,tower_http=warn")
    });
    let file = std::fs::create_dir_all(dir).ok().map(|()| {
        let (writer, guard) =
            tracing_appender::non_blocking(tracing_appender::rolling::daily(dir, "entrada.log"));
        // The guard flushes the file at exit; the app lives until the process ends.
        std::mem::forget(guard);
        tracing_subscriber::fmt::layer()
            .with_ansi(false)
            .with_writer(writer)
    });
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr))
        .with(file)
        .try_init();
}

/// The one window: the splash first, then the kiosk page; in kiosk mode fullscreen,
/// undecorated, and closed only by an organiser.
fn open_window(
    app: &AppHandle,
    options: &Options,
    started: Instant,
) -> tauri::Result<WebviewWindow> {
    let port = options.port;
    let kiosk = options.kiosk;
    let idle = options.idle_minutes;
    let smoke = options.smoke;
    let linger = Duration::from_secs(options.smoke_linger);
    let nav_app = app.clone();
    let window = WebviewWindowBuilder::new(app, "main", WebviewUrl::App("index.html".into()))
        .title("Entrada")
        .inner_size(1280.0, 800.0)
        .min_inner_size(800.0, 560.0)
        .fullscreen(kiosk)
        .decorations(!kiosk)
        .on_navigation(move |url| {
            let ours = url.host_str() == Some("127.0.0.1") && url.port() == Some(port);
            match (ours, url.path()) {
                (true, "/desktop/smoke-ready") => {
                    println!("smoke: ready in {} ms", started.elapsed().as_millis());
                    tracing::info!(
                        ms = started.elapsed().as_millis() as u64,
                        "door screen ready"
                    );
                    if smoke {
                        let app = nav_app.clone();
                        std::thread::spawn(move || {
                            std::thread::sleep(linger);
                            app.exit(0);
                        });
                    }
                    false
                }
                (true, "/desktop/exit") => {
                    as_organiser(nav_app.clone(), port, url, |app| {
                        tracing::info!("kiosk closed by an organiser");
                        app.exit(0);
                    });
                    false
                }
                (true, "/desktop/kiosk") => {
                    let on = url.query_pairs().any(|(k, v)| k == "on" && v == "1");
                    as_organiser(nav_app.clone(), port, url, move |app| {
                        switch_kiosk(app, port, idle, on);
                    });
                    false
                }
                (true, "/desktop/hub") => {
                    let on = url.query_pairs().any(|(k, v)| k == "on" && v == "1");
                    let name = url
                        .query_pairs()
                        .find(|(k, _)| k == "name")
                        .map(|(_, v)| v.trim().to_owned())
                        .filter(|v| !v.is_empty());
                    as_organiser(nav_app.clone(), port, url, move |app| {
                        switch_hub(&app, on, name);
                    });
                    false
                }
                // Only the local server's pages (and the bundled splash) in this window.
                _ => ours || url.scheme() == "tauri" || url.host_str() == Some("tauri.localhost"),
            }
        })
        .on_page_load(move |webview, payload| {
            let ours =
                payload.url().host_str() == Some("127.0.0.1") && payload.url().port() == Some(port);
            if smoke && ours && matches!(payload.event(), PageLoadEvent::Finished) {
                let _ = webview.eval(SMOKE_JS);
            }
        })
        .build()?;
    #[cfg(target_os = "linux")]
    enable_camera(&window);
    if kiosk {
        apply_kiosk(&window, true);
    }
    let w = window.clone();
    window.on_window_event(move |event| {
        if let WindowEvent::CloseRequested { api, .. } = event
            && w.state::<Kiosk>().on.load(Ordering::SeqCst)
        {
            // Closing is leaving: the UI asks for an organiser's sign-in first.
            api.prevent_close();
            tracing::info!("close asked in kiosk mode: the leave screen asks for an organiser");
            // The UI's own route; from a page that is not the UI (the server's
            // sign-in page) go back to it first.
            let _ = w.eval(
                "if (location.pathname === '/') { location.hash = '#/leave-kiosk'; } \
                 else { location.href = '/#/leave-kiosk'; }",
            );
        }
    });
    Ok(window)
}

/// WebKitGTK has media streams off and leaves permission requests unanswered (which
/// denies them): turn `getUserMedia` on and grant the camera to our own page, and let the
/// door's sounds play without a first tap. The page is one local app that never goes
/// back and forth between documents, so WebKit's browser-sized caches only cost memory.
#[cfg(target_os = "linux")]
fn enable_camera(window: &WebviewWindow) {
    let done = window.with_webview(|webview| {
        use webkit2gtk::glib::prelude::ObjectExt;
        use webkit2gtk::{PermissionRequestExt, SettingsExt, WebViewExt};
        let view = webview.inner();
        if let Some(context) = view.context() {
            use webkit2gtk::WebContextExt;
            context.set_cache_model(webkit2gtk::CacheModel::DocumentViewer);
        }
        if let Some(settings) = view.settings() {
            settings.set_enable_media_stream(true);
            settings.set_enable_mediasource(true);
            settings.set_media_playback_requires_user_gesture(false);
            // Tests on machines without a camera: WebKit's own mock camera (a moving test
            // pattern), so that getUserMedia in the real webview is exercised end to end.
            if std::env::var_os("ENTRADA_MOCK_CAMERA").is_some() {
                settings.set_property("enable-mock-capture-devices", true);
            }
        }
        view.connect_permission_request(|_, request| {
            if request.is::<webkit2gtk::UserMediaPermissionRequest>() {
                request.allow();
                true
            } else {
                false
            }
        });
    });
    if let Err(e) = done {
        tracing::warn!(error = %e, "cannot enable the camera in the webview");
    }
}

/// Kiosk mode as it is now: an organiser turns it on and off while the app runs.
#[derive(Default)]
struct Kiosk {
    on: AtomicBool,
    /// The screen-awake inhibitions, held while kiosk mode is on.
    awake: Mutex<Option<awake::Awake>>,
}

/// Puts the window in kiosk mode or out of it: fullscreen and undecorated, the screen
/// kept awake, closing guarded. On the main thread (GTK).
fn apply_kiosk(window: &WebviewWindow, on: bool) {
    let state = window.state::<Kiosk>();
    state.on.store(on, Ordering::SeqCst);
    if let Err(e) = window
        .set_fullscreen(on)
        .and_then(|()| window.set_decorations(!on))
    {
        tracing::warn!(error = %e, on, "cannot change the window for kiosk mode");
    }
    let mut awake = state
        .awake
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if on && awake.is_none() {
        *awake = Some(awake::keep(window));
    } else if !on && let Some(held) = awake.take() {
        // Releasing talks to D-Bus; not on the UI thread.
        std::thread::spawn(move || drop(held));
    }
}

/// An organiser turned kiosk mode on or off from the UI: kept for the next start, applied
/// to the window now, and the page opened again with the matching flags.
fn switch_kiosk(app: AppHandle, port: u16, idle: u32, on: bool) {
    match app.path().app_config_dir() {
        Ok(dir) => {
            let mut saved = settings::Settings::load(&dir);
            saved.kiosk = on;
            if let Err(e) = saved.save(&dir) {
                tracing::error!(error = %e, dir = %dir.display(), "cannot save the kiosk setting");
            }
        }
        Err(e) => tracing::error!(error = %e, "no config directory for the kiosk setting"),
    }
    tracing::info!(on, "kiosk mode switched by an organiser");
    let main = app.clone();
    let done = main.run_on_main_thread(move || {
        let Some(window) = app.get_webview_window("main") else {
            return;
        };
        apply_kiosk(&window, on);
        match format!("{}#/door", page_url(port, on, idle)).parse() {
            Ok(url) => {
                if let Err(e) = window.navigate(url) {
                    tracing::error!(error = %e, "cannot open the kiosk page");
                }
            }
            Err(e) => tracing::error!(error = %e, "bad kiosk URL"),
        }
    });
    if let Err(e) = done {
        tracing::error!(error = %e, "cannot switch kiosk mode");
    }
}

/// A request to start the server again with the settings as they are now (an organiser
/// made this computer the venue hub, or stopped it being one).
#[derive(Default)]
struct Restart {
    asked: tokio::sync::Notify,
}

/// An organiser made this computer the venue hub, or stopped it being one: kept for the
/// next start, and the server started again now with it (`start_server`).
fn switch_hub(app: &AppHandle, on: bool, name: Option<String>) {
    match app.path().app_config_dir() {
        Ok(dir) => {
            let mut saved = settings::Settings::load(&dir);
            saved.hub = on;
            if let Some(name) = name {
                match entrada::hub::discovery::check_name(&name) {
                    Ok(name) => saved.hub_name = Some(name),
                    Err(e) => {
                        tracing::warn!(error = %e, "the hub's name is not usable: kept the last one")
                    }
                }
            }
            if let Err(e) = saved.save(&dir) {
                tracing::error!(error = %e, dir = %dir.display(), "cannot save the hub setting");
                return;
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "no config directory for the hub setting");
            return;
        }
    }
    tracing::info!(
        on,
        "venue hub switched by an organiser: starting the server again"
    );
    app.state::<Restart>().asked.notify_one();
}

/// The UI's address in the window, with the flags the page reads (`desktop.js`).
fn page_url(port: u16, kiosk: bool, idle_minutes: u32) -> String {
    let mut url = format!("http://127.0.0.1:{port}/?desktop=1");
    if kiosk {
        url.push_str(&format!("&kiosk=1&idle={idle_minutes}"));
    }
    url
}

/// Runs `then` when the access token in the page's request (`?token=`) is an
/// organiser's, as the server says (`/api/v2/me`). Anyone else changes nothing: leaving
/// or closing the kiosk, or making a computer a kiosk, is the organiser's decision.
fn as_organiser(
    app: AppHandle,
    port: u16,
    url: &url::Url,
    then: impl FnOnce(AppHandle) + Send + 'static,
) {
    let token = url
        .query_pairs()
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned());
    let what = url.path().to_owned();
    tauri::async_runtime::spawn(async move {
        let Some(token) = token else { return };
        let me = reqwest::Client::new()
            .get(format!("http://127.0.0.1:{port}/api/v2/me"))
            .bearer_auth(&token)
            .send()
            .await;
        let organiser = match me {
            Ok(r) if r.status().is_success() => r
                .json::<serde_json::Value>()
                .await
                .ok()
                .and_then(|v| {
                    v["item"]["accounts"]
                        .as_array()
                        .map(|accounts| accounts.iter().any(|a| a["role"] == "organiser"))
                })
                .unwrap_or(false),
            _ => false,
        };
        if organiser {
            then(app);
        } else {
            tracing::warn!(request = %what, "refused: not an organiser's token");
        }
    });
}

async fn start_server(
    app: AppHandle,
    window: WebviewWindow,
    options: Options,
    db: PathBuf,
    log_dir: PathBuf,
) {
    // The database's key: made at the first start and kept in the OS secret store, or
    // where there is none in an owner-only key file of the configuration directory
    // (ENTRADA_DB_KEY wins). The store may take seconds to answer: not on the runtime.
    let path = db.clone();
    let key = tokio::task::spawn_blocking(move || {
        let found = entrada::keystore::find(
            &path,
            entrada::keystore::Keep::Default,
            entrada::keystore::Make::ForNewDatabase,
        );
        if let Ok(loaded) = &found {
            entrada::keystore::say_where(&path, loaded);
        }
        found
    })
    .await
    .map_err(|e| entrada::error::Error::internal(format!("the key lookup failed: {e}")));
    let key = match key {
        Ok(Ok(key)) => key,
        Ok(Err(e)) | Err(e) => {
            show_start_error(&app, &window, &options, &db, &log_dir, &e.into()).await;
            return;
        }
    };
    let secret_store = key.in_secret_store();
    let db_key = key.key.map(std::sync::Arc::new);
    let config_dir = app.path().app_config_dir().ok();
    // The first start opens the page; a start again (the venue hub turned on or off)
    // opens the Venue hub screen, saying why when the hub could not start.
    let mut again: Option<Option<String>> = None;
    loop {
        let saved = config_dir
            .as_deref()
            .map(settings::Settings::load)
            .unwrap_or_default();
        let hub = options.hub || saved.hub;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let config = AppConfig {
            server: ServerConfig {
                db_path: db.clone(),
                secret_store,
                db_key: db_key.clone(),
                bind: SocketAddr::from(([127, 0, 0, 1], options.port)),
                token_ttl: DEFAULT_TOKEN_TTL,
                demo: false,
                rate_limit: DEFAULT_RATE_LIMIT,
                allowed_hosts: Vec::new(),
                // The LAN gets HTTPS on every interface; plain HTTP stays on loopback.
                hub: hub.then_some(SocketAddr::from(([0, 0, 0, 0], options.hub_port))),
                hub_name: options.hub_name.clone().or(saved.hub_name.clone()),
                hub_scan_limit: entrada::hub::door::DEFAULT_LIMIT,
                // A day at the door on a small PC: small page caches (`CacheSizes::KIOSK`).
                db_cache: CacheSizes::KIOSK,
            },
            sync_every: Duration::from_secs(30),
            backups: None,
        };
        let started = entrada::app::run(config, async move {
            let _ = stopped.await;
        })
        .await;
        match started {
            Ok(server) => {
                tracing::info!(addr = %server.addr, hub = server.hub.is_some(), "local API listening");
                // Kiosk mode as the window has it now (an organiser may have left it).
                let kiosk = app.state::<Kiosk>().on.load(Ordering::SeqCst);
                let mut page = page_url(options.port, kiosk, options.idle_minutes);
                match &again {
                    None => {}
                    Some(None) => page.push_str("#/hub"),
                    Some(Some(why)) => {
                        let mut query = url::form_urlencoded::Serializer::new(String::new());
                        query.append_pair("failed", why);
                        page.push_str(&format!("#/hub?{}", query.finish()));
                    }
                }
                match page.parse() {
                    Ok(url) => {
                        if let Err(e) = window.navigate(url) {
                            tracing::error!(error = %e, "cannot open the kiosk page");
                        }
                    }
                    Err(e) => tracing::error!(error = %e, "bad kiosk URL"),
                }
                // The server (and its database lock) lives until an organiser asks for a
                // start again; then it stops whole (its sync and follower too) first.
                app.state::<Restart>().asked.notified().await;
                let _ = stop.send(());
                if let Err(e) = server.wait().await {
                    tracing::warn!(error = %e, "the server did not stop cleanly");
                }
                again = Some(None);
            }
            Err(e) if hub && !options.hub => {
                // Turned on in the app (now, or at an earlier start), and the hub cannot
                // start (its port is taken?): back to a plain kiosk rather than no kiosk
                // at all, and the Venue hub screen says why.
                tracing::error!(error = %e, "the venue hub cannot start: serving without it");
                if let Some(dir) = &config_dir {
                    let mut saved = settings::Settings::load(dir);
                    saved.hub = false;
                    if let Err(e) = saved.save(dir) {
                        tracing::error!(error = %e, "cannot save the hub setting");
                        return;
                    }
                }
                again = Some(Some(e.to_string()));
            }
            Err(e) => {
                show_start_error(&app, &window, &options, &db, &log_dir, &e).await;
                return;
            }
        }
    }
}

/// The splash says why the server cannot start and what to do (and the log has it).
async fn show_start_error(
    app: &AppHandle,
    window: &WebviewWindow,
    options: &Options,
    db: &std::path::Path,
    log_dir: &std::path::Path,
    e: &StartError,
) {
    tracing::error!(error = %e, db = %db.display(), "the local server cannot start");
    let (what, hint) = explain(e, options.port, db);
    tracing::info!(%what, %hint, "told the person at the kiosk");
    let Ok(mut splash) = window.url() else {
        return;
    };
    // The splash says it in the system's language from the kind and its facts; the
    // English words go along for a kind it does not know.
    splash
        .query_pairs_mut()
        .clear()
        .append_pair("kind", splash_kind(e))
        .append_pair("port", &options.port.to_string())
        .append_pair("next", &options.port.saturating_add(1).to_string())
        .append_pair("db", &db.display().to_string())
        .append_pair("detail", &e.to_string())
        .append_pair("error", &what)
        .append_pair("hint", &hint)
        .append_pair("log", &log_dir.join("entrada.log.*").display().to_string());
    let _ = window.navigate(splash);
    if options.smoke {
        // The error page stays up for the screenshot, then the verdict.
        eprintln!("smoke: the server did not start: {e}");
        tokio::time::sleep(Duration::from_secs(options.smoke_linger)).await;
        // Not `app.exit(1)`: the event loop's own exit code on Linux is always 0.
        let _ = app;
        std::process::exit(1);
    }
}

/// Which start failure it is, for the splash's words (`splash/l10n.js`: `<kind>-what`
/// and `<kind>-hint`).
fn splash_kind(error: &StartError) -> &'static str {
    match error {
        StartError::Listen { .. } => "listen",     // splash kind
        StartError::AlreadyServing(_) => "in-use", // splash kind
        StartError::Database(OpenError::Newer { .. }) => "newer", // splash kind
        StartError::Database(
            OpenError::Damaged(_)
            | OpenError::Foreign {
                unreadable: true, ..
            },
        ) => "damaged", // splash kind
        StartError::Database(OpenError::NeedsKey { .. }) => "needs-key", // splash kind
        StartError::Database(OpenError::WrongKey { .. }) => "wrong-key", // splash kind
        StartError::Database(OpenError::NotEncrypted { .. }) => "not-encrypted", // splash kind
        StartError::Database(OpenError::Locked(_)) => "locked", // splash kind
        StartError::Database(OpenError::Foreign { .. } | OpenError::Other(_))
        | StartError::Other(_) => "other", // splash kind
    }
}

/// A start failure in words for the person at the kiosk, and what to do about it (in
/// English: the log's words, and the splash's for a kind it does not know).
fn explain(error: &StartError, port: u16, db: &std::path::Path) -> (String, String) {
    let db = db.display();
    match error {
        StartError::Listen { .. } => (
            format!("Another program is already using port {port} on this computer."),
            format!(
                "Close that program (or the other Entrada), or start Entrada on another port: entrada-desktop --port {}.",
                port.saturating_add(1)
            ),
        ),
        StartError::AlreadyServing(_) => (
            format!("Another Entrada is already using the database {db}."),
            "Close the other Entrada window or `entrada serve`, then start this one again.".into(),
        ),
        StartError::Database(OpenError::Newer { .. }) => (
            format!("The database {db} was written by a newer version of Entrada."),
            "Install that newer version, or restore a backup made by this one (entrada restore --from FILE).".into(),
        ),
        StartError::Database(
            OpenError::Damaged(_) | OpenError::Foreign { unreadable: true, .. },
        ) => (
            format!("The database {db} is damaged."),
            "Restore the latest backup: entrada restore --from BACKUP --db DATABASE (entrada doctor shows what is wrong).".into(),
        ),
        StartError::Database(OpenError::NeedsKey { .. }) => (
            format!("The database {db} is encrypted, or damaged."),
            "If it is encrypted, its key is not in this computer's secret store or key file: sign in as the person who set the kiosk up, or start Entrada with the key in ENTRADA_DB_KEY. If it is damaged, restore the latest backup: entrada restore --from BACKUP --db DATABASE.".into(),
        ),
        StartError::Database(OpenError::WrongKey { .. }) => (
            format!("The key given does not open the database {db}."),
            "It was encrypted on another computer or with another key: start Entrada with its own key in ENTRADA_DB_KEY, or restore a backup (entrada restore --from BACKUP asks for a backup's passphrase).".into(),
        ),
        StartError::Database(OpenError::NotEncrypted { .. }) => (
            format!("The database {db} is not encrypted, but a key was given."),
            "Encrypt it with that key first (entrada encrypt --db DATABASE), or start Entrada without ENTRADA_DB_KEY.".into(),
        ),
        StartError::Database(OpenError::Locked(_)) => (
            format!("The database {db} is locked by another program."),
            "Close other programs that use it, then start Entrada again.".into(),
        ),
        StartError::Database(OpenError::Foreign { .. } | OpenError::Other(_))
        | StartError::Other(_) => (
            format!("The local server could not start: {error}"),
            "Start Entrada again. If this happens again, send the log file to your organiser."
                .into(),
        ),
    }
}
