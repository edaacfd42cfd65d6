//! `worlds`: command-line tools over the Monopoly Worlds engine.
//!
//! Each subcommand lives in its own module; `main` only dispatches.

mod bench;
mod exact;
mod expert;
mod fuzz;
mod landing;
mod movement;
mod replay;
mod serve;
mod tournament;

use std::process::ExitCode;

const USAGE: &str = "usage: worlds <command> [options]

commands:
  replay      play a scenario file: replay SCENARIO.json [--format json|table]
  bench-games play full bot games and report games per second
  landing     Monte Carlo landing frequencies (statistics lab):
              landing [--board B] [--games N] [--turns T] [--players P] [--seed S]
                      [--count landings|rolls|turns] [--decks shuffled|random]
                      [--jail stay|leave] [--format json|table]
              defaults: --board classic --games 1000 --turns 100 --players 2 --seed 1
                        --count landings --decks shuffled --jail stay
              B: classic, mini, campus, worlds or the path of a board JSON file
  exact       exact long-run distribution from the Markov chain of movement:
              exact [--board B] [--count rolls|turns|landings] [--jail stay|leave] [--format json|table]
              defaults: --board classic --count turns --jail stay (cards at random)
  payback     expected rent per opponent turn and turns to pay back, per lot and group:
              payback [--board B] [--jail stay|leave] [--format json|table]
  tournament  full games between computer strategies:
              tournament [--board B] [--games N] [--seats STRATEGY,STRATEGY,...] [--seed S]
                         [--round-cap R] [--rotate] [--format json|table]
              defaults: --games 100 --seats balanced,cautious --seed 1 --round-cap 500
              strategies: balanced, cautious, random, expert; --rotate seats every
              strategy in every seat equally often
  bench-expert the expert's decision time and games per second (a benchmark):
              bench-expert [--board B] [--games N] [--seats S,S,...] [--seed S] [--playouts P]
  bench-stats statistics benchmarks: turns/s, chain solve time, full games/s
  bench-movement the movement simulation on the job of shared/bench/movement_ref.c:
              bench-movement [--games N] [--rounds R] [--reference PATH]
  serve       the room server: serves the built site and hosts rooms (friends anywhere):
              serve [--site DIR] [--bind ADDR] [--port N] [--bot-delay-ms N]
              defaults: --site dist --bind 127.0.0.1 --port 8080
  fuzz        random games with varied rules, checking invariants after every action:
              fuzz [--games N] [--seed S] [--max-actions A]
  help        show this text";

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    match command.as_str() {
        "replay" => replay::run(rest),
        "bench-games" => bench::run(rest),
        "landing" => landing::run(rest),
        "exact" => exact::run(rest),
        "payback" => exact::run_payback(rest),
        "tournament" => tournament::run(rest),
        "bench-expert" => expert::run(rest),
        "bench-stats" => tournament::run_bench(rest),
        "bench-movement" => movement::run(rest),
        "fuzz" => fuzz::run(rest),
        "serve" => serve::run(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        other => {
            eprintln!(
                "worlds: unknown command '{}' (see worlds help)",
                landing::clean(other)
            );
            ExitCode::from(2)
        }
    }
}
