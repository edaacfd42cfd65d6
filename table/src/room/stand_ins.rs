//! Computers standing in for players: for a player away for [`AWAY_BEFORE_STAND_IN_MS`] when
//! someone at the table asks, and for one whose turn timer ran out ([`crate::clock`]): for the
//! rest of that turn, and after [`MISSES_BEFORE_STAND_IN`] times in a row until they press
//! I'm back.

use worlds_engine::bots::bot;
use worlds_engine::{ComputerStrategy, PlayerId};

use super::{ConnId, Out, Refusal, Room, RoomMsg, RoomPresence, AWAY_BEFORE_STAND_IN_MS};
use crate::clock::{ClockShown, ClockStep, TurnClock, TurnTimer, MISSES_BEFORE_STAND_IN};
use crate::host::SeatControl;

impl Room {
    /// A seated player asks that a computer play for seat `absent`, away for at least
    /// [`AWAY_BEFORE_STAND_IN_MS`], until its player is back.
    pub(super) fn let_computer_play(
        &mut self,
        conn: ConnId,
        seat: Option<PlayerId>,
        absent: PlayerId,
    ) -> Vec<Out> {
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
    pub(super) fn set_turn_timer(
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
    pub(super) fn im_back(&mut self, conn: ConnId, seat: Option<PlayerId>) -> Vec<Out> {
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
    pub(super) fn clock_to(&self, conn: ConnId) -> Vec<Out> {
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
    pub(super) fn run_clock(&mut self) -> Vec<Out> {
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
    use crate::room::testing::*;
    use crate::room::{seat_token, ClientMsg, OpenRoom, RoomCode, RoomState};
    use crate::TableEvent;
    use worlds_engine::{Action, Game};

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
