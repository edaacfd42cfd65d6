//! The game: the creator starting it, the game's own messages from seated devices, what the
//! host's events ask of the room, and the passing of time with the computers' moves.

use worlds_engine::bots::bot;
use worlds_engine::{ComputerStrategy, Game, GameSetup, PlayerId, SeatKind};

use super::{ConnId, Out, Refusal, Room, SeatSlot};
use crate::host::{Host, SeatControl};
use crate::protocol::PeerId;
use crate::TableEvent;

impl Room {
    /// The creator starts the game (once), with a seed drawn from the server's random bits.
    pub(super) fn start(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        mut tokens: impl FnMut() -> String,
    ) -> Vec<Out> {
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

    /// The game's own messages, from a seated connection once the game runs.
    pub(super) fn on_game_msg(&mut self, conn: ConnId, bytes: &[u8]) -> Vec<Out> {
        let seat = self.conns.get(&conn).and_then(|c| c.seat);
        match (seat, self.host.as_mut()) {
            (Some(_), Some(host)) => {
                let out = host.on_message(PeerId(conn), bytes);
                let mut sent = self.route(out);
                sent.extend(self.after_host_events());
                sent.extend(self.run_clock());
                self.watch_for_pushes();
                sent
            }
            (None, _) if !self.conns.get(&conn).is_some_and(|c| c.entered) => {
                Room::deny(conn, "Say which room seat this is first.")
            }
            _ => Vec::new(),
        }
    }

    /// What the host's events ask of the room: a player back in a seat a computer played is
    /// given it back.
    pub(super) fn after_host_events(&mut self) -> Vec<Out> {
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
        self.watch_for_pushes();
        sent
    }
}
