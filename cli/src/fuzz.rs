//! `worlds fuzz [--games N] [--seed S] [--max-actions A]`: full games with random rule
//! variations and random legal and illegal actions, checking the game's invariants after
//! every action (see `worlds_engine::fuzz`). Exits 1 on any panic or violation.

use std::process::ExitCode;
use std::time::Instant;

use worlds_engine::fuzz::{run as fuzz, FuzzConfig};

use crate::landing::{clean, refuse, BadArgs, Flags};

pub const USAGE: &str = "usage: worlds fuzz [--games N] [--seed S] [--max-actions A]
  defaults: --games 1000 --seed 1 --max-actions 3000
  Games cycle through classic, mini, campus and worlds; most with rules varied as the Board
  Maker allows. Prints games, actions, panics and invariant violations; exits 1 on any.";

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let parsed = (|| {
        let f = Flags::parse(args, &["games", "seed", "max-actions"])?;
        Ok::<_, BadArgs>(FuzzConfig {
            games: f.number("games", 1000, 1, 100_000_000)?,
            seed: f.value("seed", 1u64)?,
            max_actions_per_game: f.number("max-actions", 3000, 1, 1_000_000)? as usize,
        })
    })();
    let config = match parsed {
        Ok(c) => c,
        Err(bad) => return refuse("fuzz", USAGE, bad),
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
