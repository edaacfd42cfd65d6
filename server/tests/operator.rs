//! What the server's operator has (issue 64): `/readyz` (ready, and 503 while it stops), and
//! the admin API (`--admin-token-file`): refused without the token or with a wrong one, the
//! list of rooms, a notice reaching a connected device, and a room closed with a reason its
//! devices and its link then say. Real sockets on loopback.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use worlds_engine::{GameSetup, Preset, Seat, Token};
use worlds_server::config::AdminToken;
use worlds_server::{Config, Keep, Rooms};
use worlds_table::room::{HeldSeat, RoomMsg};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const TOKEN: &str = "an-admin-token-for-tests-0123456789";

fn site() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("worlds-op-site-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>rooms</title>",
    )
    .expect("write");
    dir
}

/// A server on a loopback port with rooms in memory and an admin token, changed by `change`.
async fn start_with(change: impl FnOnce(&mut Config)) -> (SocketAddr, Arc<Rooms>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let mut config = Config::new(site(), Keep::Memory);
    config.bot_delay_ms = 0;
    config.admin_token = Some(AdminToken::new(TOKEN));
    change(&mut config);
    let rooms = worlds_server::open_rooms(config).await.expect("rooms");
    tokio::spawn(worlds_server::run_rooms(listener, rooms.clone()));
    (addr, rooms)
}

/// One HTTP request with `extra` headers; the status and the body.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    extra: &str,
) -> (u16, String) {
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
    (status, body.to_string())
}

fn bearer(token: &str) -> String {
    format!("Authorization: Bearer {token}\r\n")
}

async fn admin(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    http(addr, method, path, body, &bearer(TOKEN)).await
}

async fn open_room(addr: SocketAddr) -> (String, HeldSeat) {
    let setup = GameSetup::new(
        Preset::Classic.board(),
        vec![Seat {
            color: "#d62828".into(),
            token: Token::from_name("car"),
            ..Seat::human("Ann")
        }],
        0,
    );
    let body = serde_json::json!({ "title": "Friday game", "setup": setup, "spectators": false });
    let (status, text) = http(addr, "POST", "/api/rooms", &body.to_string(), "").await;
    assert_eq!(status, 201, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let code = v["code"].as_str().expect("a code").to_string();
    let held: Vec<HeldSeat> = serde_json::from_value(v["seats"].clone()).expect("seats");
    (code, held[0].clone())
}

/// Ann's device in her room, once the room has told it who sits where.
async fn enter(addr: SocketAddr, code: &str, held: &HeldSeat) -> Ws {
    let mut ws = connect_async(format!("ws://{addr}/api/rooms/{code}/ws"))
        .await
        .expect("a socket")
        .0;
    let enter = serde_json::json!({"t": "enter", "token": held.token}).to_string();
    ws.send(Message::Text(enter.into())).await.expect("sends");
    while !matches!(next_room_msg(&mut ws).await, Some(RoomMsg::Room(_))) {}
    ws
}

/// The next room message within 5 s (`None`: the socket closed).
async fn next_room_msg(ws: &mut Ws) -> Option<RoomMsg> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, ws.next())
            .await
            .expect("in time")
        {
            Some(Ok(Message::Text(t))) => {
                if let Ok(m) = serde_json::from_str::<RoomMsg>(t.as_str()) {
                    return Some(m);
                }
            }
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
            Some(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_says_ready_and_503_with_the_reason_from_the_moment_the_server_stops() {
    let (addr, rooms) = start_with(|c| c.drain_ms = 1_500).await;
    assert_eq!(
        http(addr, "GET", "/readyz", "", "").await,
        (200, "ready".into())
    );
    assert_eq!(
        http(addr, "GET", "/healthz", "", "").await,
        (200, "ok".into())
    );
    rooms.stop();
    // Draining: it still listens, and says it is not to be sent anyone.
    let (status, body) = http(addr, "GET", "/readyz", "", "").await;
    assert_eq!(status, 503);
    assert!(body.contains("stopping"), "{body}");
    let (status, body) = http(addr, "POST", "/api/rooms", "{}", "").await;
    assert_eq!(status, 503);
    assert!(body.contains("restarting"), "{body}");
    // Then it stops listening.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    assert!(
        TcpStream::connect(addr).await.is_err(),
        "the listener closed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_api_refuses_a_missing_or_wrong_token_and_counts_the_tries() {
    let (addr, _rooms) = start_with(|_| {}).await;
    let (status, body) = http(addr, "GET", "/api/admin/rooms", "", "").await;
    assert_eq!(status, 401, "{body}");
    assert!(body.contains("Authorization: Bearer"), "{body}");
    let wrong = bearer("an-admin-token-for-tests-0123456788");
    let (status, _) = http(addr, "GET", "/api/admin/rooms", "", &wrong).await;
    assert_eq!(status, 401);
    let (status, _) = http(
        addr,
        "POST",
        "/api/admin/notice",
        r#"{"text":"hi"}"#,
        &wrong,
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = admin(addr, "GET", "/api/admin/rooms", "").await;
    assert_eq!(status, 200, "the right token is let in");
    // Wrong tokens count against the address as wrong codes do: 20 a minute, then 429.
    let mut last = 0;
    for _ in 0..20 {
        last = http(addr, "GET", "/api/admin/rooms", "", &wrong).await.0;
    }
    assert_eq!(last, 429, "an address guessing tokens waits");
    let (status, _) = admin(addr, "GET", "/api/admin/rooms", "").await;
    assert_eq!(
        status, 429,
        "even with the right token, once over the limit"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_token_file_there_is_no_admin_api() {
    let (addr, _rooms) = start_with(|c| c.admin_token = None).await;
    let (status, _) = admin(addr, "GET", "/api/admin/rooms", "").await;
    assert_eq!(status, 404);
    let (status, _) = admin(addr, "POST", "/api/admin/notice", r#"{"text":"hi"}"#).await;
    assert_ne!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_lists_rooms_tells_every_device_a_notice_and_closes_a_room_with_a_reason() {
    let (addr, _rooms) = start_with(|_| {}).await;
    let (code, held) = open_room(addr).await;
    let mut ann = enter(addr, &code, &held).await;

    // The list: the room, its seats with their presence, the node.
    let (status, body) = admin(addr, "GET", "/api/admin/rooms", "").await;
    assert_eq!(status, 200, "{body}");
    let list: serde_json::Value = serde_json::from_str(&body).expect("json");
    let room = &list[0];
    assert_eq!(room["code"], code.as_str());
    assert_eq!(room["title"], "Friday game");
    assert_eq!(room["board"], "Classic");
    assert_eq!(room["started"], false);
    assert_eq!(room["seats"][0]["name"], "Ann");
    assert_eq!(room["seats"][0]["presence"], "here");
    assert_eq!(room["node"], "solo");
    assert_eq!(room["connections"], 1);

    // A notice reaches the connected device as a room message.
    let notice = r#"{"text": "Restarting in 5 minutes"}"#;
    let (status, body) = admin(addr, "POST", "/api/admin/notice", notice).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"devices\":1"), "{body}");
    assert_eq!(
        next_room_msg(&mut ann).await,
        Some(RoomMsg::Notice {
            text: "Restarting in 5 minutes".into()
        })
    );
    // Not HTML, not several lines, not a page long.
    for bad in [
        r#"{"text": "a\nb"}"#,
        r#"{"text": ""}"#,
        r#"{"words": "x"}"#,
    ] {
        let (status, body) = admin(addr, "POST", "/api/admin/notice", bad).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let long = serde_json::json!({ "text": "x".repeat(301) }).to_string();
    assert_eq!(admin(addr, "POST", "/api/admin/notice", &long).await.0, 400);

    // Closing: the device is told why and its socket closes; the link says so from then on.
    let path = format!("/api/admin/rooms/{code}/close");
    let reason = r#"{"reason": "The server moves to a new machine"}"#;
    let (status, body) = admin(addr, "POST", &path, reason).await;
    assert_eq!(status, 200, "{body}");
    match next_room_msg(&mut ann).await {
        Some(RoomMsg::Closed { reason }) => assert!(
            reason.contains("operator: The server moves to a new machine."),
            "{reason}"
        ),
        other => panic!("the device is told the room closed, not {other:?}"),
    }
    assert_eq!(next_room_msg(&mut ann).await, None, "and its socket closes");
    let (status, body) = http(addr, "GET", &format!("/api/rooms/{code}"), "", "").await;
    assert_eq!(status, 410, "{body}");
    assert!(body.contains("The server moves to a new machine"), "{body}");
    let (status, _) = admin(addr, "GET", "/api/admin/rooms", "").await;
    assert_eq!(status, 200);
    let (_, body) = admin(addr, "GET", "/api/admin/rooms", "").await;
    assert_eq!(body, "[]", "the closed room is no longer run");
    // Closing it again, or a code no room has: said so.
    assert_eq!(admin(addr, "POST", &path, reason).await.0, 410);
    let unknown = admin(addr, "POST", "/api/admin/rooms/ZZZZ-ZZZZ/close", reason).await;
    assert_eq!(unknown.0, 404);
}
