//! Shared by the integration tests: real-looking SDPs and a small table.
#![allow(dead_code)]

use worlds_engine::{ComputerStrategy, Game, GameSetup, PlayerId, Preset, Seat};
use worlds_table::invite::{Invite, Reply, TableId, TableSummary};
use worlds_table::signal::SignalEssentials;

/// A data-channel offer as Chromium writes it once ICE gathering is complete.
pub const CHROMIUM_OFFER: &str = "v=0\r\n\
o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=extmap-allow-mixed\r\n\
a=msid-semantic: WMS\r\n\
m=application 54400 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 192.168.1.23\r\n\
a=candidate:1467250027 1 udp 2122260223 0b8a9c1e-4b5d-4f0a-9a57-3c5f1e2d7a6b.local 54400 typ host generation 0 network-id 1 network-cost 10\r\n\
a=candidate:3591203421 1 tcp 1518280447 0b8a9c1e-4b5d-4f0a-9a57-3c5f1e2d7a6b.local 9 typ host tcptype active generation 0 network-id 1 network-cost 10\r\n\
a=candidate:2999745851 1 udp 2122194687 192.168.1.23 54401 typ host generation 0 network-id 2 network-cost 10\r\n\
a=ice-ufrag:4ZcD\r\n\
a=ice-pwd:2/1muCWoOi3uLifh0NuRHlbY\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 B9:2A:6C:E1:0F:3D:45:77:8A:91:C2:DE:0B:64:F3:18:A7:5E:2C:90:41:BB:D6:7F:08:33:EE:C9:5A:12:6D:F0\r\n\
a=setup:actpass\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

/// The matching answer as Chromium writes it (mDNS host candidate only).
pub const CHROMIUM_ANSWER: &str = "v=0\r\n\
o=- 1934027612337452115 2 IN IP4 127.0.0.1\r\n\
s=-\r\n\
t=0 0\r\n\
a=group:BUNDLE 0\r\n\
a=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:2336402946 1 udp 2122260223 7f3e2d1c-5b6a-4c8d-9e0f-a1b2c3d4e5f6.local 61022 typ host generation 0 network-id 1 network-cost 10\r\n\
a=ice-ufrag:Qw7k\r\n\
a=ice-pwd:Zx3vK9pLmN2qR8sT4uW6yA1b\r\n\
a=ice-options:trickle\r\n\
a=fingerprint:sha-256 5C:01:9A:7E:D2:33:B4:6F:80:1D:E5:C7:29:4A:BB:90:13:F6:0E:D8:62:A5:3C:71:9F:04:EA:2B:C6:58:17:D3\r\n\
a=setup:active\r\n\
a=mid:0\r\n\
a=sctp-port:5000\r\n\
a=max-message-size:262144\r\n";

pub const TABLE: TableId = TableId([0x5a, 0x17, 0x00, 0xc3, 0x9e, 0x42, 0x81, 0x0d]);
/// Minutes since 1970 on some afternoon.
pub const NOW: u32 = 29_000_000;

/// Ann (here), Bea and Cal (other devices), and a computer.
pub fn setup(seed: u64) -> GameSetup {
    let mut seats = vec![
        Seat::human("Ann"),
        Seat::human("Bea"),
        Seat::human("Cal"),
        Seat::computer("Robo", ComputerStrategy::Balanced),
    ];
    let colors = ["#e07a5f", "#3d405b", "#81b29a", "#f2cc8f"];
    let tokens = ["dog", "top hat", "car", "ship"];
    for (i, s) in seats.iter_mut().enumerate() {
        s.color = colors[i].to_string();
        s.token = worlds_engine::Token::from_name(tokens[i]);
    }
    let mut setup = GameSetup::new(Preset::Classic.board(), seats, seed);
    setup.rules.round_limit = Some(25);
    setup
}

pub fn game(seed: u64) -> Game {
    Game::new(setup(seed)).expect("a valid setup")
}

pub fn invite(seat: usize) -> Invite {
    Invite {
        table_id: TABLE,
        seat: PlayerId(seat),
        seat_name: ["Ann", "Bea", "Cal", "Robo"]
            .get(seat)
            .unwrap_or(&"Seat")
            .to_string(),
        created_minutes: NOW,
        summary: TableSummary::of(&setup(1), "Classic rules", &[PlayerId(1), PlayerId(2)]),
        offer: SignalEssentials::from_sdp(CHROMIUM_OFFER).expect("the offer reads"),
    }
}

pub fn reply(seat: usize) -> Reply {
    Reply {
        table_id: TABLE,
        seat: PlayerId(seat),
        name: "Bea".to_string(),
        color: "#3d405b".to_string(),
        token: "top hat".to_string(),
        answer: SignalEssentials::from_sdp(CHROMIUM_ANSWER).expect("the answer reads"),
    }
}
