//! A room on a room server: the deciding part, with no IO (docs/DESIGN.md, "Rooms on a server").
//!
//! A [`Room`] is opened from a lobby's setup ([`OpenRoom`]) and holds, before its game
//! starts, who sits where; once started, the one table type a host device also uses
//! ([`Host`]): the room is the host, every person seat is played from its own device, and the
//! room plays the computer seats (and a computer standing in for an absent player). The
//! server's socket loop only moves bytes: it tells the room of each connection
//! ([`Room::connect`], [`Room::disconnect`]), hands it every message ([`Room::on_message`]),
//! calls [`Room::tick`] twice a second, and sends what comes back ([`Out`]).
//!
//! A connection enters with the seat token its device keeps (it then plays that seat) or
//! without one (it watches, and may join while the room waits). Every message is
//! size-checked before it is parsed, typed, and checked against the sender's seat; a
//! connection that floods is told so and closed, and the room plays on.
//!
//! The room's parts, by concern: its code and seat tokens (`code.rs`); what devices and the
//! room say (`messages.rs`); opening a room and what a server keeps of it (`record.rs`); who
//! sits where and who watches (`seating.rs`); the game (`game.rs`); computers standing in for
//! players, and the turn timer (`stand_ins.rs`); Play again (`again.rs`); pushes to a seat
//! whose page is closed (`push.rs`); message rates (`rates.rs`, with the measure itself in
//! [`crate::rates`]).

use std::collections::BTreeMap;

use bytes::Bytes;
use worlds_engine::{Game, GameSetup, PlayerId, Seat, SeatKind};

use crate::clock::TurnClock;
use crate::host::Host;
use crate::protocol::{clean_chat, PeerId, MAX_MESSAGE_BYTES};
use crate::rates::Rate;

mod again;
mod code;
mod game;
mod messages;
mod push;
mod rates;
mod record;
mod seating;
mod stand_ins;
mod summary;
#[cfg(test)]
mod testing;

pub use again::PlayAgain;
pub use code::{seat_token, RoomCode};
pub use messages::{ClientMsg, RoomInfo, RoomMsg, RoomPresence, RoomSeat};
pub use push::{
    check_endpoint, is_public, PushKeys, PushOrder, PushRefused, PushSubscription, SeatPush,
    MAX_ENDPOINT_CHARS,
};
pub use rates::message_cost;
pub use record::{HeldSeat, KeptAction, OpenError, OpenRoom, RoomState};
pub use summary::RoomSummary;
// A room's message rates are the one measure of crate::rates.
pub use crate::rates::{FLOOD_WINDOWS, MESSAGES_PER_WINDOW, WHOLE_GAME_COST, WINDOW_MS};

use again::Again;

/// The room creator's seat: always the first.
pub const CREATOR: PlayerId = PlayerId(0);
/// The most seats a room holds.
pub const MAX_SEATS: usize = 8;
/// A seat away this long (ms) may be played by a computer until its player is back.
pub const AWAY_BEFORE_STAND_IN_MS: u64 = 30_000;
/// The longest name a player may take, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A connection, as the server numbers them.
pub type ConnId = u32;

/// What to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Out {
    /// Bytes to one connection (JSON as text, a part frame as binary), shared by every
    /// connection the same message goes to.
    To(ConnId, Bytes),
    /// Close this connection (after what was sent to it).
    Close(ConnId),
}

/// Why the room refused or dropped a message, for the server's counters (the person reads a
/// sentence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// More messages than the rate allows.
    Rate,
    /// A message over the size limit.
    Size,
    /// An action out of turn, too late, or otherwise refused by the host.
    Turn,
    /// Something the connection's seat may not ask.
    Seat,
    /// A seat token the room does not know.
    Token,
    /// A push subscription the room does not keep (not https, not on the internet, unreadable).
    Push,
}

#[derive(Debug, Clone)]
struct SeatSlot {
    seat: Seat,
    /// `None` for a computer seat, and for a person seat open for a friend.
    token: Option<String>,
    /// When its device was last gone (ms), while no connection plays it.
    away_since: Option<u64>,
    /// Its messages' rate, whichever connection sends them: a seat's count stays with the
    /// seat, so entering again with its token does not start it afresh.
    rate: Rate,
}

impl SeatSlot {
    /// A person seat nobody holds yet: open for the next friend who joins by the link.
    fn is_open(&self) -> bool {
        self.token.is_none() && matches!(self.seat.kind, SeatKind::Human)
    }
}

#[derive(Debug, Clone)]
struct Conn {
    seat: Option<PlayerId>,
    entered: bool,
    /// A seatless connection the game's host tells everything (a spectator).
    watching: bool,
    /// Its messages' rate while it has no seat.
    rate: Rate,
}

/// A room: who sits where, then its game.
#[derive(Debug)]
pub struct Room {
    code: RoomCode,
    title: String,
    spectators: bool,
    setup: GameSetup,
    /// The seats the room was opened with open for friends (as [`OpenRoom`] said).
    open_seats: Vec<PlayerId>,
    seats: Vec<SeatSlot>,
    conns: BTreeMap<ConnId, Conn>,
    host: Option<Host>,
    now: u64,
    last_bot: u64,
    bot_delay_ms: u64,
    /// When the last connection left (ms); `None` while someone is connected.
    empty_since: Option<u64>,
    /// What the server's log should say (dropped messages, refusals), taken by `take_notes`.
    notes: Vec<String>,
    /// What was refused, for the server's counters, taken by `take_refusals`.
    refusals: Vec<Refusal>,
    /// Room messages handled (each may change what [`Room::state`] holds).
    changes: u64,
    /// The room Play again opened, and where asking for it stands.
    next: Option<RoomCode>,
    again: Again,
    /// The turn timer and its clock.
    clock: TurnClock,
    /// Each seat's push subscription (kept in the record).
    push: Vec<push::SeatPush>,
    /// Pushes asked for, taken by `take_pushes`.
    push_orders: Vec<push::PushOrder>,
    /// The last decision point seen (who acts, the game's action count).
    push_seen: Option<(PlayerId, u64)>,
    /// Subscriptions to `http://127.0.0.1:PORT` are kept (tests only).
    push_loopback: bool,
}

fn seat_name(name: &str) -> String {
    clean_chat(name).chars().take(MAX_NAME_CHARS).collect()
}

impl Room {
    pub fn code(&self) -> &RoomCode {
        &self.code
    }

    /// Whether the game has started.
    pub fn started(&self) -> bool {
        self.host.is_some()
    }

    /// The game as decided so far (once started).
    pub fn game(&self) -> Option<&Game> {
        self.host.as_ref().map(Host::game)
    }

    /// Since when nobody has been connected (`None`: someone is).
    pub fn empty_since(&self) -> Option<u64> {
        self.empty_since
    }

    /// Whether nobody has been connected for `idle_ms`.
    pub fn idle(&self, now: u64, idle_ms: u64) -> bool {
        self.empty_since
            .is_some_and(|since| now.saturating_sub(since) >= idle_ms)
    }

    /// What happened that the server's log should say, since the last call.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// What was refused since the last call (for the server's counters).
    pub fn take_refusals(&mut self) -> Vec<Refusal> {
        std::mem::take(&mut self.refusals)
    }

    /// The lobby's setup with the seats as they are now (who joined, who was removed).
    pub(super) fn seated_setup(&self) -> GameSetup {
        let mut setup = self.setup.clone();
        setup.seats = self.seats.iter().map(|s| s.seat.clone()).collect();
        setup
    }

    /// `None` when `seat` is the room creator's; else the refusal, said with `sentence`.
    pub(super) fn creator_only(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        sentence: &str,
    ) -> Option<Vec<Out>> {
        (seat != Some(CREATOR)).then(|| self.refuse(Refusal::Seat, conn, sentence))
    }

    /// A refusal answered with a sentence.
    pub(super) fn refuse(&mut self, why: Refusal, conn: ConnId, reason: &str) -> Vec<Out> {
        self.refusals.push(why);
        Room::deny(conn, reason)
    }

    /// The seat a connection plays, if any.
    pub fn seat_of(&self, conn: ConnId) -> Option<PlayerId> {
        self.conns.get(&conn).and_then(|c| c.seat)
    }

    /// The connections open now.
    pub fn connections(&self) -> usize {
        self.conns.len()
    }

    /// A new connection (it says who it is with its first message).
    pub fn connect(&mut self, conn: ConnId, now: u64) {
        self.now = self.now.max(now);
        self.empty_since = None;
        self.conns.insert(
            conn,
            Conn {
                seat: None,
                entered: false,
                watching: false,
                rate: Rate::starting(self.now),
            },
        );
    }

    /// A connection closed: its seat shows as away.
    pub fn disconnect(&mut self, conn: ConnId, now: u64) -> Vec<Out> {
        self.now = self.now.max(now);
        let Some(c) = self.conns.remove(&conn) else {
            return Vec::new();
        };
        if self.conns.is_empty() {
            self.empty_since = Some(self.now);
        }
        let mut out = Vec::new();
        if c.watching {
            if let Some(host) = self.host.as_mut() {
                host.watcher_disconnected(PeerId(conn));
            }
        }
        if let Some(seat) = c.seat {
            if let Some(host) = self.host.as_mut() {
                let o = host.peer_disconnected(PeerId(conn));
                out.extend(self.route(o));
            }
            if !self.conns.values().any(|x| x.seat == Some(seat)) {
                self.seats[seat.index()].away_since = Some(self.now);
            }
            out.extend(self.tell_all());
        }
        out
    }

    /// A message from a connection. Anything wrong is answered with a sentence (or dropped)
    /// and changes nothing.
    pub fn on_message(
        &mut self,
        conn: ConnId,
        bytes: &[u8],
        now: u64,
        tokens: impl FnMut() -> String,
    ) -> Vec<Out> {
        self.now = self.now.max(now);
        if !self.conns.contains_key(&conn) {
            return Vec::new();
        }
        if bytes.len() > MAX_MESSAGE_BYTES {
            return self.refuse(Refusal::Size, conn, "That message is too long.");
        }
        if let Some(out) = self.over_rate(conn, bytes, now) {
            return out;
        }
        if let Ok(msg) = serde_json::from_slice::<ClientMsg>(bytes) {
            return self.on_room_msg(conn, msg, tokens);
        }
        self.on_game_msg(conn, bytes)
    }

    /// A room message (not the game's), handed to the part of the room it concerns.
    fn on_room_msg(
        &mut self,
        conn: ConnId,
        msg: ClientMsg,
        tokens: impl FnMut() -> String,
    ) -> Vec<Out> {
        self.changes += 1;
        let seat = self.conns.get(&conn).and_then(|c| c.seat);
        match msg {
            ClientMsg::Enter { token } => self.enter(conn, token),
            ClientMsg::Watchers { allow } => self.let_watchers(conn, seat, allow),
            ClientMsg::Join { name, color, token } => {
                self.join(conn, seat, (name, color, token), tokens)
            }
            ClientMsg::Remove { seat: gone } => self.remove_seat(conn, seat, gone),
            ClientMsg::Start => self.start(conn, seat, tokens),
            ClientMsg::LetComputerPlay { seat: absent } => {
                self.let_computer_play(conn, seat, absent)
            }
            ClientMsg::PlayAgain => self.ask_play_again(conn, seat),
            ClientMsg::TurnTimer { timer } => self.set_turn_timer(conn, seat, timer),
            ClientMsg::ImBack => self.im_back(conn, seat),
            ClientMsg::Push { subscription } => self.subscribe_push(conn, seat, subscription),
            ClientMsg::StopPush => self.stop_push(conn, seat),
        }
    }
}
