//! `worlds exact`: the exact long-run distribution from the Markov chain of movement, and
//! `worlds payback`: what each lot and color group earns per opponent turn.

use std::process::ExitCode;

use worlds_engine::stats::exact::Chain;
use worlds_engine::stats::payback::payback_from;
use worlds_engine::stats::{Count, JailStrategy};

use crate::args::{ExactArgs, PaybackArgs};
use crate::landing::{board, choice, json, print_json, print_tables, refuse, rows, BadArgs};

pub fn run(a: &ExactArgs) -> ExitCode {
    let parsed = (|| {
        let (board, rules) = board(&a.board)?;
        Ok::<_, BadArgs>((
            board,
            rules,
            choice::<Count>("count", &a.count)?,
            choice::<JailStrategy>("jail", &a.jail)?,
            json(&a.format)?,
        ))
    })();
    let (board, rules, count, jail, json) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("exact", bad),
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

pub fn run_payback(a: &PaybackArgs) -> ExitCode {
    let parsed = (|| {
        let (board, rules) = board(&a.board)?;
        Ok::<_, BadArgs>((
            board,
            rules,
            choice::<JailStrategy>("jail", &a.jail)?,
            json(&a.format)?,
        ))
    })();
    let (board, rules, jail, json) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("payback", bad),
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
