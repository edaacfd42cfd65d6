//! Monte Carlo movement: N games x T turns x P players, seeded.
//!
//! Players of one game share the decks (a shuffled deck is one deck for the table); tokens
//! start on the start square. All three counting conventions are tallied at once, so one
//! run can be reported under any of them. The browser runs a [`Simulation`] in chunks
//! ([`Simulation::step`]) and shows progress; the result does not depend on the chunks.

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::rules::RuleSet;
use crate::rules::{DoublesLimit, ExtraRoll, JailRelease};
use crate::stats::model::{CardMove, Chance, Movement, Note, Observer, Roll, Spot, Token};
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

    #[inline(always)]
    fn add(&mut self, square: usize, in_jail: bool) {
        if let Some(c) = self.squares.get_mut(square) {
            *c += 1;
        }
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
    #[inline(always)]
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

/// The simulation's own seeded source: SplitMix64 (the generator of the C reference), with
/// unbiased draws below a bound (Lemire's multiply-and-reject on 32-bit halves). A game keeps
/// its ChaCha8 dice (saves replay bit for bit); a Monte Carlo estimate only needs good,
/// fast, reproducible numbers.
#[derive(Clone)]
struct SplitMix64(u64);

impl SplitMix64 {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `x` (32 random bits) mapped onto `0..n` without bias, drawing again when needed.
    #[inline]
    fn scale(&mut self, x: u32, n: u32) -> u32 {
        let mut m = u64::from(x) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from((self.next_u64() >> 32) as u32) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// A number in `0..n` (`n` > 0).
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        let x = (self.next_u64() >> 32) as u32;
        self.scale(x, n)
    }
}

/// Seeded dice and the table's two decks.
#[derive(Clone)]
struct TableChance {
    rng: SplitMix64,
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
    #[inline(always)]
    fn roll(&mut self, m: &Movement) -> Option<Roll> {
        let sides = m.dice_sides;
        if m.dice_count == 2 {
            // The common case: both dice from one draw.
            let r = self.rng.next_u64();
            let n = u32::from(sides.max(1));
            let a = self.rng.scale(r as u32, n) as u8 + 1;
            let b = self.rng.scale((r >> 32) as u32, n) as u8 + 1;
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
            *d = self.rng.below(u32::from(m.dice_sides.max(1))) as u8 + 1;
        }
        Some(Roll::from_dice(dice, m.dice_count, m.dice_sides))
    }

    fn card(&mut self, deck: usize, len: usize) -> usize {
        match self.decks {
            Decks::Random => self.rng.below(len.max(1) as u32) as usize,
            Decks::Shuffled => {
                let order = &mut self.order[deck];
                if order.len() != len || self.next[deck] >= len {
                    order.clear();
                    order.extend(0..len);
                    for i in (1..len).rev() {
                        let j = self.rng.below(i as u32 + 1) as usize;
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

    fn pick(&mut self, options: usize) -> usize {
        self.rng.below(options.max(1) as u32) as usize
    }
}

/// Where a card sends a token drawn on a given square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CardEnd {
    Stay,
    Jail,
    /// Moves there and acts on it (it may be another card square).
    Land(usize),
}

/// A square where nothing moves the token.
const PLAIN: u8 = 2;
/// Go to Jail.
const TO_JAIL: u8 = 3;

/// [`Movement::turn`] written out for the common rules, with what cards do worked out per
/// square beforehand: two dice, doubles (or nothing) for an extra roll, doubles to leave
/// jail, a jail square, no Jokers and no `skip_bonus_squares`. It draws from the same
/// source in the same order and notes the same counts as the general model (a test
/// compares the two), only without its generality: the simulation's hot loop.
#[derive(Debug, Clone)]
struct Straight {
    n: usize,
    jail: usize,
    /// Per square: [`PLAIN`], [`TO_JAIL`], or the deck (0 or 1) drawn from there.
    spots: Vec<u8>,
    deck_len: [usize; 2],
    /// Per deck, `square * len + card`: where the card sends a token drawn on that square.
    card_ends: [Vec<CardEnd>; 2],
    dice_sides: u32,
    /// The doubles in a row that end the throws, and whether they send to jail.
    doubles_limit: Option<(u8, bool)>,
    /// Jailed tokens pay the fine before rolling.
    pays_fine: bool,
    max_tries: Option<u8>,
}

impl Straight {
    fn new(m: &Movement) -> Option<Straight> {
        let n = m.len();
        let jail = m.jail?;
        let doubles_limit = match m.extra_roll {
            ExtraRoll::None => None,
            ExtraRoll::Doubles { limit, on_limit } => Some((limit, on_limit == DoublesLimit::Jail)),
            ExtraRoll::MaxFace => return None,
        };
        if n == 0
            || m.dice_count != 2
            || m.jail_rules.release != JailRelease::Doubles
            || m.skip_bonus_squares
        {
            return None;
        }
        let mut spots = Vec::with_capacity(n);
        for spot in &m.spots {
            spots.push(match *spot {
                Spot::Plain => PLAIN,
                Spot::GoToJail => TO_JAIL,
                Spot::Deck(d) if d < 2 => d as u8,
                _ => return None,
            });
        }
        // A card whose move is drawn from a range has no one end: the general path plays it.
        if m.decks
            .iter()
            .flatten()
            .any(|c| matches!(c, CardMove::MoveBetween(..)))
        {
            return None;
        }
        let ends = |d: usize| -> Vec<CardEnd> {
            let deck = &m.decks[d];
            let mut out = Vec::with_capacity(n * deck.len());
            for pos in 0..n {
                for card in deck {
                    out.push(match *card {
                        CardMove::Stay => CardEnd::Stay,
                        CardMove::Jail => CardEnd::Jail,
                        CardMove::AdvanceTo(s) => CardEnd::Land(s % n),
                        CardMove::NearestRailroad => {
                            m.nearest_railroad[pos].map_or(CardEnd::Stay, CardEnd::Land)
                        }
                        CardMove::NearestUtility => {
                            m.nearest_utility[pos].map_or(CardEnd::Stay, CardEnd::Land)
                        }
                        CardMove::MoveBy(k) => {
                            CardEnd::Land((pos as i64 + i64::from(k)).rem_euclid(n as i64) as usize)
                        }
                        // Not reached: a deck with such a card has no straight path.
                        CardMove::MoveBetween(..) => CardEnd::Stay,
                    });
                }
            }
            out
        };
        Some(Straight {
            n,
            jail,
            spots,
            deck_len: [m.decks[0].len(), m.decks[1].len()],
            card_ends: [ends(0), ends(1)],
            dice_sides: u32::from(m.dice_sides.max(1)),
            doubles_limit,
            pays_fine: m.jail_strategy == JailStrategy::Leave && m.jail_rules.fine.is_some(),
            max_tries: m.jail_rules.max_tries,
        })
    }

    /// Two dice from one draw, as [`TableChance::roll`] throws them: (total, double).
    #[inline(always)]
    fn throw(&self, chance: &mut TableChance) -> (usize, bool) {
        let r = chance.rng.next_u64();
        let a = chance.rng.scale(r as u32, self.dice_sides) as u8;
        let b = chance.rng.scale((r >> 32) as u32, self.dice_sides) as u8;
        (usize::from(a) + usize::from(b) + 2, a == b)
    }

    #[inline(always)]
    fn send_to_jail(&self, t: &mut Token, tallies: &mut Tallies) {
        t.position = self.jail;
        t.in_jail = true;
        t.jail_tries = 0;
        tallies.landings.add(self.jail, true);
    }

    /// Acts on the square the token is on.
    #[inline(always)]
    fn land(&self, t: &mut Token, depth: u8, chance: &mut TableChance, tallies: &mut Tallies) {
        let pos = t.position;
        let spot = self.spots.get(pos).copied().unwrap_or(PLAIN);
        if spot == PLAIN {
            tallies.landings.add(pos, false);
        } else {
            self.land_special(t, spot, depth, chance, tallies);
        }
    }

    /// Acts on a Go to Jail or card square.
    fn land_special(
        &self,
        t: &mut Token,
        spot: u8,
        depth: u8,
        chance: &mut TableChance,
        tallies: &mut Tallies,
    ) {
        let pos = t.position;
        match spot {
            TO_JAIL => self.send_to_jail(t, tallies),
            d => {
                let d = usize::from(d & 1);
                tallies.landings.add(pos, false);
                let len = self.deck_len[d];
                if len == 0 || depth >= super::model::MAX_CHAINED_MOVES {
                    return;
                }
                let card = chance.card(d, len).min(len - 1);
                match self.card_ends[d][pos * len + card] {
                    CardEnd::Stay => {}
                    CardEnd::Jail => self.send_to_jail(t, tallies),
                    CardEnd::Land(s) => {
                        t.position = s;
                        self.land(t, depth + 1, chance, tallies);
                    }
                }
            }
        }
    }

    /// Moves the token by a throw and acts on the square reached.
    #[inline(always)]
    fn advance(
        &self,
        t: &mut Token,
        total: usize,
        chance: &mut TableChance,
        tallies: &mut Tallies,
    ) {
        let mut to = t.position + total;
        if to >= self.n {
            to -= self.n;
            if to >= self.n {
                to %= self.n;
            }
        }
        t.position = to;
        self.land(t, 0, chance, tallies);
    }

    #[inline(always)]
    fn free(t: &mut Token) {
        t.in_jail = false;
        t.jail_tries = 0;
    }

    /// One turn, as [`Movement::turn`] plays it under these rules.
    #[inline(always)]
    fn turn(&self, t: &mut Token, chance: &mut TableChance, tallies: &mut Tallies) {
        if t.in_jail {
            if self.pays_fine {
                Self::free(t);
            } else {
                let (total, double) = self.throw(chance);
                if !double {
                    t.jail_tries = t.jail_tries.saturating_add(1);
                    if self.max_tries.is_none_or(|m| t.jail_tries < m) {
                        tallies.rolls.add(t.position, true);
                        tallies.roll_count += 1;
                        tallies.landings.add(t.position, true);
                        tallies.turns.add(t.position, true);
                        tallies.turn_count += 1;
                        return;
                    }
                }
                Self::free(t);
                self.advance(t, total, chance, tallies);
                self.rest(t, tallies);
                return;
            }
        }
        let mut doubles = 0u8;
        loop {
            let (total, double) = self.throw(chance);
            let mut again = false;
            if double {
                if let Some((limit, to_jail)) = self.doubles_limit {
                    doubles = doubles.saturating_add(1);
                    if doubles >= limit {
                        if to_jail {
                            self.send_to_jail(t, tallies);
                        }
                        tallies.rolls.add(t.position, t.in_jail);
                        tallies.roll_count += 1;
                        break;
                    }
                    again = true;
                }
            }
            self.advance(t, total, chance, tallies);
            tallies.rolls.add(t.position, t.in_jail);
            tallies.roll_count += 1;
            if !again || t.in_jail {
                break;
            }
        }
        tallies.turns.add(t.position, t.in_jail);
        tallies.turn_count += 1;
    }

    /// The end of a turn that left jail: the roll's and the turn's rest.
    #[inline(always)]
    fn rest(&self, t: &Token, tallies: &mut Tallies) {
        tallies.rolls.add(t.position, t.in_jail);
        tallies.roll_count += 1;
        tallies.turns.add(t.position, t.in_jail);
        tallies.turn_count += 1;
    }
}

/// A movement simulation that can run in chunks.
#[derive(Clone)]
pub struct Simulation {
    config: SimulationConfig,
    board_name: String,
    movement: Movement,
    /// The same movement as straight-line code, when the rules allow it (see [`Straight`]).
    straight: Option<Straight>,
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
                rng: SplitMix64(config.seed),
                decks: config.decks,
                order: [Vec::new(), Vec::new()],
                next: [usize::MAX; 2],
            },
            board_name: board.name().to_string(),
            tallies: Tallies::new(n),
            tokens: Vec::new(),
            games_done: 0,
            straight: Straight::new(&movement),
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
            match &self.straight {
                Some(straight) => {
                    for _ in 0..self.config.turns {
                        for t in self.tokens.iter_mut() {
                            straight.turn(t, &mut self.chance, &mut self.tallies);
                        }
                    }
                }
                None => {
                    for _ in 0..self.config.turns {
                        for t in self.tokens.iter_mut() {
                            // A table source never runs out.
                            let _ = self.movement.turn(t, &mut self.chance, &mut self.tallies);
                        }
                    }
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
    fn the_straight_path_counts_exactly_as_the_model() {
        let mut covered = 0;
        for preset in Preset::ALL {
            let b = preset.board();
            for decks in [Decks::Random, Decks::Shuffled] {
                for jail in [JailStrategy::Stay, JailStrategy::Leave] {
                    let config = SimulationConfig {
                        games: 300,
                        turns: 60,
                        players: 3,
                        seed: 9,
                        decks,
                        jail,
                        ..SimulationConfig::default()
                    };
                    let mut fast = Simulation::new(&b, b.rules(), config.clone());
                    covered += usize::from(fast.straight.is_some());
                    fast.run();
                    let mut general = Simulation::new(&b, b.rules(), config);
                    general.straight = None;
                    general.run();
                    assert_eq!(fast.tallies(), general.tallies(), "{}", preset.id());
                }
            }
        }
        assert!(covered >= 4, "classic at least takes the straight path");
        // A limit that ends the turn instead of jailing, and no fine.
        let b = Preset::Classic.board();
        let mut rules = b.rules().clone();
        rules.extra_roll = ExtraRoll::Doubles {
            limit: 2,
            on_limit: DoublesLimit::EndTurn,
        };
        rules.jail.max_tries = None;
        rules.jail.fine = None;
        let config = SimulationConfig {
            games: 200,
            turns: 50,
            jail: JailStrategy::Leave,
            ..SimulationConfig::default()
        };
        let mut fast = Simulation::new(&b, &rules, config.clone());
        assert!(fast.straight.is_some());
        fast.run();
        let mut general = Simulation::new(&b, &rules, config);
        general.straight = None;
        general.run();
        assert_eq!(fast.tallies(), general.tallies());
    }

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
