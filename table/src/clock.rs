//! A room's turn timer (issue 40): the room server keeps the clock, devices only show it.
//!
//! With the timer on, whenever a person seat played from its own device is the one the game
//! waits for, a clock starts for that seat and that point of the game (the number of actions
//! so far). When it runs out, a computer plays for that player while they are the one to act
//! (the rest of their turn, or their one bid or trade answer), and every device's feed says
//! "Time ran out: a computer played for Bea". A bid in an auction and an answer to a trade
//! have a shorter clock ([`TurnTimer::clock_ms`]). A player whose time ran out
//! [`MISSES_BEFORE_STAND_IN`] times in a row is played by a computer until they press I'm back;
//! any action of theirs starts the count afresh.
//!
//! What the clock needs to go on after a server restart (the deadline as the server's
//! wall-clock ms, each seat's misses) is kept in the room's state ([`TurnClock`]).

use serde::{Deserialize, Serialize};
use worlds_engine::{Game, Phase, PlayerId};

/// Times in a row a player's time may run out before a computer plays for them until they
/// are back.
pub const MISSES_BEFORE_STAND_IN: u32 = 3;
/// The shortest clock for a bid or a trade answer (ms).
pub const SHORT_CLOCK_MIN_MS: u64 = 15_000;

/// How long a player has to act in a room (Off by default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnTimer {
    #[default]
    Off,
    #[serde(rename = "30s")]
    Seconds30,
    #[serde(rename = "1m")]
    Minute1,
    #[serde(rename = "2m")]
    Minutes2,
    /// Turn-based play (issue 61): an hour for each decision.
    #[serde(rename = "1h")]
    Hour1,
    /// Turn-based play at a turn a day: a day for each decision.
    #[serde(rename = "1d")]
    Day1,
}

impl TurnTimer {
    /// Every choice, in the order a form lists them.
    pub const ALL: [TurnTimer; 6] = [
        TurnTimer::Off,
        TurnTimer::Seconds30,
        TurnTimer::Minute1,
        TurnTimer::Minutes2,
        TurnTimer::Hour1,
        TurnTimer::Day1,
    ];

    /// Whether the room is turn-based: a clock long enough that nobody waits at the table
    /// (the room is set aside between turns and woken when a clock runs out).
    pub fn is_turn_based(&self) -> bool {
        matches!(self, TurnTimer::Hour1 | TurnTimer::Day1)
    }

    /// Whether there is no timer.
    pub fn is_off(&self) -> bool {
        *self == TurnTimer::Off
    }

    /// The time to act (ms), `None` when off.
    pub fn ms(self) -> Option<u64> {
        match self {
            TurnTimer::Off => None,
            TurnTimer::Seconds30 => Some(30_000),
            TurnTimer::Minute1 => Some(60_000),
            TurnTimer::Minutes2 => Some(120_000),
            TurnTimer::Hour1 => Some(3_600_000),
            TurnTimer::Day1 => Some(86_400_000),
        }
    }

    /// The time to act now in `game` (ms): half the timer (at least [`SHORT_CLOCK_MIN_MS`])
    /// for a bid in an auction and for an answer to a trade, the whole timer otherwise.
    pub fn clock_ms(self, game: &Game) -> Option<u64> {
        let full = self.ms()?;
        Some(match game.phase() {
            Phase::Auction(_) | Phase::TradeOffer(_) => (full / 2).max(SHORT_CLOCK_MIN_MS),
            _ => full,
        })
    }

    /// How a form and the waiting room say it.
    pub fn label(self) -> &'static str {
        match self {
            TurnTimer::Off => "Off",
            TurnTimer::Seconds30 => "30 seconds",
            TurnTimer::Minute1 => "1 minute",
            TurnTimer::Minutes2 => "2 minutes",
            TurnTimer::Hour1 => "1 hour",
            TurnTimer::Day1 => "1 day",
        }
    }

    /// The name a form's option carries (as it is written in JSON).
    pub fn key(self) -> &'static str {
        match self {
            TurnTimer::Off => "off",
            TurnTimer::Seconds30 => "30s",
            TurnTimer::Minute1 => "1m",
            TurnTimer::Minutes2 => "2m",
            TurnTimer::Hour1 => "1h",
            TurnTimer::Day1 => "1d",
        }
    }

    /// The choice a form's option names (`None` for a name it does not have).
    pub fn from_key(key: &str) -> Option<TurnTimer> {
        TurnTimer::ALL.into_iter().find(|t| t.key() == key)
    }
}

/// A clock running for one seat at one point of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunningClock {
    pub seat: PlayerId,
    /// The number of actions in the game when it started: any action starts a new clock.
    pub seq: u64,
    /// When it runs out (the server's wall clock, ms since 1970).
    pub deadline_ms: u64,
    /// How long it was when it started (ms).
    pub total_ms: u64,
}

/// A room's turn timer and what it needs to go on after a restart.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnClock {
    #[serde(default)]
    pub timer: TurnTimer,
    /// The clock running now, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<RunningClock>,
    /// Per seat, the times in a row its player's time ran out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub misses: Vec<u32>,
}

/// What the clock asks of the room at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockStep {
    /// Nothing changes.
    Wait,
    /// A new clock started (or the clock stopped): every device is told.
    Changed,
    /// The clock of `seat` ran out: a computer plays for them.
    RanOut { seat: PlayerId },
}

impl TurnClock {
    /// A room's clock with `timer` and nothing running.
    pub fn new(timer: TurnTimer) -> TurnClock {
        TurnClock {
            timer,
            ..TurnClock::default()
        }
    }

    /// Whether the room keeps nothing of a clock (no timer, nothing counted).
    pub fn is_unused(&self) -> bool {
        *self == TurnClock::default()
    }

    /// The clock at `now`: `waiting_for` is the person seat played from its own device the
    /// game waits for (`None`: nobody such, or the game is over), `seq` the number of actions
    /// so far.
    pub fn step(
        &mut self,
        game: &Game,
        waiting_for: Option<PlayerId>,
        seq: u64,
        now: u64,
    ) -> ClockStep {
        let total = self.timer.clock_ms(game);
        let (Some(seat), Some(total)) = (waiting_for, total) else {
            return match self.running.take() {
                Some(_) => ClockStep::Changed,
                None => ClockStep::Wait,
            };
        };
        match self.running {
            Some(r) if r.seat == seat && r.seq == seq => {
                if now >= r.deadline_ms {
                    self.running = None;
                    ClockStep::RanOut { seat }
                } else {
                    ClockStep::Wait
                }
            }
            _ => {
                self.running = Some(RunningClock {
                    seat,
                    seq,
                    deadline_ms: now.saturating_add(total),
                    total_ms: total,
                });
                ClockStep::Changed
            }
        }
    }

    /// Counts one more time `seat`'s time ran out; whether it is now
    /// [`MISSES_BEFORE_STAND_IN`] in a row.
    pub fn missed(&mut self, seat: PlayerId) -> bool {
        let i = seat.index();
        if self.misses.len() <= i {
            self.misses.resize(i + 1, 0);
        }
        self.misses[i] += 1;
        self.misses[i] >= MISSES_BEFORE_STAND_IN
    }

    /// `seat`'s player acted (or is back): their count starts afresh.
    pub fn heard_from(&mut self, seat: PlayerId) {
        if let Some(m) = self.misses.get_mut(seat.index()) {
            *m = 0;
        }
        if self.misses.iter().all(|&m| m == 0) {
            self.misses.clear();
        }
    }

    /// The times in a row `seat`'s time ran out.
    pub fn misses_of(&self, seat: PlayerId) -> u32 {
        self.misses.get(seat.index()).copied().unwrap_or(0)
    }

    /// The clock as devices show it at `now`.
    pub fn shown(&self, now: u64) -> Option<ClockShown> {
        self.running.map(|r| ClockShown {
            seat: r.seat,
            left_ms: r.deadline_ms.saturating_sub(now),
            total_ms: r.total_ms,
        })
    }
}

/// The clock as every device shows it: whose it is and the time left when it was sent (a
/// device counts down from its own clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockShown {
    pub seat: PlayerId,
    pub left_ms: u64,
    pub total_ms: u64,
}

/// "0:23", or "23:59:59" from an hour up: the time left as a countdown shows it (whole
/// seconds, rounded up).
pub fn countdown(left_ms: u64) -> String {
    let secs = left_ms.div_ceil(1000);
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timer_choices_read_back_from_their_keys_and_json() {
        for t in TurnTimer::ALL {
            assert_eq!(TurnTimer::from_key(t.key()), Some(t));
            let json = serde_json::to_string(&t).expect("writes");
            assert_eq!(json, format!("\"{}\"", t.key()));
        }
        assert_eq!(TurnTimer::from_key("5s"), None);
        assert_eq!(TurnTimer::default(), TurnTimer::Off);
        assert_eq!(countdown(30_000), "0:30");
        assert_eq!(countdown(89_001), "1:30");
        assert_eq!(countdown(0), "0:00");
        assert_eq!(countdown(3_599_000), "59:59");
        assert_eq!(countdown(3_600_000), "1:00:00");
        assert_eq!(countdown(86_400_000), "24:00:00");
        assert_eq!(countdown(86_399_001), "24:00:00", "rounded up");
    }

    #[test]
    fn a_trade_answer_has_half_the_clock_and_at_least_15_seconds() {
        use worlds_engine::game::ForcedRoll;
        use worlds_engine::{Action, GameSetup, PlayerId, Preset, Seat, SquareId, TradeSide};
        let seats = vec![Seat::human("Ann"), Seat::human("Bea")];
        let mut setup = GameSetup::new(Preset::Classic.board(), seats, 3);
        setup.forced_rolls.push(ForcedRoll {
            at: 0,
            dice: vec![1, 2],
        });
        let mut game = Game::new(setup).expect("a game");
        assert_eq!(TurnTimer::Seconds30.clock_ms(&game), Some(30_000));
        assert_eq!(TurnTimer::Off.clock_ms(&game), None);
        game.apply(Action::Roll).expect("roll");
        game.apply(Action::Buy).expect("buy");
        game.apply(Action::ProposeTrade {
            to: PlayerId(1),
            give: TradeSide {
                lots: vec![SquareId(3)],
                cash: 0,
                jail_cards: 0,
            },
            take: TradeSide {
                lots: vec![],
                cash: 100,
                jail_cards: 0,
            },
        })
        .expect("an offer");
        assert_eq!(game.actor(), Some(PlayerId(1)), "Bea answers");
        assert_eq!(TurnTimer::Seconds30.clock_ms(&game), Some(15_000));
        assert_eq!(TurnTimer::Minute1.clock_ms(&game), Some(30_000));
        assert_eq!(TurnTimer::Minutes2.clock_ms(&game), Some(60_000));
        assert_eq!(
            TurnTimer::Day1.clock_ms(&game),
            Some(43_200_000),
            "half a day"
        );
    }

    #[test]
    fn three_misses_in_a_row_and_an_action_starts_the_count_afresh() {
        use worlds_engine::PlayerId;
        let mut clock = TurnClock::new(TurnTimer::Seconds30);
        assert!(!clock.missed(PlayerId(2)));
        assert!(!clock.missed(PlayerId(2)));
        clock.heard_from(PlayerId(2));
        assert_eq!(clock.misses_of(PlayerId(2)), 0);
        assert!(!clock.missed(PlayerId(2)));
        assert!(!clock.missed(PlayerId(2)));
        assert!(clock.missed(PlayerId(2)), "the third in a row");
        assert_eq!(clock.misses_of(PlayerId(1)), 0);
    }
}
