//! `worlds replay SCENARIO.json [--format json|table]`: plays a scenario file (see
//! `worlds_engine::scenario`) and prints the players and the log.

use std::process::ExitCode;

use worlds_engine::scenario::{report, Scenario};
use worlds_engine::Game;

use crate::args::ReplayArgs;
use crate::landing::{clean, json, json_safe, one_line, read_text, refuse};

pub fn run(a: &ReplayArgs) -> ExitCode {
    let (path, json) = match json(&a.format) {
        Ok(j) => (a.scenario.clone(), j),
        Err(bad) => return refuse("replay", bad),
    };
    // A bad file, like a bad flag, exits with 2 and one line.
    let text = match read_text(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!(
                "worlds replay: cannot read {}: {}",
                clean(&path),
                one_line(&e)
            );
            return ExitCode::from(2);
        }
    };
    let outcome = Scenario::from_json(&text).and_then(|s| s.run());
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => {
            eprintln!(
                "worlds replay: {}: {}",
                clean(&path),
                one_line(&e.to_string())
            );
            return ExitCode::from(2);
        }
    };
    if outcome.unapplied_actions > 0 {
        eprintln!(
            "worlds replay: note: {} explicit action(s) never became legal",
            outcome.unapplied_actions
        );
    }
    if json {
        let v = report(&outcome.game);
        match serde_json::to_string_pretty(&v) {
            Ok(s) => println!("{}", json_safe(&s)),
            Err(e) => {
                eprintln!("worlds replay: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        print!("{}", clean_lines(&table(&outcome.game)));
    }
    ExitCode::SUCCESS
}

/// Every line of a text cleaned for the terminal (line breaks kept).
fn clean_lines(text: &str) -> String {
    text.split('\n').map(clean).collect::<Vec<_>>().join("\n")
}

/// The players as a table, then the log.
fn table(game: &Game) -> String {
    let board = game.board();
    let mut rows = vec![[
        "player".to_string(),
        "cash".to_string(),
        "square".to_string(),
        "jail".to_string(),
        "status".to_string(),
        "properties".to_string(),
    ]];
    for (i, p) in game.players().iter().enumerate() {
        let props: Vec<String> = game
            .lots_of(worlds_engine::PlayerId(i))
            .into_iter()
            .map(|l| board.square(l).name.clone())
            .collect();
        rows.push([
            p.name.clone(),
            board.money(p.cash),
            format!("{} ({})", board.square(p.position).name, p.position),
            if p.in_jail { "in jail" } else { "-" }.to_string(),
            if p.bankrupt { "bankrupt" } else { "playing" }.to_string(),
            props.join(", "),
        ]);
    }
    let widths: Vec<usize> = (0..6)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!("{} - round {}\n\n", board.name(), game.round());
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out.push_str("\nlog:\n");
    for e in game.log() {
        out.push_str(&format!(
            "  [round {}] {}  (at {}, {})\n",
            e.round,
            game.describe(e),
            board.square(e.position).name,
            board.money(e.cash)
        ));
    }
    out
}
