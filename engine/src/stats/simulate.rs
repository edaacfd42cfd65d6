//! Monte Carlo movement: N games x T turns x P players, seeded.
//!
//! Players of one game share the decks (a shuffled deck is one deck for the table); tokens
//! start on the start square. All three counting conventions are tallied at once, so one
//! run can be reported under any of them. The browser runs a [`Simulation`] in chunks
//! ([`Simulation::step`]) and shows progress; the result does not depend on the chunks.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::rules::RuleSet;
use crate::stats::model::{Chance, Movement, Note, Observer, Roll, Token};
use crate::stats::{Count, Decks, JailStrategy};

/// What to simulate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SimulationConfig {
    pub games: u64,
    /// Turns per player per game.
    pub turns: u32,
    pub players: u32,
    pub seed: u64,
    /// The convention [`Simulation::result`] reports.
    pub count: Count,
    pub decks: Decks,
    pub jail: JailStrategy,
}

impl Default for SimulationConfig {
    fn default() -> Self {
        SimulationConfig {
            games: 1000,
            turns: 100,
            players: 2,
            seed: 1,
            count: Count::Landings,
            decks: Decks::Shuffled,
            jail: JailStrategy::Stay,
        }
    }
}

/// Counts per square under one convention; the jail square's count holds both in jail and
/// just visiting, `in_jail` the first part.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub squares: Vec<u64>,
    pub in_jail: u64,
}

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            squares: vec![0; n],
            in_jail: 0,
        }
    }

    #[inline]
    fn add(&mut self, square: usize, in_jail: bool) {
        self.squares[square] += 1;
        self.in_jail += u64::from(in_jail);
    }

    pub fn total(&self) -> u64 {
        self.squares.iter().sum()
    }
}

/// The three tallies, the rolls and the turns.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tallies {
    pub landings: Tally,
    pub rolls: Tally,
    pub turns: Tally,
    pub roll_count: u64,
    pub turn_count: u64,
}

impl Tallies {
    pub fn new(n: usize) -> Tallies {
        Tallies {
            landings: Tally::new(n),
            rolls: Tally::new(n),
            turns: Tally::new(n),
            roll_count: 0,
            turn_count: 0,
        }
    }

    pub fn get(&self, count: Count) -> &Tally {
        match count {
            Count::Landings => &self.landings,
            Count::Rolls => &self.rolls,
            Count::Turns => &self.turns,
        }
    }
}

impl Observer for Tallies {
    #[inline]
    fn note(&mut self, note: Note<'_>) {
        match note {
            Note::Stop { square, in_jail } => self.landings.add(square, in_jail),
            Note::RollRest { square, in_jail } => {
                self.rolls.add(square, in_jail);
                self.roll_count += 1;
            }
            Note::TurnRest { square, in_jail } => {
                self.turns.add(square, in_jail);
                self.turn_count += 1;
            }
            _ => {}
        }
    }
}

/// Seeded dice and the table's two decks.
#[derive(Clone)]
struct TableChance {
    rng: ChaCha8Rng,
    decks: Decks,
    order: [Vec<usize>; 2],
    next: [usize; 2],
}

impl TableChance {
    fn new_game(&mut self) {
        // Force a fresh shuffle at the first draw of each deck.
        self.next = [usize::MAX; 2];
    }
}

impl Chance for TableChance {
    #[inline]
    fn roll(&mut self, m: &Movement) -> Option<Roll> {
        let sides = m.dice_sides;
        if m.dice_count == 2 {
            // The common case, without going through memory.
            let a = self.rng.random_range(1..=sides);
            let b = self.rng.random_range(1..=sides);
            return Some(Roll {
                dice: [a, b, 0, 0],
                count: 2,
                total: u32::from(a) + u32::from(b),
                double: a == b,
                max_face: a == sides && b == sides,
            });
        }
        let mut dice = [0u8; 4];
        let count = usize::from(m.dice_count);
        for d in dice.iter_mut().take(count) {
            *d = self.rng.random_range(1..=m.dice_sides);
        }
        Some(Roll::from_dice(dice, m.dice_count, m.dice_sides))
    }

    fn card(&mut self, deck: usize, len: usize) -> usize {
        match self.decks {
            Decks::Random => self.rng.random_range(0..len),
            Decks::Shuffled => {
                let order = &mut self.order[deck];
                if order.len() != len || self.next[deck] >= len {
                    order.clear();
                    order.extend(0..len);
                    for i in (1..len).rev() {
                        let j = self.rng.random_range(0..=i);
                        order.swap(i, j);
                    }
                    self.next[deck] = 0;
                }
                let card = order[self.next[deck]];
                self.next[deck] += 1;
                card
            }
        }
    }
}

/// A movement simulation that can run in chunks.
#[derive(Clone)]
pub struct Simulation {
    config: SimulationConfig,
    board_name: String,
    movement: Movement,
    chance: TableChance,
    games_done: u64,
    tallies: Tallies,
    tokens: Vec<Token>,
}

/// Progress of a run in chunks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

impl Simulation {
    /// A simulation of `board` under `rules` (the board's own, or changed in the lobby).
    pub fn new(board: &Board, rules: &RuleSet, config: SimulationConfig) -> Simulation {
        let movement = Movement::new(board, rules, config.jail);
        let n = movement.len();
        Simulation {
            chance: TableChance {
                rng: ChaCha8Rng::seed_from_u64(config.seed),
                decks: config.decks,
                order: [Vec::new(), Vec::new()],
                next: [usize::MAX; 2],
            },
            board_name: board.name().to_string(),
            tallies: Tallies::new(n),
            tokens: Vec::new(),
            games_done: 0,
            movement,
            config,
        }
    }

    pub fn config(&self) -> &SimulationConfig {
        &self.config
    }

    /// Plays up to `games` more games; returns the progress.
    pub fn step(&mut self, games: u64) -> Progress {
        let players = self.config.players.max(1) as usize;
        let end = self.config.games.min(self.games_done.saturating_add(games));
        while self.games_done < end {
            self.chance.new_game();
            self.tokens.clear();
            self.tokens.resize(players, Token::default());
            for _ in 0..self.config.turns {
                for t in self.tokens.iter_mut() {
                    // A table source never runs out.
                    let _ = self.movement.turn(t, &mut self.chance, &mut self.tallies);
                }
            }
            self.games_done += 1;
        }
        self.progress()
    }

    /// Plays every remaining game.
    pub fn run(&mut self) -> Progress {
        self.step(u64::MAX)
    }

    pub fn progress(&self) -> Progress {
        Progress {
            done: self.games_done,
            total: self.config.games,
        }
    }

    pub fn is_done(&self) -> bool {
        self.games_done >= self.config.games
    }

    /// Raw counts so far.
    pub fn tallies(&self) -> &Tallies {
        &self.tallies
    }

    /// The result so far under the configured convention.
    pub fn result(&self) -> LandingReport {
        self.report(self.config.count)
    }

    /// The result so far under any convention (all three are tallied).
    pub fn report(&self, count: Count) -> LandingReport {
        let tally = self.tallies.get(count);
        let total = tally.total();
        let freq = |c: u64| {
            if total == 0 {
                0.0
            } else {
                c as f64 / total as f64
            }
        };
        let squares = tally
            .squares
            .iter()
            .enumerate()
            .map(|(index, &count)| LandingSquare {
                index,
                name: self.movement.names()[index].clone(),
                count,
                frequency: freq(count),
            })
            .collect();
        let (in_jail, visiting) = match self.movement.jail() {
            Some(j) => (tally.in_jail, tally.squares[j] - tally.in_jail),
            None => (0, 0),
        };
        LandingReport {
            board: self.board_name.clone(),
            count,
            convention: count.description().to_string(),
            decks: self.config.decks,
            jail: self.config.jail,
            games: self.games_done,
            turns_per_game: self.config.turns,
            players: self.config.players,
            seed: self.config.seed,
            total,
            squares,
            in_jail: Share {
                count: in_jail,
                frequency: freq(in_jail),
            },
            just_visiting: Share {
                count: visiting,
                frequency: freq(visiting),
            },
            rolls: self.tallies.roll_count,
            turns: self.tallies.turn_count,
        }
    }
}

/// One square's count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LandingSquare {
    pub index: usize,
    pub name: String,
    pub count: u64,
    /// `count` / the total count of the convention.
    pub frequency: f64,
}

/// A part of the jail square's count.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Share {
    pub count: u64,
    pub frequency: f64,
}

/// Landing frequencies from a simulation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LandingReport {
    pub board: String,
    pub count: Count,
    /// The convention in words.
    pub convention: String,
    pub decks: Decks,
    pub jail: JailStrategy,
    /// Games played so far.
    pub games: u64,
    pub turns_per_game: u32,
    pub players: u32,
    pub seed: u64,
    /// Sum of the counts of every square.
    pub total: u64,
    /// In board order; the jail square holds in jail and just visiting together.
    pub squares: Vec<LandingSquare>,
    pub in_jail: Share,
    pub just_visiting: Share,
    /// Rolls thrown in all.
    pub rolls: u64,
    /// Turns played in all (turns missed in jail or waiting included).
    pub turns: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::Preset;

    #[test]
    fn chunks_do_not_change_the_result() {
        let b = Preset::Classic.board();
        let config = SimulationConfig {
            games: 7,
            turns: 30,
            players: 3,
            ..SimulationConfig::default()
        };
        let mut whole = Simulation::new(&b, b.rules(), config.clone());
        whole.run();
        let mut chunked = Simulation::new(&b, b.rules(), config);
        while !chunked.is_done() {
            chunked.step(2);
        }
        assert_eq!(whole.result(), chunked.result());
        assert_eq!(whole.result().turns, 7 * 30 * 3);
    }
}
