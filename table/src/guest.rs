//! A guest: a device that plays one seat of a game its host decides.
//!
//! [`Guest`] is a state machine with no IO. It keeps its own copy of the game (a public game:
//! no generator, no seed) and changes it only with what the host confirms: numbered actions,
//! each applied to the copy in order with the dice and cards its log entries show
//! ([`Game::follow`]) and checked against the host's state hash. An action that arrives early
//! waits for the ones before it; a gap makes it ask for the rest
//! ([`GuestMsg::ResyncRequest`]); an action its copy cannot follow, or a different hash, makes
//! it ask for the whole game again (a hello without a game), which heals the copy; a repeat
//! is ignored. Its player's moves go to the host as
//! intents ([`Guest::intent`]) with an id, resent by [`Guest::tick`] until the host answers
//! (applied or refused), never applied here before the host says so.

use std::collections::{BTreeMap, VecDeque};

use worlds_engine::{Action, Game, LogEntry, PlayerId, PublicGame};

use crate::host::seat_of;
use crate::invite::TableId;
use crate::protocol::{
    clean_chat, read_host, state_hash, GuestMsg, HostMsg, Outgoing, Presence, ReactionKind,
    Reassembler, To, MAX_MESSAGE_BYTES, PART_TAG,
};
use crate::saved::ChatLine;
use crate::TableEvent;

/// An unanswered intent is sent again after this long (ms).
pub const RETRY_MS: u64 = 1_500;
/// A hello or resync request is repeated after this long without an answer (ms).
pub const ASK_AGAIN_MS: u64 = 2_000;
/// The guest pings the host this often when it has nothing else to say (ms).
pub const PING_MS: u64 = 2_000;
/// Early actions kept while waiting for the ones before them.
pub const MAX_BUFFERED: usize = 1_024;
/// Intents waiting for an answer at most.
pub const MAX_PENDING: usize = 16;
/// Events kept for the app (the oldest go first).
pub const MAX_EVENTS: usize = 256;

/// Why an intent was not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntentError {
    /// The game has not arrived from the host yet.
    NotJoined,
    /// The seat the game waits for is another one.
    NotYourMove,
    /// Too many intents wait for an answer already.
    Busy,
    /// The game refuses it (the words say why).
    Refused(String),
}

impl std::fmt::Display for IntentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IntentError::NotJoined => f.write_str("The game has not arrived from the host yet."),
            IntentError::NotYourMove => f.write_str("It is not your move."),
            IntentError::Busy => f.write_str("Waiting for the host to answer your last moves."),
            IntentError::Refused(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for IntentError {}

#[derive(Debug, Clone)]
struct Pending {
    id: u32,
    seq_seen: u64,
    action: Action,
    sent_at: u64,
}

#[derive(Debug, Clone)]
struct Early {
    action: Action,
    by_seat: PlayerId,
    entries: Vec<LogEntry>,
    hash: u64,
}

/// The guest's side of a table.
#[derive(Debug)]
pub struct Guest {
    table: TableId,
    /// `None`: a room's watcher (no seat; told everything, decides nothing).
    seat: Option<PlayerId>,
    game: Option<Game>,
    /// The state disagreed with the host's: waiting for the whole game again.
    broken: bool,
    /// The host answered this guest's hello (a welcome or a resync was taken).
    answered: bool,
    buffer: BTreeMap<u64, Early>,
    pending: Vec<Pending>,
    next_intent: u32,
    /// When the host was last asked for a welcome or resync that has not come yet.
    asked_at: Option<u64>,
    /// What was asked: the actions after these (a resync request), or, `None`, the whole
    /// game (a hello, which only a welcome answers).
    asked_for: Option<u64>,
    last_sent: u64,
    now: u64,
    presence: Vec<Presence>,
    parts: Reassembler,
    events: VecDeque<TableEvent>,
    /// The number of the last chat line shown (see [`HostMsg::Chat`]).
    chat_seen: u64,
}

impl Guest {
    /// A guest for `seat` of table `table` (both from the invite), with no game yet: send
    /// [`Guest::hello`] once the channel opens.
    pub fn new(table: TableId, seat: PlayerId) -> Guest {
        Guest::sitting(table, Some(seat))
    }

    /// A device without a seat that watches a room's game (its creator lets others watch):
    /// welcomed with the game and told every action, it never acts.
    pub fn watching(table: TableId) -> Guest {
        Guest::sitting(table, None)
    }

    fn sitting(table: TableId, seat: Option<PlayerId>) -> Guest {
        Guest {
            table,
            seat,
            game: None,
            broken: false,
            answered: false,
            buffer: BTreeMap::new(),
            pending: Vec::new(),
            next_intent: 1,
            asked_at: None,
            asked_for: None,
            last_sent: 0,
            now: 0,
            presence: Vec::new(),
            parts: Reassembler::default(),
            events: VecDeque::new(),
            chat_seen: 0,
        }
    }

    /// A guest that already has part of the game (the public game it saved before a
    /// reload): it shows it until the host's welcome brings the game as it stands. A game
    /// with its secrets is kept only as every player may know it.
    pub fn resume(table: TableId, seat: PlayerId, game: Game) -> Guest {
        let mut g = Guest::new(table, seat);
        g.game = Some(if game.is_public() {
            game
        } else {
            game.public_view()
        });
        g
    }

    /// The game as confirmed by the host so far (`None` before the welcome): a public view,
    /// without the dice to come or the order of the undrawn cards.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// This device's seat (`None`: it watches).
    pub fn seat(&self) -> Option<PlayerId> {
        self.seat
    }

    /// The number of actions applied here.
    pub fn seq(&self) -> u64 {
        self.game.as_ref().map_or(0, |g| g.history().len() as u64)
    }

    /// Whether this device's player can act now: the game is here, waits for this seat, no
    /// earlier move is still unanswered, and the host has answered this device's last hello
    /// or resync request (a device that resumed from its autosave waits for what it lacks).
    pub fn my_move(&self) -> bool {
        self.pending.is_empty()
            && !self.broken
            && self.answered
            && self.asked_at.is_none()
            && self
                .game
                .as_ref()
                .and_then(Game::actor)
                .is_some_and(|a| Some(a) == self.seat)
    }

    /// Whether the host has answered this guest's hello: its game is the table's (a guest
    /// resumed from an autosave holds a game before that, which may lack actions).
    pub fn answered(&self) -> bool {
        self.answered
    }

    /// Intents sent and not answered yet.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// Every seat's presence, as the host last told.
    pub fn presence(&self) -> &[Presence] {
        &self.presence
    }

    /// What happened since the last call (applied actions, refusals, chat, presence...).
    pub fn drain_events(&mut self) -> Vec<TableEvent> {
        self.events.drain(..).collect()
    }

    fn event(&mut self, e: TableEvent) {
        if self.events.len() >= MAX_EVENTS {
            self.events.pop_front();
        }
        self.events.push_back(e);
    }

    fn out(&mut self, msg: &GuestMsg) -> Outgoing {
        self.last_sent = self.now;
        Outgoing {
            to: To::Host,
            bytes: serde_json::to_vec(msg).unwrap_or_default(),
        }
    }

    /// The first message on a new channel: which seat, and how much of the game this device
    /// has (a resumed guest gets only the rest).
    pub fn hello(&mut self) -> Outgoing {
        self.asked_at = Some(self.now);
        self.asked_for = None;
        let (last_seq, hash) = match (&self.game, self.broken) {
            (Some(g), false) => (g.history().len() as u64, state_hash(g)),
            _ => (0, 0),
        };
        let msg = GuestMsg::Hello {
            table: self.table,
            seat: self.seat,
            last_seq,
            hash,
        };
        self.out(&msg)
    }

    /// Asks the host for this seat's move. Checked here first (the host checks again).
    pub fn intent(&mut self, action: Action) -> Result<Outgoing, IntentError> {
        let game = self.game.as_ref().ok_or(IntentError::NotJoined)?;
        if self.broken {
            return Err(IntentError::NotJoined);
        }
        if self.seat.is_none() || seat_of(game, &action) != self.seat {
            return Err(IntentError::NotYourMove);
        }
        game.check(&action)
            .map_err(|e| IntentError::Refused(e.to_string()))?;
        if self.pending.len() >= MAX_PENDING {
            return Err(IntentError::Busy);
        }
        let id = self.next_intent;
        self.next_intent = self.next_intent.wrapping_add(1).max(1);
        let seq_seen = game.history().len() as u64;
        self.pending.push(Pending {
            id,
            seq_seen,
            action: action.clone(),
            sent_at: self.now,
        });
        Ok(self.out(&GuestMsg::Intent {
            id,
            seq_seen,
            action,
        }))
    }

    /// A chat line from this device's player (`None` when empty once cleaned).
    pub fn chat(&mut self, text: &str) -> Option<Outgoing> {
        let text = clean_chat(text);
        (!text.is_empty()).then(|| self.out(&GuestMsg::Chat { text }))
    }

    pub fn react(&mut self, kind: ReactionKind) -> Outgoing {
        self.out(&GuestMsg::Reaction { kind })
    }

    /// The passing of time (the app's clock in ms; call about every 500 ms): resends
    /// unanswered intents, asks again for a missing welcome or resync, pings when quiet.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Outgoing> {
        self.now = self.now.max(now_ms);
        let mut out = Vec::new();
        let asked_long_ago = self
            .asked_at
            .is_none_or(|t| self.now.saturating_sub(t) >= ASK_AGAIN_MS);
        if self.game.is_none() || self.broken {
            if asked_long_ago {
                out.push(self.hello());
            }
        } else if self.asked_at.is_some() && asked_long_ago {
            // Asked again: the actions after this device's (a resync), or its hello (which
            // may not have arrived: the host hears nothing else before it).
            let again = match self.asked_for {
                Some(_) => self.ask_from(self.seq()),
                None => self.hello(),
            };
            out.push(again);
        }
        let now = self.now;
        let due: Vec<GuestMsg> = self
            .pending
            .iter_mut()
            .filter(|p| now.saturating_sub(p.sent_at) >= RETRY_MS)
            .map(|p| {
                p.sent_at = now;
                GuestMsg::Intent {
                    id: p.id,
                    seq_seen: p.seq_seen,
                    action: p.action.clone(),
                }
            })
            .collect();
        for msg in due {
            out.push(self.out(&msg));
        }
        if out.is_empty() && self.now.saturating_sub(self.last_sent) >= PING_MS {
            out.push(self.out(&GuestMsg::Ping));
        }
        out
    }

    fn ask_from(&mut self, from_seq: u64) -> Outgoing {
        self.asked_at = Some(self.now);
        self.asked_for = Some(from_seq);
        self.out(&GuestMsg::ResyncRequest { from_seq })
    }

    /// A message (frame) from the host. Returns what to send back.
    pub fn on_message(&mut self, bytes: &[u8]) -> Vec<Outgoing> {
        let (whole, large) = if bytes.first() == Some(&PART_TAG) {
            match self.parts.push(bytes) {
                Ok(Some(w)) => (w, true),
                Ok(None) => return Vec::new(),
                Err(reason) => {
                    self.event(TableEvent::Dropped { from: None, reason });
                    return Vec::new();
                }
            }
        } else if bytes.len() > MAX_MESSAGE_BYTES {
            self.event(TableEvent::Dropped {
                from: None,
                reason: format!("a frame of {} bytes", bytes.len()),
            });
            return Vec::new();
        } else {
            (bytes.to_vec(), false)
        };
        match read_host(&whole, large) {
            Ok(msg) => self.on_host(msg),
            Err(reason) => {
                self.event(TableEvent::Dropped { from: None, reason });
                Vec::new()
            }
        }
    }

    /// A chat line, unless it was shown already (`n` at or below the last one shown; 0, from
    /// an older host, is always shown).
    fn show_chat(&mut self, from: PlayerId, text: &str, n: u64, at: u64, notice: bool) {
        if n != 0 && n <= self.chat_seen {
            return;
        }
        self.chat_seen = self.chat_seen.max(n);
        let text = clean_chat(text);
        if notice {
            self.event(TableEvent::Notice { about: from, text });
        } else {
            self.event(TableEvent::Chat { from, text, at });
        }
    }

    /// A message from the host, handed to what it concerns.
    fn on_host(&mut self, msg: HostMsg) -> Vec<Outgoing> {
        match msg {
            HostMsg::Welcome {
                seat,
                last_intent,
                game,
                hash,
                presence,
                chat,
            } => {
                if !self.welcomed(seat, last_intent, presence, chat) {
                    return Vec::new();
                }
                self.take_welcome_game(*game, hash)
            }
            HostMsg::Applied {
                seq,
                action,
                by_seat,
                intent,
                entries,
                hash,
            } => {
                let early = Early {
                    action,
                    by_seat,
                    entries,
                    hash,
                };
                self.on_applied(seq, intent, early)
            }
            HostMsg::Refused { intent, reason } => self.on_refused(intent, reason),
            HostMsg::Chat {
                from,
                text,
                n,
                at,
                notice,
            } => {
                self.show_chat(from, &text, n, at, notice);
                Vec::new()
            }
            HostMsg::Reaction { from, kind } => {
                self.event(TableEvent::Reaction { from, kind });
                Vec::new()
            }
            HostMsg::Presence { seat, state } => {
                if let Some(p) = self.presence.get_mut(seat.index()) {
                    *p = state;
                }
                self.event(TableEvent::Presence { seat, state });
                Vec::new()
            }
            HostMsg::Pong { seq } => self.on_pong(seq),
        }
    }

    /// A welcome: whether it is for this device's seat (else it is dropped); if so, the
    /// seats' presence, the conversation so far and the intents it answers are taken from it.
    fn welcomed(
        &mut self,
        seat: Option<PlayerId>,
        last_intent: u32,
        presence: Vec<Presence>,
        chat: Vec<ChatLine>,
    ) -> bool {
        if seat != self.seat {
            let seat = seat.map_or_else(|| "none (watching)".to_string(), |s| s.to_string());
            self.event(TableEvent::Dropped {
                from: None,
                reason: format!("a welcome for seat {seat}"),
            });
            return false;
        }
        self.presence = presence;
        // The conversation so far, each line once however many welcomes come.
        for line in chat {
            self.show_chat(line.from, &line.text, line.n, line.at, line.notice);
        }
        self.next_intent = self.next_intent.max(last_intent.wrapping_add(1)).max(1);
        // Every intent up to the last one the host handled is answered by this game.
        self.pending.retain(|p| p.id > last_intent);
        true
    }

    /// A welcome's game, with the state hash of the host's: taken unless this device has it
    /// already (or more of it); a device that lacked part of it has caught up.
    fn take_welcome_game(&mut self, game: PublicGame, hash: u64) -> Vec<Outgoing> {
        let game = match Game::try_from(game) {
            Ok(g) => g,
            Err(e) => {
                // Not a game this device can hold: it keeps asking (see `tick`).
                self.event(TableEvent::Dropped {
                    from: None,
                    reason: format!("a welcome whose game does not fit: {e}"),
                });
                return Vec::new();
            }
        };
        let seq = game.history().len() as u64;
        if !self.broken && self.answered && seq < self.seq() {
            // A welcome overtaken on the way by later actions: this device has more.
            self.asked_at = None;
            self.asked_for = None;
            return Vec::new();
        }
        let same = !self.broken
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.history().len() as u64 == seq && state_hash(g) == hash);
        let asked = self.asked_at.take().is_some();
        self.asked_for = None;
        self.answered = true;
        if same {
            // This device has the game as it stands: nothing was missing (or this is
            // a repeated welcome).
            if asked {
                self.event(TableEvent::Caught { from: seq, seq });
            }
            return self.drain_buffer();
        }
        let had = (!self.broken)
            .then(|| self.game.as_ref().map(|g| g.history().len() as u64))
            .flatten();
        let agrees = state_hash(&game) == hash;
        self.game = Some(game);
        self.broken = false;
        if !agrees {
            // The host decides: its game is taken as it is, and the player is told.
            self.event(TableEvent::OutOfStep { seq });
        }
        match had {
            Some(from) if from <= seq => self.event(TableEvent::Caught { from, seq }),
            _ => self.event(TableEvent::Joined { seq }),
        }
        self.buffer.retain(|&s, _| s > seq);
        self.drain_buffer()
    }

    /// Action `seq`, answering this device's intent `intent` or another's: applied in order
    /// (an early one is kept until those before it come, and they are asked for).
    fn on_applied(&mut self, seq: u64, intent: Option<u32>, early: Early) -> Vec<Outgoing> {
        if Some(early.by_seat) == self.seat {
            if let Some(id) = intent {
                self.pending.retain(|p| p.id != id);
            }
        }
        if self.broken || seq <= self.seq() {
            return Vec::new();
        }
        if self.buffer.len() < MAX_BUFFERED {
            self.buffer.insert(seq, early);
        }
        if self.game.is_none() {
            // Kept for when the welcome comes.
            return Vec::new();
        }
        let mut out = self.drain_buffer();
        if self.broken {
            return out;
        }
        if !self.buffer.is_empty() {
            if self.asked_at.is_none() {
                let from = self.seq();
                out.push(self.ask_from(from));
            }
        } else {
            // Nothing is missing now: a resync asked for is answered.
            self.resync_answered();
        }
        out
    }

    /// The host refused an intent: the player is told, once, if this device still waited for
    /// its answer.
    fn on_refused(&mut self, intent: u32, reason: String) -> Vec<Outgoing> {
        let before = self.pending.len();
        self.pending.retain(|p| p.id != intent);
        if let Some(seat) = self.seat.filter(|_| self.pending.len() != before) {
            self.event(TableEvent::Refused {
                seat,
                intent,
                reason,
            });
        }
        Vec::new()
    }

    /// The host's count of actions: a device with fewer asks for the rest; one with all of
    /// them has its resync answered.
    fn on_pong(&mut self, seq: u64) -> Vec<Outgoing> {
        if self.game.is_none() || self.broken {
            return Vec::new();
        }
        if seq > self.seq() {
            if self.asked_at.is_none() {
                let from = self.seq();
                return vec![self.ask_from(from)];
            }
        } else {
            // This device has every action the host had then (a resync is answered
            // with the missing actions and this pong).
            self.resync_answered();
        }
        Vec::new()
    }

    /// A resync request this device made (not its hello, which the welcome answers) has its
    /// answer: nothing is missing.
    fn resync_answered(&mut self) {
        if self.broken || self.asked_at.is_none() {
            return;
        }
        if let Some(from) = self.asked_for.take() {
            self.asked_at = None;
            let seq = self.seq();
            self.event(TableEvent::Caught { from, seq });
        }
    }

    /// Applies the early actions that are next in line.
    fn drain_buffer(&mut self) -> Vec<Outgoing> {
        loop {
            let next = self.seq() + 1;
            let Some(early) = self.buffer.remove(&next) else {
                return Vec::new();
            };
            let Some(game) = self.game.as_mut() else {
                return Vec::new();
            };
            let took = game.follow(early.action, &early.entries);
            if took.is_err() || state_hash(game) != early.hash {
                return self.lost_step(next);
            }
            self.event(TableEvent::Applied {
                seq: next,
                by_seat: early.by_seat,
            });
        }
    }

    /// This copy disagrees with the host at `seq`: asks for the whole game again.
    fn lost_step(&mut self, seq: u64) -> Vec<Outgoing> {
        self.broken = true;
        self.buffer.clear();
        self.event(TableEvent::OutOfStep { seq });
        vec![self.hello()]
    }
}
