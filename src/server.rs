//! The HTTP server: shared state, the middleware stack, and start/stop.
//!
//! `entrada serve` and the desktop app both start the server through [`start`] (by way of
//! [`crate::app::run`]), so the two always serve the same thing.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{Method, Request, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;
use utoipa_swagger_ui::SwaggerUi;

use crate::api::guard::{self, Limits};
use crate::api::idempotency::{self, InFlight};
use crate::api::oauth::{authorize, revoke, token as token_endpoint};
pub use crate::api::state::{AppState, Shared};
use crate::api::{self, error::ErrorBody};
use crate::config::{BODY_LIMIT, ServerConfig};
use crate::db::{Db, OpenError};
use crate::error::{Error, Result};
use axum::middleware::from_fn_with_state;

/// The whole application: API, token endpoint, docs and health check.
pub fn app(state: AppState) -> Router {
    let (api_routes, mut openapi) = api::router();
    let (kiosk_routes, kiosk_doc) = api::kiosk_router();
    openapi.merge(kiosk_doc);
    let openapi = api::openapi::finish(openapi);
    // The kiosk's extensions live under the one base URL, so a client generated from the
    // document reaches them; their first home (`/kiosk/...`) redirects there.
    let kiosk_routes = kiosk_routes.layer(from_fn_with_state(state.clone(), guard::limit_api));
    let api_base = api::BASE_PATH;
    Router::new()
        .nest(
            api_base,
            api_routes
                .layer(from_fn_with_state(state.clone(), idempotency::layer))
                .layer(from_fn_with_state(state.clone(), guard::limit_api))
                .merge(kiosk_routes),
        )
        .merge(
            Router::from(
                SwaggerUi::new(format!("{api_base}/docs"))
                    .external_url_unchecked(format!("{api_base}/openapi"), openapi),
            )
            .layer(axum::middleware::from_fn(guard::docs_policy)),
        )
        .merge(
            Router::new()
                .route("/oauth/token", post(token_endpoint::token))
                .route("/oauth/revoke", post(revoke::revoke))
                .route(
                    "/oauth/authorize",
                    get(authorize::show).post(authorize::submit),
                )
                .layer(from_fn_with_state(state.clone(), guard::limit_oauth)),
        )
        .route("/kiosk/{*rest}", any(moved_to_the_api))
        .route("/healthz", get(health))
        // The camera's frames, where the UI has always sent them (also under the API).
        .route(
            "/kiosk/decode",
            api::decode::route().layer(from_fn_with_state(state.clone(), guard::limit_api)),
        )
        .fallback(crate::ui::fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(guard::time_limit))
        .layer(axum::middleware::from_fn(guard::json_errors))
        // Outside the error shapes, so that every error text is said in the request's
        // language.
        .layer(axum::middleware::from_fn(crate::l10n::negotiate))
        .layer(CompressionLayer::new())
        .layer(
            TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
                // Method and path only: query strings and headers may carry secrets.
                tracing::info_span!("request", method = %req.method(), path = %req.uri().path())
            }),
        )
        .layer(from_fn_with_state(state.clone(), guard::check_host))
        .with_state(state)
}

/// The kiosk's extensions moved from `/kiosk/...` to `/api/v2/kiosk/...`: a permanent
/// redirect that keeps the method and the body (308), for scripts written before.
async fn moved_to_the_api(uri: axum::http::Uri) -> Response {
    let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
    axum::response::Redirect::permanent(&format!("{}{}{query}", api::BASE_PATH, uri.path()))
        .into_response()
}

/// `GET /healthz`: 200 `{status: "ok"}`; 507 `{status: "disk full", error}` while writes
/// fail for want of space; 503 when the database cannot be read.
async fn health(State(state): State<AppState>) -> Response {
    if state.db.disk_full().await {
        let body = serde_json::json!({
            "status": "disk full",
            "error": crate::l10n::text(crate::l10n::current(), "error-disk-full", &[]),
        });
        return (StatusCode::INSUFFICIENT_STORAGE, Json(body)).into_response();
    }
    let probe = state.db.read(crate::db::accounts::count).await;
    match probe {
        Ok(_) => Json(serde_json::json!({"status": "ok"})).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "health check failed");
            let body = ErrorBody {
                error: "the database is not usable".into(),
            };
            (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
        }
    }
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    let body = ErrorBody {
        error: format!("method {method} is not allowed on {}", uri.path()),
    };
    (StatusCode::METHOD_NOT_ALLOWED, Json(body)).into_response()
}

/// Where a hub serves HTTPS, and the certificate's fingerprint that kiosks pin.
#[derive(Debug, Clone)]
pub struct HubListening {
    pub addr: SocketAddr,
    /// SHA-256 of the certificate, 64 hex digits.
    pub fingerprint: String,
    /// Whether kiosks can find it over mDNS (a failure to advertise is not fatal).
    pub advertised: bool,
}

/// The hub's name: the one given, else "Entrada hub" and the start of its id.
fn hub_name(config: &ServerConfig, identity: &crate::hub::Identity) -> String {
    config
        .hub_name
        .clone()
        .unwrap_or_else(|| crate::hub::discovery::default_name(&identity.hub_id))
}

/// Advertises the hub over mDNS. A failure is a warning, not a reason not to serve: the
/// hub still answers at its address, which a kiosk can be given by hand.
async fn advertise(
    config: &ServerConfig,
    identity: &crate::hub::Identity,
    https: SocketAddr,
) -> Option<crate::hub::discovery::Advertiser> {
    let name = hub_name(config, identity);
    let identity = identity.clone();
    // mdns-sd's set-up is synchronous (sockets, the interface list).
    let started = tokio::task::spawn_blocking(move || {
        crate::hub::discovery::Advertiser::start(&name, &identity, https).map(|a| (a, name))
    })
    .await
    .map_err(|e| Error::internal(format!("the mDNS task failed: {e}")))
    .and_then(|started| started);
    match started {
        Ok((advertiser, name)) => {
            tracing::info!(%name, "the venue hub is advertised on the LAN (mDNS)");
            Some(advertiser)
        }
        Err(e) => {
            tracing::warn!(error = %e, "cannot advertise the hub on the LAN: kiosks must be given its address");
            None
        }
    }
}

/// A server that is accepting connections.
pub struct RunningServer {
    pub addr: SocketAddr,
    /// As the venue hub: its HTTPS address.
    pub hub: Option<HubListening>,
    pub db: Db,
    /// One server per database file, for as long as this one runs.
    _lock: crate::backup::ServeLock,
    shutdown: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    /// Tasks that work for this server (the sync, retention, backups): they end with it.
    background: Vec<tokio::task::AbortHandle>,
}

impl RunningServer {
    /// Ties a background task to this server: it is stopped when the server ends.
    pub fn own<T>(&mut self, task: &tokio::task::JoinHandle<T>) {
        self.background.push(task.abort_handle());
    }

    /// Stops accepting, lets requests in flight finish, and waits for the server to end.
    pub async fn stop(mut self) -> Result<()> {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        self.wait().await
    }

    /// Waits until the server ends (after a shutdown signal), then folds the WAL back
    /// into the database file.
    pub async fn wait(self) -> Result<()> {
        let ended = self.task.await;
        // A server started again in the same process (the desktop app becoming the venue
        // hub) starts its own: two sync loops or followers must never run side by side,
        // so they stop here however the server ended.
        for task in &self.background {
            task.abort();
        }
        let served = ended
            .map_err(|e| Error::internal(format!("server task failed: {e}")))?
            .map_err(|e| Error::internal(format!("server failed: {e}")));
        let db = self.db.clone();
        match tokio::task::spawn_blocking(move || db.checkpoint()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "cannot fold the WAL into the database"),
            Err(e) => tracing::warn!(error = %e, "checkpoint task failed"),
        }
        served
    }
}

/// Why the server could not start, told apart so that the desktop's start page and
/// `entrada serve` can say what to do about it without reading the message.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The address is taken (another program on the port) or not ours to bind.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    /// Another Entrada holds the database's serve lock.
    #[error("{0}")]
    AlreadyServing(String),
    #[error(transparent)]
    Database(#[from] OpenError),
    #[error(transparent)]
    Other(#[from] Error),
}

impl From<StartError> for Error {
    fn from(e: StartError) -> Self {
        match e {
            StartError::Listen { .. } => Error::internal(e),
            StartError::AlreadyServing(message) => Error::Conflict(message),
            StartError::Database(e) => e.into(),
            StartError::Other(e) => e,
        }
    }
}

/// Opens the database, binds, and starts serving in the background. When this returns,
/// the server accepts connections at `addr`. (Sync and backups: [`crate::app::run`].)
pub async fn start(
    config: ServerConfig,
    shutdown_signal: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<RunningServer, StartError> {
    let lock = crate::backup::ServeLock::acquire(&config.db_path).map_err(|e| match e {
        Error::Conflict(message) => StartError::AlreadyServing(message),
        e => StartError::Other(e),
    })?;
    let (db_file, cache) = (config.db_file(), config.db_cache);
    let db = tokio::task::spawn_blocking(move || Db::open_with(&db_file, cache))
        .await
        .map_err(|e| Error::internal(format!("database open task failed: {e}")))??;
    {
        let sync = db.read(crate::db::sync::config).await?;
        crate::hub::door::note_config(sync.as_ref());
    }
    if config.hub.is_some() && !config.bind.ip().is_loopback() {
        return Err(StartError::Other(Error::invalid(format!(
            "as the venue hub, plain HTTP stays on this computer: --bind {} is not a \
             loopback address (the LAN gets HTTPS at --hub-bind)",
            config.bind
        ))));
    }
    if !config.bind.ip().is_loopback() {
        tracing::warn!(bind = %config.bind, "listening beyond this computer: the API is reachable from the network");
    }
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|source| StartError::Listen {
            addr: config.bind,
            source,
        })?;
    let addr = listener
        .local_addr()
        .map_err(|e| Error::internal(format!("cannot read the bound address: {e}")))?;
    let limits = Limits::new(&config).ok_or_else(|| Error::internal("invalid rate limits"))?;
    // Nothing may fail after the hub is advertised: its goodbye belongs to the stop.
    let hub = match config.hub {
        Some(bind) => {
            let identity = db.write(crate::hub::identity::load_or_make).await?;
            let acceptor = crate::hub::tls::acceptor(&identity)?;
            let listener = TcpListener::bind(bind)
                .await
                .map_err(|source| StartError::Listen { addr: bind, source })?;
            let addr = listener
                .local_addr()
                .map_err(|e| Error::internal(format!("cannot read the hub's address: {e}")))?;
            tracing::info!(%addr, fingerprint = %identity.fingerprint(), "the venue hub serves HTTPS");
            let info = crate::hub::HubInfo::new(hub_name(&config, &identity), &identity, addr);
            {
                let (name, urls) = (info.name.clone(), info.urls.clone());
                db.write(move |conn| crate::hub::identity::remember(conn, &name, &urls))
                    .await?;
            }
            let advertiser = advertise(&config, &identity, addr).await;
            Some((
                listener,
                acceptor,
                HubListening {
                    addr,
                    fingerprint: identity.fingerprint(),
                    advertised: advertiser.is_some(),
                },
                advertiser,
                Arc::new(info),
            ))
        }
        None => None,
    };
    let state = AppState::new(Shared {
        db: db.clone(),
        config: Arc::new(config.clone()),
        in_flight: InFlight::default(),
        limits: Arc::new(limits),
        allowed_hosts: guard::allowed_hosts(&config),
        hub: hub.as_ref().map(|h| h.4.clone()),
    });
    let (shutdown, stop) = oneshot::channel::<()>();
    let limits = state.limits.clone();
    let forgetting = tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(60));
        loop {
            every.tick().await;
            limits.forget_idle();
        }
    });
    let app = app(state);
    let feed = db.feed().clone();
    // The hub's advertisement lives as long as the server: the task that stops it owns it.
    let (hub, advertiser) = match hub {
        Some((listener, acceptor, listening, advertiser, _)) => {
            (Some((listener, acceptor, listening)), advertiser)
        }
        None => (None, None),
    };
    // One stop for every listener.
    let (stopping, stopped) = tokio::sync::watch::channel(());
    let stopper = tokio::spawn(async move {
        tokio::select! {
            _ = stop => {}
            _ = shutdown_signal => {}
        }
        // Live streams never end by themselves: end them so the connections close now.
        feed.close();
        let _ = stopping.send(());
        if let Some(advertiser) = advertiser {
            // The goodbye, while requests in flight finish: kiosks drop the hub from their
            // lists now rather than when the records expire. Dropping it blocks briefly.
            if let Err(e) = tokio::task::spawn_blocking(move || drop(advertiser)).await {
                tracing::warn!(error = %e, "the mDNS goodbye failed");
            }
        }
    });
    let until_stopped = move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.changed().await;
        }
    };
    let (hub_serving, hub) = match hub {
        Some((listener, acceptor, listening)) => (
            Some(serve(
                listener,
                app.clone(),
                Some(acceptor),
                until_stopped(),
            )),
            Some(listening),
        ),
        None => (None, None),
    };
    let plain = serve(listener, app, None, until_stopped());
    let task = tokio::spawn(async move {
        let served = match hub_serving {
            Some(hub_serving) => {
                let (plain, hub) = tokio::join!(plain, hub_serving);
                plain.and(hub)
            }
            None => plain.await,
        };
        // The listeners end only after the stop, so this is the goodbye being sent:
        // the server has ended when it has gone.
        if let Err(e) = stopper.await {
            tracing::warn!(error = %e, "the stop task failed");
        }
        served
    });
    Ok(RunningServer {
        addr,
        hub,
        db,
        _lock: lock,
        shutdown: Some(shutdown),
        task,
        background: vec![forgetting.abort_handle()],
    })
}

/// What axum's `ConnectInfo<SocketAddr>` is made from in [`serve`]'s accept loop.
struct Accepted(SocketAddr);

impl axum::extract::connect_info::Connected<Accepted> for SocketAddr {
    fn connect_info(accepted: Accepted) -> SocketAddr {
        accepted.0
    }
}

/// How long a TLS handshake may take (a client that stalls it holds only its own task).
const TLS_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The accept loop: hyper's HTTP/1 connections with a header read timeout (axum's own
/// `serve` has none: a client sending headers a byte a second held a connection for
/// minutes), stopped gracefully: no new connections, requests in flight finish. With
/// `tls` (the hub's LAN listener), each connection's handshake runs in its own task, and
/// its requests carry [`guard::ViaHub`].
async fn serve(
    listener: TcpListener,
    app: Router,
    tls: Option<tokio_rustls::TlsAcceptor>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use tower::ServiceExt as _;

    let make_service = app.into_make_service_with_connect_info::<SocketAddr>();
    let graceful = GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(guard::HEADER_READ_TIMEOUT);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little, as axum does.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let _ = stream.set_nodelay(true);
        // A peer that stops reading is dropped and holds little kernel memory meanwhile
        // (src/stall.rs; issue 36).
        crate::stall::bound_send_buffer(&stream);
        let stream = crate::stall::Stalled::new(stream);
        let Ok(service) = make_service.clone().oneshot(Accepted(peer)).await;
        let Some(acceptor) = &tls else {
            let service = hyper_util::service::TowerToHyperService::new(service);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            let watched = graceful.watch(connection);
            tokio::spawn(async move {
                if let Err(e) = watched.await {
                    tracing::debug!(error = %e, "connection ended with an error");
                }
            });
            continue;
        };
        let service = tower::util::MapRequest::new(
            service,
            |mut req: axum::http::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(guard::ViaHub);
                req
            },
        );
        let service = hyper_util::service::TowerToHyperService::new(service);
        let (acceptor, builder, watcher) = (acceptor.clone(), builder.clone(), graceful.watcher());
        tokio::spawn(async move {
            let stream =
                match tokio::time::timeout(TLS_HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
                    Ok(Ok(stream)) => stream,
                    Ok(Err(e)) => {
                        tracing::debug!(error = %e, %peer, "TLS handshake failed");
                        return;
                    }
                    Err(_) => {
                        tracing::debug!(%peer, "TLS handshake timed out");
                        return;
                    }
                };
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            if let Err(e) = watcher.watch(connection).await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("requests still running after the shutdown grace; stopping anyway");
    }
    Ok(())
}

/// Resolves when the process is asked to stop (SIGINT or SIGTERM).
pub async fn termination_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
    tracing::info!("shutting down");
}

/// How long in-flight requests get after a stop signal before the process exits anyway.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::CacheSizes;

    fn config(db: &std::path::Path, bind: SocketAddr) -> ServerConfig {
        ServerConfig {
            db_path: db.to_owned(),
            db_key: None,
            secret_store: false,
            bind,
            token_ttl: 60,
            demo: false,
            rate_limit: 0,
            allowed_hosts: Vec::new(),
            hub: None,
            hub_name: None,
            hub_scan_limit: crate::hub::door::DEFAULT_LIMIT,
            db_cache: CacheSizes::KIOSK,
        }
    }

    /// The desktop tells these apart by type, not by message.
    #[tokio::test]
    async fn why_a_start_failed_is_told_by_its_kind() {
        let dir = tempfile::tempdir().expect("temp dir");
        let any = SocketAddr::from(([127, 0, 0, 1], 0));
        let first = start(
            config(&dir.path().join("a.db"), any),
            std::future::pending(),
        )
        .await
        .expect("first start");

        let taken = start(
            config(&dir.path().join("b.db"), first.addr),
            std::future::pending(),
        )
        .await;
        assert!(
            matches!(taken, Err(StartError::Listen { .. })),
            "{:?}",
            taken.err()
        );

        let twice = start(
            config(&dir.path().join("a.db"), any),
            std::future::pending(),
        )
        .await;
        assert!(
            matches!(twice, Err(StartError::AlreadyServing(_))),
            "{:?}",
            twice.err()
        );

        let newer = dir.path().join("newer.db");
        {
            let conn = rusqlite::Connection::open(&newer).expect("open");
            conn.pragma_update(None, "user_version", 9999)
                .expect("version");
            conn.pragma_update(
                None,
                "application_id",
                crate::db::migrations::APPLICATION_ID,
            )
            .expect("id");
        }
        let refused = start(config(&newer, any), std::future::pending()).await;
        assert!(
            matches!(
                refused,
                Err(StartError::Database(OpenError::Newer { found: 9999, .. }))
            ),
            "{:?}",
            refused.err()
        );

        let damaged = dir.path().join("damaged.db");
        std::fs::write(&damaged, vec![0x5a; 8192]).expect("write");
        let refused = start(config(&damaged, any), std::future::pending()).await;
        assert!(
            matches!(
                refused,
                Err(StartError::Database(
                    OpenError::Damaged(_)
                        | OpenError::NeedsKey { .. }
                        | OpenError::Foreign {
                            unreadable: true,
                            ..
                        }
                ))
            ),
            "{:?}",
            refused.err()
        );
        first.stop().await.expect("stop");
    }
}
