//! `worlds replay SCENARIO.json [--format json|table]`: plays a scenario file (see
//! `worlds_engine::scenario`) and prints the players and the log.

use std::process::ExitCode;

use worlds_engine::scenario::{report, Scenario};
use worlds_engine::Game;

use crate::landing::{clean, json_safe, one_line, read_text};

pub const USAGE: &str = "usage: worlds replay SCENARIO.json [--format json|table]";

#[derive(Debug, PartialEq)]
enum Format {
    Table,
    Json,
}

fn parse(args: &[String]) -> Result<(String, Format), String> {
    let mut path = None;
    let mut format = Format::Table;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let value = if a == "--format" {
            i += 1;
            Some(args.get(i).map(String::as_str).unwrap_or(""))
        } else {
            a.strip_prefix("--format=")
        };
        match value {
            Some("json") => format = Format::Json,
            Some("table") => format = Format::Table,
            Some(other) => return Err(format!("unknown format '{other}': use json or table")),
            None if a.starts_with('-') && a != "-" => return Err(format!("unknown option '{a}'")),
            None if path.is_none() => path = Some(a.to_string()),
            None => return Err(format!("unexpected argument '{a}'")),
        }
        i += 1;
    }
    path.map(|p| (p, format))
        .ok_or_else(|| "a scenario file is needed".to_string())
}

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (path, format) = match parse(args) {
        Ok(x) => x,
        Err(e) => {
            eprintln!(
                "worlds replay: {} (usage: worlds replay SCENARIO.json [--format json|table])",
                one_line(&e)
            );
            return ExitCode::from(2);
        }
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
    match format {
        Format::Json => {
            let v = report(&outcome.game);
            match serde_json::to_string_pretty(&v) {
                Ok(s) => println!("{}", json_safe(&s)),
                Err(e) => {
                    eprintln!("worlds replay: {e}");
                    return ExitCode::from(1);
                }
            }
        }
        Format::Table => print!("{}", clean_lines(&table(&outcome.game))),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn arguments() {
        assert_eq!(parse(&s(&["a.json"])), Ok(("a.json".into(), Format::Table)));
        assert_eq!(
            parse(&s(&["a.json", "--format", "json"])),
            Ok(("a.json".into(), Format::Json))
        );
        assert_eq!(
            parse(&s(&["--format=table", "a.json"])),
            Ok(("a.json".into(), Format::Table))
        );
        assert!(parse(&s(&["a.json", "--format", "xml"])).is_err());
        assert!(parse(&s(&["a.json", "b.json"])).is_err());
        assert!(parse(&s(&[])).is_err());
        assert!(parse(&s(&["--verbose", "a.json"])).is_err());
    }
}
