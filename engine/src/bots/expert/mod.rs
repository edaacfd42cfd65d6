//! The expert computer player ("expert"): plays to win, knowing only what a player at the
//! table knows.
//!
//! Its rules of thumb ([`choices`]) come from a valuation of every lot by the exact landing
//! probabilities of the board being played ([`valuation`], solved once per board and
//! cached): buy nearly everything, build to three houses fast, mortgage idle lots to build,
//! stay in jail once the board is dangerous, raise cash where it costs the least rent.
//! Every decision that matters (buying or not, bidding on or passing, leaving jail, what to
//! sell for a debt, the trades to offer, the answer to an offer) is then weighed by a
//! determinised Monte Carlo search ([`search`]): each candidate is played on from the
//! position many times, every play-out with the unseen cards and the dice dealt afresh, the
//! other seats by their own strategies. Trivial decisions are taken at once.
//!
//! The search spends a budget of play-outs per decision ([`Budget`]); a caller with a clock
//! may stop it earlier ([`ExpertThinking::conclude`], [`think`]): the engine never reads the
//! clock, so with a play-out budget alone every decision is deterministic (the play-outs
//! are seeded from what every player sees, never from the game's seed or generator). It
//! thinks in slices for the browser ([`ExpertThinking::step`]). The action returned is
//! always one [`Game::check`] accepts: anything else falls back to the balanced heuristic's
//! choice.

mod choices;
pub mod coach;
mod search;
mod trades;
pub mod valuation;

use super::{Heuristic, Strategy};
use crate::action::{Action, PlayerId};
use crate::game::Game;

use choices::{decide, Decision};
use search::{mix, public_seed, stripped, Search};
use trades::Counter;

/// Play-outs per decision at most, by default: about 100 ms of thinking natively (a
/// release build, one core), the most a clear decision never needs (the search stops as
/// soon as one candidate is clearly the best).
pub const DEFAULT_PLAYOUTS: u32 = 1200;
/// Rounds a play-out looks ahead by default.
pub const DEFAULT_HORIZON: u32 = 30;

/// How hard the expert thinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Play-outs per decision at most (0: never play out, rules of thumb only).
    pub playouts: u32,
    /// Rounds each play-out looks ahead.
    pub horizon: u32,
}

impl Budget {
    /// For a caller that neither slices the thinking nor stops it by a clock (a computer
    /// seat played straight through: Skip in the browser, the lab's tournaments, a room
    /// server's computers): about 10 to 20 ms a decision that matters natively.
    pub const QUICK: Budget = Budget {
        playouts: 150,
        horizon: DEFAULT_HORIZON,
    };
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            playouts: DEFAULT_PLAYOUTS,
            horizon: DEFAULT_HORIZON,
        }
    }
}

/// The expert computer player.
#[derive(Debug, Clone, Default)]
pub struct Expert {
    pub budget: Budget,
}

impl Expert {
    pub fn with_budget(budget: Budget) -> Expert {
        Expert { budget }
    }
}

impl Strategy for Expert {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&self, game: &Game, me: PlayerId) -> Action {
        think(game, me, self.budget, || false)
    }
}

/// `me`'s decision in `game`, thinking until the budget is spent or `out_of_time` says
/// so (asked between slices of a few play-outs; the caller's clock, as the engine has
/// none).
pub fn think(
    game: &Game,
    me: PlayerId,
    budget: Budget,
    mut out_of_time: impl FnMut() -> bool,
) -> Action {
    let mut t = ExpertThinking::with_budget(game, me, budget);
    loop {
        if let Some(a) = t.step(game, 8) {
            return a;
        }
        if out_of_time() {
            return t.conclude(game);
        }
    }
}

/// The expert's thinking about one decision, done in slices: make it with
/// [`ExpertThinking::new`] when the expert is to act, call [`ExpertThinking::step`] with
/// the same game and a number of work units (one unit is one play-out, about 50 to 150
/// microseconds natively) until it returns the action, or [`ExpertThinking::conclude`]
/// when there is no more time. A decision that needs no play-out is returned by the first
/// step.
pub struct ExpertThinking {
    me: PlayerId,
    budget: Budget,
    stage: Stage,
    /// Play-outs done by finished stages.
    spent: u32,
    /// How much better the play-outs rated the choice than the next best candidate.
    edge: Option<f64>,
}

enum Stage {
    /// The decision is made.
    Done(Action),
    /// Candidates (the first is the rule of thumb's choice) weighed by play-outs.
    Weighing(Box<Weighing>),
}

struct Weighing {
    search: Search,
    seed: u64,
    /// When the first candidate (declining an offer) wins: the counter-offer to weigh next.
    counter: Option<Box<Counter>>,
    /// When the second candidate wins, the action to take instead (the counter-offer whose
    /// acceptance the second candidate stands for).
    instead: Option<Action>,
}

/// How much better accepting an offer must play out than declining it.
const ANSWER_MARGIN: f64 = 0.005;

impl Weighing {
    /// Weighs declining against accepting the counter-offer as the person's offer.
    fn of_counter(counter: Counter, seed: u64, budget: Budget, me: PlayerId) -> Weighing {
        let seed = mix(seed, 0xC0);
        Weighing {
            search: Search::new(
                counter.base,
                me,
                vec![
                    Action::AnswerTrade { accept: false },
                    Action::AnswerTrade { accept: true },
                ],
                ANSWER_MARGIN,
                seed,
                budget.playouts,
                budget.horizon,
            ),
            seed,
            counter: None,
            instead: Some(counter.offer),
        }
    }
}

impl ExpertThinking {
    /// Starts thinking about `me`'s decision in `game` with the default budget.
    pub fn new(game: &Game, me: PlayerId) -> ExpertThinking {
        ExpertThinking::with_budget(game, me, Budget::default())
    }

    pub fn with_budget(game: &Game, me: PlayerId, budget: Budget) -> ExpertThinking {
        let seed = public_seed(game, me);
        let search = budget.playouts > 0;
        let stage = match decide(game, me, search) {
            Decision::Now(a) => Stage::Done(a),
            Decision::Weigh {
                candidates,
                margin,
                counter,
            } if search && candidates.len() > 1 => Stage::Weighing(Box::new(Weighing {
                search: Search::new(
                    stripped(game),
                    me,
                    candidates,
                    margin,
                    seed,
                    budget.playouts,
                    budget.horizon,
                ),
                seed,
                counter,
                instead: None,
            })),
            Decision::Weigh {
                counter: Some(counter),
                ..
            } if search => {
                Stage::Weighing(Box::new(Weighing::of_counter(*counter, seed, budget, me)))
            }
            Decision::Weigh { candidates, .. } => Stage::Done(
                candidates
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| fallback(game, me)),
            ),
        };
        ExpertThinking {
            me,
            budget,
            stage,
            spent: 0,
            edge: None,
        }
    }

    /// Whether this decision is weighed by play-outs (one that matters) rather than taken
    /// at once.
    pub fn is_weighed(&self) -> bool {
        matches!(self.stage, Stage::Weighing(_)) || self.spent > 0
    }

    /// Play-outs done so far.
    pub fn playouts(&self) -> u32 {
        self.spent
            + match &self.stage {
                Stage::Done(_) => 0,
                Stage::Weighing(w) => w.search.playouts(),
            }
    }

    /// Once decided by play-outs: how much better they rated the choice than the next best
    /// candidate (as a share of the table's wealth some rounds on, 1 for a won game).
    pub fn edge(&self) -> Option<f64> {
        self.edge
    }

    /// Work units (play-outs) still to do at most.
    pub fn remaining(&self) -> u32 {
        match &self.stage {
            Stage::Done(_) => 0,
            Stage::Weighing(w) => {
                let next = if w.counter.is_some() {
                    self.budget.playouts
                } else {
                    0
                };
                w.search.remaining() + next
            }
        }
    }

    /// Does at most `work` play-outs; returns the action once the thinking is done (a legal
    /// action of `game`, which must be the game the thinking started from).
    pub fn step(&mut self, game: &Game, work: u32) -> Option<Action> {
        let mut left = work.max(1);
        while let Stage::Weighing(w) = &mut self.stage {
            left = left.saturating_sub(w.search.step(left));
            if !w.search.is_done() {
                if left == 0 {
                    return None;
                }
                continue;
            }
            self.settle(true);
        }
        self.action(game)
    }

    /// Stops thinking: the best choice by the play-outs done so far (a counter-offer not
    /// weighed yet is not made).
    pub fn conclude(&mut self, game: &Game) -> Action {
        while let Stage::Weighing(_) = self.stage {
            self.settle(false);
        }
        self.action(game).unwrap_or_else(|| fallback(game, self.me))
    }

    /// Takes the search's choice; when declining wins and a counter-offer waits (and
    /// `further`), weighs that next.
    fn settle(&mut self, further: bool) {
        let Stage::Weighing(w) = &mut self.stage else {
            return;
        };
        let best = w.search.best();
        self.spent += w.search.playouts();
        if best == 0 && further {
            if let Some(counter) = w.counter.take() {
                let next = Weighing::of_counter(*counter, w.seed, self.budget, self.me);
                self.stage = Stage::Weighing(Box::new(next));
                return;
            }
        }
        self.edge = w.search.edge(best);
        let a = match w.instead.take() {
            Some(instead) if best == 1 => instead,
            _ => w.search.candidates.swap_remove(best),
        };
        self.stage = Stage::Done(a);
    }

    fn action(&self, game: &Game) -> Option<Action> {
        match &self.stage {
            Stage::Done(a) => Some(if game.allows(a) {
                a.clone()
            } else {
                fallback(game, self.me)
            }),
            Stage::Weighing(_) => None,
        }
    }
}

/// The balanced heuristic's choice if legal, else the first legal action other than
/// resigning.
fn fallback(game: &Game, me: PlayerId) -> Action {
    let a = Heuristic::balanced().choose(game, me);
    if game.allows(&a) {
        return a;
    }
    let legal = game.legal_actions();
    legal
        .iter()
        .find(|a| !matches!(a, Action::Resign { .. }))
        .or(legal.first())
        .cloned()
        .unwrap_or(Action::Resign { player: me })
}

#[cfg(test)]
mod fairness {
    use super::*;
    use crate::game::{ComputerStrategy, GameSetup, Seat};
    use crate::Preset;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Issue 29: the expert knows only what a player at the table knows. Two games that
    /// differ only in what is still random (the order of the undrawn cards, the generator,
    /// the seed) get the same decision, at every decision of a whole game.
    #[test]
    fn the_expert_decides_the_same_whatever_the_undrawn_cards_and_the_dice_to_come() {
        let seats = vec![
            Seat::computer("Ex", ComputerStrategy::Expert),
            Seat::computer("Ba", ComputerStrategy::Balanced),
            Seat::computer("Ra", ComputerStrategy::Random),
        ];
        let mut game =
            Game::new(GameSetup::new(Preset::Classic.board(), seats, 11)).expect("a game");
        let expert = Expert::with_budget(Budget {
            playouts: 24,
            horizon: 8,
        });
        let balanced = Heuristic::balanced();
        let random = crate::bots::RandomPlayer::default();
        let mut compared = 0;
        for _ in 0..1_500 {
            let Some(p) = game.actor() else { break };
            let action = match p.index() {
                0 => {
                    let mut other = game.clone();
                    other.decks.chance.make_contiguous().reverse();
                    other.decks.community_chest.make_contiguous().rotate_left(3);
                    other.chance = crate::game::Chance::Seeded(ChaCha8Rng::seed_from_u64(999));
                    other.setup.seed ^= 0xdead_beef;
                    let a = expert.choose(&game, p);
                    assert_eq!(
                        expert.choose(&other, p),
                        a,
                        "decision {compared} depends on a secret"
                    );
                    compared += 1;
                    a
                }
                1 => balanced.choose(&game, p),
                _ => random.choose(&game, p),
            };
            if !game.apply_quietly(action) {
                break;
            }
        }
        assert!(compared > 50, "the expert decided {compared} times");
    }
}
