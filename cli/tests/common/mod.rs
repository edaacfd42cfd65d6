//! What the room server's process tests share: real processes (`worlds serve`, redis-server,
//! haproxy) started as an operator would on random loopback ports and stopped by their process
//! ids, and a player's device over a real WebSocket that plays as a balanced computer would.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use worlds_engine::bots::bot;
use worlds_engine::{Action, ComputerStrategy, Game, PlayerId};
use worlds_table::guest::Guest;
use worlds_table::protocol::state_hash;
use worlds_table::room::{RoomCode, RoomMsg};
use worlds_table::TableEvent;

/// A process stopped (by its id) when the test ends, however it ends.
pub struct Proc {
    pub child: Child,
    pub killed: bool,
}

impl Proc {
    /// Sends SIGTERM and waits for the process to end: how long it took and whether it
    /// ended well.
    pub fn term(&mut self) -> (Duration, bool) {
        let t0 = Instant::now();
        if std::mem::replace(&mut self.killed, true) {
            return (Duration::ZERO, false);
        }
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let ok = self.child.wait().is_ok_and(|s| s.success());
        (t0.elapsed(), ok)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn new(child: Child) -> Proc {
        Proc {
            child,
            killed: false,
        }
    }

    pub fn kill9(&mut self) {
        if std::mem::replace(&mut self.killed, true) {
            return;
        }
        let _ = Command::new("kill")
            .args(["-9", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

pub fn wait_for_port(port: u16, what: &str) {
    let until = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < until, "{what} did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub fn tool(name: &str) -> String {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    assert!(
        !found.is_empty(),
        "{name} is not installed: run scripts/setup.sh (it installs redis-server and haproxy from Debian)"
    );
    found
}

pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("worlds-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>rooms</title>",
    )
    .expect("site");
    dir
}

pub fn redis(port: u16) -> Proc {
    let child = Command::new(tool("redis-server"))
        .args([
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ])
        .stdout(Stdio::null())
        .spawn()
        .expect("redis-server starts");
    wait_for_port(port, "redis-server");
    Proc::new(child)
}

/// A node keeping its rooms in Redis; its id as it printed it.
pub fn node(site: &Path, port: u16, redis_port: u16) -> (Proc, String) {
    let redis = format!("redis://127.0.0.1:{redis_port}");
    let (proc, line) = serve(
        site,
        port,
        &[
            "--redis",
            &redis,
            "--bot-delay-ms",
            "0",
            "--set-aside-seconds",
            "1",
        ],
    );
    let id = line
        .split("as node ")
        .nth(1)
        .map(|rest| rest.trim().trim_end_matches(')').to_string())
        .unwrap_or_else(|| panic!("a node id in {line:?}"));
    (proc, id)
}

/// haproxy on `port` in front of `nodes` (round robin, readiness checks on /readyz, long
/// tunnels for the WebSockets), with `options` added to its backend (e.g. `option forwardfor`).
pub fn haproxy(dir: &Path, port: u16, nodes: &[u16], options: &str) -> Proc {
    let servers: String = nodes
        .iter()
        .enumerate()
        .map(|(i, p)| format!("  server n{i} 127.0.0.1:{p} check\n"))
        .collect();
    let config = format!(
        "global\n  maxconn 4096\n\
         defaults\n  mode http\n  timeout connect 2s\n  timeout client 60s\n  timeout server 60s\n  timeout tunnel 1h\n\
         frontend rooms\n  bind 127.0.0.1:{port}\n  default_backend nodes\n\
         backend nodes\n  balance roundrobin\n  option httpchk GET /readyz\n  default-server inter 300ms fall 2 rise 1\n{options}\n{servers}"
    );
    let file = dir.join(format!("haproxy-{port}.cfg"));
    std::fs::write(&file, config).expect("haproxy.cfg");
    let child = Command::new(tool("haproxy"))
        .args(["-db", "-f", &file.display().to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("haproxy starts");
    wait_for_port(port, "haproxy");
    Proc::new(child)
}

/// `worlds serve` on `port` with the site in `site` and more flags; its first line (where it
/// listens and where it keeps its rooms), once it listens.
pub fn serve(site: &Path, port: u16, flags: &[&str]) -> (Proc, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args([
            "serve",
            "--site",
            &site.display().to_string(),
            "--port",
            &port.to_string(),
        ])
        .args(flags)
        .stdout(Stdio::piped())
        .spawn()
        .expect("worlds serve starts");
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        let mut out = BufReader::new(out);
        out.read_line(&mut line).expect("its first line");
        // Keep reading (and dropping) what it prints, so it never blocks on a full pipe.
        std::thread::spawn(move || {
            let mut sink = String::new();
            while out.read_line(&mut sink).is_ok_and(|n| n > 0) {
                sink.clear();
            }
        });
    }
    wait_for_port(port, "worlds serve");
    (Proc::new(child), line)
}

pub fn redis_cli(port: u16, args: &[&str]) -> String {
    let out = Command::new(tool("redis-cli"))
        .args(["-p", &port.to_string()])
        .args(args)
        .output()
        .expect("redis-cli");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

pub fn redis_get(port: u16, key: &str) -> String {
    redis_cli(port, &["GET", key])
}

/// The milliseconds a key has left (-1: it does not expire; -2: it is not there).
pub fn redis_pttl(port: u16, key: &str) -> i64 {
    redis_cli(port, &["PTTL", key]).parse().unwrap_or(-3)
}

/// A plain HTTP/1.1 POST through the balancer: the status and the body.
pub fn post(port: u16, path: &str, body: &str) -> (u16, String) {
    request(port, "POST", path, body)
}

/// A plain HTTP/1.1 GET: the status and the body.
pub fn get(port: u16, path: &str) -> (u16, String) {
    request(port, "GET", path, "")
}

fn request(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sends");
    let mut text = String::new();
    s.read_to_string(&mut text).expect("reads");
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

pub type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// A player's device: it enters with its seat token, plays as a balanced computer would when
/// it is its move, and reconnects by itself (through the balancer) when its socket drops.
pub struct Device {
    pub port: u16,
    pub code: RoomCode,
    pub token: String,
    pub seat: PlayerId,
    pub ws: Option<Ws>,
    pub guest: Option<Guest>,
    pub intents: u64,
    pub reconnects: u64,
    pub clock: Instant,
    /// The close codes the server ended this device's sockets with.
    pub closed_with: Vec<u16>,
}

impl Device {
    pub async fn open(&mut self) {
        let url = format!(
            "ws://127.0.0.1:{}/api/rooms/{}/ws",
            self.port,
            self.code.shown()
        );
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok((mut ws, _)) = connect_async(&url).await {
                let enter = serde_json::json!({"t": "enter", "token": self.token}).to_string();
                if ws.send(Message::Text(enter.into())).await.is_ok() {
                    self.ws = Some(ws);
                    self.guest = None;
                    return;
                }
            }
            assert!(Instant::now() < until, "could not reconnect within 30 s");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    pub async fn send(&mut self, bytes: Vec<u8>) {
        let msg = match String::from_utf8(bytes) {
            Ok(t) => Message::Text(t.into()),
            Err(e) => Message::Binary(e.into_bytes().into()),
        };
        if let Some(ws) = self.ws.as_mut() {
            if ws.send(msg).await.is_err() {
                self.ws = None;
            }
        }
    }

    /// Reads what came within `ms` and plays its move if it is one.
    pub async fn step(&mut self, ms: u64) {
        if self.ws.is_none() {
            self.reconnects += 1;
            self.open().await;
        }
        let until = Instant::now() + Duration::from_millis(ms);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let Some(ws) = self.ws.as_mut() else { return };
            let next = match tokio::time::timeout(left, ws.next()).await {
                Err(_) => break,
                Ok(Some(Ok(m))) => m,
                Ok(_) => {
                    self.ws = None;
                    return;
                }
            };
            let bytes = match next {
                Message::Text(t) => t.as_str().as_bytes().to_vec(),
                Message::Binary(b) => b.to_vec(),
                Message::Close(frame) => {
                    self.closed_with
                        .push(frame.map_or(1005, |f| u16::from(f.code)));
                    self.ws = None;
                    return;
                }
                _ => continue,
            };
            if let Ok(msg) = serde_json::from_slice::<RoomMsg>(&bytes) {
                match msg {
                    RoomMsg::Room(info) if info.started && self.guest.is_none() => {
                        let mut g = Guest::new(self.code.table_id(), self.seat);
                        let hello = g.hello();
                        self.guest = Some(g);
                        self.send(hello.bytes).await;
                    }
                    RoomMsg::Closed { reason } | RoomMsg::Denied { reason } => {
                        panic!("seat {}: {reason}", self.seat)
                    }
                    _ => {}
                }
                continue;
            }
            let Some(g) = self.guest.as_mut() else {
                continue;
            };
            let out = g.on_message(&bytes);
            for e in g.drain_events() {
                if let TableEvent::Refused { reason, .. } = e {
                    eprintln!("seat {}: refused: {reason}", self.seat);
                }
            }
            for o in out {
                self.send(o.bytes).await;
            }
        }
        let now = self.clock.elapsed().as_millis() as u64;
        let Some(g) = self.guest.as_mut() else { return };
        let mut out = g.tick(now);
        if g.my_move() {
            if let Some(me) = g.game().and_then(Game::actor) {
                let game = g.game().expect("a game");
                let action = bot(ComputerStrategy::Balanced).choose(game, me);
                if let Ok(o) = g.intent(action) {
                    self.intents += 1;
                    out.push(o);
                }
            }
        }
        for o in out {
            self.send(o.bytes).await;
        }
    }

    pub fn game(&self) -> Option<&Game> {
        self.guest.as_ref().and_then(Guest::game)
    }

    pub fn turns(&self) -> usize {
        self.game().map_or(0, |g| {
            g.history()
                .iter()
                .filter(|a| matches!(a, Action::EndTurn))
                .count()
        })
    }
}

/// Both devices play until `turns` more turns have ended and they agree on the game.
pub async fn play(a: &mut Device, b: &mut Device, turns: usize) {
    let target = a.turns().max(b.turns()) + turns;
    let until = Instant::now() + Duration::from_secs(90);
    loop {
        a.step(40).await;
        b.step(40).await;
        let (Some(ga), Some(gb)) = (a.game(), b.game()) else {
            assert!(
                Instant::now() < until,
                "the game did not reach both devices"
            );
            continue;
        };
        let over = ga.is_over();
        if (a.turns() >= target || over)
            && ga.history() == gb.history()
            && a.guest.as_ref().is_some_and(|g| g.pending() == 0)
            && b.guest.as_ref().is_some_and(|g| g.pending() == 0)
        {
            return;
        }
        assert!(
            Instant::now() < until,
            "{turns} turns were not played within 90 s (turns {} / {}, actions {} / {})",
            a.turns(),
            b.turns(),
            ga.history().len(),
            gb.history().len()
        );
    }
}

/// Equal games on both devices, and no person's move applied more often than it was sent.
pub fn same_game(a: &Device, b: &Device) -> (usize, u64) {
    let (ga, gb) = (a.game().expect("a game"), b.game().expect("a game"));
    assert_eq!(ga.history(), gb.history(), "equal actions");
    assert_eq!(ga.log(), gb.log(), "equal logs");
    assert_eq!(state_hash(ga), state_hash(gb), "equal panels");
    // A device's copy keeps no secrets: its setup for a replay comes from the dice and cards
    // its log shows.
    let public = ga
        .replayable()
        .expect("the game replays from what the devices saw");
    let mut replay = Game::new(public.setup().clone()).expect("replays");
    let mut by_seat = [0u64; 8];
    for action in ga.history() {
        if let Some(s) = worlds_table::host::seat_of(&replay, action) {
            by_seat[s.index()] += 1;
        }
        replay.apply(action.clone()).expect("applies");
    }
    for d in [a, b] {
        assert!(
            by_seat[d.seat.index()] <= d.intents,
            "seat {}: {} actions from {} moves sent: one was applied twice",
            d.seat,
            by_seat[d.seat.index()],
            d.intents
        );
    }
    (ga.history().len(), state_hash(ga))
}

impl Device {
    /// A device holding `token` for `seat` of room `code`, reached at `port` (not yet open).
    pub fn new(
        port: u16,
        code: &RoomCode,
        token: String,
        seat: PlayerId,
        clock: Instant,
    ) -> Device {
        Device {
            port,
            code: code.clone(),
            token,
            seat,
            ws: None,
            guest: None,
            intents: 0,
            reconnects: 0,
            clock,
            closed_with: Vec::new(),
        }
    }
}

/// Ann opens a room (with a computer, Cal) at `port`; Bea joins by the link; Ann starts the
/// game. Their devices, both open.
pub async fn ann_and_bea(port: u16) -> (RoomCode, Device, Device) {
    ann_and_bea_on(port, worlds_engine::Preset::Classic.board()).await
}

/// A classic-style setup: Ann (a person, red car) and Cal (a balanced computer, green dog).
pub fn ann_and_cal(board: worlds_engine::Board) -> worlds_engine::GameSetup {
    use worlds_engine::{GameSetup, Seat, Token};
    GameSetup::new(
        board,
        vec![
            Seat {
                color: "#d62828".into(),
                token: Token::from_name("car"),
                ..Seat::human("Ann")
            },
            Seat {
                color: "#15803d".into(),
                token: Token::from_name("dog"),
                ..Seat::computer("Cal", ComputerStrategy::Balanced)
            },
        ],
        0,
    )
}

/// [`ann_and_bea`] on another board.
pub async fn ann_and_bea_on(port: u16, board: worlds_engine::Board) -> (RoomCode, Device, Device) {
    let mut setup = ann_and_cal(board);
    setup.rules.round_limit = Some(400);
    let body = serde_json::json!({"title": "Far apart", "setup": setup, "spectators": false});
    let (status, text) = post(port, "/api/rooms", &body.to_string());
    assert_eq!(status, 201, "{text}");
    let opened: serde_json::Value = serde_json::from_str(&text).expect("json");
    let code = RoomCode::parse(opened["code"].as_str().expect("a code")).expect("a room code");
    let ann_token = opened["seats"][0]["token"]
        .as_str()
        .expect("a token")
        .to_string();
    let clock = Instant::now();
    let mut ann = Device::new(port, &code, ann_token, PlayerId(0), clock);
    ann.open().await;
    // Bea joins without a token and is given one.
    let url = format!("ws://127.0.0.1:{port}/api/rooms/{}/ws", code.shown());
    let (mut ws, _) = connect_async(&url).await.expect("Bea connects");
    for msg in [
        serde_json::json!({"t": "enter", "token": null}),
        serde_json::json!({"t": "join", "name": "Bea", "color": "#1d4ed8", "token": "boot"}),
    ] {
        ws.send(Message::Text(msg.to_string().into()))
            .await
            .expect("sends");
    }
    let (seat, token) = loop {
        let m = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a seat within 10 s")
            .expect("open")
            .expect("a message");
        if let Message::Text(t) = m {
            if let Ok(RoomMsg::Seated { seat, token }) = serde_json::from_str(t.as_str()) {
                break (seat, token);
            }
        }
    };
    drop(ws);
    let mut bea = Device::new(port, &code, token, seat, clock);
    bea.open().await;
    ann.step(300).await;
    ann.send(br#"{"t":"start"}"#.to_vec()).await;
    (code, ann, bea)
}

/// A test's runtime (one thread, as a browser's page is).
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}
