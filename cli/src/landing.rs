//! `worlds landing`: Monte Carlo landing frequencies for any board, and the helpers the
//! statistics commands share (flags, boards, tables, bar charts).

use std::process::ExitCode;

use worlds_engine::stats::{Count, Decks, JailStrategy, Simulation, SimulationConfig};
use worlds_engine::{Board, BoardDef, Preset, RuleSet};

use crate::args::{BoardArg, FormatArg, LandingArgs};
pub use crate::text::{clean, one_line};

/// A bad command line: the message to print before exiting with code 2.
pub struct BadArgs(pub String);

/// A whole number within `min..=max`.
pub fn in_range(name: &str, v: u64, min: u64, max: u64) -> Result<u64, BadArgs> {
    if v < min || v > max {
        return Err(BadArgs(format!(
            "--{name} must be between {min} and {max}; got {v}"
        )));
    }
    Ok(v)
}

/// One of the names a `FromStr` type knows (its own message on failure).
pub fn choice<T: std::str::FromStr<Err = String>>(name: &str, v: &str) -> Result<T, BadArgs> {
    v.parse()
        .map_err(|e: String| BadArgs(format!("--{name}: {e}")))
}

/// `--format json|table`: true for JSON.
pub fn json(format: &FormatArg) -> Result<bool, BadArgs> {
    match format.format.as_str() {
        "table" | "text" => Ok(false),
        "json" => Ok(true),
        other => Err(BadArgs(format!(
            "--format: unknown format '{}': use json or table",
            clean(other)
        ))),
    }
}

/// `--board`: a preset name or a board file, checked.
pub fn board(arg: &BoardArg) -> Result<(Board, RuleSet), BadArgs> {
    let board = load_board(&arg.board).map_err(BadArgs)?;
    let rules = board.rules().clone();
    Ok((board, rules))
}

/// A preset by name, else a board JSON file checked by `Board::from_def`.
pub fn load_board(name: &str) -> Result<Board, String> {
    if let Some(p) = Preset::from_id(name) {
        return Ok(p.board());
    }
    let shown = clean(name);
    let text = read_text(name).map_err(|e| {
        format!("--board: '{shown}' is neither a preset (classic, mini, campus, worlds) nor a readable board file: {e}")
    })?;
    let def = BoardDef::from_json(&text).map_err(|e| format!("--board {shown}: {e}"))?;
    Board::from_def(def).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        format!(
            "--board {shown}: the board is not valid: {}",
            lines.join(" ")
        )
    })
}

/// Files larger than this are refused before they are read.
pub const MAX_FILE_BYTES: u64 = 10 * 1024 * 1024;

/// Reads a text file of at most [`MAX_FILE_BYTES`]: the size is checked before reading,
/// and the read itself stops past the limit (a device such as /dev/zero has no size). A
/// UTF-8 byte-order mark is dropped.
pub fn read_text(path: &str) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if meta.is_dir() {
        return Err("it is a directory".to_string());
    }
    let too_large = || {
        format!(
            "the file is larger than {} MB",
            MAX_FILE_BYTES / (1024 * 1024)
        )
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large());
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "the file is not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Pretty JSON safe to print: the invisible characters serde leaves as they are (DEL, C1
/// controls, direction overrides, zero-width spaces; it escapes the others) become `\uXXXX`
/// escapes, which decode to the same text.
pub fn json_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if c != '\n' && worlds_engine::board::is_forbidden_name_char(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Prints a bad command line (one line) and returns exit code 2.
pub fn refuse(command: &str, bad: BadArgs) -> ExitCode {
    eprintln!(
        "worlds {command}: {} (usage: worlds {command} --help)",
        one_line(&bad.0)
    );
    ExitCode::from(2)
}

/// Prints a value as pretty JSON.
pub fn print_json<T: serde::Serialize>(value: &T) -> ExitCode {
    match serde_json::to_string_pretty(value) {
        Ok(s) => {
            println!("{}", json_safe(&s));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("worlds: cannot write JSON: {e}");
            ExitCode::from(1)
        }
    }
}

/// One row of a frequency table.
pub struct Row {
    pub index: usize,
    pub name: String,
    /// A count, or `None` for exact probabilities.
    pub count: Option<u64>,
    pub share: f64,
}

/// Rows in board order, the jail square split into in jail and just visiting.
pub fn rows(
    names: &[String],
    counts: Option<&[u64]>,
    shares: &[f64],
    jail: Option<usize>,
    in_jail: (Option<u64>, f64),
    visiting: (Option<u64>, f64),
) -> Vec<Row> {
    let mut out = Vec::new();
    for (i, name) in names.iter().enumerate() {
        if Some(i) == jail {
            out.push(Row {
                index: i,
                name: format!("{name} (in jail)"),
                count: in_jail.0,
                share: in_jail.1,
            });
            out.push(Row {
                index: i,
                name: format!("{name} (just visiting)"),
                count: visiting.0,
                share: visiting.1,
            });
        } else {
            out.push(Row {
                index: i,
                name: name.clone(),
                count: counts.map(|c| c[i]),
                share: shares[i],
            });
        }
    }
    out
}

/// The two tables (by share descending, then in board order) and a bar chart.
pub fn print_tables(rows: &[Row], share_label: &str) {
    let width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(6);
    let line = |r: &Row| match r.count {
        Some(c) => format!(
            "{:>3}  {:<width$}  {:>10}  {:>8.4}%",
            r.index,
            r.name,
            c,
            100.0 * r.share
        ),
        None => format!(
            "{:>3}  {:<width$}  {:>8.4}%",
            r.index,
            r.name,
            100.0 * r.share
        ),
    };
    let header = if rows.first().is_some_and(|r| r.count.is_some()) {
        format!(
            "{:>3}  {:<width$}  {:>10}  {:>9}",
            "#", "square", "count", share_label
        )
    } else {
        format!("{:>3}  {:<width$}  {:>9}", "#", "square", share_label)
    };
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by(|a, b| b.share.total_cmp(&a.share).then(a.index.cmp(&b.index)));
    println!("\nBy {share_label}, highest first:");
    println!("{header}");
    for r in sorted {
        println!("{}", line(r));
    }
    println!("\nIn board order:");
    println!("{header}");
    for r in rows {
        println!("{}", line(r));
    }
    println!("\nBar chart ({share_label}):");
    let max = rows.iter().map(|r| r.share).fold(0.0, f64::max);
    for r in rows {
        let bar = if max > 0.0 {
            (r.share / max * 50.0).round() as usize
        } else {
            0
        };
        println!(
            "{:<width$} |{:<50}| {:.2}%",
            r.name,
            "#".repeat(bar),
            100.0 * r.share
        );
    }
}

pub fn run(a: &LandingArgs) -> ExitCode {
    let parsed = (|| {
        let (board, rules) = board(&a.board)?;
        let config = SimulationConfig {
            games: in_range("games", a.games, 1, 100_000_000)?,
            turns: in_range("turns", a.turns, 1, 1_000_000)? as u32,
            players: in_range("players", a.players, 1, 100)? as u32,
            seed: a.seed,
            count: choice::<Count>("count", &a.count)?,
            decks: choice::<Decks>("decks", &a.decks)?,
            jail: choice::<JailStrategy>("jail", &a.jail)?,
        };
        Ok::<_, BadArgs>((board, rules, config, json(&a.format)?))
    })();
    let (board, rules, config, json) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("landing", bad),
    };
    let mut sim = Simulation::new(&board, &rules, config);
    sim.run();
    let report = sim.result();
    if json {
        return print_json(&report);
    }
    println!(
        "{}: {} games x {} turns x {} players, seed {}; decks {}, jail strategy {}",
        report.board,
        report.games,
        report.turns_per_game,
        report.players,
        report.seed,
        report.decks,
        report.jail
    );
    println!(
        "counting '{}': {}.\n{} counted, {} rolls, {} turns.",
        report.count, report.convention, report.total, report.rolls, report.turns
    );
    let names: Vec<String> = report.squares.iter().map(|s| s.name.clone()).collect();
    let counts: Vec<u64> = report.squares.iter().map(|s| s.count).collect();
    let shares: Vec<f64> = report.squares.iter().map(|s| s.frequency).collect();
    let rows = rows(
        &names,
        Some(&counts),
        &shares,
        board.jail(),
        (Some(report.in_jail.count), report.in_jail.frequency),
        (
            Some(report.just_visiting.count),
            report.just_visiting.frequency,
        ),
    );
    print_tables(&rows, "frequency");
    ExitCode::SUCCESS
}
