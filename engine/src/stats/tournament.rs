//! Computer-player tournaments: many full games between chosen strategies in chosen seats.
//!
//! Game `g` (0-based) is seeded with `seed + g`. Every game ends: at the rule set's round
//! limit, or, when the rules have none, at `round_cap` rounds, the richest player winning
//! (as [`Game::winner`] decides); a game still running after `max_actions` actions (a
//! safety net) is counted as `unfinished` and won by its leader. The browser runs a
//! [`Tournament`] in chunks ([`Tournament::run_chunk`]).
//!
//! With `rotate`, the seat list is rotated by the game's index: in game `g`, seat `s` is
//! played by entrant `(s + g) mod n` of the list, so every strategy sits in every seat
//! equally often (over a multiple of `n` games). The seat records then follow the
//! entrants (entry `i` of `seats` is the list's `i`-th strategy wherever it sat).
//! Each strategy's win rate comes with its 95% confidence interval (Wilson score).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::bots::{bot, play_out_with, strategy_by_name, Strategy, STRATEGY_NAMES};
use crate::game::{ComputerStrategy, Game, GameSetup, Seat, SetupError};
use crate::rules::RuleSet;
use crate::stats::simulate::Progress;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentConfig {
    pub games: u64,
    /// One strategy name per seat, in seat order.
    pub seats: Vec<String>,
    pub seed: u64,
    /// Rounds after which a game without a round limit of its own ends.
    pub round_cap: u32,
    /// Actions after which a game is abandoned (a safety net).
    pub max_actions: usize,
    /// Rotate the seat list by the game's index (see the module docs).
    #[serde(default)]
    pub rotate: bool,
}

impl Default for TournamentConfig {
    fn default() -> Self {
        TournamentConfig {
            games: 100,
            seats: vec!["balanced".into(), "cautious".into()],
            seed: 1,
            round_cap: 500,
            max_actions: 1_000_000,
            rotate: false,
        }
    }
}

/// A seat's record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatResult {
    pub seat: usize,
    pub strategy: String,
    pub wins: u64,
    pub win_rate: f64,
    pub bankruptcies: u64,
}

/// A strategy's record over every seat it played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StrategyResult {
    pub strategy: String,
    pub seats: usize,
    pub games_played: u64,
    pub wins: u64,
    /// Wins / games it played in (a strategy in two seats can win at most once a game).
    pub win_rate: f64,
    /// The 95% confidence interval of the win rate (Wilson score interval).
    pub ci_low: f64,
    pub ci_high: f64,
}

/// The Wilson score interval of `wins` out of `games` at 95% (z = 1.96): (low, high).
pub fn wilson_interval(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A bar of the game-length histogram: games that lasted `from..=to` rounds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LengthBin {
    pub from: u32,
    pub to: u32,
    pub games: u64,
}

/// Game lengths in rounds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameLengths {
    pub min: u32,
    pub median: f64,
    pub mean: f64,
    pub max: u32,
    pub histogram: Vec<LengthBin>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TournamentReport {
    pub board: String,
    pub games: u64,
    pub seed: u64,
    /// Games that ended with one player left.
    pub decided_by_bankruptcy: u64,
    /// Games that ended at the round limit (the richest player won).
    pub decided_by_round_limit: u64,
    pub unfinished: u64,
    pub round_limit: u32,
    pub seats: Vec<SeatResult>,
    pub strategies: Vec<StrategyResult>,
    pub lengths: GameLengths,
    /// Players gone bankrupt in all games.
    pub bankruptcies: u64,
}

/// Who plays a strategy's seats: a new player for each seat of each game (the built-in
/// [`bot`] unless the caller gives its own, as the CLI gives the expert a clock).
pub type Players<'a> = &'a (dyn Fn(ComputerStrategy) -> Box<dyn Strategy> + Sync);

/// How one game of a tournament ended.
#[derive(Debug, Clone)]
struct Outcome {
    over: bool,
    active: usize,
    winner: Option<usize>,
    bankrupt: Vec<bool>,
    rounds: u32,
    /// The game's index (for the rotation).
    index: u64,
}

/// A tournament that can run in chunks.
#[derive(Debug, Clone)]
pub struct Tournament {
    board: Arc<Board>,
    rules: RuleSet,
    config: TournamentConfig,
    done: u64,
    wins: Vec<u64>,
    bankrupt: Vec<u64>,
    lengths: Vec<u32>,
    by_bankruptcy: u64,
    by_limit: u64,
    unfinished: u64,
}

/// Why a tournament cannot be made or stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("unknown strategy '{name}': use {}", STRATEGY_NAMES.join(", "))]
    UnknownStrategy { name: String },
    #[error("this board takes {min} to {max} players; {given} seats given")]
    PlayerCount { min: u8, max: u8, given: usize },
    #[error("the round cap must be at least 1")]
    NoRounds,
    #[error("a tournament thread failed")]
    ThreadFailed,
    #[error("{0}")]
    Setup(#[from] SetupError),
}

impl Tournament {
    /// Checks the seats (known strategies, a player count the rules allow).
    pub fn new(
        board: &Board,
        rules: &RuleSet,
        config: TournamentConfig,
    ) -> Result<Tournament, TournamentError> {
        if let Some(s) = config.seats.iter().find(|s| strategy_by_name(s).is_none()) {
            return Err(TournamentError::UnknownStrategy { name: s.clone() });
        }
        let count = config.seats.len();
        if count < usize::from(rules.min_players) || count > usize::from(rules.max_players) {
            return Err(TournamentError::PlayerCount {
                min: rules.min_players,
                max: rules.max_players,
                given: count,
            });
        }
        if config.round_cap == 0 {
            return Err(TournamentError::NoRounds);
        }
        Ok(Tournament {
            board: Arc::new(board.clone()),
            rules: rules.clone(),
            wins: vec![0; count],
            bankrupt: vec![0; count],
            lengths: Vec::new(),
            done: 0,
            by_bankruptcy: 0,
            by_limit: 0,
            unfinished: 0,
            config,
        })
    }

    /// What it plays.
    pub fn config(&self) -> &TournamentConfig {
        &self.config
    }

    fn round_limit(&self) -> u32 {
        self.rules.round_limit.unwrap_or(self.config.round_cap)
    }

    /// Plays up to `games` more games.
    pub fn run_chunk(&mut self, games: u64) -> Result<Progress, TournamentError> {
        let end = self.config.games.min(self.done.saturating_add(games));
        while self.done < end {
            let outcome = self.play(self.done, &|s| bot(s))?;
            self.record(&outcome);
        }
        Ok(self.progress())
    }

    /// Plays the games still to play on `threads` threads (scoped), each game seeded by its
    /// index as always, and records them in index order: the result is the same whatever
    /// the number of threads. (Native only: the browser runs chunks.)
    pub fn run_on_threads(&mut self, threads: usize) -> Result<Progress, TournamentError> {
        self.run_on_threads_with(threads, &|s| bot(s))
    }

    /// [`Tournament::run_on_threads`] with the seats played by `players`.
    pub fn run_on_threads_with(
        &mut self,
        threads: usize,
        players: Players,
    ) -> Result<Progress, TournamentError> {
        let threads = threads.max(1) as u64;
        let (from, to) = (self.done, self.config.games);
        let this = &*self;
        let results: Vec<Result<Vec<Outcome>, TournamentError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    // Thread k plays the games from + k, from + k + threads, ...
                    scope.spawn(move || {
                        let mut out = Vec::new();
                        let mut g = from + k;
                        while g < to {
                            out.push(this.play(g, players)?);
                            g += threads;
                        }
                        Ok(out)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(Err(TournamentError::ThreadFailed)))
                .collect()
        });
        let mut per_thread = Vec::with_capacity(results.len());
        for r in results {
            per_thread.push(r?.into_iter());
        }
        for g in from..to {
            let k = ((g - from) % threads) as usize;
            if let Some(outcome) = per_thread[k].next() {
                self.record(&outcome);
            }
        }
        Ok(self.progress())
    }

    /// The entrant (index in the seat list) playing seat `seat` of game `index`.
    fn entrant(&self, index: u64, seat: usize) -> usize {
        let n = self.config.seats.len().max(1);
        if self.config.rotate {
            (seat + (index % n as u64) as usize) % n
        } else {
            seat
        }
    }

    /// Plays game `index` (seeded `seed + index`).
    fn play(&self, index: u64, players: Players) -> Result<Outcome, TournamentError> {
        let seats = (0..self.config.seats.len())
            .map(|i| (i, &self.config.seats[self.entrant(index, i)]))
            .map(|(i, s)| {
                // Names were checked when the tournament was made.
                let strategy = ComputerStrategy::from_name(s).unwrap_or_default();
                Seat::computer(&format!("Seat {} ({s})", i + 1), strategy)
            })
            .collect();
        let mut setup = GameSetup {
            board: self.board.clone(),
            rules: self.rules.clone(),
            seats,
            seed: self.config.seed.wrapping_add(index),
            forced_rolls: Vec::new(),
            deck_order: None,
            edition: crate::game::Edition::LATEST,
        };
        setup.rules.round_limit = Some(self.round_limit());
        let mut game = Game::new(setup)?;
        let strategies = (0..self.config.seats.len())
            .map(|i| {
                let s = &self.config.seats[self.entrant(index, i)];
                players(ComputerStrategy::from_name(s).unwrap_or_default())
            })
            .collect();
        play_out_with(&mut game, self.config.max_actions, strategies);
        Ok(Outcome {
            over: game.is_over(),
            active: game.active_players().len(),
            winner: game.winner().or_else(|| game.leader()).map(|w| w.index()),
            bankrupt: game.players().iter().map(|p| p.bankrupt).collect(),
            rounds: game.round(),
            index,
        })
    }

    fn record(&mut self, o: &Outcome) {
        if !o.over {
            self.unfinished += 1;
        } else if o.active <= 1 {
            self.by_bankruptcy += 1;
        } else {
            self.by_limit += 1;
        }
        if let Some(w) = o.winner {
            let e = self.entrant(o.index, w);
            self.wins[e] += 1;
        }
        for (i, &b) in o.bankrupt.iter().enumerate() {
            if b {
                let e = self.entrant(o.index, i);
                self.bankrupt[e] += 1;
            }
        }
        self.lengths.push(o.rounds);
        self.done += 1;
    }

    pub fn run(&mut self) -> Result<Progress, TournamentError> {
        self.run_chunk(u64::MAX)
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.done,
            total: self.config.games,
        }
    }

    pub fn is_done(&self) -> bool {
        self.done >= self.config.games
    }

    /// The results so far.
    pub fn result(&self) -> TournamentReport {
        let games = self.done;
        let rate = |w: u64, g: u64| if g == 0 { 0.0 } else { w as f64 / g as f64 };
        let seats = self
            .config
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatResult {
                seat: i + 1,
                strategy: s.clone(),
                wins: self.wins[i],
                win_rate: rate(self.wins[i], games),
                bankruptcies: self.bankrupt[i],
            })
            .collect();
        let mut strategies: Vec<StrategyResult> = Vec::new();
        for (i, s) in self.config.seats.iter().enumerate() {
            match strategies.iter_mut().find(|r| &r.strategy == s) {
                Some(r) => {
                    r.seats += 1;
                    r.wins += self.wins[i];
                }
                None => strategies.push(StrategyResult {
                    strategy: s.clone(),
                    seats: 1,
                    games_played: games,
                    wins: self.wins[i],
                    win_rate: 0.0,
                    ci_low: 0.0,
                    ci_high: 0.0,
                }),
            }
        }
        for r in strategies.iter_mut() {
            r.win_rate = rate(r.wins, r.games_played);
            (r.ci_low, r.ci_high) = wilson_interval(r.wins, r.games_played);
        }
        TournamentReport {
            board: self.board.name().to_string(),
            games,
            seed: self.config.seed,
            decided_by_bankruptcy: self.by_bankruptcy,
            decided_by_round_limit: self.by_limit,
            unfinished: self.unfinished,
            round_limit: self.round_limit(),
            seats,
            strategies,
            lengths: lengths_of(&self.lengths),
            bankruptcies: self.bankrupt.iter().sum(),
        }
    }
}

/// Shortest, median, mean and longest of the game lengths `v` (in rounds), and at most 10
/// equal bins (the lab's histogram uses them too).
pub fn lengths_of(v: &[u32]) -> GameLengths {
    if v.is_empty() {
        return GameLengths {
            min: 0,
            median: 0.0,
            mean: 0.0,
            max: 0,
            histogram: Vec::new(),
        };
    }
    let mut s = v.to_vec();
    crate::sorting::sort(&mut s);
    let k = s.len();
    let median = if k % 2 == 1 {
        f64::from(s[k / 2])
    } else {
        (f64::from(s[k / 2 - 1]) + f64::from(s[k / 2])) / 2.0
    };
    let (min, max) = (s[0], s[k - 1]);
    let width = (max - min) / 10 + 1;
    let mut histogram: Vec<LengthBin> = Vec::new();
    let mut from = min;
    while from <= max {
        let to = from.saturating_add(width - 1);
        let games = s.iter().filter(|&&x| x >= from && x <= to).count() as u64;
        histogram.push(LengthBin { from, to, games });
        match to.checked_add(1) {
            Some(next) => from = next,
            None => break,
        }
    }
    GameLengths {
        min,
        median,
        mean: s.iter().map(|&x| f64::from(x)).sum::<f64>() / k as f64,
        max,
        histogram,
    }
}

#[cfg(test)]
#[allow(clippy::disallowed_methods)] // tests may sort as they like
mod tests {
    use super::*;

    #[test]
    fn threads_do_not_change_the_result() {
        let board = crate::presets::Preset::Classic.board();
        let rules = board.rules().clone();
        let config = TournamentConfig {
            games: 13,
            seats: vec!["balanced".into(), "cautious".into(), "random".into()],
            seed: 7,
            round_cap: 60,
            ..TournamentConfig::default()
        };
        let mut one = Tournament::new(&board, &rules, config.clone()).expect("valid");
        one.run().expect("runs");
        for threads in [2, 3, 5] {
            let mut many = Tournament::new(&board, &rules, config.clone()).expect("valid");
            // A chunk first, as the browser would, then the rest on threads.
            many.run_chunk(2).expect("runs");
            many.run_on_threads(threads).expect("runs");
            assert_eq!(many.result(), one.result(), "{threads} threads");
        }
    }

    #[test]
    fn rotation_seats_every_strategy_everywhere_and_repeats() {
        let board = crate::presets::Preset::Classic.board();
        let rules = board.rules().clone();
        let config = TournamentConfig {
            games: 6,
            seats: vec!["balanced".into(), "random".into(), "cautious".into()],
            seed: 3,
            round_cap: 40,
            rotate: true,
            ..TournamentConfig::default()
        };
        let t = Tournament::new(&board, &rules, config.clone()).expect("valid");
        for e in 0..3 {
            let mut seats: Vec<usize> = (0..6)
                .flat_map(|g| (0..3).filter(move |&s| (s + g) % 3 == e))
                .collect();
            seats.sort_unstable();
            assert_eq!(seats, vec![0, 0, 1, 1, 2, 2], "entrant {e}");
            assert_eq!(t.entrant(4, 0), 1);
        }
        let mut one = Tournament::new(&board, &rules, config.clone()).expect("valid");
        one.run().expect("runs");
        let mut two = Tournament::new(&board, &rules, config).expect("valid");
        two.run_on_threads(2).expect("runs");
        assert_eq!(one.result(), two.result());
        let wins: u64 = one.result().strategies.iter().map(|s| s.wins).sum();
        assert_eq!(wins, 6);
    }

    #[test]
    fn wilson_interval_matches_known_values() {
        // 40 of 100: 0.3094 to 0.4980 (Wilson, z = 1.96).
        let (lo, hi) = wilson_interval(40, 100);
        assert!(
            (lo - 0.3094).abs() < 1e-3 && (hi - 0.4980).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
    }

    #[test]
    fn lengths_summarise_and_bin_every_game() {
        let l = lengths_of(&[10, 20, 30, 40]);
        assert_eq!((l.min, l.max), (10, 40));
        assert_eq!(l.median, 25.0);
        assert_eq!(l.mean, 25.0);
        assert_eq!(l.histogram.iter().map(|b| b.games).sum::<u64>(), 4);
        assert_eq!(l.histogram.first().map(|b| b.from), Some(10));
        assert!(l.histogram.len() <= 10);
    }
}
