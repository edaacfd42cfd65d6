//! Start-up and stopping: the store the flags name (a node over Redis listens at once and waits
//! for Redis with backoff, answering `/readyz` with what it waits for), the listener, the
//! rooms' clocks, and a clean stop on SIGTERM or Ctrl-C: `/readyz` says 503 for at least
//! `--drain-seconds`, new rooms and sockets are refused, every socket is told to reconnect,
//! every room is kept and let go, and then the listener closes, within 10 s.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{any, get};
use axum::Router;
use futures_util::StreamExt;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::cluster::{Frame, Solo};
use crate::config::{Config, Keep};
use crate::rooms::Rooms;
use crate::store::memory::MemoryStore;
use crate::store::redis::RedisStore;
use crate::store::sqlite::SqliteStore;
use crate::store::StoreError;
use crate::{log, random};

/// The longest wait between two tries to reach Redis.
const REDIS_RETRY_MOST: Duration = Duration::from_secs(5);

/// The rooms over the store `config.keep` names. With Redis, waits until Redis answers
/// (trying again with backoff, saying so), subscribes this node's channel, and listens to the
/// other nodes.
pub async fn open_rooms(config: Config) -> Result<Arc<Rooms>, StoreError> {
    match config.keep.clone() {
        Keep::Memory => Ok(Rooms::new(
            config,
            Arc::new(MemoryStore::new()),
            Arc::new(Solo::new()),
        )),
        Keep::Disk(dir) => {
            let store = SqliteStore::open(&dir, config.room_idle_ms)?;
            Ok(Rooms::new(config, Arc::new(store), Arc::new(Solo::new())))
        }
        Keep::Redis(url) => {
            let store = Arc::new(connect_redis(&url, node_name()).await);
            let rooms = Rooms::new(config, store.clone(), store.clone());
            listen_to_nodes(rooms.clone(), store, url);
            Ok(rooms)
        }
    }
}

/// Connects to Redis, trying again (250 ms, doubling to 5 s) until it answers.
async fn connect_redis(url: &str, node: String) -> RedisStore {
    let mut wait = Duration::from_millis(250);
    loop {
        match RedisStore::connect(url, node.clone()).await {
            Ok(store) => return store,
            Err(e) => {
                log::warn(
                    "redis-wait",
                    format_args!("waiting for Redis at {url} ({e}); trying again in {wait:?}"),
                );
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(REDIS_RETRY_MOST);
            }
        }
    }
}

/// This node's channel: frames from other nodes go to the rooms. If the subscription is lost,
/// it is made again (with backoff): meanwhile other nodes see this one as gone and take its
/// rooms over, and this node's writes to them are refused by their new fencing values.
fn listen_to_nodes(rooms: Arc<Rooms>, store: Arc<RedisStore>, url: String) {
    tokio::spawn(async move {
        let mut wait = Duration::from_millis(250);
        loop {
            match store.subscribe().await {
                Ok(mut frames) => {
                    wait = Duration::from_millis(250);
                    while let Some(msg) = frames.next().await {
                        if let Some(frame) = Frame::decode(msg.get_payload_bytes()) {
                            rooms.on_frame(frame);
                        }
                    }
                    log::warn(
                        "redis-channel",
                        format_args!(
                            "this node's channel in Redis at {url} was lost; subscribing again"
                        ),
                    );
                }
                Err(e) => log::warn(
                    "redis-channel",
                    format_args!("subscribing this node's channel in Redis at {url}: {e}"),
                ),
            }
            if *rooms.stopping.borrow() {
                return;
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(REDIS_RETRY_MOST);
        }
    });
}

/// `worlds serve`: binds, says where it listens, opens the store, and runs until SIGTERM or
/// Ctrl-C, then stops cleanly. A node keeping its rooms in Redis listens before Redis answers:
/// until then `/readyz` and the rooms' API say what it waits for (503).
pub async fn serve(config: Config) -> std::io::Result<()> {
    log::init();
    let addr = SocketAddr::new(config.bind, config.port);
    let site = config.site.display().to_string();
    if let Keep::Redis(url) = config.keep.clone() {
        let listener = TcpListener::bind(addr).await?;
        return serve_redis(listener, config, url).await;
    }
    let rooms = open_rooms(config).await.map_err(std::io::Error::other)?;
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!(
        "worlds serve: http://{local} (site {site}; {})",
        rooms.store.describe()
    );
    stop_on_signal(rooms.clone());
    run_rooms(listener, rooms).await
}

/// On SIGTERM or Ctrl-C, `rooms` stop.
fn stop_on_signal(rooms: Arc<Rooms>) {
    tokio::spawn(async move {
        stop_signal().await;
        log::note(
            "stopping: /readyz answers 503, new rooms and sockets are refused; every room is kept",
        );
        rooms.stop();
    });
}

/// A node over Redis: it listens at once, waiting for Redis behind a [`Gate`], then serves its
/// rooms; a stop while it waits ends it at once.
async fn serve_redis(listener: TcpListener, config: Config, url: String) -> std::io::Result<()> {
    let node = node_name();
    println!(
        "worlds serve: http://{} (site {}; rooms in Redis at {url} as node {node})",
        listener.local_addr()?,
        config.site.display()
    );
    let gate = Gate::new(waiting_app(&config.site, &url));
    let (close, server) = listen(listener, gate.router());
    let store = tokio::select! {
        store = connect_redis(&url, node) => Arc::new(store),
        _ = stop_signal() => {
            log::note("stopped before Redis answered");
            let _ = close.send(true);
            return Ok(());
        }
    };
    log::note(&format!("Redis at {url} answers: serving rooms"));
    let rooms = Rooms::new(config, store.clone(), store.clone());
    listen_to_nodes(rooms.clone(), store, url);
    gate.open(crate::http::app(rooms.clone()));
    stop_on_signal(rooms.clone());
    drain(rooms, close, server).await
}

/// What sits between the listener and the routes while a node waits for its store: the
/// waiting routes until [`Gate::open`], then the server's own.
#[derive(Clone)]
struct Gate {
    open: Arc<OnceLock<Router>>,
    waiting: Router,
}

impl Gate {
    fn new(waiting: Router) -> Gate {
        Gate {
            open: Arc::new(OnceLock::new()),
            waiting,
        }
    }

    fn open(&self, app: Router) {
        let _ = self.open.set(app);
    }

    fn router(&self) -> Router {
        Router::new().fallback(through).with_state(self.clone())
    }
}

/// A request, to the routes the gate stands at now (a socket's upgrade and the client's
/// address travel with it).
async fn through(State(gate): State<Gate>, request: Request) -> Response {
    let app = gate.open.get().unwrap_or(&gate.waiting).clone();
    match app.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

/// While a node waits for Redis: the site, `/healthz` (the process answers), and `503` with a
/// sentence from `/readyz` and the rooms' API.
fn waiting_app(site: &std::path::Path, url: &str) -> Router {
    let why = format!("waiting for Redis at {url}");
    let files = ServeDir::new(site)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    let refuse = || async {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            axum::Json(serde_json::json!({
                "error": "The room server is starting and cannot reach its rooms yet; try again in a moment."
            })),
        )
    };
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/readyz",
            get(move || async move { (StatusCode::SERVICE_UNAVAILABLE, why) }),
        )
        .route("/api", any(refuse))
        .route("/api/{*rest}", any(refuse))
        .fallback_service(files)
}

/// A new node's name: 8 random hex digits.
fn node_name() -> String {
    random::<4>().iter().map(|b| format!("{b:02x}")).collect()
}

/// SIGTERM or Ctrl-C.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Serves on a listener already bound (tests bind port 0).
pub async fn run(listener: TcpListener, config: Config) -> std::io::Result<()> {
    let rooms = open_rooms(config).await.map_err(std::io::Error::other)?;
    run_rooms(listener, rooms).await
}

impl Rooms {
    /// Stops the server: no new connections, sockets told to reconnect, rooms kept and let go
    /// ([`run_rooms`] returns once that is done).
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }
}

/// Serves `rooms` on a listener already bound (tests keep `rooms` to look inside), until
/// [`Rooms::stop`]: then every socket is told to reconnect, every room is kept and let go,
/// and the listener closes, within 10 s.
pub async fn run_rooms(listener: TcpListener, rooms: Arc<Rooms>) -> std::io::Result<()> {
    let (close, server) = listen(listener, crate::http::app(rooms.clone()));
    drain(rooms, close, server).await
}

type Server = tokio::task::JoinHandle<std::io::Result<()>>;

/// Serves `app` on `listener` until `true` is sent on the sender returned.
fn listen(listener: TcpListener, app: Router) -> (watch::Sender<bool>, Server) {
    let (close, mut closed) = watch::channel(false);
    let server = tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = closed.wait_for(|&c| c).await;
        })
        .await
    });
    (close, server)
}

/// Runs the rooms' clocks until [`Rooms::stop`], then drains: the listener stays open for at
/// least `drain_ms` (so `/readyz` says 503 to the load balancer and new rooms and sockets are
/// refused with a sentence), the sockets say goodbye, every room is kept and let go, and then
/// the listener closes (requests in flight have 3 s).
async fn drain(
    rooms: Arc<Rooms>,
    close: watch::Sender<bool>,
    server: Server,
) -> std::io::Result<()> {
    let clocks = tokio::spawn(clocks(rooms.clone()));
    // The VAPID key is made (or read) at start, not at the first push.
    if let Err(e) = rooms.vapid().await {
        log::warn("push-key", format_args!("the VAPID key: {e}"));
    }
    let pushes = tokio::spawn(rooms.clone().send_pushes());
    let mut stopping = rooms.stopping.subscribe();
    let _ = stopping.wait_for(|&s| s).await;
    let drained_at = tokio::time::Instant::now() + Duration::from_millis(rooms.config.drain_ms);
    let sockets_gone = async {
        while rooms.metrics.connections() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), sockets_gone).await;
    clocks.abort();
    pushes.abort();
    rooms.set_all_aside(Duration::from_secs(4)).await;
    tokio::time::sleep_until(drained_at).await;
    let _ = close.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(3), server).await;
    log::note("stopped: every room is kept");
    Ok(())
}

/// The rooms' clocks: every room's tick four times a second, the cluster's leases and the
/// set-aside rooms whose turn clock ran out every second, housekeeping every ten seconds.
async fn clocks(rooms: Arc<Rooms>) {
    rooms.housekeeping().await;
    let mut every = tokio::time::interval(Duration::from_millis(250));
    let mut n = 0u64;
    loop {
        every.tick().await;
        rooms.tick_all();
        n += 1;
        if n.is_multiple_of(4) {
            rooms.keep_up().await;
            rooms.wake_due().await;
        }
        if n.is_multiple_of(40) {
            rooms.housekeeping().await;
        }
    }
}
