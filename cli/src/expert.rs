//! `worlds bench-expert`: full games with expert seats on one thread, timing every decision
//! of an expert that is not forced (more than one legal action), and the win rates with
//! their 95% confidence intervals (a benchmark, not a test: run it with a release build).

use std::process::ExitCode;
use std::time::Instant;

use worlds_engine::bots::{bot, Strategy};
use worlds_engine::expert::{Budget, ExpertThinking};
use worlds_engine::game::{ComputerStrategy, Game, GameSetup, Seat};
use worlds_engine::stats::tournament::wilson_interval;
use worlds_engine::Action;

use crate::args::BenchExpertArgs;
use crate::landing::{board, clean, in_range, refuse, BadArgs};

pub fn run(a: &BenchExpertArgs) -> ExitCode {
    let parsed = (|| {
        let (board, rules) = board(&a.board)?;
        let seats: Vec<ComputerStrategy> = a
            .seats
            .split(',')
            .map(|s| {
                ComputerStrategy::from_name(s.trim()).ok_or_else(|| {
                    BadArgs(format!("--seats: unknown strategy '{}'", clean(s.trim())))
                })
            })
            .collect::<Result<_, _>>()?;
        let budget = Budget {
            playouts: in_range("playouts", a.playouts, 0, 100_000)? as u32,
            horizon: in_range("horizon", a.horizon, 1, 10_000)? as u32,
        };
        Ok::<_, BadArgs>((
            board,
            rules,
            seats,
            in_range("games", a.games, 1, 10_000_000)?,
            a.seed,
            in_range("round-cap", a.round_cap, 1, 100_000)? as u32,
            budget,
        ))
    })();
    let (board, rules, entrants, games, seed, round_cap, budget) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("bench-expert", bad),
    };
    if cfg!(debug_assertions) {
        println!("(a debug build: run `cargo run --release -p worlds-cli -- bench-expert` for real figures)");
    }
    let n = entrants.len();
    let board = std::sync::Arc::new(board);
    let others: Vec<Box<dyn Strategy>> = entrants.iter().map(|&s| bot(s)).collect();
    let mut wins = vec![0u64; n];
    let (mut by_bankruptcy, mut by_cap) = (0u64, 0u64);
    let mut times: Vec<f64> = Vec::new();
    let start = Instant::now();
    for g in 0..games {
        // Seat s of game g is played by entrant (s + g) mod n.
        let entrant = |s: usize| (s + (g % n as u64) as usize) % n;
        let seats = (0..n)
            .map(|s| {
                let e = entrants[entrant(s)];
                Seat::computer(&format!("Seat {} ({})", s + 1, e.name()), e)
            })
            .collect();
        let mut setup = GameSetup {
            board: board.clone(),
            rules: rules.clone(),
            seats,
            seed: seed.wrapping_add(g),
            forced_rolls: Vec::new(),
            deck_order: None,
            edition: worlds_engine::Edition::LATEST,
        };
        setup.rules.round_limit = Some(rules.round_limit.unwrap_or(round_cap));
        let mut game = match Game::new(setup) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("worlds bench-expert: {e}");
                return ExitCode::from(1);
            }
        };
        for _ in 0..1_000_000 {
            let Some(me) = game.actor() else { break };
            let e = entrants[entrant(me.index())];
            let action = if e == ComputerStrategy::Expert {
                let forced = game
                    .legal_actions()
                    .iter()
                    .filter(|a| !matches!(a, Action::Resign { .. }))
                    .count()
                    <= 1;
                let t0 = Instant::now();
                let mut thinking = ExpertThinking::with_budget(&game, me, budget);
                let a = loop {
                    if let Some(a) = thinking.step(&game, 64) {
                        break a;
                    }
                };
                if !forced {
                    times.push(t0.elapsed().as_secs_f64() * 1000.0);
                }
                a
            } else {
                others[entrant(me.index())].choose(&game, me)
            };
            if game.apply(action).is_err() {
                eprintln!(
                    "worlds bench-expert: game {g}: a computer player chose an illegal action"
                );
                return ExitCode::from(1);
            }
        }
        if game.active_players().len() <= 1 {
            by_bankruptcy += 1;
        } else {
            by_cap += 1;
        }
        if let Some(w) = game.winner().or_else(|| game.leader()) {
            wins[entrant(w.index())] += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{}: {games} games, seed {seed}, seats rotated, {} play-outs per candidate, horizon {} rounds; {by_bankruptcy} ended by bankruptcy, {by_cap} at the round cap",
        board.name(),
        budget.playouts,
        budget.horizon
    );
    let mut names: Vec<ComputerStrategy> = Vec::new();
    for &e in &entrants {
        if !names.contains(&e) {
            names.push(e);
        }
    }
    println!(" strategy   seats   wins   win rate  95% CI (Wilson)");
    for s in names {
        let w: u64 = (0..n).filter(|&i| entrants[i] == s).map(|i| wins[i]).sum();
        let seats = entrants.iter().filter(|&&e| e == s).count();
        let (lo, hi) = wilson_interval(w, games);
        println!(
            " {:<9} {:>6} {:>6}  {:>8.1}%  {:.1}% to {:.1}%",
            s.name(),
            seats,
            w,
            100.0 * w as f64 / games as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    println!(
        "{:.1} s, {:.2} games/s (one thread)",
        secs,
        games as f64 / secs
    );
    if !times.is_empty() {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "expert decisions not forced: {}; time per decision: median {:.3} ms, p95 {:.3} ms, p99 {:.3} ms, max {:.1} ms, mean {:.3} ms",
            times.len(),
            at(0.5),
            at(0.95),
            at(0.99),
            times[times.len() - 1],
            times.iter().sum::<f64>() / times.len() as f64
        );
    }
    ExitCode::SUCCESS
}
