//! A room server put on the internet (issue 37), tried as an operator would: real `worlds serve`
//! processes on random loopback ports, stopped by their process ids.
//!
//! - Rooms on disk by default: a game survives `kill -9` and a restart on the same `--data`,
//!   and SIGTERM (every socket told to reconnect, the process gone within 10 s); both devices
//!   play on with equal games and no move lost or applied twice.
//! - Limits, each a sentence and a count in `/metrics`: rooms opened at speed from one address,
//!   the server full, silent sockets, a client that stops reading (the server's memory stays
//!   flat), a 4 MiB frame.
//! - Behind haproxy with `option forwardfor` and `--trusted-proxy`, one client's wrong codes
//!   limit that client only.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use common::*;
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{client_async, connect_async, WebSocketStream};
use worlds_table::room::RoomMsg;

/// A plain HTTP request from a chosen local address (127.0.0.x): the status and the body.
async fn request_from(
    local: &str,
    port: u16,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    let stream = connect_from(local, port).await;
    request_on(stream, port, method, path, body).await
}

async fn connect_from(local: &str, port: u16) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    let local: IpAddr = local.parse().expect("an address");
    socket.bind(SocketAddr::new(local, 0)).expect("binds");
    socket
        .connect(SocketAddr::from(([127, 0, 0, 1], port)))
        .await
        .expect("connects")
}

async fn request_on(
    mut s: TcpStream,
    port: u16,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("writes");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("reads");
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// One figure of `/metrics` (`name` with its labels as written), 0 when absent.
async fn metric(port: u16, name: &str) -> f64 {
    let (status, text) = request_from("127.0.0.1", port, "GET", "/metrics", "").await;
    assert_eq!(status, 200, "/metrics answers");
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
        .unwrap_or(0.0)
}

fn classic_room() -> String {
    let setup = common::ann_and_cal(worlds_engine::Preset::Classic.board());
    serde_json::json!({"title": "Ann's game", "setup": setup}).to_string()
}

type Socket<S> = WebSocketStream<S>;

/// The next room message on a socket (skipping the game's own), or `None` once it closed.
async fn room_msg<S>(ws: &mut Socket<S>) -> Option<RoomMsg>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                if let Ok(m) = serde_json::from_str::<RoomMsg>(t.as_str()) {
                    return Some(m);
                }
            }
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => return None,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// A room's socket from a chosen local address, through `port`, entering with `token`.
async fn enter_from(local: &str, port: u16, code: &str, token: Option<&str>) -> Socket<TcpStream> {
    let stream = connect_from(local, port).await;
    let url = format!("ws://127.0.0.1:{port}/api/rooms/{code}/ws");
    let (mut ws, _) = client_async(url, stream).await.expect("a WebSocket");
    let enter = serde_json::json!({"t": "enter", "token": token}).to_string();
    ws.send(Message::Text(enter.into())).await.expect("sends");
    ws
}

#[test]
fn a_room_on_disk_survives_kill_9_and_sigterm_and_its_devices_play_on() {
    let dir = scratch("operator-restart");
    let data = dir.join("data").display().to_string();
    let port = free_port();
    let flags = ["--data", data.as_str(), "--bot-delay-ms", "0"];
    let (mut server, line) = serve(&dir, port, &flags);
    assert!(line.contains("rooms on disk in"), "{line}");
    runtime().block_on(async {
        let (_, mut ann, mut bea) = ann_and_bea(port).await;
        play(&mut ann, &mut bea, 8).await;
        let (before, _) = same_game(&ann, &bea);

        // kill -9: nothing is told to anyone; the server comes back on the same folder.
        server.kill9();
        let (restarted, _) = serve(&dir, port, &flags);
        server = restarted;
        play(&mut ann, &mut bea, 8).await;
        let (after_kill, _) = same_game(&ann, &bea);
        assert!(after_kill > before, "the game went on after kill -9");
        assert!(
            ann.reconnects >= 1 && bea.reconnects >= 1,
            "both devices came back by themselves"
        );

        // SIGTERM: every socket is told the server restarts, and it is gone within 10 s.
        let (took, ended_well) = server.term();
        assert!(took < Duration::from_secs(10), "stopped in {took:?}");
        assert!(ended_well, "a clean stop exits with 0");
        ann.step(200).await;
        bea.step(200).await;
        for d in [&ann, &bea] {
            assert!(
                d.closed_with.contains(&1012),
                "seat {} was told the server restarts: {:?}",
                d.seat,
                d.closed_with
            );
        }
        let (restarted, _) = serve(&dir, port, &flags);
        server = restarted;
        play(&mut ann, &mut bea, 8).await;
        let (after_term, _) = same_game(&ann, &bea);
        assert!(after_term > after_kill, "the game went on after SIGTERM");
    });
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rooms_opened_at_speed_and_a_full_server_are_refused_with_a_sentence() {
    let dir = scratch("operator-rooms");
    let port = free_port();
    let (_server, _) = serve(
        &dir,
        port,
        &["--memory", "--rooms-per-minute", "5", "--max-rooms", "8"],
    );
    runtime().block_on(async {
        let body = classic_room();
        for _ in 0..5 {
            let (status, text) = request_from("127.0.0.2", port, "POST", "/api/rooms", &body).await;
            assert_eq!(status, 201, "{text}");
        }
        let (status, text) = request_from("127.0.0.2", port, "POST", "/api/rooms", &body).await;
        assert_eq!(status, 429, "{text}");
        assert!(text.contains("wait a minute"), "{text}");
        // Another address is not held back by the first...
        for _ in 0..3 {
            let (status, text) = request_from("127.0.0.3", port, "POST", "/api/rooms", &body).await;
            assert_eq!(status, 201, "{text}");
        }
        // ... until the server holds all the rooms it may.
        let (status, text) = request_from("127.0.0.3", port, "POST", "/api/rooms", &body).await;
        assert_eq!(status, 503, "{text}");
        assert!(text.contains("as many rooms as it can"), "{text}");
        assert_eq!(
            metric(port, "worlds_refused_total{kind=\"rooms\"}").await,
            2.0
        );
        assert_eq!(metric(port, "worlds_rooms_open").await, 8.0);
        for name in [
            "worlds_connections",
            "worlds_actions_total",
            "worlds_action_seconds_count",
            "worlds_action_seconds_bucket{le=\"0.1\"}",
        ] {
            let (_, text) = request_from("127.0.0.1", port, "GET", "/metrics", "").await;
            assert!(
                text.lines().any(|l| l.starts_with(name)),
                "{name} in\n{text}"
            );
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn silent_sockets_are_closed_and_a_4_mib_frame_is_refused() {
    let dir = scratch("operator-silent");
    let port = free_port();
    let (_server, _) = serve(
        &dir,
        port,
        &["--memory", "--max-sockets-per-address", "500"],
    );
    runtime().block_on(async {
        // 200 sockets that connect to rooms (25 to each of 8) and never say a word.
        let mut silent = Vec::new();
        let mut url = String::new();
        for _ in 0..8 {
            let (status, text) =
                request_from("127.0.0.1", port, "POST", "/api/rooms", &classic_room()).await;
            assert_eq!(status, 201, "{text}");
            let opened: serde_json::Value = serde_json::from_str(&text).expect("json");
            let code = opened["code"].as_str().expect("a code").to_string();
            url = format!("ws://127.0.0.1:{port}/api/rooms/{code}/ws");
            for _ in 0..25 {
                let (ws, _) = connect_async(&url).await.expect("connects");
                silent.push(ws);
            }
        }
        let t0 = Instant::now();
        while metric(port, "worlds_connections").await < 200.0 {
            assert!(
                t0.elapsed() < Duration::from_secs(5),
                "the server counts 200 sockets"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // A 4 MiB frame: refused by the socket before it is read; the server serves on.
        let (mut big, _) = connect_async(&url).await.expect("connects");
        let _ = big
            .send(Message::Binary(vec![b'x'; 4 * 1024 * 1024].into()))
            .await;
        let ended = tokio::time::timeout(Duration::from_secs(5), async {
            loop {
                match big.next().await {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => {}
                }
            }
        })
        .await;
        assert!(ended.is_ok(), "the 4 MiB frame's socket was closed");
        assert!(metric(port, "worlds_refused_total{kind=\"size\"}").await >= 1.0);
        // Within about 10 s every silent socket is closed by the server.
        let t0 = Instant::now();
        let mut closed = 0;
        for ws in silent.iter_mut() {
            let left = Duration::from_secs(20).saturating_sub(t0.elapsed());
            let end = tokio::time::timeout(left, async {
                loop {
                    match ws.next().await {
                        Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                        Some(Ok(_)) => {}
                    }
                }
            })
            .await;
            if end.is_ok() {
                closed += 1;
            }
        }
        assert_eq!(closed, 200, "every silent socket was closed");
        assert!(
            t0.elapsed() < Duration::from_secs(15),
            "closed after {:?}",
            t0.elapsed()
        );
        let (status, _) = request_from("127.0.0.1", port, "GET", "/healthz", "").await;
        assert_eq!(status, 200);
        assert_eq!(metric(port, "worlds_connections").await, 0.0);
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// The server's resident memory (kB), from /proc.
fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

#[test]
fn a_client_that_stops_reading_is_disconnected_and_the_server_s_memory_stays_flat() {
    let dir = scratch("operator-slow");
    let port = free_port();
    let (server, _) = serve(&dir, port, &["--memory", "--bot-delay-ms", "0"]);
    // A board with a 1.5 MB picture: each whole game sent is that large.
    let mut def = worlds_engine::Preset::Classic.board_def();
    def.picture = Some(format!("data:image/png;base64,{}", "A".repeat(1_500_000)));
    let board = worlds_engine::Board::from_def(def).expect("a board");
    runtime().block_on(async {
        let (code, mut ann, mut bea) = ann_and_bea_on(port, board).await;
        play(&mut ann, &mut bea, 1).await;
        let table = code.table_id();
        let hello = serde_json::json!({
            "t": "hello", "table": table.to_string(), "seat": bea.seat, "last_seq": 0, "hash": 0
        })
        .to_string();
        // Bea's seat, from a client that asks for the whole game (within the rate allowed)
        // and never reads: each time it is disconnected, it comes back and does it again.
        let start_kb = rss_kb(server.pid());
        let mut peaks = Vec::new();
        let mut asked = Vec::new();
        let mut cut = 0;
        for _ in 0..8 {
            let url = format!("ws://127.0.0.1:{port}/api/rooms/{}/ws", code.shown());
            let (mut ws, _) = connect_async(&url).await.expect("connects");
            let enter = serde_json::json!({"t": "enter", "token": bea.token}).to_string();
            ws.send(Message::Text(enter.into())).await.expect("sends");
            let (mut peak_kb, mut hellos) = (0, 0);
            let until = Instant::now() + Duration::from_secs(15);
            while Instant::now() < until {
                let mut sent = true;
                for _ in 0..4 {
                    sent &= ws.send(Message::Text(hello.clone().into())).await.is_ok();
                    hellos += 1;
                }
                peak_kb = peak_kb.max(rss_kb(server.pid()));
                if !sent {
                    cut += 1;
                    break;
                }
                tokio::time::sleep(Duration::from_millis(520)).await;
            }
            peaks.push(peak_kb / 1024);
            asked.push(hellos * 3 / 2);
        }
        eprintln!(
            "started at {} MB; per round, MB asked {asked:?} and the server's peak MB {peaks:?}",
            start_kb / 1024
        );
        let slow = metric(port, "worlds_slow_clients_total").await;
        assert_eq!(cut, 8, "each client that did not read was disconnected");
        assert!(
            slow >= 4.0,
            "most for not reading ({slow}; the others for asking too fast)"
        );
        // Flat: the last four rounds take the server no higher than the first four did,
        // though together they asked for far more than it ever held.
        let early = peaks[..4].iter().max().copied().unwrap_or(0);
        let late = peaks[4..].iter().max().copied().unwrap_or(0);
        assert!(
            late <= early + 48,
            "the server grew from {early} MB to {late} MB"
        );
        let total: usize = asked.iter().sum();
        let grew = late.saturating_sub(start_kb / 1024);
        assert!(
            total as u64 > 2 * grew,
            "{total} MB were asked; the server grew by {grew} MB"
        );
        // The room plays on for the others, and Bea's device comes back by her token.
        bea.ws = None;
        play(&mut ann, &mut bea, 2).await;
        same_game(&ann, &bea);
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn behind_haproxy_one_client_s_wrong_codes_do_not_keep_another_out() {
    let dir = scratch("operator-proxy");
    let port = free_port();
    let (_server, _) = serve(&dir, port, &["--memory", "--trusted-proxy", "127.0.0.1"]);
    let lb = free_port();
    let _haproxy = haproxy(&dir, lb, &[port], "  option forwardfor");
    runtime().block_on(async {
        let (status, text) =
            request_from("127.0.0.3", lb, "POST", "/api/rooms", &classic_room()).await;
        assert_eq!(status, 201, "{text}");
        let opened: serde_json::Value = serde_json::from_str(&text).expect("json");
        let code = opened["code"].as_str().expect("a code").to_string();
        let token = opened["seats"][0]["token"]
            .as_str()
            .expect("a token")
            .to_string();
        // 40 wrong codes from one client (127.0.0.2), through the proxy.
        let mut last = None;
        for i in 0..40 {
            let mut ws = enter_from("127.0.0.2", lb, &format!("ZZZZ-ZZ{i:02}"), None).await;
            last = room_msg(&mut ws).await;
        }
        assert!(
            matches!(&last, Some(RoomMsg::Denied { reason }) if reason.contains("Too many tries")),
            "the guesser is limited: {last:?}"
        );
        // Another client behind the same proxy, with the right code and seat token, gets in.
        let mut ann = enter_from("127.0.0.3", lb, &code, Some(&token)).await;
        let msg = room_msg(&mut ann).await;
        assert!(
            matches!(&msg, Some(RoomMsg::Room(info)) if info.seats[0].name == "Ann"),
            "the right code gets in: {msg:?}"
        );
        // The guesser stays limited even with the right code.
        let mut again = enter_from("127.0.0.2", lb, &code, None).await;
        let msg = room_msg(&mut again).await;
        assert!(
            matches!(&msg, Some(RoomMsg::Denied { reason }) if reason.contains("Too many tries")),
            "{msg:?}"
        );
        assert!(metric(lb, "worlds_refused_total{kind=\"code\"}").await >= 20.0);
    });
    let _ = std::fs::remove_dir_all(&dir);
}
