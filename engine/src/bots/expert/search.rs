//! The expert's search: determinised Monte Carlo over a few candidate actions.
//!
//! Each candidate is played on from the position many times. Every play-out deals the
//! future afresh, as a player at the table may imagine it: the undrawn cards are shuffled
//! from card order and the dice come from the play-out's own generator (never the game's
//! seed, generator, card order or forced dice), so two games that differ only in what is
//! still hidden are searched alike. The other seats play their own strategies (a person
//! is modelled as the balanced computer), the expert's seat its own rules of thumb
//! ([`super::choices::Rollout`]); a play-out runs a number of rounds (the horizon) and is
//! scored by the expert's share of the assets then (1 for a won game, 0 when bankrupt).
//!
//! Play-outs go round by round: in round `k` every candidate still in play gets one
//! play-out with the same dice and cards (common random numbers: the difference between
//! two candidates is the decision's, not the dice's). After each round a candidate that
//! the leader beats clearly (its paired differences' mean above 2.5 standard errors) is
//! dropped, and one that is as good as the leader within half a point is dropped too (the
//! choice between them does not matter), so a clear decision stops early and the play-outs
//! go to the close ones. The search stops when one candidate is left, when the play-out
//! budget is spent, or when its caller runs out of time ([`Search::best`] then names the
//! best over the rounds every remaining candidate has finished).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::choices::Rollout;
use crate::action::{Action, PlayerId};
use crate::bots::{Heuristic, RandomPlayer, Strategy};
use crate::event::Event;
use crate::game::{ComputerStrategy, Game, SeatKind};

/// Rounds every candidate plays before any is dropped.
const MIN_ROUNDS: u32 = 6;
/// How many standard errors of the paired differences make a candidate clearly worse.
const CLEARLY: f64 = 2.5;
/// How many standard errors another candidate must beat the rule of thumb's choice by to be
/// taken instead (one-sided, about 95%).
const SURE: f64 = 1.65;
/// Two candidates this close (in share of the assets, with the upper end of the
/// difference's interval below it) are as good as each other.
const ALIKE: f64 = 0.005;

/// One decision's search.
pub(super) struct Search {
    /// The position as the expert may know it (log and history trimmed).
    base: Game,
    me: PlayerId,
    pub(super) candidates: Vec<Action>,
    /// `scores[c][k]`: candidate `c`'s play-out in round `k`.
    scores: Vec<Vec<f32>>,
    live: Vec<bool>,
    /// Rounds finished by every live candidate.
    rounds: u32,
    /// The candidate to play next in the round under way.
    next: usize,
    seed: u64,
    horizon: u32,
    /// Play-outs left in the budget.
    left: u32,
    /// Added to the first candidate's (the rule of thumb's) score: another must beat it by
    /// this much.
    margin: f64,
    models: Vec<Box<dyn Strategy>>,
}

impl Search {
    pub(super) fn new(
        base: Game,
        me: PlayerId,
        candidates: Vec<Action>,
        margin: f64,
        seed: u64,
        playouts: u32,
        horizon: u32,
    ) -> Search {
        let n = candidates.len();
        let models = models(&base, me);
        Search {
            base,
            me,
            candidates,
            scores: vec![Vec::new(); n],
            live: vec![true; n],
            rounds: 0,
            next: 0,
            seed,
            horizon,
            left: playouts,
            margin,
            models,
        }
    }

    /// Candidates still in play.
    fn live_count(&self) -> usize {
        self.live.iter().filter(|&&l| l).count()
    }

    /// Whether the search has decided (one candidate left or the budget spent).
    pub(super) fn is_done(&self) -> bool {
        self.live_count() <= 1 || (self.left == 0 && self.next == 0)
    }

    /// Play-outs still to do at most.
    pub(super) fn remaining(&self) -> u32 {
        if self.is_done() {
            0
        } else {
            self.left
        }
    }

    /// Does at most `work` play-outs; the work done.
    pub(super) fn step(&mut self, work: u32) -> u32 {
        let mut done = 0;
        while done < work && !self.is_done() {
            if self.next == 0 && self.left < self.live_count() as u32 {
                // Not enough left for a whole round: the round would not be comparable.
                self.left = 0;
                break;
            }
            while self.next < self.candidates.len() && !self.live[self.next] {
                self.next += 1;
            }
            if self.next == self.candidates.len() {
                self.next = 0;
                self.rounds += 1;
                self.prune();
                continue;
            }
            let c = self.next;
            let seed = mix(self.seed, u64::from(self.rounds));
            let s = playout(
                &self.base,
                &self.candidates[c],
                self.me,
                seed,
                self.horizon,
                &self.models,
            );
            self.scores[c].push(s as f32);
            self.next += 1;
            self.left = self.left.saturating_sub(1);
            done += 1;
            if self.next == self.candidates.len() {
                self.next = 0;
                self.rounds += 1;
                self.prune();
            }
        }
        done
    }

    /// Mean of candidate `c` over the first `n` rounds, the margin included.
    fn mean(&self, c: usize, n: usize) -> f64 {
        let s: f64 = self.scores[c][..n].iter().map(|&x| f64::from(x)).sum();
        let bonus = if c == 0 { self.margin } else { 0.0 };
        s / n.max(1) as f64 + bonus
    }

    /// The live candidate with the best mean over the finished rounds.
    fn leader(&self, n: usize) -> usize {
        let mut best = None;
        for c in 0..self.candidates.len() {
            if !self.live[c] {
                continue;
            }
            if best.is_none_or(|(_, m)| self.mean(c, n) > m) {
                best = Some((c, self.mean(c, n)));
            }
        }
        best.map_or(0, |(c, _)| c)
    }

    /// Drops the candidates the leader clearly beats, and those as good as it.
    fn prune(&mut self) {
        let n = self.rounds as usize;
        if self.rounds < MIN_ROUNDS {
            return;
        }
        let lead = self.leader(n);
        for c in 0..self.candidates.len() {
            if c == lead || !self.live[c] {
                continue;
            }
            let (mean, se) = self.difference(lead, c, n);
            if mean > CLEARLY * se || mean + CLEARLY * se < ALIKE {
                self.live[c] = false;
            }
        }
    }

    /// The paired differences of candidate `a` over `b` in the first `n` rounds (margins
    /// included): their mean and its standard error.
    fn difference(&self, a: usize, b: usize, n: usize) -> (f64, f64) {
        let bonus = |x: usize| if x == 0 { self.margin } else { 0.0 };
        let d: Vec<f64> = (0..n)
            .map(|k| {
                f64::from(self.scores[a][k]) + bonus(a) - f64::from(self.scores[b][k]) - bonus(b)
            })
            .collect();
        let mean = d.iter().sum::<f64>() / n.max(1) as f64;
        if n < 2 {
            return (mean, f64::INFINITY);
        }
        let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
        (mean, (var / n as f64).sqrt())
    }

    /// The chosen candidate's index: the best over the rounds every live candidate has
    /// finished, if it beats the first (the rule of thumb) by more than the play-outs'
    /// noise; else the first.
    pub(super) fn best(&self) -> usize {
        let n = self.rounds as usize;
        if n == 0 {
            return 0;
        }
        let lead = self.leader(n);
        if lead == 0 || !self.live[0] {
            return lead;
        }
        let (mean, se) = self.difference(lead, 0, n);
        if mean > SURE * se {
            lead
        } else {
            0
        }
    }

    /// How much better candidate `c` played out than the best other candidate (each pair over
    /// the rounds both played, without the margin); `None` before any round.
    pub(super) fn edge(&self, c: usize) -> Option<f64> {
        let raw = |x: usize, n: usize| {
            self.scores[x][..n]
                .iter()
                .map(|&v| f64::from(v))
                .sum::<f64>()
                / n as f64
        };
        (0..self.candidates.len())
            .filter(|&o| o != c)
            .filter_map(|o| {
                let n = self.scores[c].len().min(self.scores[o].len());
                (n > 0).then(|| raw(c, n) - raw(o, n))
            })
            .min_by(f64::total_cmp)
    }

    /// Play-outs done so far.
    pub(super) fn playouts(&self) -> u32 {
        self.scores.iter().map(|s| s.len() as u32).sum()
    }
}

/// A seed for the play-outs from what every player at the table sees (cash, positions,
/// owners, buildings, the round, the number of actions), never from the game's own seed or
/// generator: two games that differ only in what is still random get the same play-outs.
pub(super) fn public_seed(game: &Game, me: PlayerId) -> u64 {
    let mut h = mix(u64::from(game.round()), game.history().len() as u64);
    h = mix(h, me.index() as u64);
    for p in game.players() {
        h = mix(h, p.cash as u64);
        h = mix(h, p.position as u64);
    }
    for (i, s) in game.squares().iter().enumerate() {
        if let Some(owner) = s.owner {
            h = mix(
                h,
                (i as u64) << 8 | owner.index() as u64 | u64::from(s.buildings.level()) << 16,
            );
        }
    }
    h
}

pub(super) fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The game with its history dropped and only the log the computers read kept (the
/// trade offers and lots changing hands of the last rounds, by which a computer does not
/// ask the same thing again too soon): cheap to clone, and nothing in the rules reads the
/// rest.
pub(super) fn stripped(game: &Game) -> Game {
    let mut g = game.clone();
    g.history.clear();
    let since = game
        .round()
        .saturating_sub(crate::bots::SAME_DEAL_ROUNDS + 1);
    g.log.retain(|e| {
        e.round >= since
            && matches!(
                e.event,
                Event::TradeProposed { .. } | Event::LotTransferred { .. } | Event::Bought { .. }
            )
    });
    g
}

/// What each seat plays in a play-out: its own strategy; the expert's seat (and any other
/// expert) its rules of thumb; a person the balanced heuristic.
pub(super) fn models(game: &Game, me: PlayerId) -> Vec<Box<dyn Strategy>> {
    game.players()
        .iter()
        .enumerate()
        .map(|(i, p)| -> Box<dyn Strategy> {
            match &p.kind {
                _ if i == me.index() => Box::new(Rollout::new(game)),
                SeatKind::Computer {
                    strategy: ComputerStrategy::Expert,
                } => Box::new(Rollout::new(game)),
                SeatKind::Computer {
                    strategy: ComputerStrategy::Cautious,
                } => Box::new(Heuristic::cautious()),
                SeatKind::Computer {
                    strategy: ComputerStrategy::Random,
                } => Box::new(RandomPlayer { salt: i as u64 + 1 }),
                _ => Box::new(Heuristic::balanced()),
            }
        })
        .collect()
}

/// Deals the hidden future afresh: the play-out's own dice, the undrawn cards shuffled
/// from card order, no dice fixed in advance, no seed of the game's.
pub(super) fn redeal(g: &mut Game, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // The seed a random computer draws its whims from is the game's secret too.
    g.setup.seed = mix(seed, 0x5EED);
    // Dice fixed in advance (a scenario's, or a rebuilt table copy's, which are the real
    // game's) are nobody's to know either: the play-out rolls its own.
    g.setup.forced_rolls.clear();
    // Shuffled from card order, so the real order (or a table's public copy's) plays no part.
    crate::sorting::sort(g.decks.chance.make_contiguous());
    crate::sorting::sort(g.decks.community_chest.make_contiguous());
    crate::game::shuffle(g.decks.chance.make_contiguous(), &mut rng);
    crate::game::shuffle(g.decks.community_chest.make_contiguous(), &mut rng);
    g.chance = crate::game::Chance::Seeded(rng);
}

/// Plays `first` then on for `horizon` rounds; the share of the assets `me` ends with (1
/// for a win, 0 when bankrupt).
pub(super) fn playout(
    base: &Game,
    first: &Action,
    me: PlayerId,
    seed: u64,
    horizon: u32,
    models: &[Box<dyn Strategy>],
) -> f64 {
    let mut g = base.clone();
    redeal(&mut g, seed);
    if !g.apply_quietly(first.clone()) {
        return 0.0;
    }
    let end = base.round().saturating_add(horizon);
    let mut n = 0;
    while n < 20_000 && g.round() < end {
        let Some(p) = g.actor() else { break };
        let a = models[p.index()].choose(&g, p);
        if !g.apply_quietly(a) {
            let Some(f) = g.legal_actions().into_iter().next() else {
                break;
            };
            if !g.apply_quietly(f) {
                break;
            }
        }
        n += 1;
    }
    score(&g, me)
}

/// `me`'s share of the assets of the players still in (1 for a won game, 0 out).
pub(super) fn score(g: &Game, me: PlayerId) -> f64 {
    if g.player(me).bankrupt {
        return 0.0;
    }
    if g.is_over() {
        if let Some(w) = g.winner() {
            return if w == me { 1.0 } else { 0.0 };
        }
    }
    let mine = g.assets(me).max(0) as f64;
    let all: f64 = g
        .active_players()
        .into_iter()
        .map(|p| g.assets(p).max(0) as f64)
        .sum();
    if all > 0.0 {
        mine / all
    } else {
        0.0
    }
}
