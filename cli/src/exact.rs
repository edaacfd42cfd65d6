//! `worlds exact`: the exact long-run distribution from the Markov chain of movement, and
//! `worlds payback`: what each lot and color group earns per opponent turn.

use std::process::ExitCode;

use worlds_engine::stats::exact::Chain;
use worlds_engine::stats::payback::payback_from;
use worlds_engine::stats::{Count, JailStrategy};

use crate::landing::{print_json, print_tables, refuse, rows, BadArgs, Flags};

pub const USAGE: &str =
    "usage: worlds exact [--board B] [--count rolls|turns|landings] [--jail stay|leave]
                    [--format json|table]
  defaults: --board classic --count turns --jail stay --format table
  Cards are drawn at random; the stationary distribution is solved to a residual below 1e-12.";

pub const PAYBACK_USAGE: &str =
    "usage: worlds payback [--board B] [--jail stay|leave] [--format json|table]
  defaults: --board classic --jail stay --format table";

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let parsed = (|| {
        let f = Flags::parse(args, &["board", "count", "jail", "format"])?;
        let (board, rules) = f.board()?;
        Ok::<_, BadArgs>((
            board,
            rules,
            f.choice("count", Count::Turns)?,
            f.choice("jail", JailStrategy::Stay)?,
            f.json()?,
        ))
    })();
    let (board, rules, count, jail, json) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("exact", USAGE, bad),
    };
    let chain = match Chain::solve(&board, &rules, jail) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("worlds exact: {e}");
            return ExitCode::from(1);
        }
    };
    let report = chain.report(count);
    if json {
        return print_json(&report);
    }
    println!(
        "{}: exact long run, counting '{}' ({}), cards at random, jail strategy {}",
        report.board, report.count, report.convention, report.jail
    );
    println!(
        "{} chain states, residual {:.1e}, {:.4} rolls per turn.",
        report.states, report.residual, report.rolls_per_turn
    );
    let names: Vec<String> = report.squares.iter().map(|s| s.name.clone()).collect();
    let shares: Vec<f64> = report.squares.iter().map(|s| s.probability).collect();
    let rows = rows(
        &names,
        None,
        &shares,
        board.jail(),
        (None, report.in_jail),
        (None, report.just_visiting),
    );
    print_tables(&rows, "probability");
    ExitCode::SUCCESS
}

pub fn run_payback(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{PAYBACK_USAGE}");
        return ExitCode::SUCCESS;
    }
    let parsed = (|| {
        let f = Flags::parse(args, &["board", "jail", "format"])?;
        let (board, rules) = f.board()?;
        Ok::<_, BadArgs>((
            board,
            rules,
            f.choice("jail", JailStrategy::Stay)?,
            f.json()?,
        ))
    })();
    let (board, rules, jail, json) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("payback", PAYBACK_USAGE, bad),
    };
    let chain = match Chain::solve(&board, &rules, jail) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("worlds payback: {e}");
            return ExitCode::from(1);
        }
    };
    let report = payback_from(&board, &rules, &chain);
    if json {
        return print_json(&report);
    }
    println!("{}: {}.", report.board, report.convention);
    let turns = |t: Option<f64>| t.map_or("never".to_string(), |t| format!("{t:.0}"));
    for l in &report.lots {
        println!(
            "\n{} ({}, price {}): {:.4}% landing probability per opponent turn",
            l.name,
            l.group.as_deref().unwrap_or(&l.kind),
            l.price,
            100.0 * l.landing_probability
        );
        for v in &l.levels {
            println!(
                "  {:<12} rent {:>8.1}  expected {:>7.3} per opponent turn  cost {:>6}  payback {:>6} turns",
                v.level,
                v.rent,
                v.expected_rent,
                v.cost,
                turns(v.payback_turns)
            );
        }
    }
    println!("\nGroups:");
    for g in &report.groups {
        println!(
            "\n{} (price {}): {:.4}% landing probability per opponent turn",
            g.name,
            g.price,
            100.0 * g.landing_probability
        );
        for v in &g.levels {
            println!(
                "  {:<12} rent {:>8.1}  expected {:>7.3} per opponent turn  cost {:>6}  payback {:>6} turns",
                v.level,
                v.rent,
                v.expected_rent,
                v.cost,
                turns(v.payback_turns)
            );
        }
    }
    ExitCode::SUCCESS
}
