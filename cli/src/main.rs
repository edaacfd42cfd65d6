//! `worlds`: command-line tools over the Monopoly Worlds engine.
//!
//! Each subcommand lives in its own module; `main` only dispatches.

use std::process::ExitCode;

const USAGE: &str = "usage: worlds <command> [options]

commands:
  help        show this text";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let _ = rest;
    match command.as_str() {
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
