//! `worlds bench-expert`: the expert against other strategies on one thread, seats rotated,
//! with its decision times (a benchmark, not a test: run it with a release build).

use std::process::ExitCode;

use worlds_engine::stats::{Tournament, TournamentConfig};

use crate::args::BenchExpertArgs;
use crate::landing::{board, in_range, json, refuse, BadArgs};
use crate::thinking::Thinking;
use crate::tournament::report;

pub fn run(a: &BenchExpertArgs) -> ExitCode {
    let parsed = (|| {
        let (board, rules) = board(&a.board)?;
        let seats: Vec<String> = a.seats.split(',').map(|s| s.trim().to_string()).collect();
        let config = TournamentConfig {
            games: in_range("games", a.games, 1, 10_000_000)?,
            seats,
            seed: a.seed,
            round_cap: in_range("round-cap", a.round_cap, 1, 100_000)? as u32,
            rotate: true,
            ..TournamentConfig::default()
        };
        let t = Tournament::new(&board, &rules, config)
            .map_err(|e| BadArgs(format!("--seats: {e}")))?;
        let thinking = Thinking::of(Some(a.think_ms), a.playouts, a.horizon)?;
        Ok::<_, BadArgs>((t, thinking, json(&a.format)?))
    })();
    let (t, thinking, json) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("bench-expert", bad),
    };
    if cfg!(debug_assertions) && !json {
        println!("(a debug build: run `cargo run --release -p worlds-cli -- bench-expert` for real figures)");
    }
    // One thread: the decision times are not shared with another game's thinking.
    report("bench-expert", t, 1, thinking, json)
}
