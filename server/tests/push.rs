//! Web Push (issue 61) with real sockets on loopback and a push service of the test's own (a
//! listener on 127.0.0.1 that records each request; the server runs with
//! `push_allow_loopback`): Bea subscribes and closes her page, Ann plays until it is Bea's
//! turn, and exactly one aes128gcm POST signed with VAPID arrives, which the test decrypts
//! with Bea's private key; with Bea's page open none is sent; a 410 makes the room forget the
//! subscription; subscriptions off the internet are refused with a sentence.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use web_push_native::jwt_simple::prelude::{
    ECDSAP256PublicKeyLike, ES256PublicKey, NoCustomClaims,
};
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
use web_push_native::p256::SecretKey;
use web_push_native::Auth;
use worlds_engine::bots::bot;
use worlds_engine::{ComputerStrategy, GameSetup, PlayerId, Preset, Seat, Token};
use worlds_server::{Config, Keep, Rooms};
use worlds_table::guest::Guest;
use worlds_table::room::{HeldSeat, RoomCode, RoomInfo, RoomMsg};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const BEA: PlayerId = PlayerId(1);

/// A request the test's push service received.
#[derive(Debug, Clone)]
struct Received {
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Received {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The test's push service: records every request; answers 410 to a path with "gone" in
/// it, 201 otherwise.
async fn push_service() -> (SocketAddr, Arc<Mutex<Vec<Received>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addr = listener.local_addr().expect("an address");
    let received = Arc::new(Mutex::new(Vec::new()));
    let kept = received.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                if let Some(r) = read_request(stream).await {
                    kept.lock().expect("lock").push(r);
                }
            });
        }
    });
    (addr, received)
}

async fn read_request(stream: TcpStream) -> Option<Received> {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).await.ok()?;
    let path = line.split_whitespace().nth(1)?.to_string();
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).await.ok()?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        let (n, v) = l.split_once(':')?;
        headers.push((n.trim().to_string(), v.trim().to_string()));
    }
    let r = Received {
        path,
        headers,
        body: Vec::new(),
    };
    let len: usize = r.header("content-length")?.parse().ok()?;
    let mut body = vec![0; len];
    reader.read_exact(&mut body).await.ok()?;
    let status = if r.path.contains("gone") {
        "410 Gone"
    } else {
        "201 Created"
    };
    let answer = format!("HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    reader.get_mut().write_all(answer.as_bytes()).await.ok()?;
    Some(Received { body, ..r })
}

/// A server on a loopback port with rooms in memory, pushes to loopback allowed.
async fn start() -> (SocketAddr, Arc<Rooms>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let addr = listener.local_addr().expect("an address");
    let site = std::env::temp_dir().join(format!("worlds-push-site-{}", std::process::id()));
    std::fs::create_dir_all(&site).expect("a temp folder");
    let mut config = Config::new(site, Keep::Memory);
    config.bind = addr.ip();
    config.port = addr.port();
    config.bot_delay_ms = 0;
    config.push_allow_loopback = true;
    let rooms = worlds_server::open_rooms(config).await.expect("rooms");
    tokio::spawn(worlds_server::run_rooms(listener, rooms.clone()));
    (addr, rooms)
}

/// One HTTP request; the status and the body.
async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.expect("connects");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
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

/// Opens "Bea's turn" for Ann (seat 0); its code and Ann's seat.
async fn open_room(addr: SocketAddr) -> (String, HeldSeat) {
    let mut setup = GameSetup::new(
        Preset::Classic.board(),
        vec![Seat {
            color: "#d62828".into(),
            token: Token::from_name("car"),
            ..Seat::human("Ann")
        }],
        0,
    );
    setup.rules.round_limit = Some(2);
    let body = serde_json::json!({ "title": "Bea's turn", "setup": setup });
    let (status, text) = http(addr, "POST", "/api/rooms", &body.to_string()).await;
    assert_eq!(status, 201, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let held: Vec<HeldSeat> = serde_json::from_value(v["seats"].clone()).expect("seats");
    (
        v["code"].as_str().expect("a code").to_string(),
        held[0].clone(),
    )
}

async fn send_json(ws: &mut Ws, v: serde_json::Value) {
    ws.send(Message::Text(v.to_string().into()))
        .await
        .expect("sends");
}

/// A device on a room's socket, its seat's moves chosen by a computer.
struct Device {
    ws: Ws,
    seat: PlayerId,
    guest: Option<Guest>,
    denied: Vec<String>,
    /// The room as last shown.
    room: Option<RoomInfo>,
}

impl Device {
    async fn new(addr: SocketAddr, code: &str, enter: serde_json::Value) -> Device {
        let url = format!("ws://{addr}/api/rooms/{code}/ws");
        let mut ws = connect_async(url).await.expect("a socket").0;
        send_json(&mut ws, enter).await;
        Device {
            ws,
            seat: PlayerId(0),
            guest: None,
            denied: Vec::new(),
            room: None,
        }
    }

    async fn send(&mut self, bytes: Vec<u8>) {
        let text = String::from_utf8(bytes).expect("json");
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("sends");
    }

    /// Handles what comes in for up to `ms`, then makes its seat's move if it is one.
    async fn step(&mut self, code: &RoomCode, ms: u64) {
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
            match serde_json::from_slice::<RoomMsg>(&bytes) {
                Ok(RoomMsg::Seated { seat, .. }) => self.seat = seat,
                Ok(RoomMsg::Denied { reason }) => self.denied.push(reason),
                Ok(RoomMsg::Room(info)) => {
                    let starts = info.started && self.guest.is_none();
                    self.room = Some(info);
                    if starts {
                        let mut g = Guest::new(code.table_id(), self.seat);
                        let hello = g.hello();
                        self.guest = Some(g);
                        self.send(hello.bytes).await;
                    }
                }
                Ok(_) => {}
                Err(_) => {
                    let replies = self.guest.as_mut().map(|g| g.on_message(&bytes));
                    for o in replies.unwrap_or_default() {
                        self.send(o.bytes).await;
                    }
                }
            }
        }
        let Some(g) = self.guest.as_mut() else { return };
        let Some(game) = g.game().filter(|_| g.my_move()) else {
            return;
        };
        let Some(me) = game.actor() else { return };
        let action = bot(ComputerStrategy::Balanced).choose(game, me);
        if let Ok(o) = g.intent(action) {
            self.send(o.bytes).await;
        }
    }

    /// Whose decision it is, as this device's copy of the game says.
    fn actor(&self) -> Option<PlayerId> {
        self.guest.as_ref()?.game()?.actor()
    }
}

/// Bea's device's push keys: its private key and auth secret, and the subscription as
/// `PushSubscription.toJSON()` writes it.
fn bea_keys(endpoint: &str) -> (SecretKey, Auth, serde_json::Value) {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("random");
    let secret = SecretKey::from_slice(&bytes).expect("a key");
    let mut auth = [0u8; 16];
    getrandom::fill(&mut auth).expect("random");
    let public = secret.public_key().to_encoded_point(false);
    let subscription = serde_json::json!({
        "endpoint": endpoint,
        "expirationTime": null,
        "keys": {
            "p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()),
            "auth": URL_SAFE_NO_PAD.encode(auth),
        }
    });
    (secret, Auth::clone_from_slice(&auth), subscription)
}

/// A room where Ann is in and Bea has joined and sent `subscription`: Ann's and Bea's devices.
async fn room_with_bea(
    addr: SocketAddr,
    subscription: Option<serde_json::Value>,
) -> (String, RoomCode, Device, Device) {
    let (code, held) = open_room(addr).await;
    let room_code = RoomCode::parse(&code).expect("a code");
    let ann = serde_json::json!({"t": "enter", "token": held.token});
    let ann = Device::new(addr, &code, ann).await;
    let mut bea = Device::new(
        addr,
        &code,
        serde_json::json!({"t": "enter", "token": null}),
    )
    .await;
    let join = serde_json::json!({"t": "join", "name": "Bea", "color": "#1d4ed8", "token": "boot"});
    send_json(&mut bea.ws, join).await;
    while bea.seat != BEA {
        bea.step(&room_code, 50).await;
    }
    if let Some(subscription) = subscription {
        send_json(
            &mut bea.ws,
            serde_json::json!({"t": "push", "subscription": subscription}),
        )
        .await;
        bea.step(&room_code, 100).await;
        assert!(bea.denied.is_empty(), "{:?}", bea.denied);
    }
    (code, room_code, ann, bea)
}

/// Bea's page closes; once Ann's device shows her away, Ann starts and plays until it is
/// Bea's decision.
async fn ann_plays_until_beas_turn(ann: &mut Device, bea: Device, code: &RoomCode) {
    drop(bea);
    let away = |ann: &Device| {
        ann.room
            .as_ref()
            .is_some_and(|r| r.seats.get(BEA.index()).is_some_and(|s| s.is_away()))
    };
    let t0 = Instant::now();
    while !away(ann) {
        assert!(t0.elapsed() < Duration::from_secs(5), "Bea shows as away");
        ann.step(code, 20).await;
    }
    send_json(&mut ann.ws, serde_json::json!({"t": "start"})).await;
    let t0 = Instant::now();
    while ann.actor() != Some(BEA) {
        assert!(t0.elapsed() < Duration::from_secs(30), "Bea's turn comes");
        ann.step(code, 5).await;
    }
}

/// The requests to `path` received within `ms`.
async fn received_at(got: &Mutex<Vec<Received>>, path: &str, ms: u64) -> Vec<Received> {
    tokio::time::sleep(Duration::from_millis(ms)).await;
    got.lock()
        .expect("lock")
        .iter()
        .filter(|r| r.path == path)
        .cloned()
        .collect()
}

/// Checks the VAPID header: signed by the server's key (`GET /api/push/key`) for the push
/// service's origin, with a contact.
fn check_vapid(authorization: &str, key: &str) {
    let rest = authorization.strip_prefix("vapid t=").expect("vapid t=...");
    let (token, k) = rest.split_once(", k=").expect("t=..., k=...");
    assert_eq!(k, key, "signed with the key devices subscribe with");
    let public = ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(k).expect("base64url"))
        .expect("a P-256 key");
    let claims = public
        .verify_token::<NoCustomClaims>(token, None)
        .expect("a valid signature");
    assert_eq!(
        claims.audiences.map(|a| a.into_string().expect("one")),
        Some("http://127.0.0.1".to_string())
    );
    assert!(claims
        .subject
        .is_some_and(|s| s.starts_with("https://") || s.starts_with("mailto:")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bea_gets_one_encrypted_push_when_her_turn_comes_with_her_page_closed() {
    let (service, got) = push_service().await;
    let (addr, rooms) = start().await;
    let (status, text) = http(addr, "GET", "/api/push/key", "").await;
    assert_eq!(status, 200, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let key = v["key"].as_str().expect("a key").to_string();
    assert_eq!(URL_SAFE_NO_PAD.decode(&key).expect("base64url").len(), 65);
    let endpoint = format!("http://{service}/push/bea");
    let (secret, auth, subscription) = bea_keys(&endpoint);
    let (code, room_code, mut ann, bea) = room_with_bea(addr, Some(subscription)).await;
    assert!(rooms.has_push(&code, BEA));
    ann_plays_until_beas_turn(&mut ann, bea, &room_code).await;
    let t0 = Instant::now();
    while received_at(&got, "/push/bea", 50).await.is_empty() {
        assert!(t0.elapsed() < Duration::from_secs(10), "a push arrives");
    }
    // The turn waits for Bea: still exactly one a while later.
    let pushes = received_at(&got, "/push/bea", 1_500).await;
    assert_eq!(pushes.len(), 1, "{pushes:?}");
    let push = &pushes[0];
    assert_eq!(push.header("content-encoding"), Some("aes128gcm"));
    assert!(push.header("ttl").is_some_and(|t| t.parse::<u64>().is_ok()));
    check_vapid(push.header("authorization").expect("VAPID"), &key);
    let plain = web_push_native::decrypt(push.body.clone(), &secret, &auth).expect("decrypts");
    let payload: serde_json::Value = serde_json::from_slice(&plain).expect("JSON");
    assert_eq!(payload["title"], "Your turn — Bea's turn");
    let shown = room_code.shown();
    assert_eq!(
        payload["body"],
        format!("A decision waits for you in room {shown}.")
    );
    assert_eq!(payload["url"], format!("/#room={shown}"));
    let (_, metrics) = http(addr, "GET", "/metrics", "").await;
    assert!(
        metrics.lines().any(|l| l == "worlds_push_sent_total 1"),
        "{metrics}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_push_while_beas_page_is_open() {
    let (service, got) = push_service().await;
    let (addr, rooms) = start().await;
    let (_, _, subscription) = bea_keys(&format!("http://{service}/push/open"));
    let (code, room_code, mut ann, mut bea) = room_with_bea(addr, Some(subscription)).await;
    send_json(&mut ann.ws, serde_json::json!({"t": "start"})).await;
    let t0 = Instant::now();
    while !rooms.game_over(&code) {
        assert!(t0.elapsed() < Duration::from_secs(60), "the game ends");
        ann.step(&room_code, 5).await;
        bea.step(&room_code, 5).await;
    }
    assert!(received_at(&got, "/push/open", 500).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_service_answering_410_makes_the_room_forget_the_subscription() {
    let (service, got) = push_service().await;
    let (addr, rooms) = start().await;
    let (_, _, subscription) = bea_keys(&format!("http://{service}/push/gone"));
    let (code, room_code, mut ann, bea) = room_with_bea(addr, Some(subscription)).await;
    ann_plays_until_beas_turn(&mut ann, bea, &room_code).await;
    let t0 = Instant::now();
    while rooms.has_push(&code, BEA) {
        assert!(t0.elapsed() < Duration::from_secs(10), "forgotten");
        ann.step(&room_code, 20).await;
    }
    assert_eq!(received_at(&got, "/push/gone", 0).await.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscriptions_off_the_internet_are_refused_with_a_sentence_and_never_contacted() {
    let (addr, rooms) = start().await;
    let (code, room_code, _ann, mut bea) = room_with_bea(addr, None).await;
    for endpoint in [
        "https://10.0.0.1/push/a",
        "http://127.0.0.1/push/a",
        "https://[::1]/push/a",
    ] {
        let (_, _, subscription) = bea_keys(endpoint);
        send_json(
            &mut bea.ws,
            serde_json::json!({"t": "push", "subscription": subscription}),
        )
        .await;
    }
    let t0 = Instant::now();
    while bea.denied.len() < 3 {
        assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", bea.denied);
        bea.step(&room_code, 50).await;
    }
    for reason in &bea.denied {
        assert!(reason.starts_with("Turn notifications"), "{reason}");
    }
    assert!(!rooms.has_push(&code, BEA), "nothing kept");
    let (_, metrics) = http(addr, "GET", "/metrics", "").await;
    for line in [
        "worlds_refused_total{kind=\"push\"} 3",
        "worlds_push_sent_total 0",
        "worlds_push_failed_total 0",
    ] {
        assert!(metrics.lines().any(|l| l == line), "{line} in {metrics}");
    }
}
