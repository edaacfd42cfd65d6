//! The room server with real WebSocket clients on loopback: whole games played by four
//! devices, a device that drops and rejoins by its token, and forged, oversized, out-of-turn,
//! wrong-seat and flooding messages that change nothing. Each client is the same
//! `worlds_table::guest::Guest` a browser runs, its player a computer strategy.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use worlds_engine::bots::bot;
use worlds_engine::{ComputerStrategy, GameSetup, PlayerId, Preset, Seat, Token};
use worlds_server::{Config, Keep, Rooms};
use worlds_table::guest::Guest;
use worlds_table::protocol::{secret_field, state_hash, Reassembler, PART_TAG};
use worlds_table::room::{HeldSeat, RoomCode, RoomMsg, RoomPresence};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A site folder with an index page and a precompressed file.
fn site() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("worlds-site-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Monopoly Worlds</title>",
    )
    .expect("write");
    std::fs::write(dir.join("app.wasm"), b"\0asm\x01\0\0\0").expect("write");
    std::fs::write(dir.join("app.wasm.gz"), b"gzipped").expect("write");
    dir
}

async fn start() -> (SocketAddr, Arc<Rooms>) {
    start_with(|_| {}).await
}

/// A server on a loopback port with rooms in memory, its flags changed by `change`.
async fn start_with(change: impl FnOnce(&mut Config)) -> (SocketAddr, Arc<Rooms>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let mut config = Config::new(site(), Keep::Memory);
    config.bind = addr.ip();
    config.port = addr.port();
    config.bot_delay_ms = 0;
    change(&mut config);
    let rooms = worlds_server::open_rooms(config).await.expect("rooms");
    tokio::spawn(worlds_server::run_rooms(listener, rooms.clone()));
    (addr, rooms)
}

/// One HTTP request; the status and the body.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    extra: &str,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).await.expect("connects");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("writes");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("reads");
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

fn setup(round_limit: u32) -> GameSetup {
    let mut s = GameSetup::new(
        Preset::Classic.board(),
        vec![Seat {
            color: "#d62828".into(),
            token: Token::from_name("car"),
            ..Seat::human("Ann")
        }],
        0,
    );
    s.rules.round_limit = Some(round_limit);
    s
}

/// Opens a room; its code and the creator's seat.
async fn open_room(addr: SocketAddr, round_limit: u32) -> (String, HeldSeat) {
    let body = serde_json::json!({ "title": "Test game", "setup": setup(round_limit), "spectators": false });
    let (status, _, text) = http(addr, "POST", "/api/rooms", &body.to_string(), "").await;
    assert_eq!(status, 201, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let code = v["code"].as_str().expect("a code").to_string();
    let held: Vec<HeldSeat> = serde_json::from_value(v["seats"].clone()).expect("seats");
    (code, held[0].clone())
}

async fn socket(addr: SocketAddr, code: &str) -> Ws {
    connect_async(format!("ws://{addr}/api/rooms/{code}/ws"))
        .await
        .expect("a socket")
        .0
}

async fn send_json(ws: &mut Ws, v: serde_json::Value) {
    ws.send(Message::Text(v.to_string().into()))
        .await
        .expect("sends");
}

/// The next room message (skipping the game's), within 5 s.
async fn next_room_msg(ws: &mut Ws) -> RoomMsg {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("readable");
        if let Message::Text(t) = msg {
            if let Ok(m) = serde_json::from_str::<RoomMsg>(t.as_str()) {
                return m;
            }
        }
    }
}

/// A device: its socket, its seat and token, and its copy of the game once started.
struct Device {
    ws: Ws,
    seat: PlayerId,
    token: String,
    guest: Option<Guest>,
    started: bool,
    heard: Heard,
}

/// What a device received, read as it arrives (parts put back together): every message's
/// `t`, each checked for a field that could hold a secret.
#[derive(Default)]
struct Heard {
    parts: Reassembler,
    kinds: Vec<String>,
}

impl Heard {
    fn read(&mut self, frame: &[u8]) {
        let whole = if frame.first() == Some(&PART_TAG) {
            match self.parts.push(frame) {
                Ok(Some(whole)) => whole,
                Ok(None) => return,
                Err(why) => panic!("a damaged part: {why}"),
            }
        } else {
            frame.to_vec()
        };
        let value: serde_json::Value = serde_json::from_slice(&whole).expect("JSON");
        if let Some(key) = secret_field(&value) {
            panic!("a field {key} reached a client");
        }
        self.kinds
            .push(value["t"].as_str().unwrap_or_default().to_string());
    }

    fn count(&self, t: &str) -> usize {
        self.kinds.iter().filter(|k| *k == t).count()
    }
}

async fn enter(addr: SocketAddr, code: &str, held: &HeldSeat) -> Device {
    let mut ws = socket(addr, code).await;
    send_json(
        &mut ws,
        serde_json::json!({"t": "enter", "token": held.token}),
    )
    .await;
    Device {
        ws,
        seat: held.seat,
        token: held.token.clone(),
        guest: None,
        started: false,
        heard: Heard::default(),
    }
}

async fn join(addr: SocketAddr, code: &str, name: &str, color: &str, token: &str) -> Device {
    let mut ws = socket(addr, code).await;
    send_json(&mut ws, serde_json::json!({"t": "enter", "token": null})).await;
    send_json(
        &mut ws,
        serde_json::json!({"t": "join", "name": name, "color": color, "token": token}),
    )
    .await;
    loop {
        if let RoomMsg::Seated { seat, token } = next_room_msg(&mut ws).await {
            return Device {
                ws,
                seat,
                token,
                guest: None,
                started: false,
                heard: Heard::default(),
            };
        }
    }
}

impl Device {
    /// Handles what came in for up to `ms`; plays its seat with a balanced computer.
    async fn step(&mut self, code: &RoomCode, ms: u64, start_ms: Instant) {
        let now = || start_ms.elapsed().as_millis() as u64;
        let until = Instant::now() + Duration::from_millis(ms);
        while let Ok(Some(Ok(msg))) = tokio::time::timeout(
            until.saturating_duration_since(Instant::now()),
            self.ws.next(),
        )
        .await
        {
            let bytes = match msg {
                Message::Text(t) => t.as_str().as_bytes().to_vec(),
                Message::Binary(b) => b.to_vec(),
                _ => continue,
            };
            self.heard.read(&bytes);
            if let Ok(RoomMsg::Room(info)) = serde_json::from_slice::<RoomMsg>(&bytes) {
                if info.started && !self.started {
                    self.started = true;
                    let mut g = Guest::new(code.table_id(), self.seat);
                    let hello = g.hello();
                    self.guest = Some(g);
                    self.ws
                        .send(Message::Text(
                            String::from_utf8(hello.bytes).expect("json").into(),
                        ))
                        .await
                        .expect("sends");
                }
                continue;
            }
            if let Some(g) = self.guest.as_mut() {
                for o in g.on_message(&bytes) {
                    self.ws
                        .send(Message::Text(
                            String::from_utf8(o.bytes).expect("json").into(),
                        ))
                        .await
                        .expect("sends");
                }
            }
        }
        let Some(g) = self.guest.as_mut() else { return };
        let mut out = g.tick(now());
        if g.my_move() {
            if let Some(game) = g.game() {
                if let Some(me) = game.actor() {
                    let action = bot(ComputerStrategy::Balanced).choose(game, me);
                    if let Ok(o) = g.intent(action) {
                        out.push(o);
                    }
                }
            }
        }
        for o in out {
            self.ws
                .send(Message::Text(
                    String::from_utf8(o.bytes).expect("json").into(),
                ))
                .await
                .expect("sends");
        }
    }

    fn hash(&self) -> Option<(u64, u64)> {
        self.guest
            .as_ref()
            .and_then(Guest::game)
            .map(|g| (g.history().len() as u64, state_hash(g)))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_devices_play_whole_games_and_one_drops_and_rejoins_by_its_token() {
    let (addr, rooms) = start().await;
    for game in 0..2 {
        let (code, creator) = open_room(addr, 12).await;
        let room_code = RoomCode::parse(&code).expect("a code");
        let mut devices = vec![enter(addr, &code, &creator).await];
        for (name, color, token) in [
            ("Bea", "#1d4ed8", "boot"),
            ("Cy", "#15803d", "dog"),
            ("Di", "#7e22ce", "ship"),
        ] {
            devices.push(join(addr, &code, name, color, token).await);
        }
        send_json(&mut devices[0].ws, serde_json::json!({"t": "start"})).await;
        let t0 = Instant::now();
        let mut dropped = false;
        while !rooms.game_over(&code) {
            assert!(t0.elapsed() < Duration::from_secs(120), "the game ends");
            for d in devices.iter_mut() {
                d.step(&room_code, 5, t0).await;
            }
            // Cy's device drops mid-game and comes back with its token on a new socket.
            let seq = rooms.game_state(&code).map_or(0, |s| s.0);
            if !dropped && seq > 60 {
                dropped = true;
                let held = HeldSeat {
                    seat: devices[2].seat,
                    token: devices[2].token.clone(),
                };
                let _ = devices[2].ws.close(None).await;
                devices[2] = enter(addr, &code, &held).await;
            }
        }
        assert!(dropped, "game {game}: the drop happened");
        // Every device ends with the server's game.
        let server = rooms.game_state(&code).expect("a game");
        let t1 = Instant::now();
        while devices.iter().any(|d| d.hash() != Some(server)) {
            assert!(
                t1.elapsed() < Duration::from_secs(20),
                "every device catches up"
            );
            for d in devices.iter_mut() {
                d.step(&room_code, 5, t0).await;
            }
        }
        eprintln!("game {game}: {} actions, every device equal", server.0);
    }
}

/// Reads what a watcher's socket received for up to `ms`.
async fn watch(ws: &mut Ws, heard: &mut Heard, ms: u64) {
    let until = Instant::now() + Duration::from_millis(ms);
    while let Ok(Some(Ok(msg))) =
        tokio::time::timeout(until.saturating_duration_since(Instant::now()), ws.next()).await
    {
        match msg {
            Message::Text(t) => heard.read(t.as_str().as_bytes()),
            Message::Binary(b) => heard.read(&b),
            _ => {}
        }
    }
}

/// Issue 41: every frame a room's devices receive over their sockets (two players, one of
/// whom drops and comes back, the other asking for the whole game again, and a watcher) has
/// no field named `rng` or `seed` at any depth, while the welcomes and the applied actions
/// that carry the game are among them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_device_receives_a_generator_or_a_seed() {
    let (addr, rooms) = start().await;
    let body = serde_json::json!({ "title": "Test game", "setup": setup(20), "spectators": true });
    let (status, _, text) = http(addr, "POST", "/api/rooms", &body.to_string(), "").await;
    assert_eq!(status, 201, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let code = v["code"].as_str().expect("a code").to_string();
    let held: Vec<HeldSeat> = serde_json::from_value(v["seats"].clone()).expect("seats");
    let room_code = RoomCode::parse(&code).expect("a code");
    let mut ann = enter(addr, &code, &held[0]).await;
    let mut bea = join(addr, &code, "Bea", "#1d4ed8", "boot").await;
    let mut watcher = socket(addr, &code).await;
    send_json(
        &mut watcher,
        serde_json::json!({"t": "enter", "token": null}),
    )
    .await;
    let mut watched = Heard::default();
    send_json(&mut ann.ws, serde_json::json!({"t": "start"})).await;
    let t0 = Instant::now();
    let (mut came_back, mut asked_again) = (false, false);
    let mut bea_before = Heard::default();
    while !rooms.game_over(&code) {
        assert!(t0.elapsed() < Duration::from_secs(120), "the game ends");
        ann.step(&room_code, 5, t0).await;
        bea.step(&room_code, 5, t0).await;
        watch(&mut watcher, &mut watched, 1).await;
        let seq = rooms.game_state(&code).map_or(0, |s| s.0);
        if !came_back && seq > 10 {
            came_back = true;
            let held = HeldSeat {
                seat: bea.seat,
                token: bea.token.clone(),
            };
            let _ = bea.ws.close(None).await;
            let old = std::mem::replace(&mut bea, enter(addr, &code, &held).await);
            bea_before = old.heard;
        }
        if !asked_again && seq > 25 {
            asked_again = true;
            send_json(
                &mut ann.ws,
                serde_json::json!({"t": "resync_request", "from_seq": 0}),
            )
            .await;
        }
    }
    watch(&mut watcher, &mut watched, 200).await;
    assert!(came_back && asked_again);
    assert!(ann.heard.count("welcome") >= 2, "{:?}", ann.heard.kinds);
    assert!(bea_before.count("welcome") >= 1 && bea.heard.count("welcome") >= 1);
    assert!(watched.count("welcome") >= 1, "{:?}", watched.kinds);
    for heard in [&ann.heard, &bea.heard, &watched] {
        assert!(heard.count("applied") > 20, "{:?}", heard.kinds);
        assert!(heard.count("room") >= 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_oversized_out_of_turn_wrong_seat_and_flooding_messages_change_nothing() {
    let (addr, rooms) = start().await;
    let (code, creator) = open_room(addr, 30).await;
    let room_code = RoomCode::parse(&code).expect("a code");
    let mut ann = enter(addr, &code, &creator).await;
    let mut bea = join(addr, &code, "Bea", "#1d4ed8", "boot").await;
    send_json(&mut ann.ws, serde_json::json!({"t": "start"})).await;
    let t0 = Instant::now();
    // Both devices get the game; it is Ann's move.
    while ann.hash().is_none() || bea.hash().is_none() {
        ann.step(&room_code, 10, t0).await;
        bea.step(&room_code, 10, t0).await;
        assert!(t0.elapsed() < Duration::from_secs(10));
    }
    let before = rooms.game_state(&code).expect("a game");
    // Bea (seat 1) asks to roll on Ann's turn; says hello for Ann's seat; sends garbage.
    for bad in [
        serde_json::json!({"t": "intent", "id": 1, "seq_seen": before.0, "action": {"action": "roll"}}).to_string(),
        serde_json::json!({"t": "hello", "table": "4b37515834a2ffff", "seat": 0, "last_seq": 0, "hash": 0}).to_string(),
        "{\"t\":\"launch\"}".to_string(),
        "not json".to_string(),
        serde_json::json!({"t": "start"}).to_string(),
        serde_json::json!({"t": "remove", "seat": 0}).to_string(),
    ] {
        bea.ws.send(Message::Text(bad.into())).await.expect("sends");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(rooms.game_state(&code), Some(before), "nothing changed");
    // Oversized: the socket is closed, nothing changed.
    let mut big = socket(addr, &code).await;
    send_json(&mut big, serde_json::json!({"t": "enter", "token": null})).await;
    let _ = big.send(Message::Text("x".repeat(70_000).into())).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(rooms.game_state(&code), Some(before));
    // A device without the token cannot take a seat: it watches, and cannot act.
    let mut stranger = socket(addr, &code).await;
    send_json(
        &mut stranger,
        serde_json::json!({"t": "enter", "token": "00".repeat(16)}),
    )
    .await;
    assert!(matches!(
        next_room_msg(&mut stranger).await,
        RoomMsg::Denied { .. }
    ));
    stranger
        .send(Message::Text(
            serde_json::json!({"t": "intent", "id": 1, "seq_seen": before.0, "action": {"action": "roll"}}).to_string().into(),
        ))
        .await
        .expect("sends");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(rooms.game_state(&code), Some(before));
    // A flood: the flooder is told and closed; the room plays on.
    let mut flooder = socket(addr, &code).await;
    let mut closed = false;
    for _ in 0..5_000 {
        if flooder
            .send(Message::Text("{\"t\":\"ping\"}".into()))
            .await
            .is_err()
        {
            closed = true;
            break;
        }
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while !closed && Instant::now() < deadline {
        match tokio::time::timeout(Duration::from_millis(500), flooder.next()).await {
            Ok(Some(Ok(Message::Text(t)))) if t.as_str().contains("Too many messages") => {
                closed = true
            }
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => closed = true,
            _ => {}
        }
    }
    assert!(closed, "the flooder was closed");
    let t1 = Instant::now();
    while rooms.game_state(&code).map_or(0, |s| s.0) < before.0 + 20 {
        ann.step(&room_code, 10, t0).await;
        bea.step(&room_code, 10, t0).await;
        assert!(t1.elapsed() < Duration::from_secs(30), "the room plays on");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_health_unknown_codes_and_guessing_at_speed() {
    let (addr, _) = start().await;
    let (status, _, body) = http(addr, "GET", "/healthz", "", "").await;
    assert_eq!((status, body.as_str()), (200, "ok"));
    // A page on a static host that names this server as its "Room server" may ask it.
    let elsewhere = "Origin: https://static.example.org\r\n";
    let (status, head, _) = http(addr, "GET", "/healthz", "", elsewhere).await;
    assert_eq!(status, 200);
    assert!(
        head.to_lowercase()
            .contains("access-control-allow-origin: *"),
        "{head}"
    );
    let preflight = "Origin: https://static.example.org\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n";
    let (status, head, _) = http(addr, "OPTIONS", "/api/rooms", "", preflight).await;
    assert!((200..300).contains(&status), "{status} {head}");
    assert!(
        head.to_lowercase().contains("access-control-allow-methods"),
        "{head}"
    );
    let (status, head, body) = http(addr, "GET", "/", "", "").await;
    assert_eq!(status, 200);
    assert!(body.contains("Monopoly Worlds"));
    assert!(head.to_lowercase().contains("content-type: text/html"));
    let (_, head, body) = http(addr, "GET", "/app.wasm", "", "Accept-Encoding: gzip\r\n").await;
    let head = head.to_lowercase();
    assert!(
        head.contains("content-type: application/wasm") && head.contains("content-encoding: gzip"),
        "{head}"
    );
    assert_eq!(body, "gzipped");
    let (status, _, _) = http(addr, "GET", "/../Cargo.toml", "", "").await;
    assert_eq!(status, 404);
    let (status, _, body) = http(addr, "POST", "/api/rooms", "{\"title\":1}", "").await;
    assert_eq!(status, 400);
    assert!(body.contains("error"));
    // Unknown codes: said so; after 20 wrong tries a minute, the address waits.
    let mut last = None;
    for i in 0..22 {
        let mut ws = socket(addr, &format!("ZZZZ-ZZ{i:02}")).await;
        last = Some(next_room_msg(&mut ws).await);
        if i == 0 {
            assert!(
                matches!(&last, Some(RoomMsg::Closed { reason }) if reason == "No room has this code.")
            );
        }
    }
    assert!(
        matches!(&last, Some(RoomMsg::Denied { reason }) if reason.contains("Too many tries")),
        "{last:?}"
    );
}

/// The next room message that says the room's state, within 5 s.
async fn next_room_info(ws: &mut Ws) -> worlds_table::room::RoomInfo {
    loop {
        if let RoomMsg::Room(info) = next_room_msg(ws).await {
            return info;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_again_opens_one_new_room_where_both_devices_keep_their_seats() {
    let (addr, rooms) = start().await;
    let (code, creator) = open_room(addr, 1).await;
    let room_code = RoomCode::parse(&code).expect("a code");
    let mut ann = enter(addr, &code, &creator).await;
    let mut bea = join(addr, &code, "Bea", "#1d4ed8", "boot").await;
    send_json(&mut ann.ws, serde_json::json!({"t": "start"})).await;
    let t0 = Instant::now();
    while !rooms.game_over(&code) {
        assert!(t0.elapsed() < Duration::from_secs(60), "the game ends");
        ann.step(&room_code, 5, t0).await;
        bea.step(&room_code, 5, t0).await;
    }
    let kept = rooms.rooms_here();
    send_json(&mut ann.ws, serde_json::json!({"t": "play_again"})).await;
    let next = loop {
        let info = next_room_info(&mut ann.ws).await;
        if let Some(next) = info.next {
            break next;
        }
    };
    // Bea presses it too: she hears of the same room, and no second one is opened.
    send_json(&mut bea.ws, serde_json::json!({"t": "play_again"})).await;
    let heard = loop {
        if let Some(n) = next_room_info(&mut bea.ws).await.next {
            break n;
        }
    };
    assert_eq!(heard, next);
    assert_eq!(rooms.rooms_here(), kept + 1, "one new room");
    // Each device enters the new room with its old token and sits in its old seat.
    let ann_held = HeldSeat {
        seat: ann.seat,
        token: ann.token.clone(),
    };
    let bea_held = HeldSeat {
        seat: bea.seat,
        token: bea.token.clone(),
    };
    let mut ann2 = enter(addr, &next, &ann_held).await;
    let mut bea2 = enter(addr, &next, &bea_held).await;
    let info = loop {
        let info = next_room_info(&mut ann2.ws).await;
        if info.seats.iter().all(|s| s.presence == RoomPresence::Here) {
            break info;
        }
    };
    assert!(!info.started, "the new room waits for Start game");
    let names: Vec<&str> = info.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Bea"]);
    assert_eq!(info.title, "Test game");
    // The new game starts and is played in the new room.
    send_json(&mut ann2.ws, serde_json::json!({"t": "start"})).await;
    let next_code = RoomCode::parse(&next).expect("a code");
    while rooms.game_state(&next).map_or(0, |s| s.0) < 4 {
        assert!(
            t0.elapsed() < Duration::from_secs(90),
            "the new game goes on"
        );
        ann2.step(&next_code, 5, t0).await;
        bea2.step(&next_code, 5, t0).await;
    }
}
