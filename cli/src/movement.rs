//! `worlds bench-movement [--games N] [--rounds R] [--reference PATH]`: the movement
//! simulation on the job of `shared/bench/movement_ref.c` (classic board, N games x 150 turns
//! x 2 players, jail "stay", cards drawn at random), timed R times. With `--reference`, the
//! compiled C reference (`cc -O2 -o /tmp/movement_ref movement_ref.c`) runs the same job
//! right after each round, and the ratio is reported from the same run. A benchmark, not a
//! test: run it with a release build.

use std::process::{Command, ExitCode};
use std::time::Instant;

use worlds_engine::stats::{Count, Decks, JailStrategy, Simulation, SimulationConfig};
use worlds_engine::Preset;

use crate::args::BenchMovementArgs;
use crate::landing::{in_range, refuse, BadArgs};

const TURNS: u32 = 150;
const PLAYERS: u32 = 2;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let k = v.len();
    if k % 2 == 1 {
        v[k / 2]
    } else {
        (v[k / 2 - 1] + v[k / 2]) / 2.0
    }
}

/// Runs the C reference once; its seconds, read from its "=> X s" line.
fn run_reference(path: &str, games: u64) -> Result<f64, String> {
    let out = Command::new(path)
        .arg(games.to_string())
        .output()
        .map_err(|e| format!("cannot run the reference: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split("=>")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| "the reference printed no '=> X s' time".to_string())
}

pub fn run(a: &BenchMovementArgs) -> ExitCode {
    let parsed = (|| {
        Ok::<_, BadArgs>((
            in_range("games", a.games, 1, 100_000_000)?,
            in_range("rounds", a.rounds, 1, 1000)?,
            a.reference.clone(),
        ))
    })();
    let (games, rounds, reference) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("bench-movement", bad),
    };
    if cfg!(debug_assertions) {
        println!("(a debug build: run `cargo run --release -p worlds-cli -- bench-movement` for real figures)");
    }
    let board = Preset::Classic.board();
    let rules = board.rules().clone();
    let config = SimulationConfig {
        games,
        turns: TURNS,
        players: PLAYERS,
        seed: 1,
        count: Count::Rolls,
        decks: Decks::Random,
        jail: JailStrategy::Stay,
    };
    let turns = games as f64 * f64::from(TURNS * PLAYERS);
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 1..=rounds {
        let start = Instant::now();
        let mut sim = Simulation::new(&board, &rules, config.clone());
        sim.run();
        let secs = start.elapsed().as_secs_f64();
        let t = sim.tallies();
        let illinois = 100.0 * t.rolls.squares[24] as f64 / t.roll_count.max(1) as f64;
        print!(
            "round {round}: engine {secs:.4} s ({:.1} M turns/s, Illinois/roll {illinois:.4}%)",
            turns / secs / 1e6
        );
        ours.push(secs);
        if let Some(path) = &reference {
            match run_reference(path, games) {
                Ok(c) => {
                    print!(", C reference {c:.4} s, ratio {:.2}", secs / c);
                    theirs.push(c);
                    ratios.push(secs / c);
                }
                Err(e) => {
                    println!();
                    eprintln!("worlds bench-movement: {e}");
                    return ExitCode::from(1);
                }
            }
        }
        println!();
    }
    print!(
        "movement simulation, classic, {games} games x {TURNS} turns x {PLAYERS} players, jail stay, cards at random, one thread: median {:.4} s",
        median(&mut ours)
    );
    if !ratios.is_empty() {
        print!(
            "; C reference median {:.4} s; median ratio {:.2}",
            median(&mut theirs),
            median(&mut ratios)
        );
    }
    println!();
    ExitCode::SUCCESS
}
