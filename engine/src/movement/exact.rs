//! The exact long-run distribution from the Markov chain of movement.
//!
//! The chain's states are the token's situations at the start of a turn (square, in jail
//! and the failed tries so far, turns still to wait), found by exploring from the start
//! square. For each state, the turn is followed throw by throw through the same turn logic
//! the simulation uses ([`Movement`]): the token's situation before each throw (state,
//! doubles so far, bonus taken) carries a probability mass, situations reached more than one
//! way are merged, and each throw from a situation (every dice outcome, every card drawn at
//! random: every card of a deck equally likely) is worked out once for the whole chain
//! (`Throws`). That gives the transition to the next turn's state and, per turn, the
//! expected number of rolls resting on each square and of stops on each square. The
//! stationary distribution is solved
//! directly (Gaussian elimination) and polished by power iteration until its residual is
//! below 1e-12; then
//! - `turns`: the stationary distribution itself (where turns end);
//! - `rolls`: expected rests per turn on each square / expected rolls per turn;
//! - `landings`: expected stops per turn on each square / expected stops per turn.
//!
//! A turn that can roll again without end (a die's highest face) is followed until the
//! mass of a situation falls below 1e-18; the mass left out is reported as `truncated`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::movement::model::{After, Chance, Movement, Note, Observer, Roll, Start, Token};
use crate::movement::{Count, JailStrategy};
use crate::rules::RuleSet;

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

    fn pick(&mut self, options: usize) -> usize {
        let i = self.choose(options);
        self.prob /= options as f64;
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
/// A token part-way through a turn, before a throw: the state plus what the turn so far
/// decides about the rest of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Situation {
    token: Token,
    doubles: u8,
    bonus: bool,
}

impl Situation {
    fn token_jail_try(&mut self, m: &Movement, roll: &Roll, obs: &mut Explorered<'_, '_>) -> After {
        m.jail_try(
            &mut self.token,
            roll,
            &mut self.bonus,
            obs.cards,
            &mut obs.observer,
        )
    }

    fn roll_step(&mut self, m: &Movement, roll: &Roll, obs: &mut Explorered<'_, '_>) -> After {
        m.roll_step(
            &mut self.token,
            roll,
            &mut self.doubles,
            &mut self.bonus,
            obs.cards,
            &mut obs.observer,
        )
    }
}

/// The card source and the observer of one throw's paths.
struct Explorered<'e, 'l> {
    cards: &'e mut Explorer<'static>,
    observer: PathObserver<'l>,
}

/// Follows one throw from `s` through every order of cards drawn, calling `done` with the
/// situation after it, whether the turn goes on, the path's probability (`mass` times the
/// cards') and the notes of the path.
fn follow_cards(
    cards: &mut Explorer<'static>,
    log: &mut PathLog,
    n: usize,
    s: Situation,
    mass: f64,
    mut throw: impl FnMut(&mut Situation, &mut Explorered<'_, '_>) -> After,
    mut done: impl FnMut(Situation, After, f64, &PathLog),
) {
    cards.script.clear();
    cards.at = 0;
    cards.prob = 1.0;
    cards.cut = false;
    loop {
        let mut sit = s;
        log.stops.clear();
        log.rests.clear();
        let after = {
            let mut e = Explorered {
                cards: &mut *cards,
                observer: PathObserver { log: &mut *log, n },
            };
            throw(&mut sit, &mut e)
        };
        done(sit, after, mass * cards.prob, log);
        if !cards.next_path() {
            break;
        }
    }
}

/// A quick hash for the small keys of the chain (tokens and situations).
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Fx {
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.add(u64::from(x));
    }
    fn write_u32(&mut self, x: u32) {
        self.add(u64::from(x));
    }
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
}

type FxBuild = BuildHasherDefault<Fx>;

/// One way a throw from a situation goes: the situation after it, whether the turn goes
/// on, its probability (the throw's times the cards') and its notes (`Throws::notes`).
#[derive(Debug, Clone, Copy)]
struct Branch {
    sit: Situation,
    after: After,
    p: f64,
    notes: (u32, u32),
}

impl Branch {
    /// Adds the branch's stops and rests, weighted by `mass` times its probability.
    fn apply(&self, mass: f64, notes: &[(bool, u32)], stop: &mut [f64], rest: &mut [f64]) {
        let p = mass * self.p;
        for &(is_stop, x) in &notes[self.notes.0 as usize..self.notes.1 as usize] {
            if is_stop {
                stop[x as usize] += p;
            } else {
                rest[x as usize] += p;
            }
        }
    }
}

/// Every way each throw from each situation met so far goes, worked out once: many
/// states of the chain reach the same situations (a square after doubles).
struct Throws {
    outcomes: Vec<(Roll, f64)>,
    cards: Explorer<'static>,
    known: HashMap<(Situation, bool), (usize, usize), FxBuild>,
    branches: Vec<Branch>,
    /// (a stop, else a rest; place) of every branch, in order.
    notes: Vec<(bool, u32)>,
}

impl Throws {
    fn new(outcomes: Vec<(Roll, f64)>) -> Throws {
        Throws {
            outcomes,
            cards: Explorer {
                outcomes: &[],
                script: Vec::new(),
                at: 0,
                prob: 1.0,
                cut: false,
            },
            known: HashMap::default(),
            branches: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The branches (a range of `branches`) of a throw from `s`: a try to leave jail when
    /// `jail`, else a throw of a plain turn.
    fn of(
        &mut self,
        m: &Movement,
        log: &mut PathLog,
        n: usize,
        s: Situation,
        jail: bool,
    ) -> (usize, usize) {
        if let Some(&r) = self.known.get(&(s, jail)) {
            return r;
        }
        let start = self.branches.len();
        let Throws {
            outcomes,
            cards,
            branches,
            notes,
            ..
        } = self;
        for &(roll, rp) in outcomes.iter() {
            follow_cards(
                cards,
                log,
                n,
                s,
                rp,
                |sit, e| {
                    if jail {
                        sit.token_jail_try(m, &roll, e)
                    } else {
                        sit.roll_step(m, &roll, e)
                    }
                },
                |sit, after, p, log| {
                    let a = notes.len() as u32;
                    notes.extend(log.stops.iter().map(|&x| (true, x as u32)));
                    notes.extend(log.rests.iter().map(|&x| (false, x as u32)));
                    branches.push(Branch {
                        sit,
                        after,
                        p,
                        notes: (a, notes.len() as u32),
                    });
                },
            );
        }
        let r = (start, self.branches.len());
        self.known.insert((s, jail), r);
        r
    }
}

/// Adds a path's stops and rests, weighted by its probability.
fn add_notes(log: &PathLog, p: f64, stop: &mut [f64], rest: &mut [f64]) {
    for &x in &log.stops {
        stop[x] += p;
    }
    for &x in &log.rests {
        rest[x] += p;
    }
}

/// Adds `p` to the situation's mass in the next throw's frontier.
fn merge(frontier: &mut Vec<(Situation, f64)>, s: Situation, p: f64) {
    match frontier.iter_mut().find(|(x, _)| *x == s) {
        Some((_, q)) => *q += p,
        None => frontier.push((s, p)),
    }
}

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
    index: HashMap<Token, usize, FxBuild>,
    states: Vec<Token>,
    /// Sparse rows: (next state, probability).
    rows: Vec<Vec<(usize, f64)>>,
    rests: Vec<Vec<f64>>,
    stops: Vec<Vec<f64>>,
    truncated: f64,
    log: PathLog,
    throws: Throws,
}

impl ChainSolver {
    /// A chain with only the start state known.
    pub fn new(board: &Board, rules: &RuleSet, jail: JailStrategy) -> ChainSolver {
        let m = Movement::new(board, rules, jail);
        let outcomes = m.roll_outcomes();
        let start = Token::default();
        let mut index: HashMap<Token, usize, FxBuild> = HashMap::default();
        index.insert(start, 0);
        ChainSolver {
            board: board.name().to_string(),
            jail,
            m,
            index,
            states: vec![start],
            rows: Vec::new(),
            rests: Vec::new(),
            stops: Vec::new(),
            truncated: 0.0,
            log: PathLog::default(),
            throws: Throws::new(outcomes),
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
            index,
            states,
            rows,
            rests,
            stops,
            truncated,
            log,
            throws,
            ..
        } = self;
        let end = rows.len().saturating_add(count);
        let mut next: Vec<f64> = Vec::new();
        let mut touched: Vec<usize> = Vec::new();
        let mut frontier: Vec<(Situation, f64)> = Vec::new();
        let mut following: Vec<(Situation, f64)> = Vec::new();
        while rows.len() < states.len() && rows.len() < end {
            let from = states[rows.len()];
            let mut rest = vec![0.0; n + 1];
            let mut stop = vec![0.0; n + 1];
            let mut lost = 0.0;
            frontier.clear();
            // Where a turn ends: the next state, found or added.
            let mut ended = |t: Token, p: f64, next: &mut Vec<f64>| -> Result<(), String> {
                if p == 0.0 {
                    return Ok(());
                }
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
                if j >= next.len() {
                    next.resize(j + 1, 0.0);
                }
                if next[j] == 0.0 {
                    touched.push(j);
                }
                next[j] += p;
                Ok(())
            };
            let start = Situation {
                token: from,
                doubles: 0,
                bonus: false,
            };
            let mut t = from;
            log.stops.clear();
            log.rests.clear();
            match m.turn_start(&mut t, &mut PathObserver { log, n }) {
                Start::Rolls => {
                    add_notes(log, 1.0, &mut stop, &mut rest);
                    frontier.push((Situation { token: t, ..start }, 1.0));
                }
                Start::JailTry => {
                    add_notes(log, 1.0, &mut stop, &mut rest);
                    let s = Situation { token: t, ..start };
                    let (a, b) = throws.of(m, log, n, s, true);
                    for br in &throws.branches[a..b] {
                        br.apply(1.0, &throws.notes, &mut stop, &mut rest);
                        match br.after {
                            After::End => ended(br.sit.token, br.p, &mut next)?,
                            After::Again => merge(&mut following, br.sit, br.p),
                        }
                    }
                    std::mem::swap(&mut frontier, &mut following);
                    following.clear();
                }
            }
            while !frontier.is_empty() {
                for &(s, mass) in frontier.iter() {
                    if mass < PATH_CUTOFF {
                        lost += mass;
                        continue;
                    }
                    let (a, b) = throws.of(m, log, n, s, false);
                    for br in &throws.branches[a..b] {
                        let p = mass * br.p;
                        br.apply(mass, &throws.notes, &mut stop, &mut rest);
                        match br.after {
                            After::End => ended(br.sit.token, p, &mut next)?,
                            After::Again => merge(&mut following, br.sit, p),
                        }
                    }
                }
                std::mem::swap(&mut frontier, &mut following);
                following.clear();
            }
            let kept = 1.0 - lost;
            if kept <= 0.0 {
                return Err("a turn of this board never ends".to_string());
            }
            *truncated = f64::max(*truncated, lost);
            // The chain's hot loop, run for every state: sorted in place, without the shared
            // sort's list of positions.
            #[allow(clippy::disallowed_methods)]
            touched.sort_unstable();
            let row: Vec<(usize, f64)> = touched
                .drain(..)
                .map(|j| (j, std::mem::take(&mut next[j]) / kept))
                .collect();
            rows.push(row);
            rests.push(rest.into_iter().map(|x| x / kept).collect());
            stops.push(stop.into_iter().map(|x| x / kept).collect());
        }
        Ok(rows.len() >= states.len())
    }

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
