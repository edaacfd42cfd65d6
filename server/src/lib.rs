//! `worlds serve`: the room server. It serves the built site (`dist/`, with the `.br` / `.gz`
//! copies the build writes) and hosts rooms: each room's game is held here, played by the
//! engine through the table crate's host logic ([`worlds_table::room::Room`]); every browser
//! in a room is a client of its own seats.
//!
//! - `GET /healthz`: `ok` (load balancers, and the lobby's "is there a room server").
//! - `POST /api/rooms`: opens a room ([`worlds_table::room::OpenRoom`]); answers `201` with
//!   the room's code and the creator's seat tokens, or `400` with a sentence.
//! - `GET /api/rooms/CODE/ws`: the room's WebSocket ([`worlds_table::room::ClientMsg`] in,
//!   [`worlds_table::room::RoomMsg`] and the host's messages out).
//! - anything else: a file of the site.
//!
//! The socket loop only moves bytes: the room decides (join, seat, apply, refuse). Messages
//! are size-checked by the socket before they are read (64 KiB), rooms limit each
//! connection's rate, and tries with a wrong code or seat token are limited per address so
//! codes cannot be guessed at speed. One room nobody has been connected to for
//! `--room-idle-minutes` is closed, and its code says so afterwards.
//!
//! Rooms live in this process's memory, or, with `--redis`, in Redis ([`store`]): then any
//! node serves any room. The node that runs a room (its owner) holds its game; a client whose
//! socket lands on another node is served through that node, which forwards its messages to
//! the owner by pub/sub and sends back what the room says. Every action is kept in Redis
//! before anyone hears of it; when the owner dies, the next node a client reaches takes the
//! room over by replaying its actions, and the clients reconnect by themselves.

pub mod store;

use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use tokio::sync::mpsc;
use tower_http::cors::{Any, CorsLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use worlds_engine::Action;
use worlds_table::protocol::MAX_MESSAGE_BYTES;
use worlds_table::room::{
    seat_token, ClientMsg, ConnId, OpenRoom, Out, Room, RoomCode, RoomMsg, RoomState,
};

use store::{Frame, Store};

/// The largest room-opening request (a board with its pictures).
pub const MAX_OPEN_BYTES: usize = 8 * 1024 * 1024;
/// Wrong codes or seat tokens one address may try per minute.
pub const TRIES_PER_MINUTE: u32 = 20;

/// How the server runs (the `worlds serve` flags).
#[derive(Debug, Clone)]
pub struct Config {
    pub site: PathBuf,
    pub bind: IpAddr,
    pub port: u16,
    /// The pause before each computer move (ms), so people can follow.
    pub bot_delay_ms: u64,
    /// A room nobody has been connected to for this long is closed.
    pub room_idle_minutes: u64,
    /// With Redis: a room nobody is connected to leaves this node's memory after this long
    /// (Redis keeps it, and whichever node a visitor reaches takes it up again), so a node's
    /// memory follows the rooms people are in, not every room opened in the last half hour.
    pub set_aside_seconds: u64,
    /// Keep rooms in this Redis (`redis://HOST:PORT`) instead of this process's memory.
    pub redis: Option<String>,
}

/// Where a connection's messages go: its socket on this node, or another node's.
#[derive(Clone)]
enum Sink {
    Local(mpsc::UnboundedSender<Message>),
    Remote(String),
}

/// One message on its way to one connection.
struct Delivery {
    conn: ConnId,
    sink: Sink,
    msg: Message,
}

/// What a room did in one step, in order: the actions and state to keep (Redis), then what to
/// send once they are kept.
struct Batch {
    from: usize,
    actions: Vec<String>,
    state: Option<String>,
    deliveries: Vec<Delivery>,
}

/// What a room's writer does next (with Redis).
enum Write {
    /// Keep a step, then deliver it.
    Step(Batch),
    /// The room left this node's memory: once everything before is kept, free it in Redis,
    /// to be closed `remaining_ms` from now unless someone comes back.
    SetAside { remaining_ms: u64 },
}

/// A room and the connections to it.
struct RoomEntry {
    room: Room,
    senders: HashMap<ConnId, Sink>,
    /// With Redis: the actions and state already kept, and the room's writer.
    kept_actions: usize,
    kept_state: String,
    writer: Option<mpsc::UnboundedSender<Write>>,
    /// The room left this node (taken over elsewhere, or set aside): a connection that
    /// reached it late is closed, and its device reconnects to wherever the room is now.
    gone: bool,
}

fn message(bytes: Vec<u8>) -> Message {
    match String::from_utf8(bytes) {
        Ok(text) if text.starts_with('{') => Message::Text(text.into()),
        Ok(text) => Message::Binary(Bytes::from(text.into_bytes())),
        Err(e) => Message::Binary(Bytes::from(e.into_bytes())),
    }
}

impl RoomEntry {
    fn new(room: Room, writer: Option<mpsc::UnboundedSender<Write>>) -> RoomEntry {
        let kept_actions = room.game().map_or(0, |g| g.history().len());
        let kept_state = serde_json::to_string(&room.state()).unwrap_or_default();
        RoomEntry {
            room,
            senders: HashMap::new(),
            kept_actions,
            kept_state,
            writer,
            gone: false,
        }
    }

    /// Sends what the room said (with Redis, once what it decided is kept); a closed
    /// connection's queue ends its socket.
    fn dispatch(&mut self, outs: Vec<Out>, net: Option<&Net>) {
        for note in self.room.take_notes() {
            eprintln!("{note}");
        }
        let mut deliveries = Vec::new();
        for out in outs {
            match out {
                Out::To(conn, bytes) => {
                    if let Some(sink) = self.senders.get(&conn) {
                        deliveries.push(Delivery {
                            conn,
                            sink: sink.clone(),
                            msg: message(bytes),
                        });
                    }
                }
                Out::Close(conn) => {
                    if let Some(sink) = self.senders.remove(&conn) {
                        deliveries.push(Delivery {
                            conn,
                            sink,
                            msg: Message::Close(None),
                        });
                    }
                }
            }
        }
        let Some(writer) = &self.writer else {
            for d in deliveries {
                deliver(d, net);
            }
            return;
        };
        let from = self.kept_actions;
        let actions: Vec<String> = self
            .room
            .actions_from(from)
            .iter()
            .map(|a| serde_json::to_string(a).unwrap_or_default())
            .collect();
        self.kept_actions += actions.len();
        let state = serde_json::to_string(&self.room.state()).unwrap_or_default();
        let state = (state != self.kept_state).then(|| {
            self.kept_state = state.clone();
            state
        });
        if deliveries.is_empty() && actions.is_empty() && state.is_none() {
            return;
        }
        let _ = writer.send(Write::Step(Batch {
            from,
            actions,
            state,
            deliveries,
        }));
    }

    /// Closes every connection to the room.
    fn close_all(&mut self, net: Option<&Net>) {
        self.gone = true;
        for (conn, sink) in self.senders.drain() {
            deliver(
                Delivery {
                    conn,
                    sink,
                    msg: Message::Close(None),
                },
                net,
            );
        }
    }
}

fn deliver(d: Delivery, net: Option<&Net>) {
    match d.sink {
        Sink::Local(tx) => {
            let _ = tx.send(d.msg);
        }
        Sink::Remote(node) => {
            let Some(net) = net else { return };
            let frame = match d.msg {
                Message::Text(t) => Frame::Text {
                    conn: d.conn,
                    bytes: t.as_str().as_bytes().to_vec(),
                },
                Message::Binary(b) => Frame::Binary {
                    conn: d.conn,
                    bytes: b.to_vec(),
                },
                _ => Frame::Close { conn: d.conn },
            };
            net.send(&node, &frame);
        }
    }
}

/// This node in a Redis-backed group of nodes.
struct Net {
    store: Arc<Store>,
    /// Frames to other nodes, published in order.
    outbox: mpsc::UnboundedSender<(String, Vec<u8>)>,
}

impl Net {
    fn send(&self, node: &str, frame: &Frame) {
        let _ = self.outbox.send((node.to_string(), frame.encode()));
    }
}

/// A client of this node playing in a room another node runs.
struct Proxied {
    code: RoomCode,
    owner: String,
    tx: mpsc::UnboundedSender<Message>,
}

/// Where a room is.
enum Located {
    Here(Arc<Mutex<RoomEntry>>),
    At(String),
    Gone(String),
}

/// Everything the server keeps.
pub struct Rooms {
    config: Config,
    rooms: Mutex<HashMap<RoomCode, Arc<Mutex<RoomEntry>>>>,
    closed: Mutex<HashSet<RoomCode>>,
    tries: Mutex<HashMap<IpAddr, (u64, u32)>>,
    next_conn: AtomicU32,
    net: OnceLock<Net>,
    proxied: Mutex<HashMap<ConnId, Proxied>>,
    locating: tokio::sync::Mutex<()>,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn random<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    // The OS's randomness: if it ever failed, the server must not make guessable codes.
    if getrandom::fill(&mut b).is_err() {
        panic!("the operating system gave no random bytes");
    }
    b
}

fn new_token() -> String {
    seat_token(random::<16>())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Rooms {
    pub fn new(config: Config) -> Arc<Rooms> {
        Arc::new(Rooms {
            config,
            rooms: Mutex::new(HashMap::new()),
            closed: Mutex::new(HashSet::new()),
            tries: Mutex::new(HashMap::new()),
            next_conn: AtomicU32::new(1),
            net: OnceLock::new(),
            proxied: Mutex::new(HashMap::new()),
            locating: tokio::sync::Mutex::new(()),
        })
    }

    fn net(&self) -> Option<&Net> {
        self.net.get()
    }

    /// Counts a wrong try from `ip`; `false` once it has used up the minute's tries.
    fn may_try(&self, ip: IpAddr) -> bool {
        let now = now_ms();
        let mut tries = lock(&self.tries);
        let entry = tries.entry(ip).or_insert((now, 0));
        if now.saturating_sub(entry.0) >= 60_000 {
            *entry = (now, 0);
        }
        entry.1 < TRIES_PER_MINUTE
    }

    fn count_try(&self, ip: IpAddr) {
        let now = now_ms();
        let mut tries = lock(&self.tries);
        let entry = tries.entry(ip).or_insert((now, 0));
        entry.1 += 1;
    }

    /// A room's game as it stands: the number of actions and the state's hash (`None`: no
    /// such room here, or its game has not started).
    pub fn game_state(&self, code: &str) -> Option<(u64, u64)> {
        let entry = self.room(&RoomCode::parse(code)?)?;
        let e = lock(&entry);
        let game = e.room.game()?;
        Some((
            game.history().len() as u64,
            worlds_table::protocol::state_hash(game),
        ))
    }

    /// Whether a room's game is over.
    pub fn game_over(&self, code: &str) -> bool {
        RoomCode::parse(code)
            .and_then(|c| self.room(&c))
            .is_some_and(|e| lock(&e).room.game().is_some_and(|g| g.is_over()))
    }

    fn room(&self, code: &RoomCode) -> Option<Arc<Mutex<RoomEntry>>> {
        lock(&self.rooms).get(code).cloned()
    }

    /// A connection number (unique across nodes with Redis).
    async fn next_conn(&self) -> Option<ConnId> {
        match self.net() {
            None => Some(self.next_conn.fetch_add(1, Ordering::Relaxed)),
            Some(net) => net.store.next_conn().await.ok(),
        }
    }

    /// Puts a room in this node's memory; with Redis, with a writer that keeps what it
    /// decides before anyone hears of it.
    fn insert(self: &Arc<Self>, room: Room) -> Arc<Mutex<RoomEntry>> {
        let code = room.code().clone();
        let writer = self.net().map(|_| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(write_room(self.clone(), code.clone(), rx));
            tx
        });
        let entry = Arc::new(Mutex::new(RoomEntry::new(room, writer)));
        lock(&self.rooms).insert(code, entry.clone());
        entry
    }

    /// Forgets a room this node no longer runs (another node took it over, or Redis said
    /// no): its connections are closed, and their devices reconnect to whoever runs it.
    fn drop_room(&self, code: &RoomCode) {
        let entry = lock(&self.rooms).remove(code);
        if let Some(entry) = entry {
            eprintln!("room {code}: no longer run by this node");
            lock(&entry).close_all(self.net());
        }
    }

    /// Every room's tick: the host's, the computers', and closing idle rooms.
    fn tick_all(&self) {
        let now = now_ms();
        let idle_ms = self.config.room_idle_minutes.saturating_mul(60_000);
        // With Redis, a room nobody is in leaves this node's memory after this long.
        let set_aside = self.net().is_some();
        let set_aside_ms = self.config.set_aside_seconds.saturating_mul(1000);
        let entries: Vec<(RoomCode, Arc<Mutex<RoomEntry>>)> = lock(&self.rooms)
            .iter()
            .map(|(c, e)| (c.clone(), e.clone()))
            .collect();
        for (code, entry) in entries {
            let mut e = lock(&entry);
            if e.room.idle(now, idle_ms) {
                drop(e);
                lock(&self.rooms).remove(&code);
                lock(&self.closed).insert(code.clone());
                if let Some(net) = self.net() {
                    let store = net.store.clone();
                    tokio::spawn(async move {
                        let _ = store.close(&code.to_string()).await;
                    });
                }
                continue;
            }
            let empty_for = e.room.empty_since().map(|since| now.saturating_sub(since));
            if let Some(empty_for) = empty_for.filter(|&t| set_aside && t >= set_aside_ms) {
                let remaining_ms = idle_ms.saturating_sub(empty_for).max(1);
                lock(&self.rooms).remove(&code);
                e.close_all(self.net());
                if let Some(writer) = e.writer.take() {
                    let _ = writer.send(Write::SetAside { remaining_ms });
                }
                continue;
            }
            let outs = e.room.tick(now);
            e.dispatch(outs, self.net());
        }
    }

    /// Once a second with Redis: renews this node's rooms (forgetting any it lost), lets go
    /// of connections whose node is gone, and closes the clients of rooms whose owner
    /// changed, so they reconnect to the new one.
    async fn keep_up(&self) {
        let Some(net) = self.net() else { return };
        let store = &net.store;
        let codes: Vec<RoomCode> = lock(&self.rooms).keys().cloned().collect();
        let names: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        if let Ok(kept) = store.renew(&names).await {
            for (code, kept) in codes.iter().zip(kept) {
                if !kept {
                    self.drop_room(code);
                }
            }
        }
        // Connections from other nodes: a node that is gone takes its connections along.
        let entries: Vec<Arc<Mutex<RoomEntry>>> = lock(&self.rooms).values().cloned().collect();
        let mut nodes: HashSet<String> = HashSet::new();
        for e in &entries {
            for sink in lock(e).senders.values() {
                if let Sink::Remote(n) = sink {
                    nodes.insert(n.clone());
                }
            }
        }
        for node in nodes {
            if store.alive(&node).await.unwrap_or(true) {
                continue;
            }
            for entry in &entries {
                let mut e = lock(entry);
                let gone: Vec<ConnId> = e
                    .senders
                    .iter()
                    .filter(|(_, s)| matches!(s, Sink::Remote(n) if *n == node))
                    .map(|(&c, _)| c)
                    .collect();
                for conn in gone {
                    e.senders.remove(&conn);
                    let outs = e.room.disconnect(conn, now_ms());
                    e.dispatch(outs, Some(net));
                }
            }
        }
        // This node's clients of rooms run elsewhere: is their owner still the owner?
        let owners: HashSet<(RoomCode, String)> = lock(&self.proxied)
            .values()
            .map(|p| (p.code.clone(), p.owner.clone()))
            .collect();
        for (code, owner) in owners {
            let still = matches!(store.owner(&code.to_string()).await, Ok(Some(o)) if o == owner)
                && store.alive(&owner).await.unwrap_or(false);
            if !still {
                for p in lock(&self.proxied).values() {
                    if p.code == code {
                        let _ = p.tx.send(Message::Close(None));
                    }
                }
            }
        }
    }

    /// Finds a room: here, at another node, or gone (with the sentence to say). With Redis, a
    /// room nobody runs (its node died, or every node restarted) is taken over here.
    async fn locate(self: &Arc<Self>, code: &RoomCode) -> Located {
        let gone = |closed: bool| {
            Located::Gone(if closed {
                format!(
                    "This room was closed after {} minutes with nobody in it.",
                    self.config.room_idle_minutes
                )
            } else {
                "No room has this code.".to_string()
            })
        };
        if let Some(e) = self.room(code) {
            return Located::Here(e);
        }
        let Some(net) = self.net() else {
            return gone(lock(&self.closed).contains(code));
        };
        let _one_at_a_time = self.locating.lock().await;
        let store = &net.store;
        let name = code.to_string();
        let unreachable = Located::Gone(
            "The room server cannot reach its rooms just now; try again in a moment.".into(),
        );
        for _ in 0..5 {
            if let Some(e) = self.room(code) {
                return Located::Here(e);
            }
            match store.exists(&name).await {
                Ok(true) => {}
                Ok(false) => return gone(store.closed(&name).await.unwrap_or(false)),
                Err(_) => return unreachable,
            }
            match store.owner(&name).await {
                Ok(Some(owner)) if owner != store.node => {
                    if store.alive(&owner).await.unwrap_or(false) {
                        return Located::At(owner);
                    }
                    let _ = store.free(&name, &owner).await;
                    continue;
                }
                Ok(Some(_)) => {}
                Ok(None) => {
                    if !store.acquire(&name).await.unwrap_or(false) {
                        continue;
                    }
                }
                Err(_) => return unreachable,
            }
            // This node runs the room now: rebuild it from what Redis keeps.
            return match self.take_over(code).await {
                Ok(e) => Located::Here(e),
                Err(why) => {
                    eprintln!("room {code}: could not be taken over: {why}");
                    Located::Gone(format!("This room could not be opened again: {why}"))
                }
            };
        }
        unreachable
    }

    async fn take_over(self: &Arc<Self>, code: &RoomCode) -> Result<Arc<Mutex<RoomEntry>>, String> {
        let net = self.net().ok_or("no Redis")?;
        let kept = net
            .store
            .load(&code.to_string())
            .await
            .map_err(|e| e.to_string())?
            .ok_or("it is no longer kept")?;
        // Back in a node's care: no longer to be closed for being idle.
        net.store
            .wake(&code.to_string())
            .await
            .map_err(|e| e.to_string())?;
        let opening: OpenRoom = serde_json::from_str(&kept.opening).map_err(|e| e.to_string())?;
        let state: RoomState = serde_json::from_str(&kept.state).map_err(|e| e.to_string())?;
        let actions = kept
            .actions
            .iter()
            .map(|a| serde_json::from_str::<Action>(a))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let n = actions.len();
        let room = Room::restore(
            code.clone(),
            opening,
            state,
            actions,
            self.config.bot_delay_ms,
            now_ms(),
        )
        .map_err(|e| e.to_string())?;
        eprintln!(
            "room {code}: taken over by node {} ({n} actions replayed)",
            net.store.node
        );
        Ok(self.insert(room))
    }

    /// A frame from another node.
    fn on_frame(&self, frame: Frame) {
        let net = self.net();
        let here = |code: &str| RoomCode::parse(code).and_then(|c| self.room(&c));
        match frame {
            Frame::Connect { code, conn, from } => match here(&code) {
                Some(entry) => {
                    let mut e = lock(&entry);
                    if e.gone {
                        if let Some(net) = net {
                            net.send(&from, &Frame::Close { conn });
                        }
                        return;
                    }
                    e.senders.insert(conn, Sink::Remote(from));
                    e.room.connect(conn, now_ms());
                }
                None => {
                    if let Some(net) = net {
                        net.send(&from, &Frame::Close { conn });
                    }
                }
            },
            Frame::Msg {
                code, conn, bytes, ..
            } => {
                if let Some(entry) = here(&code) {
                    let mut e = lock(&entry);
                    if e.senders.contains_key(&conn) && bytes.len() <= MAX_MESSAGE_BYTES {
                        let outs = e.room.on_message(conn, &bytes, now_ms(), new_token);
                        e.dispatch(outs, net);
                    }
                }
            }
            Frame::Leave { code, conn, .. } => {
                if let Some(entry) = here(&code) {
                    let mut e = lock(&entry);
                    if e.senders.remove(&conn).is_some() {
                        let outs = e.room.disconnect(conn, now_ms());
                        e.dispatch(outs, net);
                    }
                }
            }
            Frame::Text { conn, bytes } => {
                if let Some(p) = lock(&self.proxied).get(&conn) {
                    let _ = p.tx.send(message(bytes));
                }
            }
            Frame::Binary { conn, bytes } => {
                if let Some(p) = lock(&self.proxied).get(&conn) {
                    let _ = p.tx.send(Message::Binary(Bytes::from(bytes)));
                }
            }
            Frame::Close { conn } => {
                if let Some(p) = lock(&self.proxied).remove(&conn) {
                    let _ = p.tx.send(Message::Close(None));
                }
            }
        }
    }
}

/// A room's writer (with Redis): keeps each step's actions and state, then sends what the
/// room said; if Redis says this node no longer runs the room, forgets it.
async fn write_room(rooms: Arc<Rooms>, code: RoomCode, mut rx: mpsc::UnboundedReceiver<Write>) {
    let name = code.to_string();
    while let Some(write) = rx.recv().await {
        let Some(net) = rooms.net() else { return };
        let batch = match write {
            Write::Step(batch) => batch,
            Write::SetAside { remaining_ms } => {
                match net.store.set_aside(&name, remaining_ms).await {
                    Ok(true) => eprintln!("room {code}: set aside (nobody in it)"),
                    other => eprintln!("room {code}: could not be set aside ({other:?})"),
                }
                return;
            }
        };
        if !batch.actions.is_empty() || batch.state.is_some() {
            let kept = net
                .store
                .write(&name, batch.from, &batch.actions, batch.state.as_deref())
                .await;
            if !matches!(kept, Ok(true)) {
                eprintln!("room {code}: Redis did not keep its step ({kept:?})");
                for d in batch.deliveries {
                    if matches!(d.msg, Message::Close(_)) {
                        deliver(d, Some(net));
                    }
                }
                rooms.drop_room(&code);
                return;
            }
        }
        for d in batch.deliveries {
            deliver(d, Some(net));
        }
    }
}

/// The server's routes over `rooms`.
pub fn app(rooms: Arc<Rooms>) -> Router {
    let site = ServeDir::new(&rooms.config.site)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/api/rooms",
            post(open_room).layer(DefaultBodyLimit::max(MAX_OPEN_BYTES)),
        )
        .route("/api/rooms/{code}/ws", get(room_socket))
        .fallback_service(site)
        // A page served elsewhere (a static host) may use this server's rooms when its player
        // names it in Settings as "Room server": the health check and opening a room answer
        // any page (a room's socket is not bound by this rule; its code and seat tokens are).
        .layer(
            CorsLayer::new()
                .allow_origin(Any)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE]),
        )
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .with_state(rooms)
}

fn problem(status: StatusCode, sentence: &str) -> Response {
    (status, Json(serde_json::json!({ "error": sentence }))).into_response()
}

async fn open_room(State(rooms): State<Arc<Rooms>>, body: Bytes) -> Response {
    let request: OpenRoom = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            let mut why = e.to_string();
            why.truncate(200);
            return problem(
                StatusCode::BAD_REQUEST,
                &format!("The room could not be opened: the request is not one this server reads ({why})."),
            );
        }
    };
    for _ in 0..20 {
        let code = RoomCode::from_random(random::<5>());
        if rooms.room(&code).is_some() || lock(&rooms.closed).contains(&code) {
            continue;
        }
        let (room, held) = match Room::open(
            code.clone(),
            request.clone(),
            new_token,
            rooms.config.bot_delay_ms,
            now_ms(),
        ) {
            Ok(opened) => opened,
            Err(why) => return problem(StatusCode::BAD_REQUEST, &why.to_string()),
        };
        if let Some(net) = rooms.net() {
            let opening = serde_json::to_string(&room.opening()).unwrap_or_default();
            let state = serde_json::to_string(&room.state()).unwrap_or_default();
            match net.store.create(&code.to_string(), &opening, &state).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    eprintln!("opening a room: Redis: {e}");
                    return problem(
                        StatusCode::SERVICE_UNAVAILABLE,
                        "The room server cannot keep rooms just now; try again in a moment.",
                    );
                }
            }
        }
        rooms.insert(room);
        return (
            StatusCode::CREATED,
            Json(serde_json::json!({ "code": code.shown(), "seats": held })),
        )
            .into_response();
    }
    problem(
        StatusCode::SERVICE_UNAVAILABLE,
        "No free room code was found; try again.",
    )
}

async fn room_socket(
    State(rooms): State<Arc<Rooms>>,
    Path(code): Path<String>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    ws: WebSocketUpgrade,
) -> Response {
    let ws = ws
        .max_message_size(MAX_OPEN_BYTES)
        .max_frame_size(MAX_OPEN_BYTES);
    ws.on_upgrade(move |socket| serve_socket(rooms, code, addr.ip(), socket))
}

async fn say_and_close(mut socket: WebSocket, msg: RoomMsg) {
    if let Ok(text) = serde_json::to_string(&msg) {
        let _ = socket.send(Message::Text(text.into())).await;
    }
    let _ = socket.send(Message::Close(None)).await;
}

/// The bytes of a client's message, or `None` when its socket is done.
enum Incoming {
    Bytes(Vec<u8>),
    Skip,
    Done,
}

fn incoming(m: Option<Result<Message, axum::Error>>) -> Incoming {
    match m {
        Some(Ok(Message::Text(t))) => Incoming::Bytes(t.as_str().as_bytes().to_vec()),
        Some(Ok(Message::Binary(b))) => Incoming::Bytes(b.to_vec()),
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Incoming::Skip,
        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => Incoming::Done,
    }
}

async fn serve_socket(rooms: Arc<Rooms>, code: String, ip: IpAddr, socket: WebSocket) {
    if !rooms.may_try(ip) {
        return say_and_close(
            socket,
            RoomMsg::Denied {
                reason: "Too many tries from this address; wait a minute.".into(),
            },
        )
        .await;
    }
    let Some(parsed) = RoomCode::parse(&code) else {
        rooms.count_try(ip);
        return say_and_close(
            socket,
            RoomMsg::Closed {
                reason: "No room has this code.".into(),
            },
        )
        .await;
    };
    let located = rooms.locate(&parsed).await;
    let Some(conn) = rooms.next_conn().await else {
        return say_and_close(
            socket,
            RoomMsg::Closed {
                reason: "The room server cannot reach its rooms just now; try again in a moment."
                    .into(),
            },
        )
        .await;
    };
    match located {
        Located::Here(entry) => serve_here(rooms, entry, conn, ip, socket).await,
        Located::At(owner) => serve_through(rooms, parsed, owner, conn, socket).await,
        Located::Gone(reason) => {
            rooms.count_try(ip);
            say_and_close(socket, RoomMsg::Closed { reason }).await
        }
    }
}

/// A client of a room this node runs.
async fn serve_here(
    rooms: Arc<Rooms>,
    entry: Arc<Mutex<RoomEntry>>,
    conn: ConnId,
    ip: IpAddr,
    mut socket: WebSocket,
) {
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    let gone = {
        let mut e = lock(&entry);
        if !e.gone {
            e.senders.insert(conn, Sink::Local(tx));
            e.room.connect(conn, now_ms());
        }
        e.gone
    };
    if gone {
        // The room left this node a moment ago: the device reconnects to wherever it is.
        let _ = socket.send(Message::Close(None)).await;
        return;
    }
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Message::Close(_)) | None => break,
                Some(msg) => {
                    if socket.send(msg).await.is_err() {
                        break;
                    }
                }
            },
            m = socket.recv() => {
                let bytes = match incoming(m) {
                    Incoming::Bytes(b) => b,
                    Incoming::Skip => continue,
                    Incoming::Done => break,
                };
                let mut e = lock(&entry);
                if bytes.len() > MAX_MESSAGE_BYTES {
                    e.dispatch(vec![Out::Close(conn)], rooms.net());
                    continue;
                }
                let outs = e.room.on_message(conn, &bytes, now_ms(), new_token);
                // A seat token the room does not know counts as a try against this address.
                let wrong_token = matches!(
                    serde_json::from_slice::<ClientMsg>(&bytes),
                    Ok(ClientMsg::Enter { token: Some(_) })
                ) && e.room.seat_of(conn).is_none();
                e.dispatch(outs, rooms.net());
                drop(e);
                if wrong_token {
                    rooms.count_try(ip);
                }
            }
        }
    }
    let mut e = lock(&entry);
    if e.senders.remove(&conn).is_some() {
        let outs = e.room.disconnect(conn, now_ms());
        e.dispatch(outs, rooms.net());
    }
}

/// A client of a room another node runs: its messages go there, what the room says comes
/// back. If that node goes, the socket is closed and the client reconnects.
async fn serve_through(
    rooms: Arc<Rooms>,
    code: RoomCode,
    owner: String,
    conn: ConnId,
    mut socket: WebSocket,
) {
    let Some(net) = rooms.net() else { return };
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    lock(&rooms.proxied).insert(
        conn,
        Proxied {
            code: code.clone(),
            owner: owner.clone(),
            tx,
        },
    );
    let name = code.to_string();
    let from = net.store.node.clone();
    net.send(
        &owner,
        &Frame::Connect {
            code: name.clone(),
            conn,
            from: from.clone(),
        },
    );
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Message::Close(_)) | None => break,
                Some(msg) => {
                    if socket.send(msg).await.is_err() {
                        break;
                    }
                }
            },
            m = socket.recv() => {
                let bytes = match incoming(m) {
                    Incoming::Bytes(b) => b,
                    Incoming::Skip => continue,
                    Incoming::Done => break,
                };
                if bytes.len() > MAX_MESSAGE_BYTES {
                    break;
                }
                net.send(&owner, &Frame::Msg { code: name.clone(), conn, from: from.clone(), bytes });
            }
        }
    }
    lock(&rooms.proxied).remove(&conn);
    net.send(
        &owner,
        &Frame::Leave {
            code: name,
            conn,
            from,
        },
    );
    let _ = socket.send(Message::Close(None)).await;
}

/// Runs the server until the process is stopped: binds, prints where it listens, ticks the
/// rooms four times a second.
pub async fn serve(config: Config) -> std::io::Result<()> {
    let addr = SocketAddr::new(config.bind, config.port);
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let rooms = Rooms::new(config);
    join_redis(&rooms).await?;
    let kept = match (&rooms.config.redis, rooms.net()) {
        (Some(url), Some(net)) => format!("; rooms in Redis at {url} as node {}", net.store.node),
        _ => String::new(),
    };
    println!(
        "worlds serve: http://{local} (site {}{kept})",
        rooms.config.site.display()
    );
    run_rooms(listener, rooms).await
}

/// Serves on a listener already bound (tests bind port 0).
pub async fn run(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    let rooms = Rooms::new(config);
    join_redis(&rooms).await?;
    run_rooms(listener, rooms).await
}

/// With `--redis`: connects, subscribes to this node's channel, and starts the publisher of
/// frames to other nodes.
async fn join_redis(rooms: &Arc<Rooms>) -> std::io::Result<()> {
    let Some(url) = rooms.config.redis.clone() else {
        return Ok(());
    };
    let node: String = random::<4>().iter().map(|b| format!("{b:02x}")).collect();
    let fail = |e: redis::RedisError| std::io::Error::other(format!("Redis at {url}: {e}"));
    let store = Arc::new(Store::connect(&url, node).await.map_err(fail)?);
    let mut frames = store.subscribe().await.map_err(fail)?;
    let (outbox, mut queue) = mpsc::unbounded_channel::<(String, Vec<u8>)>();
    let publisher = store.clone();
    tokio::spawn(async move {
        while let Some((node, bytes)) = queue.recv().await {
            let _ = publisher.publish(&node, &bytes).await;
        }
    });
    let _ = rooms.net.set(Net { store, outbox });
    let listening = rooms.clone();
    tokio::spawn(async move {
        while let Some(msg) = frames.next().await {
            if let Some(frame) = Frame::decode(msg.get_payload_bytes()) {
                listening.on_frame(frame);
            }
        }
        // Without its channel this node can serve no one: stop, to be restarted.
        eprintln!("worlds serve: the connection to Redis was lost; stopping");
        std::process::exit(1);
    });
    Ok(())
}

/// Serves `rooms` on a listener already bound (tests keep `rooms` to look inside).
pub async fn run_rooms(
    listener: tokio::net::TcpListener,
    rooms: Arc<Rooms>,
) -> std::io::Result<()> {
    let ticking = rooms.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(250));
        let mut n = 0u64;
        loop {
            every.tick().await;
            ticking.tick_all();
            n += 1;
            if n.is_multiple_of(4) {
                ticking.keep_up().await;
            }
        }
    });
    axum::serve(
        listener,
        app(rooms).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
}
