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

use std::collections::BTreeMap;

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use worlds_engine::bots::bot;
use worlds_engine::tagged::TaggedDeserialize;
use worlds_engine::{Action, ComputerStrategy, Game, GameSetup, PlayerId, Seat, SeatKind, Token};

use crate::clock::{ClockShown, ClockStep, TurnClock, TurnTimer, MISSES_BEFORE_STAND_IN};
use crate::host::{Host, SeatControl};
use crate::invite::TableId;
use crate::protocol::{clean_chat, Outgoing, PeerId, To, MAX_MESSAGE_BYTES};
use crate::saved::HostRecord;
use crate::TableEvent;

/// The room creator's seat: always the first.
pub const CREATOR: PlayerId = PlayerId(0);
/// The most seats a room holds.
pub const MAX_SEATS: usize = 8;
/// A seat away this long (ms) may be played by a computer until its player is back.
pub const AWAY_BEFORE_STAND_IN_MS: u64 = 30_000;
/// Messages one connection may send in one window of [`WINDOW_MS`].
pub const MESSAGES_PER_WINDOW: u32 = 40;
pub const WINDOW_MS: u64 = 500;
/// Windows in a row over the limit before a connection is closed.
pub const FLOOD_WINDOWS: u32 = 3;
/// The longest name a player may take, in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// What a message asking for the whole game (a hello, a resync) costs of a seat's rate: it
/// sends the most.
pub const WHOLE_GAME_COST: u32 = 8;

/// The alphabet of room codes (Crockford's base 32: no I, L, O, U).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A room's code: 40 random bits as 8 letters and digits, shown `K7QX-M2PD`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(String);

impl RoomCode {
    /// The code of 5 random bytes.
    pub fn from_random(bytes: [u8; 5]) -> RoomCode {
        let mut n = bytes.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
        let mut letters = [0u8; 8];
        for l in letters.iter_mut().rev() {
            *l = ALPHABET[(n & 31) as usize];
            n >>= 5;
        }
        RoomCode(letters.iter().map(|&b| char::from(b)).collect())
    }

    /// A code as typed or linked: any case, with or without the dash; `None` when it is not
    /// 8 letters of the code's alphabet.
    pub fn parse(text: &str) -> Option<RoomCode> {
        let letters: String = text
            .chars()
            .filter(|&c| c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        (letters.len() == 8 && letters.bytes().all(|b| ALPHABET.contains(&b)))
            .then_some(RoomCode(letters))
    }

    /// The code as people read it: `K7QX-M2PD`.
    pub fn shown(&self) -> String {
        format!("{}-{}", &self.0[..4], &self.0[4..])
    }

    /// The table id every hello of the room's game names: the code's 8 letters.
    pub fn table_id(&self) -> TableId {
        let mut id = [0u8; 8];
        id.copy_from_slice(&self.0.as_bytes()[..8]);
        TableId(id)
    }
}

impl std::fmt::Display for RoomCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown())
    }
}

/// A seat token: 128 random bits in hex; whoever holds it plays the seat.
pub fn seat_token(bytes: [u8; 16]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What opens a room (the body of `POST /api/rooms`): the lobby's board, rules and seats (the
/// creator's person seat first, the others in the lobby's order; its seed is not used).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OpenRoom {
    pub title: String,
    pub setup: GameSetup,
    #[serde(default)]
    pub spectators: bool,
    /// Person seats (never the creator's, seat 0) left open for friends: each is taken, in
    /// order, by the next friend who joins by the link, with their own name, color and token.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub open_seats: Vec<PlayerId>,
    /// How long a player has to act (Off by default; see [`crate::clock`]).
    #[serde(default, skip_serializing_if = "TurnTimer::is_off")]
    pub turn_timer: TurnTimer,
}

/// A seat token handed to the device that holds the seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldSeat {
    pub seat: PlayerId,
    pub token: String,
}

/// What a device asks of the room.
#[derive(Debug, Clone, PartialEq, Serialize, TaggedDeserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: the seat token this device keeps for the room, if any.
    Enter { token: Option<String> },
    /// Sit down (before the game starts).
    Join {
        name: String,
        color: String,
        token: String,
    },
    /// The creator removes a seat (before the game starts).
    Remove { seat: PlayerId },
    /// The creator starts the game.
    Start,
    /// The creator lets devices with the link but no seat watch the game (or not).
    Watchers { allow: bool },
    /// A seat away for 30 s is played by a computer until its player is back.
    LetComputerPlay { seat: PlayerId },
    /// Play again: once the game is over, a new room with the same board, rules and seats
    /// (each seat keeps its token, so each device sits in its old seat there).
    PlayAgain,
    /// The creator sets the turn timer (before the game starts).
    TurnTimer { timer: TurnTimer },
    /// A player a computer plays for (their time ran out three times in a row) plays again.
    ImBack,
}

/// A seat as every device shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomSeat {
    pub seat: PlayerId,
    pub name: String,
    pub color: String,
    pub token: String,
    /// A computer seat's strategy.
    pub computer: Option<String>,
    pub presence: RoomPresence,
    pub away_secs: u64,
}

/// How a room's seat shows on every device (written `"here"`, `"away"`, `"computer_playing"`,
/// `"computer"` or `"open"`). A table's seat (a host device's) has its own
/// [`crate::protocol::Presence`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomPresence {
    /// Its player's device is connected.
    Here,
    /// Its player's device is gone, and no computer plays for them.
    Away,
    /// A computer plays for its player until they are back.
    ComputerPlaying,
    /// A computer seat.
    Computer,
    /// A person seat open for a friend who joins by the link.
    Open,
}

impl RoomSeat {
    /// Whether the seat's device is gone (and no computer plays for it).
    pub fn is_away(&self) -> bool {
        self.presence == RoomPresence::Away
    }

    /// Whether the seat waits for a friend to join by the link.
    pub fn is_open(&self) -> bool {
        self.presence == RoomPresence::Open
    }
}

/// The room as every device shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomInfo {
    pub code: String,
    pub title: String,
    pub board_name: String,
    pub started: bool,
    pub creator_seat: PlayerId,
    pub spectators: bool,
    pub seats: Vec<RoomSeat>,
    /// The room its players went on to with Play again (its code as shown), once opened:
    /// this room's link leads there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// How long a player has to act (Off: no timer).
    #[serde(default, skip_serializing_if = "TurnTimer::is_off")]
    pub turn_timer: TurnTimer,
}

/// What the room says (a started game's messages are the host's own, [`crate::protocol::HostMsg`]).
#[derive(Debug, Clone, PartialEq, Serialize, TaggedDeserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum RoomMsg {
    Room(RoomInfo),
    Seated {
        seat: PlayerId,
        token: String,
    },
    Denied {
        reason: String,
    },
    Closed {
        reason: String,
    },
    /// The turn timer's clock started for a seat (or stopped: `None`); only in a room with a
    /// turn timer.
    Clock {
        clock: Option<ClockShown>,
    },
}

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
}

/// Messages counted against a rate: a seat's count stays with the seat, so entering again
/// with its token does not start it afresh.
#[derive(Debug, Clone, Copy, Default)]
struct Rate {
    window_start: u64,
    in_window: u32,
    flooded_windows: u32,
}

/// What the rate says of one more message costing `cost`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Take,
    Drop,
    Flood,
}

impl Rate {
    fn count(&mut self, now: u64, cost: u32) -> Verdict {
        if now.saturating_sub(self.window_start) >= WINDOW_MS {
            if self.in_window > MESSAGES_PER_WINDOW {
                self.flooded_windows += 1;
            } else {
                self.flooded_windows = 0;
            }
            self.window_start = now;
            self.in_window = 0;
        }
        self.in_window = self.in_window.saturating_add(cost);
        if self.in_window <= MESSAGES_PER_WINDOW {
            return Verdict::Take;
        }
        // Several windows over the limit, or one far over it: a flood.
        if self.flooded_windows + 1 >= FLOOD_WINDOWS
            || self.in_window > MESSAGES_PER_WINDOW * FLOOD_WINDOWS
        {
            Verdict::Flood
        } else {
            Verdict::Drop
        }
    }
}

/// What one message costs of a seat's rate: [`WHOLE_GAME_COST`] for one asking for the whole
/// game, 1 for any other. A well-behaved client (`worlds load`) paces itself by it.
pub fn message_cost(bytes: &[u8]) -> u32 {
    if asks_whole_game(bytes) {
        WHOLE_GAME_COST
    } else {
        1
    }
}

/// Whether a message asks for the whole game (a hello or a resync request).
fn asks_whole_game(bytes: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Tag<'a> {
        #[serde(borrow)]
        t: std::borrow::Cow<'a, str>,
    }
    serde_json::from_slice::<Tag>(bytes).is_ok_and(|m| m.t == "hello" || m.t == "resync_request")
}

/// Why a room could not be opened, in a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenError(pub String);

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OpenError {}

#[derive(Debug, Clone)]
struct SeatSlot {
    seat: Seat,
    /// `None` for a computer seat, and for a person seat open for a friend.
    token: Option<String>,
    /// When its device was last gone (ms), while no connection plays it.
    away_since: Option<u64>,
    /// Its messages' rate, whichever connection sends them.
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

/// What a room server keeps of a room, apart from its opening ([`Room::opening`]) and its
/// actions ([`Room::actions_from`]): the part that changes as people sit down and play. With
/// the opening and the actions it is enough to rebuild the room on any server
/// ([`Room::restore`]): the engine is deterministic, so the game is its setup replayed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomState {
    pub spectators: bool,
    /// Each seat and its token (`None` for a computer seat, and for a person seat still
    /// open for a friend).
    pub seats: Vec<(Seat, Option<String>)>,
    /// The game's seed once it has started.
    pub seed: Option<u64>,
    /// The host's own record: computers standing in, the intents it answered.
    pub host: Option<HostRecord>,
    /// The room Play again opened (see [`RoomInfo::next`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// The turn timer, its clock and each seat's misses.
    #[serde(default, skip_serializing_if = "TurnClock::is_unused")]
    pub clock: TurnClock,
}

/// What Play again asks of the server: a new room opened from `request`, its person seats
/// holding `tokens` in order (the old room's, so each device keeps its seat).
#[derive(Debug, Clone)]
pub struct PlayAgain {
    pub request: OpenRoom,
    pub tokens: Vec<String>,
}

/// Where Play again stands in a finished room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Again {
    #[default]
    NotAsked,
    /// A player asked: the server has yet to take the request ([`Room::take_play_again`]).
    Asked,
    /// The server is opening the new room.
    Opening,
}

/// One of a room's actions as a server keeps it: the action and, when it answered an intent
/// of a seat's device, that intent's id. Read back from an action alone too (as rooms were
/// kept before).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeptAction {
    pub action: Action,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent: Option<u32>,
}

impl KeptAction {
    /// Reads a kept action: `{"action": ..., "intent": 7}`, or an action alone.
    pub fn read(text: &str) -> Result<KeptAction, serde_json::Error> {
        serde_json::from_str::<KeptAction>(text).or_else(|_| {
            serde_json::from_str::<Action>(text).map(|action| KeptAction {
                action,
                intent: None,
            })
        })
    }
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
}

fn seat_name(name: &str) -> String {
    clean_chat(name).chars().take(MAX_NAME_CHARS).collect()
}

impl Room {
    /// Opens a room from a lobby's setup. `tokens` gives each person seat its token (the
    /// server draws them at random). Returns the room and the tokens of the creator's seats.
    pub fn open(
        code: RoomCode,
        request: OpenRoom,
        mut tokens: impl FnMut() -> String,
        bot_delay_ms: u64,
        now: u64,
    ) -> Result<(Room, Vec<HeldSeat>), OpenError> {
        let OpenRoom {
            title,
            setup,
            spectators,
            open_seats,
            turn_timer,
        } = request;
        if setup.seats.is_empty() || setup.seats.len() > MAX_SEATS {
            return Err(OpenError(format!(
                "A room seats 1 to {MAX_SEATS} players to begin with."
            )));
        }
        if !matches!(setup.seats[0].kind, SeatKind::Human) {
            return Err(OpenError(
                "The first seat is the room creator's own: a person, not a computer.".into(),
            ));
        }
        if open_seats.iter().any(|&i| {
            i == CREATOR
                || !matches!(
                    setup.seats.get(i.index()).map(|s| &s.kind),
                    Some(SeatKind::Human)
                )
        }) {
            return Err(OpenError(
                "Only a person seat other than the creator's can be left open for a friend.".into(),
            ));
        }
        let mut seats = Vec::new();
        let mut held = Vec::new();
        for (i, mut seat) in setup.seats.iter().cloned().enumerate() {
            let open = open_seats.contains(&PlayerId(i));
            seat.name = seat_name(&seat.name);
            if seat.name.is_empty() && open {
                seat.name = format!("Player {}", i + 1);
            }
            if seat.name.is_empty() {
                return Err(OpenError(format!("Player {} needs a name.", i + 1)));
            }
            seat.start = Default::default();
            let token = (matches!(seat.kind, SeatKind::Human) && !open).then(&mut tokens);
            if let Some(t) = &token {
                held.push(HeldSeat {
                    seat: PlayerId(i),
                    token: t.clone(),
                });
            }
            seats.push(SeatSlot {
                seat,
                token,
                away_since: Some(now),
                rate: Rate::default(),
            });
        }
        let title = {
            let t = seat_name(&title);
            if t.is_empty() {
                format!("{} game", setup.board.def().name)
            } else {
                clean_chat(&title)
            }
        };
        let mut setup = setup;
        setup.forced_rolls.clear();
        setup.deck_order = None;
        Ok((
            Room {
                code,
                title,
                spectators,
                setup,
                open_seats,
                seats,
                conns: BTreeMap::new(),
                host: None,
                now,
                last_bot: now,
                bot_delay_ms,
                empty_since: Some(now),
                notes: Vec::new(),
                refusals: Vec::new(),
                changes: 0,
                next: None,
                again: Again::NotAsked,
                clock: TurnClock::new(turn_timer),
            },
            held,
        ))
    }

    /// The room as it was opened (title and lobby setup, cleaned), kept once.
    pub fn opening(&self) -> OpenRoom {
        OpenRoom {
            title: self.title.clone(),
            setup: self.setup.clone(),
            spectators: self.spectators,
            open_seats: self.open_seats.clone(),
            turn_timer: self.clock.timer,
        }
    }

    /// What changes as people sit down and play (see [`RoomState`]).
    pub fn state(&self) -> RoomState {
        RoomState {
            spectators: self.spectators,
            seats: self
                .seats
                .iter()
                .map(|s| (s.seat.clone(), s.token.clone()))
                .collect(),
            seed: self.game().map(|g| g.setup().seed),
            host: self.host.as_ref().map(|h| h.record("")),
            next: self.next.as_ref().map(RoomCode::shown),
            clock: self.clock.clone(),
        }
    }

    /// A number that grows whenever what [`Room::state`] holds may have changed, so a server
    /// writes it again only then.
    pub fn state_version(&self) -> u64 {
        self.changes + self.host.as_ref().map_or(0, Host::record_version)
    }

    /// The game's actions from the `n`th on (none before the game starts).
    pub fn actions_from(&self, n: usize) -> &[Action] {
        self.game()
            .and_then(|g| g.history().get(n..))
            .unwrap_or(&[])
    }

    /// The game's actions from the `n`th on as a server keeps them: each with the intent of
    /// its seat's device it answered, so a room rebuilt from them applies no intent twice
    /// without the room's record being written again after every action.
    pub fn kept_actions_from(&self, n: usize) -> Vec<KeptAction> {
        let Some(host) = &self.host else {
            return Vec::new();
        };
        self.actions_from(n)
            .iter()
            .enumerate()
            .map(|(i, action)| KeptAction {
                action: action.clone(),
                intent: host.intent_of(n + i + 1),
            })
            .collect()
    }

    /// Rebuilds a room a server kept ([`Room::opening`], [`Room::state`] and the game's
    /// actions), with nobody connected yet: every person seat shows as away until its device
    /// comes back. A record that does not replay is refused with a sentence.
    pub fn restore(
        code: RoomCode,
        opening: OpenRoom,
        state: RoomState,
        actions: Vec<KeptAction>,
        bot_delay_ms: u64,
        now: u64,
    ) -> Result<Room, OpenError> {
        if state.seats.is_empty() || state.seats.len() > MAX_SEATS {
            return Err(OpenError("The room's record has no seats.".into()));
        }
        let seats: Vec<SeatSlot> = state
            .seats
            .into_iter()
            .map(|(seat, token)| SeatSlot {
                seat,
                token,
                away_since: Some(now),
                rate: Rate::default(),
            })
            .collect();
        let clock = state.clock;
        let host = match (state.seed, state.host) {
            (Some(seed), Some(mut record)) => {
                let mut setup = opening.setup.clone();
                setup.seats = seats.iter().map(|s| s.seat.clone()).collect();
                setup.seed = seed;
                let mut game = Game::new(setup).map_err(|e| OpenError(e.to_string()))?;
                for (i, kept) in actions.into_iter().enumerate() {
                    let by_seat = crate::host::seat_of(&game, &kept.action);
                    game.apply(kept.action).map_err(|e| {
                        OpenError(format!("The room's action {} does not replay: {e}", i + 1))
                    })?;
                    if let (Some(id), Some(seat)) = (kept.intent, by_seat) {
                        record.answered_at(seat, id, i as u64 + 1);
                    }
                }
                let mut host =
                    Host::restore(game, &record).map_err(|e| OpenError(e.to_string()))?;
                host.seats_back_by_press();
                host.tick(now);
                Some(host)
            }
            _ => None,
        };
        Ok(Room {
            code,
            title: opening.title,
            spectators: state.spectators,
            setup: opening.setup,
            open_seats: opening.open_seats,
            seats,
            conns: BTreeMap::new(),
            host,
            now,
            last_bot: now,
            bot_delay_ms,
            empty_since: Some(now),
            notes: Vec::new(),
            refusals: Vec::new(),
            changes: 0,
            next: state.next.as_deref().and_then(RoomCode::parse),
            again: Again::NotAsked,
            clock,
        })
    }

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
    fn seated_setup(&self) -> GameSetup {
        let mut setup = self.setup.clone();
        setup.seats = self.seats.iter().map(|s| s.seat.clone()).collect();
        setup
    }

    /// `None` when `seat` is the room creator's; else the refusal, said with `sentence`.
    fn creator_only(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        sentence: &str,
    ) -> Option<Vec<Out>> {
        (seat != Some(CREATOR)).then(|| self.refuse(Refusal::Seat, conn, sentence))
    }

    /// A refusal answered with a sentence.
    fn refuse(&mut self, why: Refusal, conn: ConnId, reason: &str) -> Vec<Out> {
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

    /// How a seat shows on every device.
    fn presence(&self, seat: PlayerId) -> RoomPresence {
        let slot = &self.seats[seat.index()];
        if slot.is_open() {
            return RoomPresence::Open;
        }
        if slot.token.is_none() {
            return RoomPresence::Computer;
        }
        if let Some(host) = &self.host {
            if host.seat_control(seat) == Some(SeatControl::Computer) {
                return RoomPresence::ComputerPlaying;
            }
        }
        if self.conns.values().any(|c| c.seat == Some(seat)) {
            RoomPresence::Here
        } else {
            RoomPresence::Away
        }
    }

    /// The room as every device shows it.
    pub fn info(&self) -> RoomInfo {
        RoomInfo {
            code: self.code.shown(),
            title: self.title.clone(),
            board_name: self.setup.board.def().name.clone(),
            started: self.started(),
            creator_seat: CREATOR,
            spectators: self.spectators,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| (PlayerId(i), s))
                .map(|(i, s)| RoomSeat {
                    seat: i,
                    name: s.seat.name.clone(),
                    color: s.seat.color.clone(),
                    token: s.seat.token.name().into_owned(),
                    computer: match s.seat.kind {
                        SeatKind::Computer { strategy } => Some(strategy.name().to_string()),
                        SeatKind::Human => None,
                    },
                    presence: self.presence(i),
                    away_secs: s
                        .away_since
                        .filter(|_| self.presence(i) == RoomPresence::Away)
                        .map_or(0, |t| self.now.saturating_sub(t) / 1000),
                })
                .collect(),
            next: self.next.as_ref().map(RoomCode::shown),
            turn_timer: self.clock.timer,
        }
    }

    fn msg(msg: &RoomMsg) -> Bytes {
        Bytes::from(serde_json::to_vec(msg).unwrap_or_default())
    }

    fn to(conn: ConnId, msg: &RoomMsg) -> Out {
        Out::To(conn, Room::msg(msg))
    }

    fn deny(conn: ConnId, reason: &str) -> Vec<Out> {
        vec![Room::to(
            conn,
            &RoomMsg::Denied {
                reason: reason.to_string(),
            },
        )]
    }

    /// The room's state to every connection.
    fn tell_all(&self) -> Vec<Out> {
        let bytes = Room::msg(&RoomMsg::Room(self.info()));
        self.conns
            .keys()
            .map(|&c| Out::To(c, bytes.clone()))
            .collect()
    }

    /// Where the host's bytes go: a peer is a connection; "guests" are the seated ones.
    fn route(&self, out: Vec<Outgoing>) -> Vec<Out> {
        let mut sent = Vec::new();
        for o in out {
            match o.to {
                To::Peer(PeerId(c)) => sent.push(Out::To(c, Bytes::from(o.bytes))),
                To::Guests => {
                    let bytes = Bytes::from(o.bytes);
                    for (&c, conn) in &self.conns {
                        if conn.seat.is_some() || conn.watching {
                            sent.push(Out::To(c, bytes.clone()));
                        }
                    }
                }
                To::Host => {}
            }
        }
        sent
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
                rate: Rate {
                    window_start: self.now,
                    ..Rate::default()
                },
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
        let Some(c) = self.conns.get_mut(&conn) else {
            return Vec::new();
        };
        if bytes.len() > MAX_MESSAGE_BYTES {
            return self.refuse(Refusal::Size, conn, "That message is too long.");
        }
        // The rate: a window's worth of messages (a seat's count stays with the seat, and a
        // message asking for the whole game costs more); several windows over it close the
        // connection (the room plays on).
        let cost = message_cost(bytes);
        let rate = match c.seat {
            Some(s) => &mut self.seats[s.index()].rate,
            None => &mut c.rate,
        };
        match rate.count(self.now, cost) {
            Verdict::Take => {}
            Verdict::Drop => {
                self.refusals.push(Refusal::Rate);
                return Vec::new();
            }
            Verdict::Flood => {
                let mut out = self.refuse(
                    Refusal::Rate,
                    conn,
                    "Too many messages: this connection is closed.",
                );
                out.push(Out::Close(conn));
                out.extend(self.disconnect(conn, now));
                return out;
            }
        }
        if let Ok(msg) = serde_json::from_slice::<ClientMsg>(bytes) {
            return self.on_room_msg(conn, msg, tokens);
        }
        // The game's own messages, from a seated connection once the game runs.
        let seat = self.conns.get(&conn).and_then(|c| c.seat);
        match (seat, self.host.as_mut()) {
            (Some(_), Some(host)) => {
                let out = host.on_message(PeerId(conn), bytes);
                let mut sent = self.route(out);
                sent.extend(self.after_host_events());
                sent.extend(self.run_clock());
                sent
            }
            (None, _) if !self.conns.get(&conn).is_some_and(|c| c.entered) => {
                Room::deny(conn, "Say which room seat this is first.")
            }
            _ => Vec::new(),
        }
    }

    fn on_room_msg(
        &mut self,
        conn: ConnId,
        msg: ClientMsg,
        mut tokens: impl FnMut() -> String,
    ) -> Vec<Out> {
        self.changes += 1;
        let seat = self.conns.get(&conn).and_then(|c| c.seat);
        match msg {
            ClientMsg::Enter { token } => {
                let mut out = Vec::new();
                if let Some(token) = token {
                    let Some(s) = self
                        .seats
                        .iter()
                        .position(|slot| slot.token.as_deref() == Some(token.as_str()))
                        .map(PlayerId)
                    else {
                        let mut out = self.refuse(
                            Refusal::Token,
                            conn,
                            "This device's seat is not in this room: you can watch, or join while the room waits.",
                        );
                        if let Some(c) = self.conns.get_mut(&conn) {
                            c.entered = true;
                        }
                        out.push(Room::to(conn, &RoomMsg::Room(self.info())));
                        out.extend(self.watch_or_not(conn));
                        return out;
                    };
                    // The same seat opened again elsewhere (another tab, the same link on
                    // a new connection): the newest one plays it.
                    for (&other, x) in self.conns.iter_mut() {
                        if other != conn && x.seat == Some(s) {
                            x.seat = None;
                            out.push(Room::to(
                                other,
                                &RoomMsg::Denied {
                                    reason: "Your seat is now played from another window.".into(),
                                },
                            ));
                        }
                    }
                    if let Some(c) = self.conns.get_mut(&conn) {
                        c.seat = Some(s);
                    }
                    self.seats[s.index()].away_since = None;
                    if let Some(host) = self.host.as_mut() {
                        let o = host.peer_connected(PeerId(conn), s);
                        out.extend(self.route(o));
                    }
                }
                let seated = self.conns.get(&conn).is_some_and(|c| c.seat.is_some());
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.entered = true;
                }
                out.extend(self.tell_all());
                if !seated {
                    out.extend(self.watch_or_not(conn));
                }
                out.extend(self.clock_to(conn));
                out
            }
            ClientMsg::Watchers { allow } => {
                if let Some(refused) =
                    self.creator_only(conn, seat, "Only the room's creator can say who may watch.")
                {
                    return refused;
                }
                self.spectators = allow;
                let mut out = self.tell_all();
                if allow {
                    out.extend(self.let_watch());
                } else {
                    let watching: Vec<ConnId> = self
                        .conns
                        .iter()
                        .filter(|(_, c)| c.watching)
                        .map(|(&id, _)| id)
                        .collect();
                    for id in watching {
                        if let Some(c) = self.conns.get_mut(&id) {
                            c.watching = false;
                        }
                        if let Some(host) = self.host.as_mut() {
                            host.watcher_disconnected(PeerId(id));
                        }
                        out.extend(Room::deny(
                            id,
                            "The room's creator stopped letting others watch.",
                        ));
                    }
                }
                out
            }
            ClientMsg::Join { name, color, token } => {
                if self.started() {
                    return self.refuse(
                        Refusal::Seat,
                        conn,
                        "The game has started: nobody can sit down now.",
                    );
                }
                if seat.is_some() {
                    return self.refuse(
                        Refusal::Seat,
                        conn,
                        "You already have a seat in this room.",
                    );
                }
                // The first seat open for a friend, or a new one at the end.
                let open = self.seats.iter().position(SeatSlot::is_open);
                if open.is_none() && self.seats.len() >= MAX_SEATS {
                    return Room::deny(conn, "The room is full.");
                }
                let name = seat_name(&name);
                if name.is_empty() {
                    return Room::deny(conn, "Write your name first.");
                }
                let max = usize::from(self.setup.rules.max_players);
                if open.is_none() && self.seats.len() >= max.min(MAX_SEATS) {
                    return Room::deny(conn, "The room is full for this board.");
                }
                // What a seat still open holds is the lobby's stand-in, not a person's.
                let taken = || self.seats.iter().filter(|s| !s.is_open());
                if taken().any(|s| s.seat.name.eq_ignore_ascii_case(&name)) {
                    return Room::deny(conn, &format!("Someone here is called {name} already."));
                }
                let color: String = color
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '#')
                    .take(16)
                    .collect();
                if color.is_empty() || taken().any(|s| s.seat.color.eq_ignore_ascii_case(&color)) {
                    return Room::deny(conn, "That color is taken: choose another.");
                }
                let token = Token::from_name(&clean_chat(&token));
                if token.is_none() || taken().any(|s| s.seat.token == token) {
                    return Room::deny(conn, "That token is taken: choose another.");
                }
                let held = tokens();
                let slot = SeatSlot {
                    seat: Seat {
                        name,
                        token,
                        color,
                        kind: SeatKind::Human,
                        start: Default::default(),
                    },
                    token: Some(held.clone()),
                    away_since: None,
                    rate: Rate::default(),
                };
                let s = PlayerId(match open {
                    Some(s) => {
                        self.seats[s] = slot;
                        s
                    }
                    None => {
                        self.seats.push(slot);
                        self.seats.len() - 1
                    }
                });
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.seat = Some(s);
                    c.entered = true;
                }
                let mut out = vec![Room::to(
                    conn,
                    &RoomMsg::Seated {
                        seat: s,
                        token: held,
                    },
                )];
                out.extend(self.tell_all());
                out
            }
            ClientMsg::Remove { seat: gone } => {
                if let Some(refused) =
                    self.creator_only(conn, seat, "Only the room's creator can remove a seat.")
                {
                    return refused;
                }
                if self.started() {
                    return Room::deny(conn, "The game has started: seats stay as they are.");
                }
                if gone == CREATOR || gone.index() >= self.seats.len() {
                    return Room::deny(conn, "There is no such seat to remove.");
                }
                self.seats.remove(gone.index());
                let mut out = Vec::new();
                for (&c, x) in self.conns.iter_mut() {
                    match x.seat {
                        Some(s) if s == gone => {
                            x.seat = None;
                            out.push(Room::to(
                                c,
                                &RoomMsg::Denied {
                                    reason: "The room's creator removed your seat.".into(),
                                },
                            ));
                        }
                        Some(s) if s > gone => x.seat = Some(PlayerId(s.index() - 1)),
                        _ => {}
                    }
                }
                // Seats after the removed one moved up: their devices are told their new
                // number with their token.
                for (&c, x) in &self.conns {
                    if let Some(s) = x.seat.filter(|&s| s >= gone) {
                        if let Some(token) = self.seats[s.index()].token.clone() {
                            out.push(Room::to(c, &RoomMsg::Seated { seat: s, token }));
                        }
                    }
                }
                out.extend(self.tell_all());
                out
            }
            ClientMsg::Start => {
                if let Some(refused) =
                    self.creator_only(conn, seat, "Only the room's creator can start the game.")
                {
                    return refused;
                }
                if self.started() {
                    return Vec::new();
                }
                let mut setup = self.seated_setup();
                // The game's seed: 64 of the server's random bits (a token's first 16 hex
                // digits), known to nobody else.
                let random = tokens();
                setup.seed = random
                    .get(..16)
                    .and_then(|hex| u64::from_str_radix(hex, 16).ok())
                    .unwrap_or(0);
                self.start_with(setup, conn)
            }
            ClientMsg::LetComputerPlay { seat: absent } => {
                if seat.is_none() {
                    return self.refuse(
                        Refusal::Seat,
                        conn,
                        "Only a seated player can ask for that.",
                    );
                }
                let Some(slot) = self.seats.get(absent.index()) else {
                    return Room::deny(conn, "There is no such seat.");
                };
                if slot.token.is_none() || self.presence(absent) != RoomPresence::Away {
                    return Room::deny(conn, "That seat is not away.");
                }
                let away_for = slot.away_since.map_or(0, |t| self.now.saturating_sub(t));
                if away_for < AWAY_BEFORE_STAND_IN_MS {
                    return Room::deny(
                        conn,
                        &format!(
                            "{} has been away for less than 30 seconds: wait a little.",
                            slot.seat.name
                        ),
                    );
                }
                let Some(host) = self.host.as_mut() else {
                    return Room::deny(conn, "The game has not started.");
                };
                let o = host.set_seat_control(absent, SeatControl::Computer);
                let mut out = self.route(o);
                out.extend(self.tell_all());
                out
            }
            ClientMsg::PlayAgain => self.ask_play_again(conn, seat),
            ClientMsg::TurnTimer { timer } => self.set_turn_timer(conn, seat, timer),
            ClientMsg::ImBack => self.im_back(conn, seat),
        }
    }

    /// Play again from a seated device once the game is over: the first ask is handed to the
    /// server ([`Room::take_play_again`]); once the new room is open, each ask is answered
    /// with this room's state, which names it.
    fn ask_play_again(&mut self, conn: ConnId, seat: Option<PlayerId>) -> Vec<Out> {
        if seat.is_none() {
            return self.refuse(
                Refusal::Seat,
                conn,
                "Only a player of this room can ask to play again.",
            );
        }
        if !self.game().is_some_and(|g| g.is_over()) {
            return Room::deny(
                conn,
                "The game is still going: Play again opens once it has ended.",
            );
        }
        if self.next.is_some() {
            return vec![Room::to(conn, &RoomMsg::Room(self.info()))];
        }
        if self.again == Again::NotAsked {
            self.again = Again::Asked;
        }
        Vec::new()
    }

    /// What a player's Play again asks the server to open, once: the same board, rules,
    /// watchers and seats, every person seat held by its token here.
    pub fn take_play_again(&mut self) -> Option<PlayAgain> {
        if self.again != Again::Asked || self.next.is_some() {
            return None;
        }
        self.again = Again::Opening;
        let setup = self.seated_setup();
        Some(PlayAgain {
            request: OpenRoom {
                title: self.title.clone(),
                setup,
                spectators: self.spectators,
                open_seats: Vec::new(),
                turn_timer: self.clock.timer,
            },
            tokens: self.seats.iter().filter_map(|s| s.token.clone()).collect(),
        })
    }

    /// The server opened the room Play again asked for: every device hears of it, and this
    /// room's link leads there from now on.
    pub fn played_again(&mut self, next: RoomCode) -> Vec<Out> {
        self.next = Some(next);
        self.again = Again::NotAsked;
        self.changes += 1;
        self.tell_all()
    }

    /// The server could not open the new room: the seated devices hear why, and may ask again.
    pub fn play_again_failed(&mut self, reason: &str) -> Vec<Out> {
        self.again = Again::NotAsked;
        let seated: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.seat.is_some())
            .map(|(&id, _)| id)
            .collect();
        seated
            .into_iter()
            .flat_map(|c| Room::deny(c, reason))
            .collect()
    }

    /// Starts the game with `setup` (its seed drawn by the caller); the engine's refusal is
    /// said to `conn`.
    pub fn start_with(&mut self, setup: GameSetup, conn: ConnId) -> Vec<Out> {
        if self.seats.len() < 2 {
            return Room::deny(conn, "A game needs at least two players.");
        }
        if let Some(open) = self.seats.iter().position(SeatSlot::is_open) {
            return Room::deny(
                conn,
                &format!(
                    "Seat {} is still open for a friend: wait for them to join by the link, or remove the seat.",
                    open + 1
                ),
            );
        }
        let game = match Game::new(setup) {
            Ok(g) => g,
            Err(e) => return Room::deny(conn, &e.to_string()),
        };
        let people: Vec<PlayerId> = PlayerId::all(self.seats.len())
            .filter(|&s| self.seats[s.index()].token.is_some())
            .collect();
        let mut host = match Host::new(game, self.code.table_id(), &people) {
            Ok(h) => h,
            Err(e) => return Room::deny(conn, &e.to_string()),
        };
        host.seats_back_by_press();
        host.tick(self.now);
        for (&c, x) in &self.conns {
            if let Some(s) = x.seat {
                host.peer_connected(PeerId(c), s);
            }
        }
        self.host = Some(host);
        self.last_bot = self.now;
        let mut out = self.tell_all();
        out.extend(self.let_watch());
        out
    }

    /// A seatless connection that entered a started game watches it if the room allows it, or
    /// is told why not.
    fn watch_or_not(&mut self, conn: ConnId) -> Vec<Out> {
        if !self.started() {
            return Vec::new();
        }
        if !self.spectators {
            return Room::deny(
                conn,
                "The game has started, and this room's creator does not let others watch.",
            );
        }
        self.let_watch()
    }

    /// Seatless connections that entered watch the game, if the room allows it: each is
    /// welcomed with the game (after the room message that says it started).
    fn let_watch(&mut self) -> Vec<Out> {
        if !self.spectators {
            return Vec::new();
        }
        let Some(host) = self.host.as_mut() else {
            return Vec::new();
        };
        let mut welcomes = Vec::new();
        for (&c, x) in self.conns.iter_mut() {
            if x.entered && x.seat.is_none() && !x.watching {
                x.watching = true;
                welcomes.extend(host.watcher_connected(PeerId(c)));
            }
        }
        self.route(welcomes)
    }

    /// What the host's events ask of the room: a player back in a seat a computer played is
    /// given it back.
    fn after_host_events(&mut self) -> Vec<Out> {
        let Some(host) = self.host.as_mut() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut changed = false;
        for e in host.drain_events() {
            match e {
                TableEvent::SeatBack { seat } => {
                    let o = host.set_seat_control(seat, SeatControl::Remote);
                    out.extend(o);
                    changed = true;
                    self.clock.heard_from(seat);
                }
                TableEvent::Applied { by_seat, .. } => self.clock.heard_from(by_seat),
                TableEvent::Dropped { from, reason } => {
                    self.refusals.push(Refusal::Seat);
                    self.notes.push(format!(
                        "room {}: dropped a message from {from:?}: {reason}",
                        self.code
                    ));
                }
                TableEvent::Refused { seat, reason, .. } => {
                    self.refusals.push(Refusal::Turn);
                    self.notes.push(format!(
                        "room {}: refused seat {seat}'s request: {reason}",
                        self.code
                    ));
                }
                _ => {}
            }
        }
        let mut sent = self.route(out);
        if changed {
            sent.extend(self.tell_all());
        }
        sent
    }

    /// The passing of time (ms; about twice a second): the host's tick, and the computers'
    /// moves, one per `bot_delay_ms`.
    pub fn tick(&mut self, now: u64) -> Vec<Out> {
        self.now = self.now.max(now);
        let Some(host) = self.host.as_mut() else {
            return Vec::new();
        };
        let mut out = host.tick(self.now);
        let mut moves = 0;
        // With no delay, the computers play until a person is to act (bounded per tick).
        while moves < 200 && self.now.saturating_sub(self.last_bot) >= self.bot_delay_ms {
            let Some((seat, control)) = host.local_to_act() else {
                break;
            };
            let strategy = match (control, &self.seats[seat.index()].seat.kind) {
                (_, SeatKind::Computer { strategy }) => *strategy,
                _ => ComputerStrategy::Balanced,
            };
            let game = host.game();
            let Some(me) = game.actor() else { break };
            let action = bot(strategy).choose(game, me);
            match host.apply_local(action) {
                Ok(o) => out.extend(o),
                Err(_) => break,
            }
            moves += 1;
            if self.bot_delay_ms > 0 {
                self.last_bot = self.now;
                break;
            }
        }
        let mut sent = self.route(out);
        sent.extend(self.after_host_events());
        sent.extend(self.run_clock());
        sent
    }
}

/// The turn timer (see [`crate::clock`]).
impl Room {
    /// The turn timer (Off when the room has none).
    pub fn turn_timer(&self) -> TurnTimer {
        self.clock.timer
    }

    /// The clock running now, as devices show it.
    pub fn clock_shown(&self) -> Option<ClockShown> {
        self.clock.shown(self.now)
    }

    /// The times in a row `seat`'s time ran out.
    pub fn misses_of(&self, seat: PlayerId) -> u32 {
        self.clock.misses_of(seat)
    }

    /// When this room, set aside now (nobody in it), must be taken up again for what its turn
    /// timer makes due (issue 61: turn-based rooms are almost always set aside): the running
    /// clock's deadline; at once while the game goes on for a person seat whose clock has yet
    /// to start (computers to move first); `None` without a timer, before the start, once the
    /// game is over, or when computers play every person seat (nobody is waiting for it).
    pub fn wakes_at(&self) -> Option<u64> {
        if self.clock.timer.is_off() {
            return None;
        }
        if let Some(running) = self.clock.running {
            return Some(running.deadline_ms);
        }
        let host = self.host.as_ref()?;
        host.game().actor()?;
        let someone_plays = (0..self.seats.len())
            .any(|i| host.seat_control(PlayerId(i)) == Some(SeatControl::Remote));
        someone_plays.then_some(self.now)
    }

    /// The creator's Turn timer, before the start.
    fn set_turn_timer(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        timer: TurnTimer,
    ) -> Vec<Out> {
        if let Some(refused) = self.creator_only(
            conn,
            seat,
            "Only the room's creator can set the turn timer.",
        ) {
            return refused;
        }
        if self.started() {
            return Room::deny(conn, "The game has started: the turn timer stays as it is.");
        }
        self.clock = TurnClock::new(timer);
        self.tell_all()
    }

    /// I'm back: a player a computer plays for plays their seat again.
    fn im_back(&mut self, conn: ConnId, seat: Option<PlayerId>) -> Vec<Out> {
        let Some(seat) = seat else {
            return self.refuse(
                Refusal::Seat,
                conn,
                "Only a seated player can say they are back.",
            );
        };
        let Some(host) = self.host.as_mut() else {
            return Room::deny(conn, "The game has not started.");
        };
        if host.seat_control(seat) != Some(SeatControl::Computer) {
            return Room::deny(conn, "You are playing your seat already.");
        }
        let o = host.set_seat_control(seat, SeatControl::Remote);
        self.clock.heard_from(seat);
        let mut out = self.route(o);
        out.extend(self.tell_all());
        out.extend(self.run_clock());
        out
    }

    /// The clock to one connection that entered (in a room with a turn timer).
    fn clock_to(&self, conn: ConnId) -> Vec<Out> {
        if self.clock.timer.is_off() || !self.started() {
            return Vec::new();
        }
        vec![Room::to(
            conn,
            &RoomMsg::Clock {
                clock: self.clock_shown(),
            },
        )]
    }

    /// The clock to every connection.
    fn tell_clock(&self) -> Vec<Out> {
        let bytes = Room::msg(&RoomMsg::Clock {
            clock: self.clock_shown(),
        });
        self.conns
            .keys()
            .map(|&c| Out::To(c, bytes.clone()))
            .collect()
    }

    /// The turn timer at `self.now`: a clock starts for a person seat played from its own
    /// device when the game waits for it; when it runs out a computer plays for that player.
    /// Every device is told when a clock starts or stops. Nothing at all without a timer.
    fn run_clock(&mut self) -> Vec<Out> {
        if self.clock.timer.is_off() {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut tell = false;
        // A clock that ran out, then the next one.
        for _ in 0..2 {
            let Some(host) = self.host.as_ref() else {
                return out;
            };
            let waiting_for = host
                .game()
                .actor()
                .filter(|&s| host.seat_control(s) == Some(SeatControl::Remote));
            match self
                .clock
                .step(host.game(), waiting_for, host.seq(), self.now)
            {
                ClockStep::Wait => break,
                ClockStep::Changed => {
                    tell = true;
                    break;
                }
                ClockStep::RanOut { seat } => {
                    tell = true;
                    out.extend(self.time_ran_out(seat));
                }
            }
        }
        if tell {
            self.changes += 1;
            out.extend(self.tell_clock());
        }
        out
    }

    /// `seat`'s time ran out: a computer plays for them while they are the one to act (the
    /// rest of their turn, or their one bid or answer), every device's feed says so, and the
    /// third time in a row a computer plays for them until they press I'm back.
    fn time_ran_out(&mut self, seat: PlayerId) -> Vec<Out> {
        let Some(host) = self.host.as_mut() else {
            return Vec::new();
        };
        let name = self.seats[seat.index()].seat.name.clone();
        // Said first, so every feed reads it before what the computer did.
        let mut out = host.notice(
            seat,
            &format!("Time ran out: a computer played for {name}."),
        );
        for _ in 0..200 {
            let game = host.game();
            let Some(me) = game.actor().filter(|&p| p == seat) else {
                break;
            };
            let action = bot(ComputerStrategy::Balanced).choose(game, me);
            match host.play_for(action) {
                Ok(o) => out.extend(o),
                Err(_) => break,
            }
        }
        let stand_in = self.clock.missed(seat);
        if stand_in {
            out.extend(host.notice(
                seat,
                &format!(
                    "{name}'s time ran out {MISSES_BEFORE_STAND_IN} times in a row: a computer plays for {name} until they press I'm back."
                ),
            ));
            out.extend(host.set_seat_control(seat, SeatControl::Computer));
        }
        self.last_bot = self.now;
        let mut sent = self.route(out);
        if stand_in {
            sent.extend(self.tell_all());
        }
        sent
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use worlds_engine::Preset;

    fn open(bot_delay: u64) -> (Room, Vec<HeldSeat>) {
        let mut setup = GameSetup::new(
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
        setup.seed = 5;
        let mut n = 0u8;
        Room::open(
            RoomCode::from_random([1, 2, 3, 4, 5]),
            OpenRoom {
                title: "Ann's game".into(),
                setup,
                spectators: false,
                open_seats: Vec::new(),
                turn_timer: TurnTimer::Off,
            },
            move || {
                n += 1;
                seat_token([n; 16])
            },
            bot_delay,
            0,
        )
        .expect("a room")
    }

    fn said(out: &[Out], conn: ConnId) -> Vec<RoomMsg> {
        out.iter()
            .filter_map(|o| match o {
                Out::To(c, b) if *c == conn => serde_json::from_slice(b).ok(),
                _ => None,
            })
            .collect()
    }

    /// The room's actions through JSON, as a server keeps them.
    fn kept(room: &Room) -> Vec<KeptAction> {
        room.kept_actions_from(0)
            .iter()
            .map(|a| KeptAction::read(&serde_json::to_string(a).expect("writes")).expect("reads"))
            .collect()
    }

    fn send(room: &mut Room, conn: ConnId, msg: &ClientMsg, now: u64) -> Vec<Out> {
        let bytes = serde_json::to_vec(msg).expect("writes");
        room.on_message(conn, &bytes, now, || seat_token([9; 16]))
    }

    #[test]
    fn codes_are_40_bits_shown_in_two_groups_and_read_back_in_any_case() {
        let code = RoomCode::from_random([0xff, 0, 0x7a, 3, 9]);
        assert_eq!(code.shown().len(), 9);
        assert_eq!(
            RoomCode::parse(&code.shown().to_lowercase()),
            Some(code.clone())
        );
        assert_eq!(RoomCode::parse(&code.shown().replace('-', "")), Some(code));
        assert_eq!(
            RoomCode::parse("K7QX-M2PU"),
            None,
            "U is not in the alphabet"
        );
        assert_eq!(RoomCode::parse("K7QX-M2P"), None);
        assert_ne!(
            RoomCode::from_random([1, 2, 3, 4, 5]),
            RoomCode::from_random([1, 2, 3, 4, 6])
        );
    }

    #[test]
    fn a_friend_joins_the_creator_starts_and_a_device_without_the_token_cannot_take_a_seat() {
        let (mut room, held) = open(0);
        assert_eq!(held.len(), 1, "one token: the creator's person seat");
        room.connect(1, 0);
        let out = send(
            &mut room,
            1,
            &ClientMsg::Enter {
                token: Some(held[0].token.clone()),
            },
            0,
        );
        assert!(
            matches!(said(&out, 1).last(), Some(RoomMsg::Room(i)) if i.seats[0].presence == RoomPresence::Here)
        );
        // A friend without a token watches, then joins.
        room.connect(2, 0);
        send(&mut room, 2, &ClientMsg::Enter { token: None }, 0);
        let join = ClientMsg::Join {
            name: "<b>Bea</b>".into(),
            color: "#1d4ed8".into(),
            token: "boot".into(),
        };
        let out = send(&mut room, 2, &join, 0);
        let Some(RoomMsg::Seated {
            seat: PlayerId(2),
            token,
        }) = said(&out, 2).first().cloned()
        else {
            panic!("seated: {out:?}");
        };
        assert_eq!(
            room.info().seats[2].name,
            "<b>Bea</b>",
            "kept as text, never HTML"
        );
        // Only the creator starts, and removes.
        let out = send(&mut room, 2, &ClientMsg::Start, 0);
        assert!(matches!(&said(&out, 2)[0], RoomMsg::Denied { .. }));
        assert!(!room.started());
        // A device with a wrong token cannot take Bea's seat.
        room.connect(3, 0);
        let out = send(
            &mut room,
            3,
            &ClientMsg::Enter {
                token: Some("f".repeat(32)),
            },
            0,
        );
        assert!(matches!(&said(&out, 3)[0], RoomMsg::Denied { .. }));
        let out = send(&mut room, 3, &join, 0);
        assert!(
            matches!(&said(&out, 3)[0], RoomMsg::Denied { reason } if reason.contains("called"))
        );
        let out = send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(room.started());
        assert!(said(&out, 2)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if i.started)));
        // Bea's device comes back on a new connection with her token: her seat.
        room.disconnect(2, 1000);
        assert_eq!(room.info().seats[2].presence, RoomPresence::Away);
        room.connect(4, 2000);
        send(&mut room, 4, &ClientMsg::Enter { token: Some(token) }, 2000);
        assert_eq!(room.info().seats[2].presence, RoomPresence::Here);
    }

    /// Ann's lobby: Ann, a second person (left open for a friend), and Cal, a computer.
    fn open_with_a_seat_for_a_friend() -> (Room, Vec<HeldSeat>) {
        let seat = |name: &str, color: &str, token: &str| Seat {
            color: color.into(),
            token: Token::from_name(token),
            ..Seat::human(name)
        };
        let setup = GameSetup::new(
            Preset::Classic.board(),
            vec![
                seat("Ann", "#d62828", "dog"),
                seat("Player 2", "#1d4ed8", "car"),
                Seat {
                    color: "#15803d".into(),
                    token: Token::from_name("boot"),
                    ..Seat::computer("Cal", ComputerStrategy::Balanced)
                },
            ],
            0,
        );
        let mut n = 0u8;
        Room::open(
            RoomCode::from_random([1, 2, 3, 4, 5]),
            OpenRoom {
                title: "Ann's game".into(),
                setup,
                spectators: false,
                open_seats: vec![PlayerId(1)],
                turn_timer: TurnTimer::Off,
            },
            move || {
                n += 1;
                seat_token([n; 16])
            },
            0,
            0,
        )
        .expect("a room")
    }

    #[test]
    fn a_person_seat_left_open_waits_for_the_first_friend_who_joins_and_keeps_its_place() {
        let (mut room, held) = open_with_a_seat_for_a_friend();
        assert_eq!(held.len(), 1, "the creator holds only her own seat");
        let presence: Vec<RoomPresence> =
            room.info().seats.into_iter().map(|s| s.presence).collect();
        assert_eq!(
            presence,
            [
                RoomPresence::Away,
                RoomPresence::Open,
                RoomPresence::Computer
            ]
        );
        // Written as before (issue 41: the JSON every device reads is unchanged).
        assert_eq!(
            serde_json::to_value(&presence).expect("writes"),
            serde_json::json!(["away", "open", "computer"])
        );
        // Seats are the engine's player ids, written as their bare numbers as before.
        let info = serde_json::to_value(room.info()).expect("writes");
        assert_eq!(
            (&info["creator_seat"], &info["seats"][1]["seat"]),
            (&serde_json::json!(0), &serde_json::json!(1))
        );
        assert_eq!(
            serde_json::from_str::<ClientMsg>(r#"{"t":"remove","seat":1}"#).ok(),
            Some(ClientMsg::Remove { seat: PlayerId(1) })
        );
        assert_eq!(
            serde_json::to_string(&held[0]).expect("writes"),
            format!(r#"{{"seat":0,"token":"{}"}}"#, held[0].token)
        );
        room.connect(1, 0);
        let enter = |token: &str| ClientMsg::Enter {
            token: Some(token.to_string()),
        };
        send(&mut room, 1, &enter(&held[0].token), 0);
        // Start waits for the open seat, and says so.
        let out = send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(
            matches!(&said(&out, 1)[0], RoomMsg::Denied { reason } if reason == "Seat 2 is still open for a friend: wait for them to join by the link, or remove the seat."),
            "{out:?}"
        );
        assert!(!room.started());
        // A friend with the lobby's stand-in color and token (nobody holds them) sits in the
        // open seat, in the lobby's order, before the computer.
        room.connect(2, 0);
        send(&mut room, 2, &ClientMsg::Enter { token: None }, 0);
        let bea = ClientMsg::Join {
            name: "Bea".into(),
            color: "#1d4ed8".into(),
            token: "car".into(),
        };
        let out = send(&mut room, 2, &bea, 0);
        assert!(
            matches!(
                said(&out, 2).first(),
                Some(RoomMsg::Seated {
                    seat: PlayerId(1),
                    ..
                })
            ),
            "{out:?}"
        );
        let seats = room.info().seats;
        assert_eq!(
            (seats[1].name.as_str(), seats[1].presence),
            ("Bea", RoomPresence::Here)
        );
        assert_eq!(seats[2].name, "Cal");
        // No seat is open now: the next friend sits at the end, and a taken color is refused.
        room.connect(3, 0);
        send(&mut room, 3, &ClientMsg::Enter { token: None }, 0);
        let same_color = ClientMsg::Join {
            name: "Cy".into(),
            color: "#1d4ed8".into(),
            token: "iron".into(),
        };
        let out = send(&mut room, 3, &same_color, 0);
        assert!(
            matches!(&said(&out, 3)[0], RoomMsg::Denied { reason } if reason == "That color is taken: choose another.")
        );
        let cy = ClientMsg::Join {
            name: "Cy".into(),
            color: "#7e22ce".into(),
            token: "iron".into(),
        };
        let out = send(&mut room, 3, &cy, 0);
        assert!(matches!(
            said(&out, 3).first(),
            Some(RoomMsg::Seated {
                seat: PlayerId(3),
                ..
            })
        ));
        send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(room.started());
        let names: Vec<String> = room
            .game()
            .expect("started")
            .players()
            .iter()
            .map(|p| p.name.clone())
            .collect();
        assert_eq!(names, ["Ann", "Bea", "Cal", "Cy"]);
    }

    #[test]
    fn an_open_seat_may_be_removed_is_kept_open_by_a_restart_and_is_never_the_creators() {
        let (mut room, held) = open_with_a_seat_for_a_friend();
        // Kept as it is by the server's record.
        let opening: OpenRoom =
            serde_json::from_str(&serde_json::to_string(&room.opening()).expect("writes"))
                .expect("reads");
        assert_eq!(opening.open_seats, [PlayerId(1)]);
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads");
        let again = Room::restore(
            room.code().clone(),
            opening.clone(),
            state,
            Vec::new(),
            0,
            0,
        )
        .expect("restores");
        assert_eq!(again.info().seats[1].presence, RoomPresence::Open);
        // The creator removes it and starts with the computer.
        ann_enters(&mut room, &held);
        send(&mut room, 1, &ClientMsg::Remove { seat: PlayerId(1) }, 0);
        assert_eq!(room.info().seats.len(), 2);
        send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(room.started());
        // Seat 0 (the creator's) or a computer's cannot be left open.
        for open_seats in [0, 2, 7].map(|s| vec![PlayerId(s)]) {
            let refused = Room::open(
                RoomCode::from_random([1, 2, 3, 4, 6]),
                OpenRoom {
                    open_seats,
                    ..opening.clone()
                },
                || seat_token([1; 16]),
                0,
                0,
            );
            assert_eq!(
                refused.err(),
                Some(OpenError(
                    "Only a person seat other than the creator's can be left open for a friend."
                        .into()
                ))
            );
        }
    }

    #[test]
    fn a_computer_may_play_for_an_absent_player_only_after_30_seconds() {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        room.connect(2, 0);
        send(
            &mut room,
            2,
            &ClientMsg::Join {
                name: "Bea".into(),
                color: "#1d4ed8".into(),
                token: "boot".into(),
            },
            0,
        );
        send(&mut room, 1, &ClientMsg::Start, 0);
        room.disconnect(2, 1_000);
        let out = send(
            &mut room,
            1,
            &ClientMsg::LetComputerPlay { seat: PlayerId(2) },
            10_000,
        );
        assert!(
            matches!(&said(&out, 1)[0], RoomMsg::Denied { reason } if reason.contains("30 seconds"))
        );
        let out = send(
            &mut room,
            1,
            &ClientMsg::LetComputerPlay { seat: PlayerId(2) },
            31_500,
        );
        assert!(said(&out, 1)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if i.seats[2].presence == RoomPresence::ComputerPlaying)));
    }

    #[test]
    fn a_room_rebuilt_from_its_opening_state_and_actions_is_the_same_room() {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        room.connect(2, 0);
        let join = ClientMsg::Join {
            name: "Bea".into(),
            color: "#1d4ed8".into(),
            token: "boot".into(),
        };
        send(&mut room, 2, &join, 0);
        // Before the game: the seats, through JSON as a server keeps them.
        let through = |room: &Room| {
            let opening: OpenRoom =
                serde_json::from_str(&serde_json::to_string(&room.opening()).expect("writes"))
                    .expect("reads");
            let state: RoomState =
                serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                    .expect("reads");
            let actions = kept(room);
            Room::restore(room.code().clone(), opening, state, actions, 0, 5_000).expect("restores")
        };
        let waiting = through(&room);
        assert!(!waiting.started());
        assert_eq!(waiting.info().seats.len(), 3);
        assert_eq!(
            waiting.info().seats[2].presence,
            RoomPresence::Away,
            "nobody connected yet"
        );
        send(&mut room, 1, &ClientMsg::Start, 0);
        // Bea is away for long enough that a computer plays for her; the computers move.
        room.disconnect(2, 1_000);
        send(
            &mut room,
            1,
            &ClientMsg::LetComputerPlay { seat: PlayerId(2) },
            40_000,
        );
        // Ann leaves too, and Bea's device (back without a word to the game) lets a computer
        // play for her, so the game moves with nobody at it.
        room.disconnect(1, 40_000);
        let bea = waiting.state().seats[2].1.clone();
        room.connect(3, 40_000);
        send(&mut room, 3, &ClientMsg::Enter { token: bea }, 40_000);
        let out = send(
            &mut room,
            3,
            &ClientMsg::LetComputerPlay { seat: PlayerId(0) },
            75_000,
        );
        assert_eq!(
            room.info().seats[0].presence,
            RoomPresence::ComputerPlaying,
            "{:?}",
            said(&out, 3)
        );
        for t in 0..50 {
            room.tick(75_000 + t * 500);
        }
        let game = room.game().expect("started");
        assert!(!game.history().is_empty());
        let again = through(&room);
        let replayed = again.game().expect("started again");
        assert_eq!(replayed.history(), game.history());
        assert_eq!(
            crate::protocol::state_hash(replayed),
            crate::protocol::state_hash(game)
        );
        assert_eq!(
            again.info().seats[2].presence,
            RoomPresence::ComputerPlaying
        );
        assert_eq!(again.state(), room.state());
        // The actions after a point are the ones a server appends.
        let n = game.history().len();
        assert!(room.actions_from(n).is_empty());
        assert_eq!(room.actions_from(n - 1).len(), 1);
    }

    #[test]
    fn a_flooding_connection_is_closed_and_the_room_plays_on() {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        room.connect(2, 0);
        let mut closed = false;
        for i in 0..5_000u64 {
            let out = room.on_message(2, b"{\"t\":\"ping\"}", i, String::new);
            if out.contains(&Out::Close(2)) {
                closed = true;
                break;
            }
        }
        assert!(closed, "the flood ends with a sentence and a close");
        assert_eq!(room.connections(), 1);
        let too_long = vec![b'{'; MAX_MESSAGE_BYTES + 1];
        let out = room.on_message(1, &too_long, 6_000, String::new);
        assert!(matches!(&said(&out, 1)[0], RoomMsg::Denied { .. }));
    }

    #[test]
    fn asking_for_the_whole_game_costs_more_and_entering_again_does_not_refill_the_budget() {
        let (mut room, held) = open(0);
        let enter = ClientMsg::Enter {
            token: Some(held[0].token.clone()),
        };
        room.connect(1, 0);
        send(&mut room, 1, &enter, 0);
        let hello = br#"{"t":"hello","table":"0000000000000000","seat":0,"last_seq":0,"hash":0}"#;
        // One window holds 40 messages' worth: a hello costs 8, so the fifth is the last.
        for _ in 0..5 {
            room.on_message(1, hello, 10, String::new);
        }
        assert!(room.take_refusals().is_empty());
        room.on_message(1, hello, 11, String::new);
        assert_eq!(
            room.take_refusals(),
            vec![Refusal::Rate],
            "the sixth is over the rate"
        );
        // Entering again with the token, in the same window: the seat's count goes on.
        room.disconnect(1, 12);
        room.connect(2, 12);
        send(&mut room, 2, &enter, 12);
        room.on_message(2, hello, 13, String::new);
        assert_eq!(
            room.take_refusals(),
            vec![Refusal::Rate],
            "a new connection does not start the seat's count afresh"
        );
        // The next window, it may ask again.
        room.on_message(2, hello, 600, String::new);
        assert!(room.take_refusals().is_empty());
        // A token the room does not know is counted as such.
        room.connect(3, 700);
        send(
            &mut room,
            3,
            &ClientMsg::Enter {
                token: Some("00".repeat(16)),
            },
            700,
        );
        assert_eq!(room.take_refusals(), vec![Refusal::Token]);
    }

    /// Ann, the creator, in on connection 1 with her seat token; the message she entered with.
    fn ann_enters(room: &mut Room, held: &[HeldSeat]) -> ClientMsg {
        room.connect(1, 0);
        let enter = ClientMsg::Enter {
            token: Some(held[0].token.clone()),
        };
        send(room, 1, &enter, 0);
        enter
    }

    /// Ann starts the game, and her device (a guest on connection 1) hears the whole of it.
    fn ann_starts(room: &mut Room) -> crate::guest::Guest {
        send(room, 1, &ClientMsg::Start, 0);
        let mut ann = crate::guest::Guest::new(room.code.table_id(), PlayerId(0));
        let out = room.on_message(1, &ann.hello().bytes, 10, String::new);
        hear(&mut ann, &out, 1);
        ann
    }

    /// A started room whose creator, Ann, is in on connection 1 with the whole game: the
    /// room, Ann's device and the message that enters with her seat token.
    fn started_with_ann() -> (Room, crate::guest::Guest, ClientMsg) {
        let (mut room, held) = open(0);
        let enter = ann_enters(&mut room, &held);
        let ann = ann_starts(&mut room);
        (room, ann, enter)
    }

    /// What a device's guest makes of the bytes the room sent it.
    fn hear(guest: &mut crate::guest::Guest, out: &[Out], conn: ConnId) -> Vec<Vec<u8>> {
        let mut replies = Vec::new();
        for o in out {
            if let Out::To(c, b) = o {
                if *c == conn && serde_json::from_slice::<RoomMsg>(b).is_err() {
                    replies.extend(guest.on_message(b).into_iter().map(|o| o.bytes));
                }
            }
        }
        replies
    }

    #[test]
    fn an_intent_applied_before_a_restart_is_not_applied_again_though_the_record_was_not_rewritten()
    {
        use crate::guest::Guest;
        let (mut room, mut ann, enter) = started_with_ann();
        let table = room.code.table_id();
        // What the server wrote last: the record before Ann's roll.
        let before = room.state();
        let version = room.state_version();
        let roll = ann.intent(Action::Roll).expect("Ann may roll");
        room.on_message(1, &roll.bytes, 20, String::new);
        assert_eq!(room.actions_from(0).len(), 1, "the roll was applied");
        assert_eq!(
            room.state_version(),
            version,
            "an applied intent is kept with its action"
        );
        let alone = serde_json::to_string(&Action::Roll).expect("writes");
        assert_eq!(
            KeptAction::read(&alone).ok(),
            Some(KeptAction {
                action: Action::Roll,
                intent: None
            }),
            "an action kept alone (as rooms were) reads back without an intent"
        );
        assert!(
            room.kept_actions_from(0)[0].intent.is_some(),
            "the roll is kept with its intent"
        );
        // The server restarts from the record before the roll and the actions kept since.
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&before).expect("writes")).expect("reads");
        let mut again = Room::restore(
            room.code().clone(),
            room.opening(),
            state,
            kept(&room),
            0,
            5_000,
        )
        .expect("restores");
        assert_eq!(again.state(), room.state(), "the record is whole again");
        // Ann's page never heard the answer and sends the same intent again.
        again.connect(2, 100);
        send(&mut again, 2, &enter, 100);
        let mut back = Guest::new(table, PlayerId(0));
        again.on_message(2, &back.hello().bytes, 105, String::new);
        let out = again.on_message(2, &roll.bytes, 110, String::new);
        let told: Vec<String> = out
            .iter()
            .filter_map(|o| match o {
                Out::To(2, b) => Some(String::from_utf8_lossy(b).into_owned()),
                _ => None,
            })
            .collect();
        assert!(
            told.iter().any(|m| m.contains(r#""t":"applied""#)),
            "answered as applied: {told:?}"
        );
        assert!(
            !told.iter().any(|m| m.contains(r#""t":"refused""#)),
            "not refused as a new intent: {told:?}"
        );
        assert_eq!(
            again.actions_from(0).len(),
            1,
            "the roll is not applied a second time"
        );
    }

    #[test]
    fn the_room_keeps_its_chat_through_a_restart_and_a_device_back_sees_each_line_once() {
        use crate::guest::Guest;
        use crate::TableEvent;
        let (mut room, mut ann, enter) = started_with_ann();
        let table = room.code.table_id();
        // The room's clock, which stamps each line with when it was said.
        room.tick(1_790_000_000_000);
        ann.drain_events();
        let version = room.state_version();
        for (i, line) in ["Good luck!", "Boardwalk is mine"].iter().enumerate() {
            let said = ann.chat(line).expect("a line");
            let out = room.on_message(1, &said.bytes, 20 + i as u64, String::new);
            hear(&mut ann, &out, 1);
        }
        let chat = |events: Vec<TableEvent>| -> Vec<String> {
            events
                .into_iter()
                .filter_map(|e| match e {
                    TableEvent::Chat {
                        from: PlayerId(0),
                        text,
                        at,
                    } => {
                        assert_eq!(at, 1_790_000_000_000, "{text}: said then");
                        Some(text)
                    }
                    _ => None,
                })
                .collect()
        };
        assert_eq!(
            chat(ann.drain_events()),
            ["Good luck!", "Boardwalk is mine"]
        );
        assert!(room.state_version() > version, "the record changed");
        // The server restarts: the room is rebuilt from what it kept.
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads");
        let actions = kept(&room);
        let mut again = Room::restore(
            room.code().clone(),
            room.opening(),
            state,
            actions,
            0,
            5_000,
        )
        .expect("restores");
        // Ann's page reloaded too: a new device for her seat hears the conversation once.
        let mut back = Guest::new(table, PlayerId(0));
        again.connect(7, 100);
        send(&mut again, 7, &enter, 100);
        let out = again.on_message(7, &back.hello().bytes, 110, String::new);
        hear(&mut back, &out, 7);
        assert!(back.game().is_some());
        assert_eq!(
            chat(back.drain_events()),
            ["Good luck!", "Boardwalk is mine"]
        );
        // A second welcome (a resync) does not repeat it.
        let out = again.on_message(7, &back.hello().bytes, 120, String::new);
        hear(&mut back, &out, 7);
        assert!(chat(back.drain_events()).is_empty());
    }

    #[test]
    fn a_device_without_a_seat_watches_the_game_only_when_the_creator_lets_it() {
        use crate::guest::Guest;
        let (mut room, held) = open(0);
        let table = room.code.table_id();
        ann_enters(&mut room, &held);
        let mut ann = ann_starts(&mut room);
        assert!(ann.game().is_some(), "Ann has the game");

        // A device with the link and no token: the room does not let others watch.
        let mut stranger = Guest::watching(table);
        room.connect(5, 20);
        let out = send(&mut room, 5, &ClientMsg::Enter { token: None }, 20);
        assert!(said(&out, 5).iter().any(
            |m| matches!(m, RoomMsg::Denied { reason } if reason.contains("does not let others watch"))
        ));
        hear(&mut stranger, &out, 5);
        assert!(stranger.game().is_none(), "nothing of the game reaches it");
        // Only the creator says who may watch.
        let out = send(&mut room, 5, &ClientMsg::Watchers { allow: true }, 30);
        assert!(matches!(&said(&out, 5)[0], RoomMsg::Denied { .. }));
        assert!(!room.info().spectators);
        // The creator lets others watch: the stranger is welcomed and sees each move.
        let out = send(&mut room, 1, &ClientMsg::Watchers { allow: true }, 40);
        assert!(room.info().spectators);
        hear(&mut stranger, &out, 5);
        let watched = stranger.game().map(|g| g.history().len());
        assert_eq!(watched, Some(0));
        assert!(
            stranger.game().is_some_and(|g| g.is_public()),
            "the public view"
        );
        let roll = ann
            .intent(worlds_engine::Action::Roll)
            .expect("Ann may roll");
        let out = room.on_message(1, &roll.bytes, 50, String::new);
        hear(&mut ann, &out, 1);
        hear(&mut stranger, &out, 5);
        assert_eq!(
            stranger.game().map(|g| g.history().len()),
            ann.game().map(|g| g.history().len())
        );
        assert!(stranger.game().is_some_and(|g| !g.history().is_empty()));
        // Whatever a watcher sends changes nothing.
        let before = room.info();
        let sneaky = stranger.intent(worlds_engine::Action::EndTurn);
        if let Ok(o) = sneaky {
            let out = room.on_message(5, &o.bytes, 60, String::new);
            assert!(said(&out, 1).is_empty() && !out.iter().any(|o| matches!(o, Out::To(1, _))));
        }
        assert_eq!(room.info(), before);
        // The creator stops it: the watcher is told so.
        let out = send(&mut room, 1, &ClientMsg::Watchers { allow: false }, 70);
        assert!(said(&out, 5)
            .iter()
            .any(|m| matches!(m, RoomMsg::Denied { .. })));
        room.disconnect(5, 80);
        assert_eq!(room.connections(), 1);
    }

    /// Ann's room with a one-round limit, played to its end (Ann's moves chosen by a
    /// computer on her device, sent as her intents).
    fn finished_with_ann() -> (Room, crate::guest::Guest, Vec<HeldSeat>) {
        let (mut room, held) = open(0);
        room.setup.rules.round_limit = Some(1);
        ann_enters(&mut room, &held);
        let mut ann = ann_starts(&mut room);
        let mut now = 20;
        for _ in 0..2_000 {
            let game = room.game().expect("started");
            if game.is_over() {
                break;
            }
            now += 10;
            let out = match game.actor() {
                Some(me) if me.0 == 0 => {
                    let action = bot(ComputerStrategy::Balanced).choose(game, me);
                    let intent = ann.intent(action).expect("Ann may act");
                    room.on_message(1, &intent.bytes, now, String::new)
                }
                _ => room.tick(now),
            };
            for reply in hear(&mut ann, &out, 1) {
                room.on_message(1, &reply, now, String::new);
            }
        }
        assert!(room.game().is_some_and(|g| g.is_over()), "the game ended");
        (room, ann, held)
    }

    /// A room with Ann (connection 1, her device's guest hears everything) and Cal, a
    /// computer, whose creator set the turn timer to `timer` before starting with `setup`'s
    /// dice (`None`: the room's own).
    fn timed(
        timer: TurnTimer,
        dice: Vec<worlds_engine::game::ForcedRoll>,
    ) -> (Room, crate::guest::Guest, Vec<Out>) {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        let out = send(&mut room, 1, &ClientMsg::TurnTimer { timer }, 0);
        assert!(
            matches!(said(&out, 1).last(), Some(RoomMsg::Room(i)) if i.turn_timer == timer),
            "every device sees the timer: {out:?}"
        );
        let mut setup = room.seated_setup();
        setup.forced_rolls = dice;
        room.start_with(setup, 1);
        let mut ann = crate::guest::Guest::new(room.code.table_id(), PlayerId(0));
        let mut out = room.on_message(1, &ann.hello().bytes, 0, String::new);
        out.extend(room.tick(0));
        hear(&mut ann, &out, 1);
        (room, ann, out)
    }

    #[test]
    fn play_again_is_asked_once_and_opens_a_room_with_the_same_seats_and_tokens() {
        let (mut room, _ann, held) = finished_with_ann();
        let out = send(&mut room, 1, &ClientMsg::PlayAgain, 5_000);
        assert!(out.is_empty(), "the server is asked, nothing is said yet");
        let again = room
            .take_play_again()
            .expect("the server is asked to open a room");
        assert!(
            room.take_play_again().is_none(),
            "asked once, however many press"
        );
        send(&mut room, 1, &ClientMsg::PlayAgain, 5_010);
        assert!(
            room.take_play_again().is_none(),
            "a second press while it opens"
        );
        assert_eq!(again.tokens, vec![held[0].token.clone()]);
        assert!(again.request.open_seats.is_empty());
        assert_eq!(again.request.title, "Ann's game");
        assert_eq!(
            again.request.setup.rules.round_limit,
            Some(1),
            "the same rules"
        );
        let names: Vec<&str> = again
            .request
            .setup
            .seats
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(names, ["Ann", "Cal"]);
        // The server opens it with the old tokens: Ann's device sits in her old seat.
        let mut tokens = again.tokens.clone().into_iter();
        let (mut next, seats) = Room::open(
            RoomCode::from_random([9, 9, 9, 9, 9]),
            again.request,
            move || tokens.next().unwrap_or_default(),
            0,
            6_000,
        )
        .expect("the new room opens");
        assert_eq!(seats, vec![held[0].clone()]);
        next.connect(7, 6_000);
        let out = send(
            &mut next,
            7,
            &ClientMsg::Enter {
                token: Some(held[0].token.clone()),
            },
            6_000,
        );
        assert_eq!(
            next.seat_of(7),
            Some(PlayerId(0)),
            "Ann is back in her seat"
        );
        assert!(said(&out, 7)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if !i.started && i.seats[1].computer.is_some())));
        // The old room names the new one to every device, and keeps it through a restart.
        let out = room.played_again(next.code().clone());
        let shown = next.code().shown();
        assert!(said(&out, 1)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if i.next.as_deref() == Some(shown.as_str()))));
        let restored = Room::restore(
            room.code().clone(),
            room.opening(),
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads"),
            kept(&room),
            0,
            7_000,
        )
        .expect("restores");
        assert_eq!(restored.info().next.as_deref(), Some(shown.as_str()));
        // Pressed again later: answered with the room's state, which names the new room.
        let out = send(&mut room, 1, &ClientMsg::PlayAgain, 8_000);
        assert!(said(&out, 1)
            .iter()
            .any(|m| matches!(m, RoomMsg::Room(i) if i.next.is_some())));
        assert!(room.take_play_again().is_none());
    }

    #[test]
    fn play_again_is_refused_while_the_game_runs_and_to_a_device_without_a_seat() {
        let (mut room, _ann, _enter) = started_with_ann();
        let out = send(&mut room, 1, &ClientMsg::PlayAgain, 100);
        assert!(said(&out, 1).iter().any(|m| matches!(m,
            RoomMsg::Denied { reason } if reason.contains("still going"))));
        assert!(room.take_play_again().is_none());
        room.connect(2, 100);
        send(&mut room, 2, &ClientMsg::Enter { token: None }, 100);
        let out = send(&mut room, 2, &ClientMsg::PlayAgain, 110);
        assert!(said(&out, 2).iter().any(|m| matches!(m,
            RoomMsg::Denied { reason } if reason.contains("Only a player"))));
        assert!(room.take_play_again().is_none());
    }

    #[test]
    fn a_play_again_the_server_could_not_open_is_said_and_may_be_asked_again() {
        let (mut room, _ann, _held) = finished_with_ann();
        send(&mut room, 1, &ClientMsg::PlayAgain, 5_000);
        assert!(room.take_play_again().is_some());
        let out = room.play_again_failed("The room server cannot keep rooms just now.");
        assert!(said(&out, 1).iter().any(|m| matches!(m,
            RoomMsg::Denied { reason } if reason.contains("cannot keep rooms"))));
        send(&mut room, 1, &ClientMsg::PlayAgain, 5_100);
        assert!(room.take_play_again().is_some(), "asked again");
    }

    /// The clock the room told connection `conn` last.
    fn clock_told(out: &[Out], conn: ConnId) -> Option<Option<ClockShown>> {
        said(out, conn).into_iter().rev().find_map(|m| match m {
            RoomMsg::Clock { clock } => Some(clock),
            _ => None,
        })
    }

    fn notices(guest: &mut crate::guest::Guest) -> Vec<String> {
        guest
            .drain_events()
            .into_iter()
            .filter_map(|e| match e {
                TableEvent::Notice { text, .. } => Some(text),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn when_a_players_time_runs_out_a_computer_plays_for_them_and_every_device_is_told() {
        let (mut room, mut ann, out) = timed(TurnTimer::Seconds30, Vec::new());
        assert_eq!(
            clock_told(&out, 1),
            Some(Some(ClockShown {
                seat: PlayerId(0),
                left_ms: 30_000,
                total_ms: 30_000
            })),
            "Ann's clock starts as the game waits for her"
        );
        assert_eq!(
            room.state().clock.running.map(|r| r.deadline_ms),
            Some(30_000)
        );
        let out = room.tick(29_999);
        assert!(
            room.actions_from(0).is_empty(),
            "nothing before the time is up"
        );
        assert!(clock_told(&out, 1).is_none(), "{out:?}");
        notices(&mut ann);
        let out = room.tick(30_000);
        let game = room.game().expect("started");
        assert!(!game.history().is_empty(), "a computer played for Ann");
        assert_ne!(
            game.actor(),
            Some(PlayerId(0)),
            "it played her turn until someone else was to act"
        );
        hear(&mut ann, &out, 1);
        assert_eq!(
            notices(&mut ann),
            vec!["Time ran out: a computer played for Ann.".to_string()]
        );
        assert_eq!(room.misses_of(PlayerId(0)), 1);
        assert_eq!(
            room.info().seats[0].presence,
            RoomPresence::Here,
            "once is not enough for a computer to take her seat"
        );
        // The line is kept with the chat, so a device that comes back sees it too.
        let chat = room.state().host.expect("a record").chat;
        assert!(chat.last().is_some_and(|l| l.notice
            && l.from == PlayerId(0)
            && l.text.starts_with("Time ran out")));
    }

    /// The clock of Ann's bid, after she declined Baltic Avenue (1 + 2) and it went to auction.
    fn auction_clock(timer: TurnTimer) -> ClockShown {
        use worlds_engine::game::ForcedRoll;
        let dice = vec![ForcedRoll {
            at: 0,
            dice: vec![1, 2],
        }];
        let (mut room, mut ann, _) = timed(timer, dice);
        for (i, action) in [Action::Roll, Action::Decline].into_iter().enumerate() {
            let intent = ann.intent(action).expect("Ann's move");
            let out = room.on_message(1, &intent.bytes, 10 + i as u64, String::new);
            hear(&mut ann, &out, 1);
        }
        let mut waited = 0;
        while room.game().and_then(Game::actor) != Some(PlayerId(0)) && waited < 50 {
            let out = room.tick(20 + waited);
            hear(&mut ann, &out, 1);
            waited += 1;
        }
        let game = room.game().expect("started");
        assert!(matches!(game.phase(), worlds_engine::Phase::Auction(_)));
        room.clock_shown().expect("Ann's clock runs")
    }

    #[test]
    fn a_bid_in_an_auction_has_half_the_clock_and_at_least_15_seconds() {
        let clock = auction_clock(TurnTimer::Minute1);
        assert_eq!(
            (clock.seat, clock.total_ms),
            (PlayerId(0), 30_000),
            "half of a minute"
        );
        assert_eq!(auction_clock(TurnTimer::Seconds30).total_ms, 15_000);
        assert_eq!(auction_clock(TurnTimer::Minutes2).total_ms, 60_000);
    }

    #[test]
    fn three_times_in_a_row_and_a_computer_plays_for_them_until_they_press_im_back() {
        let (mut room, mut ann, _) = timed(TurnTimer::Seconds30, Vec::new());
        let mut now = 0;
        for missed in 1..=3u32 {
            // Ann's clock runs out; Cal (bot delay 0) plays until Ann is to act again.
            let deadline = room
                .clock_shown()
                .map(|c| now + c.left_ms)
                .expect("a clock");
            now = deadline;
            let out = room.tick(now);
            hear(&mut ann, &out, 1);
            assert_eq!(room.misses_of(PlayerId(0)), missed);
            now += 500;
            let out = room.tick(now);
            hear(&mut ann, &out, 1);
        }
        assert_eq!(room.info().seats[0].presence, RoomPresence::ComputerPlaying);
        let said = notices(&mut ann);
        assert_eq!(said.len(), 4, "{said:?}");
        assert!(said[3].contains("until they press I'm back"), "{said:?}");
        assert_eq!(room.clock_shown(), None, "no clock while a computer plays");
        // A move Ann's device sends meanwhile is refused, saying how she plays again.
        let before = room.actions_from(0).len();
        let resign = ann
            .intent(Action::Resign {
                player: PlayerId(0),
            })
            .expect("Ann may resign at any time");
        let out = room.on_message(1, &resign.bytes, now, String::new);
        hear(&mut ann, &out, 1);
        let told: Vec<String> = ann
            .drain_events()
            .into_iter()
            .filter_map(|e| match e {
                TableEvent::Refused { reason, .. } => Some(reason),
                _ => None,
            })
            .collect();
        assert_eq!(
            told,
            ["A computer is playing for you now: press I'm back to play again."],
            "what Ann's device is told"
        );
        assert_eq!(room.actions_from(0).len(), before, "Ann did not resign");
        // The computer plays Ann's turns from now on, with no clock.
        let played = room.actions_from(0).len();
        for _ in 0..20 {
            now += 500;
            let out = room.tick(now);
            hear(&mut ann, &out, 1);
        }
        assert!(room.actions_from(0).len() > played);
        assert_eq!(room.misses_of(PlayerId(0)), 3);
        // Someone else cannot say Ann is back; Ann can.
        let out = send(&mut room, 1, &ClientMsg::ImBack, now);
        assert!(!said_denied(&out, 1), "{out:?}");
        assert_eq!(room.info().seats[0].presence, RoomPresence::Here);
        assert_eq!(
            room.misses_of(PlayerId(0)),
            0,
            "I'm back starts the count afresh"
        );
        let out = send(&mut room, 1, &ClientMsg::ImBack, now);
        assert!(said_denied(&out, 1), "already playing");
        room.connect(9, now);
        send(&mut room, 9, &ClientMsg::Enter { token: None }, now);
        let out = send(&mut room, 9, &ClientMsg::ImBack, now);
        assert!(said_denied(&out, 9), "a device without a seat");
    }

    fn said_denied(out: &[Out], conn: ConnId) -> bool {
        said(out, conn)
            .iter()
            .any(|m| matches!(m, RoomMsg::Denied { .. }))
    }

    #[test]
    fn any_action_of_the_player_starts_the_count_afresh() {
        let (mut room, mut ann, _) = timed(TurnTimer::Seconds30, Vec::new());
        let mut now = 30_000;
        let out = room.tick(now);
        hear(&mut ann, &out, 1);
        assert_eq!(room.misses_of(PlayerId(0)), 1);
        // Cal plays; then it is Ann's turn again and she rolls herself.
        while room.game().and_then(Game::actor) != Some(PlayerId(0)) {
            now += 500;
            let out = room.tick(now);
            hear(&mut ann, &out, 1);
        }
        let roll = ann.intent(Action::Roll).expect("Ann may roll");
        let out = room.on_message(1, &roll.bytes, now + 10, String::new);
        hear(&mut ann, &out, 1);
        assert!(room
            .kept_actions_from(0)
            .last()
            .is_some_and(|a| a.intent.is_some()));
        assert_eq!(room.misses_of(PlayerId(0)), 0);
    }

    #[test]
    fn the_clock_goes_on_after_the_room_is_rebuilt_elsewhere() {
        let (mut room, mut ann, _) = timed(TurnTimer::Seconds30, Vec::new());
        let out = room.tick(30_000);
        hear(&mut ann, &out, 1);
        let mut now = 30_000;
        while room.game().and_then(Game::actor) != Some(PlayerId(0)) {
            now += 500;
            room.tick(now);
        }
        let deadline = now + 30_000;
        assert_eq!(room.clock_shown().map(|c| c.left_ms), Some(30_000));
        // The server goes down for 4 s; its record is read back on another one.
        let state: RoomState =
            serde_json::from_str(&serde_json::to_string(&room.state()).expect("writes"))
                .expect("reads");
        let mut again = Room::restore(
            room.code().clone(),
            room.opening(),
            state,
            kept(&room),
            0,
            now + 4_000,
        )
        .expect("restores");
        assert_eq!(again.turn_timer(), TurnTimer::Seconds30);
        assert_eq!(again.misses_of(PlayerId(0)), 1, "the misses are kept");
        assert_eq!(
            again.clock_shown().map(|c| (c.seat, c.left_ms)),
            Some((PlayerId(0), 26_000)),
            "the clock goes on where it was"
        );
        // Ann's device comes back and is told the clock.
        again.connect(2, now + 4_100);
        let enter = ClientMsg::Enter {
            token: again.seats[0].token.clone(),
        };
        let out = send(&mut again, 2, &enter, now + 4_100);
        assert_eq!(
            clock_told(&out, 2).flatten().map(|c| c.left_ms),
            Some(25_900)
        );
        let played = again.actions_from(0).len();
        again.tick(deadline - 1);
        assert_eq!(again.actions_from(0).len(), played);
        again.tick(deadline);
        assert!(again.actions_from(0).len() > played, "it ran out on time");
        assert_eq!(again.misses_of(PlayerId(0)), 2);
    }

    #[test]
    fn without_a_timer_nothing_is_timed_and_nothing_more_is_sent_or_kept() {
        let (mut room, mut ann, _) = started_with_ann();
        assert_eq!(room.turn_timer(), TurnTimer::Off);
        let out = room.tick(10_000_000);
        assert!(room.actions_from(0).is_empty(), "Ann may take all night");
        assert!(clock_told(&out, 1).is_none());
        let roll = ann.intent(Action::Roll).expect("Ann may roll");
        let out = room.on_message(1, &roll.bytes, 10_000_100, String::new);
        assert!(clock_told(&out, 1).is_none());
        let info = serde_json::to_string(&room.info()).expect("writes");
        assert!(!info.contains("turn_timer"), "{info}");
        let state = serde_json::to_string(&room.state()).expect("writes");
        assert!(!state.contains("clock"), "{state}");
        let opening = serde_json::to_string(&room.opening()).expect("writes");
        assert!(!opening.contains("turn_timer"), "{opening}");
        // A room's opening from before the timer still reads, without one.
        let old: OpenRoom = serde_json::from_str(&opening).expect("reads");
        assert_eq!(old.turn_timer, TurnTimer::Off);
    }

    #[test]
    fn only_the_creator_sets_the_turn_timer_and_only_before_the_start() {
        let (mut room, held) = open(0);
        ann_enters(&mut room, &held);
        room.connect(2, 0);
        send(&mut room, 2, &ClientMsg::Enter { token: None }, 0);
        let join = ClientMsg::Join {
            name: "Bea".into(),
            color: "#1d4ed8".into(),
            token: "boot".into(),
        };
        send(&mut room, 2, &join, 0);
        let two_minutes = ClientMsg::TurnTimer {
            timer: TurnTimer::Minutes2,
        };
        let out = send(&mut room, 2, &two_minutes, 0);
        assert!(said_denied(&out, 2));
        assert_eq!(room.turn_timer(), TurnTimer::Off);
        let out = send(&mut room, 1, &two_minutes, 0);
        assert!(!said_denied(&out, 1));
        assert!(
            matches!(said(&out, 2).last(), Some(RoomMsg::Room(i)) if i.turn_timer == TurnTimer::Minutes2),
            "Bea's device sees it"
        );
        send(&mut room, 1, &ClientMsg::Start, 0);
        assert!(room.started());
        let out = send(
            &mut room,
            1,
            &ClientMsg::TurnTimer {
                timer: TurnTimer::Off,
            },
            0,
        );
        assert!(said_denied(&out, 1));
        assert_eq!(room.turn_timer(), TurnTimer::Minutes2);
        // The lobby's choice comes with the opening.
        let mut opening = room.opening();
        opening.turn_timer = TurnTimer::Seconds30;
        let (opened, _) = Room::open(
            RoomCode::from_random([5, 4, 3, 2, 1]),
            opening,
            || seat_token([3; 16]),
            0,
            0,
        )
        .expect("a room");
        assert_eq!(opened.info().turn_timer, TurnTimer::Seconds30);
    }
}
