//! The host: the device that runs the one true game and decides.
//!
//! [`Host`] is a state machine with no IO. The app tells it which data channel (a
//! [`PeerId`] of its choosing) belongs to which seat ([`Host::peer_connected`], after
//! reading that seat's reply link), hands it every message received
//! ([`Host::on_message`]), applies the host device's own and computer moves through
//! [`Host::apply_local`], calls [`Host::tick`] every half second, and sends every
//! [`Outgoing`] returned.
//!
//! An intent is applied only when all of these hold: the channel is bound to a seat and has
//! said hello for this table and that seat; the seat is played from its device (not handed
//! to a computer); the intent id was not handled before for that seat (a repeat gets the
//! same answer again, never a second apply); nobody else acted since the state the guest
//! saw; the seat is the one the engine waits for ([`Game::actor`]: auctions, trade answers
//! and debts make other seats the actor), or the action is the seat's own `Resign`; and the
//! engine's [`Game::check`] accepts it. Each peer may send [`MAX_MESSAGES_PER_TICK`]
//! messages between two ticks; more are dropped (counted, logged once a tick), so one call
//! never does more than one message's work.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use worlds_engine::game::ReplayError;
use worlds_engine::{Action, Game, PlayerId};

use crate::invite::TableId;
use crate::protocol::{
    clean_chat, frames, read_guest, state_hash, GuestMsg, HostMsg, Outcome, Outcomes, Outgoing,
    PeerId, Presence, ReactionKind, To,
};
use crate::rates::{Rate, Verdict, MESSAGES_PER_WINDOW, WHOLE_GAME_COST};
use crate::saved::{ChatLine, HostRecord, RemoteSeatRecord, RestoreError, KEPT_ANSWERS, KEPT_CHAT};
use crate::TableEvent;

/// Messages a peer may send between two ticks (the one rate of [`crate::rates`]).
pub const MAX_MESSAGES_PER_TICK: u32 = MESSAGES_PER_WINDOW;
/// What a resync request costs of that budget (it sends the most).
pub const RESYNC_COST: u32 = WHOLE_GAME_COST;
/// A connected peer heard from for this long (ms) shows as reconnecting.
pub const SILENCE_MS: u64 = 12_000;
/// Events kept for the app (the oldest go first).
pub const MAX_EVENTS: usize = 256;
/// An intent is refused when the game moved on this many actions since the guest's view.
pub const MAX_INTENT_LAG: u64 = 64;
/// Building, selling and mortgage moves one seat may make in one turn: with a full sell-back
/// a build-and-sell loop would otherwise grow a game's record without end.
pub const MAX_MANAGING_PER_TURN: usize = 200;
/// A device that lacks at most this many actions is sent them again (one by one, as they were
/// first told); one that lacks more gets the whole game.
pub const MAX_CATCH_UP: u64 = 128;

/// Whether an action only manages what a player holds (it moves the game no further).
fn manages(action: &Action) -> bool {
    matches!(
        action,
        Action::Build { .. }
            | Action::SellBuilding { .. }
            | Action::SellAllBuildings { .. }
            | Action::Mortgage { .. }
            | Action::Unmortgage { .. }
    )
}

/// Who plays a seat, as the host sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatControl {
    /// At the host's device: a person there, or a computer seat of the setup.
    Local,
    /// From another device.
    Remote,
    /// A remote seat a computer plays for now ("Let a computer play for Bea").
    Computer,
}

/// Why the host's own action was not applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalError {
    /// The game is over.
    GameOver,
    /// The seat to act is played from another device.
    NotLocal { seat: PlayerId },
    /// The engine refuses it (the words say why).
    Refused(String),
}

impl std::fmt::Display for LocalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LocalError::GameOver => f.write_str("The game is over."),
            LocalError::NotLocal { seat } => {
                write!(
                    f,
                    "Seat {} is played from another device.",
                    seat.index() + 1
                )
            }
            LocalError::Refused(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for LocalError {}

#[derive(Debug, Clone, Copy)]
struct Meta {
    hash: u64,
    by_seat: PlayerId,
    intent: Option<u32>,
    /// Where the action's log entries start.
    log_start: usize,
}

#[derive(Debug, Clone)]
struct SeatSlot {
    control: SeatControl,
    peer: Option<PeerId>,
    outcomes: Outcomes,
}

#[derive(Debug, Clone)]
struct PeerSlot {
    seat: PlayerId,
    hello: bool,
    /// Heard from too long ago: shown as reconnecting until its next message.
    silent: bool,
    /// Its messages of this tick (a window ends at each tick).
    rate: Rate,
    dropped: u32,
    last_heard: u64,
}

/// The host's side of a table.
#[derive(Debug)]
pub struct Host {
    table: TableId,
    game: Game,
    start_hash: u64,
    /// Per applied action (index seq - 1).
    meta: Vec<Meta>,
    seats: Vec<SeatSlot>,
    peers: BTreeMap<PeerId, PeerSlot>,
    /// Connections that watch: told everything the players are, heard from never.
    watchers: BTreeSet<PeerId>,
    events: VecDeque<TableEvent>,
    now: u64,
    next_part: u32,
    /// Changes to what [`Host::record`] keeps (answers recorded, seats handed to a computer
    /// or back), so a room server writes the record again only when it changed.
    record_changes: u64,
    /// The last chat lines, oldest first (kept in the record).
    chat: VecDeque<ChatLine>,
    /// A seat a computer plays comes back when its player presses I'm back (a room), not when
    /// the host gives it back (a table): what a refused move tells that player.
    back_by_press: bool,
}

impl Host {
    /// A host for `game` (new or in progress) at table `table`; `remote` are the seats
    /// played from other devices. The actions already in the game are numbered 1, 2, ...
    pub fn new(game: Game, table: TableId, remote: &[PlayerId]) -> Result<Host, ReplayError> {
        // Replays the history once to learn each action's hash and who made it.
        let mut g = Game::new(game.setup().clone())?;
        let start_hash = state_hash(&g);
        let mut meta = Vec::with_capacity(game.history().len());
        for (index, action) in game.history().iter().enumerate() {
            let by_seat = seat_of(&g, action).unwrap_or_default();
            let log_start = g.log().len();
            g.apply(action.clone())
                .map_err(|error| ReplayError::Refused {
                    index,
                    action: Box::new(action.clone()),
                    error,
                })?;
            meta.push(Meta {
                hash: state_hash(&g),
                by_seat,
                intent: None,
                log_start,
            });
        }
        let seats = PlayerId::all(game.players().len())
            .map(|i| SeatSlot {
                control: if remote.contains(&i) {
                    SeatControl::Remote
                } else {
                    SeatControl::Local
                },
                peer: None,
                outcomes: Outcomes::default(),
            })
            .collect();
        Ok(Host {
            table,
            game,
            start_hash,
            meta,
            seats,
            peers: BTreeMap::new(),
            watchers: BTreeSet::new(),
            events: VecDeque::new(),
            now: 0,
            next_part: 1,
            record_changes: 0,
            chat: VecDeque::new(),
            back_by_press: false,
        })
    }

    /// A host for a table saved before this device's page reloaded: the same table id,
    /// the same remote seats (every one of them away until its device joins again through a
    /// new invite), the same computers standing in, and the intents it answered. A record
    /// that does not fit the game is refused with a sentence and nothing is made.
    pub fn restore(game: Game, record: &HostRecord) -> Result<Host, RestoreError> {
        let players = game.players().len();
        let remote = record.remote_seats();
        for (i, &seat) in remote.iter().enumerate() {
            if seat.index() >= players || remote[..i].contains(&seat) {
                return Err(RestoreError::Seat(seat));
            }
        }
        let mut host = Host::new(game, record.table, &remote)
            .map_err(|e| RestoreError::Replay(e.to_string()))?;
        for saved in &record.seats {
            for &(_, seq) in &saved.answered {
                let fits = seq >= 1
                    && host
                        .meta
                        .get(seq as usize - 1)
                        .is_some_and(|m| m.by_seat == saved.seat);
                if !fits {
                    return Err(RestoreError::Answer {
                        seat: saved.seat,
                        seq,
                    });
                }
            }
        }
        let start = record.chat.len().saturating_sub(KEPT_CHAT);
        host.chat = record.chat[start..]
            .iter()
            .filter(|l| l.from.index() < players)
            .map(|l| ChatLine {
                n: l.n,
                from: l.from,
                text: clean_chat(&l.text),
                at: l.at,
                notice: l.notice,
            })
            .collect();
        for saved in &record.seats {
            for &(id, seq) in &saved.answered {
                if let Some(m) = host.meta.get_mut(seq as usize - 1) {
                    m.intent = Some(id);
                }
            }
            if let Some(slot) = host.seat_mut(saved.seat) {
                slot.outcomes = Outcomes::restored(saved.last_intent, &saved.answered);
                if saved.computer {
                    slot.control = SeatControl::Computer;
                }
            }
        }
        Ok(host)
    }

    /// What the autosave keeps of this table (`rules`: the rule set's name as invites show
    /// it), for [`Host::restore`] after a reload.
    /// The intent of a seat's device that action `seq` (1-based) answered, if any.
    pub fn intent_of(&self, seq: usize) -> Option<u32> {
        seq.checked_sub(1)
            .and_then(|i| self.meta.get(i))
            .and_then(|m| m.intent)
    }

    /// How many times what [`Host::record`] keeps has changed (not counting the intents
    /// answered by actions: a server keeps those with the actions, [`Room::kept_actions_from`]).
    ///
    /// [`Room::kept_actions_from`]: crate::room::Room::kept_actions_from
    pub fn record_version(&self) -> u64 {
        self.record_changes
    }

    pub fn record(&self, rules: &str) -> HostRecord {
        HostRecord {
            table: self.table,
            rules: rules.to_string(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| s.control != SeatControl::Local)
                .map(|(seat, s)| RemoteSeatRecord {
                    seat: PlayerId(seat),
                    computer: s.control == SeatControl::Computer,
                    last_intent: s.outcomes.last(),
                    answered: s.outcomes.applied(KEPT_ANSWERS),
                })
                .collect(),
            chat: self.chat.iter().cloned().collect(),
        }
    }

    /// Keeps a chat line (the record changes) and gives the message that tells everyone.
    fn keep_chat(&mut self, from: PlayerId, text: String) -> HostMsg {
        self.keep_line(from, text, false)
    }

    /// Keeps a line of the chat, a player's or (`notice`) the table's own about seat `from`.
    fn keep_line(&mut self, from: PlayerId, text: String, notice: bool) -> HostMsg {
        let n = self.chat.back().map_or(0, |l| l.n) + 1;
        if self.chat.len() >= KEPT_CHAT {
            self.chat.pop_front();
        }
        let at = self.now;
        self.chat.push_back(ChatLine {
            n,
            from,
            text: text.clone(),
            at,
            notice,
        });
        self.record_changes += 1;
        HostMsg::Chat {
            from,
            text,
            n,
            at,
            notice,
        }
    }

    /// A line the table itself says about seat `about` (a room's "Time ran out: a computer
    /// played for Bea"): kept with the chat, so a device that comes back sees it too.
    pub fn notice(&mut self, about: PlayerId, text: &str) -> Vec<Outgoing> {
        let text = clean_chat(text);
        if text.is_empty() || self.seat(about).is_none() {
            return Vec::new();
        }
        self.event(TableEvent::Notice {
            about,
            text: text.clone(),
        });
        let msg = self.keep_line(about, text, true);
        self.broadcast(&msg)
    }

    /// The game as decided so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn table(&self) -> TableId {
        self.table
    }

    /// The number of actions applied (the last one's `seq`).
    pub fn seq(&self) -> u64 {
        self.meta.len() as u64
    }

    /// The hash of the current state.
    pub fn hash(&self) -> u64 {
        self.meta.last().map_or(self.start_hash, |m| m.hash)
    }

    /// Who plays a seat.
    pub fn seat_control(&self, seat: PlayerId) -> Option<SeatControl> {
        self.seat(seat).map(|s| s.control)
    }

    fn seat(&self, seat: PlayerId) -> Option<&SeatSlot> {
        self.seats.get(seat.index())
    }

    fn seat_mut(&mut self, seat: PlayerId) -> Option<&mut SeatSlot> {
        self.seats.get_mut(seat.index())
    }

    /// How a seat shows on every device.
    pub fn presence(&self, seat: PlayerId) -> Option<Presence> {
        let slot = self.seat(seat)?;
        Some(match slot.control {
            SeatControl::Local => Presence::Local,
            SeatControl::Computer => Presence::ComputerPlaying,
            SeatControl::Remote => match slot.peer.and_then(|p| self.peers.get(&p)) {
                Some(p) if p.hello && !p.silent => Presence::Connected,
                _ => Presence::Reconnecting,
            },
        })
    }

    /// The channels bound to a seat (where [`To::Guests`] goes).
    pub fn peers(&self) -> Vec<PeerId> {
        self.peers.keys().copied().collect()
    }

    /// The seat the engine waits for, when the host's device plays it (a person there, a
    /// computer seat, or a computer standing in): the app then asks a bot or its player and
    /// calls [`Host::apply_local`]. `None` while a remote seat is to act or the game is over.
    pub fn local_to_act(&self) -> Option<(PlayerId, SeatControl)> {
        let seat = self.game.actor()?;
        let control = self.seat(seat)?.control;
        (control != SeatControl::Remote).then_some((seat, control))
    }

    /// What happened since the last call (chat, reactions, presence, dropped messages...).
    pub fn drain_events(&mut self) -> Vec<TableEvent> {
        self.events.drain(..).collect()
    }

    fn event(&mut self, e: TableEvent) {
        if self.events.len() >= MAX_EVENTS {
            self.events.pop_front();
        }
        self.events.push_back(e);
    }

    fn drop_msg(&mut self, from: Option<PeerId>, reason: String) {
        self.event(TableEvent::Dropped { from, reason });
    }

    /// The channel `peer` was opened for `seat` (from that seat's reply link). A channel
    /// already bound to the seat is forgotten (the app closes it). Nothing is sent until
    /// the guest says hello.
    pub fn peer_connected(&mut self, peer: PeerId, seat: PlayerId) -> Vec<Outgoing> {
        let Some(slot) = self.seat_mut(seat) else {
            self.drop_msg(Some(peer), format!("no seat {seat} at this table"));
            return Vec::new();
        };
        if slot.control == SeatControl::Local {
            self.drop_msg(Some(peer), format!("seat {seat} is played here"));
            return Vec::new();
        }
        let old = slot.peer.replace(peer);
        if let Some(old) = old.filter(|&o| o != peer) {
            self.peers.remove(&old);
            self.event(TableEvent::Replaced { peer: old, seat });
        }
        if let Some(prev) = self.peers.get(&peer).map(|p| p.seat).filter(|&s| s != seat) {
            if let Some(s) = self.seat_mut(prev) {
                s.peer = None;
            }
        }
        self.peers.insert(
            peer,
            PeerSlot {
                seat,
                hello: false,
                silent: false,
                rate: Rate::starting(self.now),
                dropped: 0,
                last_heard: self.now,
            },
        );
        Vec::new()
    }

    /// A watcher (a room's spectator) joins: it is welcomed with the game as every player may
    /// know it (no seat: [`WATCHING`] on the wire) and hears every action from then on.
    pub fn watcher_connected(&mut self, peer: PeerId) -> Vec<Outgoing> {
        if self.peers.contains_key(&peer) {
            return Vec::new();
        }
        self.watchers.insert(peer);
        self.welcome(peer, None)
    }

    /// A watcher left.
    pub fn watcher_disconnected(&mut self, peer: PeerId) {
        self.watchers.remove(&peer);
    }

    /// The channel closed: the seat shows as reconnecting (unless a computer plays it).
    pub fn peer_disconnected(&mut self, peer: PeerId) -> Vec<Outgoing> {
        let Some(p) = self.peers.remove(&peer) else {
            return Vec::new();
        };
        let seat = p.seat;
        if let Some(slot) = self.seat_mut(seat) {
            if slot.peer == Some(peer) {
                slot.peer = None;
            }
        }
        self.presence_out(seat, Some(p.hello))
    }

    /// In a room: a seat a computer plays comes back when its player presses I'm back, and a
    /// move that player's device sends meanwhile is refused saying so.
    pub fn seats_back_by_press(&mut self) {
        self.back_by_press = true;
    }

    /// Hands a remote seat to a computer (the app then plays it through
    /// [`Host::apply_local`]), or gives it back to its player (`Remote`).
    pub fn set_seat_control(&mut self, seat: PlayerId, control: SeatControl) -> Vec<Outgoing> {
        let Some(slot) = self.seat_mut(seat) else {
            return Vec::new();
        };
        if slot.control == SeatControl::Local || control == SeatControl::Local {
            // Seats played here stay here; remote seats never become local ones.
            return Vec::new();
        }
        if slot.control == control {
            return Vec::new();
        }
        slot.control = control;
        self.record_changes += 1;
        self.presence_out(seat, None)
    }

    fn presence_out(&mut self, seat: PlayerId, was_connected: Option<bool>) -> Vec<Outgoing> {
        let Some(state) = self.presence(seat) else {
            return Vec::new();
        };
        if was_connected == Some(false) && state == Presence::Reconnecting {
            // It never showed as connected: nothing changes.
            return Vec::new();
        }
        self.event(TableEvent::Presence { seat, state });
        self.broadcast(&HostMsg::Presence { seat, state })
    }

    fn send(&mut self, to: To, msg: &HostMsg) -> Vec<Outgoing> {
        let id = self.next_part;
        self.next_part = self.next_part.wrapping_add(1);
        frames(msg, id)
            .into_iter()
            .map(|bytes| Outgoing { to, bytes })
            .collect()
    }

    fn broadcast(&mut self, msg: &HostMsg) -> Vec<Outgoing> {
        if self.peers.is_empty() && self.watchers.is_empty() {
            return Vec::new();
        }
        self.send(To::Guests, msg)
    }

    /// Applies an action of a seat played at the host's device (a person there or a
    /// computer) and returns what tells every guest.
    pub fn apply_local(&mut self, action: Action) -> Result<Vec<Outgoing>, LocalError> {
        let seat = seat_of(&self.game, &action).ok_or(LocalError::GameOver)?;
        match self.seat(seat).map(|s| s.control) {
            Some(SeatControl::Local | SeatControl::Computer) => {}
            _ => return Err(LocalError::NotLocal { seat }),
        }
        self.game
            .check(&action)
            .map_err(|e| LocalError::Refused(e.to_string()))?;
        Ok(self.commit(action, seat, None))
    }

    /// Applies an action for the seat the game waits for, whoever plays it (a room's turn
    /// timer ran out: a computer decides for a player of another device), and returns what
    /// tells every guest. The seat stays played from its device.
    pub fn play_for(&mut self, action: Action) -> Result<Vec<Outgoing>, LocalError> {
        let seat = seat_of(&self.game, &action).ok_or(LocalError::GameOver)?;
        self.game
            .check(&action)
            .map_err(|e| LocalError::Refused(e.to_string()))?;
        Ok(self.commit(action, seat, None))
    }

    /// Chat from a seat played here.
    pub fn chat(&mut self, from_seat: PlayerId, text: &str) -> Vec<Outgoing> {
        let text = clean_chat(text);
        if text.is_empty() || self.seat(from_seat).is_none() {
            return Vec::new();
        }
        let msg = self.keep_chat(from_seat, text);
        self.broadcast(&msg)
    }

    /// A reaction from a seat played here.
    pub fn react(&mut self, from_seat: PlayerId, kind: ReactionKind) -> Vec<Outgoing> {
        if self.seat(from_seat).is_none() {
            return Vec::new();
        }
        self.broadcast(&HostMsg::Reaction {
            from: from_seat,
            kind,
        })
    }

    /// Applies a checked action and tells every guest.
    fn commit(&mut self, action: Action, by_seat: PlayerId, intent: Option<u32>) -> Vec<Outgoing> {
        let start = self.game.log().len();
        if let Err(e) = self.game.apply(action) {
            // Checked just before: cannot happen; if it did, nothing changed.
            self.drop_msg(None, format!("refused after its check: {e}"));
            return Vec::new();
        }
        let hash = state_hash(&self.game);
        self.meta.push(Meta {
            hash,
            by_seat,
            intent,
            log_start: start,
        });
        let seq = self.seq();
        if intent.is_some() {
            self.event(TableEvent::Applied { seq, by_seat });
        }
        if self.peers.is_empty() && self.watchers.is_empty() {
            return Vec::new();
        }
        match self.applied(seq) {
            Some(msg) => self.broadcast(&msg),
            None => Vec::new(),
        }
    }

    /// The message that tells action `seq` (1-based): the action, the log entries it made and
    /// the hash of the state it led to (each guest applies it to its own copy). `None` for an
    /// action not applied yet.
    fn applied(&self, seq: u64) -> Option<HostMsg> {
        let i = usize::try_from(seq).ok()?.checked_sub(1)?;
        let m = self.meta.get(i)?;
        let log = self.game.log();
        let end = self.meta.get(i + 1).map_or(log.len(), |n| n.log_start);
        Some(HostMsg::Applied {
            seq,
            action: self.game.history().get(i)?.clone(),
            by_seat: m.by_seat,
            intent: m.intent,
            entries: log.get(m.log_start..end)?.to_vec(),
            hash: m.hash,
        })
    }

    /// Answers a device that has the first `has` actions: the actions after them, told again
    /// as they were, and a pong with the number of actions (so it knows it has them all); the
    /// whole game when it has none or lacks more than [`MAX_CATCH_UP`].
    fn catch_up(&mut self, to: PeerId, seat: PlayerId, has: u64) -> Vec<Outgoing> {
        let seq = self.seq();
        if has == 0 || has > seq || seq - has > MAX_CATCH_UP {
            return self.welcome(to, Some(seat));
        }
        let mut out = Vec::new();
        for s in has + 1..=seq {
            if let Some(msg) = self.applied(s) {
                out.extend(self.send(To::Peer(to), &msg));
            }
        }
        out.extend(self.send(To::Peer(to), &HostMsg::Pong { seq }));
        out
    }

    /// The passing of time (the app's clock in ms): refills each peer's message budget and
    /// notices silent peers. Call it about every 500 ms.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Outgoing> {
        self.now = self.now.max(now_ms);
        let mut out = Vec::new();
        let mut silent = Vec::new();
        let mut dropped = Vec::new();
        for (&id, p) in self.peers.iter_mut() {
            p.rate.new_window(self.now);
            if p.dropped > 0 {
                dropped.push((id, p.dropped));
                p.dropped = 0;
            }
            if p.hello && !p.silent && self.now.saturating_sub(p.last_heard) >= SILENCE_MS {
                p.silent = true;
                silent.push(p.seat);
            }
        }
        for (id, n) in dropped {
            self.drop_msg(
                Some(id),
                format!("{n} messages over the limit of {MAX_MESSAGES_PER_TICK} per tick"),
            );
        }
        for seat in silent {
            // Shown as reconnecting once; its next message shows it connected again.
            if self.seat_control(seat) == Some(SeatControl::Remote) {
                out.extend(self.presence_out(seat, None));
            }
        }
        out
    }

    /// A message from a guest's channel. Returns what to send; anything wrong with it is
    /// dropped (see [`Host::drain_events`] for why) and changes nothing.
    pub fn on_message(&mut self, from: PeerId, bytes: &[u8]) -> Vec<Outgoing> {
        let Some(peer) = self.peers.get_mut(&from) else {
            self.drop_msg(Some(from), "a channel bound to no seat".to_string());
            return Vec::new();
        };
        if peer.rate.take(1) != Verdict::Take {
            peer.dropped += 1;
            return Vec::new();
        }
        let seat = peer.seat;
        let msg = match read_guest(bytes) {
            Ok(m) => m,
            Err(reason) => {
                self.drop_msg(Some(from), reason);
                return Vec::new();
            }
        };
        match msg {
            GuestMsg::Hello {
                table,
                seat: claimed,
                last_seq,
                hash,
            } => self.on_hello(from, seat, table, claimed, last_seq, hash),
            msg => {
                if !self.peers.get(&from).is_some_and(|p| p.hello) {
                    self.drop_msg(Some(from), "a message before hello".to_string());
                    return Vec::new();
                }
                let mut out = self.heard(from);
                out.extend(self.on_said(from, seat, msg));
                out
            }
        }
    }

    /// A message after hello.
    fn on_said(&mut self, from: PeerId, seat: PlayerId, msg: GuestMsg) -> Vec<Outgoing> {
        match msg {
            GuestMsg::Hello { .. } => Vec::new(),
            GuestMsg::Intent {
                id,
                seq_seen,
                action,
            } => self.on_intent(from, seat, id, seq_seen, action),
            GuestMsg::ResyncRequest { from_seq } => {
                if let Some(p) = self.peers.get_mut(&from) {
                    p.rate.charge(RESYNC_COST);
                }
                self.catch_up(from, seat, from_seq)
            }
            GuestMsg::Chat { text } => {
                let text = clean_chat(&text);
                if text.is_empty() {
                    return Vec::new();
                }
                self.event(TableEvent::Chat {
                    from: seat,
                    text: text.clone(),
                    at: self.now,
                });
                let msg = self.keep_chat(seat, text);
                self.broadcast(&msg)
            }
            GuestMsg::Reaction { kind } => {
                self.event(TableEvent::Reaction { from: seat, kind });
                self.broadcast(&HostMsg::Reaction { from: seat, kind })
            }
            GuestMsg::Ping => {
                let seq = self.seq();
                self.send(To::Peer(from), &HostMsg::Pong { seq })
            }
        }
    }

    /// Notes that a peer spoke; one that had gone silent shows as connected again.
    fn heard(&mut self, from: PeerId) -> Vec<Outgoing> {
        let Some(p) = self.peers.get_mut(&from) else {
            return Vec::new();
        };
        p.last_heard = self.now;
        if !std::mem::take(&mut p.silent) {
            return Vec::new();
        }
        let seat = p.seat;
        self.presence_out(seat, None)
    }

    fn on_hello(
        &mut self,
        from: PeerId,
        seat: PlayerId,
        table: TableId,
        claimed: Option<PlayerId>,
        last_seq: u64,
        hash: u64,
    ) -> Vec<Outgoing> {
        if table != self.table {
            self.drop_msg(Some(from), format!("a hello for another table ({table})"));
            return Vec::new();
        }
        if claimed != Some(seat) {
            let claimed = claimed.map_or_else(|| "none (watching)".to_string(), |c| c.to_string());
            self.drop_msg(
                Some(from),
                format!("a hello for seat {claimed} on the channel of seat {seat}"),
            );
            return Vec::new();
        }
        let was = self.presence(seat);
        if let Some(p) = self.peers.get_mut(&from) {
            p.hello = true;
            p.silent = false;
            p.last_heard = self.now;
        }
        let mut out = Vec::new();
        match self.seat_control(seat) {
            Some(SeatControl::Computer) => self.event(TableEvent::SeatBack { seat }),
            _ if was != self.presence(seat) => out.extend(self.presence_out(seat, None)),
            _ => {}
        }
        if let Err(why) = self.known(last_seq, hash) {
            // Only the claim is refused: the device gets the game as it stands, as every
            // rejoining device does.
            self.drop_msg(Some(from), why.to_string());
        }
        out.extend(self.welcome(from, Some(seat)));
        out
    }

    /// Checks a rejoining device's claim to hold the first `last_seq` actions against this
    /// host's record: `Err` says why the claim is refused.
    fn known(&self, last_seq: u64, hash: u64) -> Result<(), ClaimRefused> {
        if last_seq == 0 {
            return Ok(());
        }
        if last_seq > self.seq() {
            return Err(ClaimRefused::Ahead {
                claimed: last_seq,
                has: self.seq(),
            });
        }
        match self.meta.get(last_seq as usize - 1) {
            Some(m) if m.hash == hash => Ok(()),
            _ => Err(ClaimRefused::Differs { at: last_seq }),
        }
    }

    /// Sends a seat's device the whole game as every player may know it (on joining,
    /// rejoining, or when its copy went wrong); `None`: a watcher's.
    fn welcome(&mut self, to: PeerId, seat: Option<PlayerId>) -> Vec<Outgoing> {
        let last_intent = seat
            .and_then(|s| self.seat(s))
            .map_or(0, |s| s.outcomes.last());
        let presence = PlayerId::all(self.seats.len())
            .filter_map(|s| self.presence(s))
            .collect();
        let msg = HostMsg::Welcome {
            seat,
            last_intent,
            game: Box::new(self.game.public_game()),
            hash: self.hash(),
            presence,
            chat: self.chat.iter().cloned().collect(),
        };
        self.send(To::Peer(to), &msg)
    }

    fn on_intent(
        &mut self,
        from: PeerId,
        seat: PlayerId,
        id: u32,
        seq_seen: u64,
        action: Action,
    ) -> Vec<Outgoing> {
        let Some(slot) = self.seat(seat) else {
            return Vec::new();
        };
        // A repeat: the same answer again.
        if let Some(outcome) = slot.outcomes.get(id) {
            return match outcome {
                // The last action: the same Applied again.
                Outcome::Applied(seq) if seq == self.seq() => match self.applied(seq) {
                    Some(msg) => self.send(To::Peer(from), &msg),
                    None => Vec::new(),
                },
                // Applied before others: the actions since the guest's view answer it (this
                // one among them), and cost what a resync costs.
                Outcome::Applied(_) => {
                    if let Some(p) = self.peers.get_mut(&from) {
                        p.rate.charge(RESYNC_COST);
                    }
                    self.catch_up(from, seat, seq_seen)
                }
                Outcome::Refused(reason) => {
                    self.send(To::Peer(from), &HostMsg::Refused { intent: id, reason })
                }
            };
        }
        let verdict = self.judge(seat, seq_seen, &action);
        match verdict {
            Ok(()) => {
                let seq = self.seq() + 1;
                if let Some(s) = self.seat_mut(seat) {
                    s.outcomes.record(id, Outcome::Applied(seq));
                }
                self.commit(action, seat, Some(id))
            }
            Err(refused) => {
                let reason = refused.to_string();
                if let Some(s) = self.seat_mut(seat) {
                    s.outcomes.record(id, Outcome::Refused(reason.clone()));
                }
                self.record_changes += 1;
                self.event(TableEvent::Refused {
                    seat,
                    intent: id,
                    reason: reason.clone(),
                });
                self.send(To::Peer(from), &HostMsg::Refused { intent: id, reason })
            }
        }
    }

    /// Whether a seat's intent may be applied now, or why not (a sentence for its player).
    fn judge(&self, seat: PlayerId, seq_seen: u64, action: &Action) -> Result<(), IntentRefused> {
        if self.seat_control(seat) != Some(SeatControl::Remote) {
            return Err(IntentRefused::ComputerPlaying {
                by_press: self.back_by_press,
            });
        }
        let seq = self.seq();
        if seq_seen > seq {
            return Err(IntentRefused::Ahead);
        }
        if seq - seq_seen > MAX_INTENT_LAG
            || self.meta[seq_seen as usize..]
                .iter()
                .any(|m| m.by_seat != seat)
        {
            return Err(IntentRefused::MovedOn);
        }
        if manages(action) && self.managing_this_turn(seat) >= MAX_MANAGING_PER_TURN {
            return Err(IntentRefused::ManyMoves);
        }
        match seat_of(&self.game, action) {
            None => return Err(IntentRefused::Over),
            Some(s) if s != seat => {
                return Err(match action {
                    Action::Resign { .. } => IntentRefused::ResignOther,
                    _ => IntentRefused::NotYourMove {
                        actor: self.game.player(s).name.clone(),
                    },
                });
            }
            Some(_) => {}
        }
        self.game.check(action).map_err(IntentRefused::Rule)
    }
}

/// Why a seat's intent was not applied: [`HostMsg::Refused`] carries its sentence to that
/// seat's player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntentRefused {
    /// A computer plays for the seat now; `by_press`: its player takes it back with I'm back.
    ComputerPlaying { by_press: bool },
    /// The intent names a game further on than the host's.
    Ahead,
    /// Another seat acted since the intent's device last looked (or it looked too long ago).
    MovedOn,
    /// [`MAX_MANAGING_PER_TURN`] building and mortgage moves this turn already.
    ManyMoves,
    /// Nobody is to act: the game is over.
    Over,
    /// A resignation for another player.
    ResignOther,
    /// Another player (`actor`, by name) is to act.
    NotYourMove { actor: String },
    /// The engine refuses the action.
    Rule(worlds_engine::RuleError),
}

impl std::fmt::Display for IntentRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IntentRefused::ComputerPlaying { by_press: true } => {
                f.write_str("A computer is playing for you now: press I'm back to play again.")
            }
            IntentRefused::ComputerPlaying { by_press: false } => {
                f.write_str("A computer is playing for you now; the host can give your seat back.")
            }
            IntentRefused::Ahead => f.write_str("This request comes from a game ahead of the host's."),
            IntentRefused::MovedOn => {
                f.write_str("The game moved on before your request arrived; look again.")
            }
            IntentRefused::ManyMoves => write!(
                f,
                "You have made {MAX_MANAGING_PER_TURN} building and mortgage moves this turn: end your turn to go on."
            ),
            IntentRefused::Over => f.write_str("The game is over."),
            IntentRefused::ResignOther => f.write_str("You can only resign for yourself."),
            IntentRefused::NotYourMove { actor } => write!(f, "It is {actor}'s move, not yours."),
            IntentRefused::Rule(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for IntentRefused {}

/// Why a rejoining device's claim to hold the game so far is not believed (for the console:
/// the device gets the whole game anyway).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ClaimRefused {
    /// It claims `claimed` actions; the table has `has`.
    Ahead { claimed: u64, has: u64 },
    /// Its game after `at` actions is not the table's.
    Differs { at: u64 },
}

impl std::fmt::Display for ClaimRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClaimRefused::Ahead { claimed, has } => write!(
                f,
                "a hello claiming {claimed} actions when the table has {has}: the whole game is sent"
            ),
            ClaimRefused::Differs { at } => write!(
                f,
                "a hello whose game after {at} actions differs from the table's: the whole game is sent"
            ),
        }
    }
}

impl Host {
    /// The building and mortgage moves `seat` made since the last turn ended.
    fn managing_this_turn(&self, seat: PlayerId) -> usize {
        self.game
            .history()
            .iter()
            .zip(&self.meta)
            .rev()
            .take_while(|(a, _)| !matches!(a, Action::EndTurn))
            .filter(|(a, m)| m.by_seat == seat && manages(a))
            .count()
    }
}

/// The seat an action is made by: the player a `Resign` names, else the engine's actor.
pub fn seat_of(game: &Game, action: &Action) -> Option<PlayerId> {
    match action {
        Action::Resign { player } => Some(*player),
        _ => game.actor(),
    }
}
