//! The messages between a host and its guests, how they travel, and the state hash.
//!
//! Messages are JSON (readable in a console), one per data-channel message. A message
//! longer than [`PART_BYTES`] (a welcome that carries a board with pictures or a
//! long game) travels as parts: binary frames `0x01, id (4 bytes), index (2), count (2),
//! payload`, put back together by a [`Reassembler`] up to [`MAX_LARGE_MESSAGE_BYTES`].
//!
//! Everything received is untrusted: its size is checked before anything else
//! ([`MAX_MESSAGE_BYTES`] for every message a guest sends and every single frame), then it is
//! parsed into a typed message ([`GuestMsg`], [`HostMsg`]) and its text checked; anything
//! else is dropped with a reason for the console log, never acted on.
//!
//! [`state_hash`] is a 64-bit hash over a canonical summary of a game (players, lots,
//! phase, turn, bank, decks' sizes, counts), the same on every device that applied the same
//! actions; every applied action travels with the hash of the state it leads to.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use worlds_engine::tagged::TaggedDeserialize;
use worlds_engine::{
    Action, Game, GameSetup, LogEntry, Phase, Player, PlayerId, PublicGame, SquareState,
};

use crate::invite::TableId;
use crate::saved::ChatLine;

/// The longest message a guest may send, and the longest single frame.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// The longest message put back together from parts (a welcome: a board file may hold 2 MB
/// of pictures, written larger once parsed, plus the actions so far).
pub const MAX_LARGE_MESSAGE_BYTES: usize = 8 * 1024 * 1024;
/// The payload of one part (well under the 256 KB browsers accept in one message).
pub const PART_BYTES: usize = 48 * 1024;
/// The longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 200;
/// The first byte of a part frame (a whole message starts with `{`).
pub const PART_TAG: u8 = 0x01;

/// Who sends, as the app knows it: one id per data channel (the app chooses them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PeerId(pub u32);

impl fmt::Display for PeerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "peer {}", self.0)
    }
}

/// Where bytes go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    /// From a guest to its host.
    Host,
    /// From the host to one guest.
    Peer(PeerId),
    /// From the host to every guest it knows ([`crate::host::Host::peers`]).
    Guests,
}

/// The number written for a watcher's seat (none) in a hello, a welcome and a room's save. A
/// watcher (a room's spectator) is told the game and every action as the players are, and
/// decides nothing. `u32::MAX`: the same number on the server (64-bit) and in the browser
/// (wasm32, whose `usize` is 32 bits).
pub const WATCHING: u64 = u32::MAX as u64;

/// A device's seat where a watcher may be meant (`#[serde(with = "crate::protocol::seat_or_watching")]`
/// on an `Option<PlayerId>`): `Some(seat)` written as the seat's bare number, `None` (it
/// watches) as [`WATCHING`], as these fields were always written.
pub mod seat_or_watching {
    use serde::{Deserialize, Deserializer, Serializer};
    use worlds_engine::PlayerId;

    use super::WATCHING;

    pub fn serialize<S: Serializer>(seat: &Option<PlayerId>, s: S) -> Result<S::Ok, S::Error> {
        match seat {
            Some(p) => s.serialize_u64(p.index() as u64),
            None => s.serialize_u64(WATCHING),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PlayerId>, D::Error> {
        let n = u64::deserialize(d)?;
        if n == WATCHING {
            return Ok(None);
        }
        usize::try_from(n)
            .map(|i| Some(PlayerId(i)))
            .map_err(|_| serde::de::Error::custom(format!("seat {n} is not a seat")))
    }
}

/// Bytes to send: the app sends them as one data-channel message (binary).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub to: To,
    pub bytes: Vec<u8>,
}

/// A quick reaction (the app shows each as a picture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactionKind {
    ThumbsUp,
    Laugh,
    Wow,
    Sad,
    Angry,
    Party,
}

/// How a remote seat is doing, as every device shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Played at the host's device (people or computers there).
    Local,
    /// Its device is connected.
    Connected,
    /// Waiting for its device (never joined yet, or dropped).
    Reconnecting,
    /// A computer plays for the player until they are back.
    ComputerPlaying,
}

/// What a guest sends.
#[derive(Debug, Clone, PartialEq, Serialize, TaggedDeserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum GuestMsg {
    /// The first message on a channel: which table and seat, and how much of the game this
    /// device already has (0: nothing) with the hash of its state then.
    Hello {
        table: TableId,
        /// `None`: a room's watcher (written as [`WATCHING`]).
        #[serde(with = "seat_or_watching")]
        seat: Option<PlayerId>,
        last_seq: u64,
        hash: u64,
    },
    /// An action this device's player asks for. `id` is chosen by the guest, increasing; the
    /// host applies an id at most once. `seq_seen` is the last action the guest had applied.
    Intent {
        id: u32,
        seq_seen: u64,
        action: Action,
    },
    /// Asks for the actions after `from_seq` (0: the whole game again).
    ResyncRequest {
        from_seq: u64,
    },
    Chat {
        text: String,
    },
    Reaction {
        kind: ReactionKind,
    },
    Ping,
}

/// What the host sends. Nothing in it is still random: a guest gets the game as every
/// player may know it ([`PublicGame`]: a type with no random generator, no seed and no dice
/// or cards fixed in advance, the undrawn cards in card order) when it joins, rejoins or asks
/// again, and after each action only what happened: the action, the log entries it made (the
/// dice thrown and cards drawn are in them) and the hash of the state it led to. The guest
/// applies the action to its own copy with those ([`Game::follow`]) and checks the hash.
#[derive(Debug, Clone, PartialEq, Serialize, TaggedDeserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum HostMsg {
    /// The whole game as far as it went (as every player may know it), the hash of its state,
    /// the last intent id the host handled from this seat (a new one must be above it), and
    /// every seat's presence. Also the answer to a resync request.
    Welcome {
        /// `None`: the device watches (written as [`WATCHING`]).
        #[serde(with = "seat_or_watching")]
        seat: Option<PlayerId>,
        last_intent: u32,
        game: Box<PublicGame>,
        hash: u64,
        presence: Vec<Presence>,
        /// The table's last chat lines, oldest first.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chat: Vec<ChatLine>,
    },
    /// Action number `seq` (1-based) was applied, by `by_seat`, answering that seat's intent
    /// `intent` if it came from a guest: the log entries it made (what a guest's copy needs
    /// to apply it too: the dice, the cards drawn, a ranged card's amount) and `hash`, the
    /// hash of the state after it.
    Applied {
        seq: u64,
        action: Action,
        by_seat: PlayerId,
        intent: Option<u32>,
        entries: Vec<LogEntry>,
        hash: u64,
    },
    /// An intent of the receiving seat was not applied, and why (a sentence).
    Refused {
        intent: u32,
        reason: String,
    },
    /// A chat line: `n` is its number at the table (1, 2, ...; 0 from an older host), so a
    /// device that already has it (from a welcome) does not show it twice.
    Chat {
        from: PlayerId,
        text: String,
        #[serde(default, skip_serializing_if = "is_zero")]
        n: u64,
        /// When it was said (ms since 1970 by the host's clock; 0 from an older host).
        #[serde(default, skip_serializing_if = "is_zero")]
        at: u64,
        /// Said by the room about seat `from`, not by its player (a turn timer's "Time ran
        /// out: a computer played for Bea").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        notice: bool,
    },
    Reaction {
        from: PlayerId,
        kind: ReactionKind,
    },
    Presence {
        seat: PlayerId,
        state: Presence,
    },
    /// The answer to a ping, with the number of actions applied so far (a guest that has
    /// fewer asks for the rest). It also ends the answer to a resync request: the actions the
    /// guest lacked, told again, then this.
    Pong {
        seq: u64,
    },
}

/// Chat text as it travels: control characters and direction marks removed, trimmed, at
/// most [`MAX_CHAT_CHARS`] characters. Never HTML: the app shows it as text.
pub fn clean_chat(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| if c == '\n' || c == '\t' { ' ' } else { c })
        .filter(|&c| {
            !c.is_control()
                && !matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect();
    kept.trim().chars().take(MAX_CHAT_CHARS).collect()
}

/// A message as frames: one JSON frame, or parts when it is longer than [`PART_BYTES`].
pub fn frames<M: Serialize>(msg: &M, part_id: u32) -> Vec<Vec<u8>> {
    let json = match serde_json::to_vec(msg) {
        Ok(j) => j,
        // Our messages always serialize; if one ever did not, nothing is sent.
        Err(_) => return Vec::new(),
    };
    if json.len() <= PART_BYTES {
        return vec![json];
    }
    let count = json.len().div_ceil(PART_BYTES);
    json.chunks(PART_BYTES)
        .enumerate()
        .map(|(i, chunk)| {
            let mut f = Vec::with_capacity(9 + chunk.len());
            f.push(PART_TAG);
            f.extend_from_slice(&part_id.to_be_bytes());
            f.extend_from_slice(&(i as u16).to_be_bytes());
            f.extend_from_slice(&(count as u16).to_be_bytes());
            f.extend_from_slice(chunk);
            f
        })
        .collect()
}

/// The reason a message was dropped (for the console log; never shown as HTML).
pub type DropReason = String;

fn shorten(text: String) -> String {
    if text.len() <= 160 {
        return text;
    }
    let mut end = 160;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// A message's JSON read as text: the game's types are read from text everywhere (saves,
/// worlds, messages), so the page's code carries one reader of each, not one per kind of
/// input (a second one for bytes cost about a tenth of the game's code).
pub fn from_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, DropReason> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| "not a message this version knows: not UTF-8 text".to_string())?;
    serde_json::from_str(text)
        .map_err(|e| shorten(format!("not a message this version knows: {e}")))
}

/// Reads a message from a guest: size first, then JSON into a [`GuestMsg`], then its text.
pub fn read_guest(bytes: &[u8]) -> Result<GuestMsg, DropReason> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(format!(
            "a message of {} bytes (at most {MAX_MESSAGE_BYTES})",
            bytes.len()
        ));
    }
    if bytes.first() != Some(&b'{') {
        return Err("not a message (a guest never sends parts)".to_string());
    }
    let msg: GuestMsg = from_json(bytes)?;
    if let GuestMsg::Chat { text } = &msg {
        if text.chars().count() > MAX_CHAT_CHARS {
            return Err(format!("a chat message over {MAX_CHAT_CHARS} characters"));
        }
    }
    Ok(msg)
}

/// Reads a whole message from the host (a frame that is no part, or parts put together).
pub fn read_host(bytes: &[u8], large: bool) -> Result<HostMsg, DropReason> {
    let limit = if large {
        MAX_LARGE_MESSAGE_BYTES
    } else {
        MAX_MESSAGE_BYTES
    };
    if bytes.len() > limit {
        return Err(format!(
            "a message of {} bytes (at most {limit})",
            bytes.len()
        ));
    }
    let msg: HostMsg = from_json(bytes)?;
    if large && !matches!(msg, HostMsg::Welcome { .. } | HostMsg::Applied { .. }) {
        return Err("a long message that is neither a welcome nor an action".to_string());
    }
    match &msg {
        HostMsg::Chat { text, .. } if text.chars().count() > MAX_CHAT_CHARS => {
            Err(format!("a chat message over {MAX_CHAT_CHARS} characters"))
        }
        _ => Ok(msg),
    }
}

pub(crate) fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Puts parts back together: one message at a time (a new id drops an unfinished one).
#[derive(Debug, Default)]
pub struct Reassembler {
    id: Option<u32>,
    parts: Vec<Option<Vec<u8>>>,
    bytes: usize,
}

impl Reassembler {
    /// Takes a part frame (starting with [`PART_TAG`]); returns the whole message once
    /// every part is in.
    pub fn push(&mut self, frame: &[u8]) -> Result<Option<Vec<u8>>, DropReason> {
        if frame.len() > MAX_MESSAGE_BYTES {
            return Err(format!("a frame of {} bytes", frame.len()));
        }
        if frame.len() < 9 || frame[0] != PART_TAG {
            return Err("a damaged part".to_string());
        }
        let id = u32::from_be_bytes([frame[1], frame[2], frame[3], frame[4]]);
        let index = usize::from(u16::from_be_bytes([frame[5], frame[6]]));
        let count = usize::from(u16::from_be_bytes([frame[7], frame[8]]));
        let payload = &frame[9..];
        if count == 0 || index >= count || count > MAX_LARGE_MESSAGE_BYTES.div_ceil(PART_BYTES) {
            return Err(format!("part {index} of {count}"));
        }
        if self.id != Some(id) || self.parts.len() != count {
            self.id = Some(id);
            self.parts = vec![None; count];
            self.bytes = 0;
        }
        if self.parts[index].is_none() {
            if self.bytes + payload.len() > MAX_LARGE_MESSAGE_BYTES {
                self.reset();
                return Err("parts longer than a message may be".to_string());
            }
            self.bytes += payload.len();
            self.parts[index] = Some(payload.to_vec());
        }
        if self.parts.iter().all(Option::is_some) {
            let whole: Vec<u8> = self.parts.iter().flatten().flatten().copied().collect();
            self.reset();
            return Ok(Some(whole));
        }
        Ok(None)
    }

    fn reset(&mut self) {
        self.id = None;
        self.parts.clear();
        self.bytes = 0;
    }
}

/// A 64-bit hash of bytes, eight at a time (little-endian words, so the same on every
/// device), each word folded in with a multiply and a shift.
fn hash_bytes(bytes: &[u8]) -> u64 {
    const MIX: u64 = 0x9e37_79b9_7f4a_7c15;
    let fold = |h: u64, w: u64| {
        let h = (h ^ w).wrapping_mul(MIX);
        h ^ (h >> 29)
    };
    let mut h = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut b = [0u8; 8];
        b.copy_from_slice(w);
        h = fold(h, u64::from_le_bytes(b));
    }
    let mut last = [0u8; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    fold(fold(h, u64::from_le_bytes(last)), MIX)
}

#[derive(Serialize)]
struct Summary<'a> {
    actions: usize,
    log: usize,
    round: u32,
    throws: u32,
    bank: i64,
    jackpot: i64,
    houses: u32,
    hotels: u32,
    decks: [usize; 2],
    players: &'a [Player],
    squares: &'a [SquareState],
    phase: &'a Phase,
    turn: &'a worlds_engine::game::Turn,
}

/// The hash of a game's state: equal on every device that applied the same actions to the
/// same setup (only vectors and plain values are written, in a fixed order).
pub fn state_hash(game: &Game) -> u64 {
    let summary = Summary {
        actions: game.history().len(),
        log: game.log().len(),
        round: game.round(),
        throws: game.throws(),
        bank: game.bank_balance(),
        jackpot: game.jackpot(),
        houses: game.bank_houses(),
        hotels: game.bank_hotels(),
        decks: [
            game.deck_len(worlds_engine::DeckKind::Chance),
            game.deck_len(worlds_engine::DeckKind::CommunityChest),
        ],
        players: game.players(),
        squares: game.squares(),
        phase: game.phase(),
        turn: game.turn(),
    };
    // These types always serialize; written once, then hashed a word at a time.
    let bytes = serde_json::to_vec(&summary).unwrap_or_default();
    hash_bytes(&bytes)
}

/// The hash of a game with no action yet applied: the same as [`state_hash`] of
/// `Game::new(setup)` (`None` when the setup does not start a game).
pub fn start_hash(setup: &GameSetup) -> Option<u64> {
    Game::new(setup.clone()).ok().map(|g| state_hash(&g))
}

/// Intent outcomes kept per seat, so a repeated intent is answered again, not applied again.
pub(crate) const KEPT_OUTCOMES: usize = 256;

/// What became of an intent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    Applied(u64),
    Refused(String),
}

/// The outcomes of one seat's recent intents.
#[derive(Debug, Clone, Default)]
pub(crate) struct Outcomes {
    kept: BTreeMap<u32, Outcome>,
    /// Every id at or below this was handled and forgotten.
    floor: Option<u32>,
}

impl Outcomes {
    /// `Some(outcome)` when the id was handled; `Some(None)`-like "forgotten" is reported as
    /// a refusal so it is never applied twice.
    pub(crate) fn get(&self, id: u32) -> Option<Outcome> {
        if let Some(o) = self.kept.get(&id) {
            return Some(o.clone());
        }
        match self.floor {
            Some(f) if id <= f => Some(Outcome::Refused(
                "This request is too old to be answered again.".to_string(),
            )),
            _ => None,
        }
    }

    pub(crate) fn record(&mut self, id: u32, outcome: Outcome) {
        self.kept.insert(id, outcome);
        while self.kept.len() > KEPT_OUTCOMES {
            if let Some((&first, _)) = self.kept.iter().next() {
                self.kept.remove(&first);
                self.floor = Some(self.floor.map_or(first, |f| f.max(first)));
            }
        }
    }

    /// Outcomes known from a saved table: `applied` (intent id, action number) answered
    /// again as they were, every other id up to `floor` refused as too old.
    pub(crate) fn restored(floor: u32, applied: &[(u32, u64)]) -> Outcomes {
        let mut o = Outcomes::default();
        for &(id, seq) in applied {
            o.record(id, Outcome::Applied(seq));
        }
        let top = o.kept.keys().next_back().copied().unwrap_or(0);
        o.floor = Some(floor.max(top)).filter(|&f| f > 0);
        o
    }

    /// The most recent applied intents (intent id, action number), at most `n`, oldest first.
    pub(crate) fn applied(&self, n: usize) -> Vec<(u32, u64)> {
        let mut out: Vec<(u32, u64)> = self
            .kept
            .iter()
            .rev()
            .filter_map(|(&id, o)| match o {
                Outcome::Applied(seq) => Some((id, *seq)),
                Outcome::Refused(_) => None,
            })
            .take(n)
            .collect();
        out.reverse();
        out
    }

    /// The highest id handled.
    pub(crate) fn last(&self) -> u32 {
        self.kept
            .keys()
            .next_back()
            .copied()
            .or(self.floor)
            .unwrap_or(0)
    }
}

/// Fields that could hold a secret (the generator, its seed, dice or cards fixed in
/// advance): no message a client (a guest, a room's player or watcher) receives carries one,
/// at any depth. Clients receive [`PublicGame`], which has none by construction; the tests
/// that read every frame a device receives look for them with [`secret_field`].
pub const SECRET_FIELDS: [&str; 4] = ["rng", "seed", "forced_rolls", "deck_order"];

/// The first field of [`SECRET_FIELDS`] in `value`, at any depth.
pub fn secret_field(value: &serde_json::Value) -> Option<&str> {
    match value {
        serde_json::Value::Object(map) => map.iter().find_map(|(key, v)| {
            if SECRET_FIELDS.contains(&key.as_str()) {
                Some(key.as_str())
            } else {
                secret_field(v)
            }
        }),
        serde_json::Value::Array(items) => items.iter().find_map(secret_field),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_message_that_is_not_utf8_text_is_dropped_with_a_reason() {
        let bytes = b"{\"t\":\"chat\",\"text\":\"\xff\"}";
        let why = read_host(bytes, false).expect_err("not text");
        assert!(why.contains("not UTF-8 text"), "{why}");
        let why = read_guest(bytes).expect_err("not text");
        assert!(why.contains("not UTF-8 text"), "{why}");
    }

    use super::*;

    #[test]
    fn a_secret_field_is_found_at_any_depth_and_only_by_its_name() {
        let plain = serde_json::json!({"t": "welcome", "game": {"players": [{"cash": 1500}]}});
        assert_eq!(secret_field(&plain), None);
        let deep = serde_json::json!({"t": "welcome", "game": {"players": [{"rng": [1, 2]}]}});
        assert_eq!(secret_field(&deep), Some("rng"));
        let seeded = serde_json::json!([{"setup": {"seed": 7}}]);
        assert_eq!(secret_field(&seeded), Some("seed"));
        // A value that reads like one is not a field.
        assert_eq!(secret_field(&serde_json::json!({"note": "seed"})), None);
    }

    #[test]
    fn messages_are_typed_and_size_checked() {
        let hello = GuestMsg::Hello {
            table: TableId([1; 8]),
            seat: Some(PlayerId(2)),
            last_seq: 0,
            hash: u64::MAX,
        };
        let bytes = serde_json::to_vec(&hello).expect("writes");
        assert_eq!(read_guest(&bytes), Ok(hello));
        assert!(read_guest(b"{\"t\":\"launch_missiles\"}").is_err());
        assert!(read_guest(br#"{"t":"chat","text":"hi","html":"<b>"}"#).is_err());
        assert!(read_guest(b"not json").is_err());
        assert!(read_guest(&[b'{'; MAX_MESSAGE_BYTES + 1])
            .expect_err("too large")
            .contains("bytes"));
        let long = serde_json::to_vec(&GuestMsg::Chat {
            text: "x".repeat(MAX_CHAT_CHARS + 1),
        })
        .expect("writes");
        assert!(read_guest(&long).is_err());
        let intent =
            br#"{"t":"intent","id":3,"seq_seen":10,"action":{"action":"bid","amount":40}}"#;
        assert!(matches!(
            read_guest(intent),
            Ok(GuestMsg::Intent {
                action: Action::Bid { amount: 40 },
                ..
            })
        ));
    }

    #[test]
    fn long_messages_travel_in_parts_and_come_back() {
        let msg = HostMsg::Chat {
            from: PlayerId(1),
            text: "y".repeat(150_000),
            n: 3,
            at: 1_790_000_000_000,
            notice: false,
        };
        let fs = frames(&msg, 7);
        assert_eq!(fs.len(), 4);
        assert!(fs.iter().all(|f| f.len() <= MAX_MESSAGE_BYTES));
        let mut r = Reassembler::default();
        // Out of order and with a repeat.
        let order = [2, 0, 0, 3, 1];
        let mut whole = None;
        for (n, &i) in order.iter().enumerate() {
            let got = r.push(&fs[i]).expect("a part");
            if n + 1 < order.len() {
                assert!(got.is_none());
            } else {
                whole = got;
            }
        }
        let whole = whole.expect("complete");
        assert_eq!(whole, serde_json::to_vec(&msg).expect("writes"));
        // Only welcomes and actions may be long.
        assert!(read_host(&whole, true).is_err());
        assert!(r.push(&[PART_TAG, 0, 0]).is_err());
        assert!(r.push(&[PART_TAG, 0, 0, 0, 1, 0, 9, 0, 3, 1]).is_err());
    }

    #[test]
    fn a_game_writes_and_hashes_the_same_every_time() {
        use worlds_engine::{ComputerStrategy, Preset, Seat};
        let seats = vec![
            Seat::computer("A", ComputerStrategy::Balanced),
            Seat::computer("B", ComputerStrategy::Cautious),
            Seat::computer("C", ComputerStrategy::Random),
        ];
        let mut game =
            Game::new(GameSetup::new(Preset::Classic.board(), seats, 99)).expect("a game");
        worlds_engine::bots::play_out(&mut game, 400);
        let a = serde_json::to_vec(&game).expect("writes");
        let b = serde_json::to_vec(&game.clone()).expect("writes");
        assert_eq!(a, b, "writing a game is deterministic");
        let back: Game = serde_json::from_slice(&a).expect("reads");
        assert_eq!(state_hash(&back), state_hash(&game));
        // A device that got the setup as JSON and replays the actions agrees.
        let setup: GameSetup =
            serde_json::from_slice(&serde_json::to_vec(game.setup()).expect("writes"))
                .expect("reads");
        let replayed = Game::replay(&setup, game.history()).expect("replays");
        assert_eq!(state_hash(&replayed), state_hash(&game));
        assert_eq!(
            start_hash(&setup),
            Some(state_hash(&Game::new(setup.clone()).expect("a game")))
        );
        // And any difference shows.
        let mut other = replayed.clone();
        let more = worlds_engine::bots::play_out(&mut other, 1);
        if more > 0 {
            assert_ne!(state_hash(&other), state_hash(&game));
        }
    }

    #[test]
    fn chat_is_plain_text() {
        assert_eq!(clean_chat("  hi\u{0007}\nthere\u{202e} "), "hi there");
        assert_eq!(clean_chat(&"z".repeat(500)).len(), MAX_CHAT_CHARS);
    }

    #[test]
    fn outcomes_are_never_forgotten_into_a_second_apply() {
        let mut o = Outcomes::default();
        for id in 1..=(KEPT_OUTCOMES as u32 + 10) {
            o.record(id, Outcome::Applied(u64::from(id)));
        }
        assert_eq!(
            o.get(3),
            Some(Outcome::Refused(
                "This request is too old to be answered again.".into()
            ))
        );
        assert_eq!(o.get(200), Some(Outcome::Applied(200)));
        assert_eq!(o.get(10_000), None);
        assert_eq!(o.last(), KEPT_OUTCOMES as u32 + 10);
    }
}
