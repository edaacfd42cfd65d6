//! Start-up and stopping: the store the flags name (waiting for Redis with backoff when it is
//! not up yet), the listener, the rooms' clocks, and a clean stop on SIGTERM or Ctrl-C: no new
//! connections, every socket told to reconnect, every room kept and let go, within 10 s.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::net::TcpListener;

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
            let node: String = random::<4>().iter().map(|b| format!("{b:02x}")).collect();
            let store = Arc::new(connect_redis(&url, node).await);
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

/// `worlds serve`: opens the store, binds, says where it listens, and runs until SIGTERM or
/// Ctrl-C, then stops cleanly.
pub async fn serve(config: Config) -> std::io::Result<()> {
    log::init();
    let addr = SocketAddr::new(config.bind, config.port);
    let site = config.site.display().to_string();
    let rooms = open_rooms(config).await.map_err(std::io::Error::other)?;
    let listener = TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!(
        "worlds serve: http://{local} (site {site}; {})",
        rooms.store.describe()
    );
    let stopper = rooms.clone();
    tokio::spawn(async move {
        stop_signal().await;
        log::note("stopping: no new connections; every room is kept");
        stopper.stop();
    });
    run_rooms(listener, rooms).await
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
/// [`Rooms::stop`]: then every socket is told to reconnect, and every room is kept and let
/// go, within 10 s.
pub async fn run_rooms(listener: TcpListener, rooms: Arc<Rooms>) -> std::io::Result<()> {
    let clocks = tokio::spawn(clocks(rooms.clone()));
    // The VAPID key is made (or read) at start, not at the first push.
    if let Err(e) = rooms.vapid().await {
        log::warn("push-key", format_args!("the VAPID key: {e}"));
    }
    let pushes = tokio::spawn(rooms.clone().send_pushes());
    let mut stopped = rooms.stopping.subscribe();
    let app = crate::http::app(rooms.clone());
    let server = tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = stopped.wait_for(|&s| s).await;
        })
        .await
    });
    let mut stopping = rooms.stopping.subscribe();
    let _ = stopping.wait_for(|&s| s).await;
    // No new connections (requests in flight have 3 s); the sockets say goodbye.
    let _ = tokio::time::timeout(Duration::from_secs(3), server).await;
    let sockets_gone = async {
        while rooms.metrics.connections() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), sockets_gone).await;
    clocks.abort();
    pushes.abort();
    rooms.set_all_aside(Duration::from_secs(4)).await;
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
