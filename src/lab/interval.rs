//! 95% intervals for what the lab estimates by playing (simulated shares, tournament win
//! rates), and the digits an estimate deserves: a share known to ±0.05% shows two decimals,
//! a win rate known to ±12% none.
//!
//! Simulated shares: the games of a simulation are independent (the tokens of one game share
//! its decks, and each turn depends on the last, so single counts are not), so a share's
//! interval comes from how it varies from game to game: the ratio estimator
//! Σ count / Σ total over games, with its delta-method standard error.

use worlds_engine::stats::simulate::{Tallies, Tally};
use worlds_engine::stats::Count;

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Decimals of a percentage whose 95% interval has half-width `half_width` (a share, 0..1):
/// the last digit shown is the first one the interval leaves in doubt (±0.05% → 2,
/// ±0.5% → 1, ±5% or more → 0), at most 3. With no width known (none measured, or a share
/// that never varies), 3.
pub fn decimals_for(half_width: f64) -> usize {
    let pct = half_width * 100.0;
    if !(pct.is_finite() && pct > 0.0) {
        return 3;
    }
    (-pct.log10().floor()).clamp(0.0, 3.0) as usize
}

/// A share as a percentage with `decimals` decimals.
pub fn percent_to(share: f64, decimals: usize) -> String {
    format!("{:.*}%", decimals, share * 100.0)
}

/// An estimate and its 95% interval, as shares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
    /// Half the width of the symmetric interval the digits are chosen from.
    pub half_width: f64,
}

impl Estimate {
    pub fn decimals(&self) -> usize {
        // An estimate pinned at 0 or 1 with no spread is shown whole ("0%").
        if self.half_width == 0.0 && (self.value == 0.0 || self.value == 1.0) {
            return 0;
        }
        decimals_for(self.half_width)
    }

    /// The estimate with the digits its interval allows.
    pub fn value_text(&self) -> String {
        percent_to(self.value, self.decimals())
    }

    /// "10.81–11.07%".
    pub fn interval_text(&self) -> String {
        let d = self.decimals();
        format!("{:.*}–{:.*}%", d, self.low * 100.0, d, self.high * 100.0)
    }
}

/// The Wilson score interval of `wins` out of `games` (good for small counts and for rates
/// near 0 or 1, where the plain normal interval is not).
pub fn wilson(wins: u64, games: u64) -> Option<Estimate> {
    if games == 0 {
        return None;
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
        half_width: half,
    })
}

/// Sums over games of one place's count `x` (and of `x²` and `x·y`, `y` the game's total).
#[derive(Clone, Debug, Default, PartialEq)]
struct PlaceSums {
    x: f64,
    xx: f64,
    xy: f64,
}

/// One convention's sums over games: per place (squares, then in jail, then just visiting),
/// and of the game totals.
#[derive(Clone, Debug, Default, PartialEq)]
struct ConventionSums {
    places: Vec<PlaceSums>,
    y: f64,
    yy: f64,
    /// The tally after the previous game, to take each game's counts by difference.
    before: Vec<u64>,
}

impl ConventionSums {
    /// Places of a tally: each square, then in jail, then just visiting (0 without a jail).
    fn places(tally: &Tally, jail: Option<usize>) -> impl Iterator<Item = u64> + '_ {
        let visiting = jail
            .and_then(|j| tally.squares.get(j))
            .map_or(0, |&c| c.saturating_sub(tally.in_jail));
        tally
            .squares
            .iter()
            .copied()
            .chain([tally.in_jail, visiting])
    }

    fn add_game(&mut self, tally: &Tally, jail: Option<usize>) {
        let n = tally.squares.len() + 2;
        if self.before.len() != n {
            self.before = vec![0; n];
            self.places = vec![PlaceSums::default(); n];
        }
        let game: Vec<f64> = Self::places(tally, jail)
            .zip(self.before.iter_mut())
            .map(|(now, before)| {
                let x = now.saturating_sub(*before) as f64;
                *before = now;
                x
            })
            .collect();
        let y: f64 = game[..n - 2].iter().sum();
        self.y += y;
        self.yy += y * y;
        for (s, x) in self.places.iter_mut().zip(game) {
            s.x += x;
            s.xx += x * x;
            s.xy += x * y;
        }
    }

    fn estimate(&self, place: usize, games: u64) -> Option<Estimate> {
        let s = self.places.get(place)?;
        if games < 2 || self.y <= 0.0 {
            return None;
        }
        let n = games as f64;
        let r = s.x / self.y;
        // Σ (x - r y)² over games, from the sums (rounding can take it just below 0).
        let spread = (s.xx - 2.0 * r * s.xy + r * r * self.yy).max(0.0);
        let mean_y = self.y / n;
        let se = (spread / (n - 1.0) / n).sqrt() / mean_y;
        let half = Z95 * se;
        Some(Estimate {
            value: r,
            low: (r - half).max(0.0),
            high: (r + half).min(1.0),
            half_width: half,
        })
    }
}

/// Game-by-game sums of a simulation under the three conventions, fed after every game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spread {
    games: u64,
    jail: Option<usize>,
    landings: ConventionSums,
    rolls: ConventionSums,
    turns: ConventionSums,
}

/// Where a row's figure sits among a convention's places.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Place {
    Square(usize),
    InJail,
    JustVisiting,
}

impl Spread {
    /// Sums for a board whose jail (if any) is square `jail`.
    pub fn new(jail: Option<usize>) -> Spread {
        Spread {
            jail,
            ..Spread::default()
        }
    }

    /// Takes in the game just played: `tallies` are the simulation's running totals.
    pub fn add_game(&mut self, tallies: &Tallies) {
        self.games += 1;
        self.landings.add_game(&tallies.landings, self.jail);
        self.rolls.add_game(&tallies.rolls, self.jail);
        self.turns.add_game(&tallies.turns, self.jail);
    }

    pub fn games(&self) -> u64 {
        self.games
    }

    /// A place's share under `count` with its 95% interval (none before two games).
    pub fn estimate(&self, count: Count, place: Place) -> Option<Estimate> {
        let sums = match count {
            Count::Landings => &self.landings,
            Count::Rolls => &self.rolls,
            Count::Turns => &self.turns,
        };
        let squares = sums.places.len().checked_sub(2)?;
        let i = match place {
            Place::Square(i) => i,
            Place::InJail => squares,
            Place::JustVisiting => squares + 1,
        };
        sums.estimate(i, self.games)
    }
}
