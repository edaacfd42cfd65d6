//! `worlds`: command-line tools over the Monopoly Worlds engine.
//!
//! Each subcommand lives in its own module; the command line is declared in `args` (clap);
//! `main` only dispatches.

// A native tool: the standard sorts cost it nothing (clippy.toml keeps them out of the
// site's wasm).
#![allow(clippy::disallowed_methods)]

mod admin;
mod args;
mod bench;
mod exact;
mod expert;
mod fuzz;
mod landing;
mod load;
mod movement;
mod replay;
mod serve;
mod text;
mod thinking;
mod tournament;

use std::process::ExitCode;

use args::Command;

/// Writing to a closed pipe (`worlds ... | head`) ends the program quietly, as other
/// command-line tools do, instead of a panic with a backtrace: the signal is given back its
/// default action (Rust ignores it, which turns it into an error every `println!` panics on).
#[cfg(unix)]
fn end_quietly_on_closed_pipe() {
    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: `signal` is the C library's; setting the default action of SIGPIPE before any
    // thread starts has no other effect.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_quietly_on_closed_pipe() {}

fn main() -> ExitCode {
    end_quietly_on_closed_pipe();
    let command = match args::parse() {
        Ok(c) => c,
        Err(code) => return code,
    };
    match &command {
        Command::Replay(a) => replay::run(a),
        Command::BenchGames(a) => bench::run(a),
        Command::Landing(a) => landing::run(a),
        Command::Exact(a) => exact::run(a),
        Command::Payback(a) => exact::run_payback(a),
        Command::Tournament(a) => tournament::run(a),
        Command::BenchExpert(a) => expert::run(a),
        Command::BenchStats(a) => tournament::run_bench(a),
        Command::BenchMovement(a) => movement::run(a),
        Command::Fuzz(a) => fuzz::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Load(a) => load::run(a),
        Command::Admin(a) => admin::run(a),
    }
}
