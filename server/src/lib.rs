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
//! codes cannot be guessed at speed. Rooms live in memory; one nobody has been connected to
//! for `--room-idle-minutes` is closed, and its code says so afterwards.

use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::sync::mpsc;
use tower_http::cors::{Any, CorsLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use worlds_table::protocol::MAX_MESSAGE_BYTES;
use worlds_table::room::{seat_token, ClientMsg, ConnId, OpenRoom, Out, Room, RoomCode, RoomMsg};

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
}

/// A room and the connections to it (each connection's outgoing queue).
struct RoomEntry {
    room: Room,
    senders: HashMap<ConnId, mpsc::UnboundedSender<Message>>,
}

impl RoomEntry {
    /// Sends what the room said; a closed connection's queue ends its socket.
    fn dispatch(&mut self, outs: Vec<Out>) {
        for note in self.room.take_notes() {
            eprintln!("{note}");
        }
        for out in outs {
            match out {
                Out::To(conn, bytes) => {
                    if let Some(tx) = self.senders.get(&conn) {
                        let msg = match String::from_utf8(bytes) {
                            Ok(text) if text.starts_with('{') => Message::Text(text.into()),
                            Ok(text) => Message::Binary(Bytes::from(text.into_bytes())),
                            Err(e) => Message::Binary(Bytes::from(e.into_bytes())),
                        };
                        let _ = tx.send(msg);
                    }
                }
                Out::Close(conn) => {
                    if let Some(tx) = self.senders.remove(&conn) {
                        let _ = tx.send(Message::Close(None));
                    }
                }
            }
        }
    }
}

/// Everything the server keeps.
pub struct Rooms {
    config: Config,
    rooms: Mutex<HashMap<RoomCode, Arc<Mutex<RoomEntry>>>>,
    closed: Mutex<HashSet<RoomCode>>,
    tries: Mutex<HashMap<IpAddr, (u64, u32)>>,
    next_conn: AtomicU32,
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
        })
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
    /// such room, or its game has not started).
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

    /// Every room's tick: the host's, the computers', and closing idle rooms.
    fn tick_all(&self) {
        let now = now_ms();
        let idle_ms = self.config.room_idle_minutes.saturating_mul(60_000);
        let entries: Vec<(RoomCode, Arc<Mutex<RoomEntry>>)> = lock(&self.rooms)
            .iter()
            .map(|(c, e)| (c.clone(), e.clone()))
            .collect();
        for (code, entry) in entries {
            let mut e = lock(&entry);
            if e.room.idle(now, idle_ms) {
                drop(e);
                lock(&self.rooms).remove(&code);
                lock(&self.closed).insert(code);
                continue;
            }
            let outs = e.room.tick(now);
            e.dispatch(outs);
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
    let code = loop {
        let code = RoomCode::from_random(random::<5>());
        if rooms.room(&code).is_none() && !lock(&rooms.closed).contains(&code) {
            break code;
        }
    };
    match Room::open(
        code.clone(),
        request,
        new_token,
        rooms.config.bot_delay_ms,
        now_ms(),
    ) {
        Ok((room, held)) => {
            lock(&rooms.rooms).insert(
                code.clone(),
                Arc::new(Mutex::new(RoomEntry {
                    room,
                    senders: HashMap::new(),
                })),
            );
            (
                StatusCode::CREATED,
                Json(serde_json::json!({ "code": code.shown(), "seats": held })),
            )
                .into_response()
        }
        Err(why) => problem(StatusCode::BAD_REQUEST, &why.to_string()),
    }
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

async fn serve_socket(rooms: Arc<Rooms>, code: String, ip: IpAddr, mut socket: WebSocket) {
    if !rooms.may_try(ip) {
        return say_and_close(
            socket,
            RoomMsg::Denied {
                reason: "Too many tries from this address; wait a minute.".into(),
            },
        )
        .await;
    }
    let parsed = RoomCode::parse(&code);
    let entry = parsed.as_ref().and_then(|c| rooms.room(c));
    let Some(entry) = entry else {
        rooms.count_try(ip);
        let closed = parsed.is_some_and(|c| lock(&rooms.closed).contains(&c));
        let reason = if closed {
            format!(
                "This room was closed after {} minutes with nobody in it.",
                rooms.config.room_idle_minutes
            )
        } else {
            "No room has this code.".to_string()
        };
        return say_and_close(socket, RoomMsg::Closed { reason }).await;
    };
    let conn = rooms.next_conn.fetch_add(1, Ordering::Relaxed);
    let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
    {
        let mut e = lock(&entry);
        e.senders.insert(conn, tx);
        e.room.connect(conn, now_ms());
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
            incoming = socket.recv() => {
                let bytes = match incoming {
                    Some(Ok(Message::Text(t))) => t.as_str().as_bytes().to_vec(),
                    Some(Ok(Message::Binary(b))) => b.to_vec(),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                if bytes.len() > MAX_MESSAGE_BYTES {
                    let mut e = lock(&entry);
                    e.dispatch(vec![Out::Close(conn)]);
                    continue;
                }
                let mut e = lock(&entry);
                let outs = e.room.on_message(conn, &bytes, now_ms(), new_token);
                // A seat token the room does not know counts as a try against this address.
                let wrong_token = matches!(
                    serde_json::from_slice::<ClientMsg>(&bytes),
                    Ok(ClientMsg::Enter { token: Some(_) })
                ) && e.room.seat_of(conn).is_none();
                e.dispatch(outs);
                drop(e);
                if wrong_token {
                    rooms.count_try(ip);
                }
            }
        }
    }
    let mut e = lock(&entry);
    e.senders.remove(&conn);
    let outs = e.room.disconnect(conn, now_ms());
    e.dispatch(outs);
}

/// Runs the server until the process is stopped: binds, prints where it listens, ticks the
/// rooms twice a second.
pub async fn serve(config: Config) -> std::io::Result<()> {
    let addr = SocketAddr::new(config.bind, config.port);
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!(
        "worlds serve: http://{local} (site {})",
        config.site.display()
    );
    run(listener, config).await
}

/// Serves on a listener already bound (tests bind port 0).
pub async fn run(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    run_rooms(listener, Rooms::new(config)).await
}

/// Serves `rooms` on a listener already bound (tests keep `rooms` to look inside).
pub async fn run_rooms(
    listener: tokio::net::TcpListener,
    rooms: Arc<Rooms>,
) -> std::io::Result<()> {
    let ticking = rooms.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(250));
        loop {
            every.tick().await;
            ticking.tick_all();
        }
    });
    axum::serve(
        listener,
        app(rooms).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await
}
