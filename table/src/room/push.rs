//! Push when no page is open (Web Push, issue 61): a seated device that allowed notifications
//! sends its push subscription ([`ClientMsg::Push`](super::ClientMsg::Push)); the room keeps
//! it with the seat in its record ([`SeatPush`], through restarts) until **Stop telling me**
//! ([`ClientMsg::StopPush`](super::ClientMsg::StopPush)) or until the push service says it is
//! gone ([`Room::forget_push`]). When the seat becomes the one to act and no connection of it
//! is open, the room asks the server for one push for that turn ([`Room::take_pushes`]); the
//! server sends it off the rooms' clock.
//!
//! One subscription per seat: a newer one (another device of the same player, or the same
//! device subscribing again) replaces the older, so a seat's pushes go to the device its player
//! last asked on, and the record stays small.
//!
//! What may be contacted is decided here, before any request exists ([`check_endpoint`]): an
//! `https://` address whose host is a name or a public IP address, never a loopback, private,
//! link-local, multicast or otherwise special one (the server checks again before sending,
//! and checks every address a name resolves to).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use worlds_engine::PlayerId;

use super::{ConnId, Out, Refusal, Room};
use crate::host::SeatControl;

/// The longest push endpoint the room keeps, in characters.
pub const MAX_ENDPOINT_CHARS: usize = 1000;

/// A device's push subscription, as the browser's `PushSubscription.toJSON()` writes it:
/// `{"endpoint": "https://…", "expirationTime": null, "keys": {"p256dh": "…", "auth": "…"}}`.
/// `expirationTime` (and any other field a browser adds) is read and not kept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushSubscription {
    /// The push service's URL for this device.
    pub endpoint: String,
    pub keys: PushKeys,
}

/// A subscription's keys, base64url: the device's P-256 public key (65 bytes, uncompressed)
/// and its 16-byte authentication secret (RFC 8291).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushKeys {
    pub p256dh: String,
    pub auth: String,
}

/// A seat's subscription as the room's record keeps it, with the turn it was last pushed for
/// (the game's round and whose turn it was), so a restart does not push twice for one turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPush {
    pub seat: PlayerId,
    pub subscription: PushSubscription,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed_turn: Option<(u32, PlayerId)>,
}

/// One push the room asks the server to send: to `seat`'s device by `subscription`, with the
/// notification's title, body and link (`url`, the room's link as a path: the service worker
/// opens it on its own origin).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushOrder {
    pub seat: PlayerId,
    pub subscription: PushSubscription,
    pub title: String,
    pub body: String,
    pub url: String,
}

impl PushOrder {
    /// The push's payload, as the service worker reads it: `{"title","body","url"}`.
    pub fn payload(&self) -> String {
        serde_json::json!({ "title": self.title, "body": self.body, "url": self.url }).to_string()
    }
}

/// Why a subscription was refused (each said to the device as a sentence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PushRefused {
    /// Not `https://` (or, for tests, `http://127.0.0.1:PORT`), or not a URL this room reads.
    Scheme,
    /// A host that is not on the internet: loopback, private, link-local, multicast, ...
    Host,
    /// An endpoint over [`MAX_ENDPOINT_CHARS`].
    Long,
    /// Keys that are not base64url of the right lengths.
    Keys,
}

impl std::fmt::Display for PushRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PushRefused::Scheme => {
                "Turn notifications need a push service at an https:// address; this one is not."
            }
            PushRefused::Host => {
                "Turn notifications are only sent to a push service on the internet, not to a local or private address."
            }
            PushRefused::Long => "That push address is too long to keep.",
            PushRefused::Keys => "That push subscription's keys cannot be read.",
        })
    }
}

impl std::error::Error for PushRefused {}

impl PushSubscription {
    /// Whether the room may keep this subscription and the server may send to it: its size,
    /// its keys, and its endpoint ([`check_endpoint`]).
    pub fn check(&self, allow_loopback: bool) -> Result<(), PushRefused> {
        if self.endpoint.chars().count() > MAX_ENDPOINT_CHARS {
            return Err(PushRefused::Long);
        }
        if self.p256dh().is_none() || self.auth().is_none() {
            return Err(PushRefused::Keys);
        }
        check_endpoint(&self.endpoint, allow_loopback)
    }

    /// The device's public key: 65 bytes, uncompressed (`0x04`, x, y).
    pub fn p256dh(&self) -> Option<Vec<u8>> {
        decode(&self.keys.p256dh)
            .filter(|k| k.len() == 65 && k[0] == 4)
            .filter(|_| self.keys.p256dh.len() <= 100)
    }

    /// The device's authentication secret: 16 bytes.
    pub fn auth(&self) -> Option<Vec<u8>> {
        decode(&self.keys.auth)
            .filter(|k| k.len() == 16)
            .filter(|_| self.keys.auth.len() <= 30)
    }
}

/// base64url, with or without its padding.
fn decode(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()
}

/// The SSRF guard: whether the server may POST to `url`. Only `https://` to a host that is a
/// DNS name (not `localhost` or a `.local` name) or a public IP address; with `allow_loopback`
/// (tests: `worlds serve --push-allow-loopback`) also `http://127.0.0.1:PORT/...`. Anything
/// this guard does not read plainly (user info, a backslash, spaces, non-ASCII, a host written
/// as a bare or hexadecimal number) is refused, so no URL parser reads a host it did not check.
pub fn check_endpoint(url: &str, allow_loopback: bool) -> Result<(), PushRefused> {
    if !url.is_ascii() || url.bytes().any(|b| b <= b' ' || b == b'\\' || b == 0x7f) {
        return Err(PushRefused::Scheme);
    }
    let lower = url.to_ascii_lowercase();
    let (https, rest) = if let Some(rest) = lower.strip_prefix("https://") {
        (true, rest)
    } else if let Some(rest) = lower.strip_prefix("http://") {
        (false, rest)
    } else {
        return Err(PushRefused::Scheme);
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let (host, port) = split_authority(authority).ok_or(PushRefused::Scheme)?;
    if !https {
        return match (host, port) {
            (Host::Ip(ip), Some(_)) if allow_loopback && ip == Ipv4Addr::LOCALHOST => Ok(()),
            _ => Err(PushRefused::Scheme),
        };
    }
    match host {
        Host::Ip(ip) if !is_public(ip) => Err(PushRefused::Host),
        Host::Local => Err(PushRefused::Host),
        _ => Ok(()),
    }
}

/// A host as the guard reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Host {
    Ip(IpAddr),
    /// A DNS name on the internet (its addresses are checked when it is resolved).
    Name,
    /// `localhost`, `*.localhost`, `*.local`: this machine or its network.
    Local,
}

/// An authority's host and port; `None` for anything not read plainly.
fn split_authority(authority: &str) -> Option<(Host, Option<u16>)> {
    if authority.contains('@') || authority.is_empty() {
        return None;
    }
    let (host, port) = if let Some(v6) = authority.strip_prefix('[') {
        let (inside, after) = v6.split_once(']')?;
        let ip: Ipv6Addr = inside.parse().ok()?;
        (Host::Ip(IpAddr::V6(ip)), after)
    } else {
        let (name, after) = match authority.find(':') {
            Some(i) => authority.split_at(i),
            None => (authority, ""),
        };
        (read_name(name)?, after)
    };
    let port = match port.strip_prefix(':') {
        None if port.is_empty() => None,
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Some(digits.parse::<u16>().ok().filter(|&p| p > 0)?)
        }
        _ => return None,
    };
    Some((host, port))
}

/// A host that is not in brackets: a dotted IPv4 address (exactly as written: no octal, hex or
/// short forms) or a DNS name.
fn read_name(name: &str) -> Option<Host> {
    let name = name.strip_suffix('.').unwrap_or(name);
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        || name.split('.').any(str::is_empty)
    {
        return None;
    }
    let last = name.rsplit('.').next().unwrap_or_default();
    // A URL parser reads a host whose last label is a number as an IPv4 address, in forms
    // (`2130706433`, `0x7f.1`, `0177.0.0.1`) std does not: only the plain dotted form passes.
    if last.bytes().all(|b| b.is_ascii_digit()) || last.starts_with("0x") {
        return name
            .parse::<Ipv4Addr>()
            .ok()
            .map(|ip| Host::Ip(IpAddr::V4(ip)));
    }
    if name == "localhost" || name.ends_with(".localhost") || name.ends_with(".local") {
        return Some(Host::Local);
    }
    Some(Host::Name)
}

/// Whether an address is on the public internet: not loopback, private, shared (CGNAT),
/// link-local, multicast, broadcast, unspecified, documentation or reserved (IPv4, and IPv6
/// with the IPv4 addresses it may carry).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_unspecified()
        || ip.is_documentation()
        || a == 0
        || a >= 240
        || (a == 100 && (64..128).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (b == 18 || b == 19)))
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d)
    // addresses reach the IPv4 address they carry.
    let carried = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    if s[..5] == [0; 5] && (s[5] == 0xffff || s[5] == 0) && !ip.is_loopback() {
        return !ip.is_unspecified() && is_public_v4(carried);
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return is_public_v4(carried);
    }
    // 6to4 (2002::/16) carries an IPv4 address in its second and third segments.
    if s[0] == 0x2002 {
        let v4 = Ipv4Addr::new((s[1] >> 8) as u8, s[1] as u8, (s[2] >> 8) as u8, s[2] as u8);
        if !is_public_v4(v4) {
            return false;
        }
    }
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] & 0xffc0) == 0xfec0
        || (s[0] == 0x2001 && s[1] == 0x0db8))
}

impl Room {
    /// Lets subscriptions to `http://127.0.0.1:PORT` in (the server's `--push-allow-loopback`,
    /// for tests only).
    pub fn allow_loopback_push(&mut self, allow: bool) {
        self.push_loopback = allow;
    }

    /// A seated device's subscription: checked, then kept for its seat (replacing the seat's
    /// older one). A watcher's, or one that fails the checks, is refused with a sentence.
    pub(super) fn subscribe_push(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        subscription: PushSubscription,
    ) -> Vec<Out> {
        let Some(seat) = seat else {
            return self.refuse(
                Refusal::Seat,
                conn,
                "Only a player of this room can be told when it is their turn.",
            );
        };
        if let Err(why) = subscription.check(self.push_loopback) {
            return self.refuse(Refusal::Push, conn, &why.to_string());
        }
        match self.push.iter_mut().find(|p| p.seat == seat) {
            Some(kept) => kept.subscription = subscription,
            None => self.push.push(SeatPush {
                seat,
                subscription,
                pushed_turn: None,
            }),
        }
        Vec::new()
    }

    /// Stop telling me: the seat's subscription is forgotten.
    pub(super) fn stop_push(&mut self, conn: ConnId, seat: Option<PlayerId>) -> Vec<Out> {
        let Some(seat) = seat else {
            return self.refuse(
                Refusal::Seat,
                conn,
                "Only a player of this room has turn notifications to stop.",
            );
        };
        self.push.retain(|p| p.seat != seat);
        Vec::new()
    }

    /// The push service said a subscription is gone (404 or 410): the room forgets it, if the
    /// seat still has it.
    pub fn forget_push(&mut self, seat: PlayerId, endpoint: &str) {
        let before = self.push.len();
        self.push
            .retain(|p| !(p.seat == seat && p.subscription.endpoint == endpoint));
        if self.push.len() != before {
            self.changes += 1;
        }
    }

    /// Whether `seat` has a subscription kept.
    pub fn has_push(&self, seat: PlayerId) -> bool {
        self.push.iter().any(|p| p.seat == seat)
    }

    /// The pushes to send, since the last call (the room's record already says they were
    /// asked for, so a server keeps it before sending them).
    pub fn take_pushes(&mut self) -> Vec<PushOrder> {
        std::mem::take(&mut self.push_orders)
    }

    /// At each new decision point of the game: when it is a person seat's, played from its
    /// own device, with no connection of that seat open and a subscription kept, one push for
    /// that turn (the game's round and whose turn it is).
    pub(super) fn watch_for_pushes(&mut self) {
        let Some(host) = self.host.as_ref() else {
            return;
        };
        let game = host.game();
        let Some(actor) = game.actor() else {
            return;
        };
        let point = (actor, host.seq());
        if self.push_seen == Some(point) {
            return;
        }
        self.push_seen = Some(point);
        if host.seat_control(actor) != Some(SeatControl::Remote)
            || self.conns.values().any(|c| c.seat == Some(actor))
        {
            return;
        }
        let turn = (game.round(), game.current_player());
        let Some(kept) = self.push.iter_mut().find(|p| p.seat == actor) else {
            return;
        };
        if kept.pushed_turn == Some(turn) {
            return;
        }
        kept.pushed_turn = Some(turn);
        let subscription = kept.subscription.clone();
        self.changes += 1;
        let title = self.title.trim();
        self.push_orders.push(PushOrder {
            seat: actor,
            subscription,
            title: if title.is_empty() {
                "Your turn — Monopoly Worlds".to_string()
            } else {
                format!("Your turn — {title}")
            },
            body: format!("A decision waits for you in room {}.", self.code.shown()),
            url: format!("/#room={}", self.code.shown()),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guest::Guest;
    use crate::room::testing::*;
    use crate::room::{ClientMsg, RoomMsg, RoomState};
    use worlds_engine::bots::bot;
    use worlds_engine::{ComputerStrategy, Game};

    const BEA: PlayerId = PlayerId(2);

    fn subscription(endpoint: &str) -> PushSubscription {
        PushSubscription {
            endpoint: endpoint.into(),
            keys: PushKeys {
                p256dh: URL_SAFE_NO_PAD.encode([4u8; 65]),
                auth: URL_SAFE_NO_PAD.encode([7u8; 16]),
            },
        }
    }

    /// Ann's room with Bea (seat 2, on connection 2, subscribed to `endpoint` if given) and Cal
    /// (a computer), started: the room, Ann's device, Bea's seat token.
    fn with_bea(endpoint: Option<&str>) -> (Room, Guest, String) {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        room.connect(2, 0);
        let join = ClientMsg::Join {
            name: "Bea".into(),
            color: "#1d4ed8".into(),
            token: "boot".into(),
        };
        let out = send(&mut room, 2, &join, 0);
        let token = said(&out, 2)
            .into_iter()
            .find_map(|m| match m {
                RoomMsg::Seated { seat, token } if seat == BEA => Some(token),
                _ => None,
            })
            .expect("Bea sits in seat 2");
        if let Some(endpoint) = endpoint {
            let push = ClientMsg::Push {
                subscription: subscription(endpoint),
            };
            assert!(
                send(&mut room, 2, &push, 0).is_empty(),
                "kept without a word"
            );
        }
        let ann = ann_starts(&mut room);
        (room, ann, token)
    }

    /// Plays on (each device's moves chosen by a computer on it, Cal's by the room) until
    /// `until` says so; every push asked for on the way.
    fn play(
        room: &mut Room,
        devices: &mut [(ConnId, PlayerId, &mut Guest)],
        now: &mut u64,
        until: impl Fn(&Game) -> bool,
    ) -> Vec<PushOrder> {
        let mut pushes = Vec::new();
        for _ in 0..3_000 {
            let game = room.game().expect("started");
            if until(game) || game.is_over() {
                break;
            }
            *now += 10;
            let actor = game.actor();
            let out = match devices.iter_mut().find(|d| Some(d.1) == actor) {
                Some((conn, me, guest)) => {
                    let action = bot(ComputerStrategy::Balanced).choose(game, *me);
                    let intent = guest.intent(action).expect("may act");
                    room.on_message(*conn, &intent.bytes, *now, String::new)
                }
                None => room.tick(*now),
            };
            for (conn, _, guest) in devices.iter_mut() {
                for reply in hear(guest, &out, *conn) {
                    room.on_message(*conn, &reply, *now, String::new);
                }
            }
            pushes.extend(room.take_pushes());
        }
        pushes
    }

    fn beas_decision(game: &Game) -> bool {
        game.actor() == Some(BEA)
    }

    fn not_beas_decision(game: &Game) -> bool {
        game.actor() != Some(BEA)
    }

    #[test]
    fn the_ssrf_guard_lets_only_https_to_the_internet_through() {
        for url in [
            "https://fcm.googleapis.com/fcm/send/abc:def",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
            "https://web.push.apple.com/QGx7",
            "https://wns2-by3p.notify.windows.com/w/?token=AwYAAA",
            "HTTPS://Push.Example.NET:8443/x",
            "https://93.184.216.34/push",
            "https://[2606:2800:220:1:248:1893:25c8:1946]/push",
            "https://push.example.com./x",
        ] {
            assert_eq!(check_endpoint(url, false), Ok(()), "{url}");
        }
        for url in [
            // The three of issue 61.
            "https://10.0.0.1/push",
            "http://127.0.0.1/push",
            "https://[::1]/push",
            // Loopback, private, link-local, shared, multicast, unspecified, broadcast.
            "https://127.0.0.1/x",
            "https://127.1.2.3:8443/x",
            "https://172.16.0.1/x",
            "https://172.31.255.255/x",
            "https://192.168.1.1/x",
            "https://169.254.169.254/latest/meta-data",
            "https://100.64.0.1/x",
            "https://224.0.0.1/x",
            "https://0.0.0.0/x",
            "https://255.255.255.255/x",
            "https://[fc00::1]/x",
            "https://[fd12:3456::1]/x",
            "https://[fe80::1]/x",
            "https://[ff02::1]/x",
            "https://[::]/x",
            "https://[::ffff:10.0.0.1]/x",
            "https://[::ffff:127.0.0.1]/x",
            "https://[64:ff9b::a00:1]/x",
            "https://[2002:c0a8:101::1]/x",
            // Names for this machine or its network.
            "https://localhost/x",
            "https://LOCALHOST./x",
            "https://push.localhost/x",
            "https://printer.local/x",
            // A host written so that a URL parser reads a number.
            "https://2130706433/x",
            "https://0x7f.1/x",
            "https://0177.0.0.1/x",
            "https://127.1/x",
            // Not plainly a host: user info, a backslash, spaces, percent signs, no host.
            "https://push.example.com@10.0.0.1/x",
            "https://push.example.com\\@10.0.0.1/x",
            "https://10.0.0.1 /x",
            "https://%31%30.0.0.1/x",
            "https:///x",
            "https://[::1/x",
            "https://push.example.com:0/x",
            "https://push.example.com:99999/x",
            "https://push.example.com:/x",
            // Not https.
            "http://push.example.com/x",
            "ftp://push.example.com/x",
            "//push.example.com/x",
            "file:///etc/passwd",
            "https://pȕsh.example.com/x",
        ] {
            assert!(check_endpoint(url, false).is_err(), "{url} refused");
        }
        // The tests' flag lets in plain http to 127.0.0.1 with its port, and nothing else.
        assert_eq!(
            check_endpoint("http://127.0.0.1:40123/push/bea", true),
            Ok(())
        );
        for url in [
            "http://127.0.0.1/push",
            "http://localhost:40123/push",
            "http://127.0.0.2:40123/push",
            "http://10.0.0.1:40123/push",
            "https://[::1]:40123/push",
        ] {
            assert!(check_endpoint(url, true).is_err(), "{url} refused even so");
        }
    }

    #[test]
    fn a_subscription_reads_as_the_browser_writes_it_and_its_keys_are_checked() {
        let json = format!(
            r#"{{"t":"push","subscription":{{"endpoint":"https://push.example.net/a","expirationTime":null,"keys":{{"p256dh":"{}","auth":"{}"}}}}}}"#,
            URL_SAFE_NO_PAD.encode([4u8; 65]),
            URL_SAFE_NO_PAD.encode([7u8; 16]),
        );
        let msg: ClientMsg = serde_json::from_str(&json).expect("reads");
        assert_eq!(
            msg,
            ClientMsg::Push {
                subscription: subscription("https://push.example.net/a")
            }
        );
        let with_time = json.replace("null", "1790000000000");
        assert!(serde_json::from_str::<ClientMsg>(&with_time).is_ok());
        let stop: ClientMsg = serde_json::from_str(r#"{"t":"stop_push"}"#).expect("reads");
        assert_eq!(stop, ClientMsg::StopPush);
        let ok = subscription("https://push.example.net/a");
        assert_eq!(ok.check(false), Ok(()));
        let mut short = ok.clone();
        short.keys.auth = URL_SAFE_NO_PAD.encode([7u8; 15]);
        assert_eq!(short.check(false), Err(PushRefused::Keys));
        let mut compressed = ok.clone();
        compressed.keys.p256dh = URL_SAFE_NO_PAD.encode([2u8; 33]);
        assert_eq!(compressed.check(false), Err(PushRefused::Keys));
        let mut garbled = ok.clone();
        garbled.keys.p256dh = "not base64!".into();
        assert_eq!(garbled.check(false), Err(PushRefused::Keys));
        let long = subscription(&format!("https://push.example.net/{}", "a".repeat(1000)));
        assert_eq!(long.check(false), Err(PushRefused::Long));
    }

    #[test]
    fn a_seat_whose_page_is_closed_is_pushed_once_for_its_turn_and_again_for_its_next() {
        let (mut room, mut ann, bea_token) = with_bea(Some("https://push.example.net/bea"));
        room.disconnect(2, 15);
        let mut now = 20;
        let pushes = play(
            &mut room,
            &mut [(1, PlayerId(0), &mut ann)],
            &mut now,
            beas_decision,
        );
        assert!(beas_decision(room.game().expect("started")));
        assert_eq!(pushes.len(), 1, "{pushes:?}");
        let order = &pushes[0];
        assert_eq!(order.seat, BEA);
        assert_eq!(order.subscription.endpoint, "https://push.example.net/bea");
        assert_eq!(order.title, "Your turn — Ann's game");
        let code = room.code().shown();
        assert_eq!(
            order.body,
            format!("A decision waits for you in room {code}.")
        );
        assert_eq!(order.url, format!("/#room={code}"));
        let payload: serde_json::Value = serde_json::from_str(&order.payload()).expect("JSON");
        assert_eq!(payload["title"], "Your turn — Ann's game");
        assert_eq!(payload["url"], format!("/#room={code}"));
        // The turn waits for Bea: the room does not push again however long it waits.
        for t in 0..20 {
            room.tick(now + t * 500);
        }
        assert!(room.take_pushes().is_empty());
        // A server restarting from the record does not push again for the same turn.
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads");
        assert_eq!(state.push.len(), 1, "the subscription is in the record");
        let mut again = Room::restore(
            room.code().clone(),
            room.opening(),
            state,
            kept(&room),
            0,
            now,
        )
        .expect("restores");
        for t in 0..5 {
            again.tick(now + t * 500);
        }
        assert!(again.take_pushes().is_empty(), "not twice for one turn");
        // Bea comes back, plays her turn and leaves; her next turn is pushed once.
        again.connect(1, now);
        let enter_ann = ClientMsg::Enter {
            token: room.state().seats[0].1.clone(),
        };
        send(&mut again, 1, &enter_ann, now);
        let mut ann = Guest::new(again.code().table_id(), PlayerId(0));
        let out = again.on_message(1, &ann.hello().bytes, now, String::new);
        hear(&mut ann, &out, 1);
        again.connect(3, now);
        let enter_bea = ClientMsg::Enter {
            token: Some(bea_token),
        };
        send(&mut again, 3, &enter_bea, now);
        let mut bea = Guest::new(again.code().table_id(), BEA);
        let out = again.on_message(3, &bea.hello().bytes, now, String::new);
        hear(&mut bea, &out, 3);
        let mut both = [(1, PlayerId(0), &mut ann), (3, BEA, &mut bea)];
        let pushes = play(&mut again, &mut both, &mut now, not_beas_decision);
        assert!(pushes.is_empty(), "none while her device is connected");
        again.disconnect(3, now);
        let pushes = play(
            &mut again,
            &mut [(1, PlayerId(0), &mut ann)],
            &mut now,
            beas_decision,
        );
        assert_eq!(pushes.len(), 1, "one for her next turn: {pushes:?}");
    }

    #[test]
    fn no_push_while_the_seats_device_is_connected_nor_after_stop_push() {
        let (mut room, mut ann, _) = with_bea(Some("https://push.example.net/bea"));
        let mut now = 20;
        let pushes = play(
            &mut room,
            &mut [(1, PlayerId(0), &mut ann)],
            &mut now,
            beas_decision,
        );
        assert!(beas_decision(room.game().expect("started")));
        assert!(pushes.is_empty(), "Bea's page is open: {pushes:?}");
        // Stop telling me: forgotten, and nothing is pushed once her page is closed.
        assert!(room.has_push(BEA));
        send(&mut room, 2, &ClientMsg::StopPush, now);
        assert!(!room.has_push(BEA));
        assert!(room.state().push.is_empty());
        room.disconnect(2, now);
        for t in 0..5 {
            room.tick(now + t * 500);
        }
        assert!(room.take_pushes().is_empty());
    }

    #[test]
    fn a_push_service_that_says_gone_makes_the_room_forget_the_subscription() {
        let (mut room, _ann, _) = with_bea(Some("https://push.example.net/bea"));
        let version = room.state_version();
        room.forget_push(BEA, "https://push.example.net/other");
        assert!(room.has_push(BEA), "only the subscription that is gone");
        assert_eq!(room.state_version(), version);
        room.forget_push(BEA, "https://push.example.net/bea");
        assert!(!room.has_push(BEA));
        assert!(
            room.state_version() > version,
            "the record is written again"
        );
        assert!(
            !serde_json::to_string(&room.state())
                .expect("writes")
                .contains("\"push\""),
            "a record without subscriptions reads as before"
        );
    }

    #[test]
    fn no_push_for_a_seat_a_computer_plays() {
        let (mut room, mut ann, _) = with_bea(Some("https://push.example.net/bea"));
        room.disconnect(2, 15);
        let let_play = ClientMsg::LetComputerPlay { seat: BEA };
        send(&mut room, 1, &let_play, 40_000);
        let mut now = 40_000;
        let turns = |game: &Game| game.round() > 3;
        let pushes = play(
            &mut room,
            &mut [(1, PlayerId(0), &mut ann)],
            &mut now,
            turns,
        );
        assert!(
            room.game().expect("started").round() > 3,
            "Bea's turns were played"
        );
        assert!(pushes.is_empty(), "{pushes:?}");
    }

    #[test]
    fn a_watcher_and_a_subscription_off_the_internet_are_refused_with_a_sentence() {
        let (mut room, _ann, _) = with_bea(None);
        // A connection without a seat.
        room.connect(5, 30);
        send(&mut room, 5, &ClientMsg::Enter { token: None }, 30);
        room.take_refusals();
        let push = |endpoint: &str| ClientMsg::Push {
            subscription: subscription(endpoint),
        };
        let out = send(&mut room, 5, &push("https://push.example.net/w"), 40);
        assert!(
            matches!(&said(&out, 5)[..], [RoomMsg::Denied { reason }] if reason.contains("player"))
        );
        assert_eq!(room.take_refusals(), [Refusal::Seat]);
        for endpoint in [
            "https://10.0.0.1/p",
            "http://127.0.0.1/p",
            "https://[::1]/p",
        ] {
            let out = send(&mut room, 2, &push(endpoint), 50);
            let told = said(&out, 2);
            assert!(
                matches!(&told[..], [RoomMsg::Denied { reason }] if reason.starts_with("Turn notifications")),
                "{endpoint}: {told:?}"
            );
            assert_eq!(room.take_refusals(), [Refusal::Push]);
        }
        assert!(!room.has_push(BEA), "nothing kept");
        assert!(room.take_pushes().is_empty());
    }
}
