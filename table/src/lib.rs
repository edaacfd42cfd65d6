//! Monopoly Worlds across devices: the native, web-sys-free heart of playing one game on
//! several devices (docs/DESIGN.md, "Play across devices"). Pure Rust, no IO, no clock and no
//! randomness of its own: the app passes times (ms, minutes) and random bytes in.
//!
//! - [`signal`]: the few facts of a WebRTC data-channel offer or answer, packed into about
//!   80 bytes, and a complete SDP rebuilt from them.
//! - [`invite`]: invite links (`#join=`) and reply links (`#reply=`), checked, with a
//!   sentence for every refusal.
//! - [`protocol`]: the messages (typed, size-checked before parsing), long messages in
//!   parts, and the state hash every device agrees on.
//! - [`host`] and [`guest`]: the two state machines.
//! - [`rates`]: how many messages one sender may send, for a host's peers and a room's
//!   connections alike.
//! - [`my_games`]: the rooms this device holds a seat in, as the menu's My games lists them.
//! - [`saved`]: what a device keeps of its table next to its autosave, so a reload goes on
//!   at the same table ([`host::Host::restore`], [`guest::Guest::resume`]).
//!
//! ## How the app uses it
//! Host (the device that opens the table; it runs the one true game):
//! 1. Make a table id from 8 random bytes ([`invite::TableId`]) and a [`host::Host`] with
//!    `Host::new(game, table_id, &remote_seats)`.
//! 2. For each remote seat: create an `RtcPeerConnection` and a data channel, wait for ICE
//!    gathering to complete, read `localDescription.sdp` with
//!    [`signal::SignalEssentials::from_sdp`], and show the link of an [`invite::Invite`]
//!    (`#` + `invite.fragment()`, the creation time in minutes since 1970).
//! 3. When the friend's reply is pasted or scanned: [`invite::parse_reply`] (it checks the
//!    table and the seat), then `setRemoteDescription({type: "answer", sdp:
//!    reply.answer.to_sdp(SdpKind::Answer)})`. When that channel opens, choose a
//!    [`protocol::PeerId`] for it and call `host.peer_connected(peer, reply.seat)`.
//! 4. On every data-channel message: `host.on_message(peer, &bytes)`; on close:
//!    `host.peer_disconnected(peer)`; every ~500 ms: `host.tick(now_ms)`. For the host's own
//!    seats and computers (`host.local_to_act()`): `host.apply_local(action)`. To let a
//!    computer play for an absent player: `host.set_seat_control(seat, SeatControl::Computer)`
//!    (and back with `SeatControl::Remote`; [`TableEvent::SeatBack`] says they are back).
//! 5. Send every returned [`protocol::Outgoing`]: `To::Peer(p)` on that channel, `To::Guests`
//!    on every channel of `host.peers()`, as binary messages. Show `host.drain_events()`
//!    (chat, reactions, presence; `Dropped` reasons go to the console only).
//!
//! Guest (a friend's device; it plays one seat):
//! 1. [`invite::parse_invite`] on the page's URL with the clock in minutes; show the
//!    summary; `setRemoteDescription({type: "offer", sdp: invite.offer.to_sdp(SdpKind::Offer)})`,
//!    create the answer, wait for ICE gathering, and show the link of an [`invite::Reply`]
//!    made from `SignalEssentials::from_sdp(localDescription.sdp)`.
//! 2. When the channel opens: `Guest::new(table_id, seat)` (or [`guest::Guest::resume`] with
//!    the game saved before a reload) and send `guest.hello()`.
//! 3. On every message: `guest.on_message(&bytes)`; every ~500 ms: `guest.tick(now_ms)`;
//!    send what they return. Show `guest.game()`; offer buttons when `guest.my_move()`, and
//!    send `guest.intent(action)`. Events tell what to animate or say.
//!
//! Nothing from a peer is ever HTML: names and chat are plain text to set as text.
//!
//! ## Checked in a real browser
//! `cargo run -p worlds-table --example sdp_relay` serves a page on 127.0.0.1 where two
//! `RTCPeerConnection`s connect through nothing but SDPs rebuilt from the packed bytes, and
//! send a message over the data channel (Chromium 156 headless: connected, two mDNS host
//! candidates, 95 bytes per signal). Firefox ESR 153 as a guest of a Chromium host (the built
//! site, `e2e/manual/firefox_guest.mjs`, puppeteer-core over WebDriver BiDi): joined by the
//! links, connected, and six turns played with equal logs on both; not in the suite (setup
//! installs neither Firefox nor puppeteer).

pub mod clock;
pub mod guest;
pub mod host;
pub mod invite;
pub mod my_games;
pub mod protocol;
pub mod rates;
pub mod room;
pub mod saved;
pub mod signal;

use protocol::{PeerId, Presence, ReactionKind};
use worlds_engine::PlayerId;

/// What happened at the table, for the app to show (drained with `drain_events`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableEvent {
    /// Action `seq` was applied (on the host: a guest's; on a guest: any), by `by_seat`.
    Applied {
        seq: u64,
        by_seat: PlayerId,
    },
    /// An intent of `seat` was refused, and why (a sentence for that player).
    Refused {
        seat: PlayerId,
        intent: u32,
        reason: String,
    },
    /// Plain text, never HTML; `at` is when it was said (ms since 1970 by the host's clock,
    /// 0 when not known).
    Chat {
        from: PlayerId,
        text: String,
        at: u64,
    },
    /// A line the room itself says about seat `about` (plain text): "Time ran out: a computer
    /// played for Bea".
    Notice {
        about: PlayerId,
        text: String,
    },
    Reaction {
        from: PlayerId,
        kind: ReactionKind,
    },
    Presence {
        seat: PlayerId,
        state: Presence,
    },
    /// A seat a computer plays for has its player back: the host may give it back.
    SeatBack {
        seat: PlayerId,
    },
    /// A new channel took over a seat; the old one is forgotten (close it).
    Replaced {
        peer: PeerId,
        seat: PlayerId,
    },
    /// The guest has the whole game, `seq` actions.
    Joined {
        seq: u64,
    },
    /// The guest caught up after a gap (or on rejoining with part of the game), from `from`
    /// actions to `seq`: the host sent only the ones it lacked.
    Caught {
        from: u64,
        seq: u64,
    },
    /// The guest's copy disagreed with the host's at `seq`; it asked for the game again.
    OutOfStep {
        seq: u64,
    },
    /// A message was dropped and changed nothing (for the console log).
    Dropped {
        from: Option<PeerId>,
        reason: String,
    },
}
