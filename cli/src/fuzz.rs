//! `worlds fuzz [--games N] [--seed S] [--max-actions A]`: full games with random rule
//! variations and random legal and illegal actions, checking the game's invariants after
//! every action (see `worlds_engine::fuzz`). Exits 1 on any panic or violation.

use std::process::ExitCode;
use std::time::Instant;

use worlds_engine::fuzz::{run as fuzz, FuzzConfig};

use crate::args::FuzzArgs;
use crate::landing::{clean, in_range, refuse, BadArgs};

pub fn run(a: &FuzzArgs) -> ExitCode {
    let parsed = (|| {
        Ok::<_, BadArgs>(FuzzConfig {
            games: in_range("games", a.games, 1, 100_000_000)?,
            seed: a.seed,
            max_actions_per_game: in_range("max-actions", a.max_actions, 1, 1_000_000)? as usize,
        })
    })();
    let config = match parsed {
        Ok(c) => c,
        Err(bad) => return refuse("fuzz", bad),
    };
    // Panics are caught and counted per game; their messages are in the report.
    std::panic::set_hook(Box::new(|_| {}));
    let start = Instant::now();
    let step = (config.games / 10).max(1);
    let report = fuzz(config, |r| {
        if r.games % step == 0 && r.games < config.games {
            eprintln!(
                "  {} games, {} actions, {} panics, {} violations ({:.0} s)",
                r.games,
                r.actions,
                r.panics,
                r.violations,
                start.elapsed().as_secs_f64()
            );
        }
    });
    let _ = std::panic::take_hook();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "fuzz: {} games ({} finished, {} with varied rules), {} actions ({} refused), {} panics, {} violations, {:.1} s, seed {}",
        report.games,
        report.finished,
        report.varied_rules,
        report.actions,
        report.refused,
        report.panics,
        report.violations,
        secs,
        config.seed
    );
    for p in &report.problems {
        println!("  {}", clean(p));
    }
    if report.panics > 0 || report.violations > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
