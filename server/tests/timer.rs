//! A room's turn timer through a server restart (issue 40): the clock is kept with the room
//! on disk, and the room rebuilt by the next server goes on with the time that was left.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use worlds_engine::{ComputerStrategy, GameSetup, PlayerId, Preset, Seat, Token};
use worlds_server::{Config, Keep, Rooms};
use worlds_table::clock::{ClockShown, TurnTimer};
use worlds_table::room::{HeldSeat, OpenRoom, RoomMsg};

type Ws = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("worlds-timer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    dir
}

/// A server keeping its rooms in `data`, on a loopback port.
async fn start(
    site: &Path,
    data: &Path,
) -> (SocketAddr, Arc<Rooms>, JoinHandle<std::io::Result<()>>) {
    start_with(site, data, 60).await
}

/// The same, rooms nobody is in set aside after `set_aside_seconds`.
async fn start_with(
    site: &Path,
    data: &Path,
    set_aside_seconds: u64,
) -> (SocketAddr, Arc<Rooms>, JoinHandle<std::io::Result<()>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let mut config = Config::new(site.to_path_buf(), Keep::Disk(data.to_path_buf()));
    config.bind = addr.ip();
    config.port = addr.port();
    config.bot_delay_ms = 0;
    config.set_aside_seconds = set_aside_seconds;
    let rooms = worlds_server::open_rooms(config).await.expect("rooms");
    let run = tokio::spawn(worlds_server::run_rooms(listener, rooms.clone()));
    (addr, rooms, run)
}

async fn open_room(addr: SocketAddr) -> (String, HeldSeat) {
    let setup = GameSetup::new(
        Preset::Classic.board(),
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
    );
    let body = serde_json::to_string(&OpenRoom {
        title: "Timed game".into(),
        setup,
        spectators: false,
        open_seats: Vec::new(),
        turn_timer: TurnTimer::Seconds30,
    })
    .expect("writes");
    let answer = post(addr, "/api/rooms", &body).await;
    let v: serde_json::Value = serde_json::from_str(&answer).expect("json");
    let code = v["code"].as_str().expect("a code").to_string();
    let held: Vec<HeldSeat> = serde_json::from_value(v["seats"].clone()).expect("seats");
    (code, held[0].clone())
}

/// A POST over a plain socket; the answer's body.
async fn post(addr: SocketAddr, path: &str, body: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("writes");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("reads");
    let text = String::from_utf8_lossy(&out).to_string();
    assert!(text.starts_with("HTTP/1.1 201"), "{text}");
    text.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

/// Ann's device in the room, entered with her seat token.
async fn enter(addr: SocketAddr, code: &str, held: &HeldSeat) -> Ws {
    let mut ws = connect_async(format!("ws://{addr}/api/rooms/{code}/ws"))
        .await
        .expect("a socket")
        .0;
    let enter = serde_json::json!({ "t": "enter", "token": held.token });
    ws.send(Message::Text(enter.to_string().into()))
        .await
        .expect("sends");
    ws
}

/// The next clock the room tells (skipping everything else), within 5 s.
async fn next_clock(ws: &mut Ws) -> ClockShown {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, ws.next())
            .await
            .expect("a clock in time")
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(t) = msg {
            if let Ok(RoomMsg::Clock { clock: Some(c) }) = serde_json::from_str(&t) {
                return c;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_timer_goes_on_where_it_was_after_the_server_restarts() {
    let site = temp("site");
    std::fs::write(site.join("index.html"), "<!doctype html>").expect("write");
    let data = temp("data");
    let (addr, rooms, run) = start(&site, &data).await;
    let (code, held) = open_room(addr).await;
    let mut ann = enter(addr, &code, &held).await;
    ann.send(Message::Text(r#"{"t":"start"}"#.into()))
        .await
        .expect("sends");
    let first = next_clock(&mut ann).await;
    assert_eq!(first.seat, PlayerId(0), "the game waits for Ann");
    assert_eq!(first.total_ms, 30_000);
    assert!(first.left_ms > 28_000, "{first:?}");
    tokio::time::sleep(Duration::from_millis(1_500)).await;

    // A clean stop: the room is kept on disk and let go; a new server opens the same folder.
    rooms.stop();
    run.await.expect("stops").expect("stops cleanly");
    drop(rooms);
    let (addr, _rooms, _run) = start(&site, &data).await;
    let mut back = enter(addr, &code, &held).await;
    let again = next_clock(&mut back).await;
    assert_eq!((again.seat, again.total_ms), (PlayerId(0), 30_000));
    assert!(
        again.left_ms + 1_000 <= first.left_ms,
        "the clock went on through the restart: {} ms left before, {} ms after",
        first.left_ms,
        again.left_ms
    );
    assert!(again.left_ms > 20_000, "{again:?}");
}

/// A room's code as the store keys it.
fn stored(code: &str) -> String {
    worlds_table::room::RoomCode::parse(code)
        .expect("a room code")
        .to_string()
}

/// A column of a room's row as the server left it on disk (`None`: no such room).
fn kept<T: rusqlite::types::FromSql>(data: &Path, code: &str, column: &str) -> Option<T> {
    let db = rusqlite::Connection::open(data.join("rooms.sqlite3")).expect("the database");
    db.query_row(
        &format!("SELECT {column} FROM rooms WHERE code = ?1"),
        [stored(code)],
        |r| r.get(0),
    )
    .ok()
}

/// The actions kept on disk for a room (-1: no such room).
fn kept_actions(data: &Path, code: &str) -> i64 {
    kept(data, code, "actions").unwrap_or(-1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_nobody_is_in_is_taken_up_when_its_clock_runs_out_and_set_aside_again() {
    let site = temp("site-wake");
    std::fs::write(site.join("index.html"), "<!doctype html>").expect("write");
    let data = temp("data-wake");
    let (addr, rooms, _run) = start_with(&site, &data, 1).await;
    let (code, held) = open_room(addr).await;
    let mut ann = enter(addr, &code, &held).await;
    ann.send(Message::Text(r#"{"t":"start"}"#.into()))
        .await
        .expect("sends");
    let clock = next_clock(&mut ann).await;
    let deadline = Instant::now() + Duration::from_millis(clock.left_ms);
    assert_eq!(rooms.game_state(&code).map(|(n, _)| n), Some(0));

    // Ann closes her page: a second later the room leaves the server's memory.
    ann.close(None).await.expect("closes");
    drop(ann);
    let until = Instant::now() + Duration::from_secs(10);
    while rooms.rooms_here() > 0 {
        assert!(Instant::now() < until, "the empty room was not set aside");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(kept_actions(&data, &code), 0, "nothing played yet");

    // Nobody comes back. When Ann's clock runs out the server takes the room up, a computer
    // plays her turn, and the room is set aside again: all kept on disk.
    tokio::time::sleep_until((deadline - Duration::from_millis(500)).into()).await;
    assert_eq!(
        kept_actions(&data, &code),
        0,
        "nothing before the time is up"
    );
    let until = deadline + Duration::from_secs(15);
    while kept_actions(&data, &code) <= 0 {
        assert!(
            Instant::now() < until,
            "the room was not taken up when its clock ran out"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let until = Instant::now() + Duration::from_secs(10);
    while rooms.rooms_here() > 0 {
        assert!(
            Instant::now() < until,
            "the woken room was not set aside again"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // What the room keeps says so, for Ann's device when she comes back.
    let state: String = kept(&data, &code, "state").expect("the room is kept");
    assert!(
        state.contains("Time ran out: a computer played for Ann"),
        "{state}"
    );
}

/// A GET over a plain socket: the status and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.expect("writes");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("reads");
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rooms_summary_says_whose_turn_it_is_and_the_clock_to_anyone_with_its_code() {
    let site = temp("site-summary");
    std::fs::write(site.join("index.html"), "<!doctype html>").expect("write");
    let data = temp("data-summary");
    let (addr, rooms, _run) = start_with(&site, &data, 1).await;
    let (code, held) = open_room(addr).await;
    let (status, body) = get(addr, &format!("/api/rooms/{code}")).await;
    assert_eq!(status, 200, "{body}");
    let waiting: serde_json::Value = serde_json::from_str(&body).expect("json");
    assert_eq!(waiting["title"], "Timed game");
    assert_eq!(waiting["started"], false);
    assert_eq!(waiting["to_act"], serde_json::Value::Null);
    assert!(
        !body.contains(&held.token),
        "no seat token in what anyone may read"
    );

    let mut ann = enter(addr, &code, &held).await;
    ann.send(Message::Text(r#"{"t":"start"}"#.into()))
        .await
        .expect("sends");
    next_clock(&mut ann).await;
    let (status, body) = get(addr, &format!("/api/rooms/{}", code.to_lowercase())).await;
    assert_eq!(status, 200, "{body}");
    let playing: serde_json::Value = serde_json::from_str(&body).expect("json");
    assert_eq!(playing["started"], true);
    assert_eq!(playing["to_act"], 0, "the game waits for Ann");
    assert_eq!(playing["clock"]["seat"], 0);
    assert!(playing["clock"]["left_ms"]
        .as_u64()
        .is_some_and(|l| l <= 30_000));
    assert_eq!(playing["turn_timer"], "30s");
    assert!(
        !body.contains("seed") && !body.contains(&held.token),
        "{body}"
    );

    // Ann closes her page and the room is set aside: reading it does not take it up again
    // (a look from My games is not a device in the room).
    ann.close(None).await.expect("closes");
    drop(ann);
    let until = Instant::now() + Duration::from_secs(10);
    while rooms.rooms_here() > 0 {
        assert!(Instant::now() < until, "the empty room was not set aside");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (status, body) = get(addr, &format!("/api/rooms/{code}")).await;
    assert_eq!(status, 200, "{body}");
    let aside: serde_json::Value = serde_json::from_str(&body).expect("json");
    assert_eq!(
        aside["to_act"], 0,
        "read from the store: still Ann's decision"
    );
    assert!(aside["clock"]["left_ms"]
        .as_u64()
        .is_some_and(|l| l <= 30_000));
    assert_eq!(rooms.rooms_here(), 0, "the room stays set aside");

    let (status, body) = get(addr, "/api/rooms/ZZZZ-ZZZZ").await;
    assert_eq!(status, 404);
    assert!(body.contains("No room has this code."), "{body}");
    let (status, _) = get(addr, "/api/rooms/not-a-code").await;
    assert_eq!(status, 404);
}
