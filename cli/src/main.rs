//! `worlds`: command-line tools over the Monopoly Worlds engine.
//!
//! Each subcommand lives in its own module; `main` only dispatches.

mod bench;
mod replay;

use std::process::ExitCode;

const USAGE: &str = "usage: worlds <command> [options]

commands:
  replay      play a scenario file: replay SCENARIO.json [--format json|table]
  bench-games play full bot games and report games per second
  help        show this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    match command.as_str() {
        "replay" => replay::run(rest),
        "bench-games" => bench::run(rest),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        other => {
            eprintln!("worlds: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
