//! `worlds load --url ws://HOST:PORT --rooms N --seats S [--format json]`: a load generator
//! for a room server. It opens N rooms of S seats over real WebSockets, each seat a client
//! that plays as a balanced computer through the same `Guest` a browser runs (the creator
//! opens the room and starts it, the others join by the room's code), and reports how long
//! each action took from the intent sent to its confirmation, and what went wrong.

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
use worlds_engine::{ComputerStrategy, GameSetup, Preset, Seat, Token};
use worlds_table::guest::Guest;
use worlds_table::protocol::state_hash;
use worlds_table::room::{HeldSeat, RoomCode, RoomMsg};
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
    problems: Vec<String>,
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
}

/// One seat's client.
struct Client {
    ws: Ws,
    seat: usize,
    /// Its seat token and its room, to come back after a drop.
    token: String,
    host: String,
    rejoins: u64,
    guest: Option<Guest>,
    /// When the intent on its way was sent.
    sent: Option<Instant>,
    asked: u64,
    applied_mine: u64,
}

impl Client {
    async fn enter(host: &str, code: &str, held: &HeldSeat) -> Result<Client, String> {
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
        })
    }

    async fn join(host: &str, code: &str, k: usize) -> Result<Client, String> {
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
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let msg = tokio::time::timeout(left, ws.next())
                .await
                .map_err(|_| "no seat within 20 s".to_string())?
                .ok_or("the socket closed before a seat")?
                .map_err(|e| e.to_string())?;
            if let Message::Text(t) = msg {
                match serde_json::from_str::<RoomMsg>(t.as_str()) {
                    Ok(RoomMsg::Seated { seat, token }) => {
                        return Ok(Client {
                            ws,
                            seat,
                            token,
                            host: host.to_string(),
                            rejoins: 0,
                            guest: None,
                            sent: None,
                            asked: 0,
                            applied_mine: 0,
                        })
                    }
                    Ok(RoomMsg::Denied { reason }) => return Err(format!("join: {reason}")),
                    _ => {}
                }
            }
        }
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
        let until = Instant::now() + Duration::from_millis(ms);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let next = match tokio::time::timeout(left, self.ws.next()).await {
                Err(_) => break,
                Ok(None) => return Err("the socket closed".into()),
                Ok(Some(Err(e))) => return Err(e.to_string()),
                Ok(Some(Ok(m))) => m,
            };
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
                        send(&mut self.ws, hello.bytes).await?;
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
                send(&mut self.ws, o.bytes).await?;
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
        if self.sent.is_none() && g.my_move() {
            if let Some(game) = g.game() {
                if let Some(me) = game.actor() {
                    let action = bot(ComputerStrategy::Balanced).choose(game, me);
                    if let Ok(o) = g.intent(action) {
                        self.sent = Some(Instant::now());
                        self.asked += 1;
                        out.push(o);
                    }
                }
            }
        }
        for o in out {
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
        send(&mut self.ws, enter.into_bytes()).await?;
        self.guest = None;
        self.rejoins += 1;
        Ok(())
    }

    async fn run(
        mut self,
        code: RoomCode,
        clock: Instant,
        drop_every: u64,
    ) -> (Option<(u64, u64, bool)>, Tally, Self) {
        let mut tally = Tally::default();
        let limit = Duration::from_secs(600);
        loop {
            if clock.elapsed() > limit {
                tally.errors += 1;
                tally
                    .problems
                    .push("a game did not end within 10 minutes".into());
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
    let mut clients = vec![Client::enter(host, &code, creator).await?];
    for k in 0..seats.saturating_sub(1) {
        clients.push(Client::join(host, &code, k).await?);
    }
    send(
        &mut clients[0].ws,
        serde_json::json!({"t": "start"}).to_string().into_bytes(),
    )
    .await?;
    let clock = Instant::now();
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|c| tokio::spawn(c.run(room_code.clone(), clock, plan.drop_every)))
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
        ))
    })();
    let (host, rooms, seats, rounds, as_json, drop_every, minutes) = match parsed {
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
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    let plan = Plan {
        seats,
        rounds,
        drop_every,
        until: (minutes > 0).then(|| start + Duration::from_secs(minutes * 60)),
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
    };
    for p in &t.problems {
        eprintln!("worlds load: {}", clean(p));
    }
    if as_json {
        return print_json(&report);
    }
    println!(
        "{} rooms x {} seats ({} clients): {} actions in {:.1} s; intent to confirmation p50 {:.2} ms, p99 {:.2} ms; {} errors, {} lost, {} duplicates; {} games, {} rejoins",
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
        report.rejoins
    );
    ExitCode::SUCCESS
}
