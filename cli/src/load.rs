//! `worlds load --url ws://HOST:PORT --rooms N --seats S [--format json]`: a load generator
//! for a room server. It opens N rooms of S seats over real WebSockets, each seat a client
//! that plays as a balanced computer through the same `Guest` a browser runs (the creator
//! opens the room and starts it, the others join by the room's code), and reports how long
//! each action took from the intent sent to its confirmation, and what went wrong.
//!
//! It also reports what the clients received (`bytes_per_action_per_client`: every byte of
//! every WebSocket message, per confirmed action and per client of its room) and, with
//! `--server-pid PID` (once per server process), the server's own CPU time during the run
//! from `/proc/PID/stat`, per action: the server measured apart from its load. `--think-ms N`
//! makes each seat think N ms (randomised by up to half either way) before each decision, so
//! many rooms can be held at a person's pace.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use worlds_engine::bots::bot;
use worlds_engine::{ComputerStrategy, GameSetup, PlayerId, Preset, Seat, Token};
use worlds_table::guest::Guest;
use worlds_table::protocol::state_hash;
use worlds_table::room::{
    message_cost, HeldSeat, RoomCode, RoomMsg, MESSAGES_PER_WINDOW, WINDOW_MS,
};
use worlds_table::TableEvent;

use crate::args::LoadArgs;
use crate::landing::{clean, in_range, json, print_json, refuse, BadArgs};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a load run measured.
#[derive(Debug, Default, Serialize)]
pub struct LoadReport {
    pub rooms: u64,
    pub clients: u64,
    /// Actions confirmed by the server (each client's own intents).
    pub actions: u64,
    /// From an intent sent to its confirmation, over every confirmed action.
    pub p50_ms: f64,
    pub p99_ms: f64,
    /// Rooms that could not be opened, joined or finished, refused intents, sockets lost,
    /// clients whose game differed from the others' at the end.
    pub errors: u64,
    /// Intents sent and never confirmed nor refused.
    pub lost: u64,
    /// Actions a client saw applied for its seat more often than it asked.
    pub duplicates: u64,
    pub seconds: f64,
    /// Games played to their end or to an error (more than `rooms` in a soak).
    pub games: u64,
    /// Times a client dropped its socket and came back with its seat token.
    pub rejoins: u64,
    /// Every byte of every WebSocket message the clients received.
    pub bytes_received: u64,
    /// `bytes_received` per confirmed action and per client of its room (each action is told
    /// to every seat of its room).
    pub bytes_per_action_per_client: f64,
    /// The server's CPU time (user and system, every thread) during the run, from
    /// `/proc/PID/stat` (`--server-pid`; summed over every PID given). `null` without it.
    pub server_cpu_seconds: Option<f64>,
    /// `server_cpu_seconds` per confirmed action, in microseconds.
    pub server_cpu_us_per_action: Option<f64>,
    /// Each seat's pause before each decision (`--think-ms`).
    pub think_ms: u64,
}

#[derive(Default)]
struct Tally {
    rooms: u64,
    rejoins: u64,
    latencies: Vec<f64>,
    errors: u64,
    lost: u64,
    duplicates: u64,
    actions: u64,
    bytes: u64,
    problems: Vec<String>,
}

/// A seat's pause before each decision (`--think-ms`): `ms` randomised by up to half either
/// way, from a small generator of its own (SplitMix64).
struct Think {
    ms: u64,
    state: u64,
    /// When the decision being thought about is due.
    due: Option<Instant>,
}

impl Think {
    fn new(ms: u64, seed: u64) -> Think {
        Think {
            ms,
            state: seed,
            due: None,
        }
    }

    /// The next pause: `ms / 2` to `ms * 3 / 2`, every whole millisecond alike.
    fn pause(&mut self) -> Duration {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let low = self.ms / 2;
        Duration::from_millis(low + z % (self.ms - low + self.ms / 2 + 1))
    }

    /// Whether the seat has thought long enough to decide now (it starts thinking the first
    /// time it is asked).
    fn ready(&mut self) -> bool {
        if self.ms == 0 {
            return true;
        }
        match self.due {
            None => {
                self.due = Some(Instant::now() + self.pause());
                false
            }
            Some(t) if Instant::now() >= t => {
                self.due = None;
                true
            }
            Some(_) => false,
        }
    }

    /// How long to wait for messages: `most`, or less when a decision falls due sooner.
    fn window(&self, most: Duration) -> Duration {
        self.due.map_or(most, |t| {
            most.min(t.saturating_duration_since(Instant::now()))
        })
    }
}

/// A seed for a seat's thinking: its seat token, hashed (FNV-1a).
fn seed_of(token: &str) -> u64 {
    token.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The clock ticks per second `/proc` counts CPU time in (`getconf CLK_TCK`; 100 on Linux).
fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|t| *t > 0.0)
        .unwrap_or(100.0)
}

/// The CPU seconds (user and system, every thread) process `pid` has used so far, from
/// `/proc/PID/stat`.
fn cpu_seconds(pid: u32, ticks: f64) -> Result<f64, String> {
    let path = format!("/proc/{pid}/stat");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    // The process's name (field 2) is in parentheses and may hold spaces: the fields after
    // the last ')' start with field 3; utime and stime are fields 14 and 15.
    let fields: Vec<&str> = text
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let field = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok());
    match (field(11), field(12)) {
        (Some(user), Some(system)) => Ok((user + system) as f64 / ticks),
        _ => Err(format!("{path} does not read as a process's status")),
    }
}

/// The CPU seconds of every process in `pids`, added up.
fn cpu_of(pids: &[u32], ticks: f64) -> Result<f64, String> {
    pids.iter().map(|&p| cpu_seconds(p, ticks)).sum()
}

/// `ws://host:port` (a path after it is ignored) → the address.
fn address(url: &str) -> Result<String, BadArgs> {
    let rest = url
        .strip_prefix("ws://")
        .ok_or_else(|| BadArgs(format!("--url: '{}' must start with ws://", clean(url))))?;
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(BadArgs("--url: no host after ws://".into()));
    }
    Ok(host.to_string())
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

/// A plain HTTP/1.1 POST: the status and the body.
async fn post(host: &str, path: &str, body: &str) -> Result<(u16, String), String> {
    let mut s = TcpStream::connect(host).await.map_err(|e| e.to_string())?;
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Ok((status, body.to_string()))
}

async fn socket(host: &str, code: &str) -> Result<Ws, String> {
    connect_async(format!("ws://{host}/api/rooms/{code}/ws"))
        .await
        .map(|(ws, _)| ws)
        .map_err(|e| format!("socket: {e}"))
}

async fn send(ws: &mut Ws, bytes: Vec<u8>) -> Result<(), String> {
    let msg = match String::from_utf8(bytes) {
        Ok(t) => Message::Text(t.into()),
        Err(e) => Message::Binary(e.into_bytes().into()),
    };
    ws.send(msg).await.map_err(|e| format!("send: {e}"))
}

/// A seat's messages kept within the room's rate, as a well-behaved client keeps them: half of
/// [`MESSAGES_PER_WINDOW`] in each [`WINDOW_MS`] of its own, so that no window of the server's
/// (which may straddle two of these) counts more than the whole. Without it a seat that never
/// thinks, and comes back every few moves, goes over: its messages are dropped (waits of a
/// retry's 1.5 s) and, three windows in a row, its socket is closed.
struct Pace {
    start: Instant,
    spent: u32,
}

impl Pace {
    fn new() -> Pace {
        Pace {
            start: Instant::now(),
            spent: 0,
        }
    }

    /// Waits, if need be, until a message costing `cost` fits in the window.
    async fn wait(&mut self, cost: u32) {
        let window = Duration::from_millis(WINDOW_MS);
        loop {
            if self.start.elapsed() >= window {
                self.start = Instant::now();
                self.spent = 0;
            }
            if self.spent == 0 || self.spent + cost <= MESSAGES_PER_WINDOW / 2 {
                self.spent += cost;
                return;
            }
            tokio::time::sleep(window.saturating_sub(self.start.elapsed())).await;
        }
    }
}

/// How each room plays.
#[derive(Clone, Copy)]
struct Plan {
    seats: usize,
    rounds: u32,
    /// Each client drops its socket and comes back with its seat token after this many of
    /// its own confirmed actions (0: never).
    drop_every: u64,
    /// Keep opening a new room as each game ends, until then (a soak).
    until: Option<Instant>,
    /// Each seat's pause before each decision, in ms.
    think_ms: u64,
}

/// One seat's client.
struct Client {
    ws: Ws,
    seat: PlayerId,
    /// Its seat token and its room, to come back after a drop.
    token: String,
    host: String,
    rejoins: u64,
    guest: Option<Guest>,
    /// When the intent on its way was sent.
    sent: Option<Instant>,
    asked: u64,
    applied_mine: u64,
    /// Bytes of every WebSocket message received.
    received: u64,
    think: Think,
    pace: Pace,
}

impl Client {
    async fn enter(
        host: &str,
        code: &str,
        held: &HeldSeat,
        think_ms: u64,
    ) -> Result<Client, String> {
        let mut ws = socket(host, code).await?;
        let enter = serde_json::json!({"t": "enter", "token": held.token}).to_string();
        send(&mut ws, enter.into_bytes()).await?;
        Ok(Client {
            ws,
            seat: held.seat,
            token: held.token.clone(),
            host: host.to_string(),
            rejoins: 0,
            guest: None,
            sent: None,
            asked: 0,
            applied_mine: 0,
            received: 0,
            think: Think::new(think_ms, seed_of(&held.token)),
            pace: Pace::new(),
        })
    }

    async fn join(host: &str, code: &str, k: usize, think_ms: u64) -> Result<Client, String> {
        let mut ws = socket(host, code).await?;
        const COLORS: [&str; 8] = [
            "#1d4ed8", "#15803d", "#7e22ce", "#c2410c", "#0e7490", "#be185d", "#4d7c0f", "#92400e",
        ];
        const TOKENS: [&str; 8] = ["boot", "dog", "ship", "hat", "iron", "cat", "duck", "car"];
        send(
            &mut ws,
            serde_json::json!({"t": "enter", "token": null})
                .to_string()
                .into_bytes(),
        )
        .await?;
        let join = serde_json::json!({
            "t": "join",
            "name": format!("Player {}", k + 2),
            "color": COLORS[k % COLORS.len()],
            "token": TOKENS[k % TOKENS.len()],
        });
        send(&mut ws, join.to_string().into_bytes()).await?;
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut received = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = tokio::time::timeout(left, ws.next())
                .await
                .map_err(|_| "no seat within 20 s".to_string())?
                .ok_or("the socket closed before a seat")?
                .map_err(|e| e.to_string())?;
            received += msg.len() as u64;
            if let Message::Text(t) = msg {
                match serde_json::from_str::<RoomMsg>(t.as_str()) {
                    Ok(RoomMsg::Seated { seat, token }) => {
                        return Ok(Client {
                            think: Think::new(think_ms, seed_of(&token)),
                            ws,
                            seat,
                            token,
                            host: host.to_string(),
                            rejoins: 0,
                            guest: None,
                            sent: None,
                            asked: 0,
                            applied_mine: 0,
                            received,
                            pace: Pace::new(),
                        })
                    }
                    Ok(RoomMsg::Denied { reason }) => return Err(format!("join: {reason}")),
                    _ => {}
                }
            }
        }
    }

    /// Sends one message within the room's rate.
    async fn send(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        self.pace.wait(message_cost(&bytes)).await;
        send(&mut self.ws, bytes).await
    }

    /// Handles what came in within `ms`, then plays its move if it is one; latencies into
    /// `tally`.
    async fn step(
        &mut self,
        code: &RoomCode,
        ms: u64,
        clock: Instant,
        tally: &mut Tally,
    ) -> Result<(), String> {
        // A seat that thinks has no hurry between its decisions: it wakes less often.
        let most = if self.think.ms > 0 { ms.max(250) } else { ms };
        let until = Instant::now() + self.think.window(Duration::from_millis(most));
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let next = match tokio::time::timeout(left, self.ws.next()).await {
                Err(_) => break,
                Ok(None) => return Err("the socket closed".into()),
                Ok(Some(Err(e))) => return Err(e.to_string()),
                Ok(Some(Ok(m))) => m,
            };
            self.received += next.len() as u64;
            let bytes = match next {
                Message::Text(t) => t.as_str().as_bytes().to_vec(),
                Message::Binary(b) => b.to_vec(),
                Message::Close(_) => return Err("the server closed the socket".into()),
                _ => continue,
            };
            if let Ok(msg) = serde_json::from_slice::<RoomMsg>(&bytes) {
                if let RoomMsg::Room(info) = msg {
                    if info.started && self.guest.is_none() {
                        let mut g = Guest::new(code.table_id(), self.seat);
                        let hello = g.hello();
                        self.guest = Some(g);
                        self.send(hello.bytes).await?;
                    }
                }
                continue;
            }
            let Some(g) = self.guest.as_mut() else {
                continue;
            };
            let out = g.on_message(&bytes);
            for e in g.drain_events() {
                match e {
                    TableEvent::Applied { by_seat, .. } if by_seat == self.seat => {
                        self.applied_mine += 1;
                    }
                    TableEvent::Refused { reason, .. } => {
                        tally.errors += 1;
                        tally.problems.push(format!("refused: {reason}"));
                        self.sent = None;
                    }
                    _ => {}
                }
            }
            if let (Some(at), 0) = (self.sent, g.pending()) {
                tally.latencies.push(at.elapsed().as_secs_f64() * 1000.0);
                tally.actions += 1;
                self.sent = None;
            }
            for o in out {
                self.send(o.bytes).await?;
            }
            // The move at once, when it is this seat's.
            self.play(clock).await?;
        }
        self.play(clock).await
    }

    /// Ticks the guest and sends this seat's move if it is one.
    async fn play(&mut self, clock: Instant) -> Result<(), String> {
        let Some(g) = self.guest.as_mut() else {
            return Ok(());
        };
        let mut out = g.tick(clock.elapsed().as_millis() as u64);
        let mut intent = None;
        if self.sent.is_none() && g.my_move() && self.think.ready() {
            if let Some(game) = g.game() {
                if let Some(me) = game.actor() {
                    let action = bot(ComputerStrategy::Balanced).choose(game, me);
                    if let Ok(o) = g.intent(action) {
                        self.sent = Some(Instant::now());
                        self.asked += 1;
                        intent = Some(out.len());
                        out.push(o);
                    }
                }
            }
        }
        for (i, o) in out.into_iter().enumerate() {
            self.pace.wait(message_cost(&o.bytes)).await;
            if intent == Some(i) {
                // Timed from when it leaves, not from a wait of this client's own pace.
                self.sent = Some(Instant::now());
            }
            send(&mut self.ws, o.bytes).await?;
        }
        Ok(())
    }

    /// Plays until its game is over, reading as messages come (so a confirmation is timed
    /// when it arrives); its final state and what it measured.
    /// Drops the socket and comes back with the seat token, as a phone that slept does.
    async fn rejoin(&mut self, code: &RoomCode) -> Result<(), String> {
        let _ = self.ws.close(None).await;
        self.ws = socket(&self.host, &code.shown()).await?;
        let enter = serde_json::json!({"t": "enter", "token": self.token}).to_string();
        self.send(enter.into_bytes()).await?;
        self.guest = None;
        self.rejoins += 1;
        Ok(())
    }

    async fn run(
        mut self,
        code: RoomCode,
        clock: Instant,
        drop_every: u64,
        rounds: u32,
    ) -> (Option<(u64, u64, bool)>, Tally, Self) {
        let mut tally = Tally::default();
        // Ten minutes, and more when seats think: a seat makes about 20 decisions a round.
        let thinking = self.think.ms.saturating_mul(3) / 2 * 20 * u64::from(rounds);
        let limit = Duration::from_secs(600) + Duration::from_millis(thinking);
        loop {
            if clock.elapsed() > limit {
                tally.errors += 1;
                tally
                    .problems
                    .push(format!("a game did not end within {} s", limit.as_secs()));
                break;
            }
            if let Err(e) = self.step(&code, 50, clock, &mut tally).await {
                tally.errors += 1;
                tally.problems.push(e);
                break;
            }
            let due = drop_every > 0
                && self.sent.is_none()
                && self.applied_mine >= drop_every * (self.rejoins + 1);
            if due && !self.state().is_some_and(|s| s.2) {
                if let Err(e) = self.rejoin(&code).await {
                    tally.errors += 1;
                    tally.problems.push(format!("rejoining: {e}"));
                    break;
                }
            }
            if self.state().is_some_and(|s| s.2) && self.sent.is_none() {
                break;
            }
        }
        (self.state(), tally, self)
    }

    fn state(&self) -> Option<(u64, u64, bool)> {
        let g = self.guest.as_ref()?.game()?;
        Some((g.history().len() as u64, state_hash(g), g.is_over()))
    }
}

/// One room from opening to its game's end; what it measured goes into `tally`.
async fn one_room(host: String, plan: Plan, tally: Arc<Mutex<Tally>>) {
    loop {
        let mut mine = Tally::default();
        if let Err(e) = play_room(&host, plan, &mut mine).await {
            mine.errors += 1;
            mine.problems.push(e);
        }
        add(&tally, mine);
        if plan.until.is_none_or(|u| Instant::now() >= u) {
            break;
        }
    }
}

fn add(tally: &Mutex<Tally>, mine: Tally) {
    let mut t = tally.lock().unwrap_or_else(|p| p.into_inner());
    t.rooms += 1;
    t.rejoins += mine.rejoins;
    t.latencies.extend(mine.latencies);
    t.errors += mine.errors;
    t.lost += mine.lost;
    t.duplicates += mine.duplicates;
    t.actions += mine.actions;
    t.bytes += mine.bytes;
    if t.problems.len() < 20 {
        t.problems.extend(mine.problems.into_iter().take(5));
    }
}

async fn play_room(host: &str, plan: Plan, tally: &mut Tally) -> Result<(), String> {
    let Plan { seats, rounds, .. } = plan;
    let body = serde_json::json!({"title": "Load", "setup": setup(rounds), "spectators": false});
    let (status, text) = post(host, "/api/rooms", &body.to_string()).await?;
    if status != 201 {
        return Err(format!("opening a room: status {status}: {text}"));
    }
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let code = v["code"].as_str().ok_or("no code")?.to_string();
    let held: Vec<HeldSeat> =
        serde_json::from_value(v["seats"].clone()).map_err(|e| e.to_string())?;
    let creator = held.first().ok_or("no seat for the creator")?;
    let room_code = RoomCode::parse(&code).ok_or("a bad code")?;
    let mut clients = vec![Client::enter(host, &code, creator, plan.think_ms).await?];
    for k in 0..seats.saturating_sub(1) {
        clients.push(Client::join(host, &code, k, plan.think_ms).await?);
    }
    send(
        &mut clients[0].ws,
        serde_json::json!({"t": "start"}).to_string().into_bytes(),
    )
    .await?;
    let clock = Instant::now();
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|c| tokio::spawn(c.run(room_code.clone(), clock, plan.drop_every, rounds)))
        .collect();
    let mut states = Vec::new();
    let mut clients = Vec::new();
    for t in tasks {
        let (state, mine, c) = t.await.map_err(|e| e.to_string())?;
        tally.latencies.extend(mine.latencies);
        tally.errors += mine.errors;
        tally.actions += mine.actions;
        tally.problems.extend(mine.problems);
        states.push(state);
        clients.push(c);
    }
    if !states.windows(2).all(|w| w[0] == w[1]) || states.iter().any(Option::is_none) {
        tally.errors += 1;
        tally
            .problems
            .push(format!("room {code}: the clients' games differ at the end"));
    }
    for c in &clients {
        tally.bytes += c.received;
        tally.rejoins += c.rejoins;
        if c.sent.is_some() {
            tally.lost += 1;
        }
        let confirmed = c.asked.saturating_sub(u64::from(c.sent.is_some()));
        tally.duplicates += c.applied_mine.saturating_sub(confirmed);
    }
    Ok(())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let k = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[k.min(sorted.len() - 1)]
}

pub fn run(a: &LoadArgs) -> ExitCode {
    let parsed = (|| {
        Ok::<_, BadArgs>((
            address(&a.url)?,
            in_range("rooms", a.rooms, 1, 100_000)?,
            in_range("seats", a.seats, 2, 8)? as usize,
            in_range("rounds", a.rounds, 1, 1_000)? as u32,
            json(&a.format)?,
            in_range("drop-every", a.drop_every, 0, 1_000_000)?,
            in_range("minutes", a.minutes, 0, 24 * 60)?,
            in_range("think-ms", a.think_ms, 0, 600_000)?,
        ))
    })();
    let (host, rooms, seats, rounds, as_json, drop_every, minutes, think_ms) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("load", bad),
    };
    if host.parse::<SocketAddr>().is_err() && !host.contains(':') {
        return refuse(
            "load",
            BadArgs("--url: give the port, e.g. ws://127.0.0.1:8080".into()),
        );
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("worlds load: could not start: {e}");
            return ExitCode::from(1);
        }
    };
    let ticks = clock_ticks();
    let cpu_before = match cpu_of(&a.server_pid, ticks) {
        Ok(s) => s,
        Err(e) => return refuse("load", BadArgs(format!("--server-pid: {e}"))),
    };
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    let plan = Plan {
        seats,
        rounds,
        drop_every,
        until: (minutes > 0).then(|| start + Duration::from_secs(minutes * 60)),
        think_ms,
    };
    runtime.block_on(async {
        let tasks: Vec<_> = (0..rooms)
            .map(|_| tokio::spawn(one_room(host.clone(), plan, tally.clone())))
            .collect();
        for t in tasks {
            let _ = t.await;
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let server_cpu = if a.server_pid.is_empty() {
        None
    } else {
        match cpu_of(&a.server_pid, ticks) {
            Ok(after) => Some(after - cpu_before),
            Err(e) => {
                eprintln!("worlds load: --server-pid: {} after the run", clean(&e));
                None
            }
        }
    };
    let mut t = std::mem::take(&mut *tally.lock().unwrap_or_else(|p| p.into_inner()));
    t.latencies.sort_by(f64::total_cmp);
    let report = LoadReport {
        rooms,
        clients: rooms * seats as u64,
        actions: t.actions,
        p50_ms: (percentile(&t.latencies, 0.50) * 100.0).round() / 100.0,
        p99_ms: (percentile(&t.latencies, 0.99) * 100.0).round() / 100.0,
        errors: t.errors,
        lost: t.lost,
        duplicates: t.duplicates,
        games: t.rooms,
        rejoins: t.rejoins,
        seconds: (seconds * 100.0).round() / 100.0,
        bytes_received: t.bytes,
        bytes_per_action_per_client: (t.bytes as f64 / (t.actions as f64 * seats as f64).max(1.0)
            * 10.0)
            .round()
            / 10.0,
        server_cpu_seconds: server_cpu.map(|s| (s * 100.0).round() / 100.0),
        server_cpu_us_per_action: server_cpu
            .map(|s| (s * 1e6 / (t.actions as f64).max(1.0) * 10.0).round() / 10.0),
        think_ms,
    };
    for p in &t.problems {
        eprintln!("worlds load: {}", clean(p));
    }
    if as_json {
        return print_json(&report);
    }
    let cpu = match (report.server_cpu_seconds, report.server_cpu_us_per_action) {
        (Some(s), Some(us)) => format!("; server CPU {s:.2} s, {us:.1} µs per action"),
        _ => String::new(),
    };
    println!(
        "{} rooms x {} seats ({} clients): {} actions in {:.1} s; intent to confirmation p50 {:.2} ms, p99 {:.2} ms; {} errors, {} lost, {} duplicates; {} games, {} rejoins; {:.0} bytes per action per client{cpu}",
        report.rooms,
        seats,
        report.clients,
        report.actions,
        report.seconds,
        report.p50_ms,
        report.p99_ms,
        report.errors,
        report.lost,
        report.duplicates,
        report.games,
        report.rejoins,
        report.bytes_per_action_per_client
    );
    ExitCode::SUCCESS
}
