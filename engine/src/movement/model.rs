//! The movement model: a board and a rule set reduced to what moves a token.
//!
//! [`Movement::turn`] plays one turn of one token. It mirrors `concerns/` (the game itself)
//! step for step: the same dice, doubles, highest-face extra roll, jail release and fine,
//! Go To Jail squares, the moving parts of cards (advance to a square, to the nearest
//! railroad or utility, move by N, go to jail) and Jokers (move by N, wait N turns). What
//! the dice and cards show comes from a [`Chance`] source, and what happens is reported to
//! a [`Observer`]; the simulation, the exact chain and the trace are three pairs of those.

use serde::{Deserialize, Serialize};

use crate::board::{Board, JokerEffect, SquareKind};
use crate::cards::{CardEffect, DeckKind};
use crate::movement::JailStrategy;
use crate::rules::{DoublesLimit, ExtraRoll, JailRelease, JailRules, RuleSet};

/// Cards and Jokers that keep moving the token stop after this many moves in one go
/// (only a deliberately looping deck gets there; the game would never end such a turn).
pub const MAX_CHAINED_MOVES: u8 = 64;

/// What a square does to a token that stops on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spot {
    Plain,
    GoToJail,
    /// Draws from deck 0 (Chance) or 1 (Community Chest).
    Deck(usize),
    JokerMove(i32),
    JokerWait(u32),
}

/// The moving part of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CardMove {
    Stay,
    AdvanceTo(usize),
    NearestRailroad,
    NearestUtility,
    MoveBy(i32),
    /// A move drawn from a range, each number of steps from `from` to `to` equally likely.
    MoveBetween(i32, i32),
    Jail,
}

/// How a turn begins (see [`Movement::turn_start`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Start {
    /// The token throws as on a plain turn.
    Rolls,
    /// The token throws to leave jail ([`Movement::jail_try`]).
    JailTry,
}

/// What follows a throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum After {
    Again,
    End,
}

/// A token's movement state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Token {
    pub position: usize,
    pub in_jail: bool,
    /// Failed tries to leave jail so far.
    pub jail_tries: u8,
    /// Turns still to miss (a Joker's "wait N turns").
    pub waiting: u32,
}

/// One throw of the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roll {
    pub dice: [u8; 4],
    pub count: u8,
    pub total: u32,
    pub double: bool,
    pub max_face: bool,
}

impl Roll {
    pub fn new(dice: &[u8], sides: u8) -> Roll {
        let mut d = [0u8; 4];
        for (x, &y) in d.iter_mut().zip(dice) {
            *x = y;
        }
        Roll::from_dice(d, dice.len().min(4) as u8, sides)
    }

    /// A throw of the first `count` (at most 4) of `dice`.
    #[inline]
    pub fn from_dice(dice: [u8; 4], count: u8, sides: u8) -> Roll {
        let count = count.min(4);
        let mut total = 0u32;
        let mut double = count >= 2;
        let mut max_face = true;
        for (i, &x) in dice.iter().enumerate() {
            if i < usize::from(count) {
                total += u32::from(x);
                double &= x == dice[0];
                max_face &= x == sides;
            }
        }
        Roll {
            dice,
            count,
            total,
            double,
            max_face,
        }
    }

    pub fn dice(&self) -> &[u8] {
        &self.dice[..usize::from(self.count)]
    }
}

/// Where dice and cards come from.
pub(crate) trait Chance {
    /// The next throw; `None` ends the turn unfinished (no dice left in a trace, or a path
    /// too unlikely to follow in the exact chain).
    fn roll(&mut self, m: &Movement) -> Option<Roll>;
    /// The index of the next card of `deck` (0 Chance, 1 Community Chest) of `len` cards.
    fn card(&mut self, deck: usize, len: usize) -> usize;
    /// One of `options` equally likely values (a card's move drawn from a range).
    fn pick(&mut self, options: usize) -> usize;
}

/// What happened, step by step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Note<'a> {
    TurnStarted,
    Rolled(&'a Roll),
    DoublesInARow(u8),
    TooManyDoubles,
    Moved {
        from: usize,
        to: usize,
        act: bool,
    },
    CardDrawn {
        deck: usize,
        index: usize,
    },
    SentToJail,
    StayedInJail {
        tries: u8,
    },
    LeftJail(&'static str),
    /// A token waiting on a Joker leaves (issue 31).
    StoppedWaiting(&'static str),
    WillWait(u32),
    TurnSkipped {
        remaining: u32,
    },
    RollAgain,
    /// The token stops here (the `landings` convention).
    Stop {
        square: usize,
        in_jail: bool,
    },
    /// The token rests here after a roll (the `rolls` convention).
    RollRest {
        square: usize,
        in_jail: bool,
    },
    /// The token rests here at the end of the turn (the `turns` convention).
    TurnRest {
        square: usize,
        in_jail: bool,
    },
}

pub(crate) trait Observer {
    fn note(&mut self, note: Note<'_>);
}

/// A board and rule set reduced to movement.
#[derive(Debug, Clone)]
pub struct Movement {
    pub(crate) names: Vec<String>,
    pub(crate) spots: Vec<Spot>,
    pub(crate) jail: Option<usize>,
    pub(crate) decks: [Vec<CardMove>; 2],
    pub(crate) card_texts: [Vec<String>; 2],
    pub(crate) nearest_railroad: Vec<Option<usize>>,
    pub(crate) nearest_utility: Vec<Option<usize>>,
    pub(crate) dice_count: u8,
    pub(crate) dice_sides: u8,
    pub(crate) extra_roll: ExtraRoll,
    pub(crate) jail_rules: JailRules,
    pub(crate) jail_strategy: JailStrategy,
    /// `skip_bonus_squares_after_bonus`: bonus squares do nothing once a bonus was taken.
    pub(crate) skip_bonus_squares: bool,
    /// Per square: a bonus square (Chance, Community Chest, Joker, Go to Jail).
    pub(crate) bonus_square: Vec<bool>,
    /// Per square: acting on it pays a bonus (a Joker with a money gain).
    pub(crate) bonus_gain: Vec<bool>,
    /// The salary, and its multiplier for landing on the start (a bonus when above 0).
    pub(crate) salary: i64,
    pub(crate) salary_on_landing_multiplier: u32,
}

fn nearest(board: &Board, pred: fn(&SquareKind) -> bool) -> Vec<Option<usize>> {
    let n = board.len();
    (0..n)
        .map(|from| {
            (1..=n)
                .map(|k| (from + k) % n)
                .find(|&i| pred(&board.square(i).kind))
        })
        .collect()
}

impl Movement {
    /// The movement of `board` under `rules` (the board's own or changed in the lobby).
    pub fn new(board: &Board, rules: &RuleSet, jail_strategy: JailStrategy) -> Movement {
        let spots = board
            .squares()
            .iter()
            .map(|s| match &s.kind {
                SquareKind::GoToJail => Spot::GoToJail,
                SquareKind::Chance => Spot::Deck(0),
                SquareKind::CommunityChest => Spot::Deck(1),
                kind => match JokerEffect::of(kind) {
                    Some(JokerEffect::Move(m)) => Spot::JokerMove(m),
                    Some(JokerEffect::Wait(w)) => Spot::JokerWait(w),
                    _ => Spot::Plain,
                },
            })
            .collect();
        let deck = |kind: DeckKind| -> Vec<CardMove> {
            board
                .deck(kind)
                .iter()
                .map(|c| match c.effect {
                    CardEffect::AdvanceTo { square } => CardMove::AdvanceTo(square),
                    CardEffect::AdvanceToNearestRailroad { .. } => CardMove::NearestRailroad,
                    CardEffect::AdvanceToNearestUtility { .. } => CardMove::NearestUtility,
                    CardEffect::MoveBy { steps } if steps.is_range() => {
                        CardMove::MoveBetween(steps.low(), steps.high())
                    }
                    CardEffect::MoveBy { steps } => CardMove::MoveBy(steps.low()),
                    CardEffect::GoToJail => CardMove::Jail,
                    _ => CardMove::Stay,
                })
                .collect()
        };
        let texts = |kind: DeckKind| -> Vec<String> {
            board
                .deck(kind)
                .iter()
                .map(|c| board.currency().fill_in(&c.text))
                .collect()
        };
        Movement {
            names: board.squares().iter().map(|s| s.name.clone()).collect(),
            spots,
            jail: board.jail(),
            decks: [deck(DeckKind::Chance), deck(DeckKind::CommunityChest)],
            card_texts: [texts(DeckKind::Chance), texts(DeckKind::CommunityChest)],
            nearest_railroad: nearest(board, |k| matches!(k, SquareKind::Railroad { .. })),
            nearest_utility: nearest(board, |k| matches!(k, SquareKind::Utility { .. })),
            dice_count: rules.dice_count.clamp(1, 4),
            dice_sides: rules.dice_sides.max(1),
            extra_roll: rules.extra_roll,
            jail_rules: rules.jail,
            jail_strategy,
            skip_bonus_squares: rules.skip_bonus_squares_after_bonus,
            bonus_square: board
                .squares()
                .iter()
                .map(|s| s.kind.is_bonus_square())
                .collect(),
            bonus_gain: board
                .squares()
                .iter()
                .map(|s| matches!(s.kind, SquareKind::Joker { money, .. } if money > 0))
                .collect(),
            salary: rules.salary,
            salary_on_landing_multiplier: rules.salary_on_landing_multiplier,
        }
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.spots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spots.is_empty()
    }

    /// The jail square, if the board has one.
    pub fn jail(&self) -> Option<usize> {
        self.jail
    }

    /// Square names in board order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Every outcome of a throw as (total, double, highest face, probability), each
    /// combination once.
    pub fn roll_outcomes(&self) -> Vec<(Roll, f64)> {
        let sides = self.dice_sides;
        let count = usize::from(self.dice_count);
        let mut out: Vec<(Roll, f64)> = Vec::new();
        let mut dice = vec![1u8; count];
        let p = (f64::from(sides)).powi(-(count as i32));
        loop {
            let r = Roll::new(&dice, sides);
            match out.iter_mut().find(|(o, _)| {
                o.total == r.total && o.double == r.double && o.max_face == r.max_face
            }) {
                Some((_, q)) => *q += p,
                None => out.push((r, p)),
            }
            // Next combination (odometer).
            let mut i = 0;
            loop {
                if i == count {
                    return out;
                }
                if dice[i] < sides {
                    dice[i] += 1;
                    break;
                }
                dice[i] = 1;
                i += 1;
            }
        }
    }

    /// Expected dice total of one throw.
    pub fn expected_total(&self) -> f64 {
        f64::from(self.dice_count) * (f64::from(self.dice_sides) + 1.0) / 2.0
    }

    /// Plays one turn of `t`. `None`: the source ran out (the turn is unfinished).
    pub(crate) fn turn<C: Chance, O: Observer>(
        &self,
        t: &mut Token,
        chance: &mut C,
        obs: &mut O,
    ) -> Option<()> {
        obs.note(Note::TurnStarted);
        // A bonus taken this turn (salary or a Joker's gain), for `skip_bonus_squares`.
        let mut bonus = false;
        let bonus = &mut bonus;
        match self.turn_start(t, obs) {
            Start::Rolls => {}
            Start::JailTry => {
                let r = chance.roll(self)?;
                if self.jail_try(t, &r, bonus, chance, obs) == After::End {
                    return Some(());
                }
            }
        }
        let mut doubles = 0u8;
        loop {
            let r = chance.roll(self)?;
            if self.roll_step(t, &r, &mut doubles, bonus, chance, obs) == After::End {
                break;
            }
        }
        self.rest_turn(t, obs, false);
        Some(())
    }

    /// The start of a turn, before any throw: a jailed token, or one waiting on a Joker
    /// (held as in jail, issue 31), pays the fine (the `leave` strategy) or tries its luck.
    pub(crate) fn turn_start<O: Observer>(&self, t: &mut Token, obs: &mut O) -> Start {
        if t.waiting > 0 && !t.in_jail {
            if self.jail_strategy == JailStrategy::Leave && self.jail_rules.fine.is_some() {
                t.waiting = 0;
                obs.note(Note::StoppedWaiting("pays the fine before rolling"));
                return Start::Rolls;
            }
            return Start::JailTry;
        }
        if t.in_jail {
            let pays = self.jail_strategy == JailStrategy::Leave && self.jail_rules.fine.is_some();
            if pays {
                self.free(t, obs, "pays the fine before rolling");
            } else {
                return Start::JailTry;
            }
        }
        Start::Rolls
    }

    /// Counts a failed try to leave jail; `true` when it was the last one allowed (the fine
    /// is then paid and the token moves by that roll, under every release rule).
    fn failed_try(&self, t: &mut Token) -> (u8, bool) {
        t.jail_tries = t.jail_tries.saturating_add(1);
        let tries = t.jail_tries;
        (tries, self.jail_rules.max_tries.is_some_and(|m| tries >= m))
    }

    /// The throw of a token in jail (or waiting on a Joker: [`Movement::wait_try`]). `End`:
    /// the turn is over (the turn's end is noted); `Again`: it left jail and rolls on as on
    /// a plain turn.
    pub(crate) fn jail_try<C: Chance, O: Observer>(
        &self,
        t: &mut Token,
        r: &Roll,
        bonus: &mut bool,
        chance: &mut C,
        obs: &mut O,
    ) -> After {
        if !t.in_jail {
            return self.wait_try(t, r, bonus, chance, obs);
        }
        obs.note(Note::Rolled(r));
        let steps = i32::try_from(r.total).unwrap_or(0);
        match self.jail_rules.release {
            JailRelease::Doubles => {
                if r.double {
                    self.free(t, obs, "rolls doubles and moves, without rolling again");
                    self.move_by(t, steps, true, 0, bonus, chance, obs);
                } else {
                    let (tries, last) = self.failed_try(t);
                    if last {
                        self.free(t, obs, "pays the fine after the last try and moves");
                        self.move_by(t, steps, true, 0, bonus, chance, obs);
                    } else {
                        obs.note(Note::StayedInJail { tries });
                        self.rest_roll(t, obs);
                        self.rest_turn(t, obs, true);
                        return After::End;
                    }
                }
                self.rest_roll(t, obs);
                self.rest_turn(t, obs, false);
                After::End
            }
            JailRelease::MaxFace => {
                if r.max_face {
                    self.free(t, obs, "rolls the highest face and rolls again");
                    self.rest_roll(t, obs);
                    obs.note(Note::RollAgain);
                    After::Again
                } else {
                    let (tries, last) = self.failed_try(t);
                    if last {
                        self.free(t, obs, "pays the fine after the last try and moves");
                        self.move_by(t, steps, true, 0, bonus, chance, obs);
                        self.rest_roll(t, obs);
                        self.rest_turn(t, obs, false);
                        return After::End;
                    }
                    obs.note(Note::StayedInJail { tries });
                    self.rest_roll(t, obs);
                    self.rest_turn(t, obs, true);
                    After::End
                }
            }
        }
    }

    /// The throw of a token waiting on a Joker, held as in jail: the jail's release rule
    /// frees it (doubles: it moves by them, without rolling again; the highest face: it rolls
    /// again), else the turn is waited out. No last try, no fine after it.
    fn wait_try<C: Chance, O: Observer>(
        &self,
        t: &mut Token,
        r: &Roll,
        bonus: &mut bool,
        chance: &mut C,
        obs: &mut O,
    ) -> After {
        obs.note(Note::Rolled(r));
        let steps = i32::try_from(r.total).unwrap_or(0);
        let freed = match self.jail_rules.release {
            JailRelease::Doubles => r.double,
            JailRelease::MaxFace => r.max_face,
        };
        if !freed {
            t.waiting -= 1;
            obs.note(Note::TurnSkipped {
                remaining: t.waiting,
            });
            self.rest_roll(t, obs);
            self.rest_turn(t, obs, true);
            return After::End;
        }
        t.waiting = 0;
        match self.jail_rules.release {
            JailRelease::Doubles => {
                obs.note(Note::StoppedWaiting(
                    "rolls doubles and moves, without rolling again",
                ));
                self.move_by(t, steps, true, 0, bonus, chance, obs);
                self.rest_roll(t, obs);
                self.rest_turn(t, obs, false);
                After::End
            }
            JailRelease::MaxFace => {
                obs.note(Note::StoppedWaiting(
                    "rolls the highest face and rolls again",
                ));
                self.rest_roll(t, obs);
                obs.note(Note::RollAgain);
                After::Again
            }
        }
    }

    /// One throw of a plain turn and its move. `Again`: the token rolls again; `End`: the
    /// throws are over (the caller notes the turn's end).
    pub(crate) fn roll_step<C: Chance, O: Observer>(
        &self,
        t: &mut Token,
        r: &Roll,
        doubles: &mut u8,
        bonus: &mut bool,
        chance: &mut C,
        obs: &mut O,
    ) -> After {
        obs.note(Note::Rolled(r));
        let mut again = false;
        let mut act = true;
        match self.extra_roll {
            ExtraRoll::None => {}
            ExtraRoll::Doubles { limit, on_limit } => {
                if r.double {
                    *doubles = doubles.saturating_add(1);
                    obs.note(Note::DoublesInARow(*doubles));
                    if *doubles >= limit {
                        match on_limit {
                            DoublesLimit::Jail => {
                                self.send_to_jail(t, obs);
                            }
                            DoublesLimit::EndTurn => obs.note(Note::TooManyDoubles),
                        }
                        self.rest_roll(t, obs);
                        return After::End;
                    }
                    again = true;
                }
            }
            ExtraRoll::MaxFace => {
                if r.max_face {
                    again = true;
                    act = false;
                }
            }
        }
        let steps = i32::try_from(r.total).unwrap_or(0);
        self.move_by(t, steps, act, 0, bonus, chance, obs);
        self.rest_roll(t, obs);
        // Jail, or a Joker's wait (issue 31), ends the rolls.
        if again && !t.in_jail && t.waiting == 0 {
            obs.note(Note::RollAgain);
            return After::Again;
        }
        After::End
    }

    fn rest_roll<O: Observer>(&self, t: &Token, obs: &mut O) {
        obs.note(Note::RollRest {
            square: t.position,
            in_jail: t.in_jail,
        });
    }

    /// Ends the turn; `stayed`: the token did not move this turn (in jail or waiting), which
    /// counts once more as a stop.
    fn rest_turn<O: Observer>(&self, t: &Token, obs: &mut O, stayed: bool) {
        if stayed {
            obs.note(Note::Stop {
                square: t.position,
                in_jail: t.in_jail,
            });
        }
        obs.note(Note::TurnRest {
            square: t.position,
            in_jail: t.in_jail,
        });
    }

    fn free<O: Observer>(&self, t: &mut Token, obs: &mut O, how: &'static str) {
        t.in_jail = false;
        t.jail_tries = 0;
        obs.note(Note::LeftJail(how));
    }

    /// Sends the token to jail; on a board without a jail nothing happens (as in the game).
    fn send_to_jail<O: Observer>(&self, t: &mut Token, obs: &mut O) -> bool {
        let Some(j) = self.jail else {
            return false;
        };
        t.position = j;
        t.in_jail = true;
        t.jail_tries = 0;
        obs.note(Note::SentToJail);
        obs.note(Note::Stop {
            square: j,
            in_jail: true,
        });
        true
    }

    #[allow(clippy::too_many_arguments)]
    fn move_by<C: Chance, O: Observer>(
        &self,
        t: &mut Token,
        steps: i32,
        act: bool,
        depth: u8,
        bonus: &mut bool,
        chance: &mut C,
        obs: &mut O,
    ) {
        let n = self.spots.len() as i64;
        let from = t.position;
        let raw = from as i64 + i64::from(steps);
        // Without dividing in the common cases (a move of less than a lap).
        let (laps, to) = if (0..n).contains(&raw) {
            (0, raw)
        } else if raw >= n && raw < 2 * n {
            (1, raw - n)
        } else {
            (raw.div_euclid(n), raw.rem_euclid(n))
        };
        let to = to as usize;
        t.position = to;
        obs.note(Note::Moved { from, to, act });
        // The salary for each lap forward is a bonus (as `Game::move_by` pays it); a bonus
        // only matters under `skip_bonus_squares`.
        if self.skip_bonus_squares && steps > 0 && n > 0 && !*bonus {
            for lap in 0..laps {
                let mut amount = self.salary;
                if lap == laps - 1 && to == 0 && act {
                    amount *= i64::from(self.salary_on_landing_multiplier);
                }
                if amount > 0 {
                    *bonus = true;
                }
            }
        }
        if act {
            self.land(t, depth, bonus, chance, obs);
        }
    }

    fn advance_to<C: Chance, O: Observer>(
        &self,
        t: &mut Token,
        target: usize,
        depth: u8,
        bonus: &mut bool,
        chance: &mut C,
        obs: &mut O,
    ) {
        let n = self.spots.len();
        let steps = (target % n + n - t.position) % n;
        self.move_by(t, steps as i32, true, depth, bonus, chance, obs);
    }

    fn land<C: Chance, O: Observer>(
        &self,
        t: &mut Token,
        depth: u8,
        bonus: &mut bool,
        chance: &mut C,
        obs: &mut O,
    ) {
        let pos = t.position;
        let stop = Note::Stop {
            square: pos,
            in_jail: false,
        };
        if self.skip_bonus_squares && *bonus && self.bonus_square[pos] {
            obs.note(stop);
            return;
        }
        if self.skip_bonus_squares && self.bonus_gain[pos] {
            *bonus = true;
        }
        match self.spots[pos] {
            Spot::Plain => obs.note(stop),
            Spot::GoToJail => {
                if !self.send_to_jail(t, obs) {
                    obs.note(stop);
                }
            }
            Spot::JokerWait(w) => {
                obs.note(stop);
                t.waiting = t.waiting.saturating_add(w);
                obs.note(Note::WillWait(w));
            }
            Spot::JokerMove(m) => {
                obs.note(stop);
                if depth < MAX_CHAINED_MOVES {
                    self.move_by(t, m, true, depth + 1, bonus, chance, obs);
                }
            }
            Spot::Deck(d) => {
                obs.note(stop);
                let len = self.decks[d].len();
                if len == 0 || depth >= MAX_CHAINED_MOVES {
                    return;
                }
                let index = chance.card(d, len).min(len - 1);
                obs.note(Note::CardDrawn { deck: d, index });
                let depth = depth + 1;
                match self.decks[d][index] {
                    CardMove::Stay => {}
                    CardMove::Jail => {
                        self.send_to_jail(t, obs);
                    }
                    CardMove::AdvanceTo(s) => {
                        self.advance_to(t, s, depth, bonus, chance, obs);
                    }
                    CardMove::NearestRailroad => {
                        if let Some(s) = self.nearest_railroad[pos] {
                            self.advance_to(t, s, depth, bonus, chance, obs);
                        }
                    }
                    CardMove::NearestUtility => {
                        if let Some(s) = self.nearest_utility[pos] {
                            self.advance_to(t, s, depth, bonus, chance, obs);
                        }
                    }
                    CardMove::MoveBy(s) => self.move_by(t, s, true, depth, bonus, chance, obs),
                    CardMove::MoveBetween(from, to) => {
                        let options = (to - from).unsigned_abs() as usize + 1;
                        let k = chance.pick(options).min(options - 1) as i32;
                        self.move_by(t, from + k, true, depth, bonus, chance, obs)
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::Preset;

    #[test]
    fn two_six_sided_dice_have_eleven_totals_and_six_doubles() {
        let b = Preset::Classic.board();
        let m = Movement::new(&b, b.rules(), JailStrategy::Stay);
        let out = m.roll_outcomes();
        let total: f64 = out.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let doubles: f64 = out.iter().filter(|(r, _)| r.double).map(|(_, p)| p).sum();
        assert!((doubles - 1.0 / 6.0).abs() < 1e-12);
        let seven: f64 = out
            .iter()
            .filter(|(r, _)| r.total == 7)
            .map(|(_, p)| p)
            .sum();
        assert!((seven - 6.0 / 36.0).abs() < 1e-12);
        assert!((m.expected_total() - 7.0).abs() < 1e-12);
    }

    struct Dice(Vec<u8>);
    impl Chance for Dice {
        fn roll(&mut self, m: &Movement) -> Option<Roll> {
            if self.0.is_empty() {
                return None;
            }
            let d = self.0.remove(0);
            Some(Roll::new(&[d], m.dice_sides))
        }
        fn card(&mut self, _deck: usize, _len: usize) -> usize {
            0
        }
        fn pick(&mut self, _options: usize) -> usize {
            0
        }
    }
    struct Quiet;
    impl Observer for Quiet {
        fn note(&mut self, _note: Note<'_>) {}
    }

    fn campus_turn(rules: &RuleSet, start: Token, dice: &[u8]) -> Token {
        let b = Preset::Campus.board();
        let m = Movement::new(&b, rules, JailStrategy::Stay);
        let mut t = start;
        m.turn(&mut t, &mut Dice(dice.to_vec()), &mut Quiet)
            .expect("enough dice");
        t
    }

    #[test]
    fn campus_bonus_squares_do_nothing_after_go_in_the_model() {
        let b = Preset::Campus.board();
        let at = |position| Token {
            position,
            ..Token::default()
        };
        // AMBS (13): 6, 6, 3 passes GO and ends on Go to Jail, which does nothing.
        let t = campus_turn(b.rules(), at(13), &[6, 6, 3]);
        assert_eq!((t.position, t.in_jail), (12, false));
        // 6, 6, 1 ends on Chance 2 (move 3), which does nothing.
        assert_eq!(campus_turn(b.rules(), at(13), &[6, 6, 1]).position, 10);
        // Without the switch both act.
        let mut off = b.rules().clone();
        off.skip_bonus_squares_after_bonus = false;
        let t = campus_turn(&off, at(13), &[6, 6, 3]);
        assert_eq!((t.position, t.in_jail), (4, true));
        assert_eq!(campus_turn(&off, at(13), &[6, 6, 1]).position, 13);
        // Without passing GO, Go to Jail acts.
        let t = campus_turn(b.rules(), at(10), &[2]);
        assert_eq!((t.position, t.in_jail), (4, true));
    }

    #[test]
    fn max_face_jail_honours_max_tries_in_the_model() {
        let b = Preset::Campus.board();
        let mut rules = b.rules().clone();
        rules.jail.fine = Some(50);
        rules.jail.max_tries = Some(2);
        let jailed = Token {
            position: 4,
            in_jail: true,
            ..Token::default()
        };
        let t = campus_turn(&rules, jailed, &[1]);
        assert_eq!((t.position, t.in_jail, t.jail_tries), (4, true, 1));
        let t = campus_turn(&rules, t, &[3]);
        assert_eq!((t.position, t.in_jail), (7, false));
    }

    #[test]
    fn classic_cards_keep_their_moves() {
        let b = Preset::Classic.board();
        let m = Movement::new(&b, b.rules(), JailStrategy::Stay);
        assert_eq!(m.decks[0][3], CardMove::AdvanceTo(39));
        assert_eq!(m.decks[0][8], CardMove::MoveBy(-3));
        assert_eq!(m.decks[1][1], CardMove::Jail);
        assert_eq!(m.nearest_railroad[36], Some(5));
        assert_eq!(m.nearest_utility[22], Some(28));
        assert_eq!(m.spots[30], Spot::GoToJail);
    }
}
