//! The exact long-run distribution from the Markov chain of movement.
//!
//! The chain's states are the token's situations at the start of a turn (square, in jail
//! and the failed tries so far, turns still to wait), found by exploring from the start
//! square. For each state, every way a turn can go is followed through the same turn logic
//! the simulation uses ([`Movement`]), with each throw of the dice and each card (drawn at
//! random: every card of a deck equally likely) weighted by its probability. That gives the
//! transition to the next turn's state and, per turn, the expected number of rolls resting
//! on each square and of stops on each square. The stationary distribution is solved
//! directly (Gaussian elimination) and polished by power iteration until its residual is
//! below 1e-12; then
//! - `turns`: the stationary distribution itself (where turns end);
//! - `rolls`: expected rests per turn on each square / expected rolls per turn;
//! - `landings`: expected stops per turn on each square / expected stops per turn.
//!
//! A turn that can roll again without end (a die's highest face) is followed until its
//! probability falls below 1e-18; the mass left out is reported as `truncated`.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::rules::RuleSet;
use crate::stats::model::{Chance, Movement, Note, Observer, Roll, Token};
use crate::stats::{Count, JailStrategy};

/// Paths of a turn less likely than this are not followed.
const PATH_CUTOFF: f64 = 1e-18;
/// The most turn-start states the chain may have.
pub const MAX_STATES: usize = 20_000;
/// The residual the solution must reach.
pub const TOLERANCE: f64 = 1e-12;

/// Follows every path of a turn, one after another, by a script of choices.
struct Explorer<'a> {
    outcomes: &'a [(Roll, f64)],
    /// (choice, number of options) at each step of the current path.
    script: Vec<(usize, usize)>,
    at: usize,
    /// Probability of the current path so far.
    prob: f64,
    /// The current path was left unfinished (too unlikely).
    cut: bool,
}

impl Explorer<'_> {
    fn choose(&mut self, options: usize) -> usize {
        if self.at == self.script.len() {
            self.script.push((0, options));
        }
        let choice = self.script[self.at].0;
        self.at += 1;
        choice
    }

    /// Moves to the next path; false when every path has been followed.
    fn next_path(&mut self) -> bool {
        self.script.truncate(self.at);
        self.at = 0;
        self.prob = 1.0;
        self.cut = false;
        while let Some((choice, options)) = self.script.pop() {
            if choice + 1 < options {
                self.script.push((choice + 1, options));
                return true;
            }
        }
        false
    }
}

impl Chance for Explorer<'_> {
    fn roll(&mut self, _m: &Movement) -> Option<Roll> {
        if self.at == self.script.len() && self.prob < PATH_CUTOFF {
            self.cut = true;
            return None;
        }
        let i = self.choose(self.outcomes.len());
        let (roll, p) = self.outcomes[i];
        self.prob *= p;
        Some(roll)
    }

    fn card(&mut self, _deck: usize, len: usize) -> usize {
        let i = self.choose(len);
        self.prob /= len as f64;
        i
    }
}

/// What one path of a turn did.
#[derive(Default)]
struct PathLog {
    stops: Vec<usize>,
    rests: Vec<usize>,
}

struct PathObserver<'a> {
    log: &'a mut PathLog,
    n: usize,
}

impl Observer for PathObserver<'_> {
    fn note(&mut self, note: Note<'_>) {
        let place = |square: usize, in_jail: bool| if in_jail { self.n } else { square };
        match note {
            Note::Stop { square, in_jail } => {
                let p = place(square, in_jail);
                self.log.stops.push(p);
            }
            Note::RollRest { square, in_jail } => {
                let p = place(square, in_jail);
                self.log.rests.push(p);
            }
            _ => {}
        }
    }
}

/// A solved chain: every convention at once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chain {
    pub board: String,
    pub names: Vec<String>,
    pub jail_square: Option<usize>,
    pub jail: JailStrategy,
    /// Places: squares 0..n (not in jail), then n = in jail. Long-run share of turns ending
    /// at each place.
    pub turns: Vec<f64>,
    /// Expected rolls resting at each place per turn.
    pub rolls_per_turn_at: Vec<f64>,
    /// Expected stops at each place per turn.
    pub stops_per_turn_at: Vec<f64>,
    pub rolls_per_turn: f64,
    pub stops_per_turn: f64,
    pub states: usize,
    /// max |pi P - pi| of the solution.
    pub residual: f64,
    /// Probability per turn of the paths not followed (see the module docs).
    pub truncated: f64,
}

fn key(m: &Movement, mut t: Token) -> Token {
    if !t.in_jail || m.jail_rules.max_tries.is_none() {
        t.jail_tries = 0;
    }
    t
}

/// The chain being built, one turn-start state at a time, so a caller with a clock (the
/// browser) can solve it in slices: [`ChainSolver::step`] until it says done, then
/// [`ChainSolver::finish`]. [`Chain::solve`] does all of it at once.
pub struct ChainSolver {
    board: String,
    jail: JailStrategy,
    m: Movement,
    outcomes: Vec<(Roll, f64)>,
    index: HashMap<Token, usize>,
    states: Vec<Token>,
    /// Sparse rows: (next state, probability).
    rows: Vec<Vec<(usize, f64)>>,
    rests: Vec<Vec<f64>>,
    stops: Vec<Vec<f64>>,
    truncated: f64,
    log: PathLog,
}

impl ChainSolver {
    /// A chain with only the start state known.
    pub fn new(board: &Board, rules: &RuleSet, jail: JailStrategy) -> ChainSolver {
        let m = Movement::new(board, rules, jail);
        let outcomes = m.roll_outcomes();
        let start = Token::default();
        let mut index: HashMap<Token, usize> = HashMap::new();
        index.insert(start, 0);
        ChainSolver {
            board: board.name().to_string(),
            jail,
            m,
            outcomes,
            index,
            states: vec![start],
            rows: Vec::new(),
            rests: Vec::new(),
            stops: Vec::new(),
            truncated: 0.0,
            log: PathLog::default(),
        }
    }

    /// States whose turns have been followed so far.
    pub fn explored(&self) -> usize {
        self.rows.len()
    }

    /// States found so far (explored or waiting to be).
    pub fn known(&self) -> usize {
        self.states.len()
    }

    /// Whether every state found has been explored.
    pub fn is_explored(&self) -> bool {
        self.rows.len() >= self.states.len()
    }

    /// Follows every turn from up to `count` more states; `Ok(true)` once all are explored.
    pub fn step(&mut self, count: usize) -> Result<bool, String> {
        let n = self.m.len();
        let ChainSolver {
            m,
            outcomes,
            index,
            states,
            rows,
            rests,
            stops,
            truncated,
            log,
            ..
        } = self;
        let end = rows.len().saturating_add(count);
        while rows.len() < states.len() && rows.len() < end {
            let from = states[rows.len()];
            let mut next: HashMap<usize, f64> = HashMap::new();
            let mut rest = vec![0.0; n + 1];
            let mut stop = vec![0.0; n + 1];
            let mut lost = 0.0;
            let mut ex = Explorer {
                outcomes,
                script: Vec::new(),
                at: 0,
                prob: 1.0,
                cut: false,
            };
            loop {
                let mut t = from;
                log.stops.clear();
                log.rests.clear();
                let done = m
                    .turn(&mut t, &mut ex, &mut PathObserver { log, n })
                    .is_some();
                let p = ex.prob;
                if done && !ex.cut {
                    let k = key(m, t);
                    let j = match index.get(&k) {
                        Some(&j) => j,
                        None => {
                            if states.len() >= MAX_STATES {
                                return Err(format!(
                                    "the board's movement has more than {MAX_STATES} states; too large to solve exactly"
                                ));
                            }
                            index.insert(k, states.len());
                            states.push(k);
                            states.len() - 1
                        }
                    };
                    *next.entry(j).or_insert(0.0) += p;
                    for &x in &log.stops {
                        stop[x] += p;
                    }
                    for &x in &log.rests {
                        rest[x] += p;
                    }
                } else {
                    lost += p;
                }
                if !ex.next_path() {
                    break;
                }
            }
            let kept = 1.0 - lost;
            if kept <= 0.0 {
                return Err("a turn of this board never ends".to_string());
            }
            *truncated = f64::max(*truncated, lost);
            let mut row: Vec<(usize, f64)> = next.into_iter().map(|(j, p)| (j, p / kept)).collect();
            row.sort_by_key(|&(j, _)| j);
            rows.push(row);
            rests.push(rest.into_iter().map(|x| x / kept).collect());
            stops.push(stop.into_iter().map(|x| x / kept).collect());
        }
        Ok(rows.len() >= states.len())
    }

    /// Explores what is left, then solves the stationary distribution.
    pub fn finish(mut self) -> Result<Chain, String> {
        self.step(usize::MAX)?;
        let n = self.m.len();
        let (pi, residual) = stationary(&self.rows);
        let places = n + 1;
        let mut turns = vec![0.0; places];
        for (st, &p) in self.states.iter().zip(&pi) {
            let place = if st.in_jail { n } else { st.position };
            turns[place] += p;
        }
        let mut rolls_at = vec![0.0; places];
        let mut stops_at = vec![0.0; places];
        for (i, &p) in pi.iter().enumerate() {
            for x in 0..places {
                rolls_at[x] += p * self.rests[i][x];
                stops_at[x] += p * self.stops[i][x];
            }
        }
        Ok(Chain {
            board: self.board,
            names: self.m.names().to_vec(),
            jail_square: self.m.jail(),
            jail: self.jail,
            turns,
            rolls_per_turn: rolls_at.iter().sum(),
            stops_per_turn: stops_at.iter().sum(),
            rolls_per_turn_at: rolls_at,
            stops_per_turn_at: stops_at,
            states: self.states.len(),
            residual,
            truncated: self.truncated,
        })
    }
}

impl Chain {
    /// Builds and solves the chain of `board` under `rules`.
    pub fn solve(board: &Board, rules: &RuleSet, jail: JailStrategy) -> Result<Chain, String> {
        ChainSolver::new(board, rules, jail).finish()
    }

    /// Long-run share of each place (squares, then in jail) under a convention.
    pub fn distribution(&self, count: Count) -> Vec<f64> {
        let v = match count {
            Count::Turns => return self.turns.clone(),
            Count::Rolls => &self.rolls_per_turn_at,
            Count::Landings => &self.stops_per_turn_at,
        };
        let total: f64 = v.iter().sum();
        v.iter()
            .map(|x| if total > 0.0 { x / total } else { 0.0 })
            .collect()
    }

    /// The report of one convention: squares in board order (the jail square holds in jail
    /// and just visiting together).
    pub fn report(&self, count: Count) -> ExactReport {
        let d = self.distribution(count);
        let n = self.names.len();
        let in_jail = if self.jail_square.is_some() {
            d[n]
        } else {
            0.0
        };
        let squares = (0..n)
            .map(|i| ExactSquare {
                index: i,
                name: self.names[i].clone(),
                probability: d[i]
                    + if Some(i) == self.jail_square {
                        in_jail
                    } else {
                        0.0
                    },
            })
            .collect();
        let just_visiting = self.jail_square.map_or(0.0, |j| d[j]);
        ExactReport {
            board: self.board.clone(),
            count,
            convention: count.description().to_string(),
            jail: self.jail,
            decks: "random".to_string(),
            squares,
            in_jail,
            just_visiting,
            rolls_per_turn: self.rolls_per_turn,
            states: self.states,
            residual: self.residual,
        }
    }
}

/// The stationary distribution of a chain given by sparse rows, and its residual.
fn stationary(rows: &[Vec<(usize, f64)>]) -> (Vec<f64>, f64) {
    let k = rows.len();
    // Solve pi (P - I) = 0 with sum(pi) = 1: the transposed system, last equation replaced.
    let mut a = vec![vec![0.0f64; k + 1]; k];
    for (i, row) in rows.iter().enumerate() {
        for &(j, p) in row {
            a[j][i] += p;
        }
        a[i][i] -= 1.0;
    }
    for x in a[k - 1].iter_mut().take(k) {
        *x = 1.0;
    }
    a[k - 1][k] = 1.0;
    let mut pi = gauss(a, k).unwrap_or_else(|| vec![1.0 / k as f64; k]);
    for x in pi.iter_mut() {
        if !x.is_finite() || *x < 0.0 {
            *x = 0.0;
        }
    }
    normalize(&mut pi);
    let mut residual = residual_of(rows, &pi);
    // Polish (and rescue a singular system) with lazy power iteration.
    let mut rounds = 0;
    while residual > TOLERANCE / 10.0 && rounds < 200_000 {
        let next = step(rows, &pi);
        for (x, y) in pi.iter_mut().zip(next) {
            *x = 0.5 * *x + 0.5 * y;
        }
        normalize(&mut pi);
        residual = residual_of(rows, &pi);
        rounds += 1;
    }
    (pi, residual)
}

fn step(rows: &[Vec<(usize, f64)>], pi: &[f64]) -> Vec<f64> {
    let mut next = vec![0.0; pi.len()];
    for (i, row) in rows.iter().enumerate() {
        for &(j, p) in row {
            next[j] += pi[i] * p;
        }
    }
    next
}

fn residual_of(rows: &[Vec<(usize, f64)>], pi: &[f64]) -> f64 {
    step(rows, pi)
        .iter()
        .zip(pi)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max)
}

fn normalize(v: &mut [f64]) {
    let s: f64 = v.iter().sum();
    if s > 0.0 {
        for x in v.iter_mut() {
            *x /= s;
        }
    }
}

/// Gaussian elimination with partial pivoting on an augmented k x (k+1) matrix.
fn gauss(mut a: Vec<Vec<f64>>, k: usize) -> Option<Vec<f64>> {
    for c in 0..k {
        let p = (c..k).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-14 {
            return None;
        }
        a.swap(c, p);
        let (top, rest) = a.split_at_mut(c + 1);
        let pivot = &top[c];
        for row in rest.iter_mut() {
            let f = row[c] / pivot[c];
            if f != 0.0 {
                for (x, &y) in row[c..=k].iter_mut().zip(&pivot[c..=k]) {
                    *x -= f * y;
                }
            }
        }
    }
    let mut x = vec![0.0; k];
    for r in (0..k).rev() {
        let s: f64 = (r + 1..k).map(|c| a[r][c] * x[c]).sum();
        x[r] = (a[r][k] - s) / a[r][r];
    }
    Some(x)
}

/// One square's long-run probability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExactSquare {
    pub index: usize,
    pub name: String,
    pub probability: f64,
}

/// The exact long-run distribution under one convention.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExactReport {
    pub board: String,
    pub count: Count,
    pub convention: String,
    pub jail: JailStrategy,
    /// Always "random": the chain draws every card of a deck with equal chance.
    pub decks: String,
    /// In board order; the jail square holds in jail and just visiting together.
    pub squares: Vec<ExactSquare>,
    pub in_jail: f64,
    pub just_visiting: f64,
    /// Expected rolls per turn in the long run.
    pub rolls_per_turn: f64,
    /// Turn-start states of the chain.
    pub states: usize,
    /// max |pi P - pi| of the stationary distribution.
    pub residual: f64,
}

/// The exact long-run distribution of `board` under `rules`, one convention.
pub fn solve(
    board: &Board,
    rules: &RuleSet,
    count: Count,
    jail: JailStrategy,
) -> Result<ExactReport, String> {
    Ok(Chain::solve(board, rules, jail)?.report(count))
}
