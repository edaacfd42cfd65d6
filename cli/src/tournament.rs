//! `worlds tournament`: many full games between computer strategies, and
//! `worlds bench-stats`: the statistics lab's benchmarks (a benchmark, not a test: run it
//! with a release build).

use std::process::ExitCode;
use std::time::Instant;

use serde::Serialize;
use worlds_engine::stats::exact::Chain;
use worlds_engine::stats::{
    Count, Decks, JailStrategy, Simulation, SimulationConfig, Tournament, TournamentConfig,
    TournamentReport,
};

use crate::args::{BenchStatsArgs, TournamentArgs};
use crate::landing::{board, in_range, json, print_json, refuse, BadArgs};
use crate::thinking::{players, DecisionTimes, Decisions, Thinking};

pub fn run(a: &TournamentArgs) -> ExitCode {
    let parsed = (|| {
        let (board, rules) = board(&a.board)?;
        let seats: Vec<String> = a.seats.split(',').map(|s| s.trim().to_string()).collect();
        let config = TournamentConfig {
            games: in_range("games", a.games, 1, 10_000_000)?,
            seats,
            seed: a.seed,
            round_cap: in_range("round-cap", a.round_cap, 1, 100_000)? as u32,
            rotate: a.rotate,
            ..TournamentConfig::default()
        };
        let t = Tournament::new(&board, &rules, config)
            .map_err(|e| BadArgs(format!("--seats: {e}")))?;
        let threads = match a.threads {
            Some(n) => in_range("threads", n, 1, 256)? as usize,
            // Every core: the games are seeded by their index, so the result does not
            // depend on it.
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let thinking = Thinking::from_args(&a.expert)?;
        Ok::<_, BadArgs>((t, json(&a.format)?, threads, thinking))
    })();
    let (t, json, threads, thinking) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("tournament", bad),
    };
    report("tournament", t, threads, thinking, json)
}

/// What `tournament` and `bench-expert` print as JSON: the tournament's report, how the
/// expert seats thought and how long their decisions took, and the run's wall time.
#[derive(Serialize)]
struct Report {
    #[serde(flatten)]
    tournament: TournamentReport,
    /// Present when an expert sat at the table.
    #[serde(skip_serializing_if = "Option::is_none")]
    expert: Option<ExpertReport>,
    threads: usize,
    seconds: f64,
}

#[derive(Serialize)]
struct ExpertReport {
    thinking: Thinking,
    #[serde(skip_serializing_if = "Option::is_none")]
    decision_times: Option<DecisionTimes>,
}

/// Plays the tournament on `threads` threads, the expert seats thinking as `thinking`
/// says, and prints the result (as text, or as JSON).
pub fn report(
    command: &str,
    mut t: Tournament,
    threads: usize,
    thinking: Thinking,
    json: bool,
) -> ExitCode {
    let decisions = Decisions::default();
    let start = Instant::now();
    if let Err(e) = t.run_on_threads_with(threads, &players(thinking, &decisions)) {
        eprintln!("worlds {command}: {e}");
        return ExitCode::from(1);
    }
    let seconds = start.elapsed().as_secs_f64();
    let r = t.result();
    let has_expert = r.seats.iter().any(|s| s.strategy == "expert");
    let expert = has_expert.then(|| ExpertReport {
        thinking,
        decision_times: decisions.summary(),
    });
    if json {
        return print_json(&Report {
            tournament: r,
            expert,
            threads,
            seconds,
        });
    }
    print_text(&r, t.config().rotate);
    if let Some(e) = &expert {
        let time = match e.thinking.think_ms {
            Some(ms) => format!("{ms} ms per decision that matters"),
            None => "no time limit (the run repeats exactly)".to_string(),
        };
        println!(
            "\nExpert: at most {} play-outs per decision, {} rounds ahead, {time}",
            e.thinking.playouts, e.thinking.horizon
        );
        if let Some(times) = &e.decision_times {
            println!("{}", times.lines());
        }
    }
    println!(
        "\n{seconds:.1} s on {threads} thread{}, {:.2} games/s",
        if threads == 1 { "" } else { "s" },
        r.games as f64 / seconds.max(1e-9)
    );
    ExitCode::SUCCESS
}

fn print_text(r: &TournamentReport, rotate: bool) {
    println!(
        "{}: {} games, seed {}; {} ended by bankruptcy, {} at the round limit ({}), {} unfinished; {} bankruptcies",
        r.board,
        r.games,
        r.seed,
        r.decided_by_bankruptcy,
        r.decided_by_round_limit,
        r.round_limit,
        r.unfinished,
        r.bankruptcies
    );
    if rotate {
        println!("Seats rotated: every strategy sat in every seat (the seat rows follow each entrant of the list).");
    }
    println!("\nBy seat:\n seat  strategy   wins   win rate  bankruptcies");
    for s in &r.seats {
        println!(
            "{:>5}  {:<9} {:>5}  {:>8.1}%  {:>12}",
            s.seat,
            s.strategy,
            s.wins,
            100.0 * s.win_rate,
            s.bankruptcies
        );
    }
    println!("\nBy strategy:\n strategy   seats   wins   win rate  95% CI (Wilson)");
    for s in &r.strategies {
        println!(
            " {:<9} {:>6} {:>6}  {:>8.1}%  {:.1}% to {:.1}%",
            s.strategy,
            s.seats,
            s.wins,
            100.0 * s.win_rate,
            100.0 * s.ci_low,
            100.0 * s.ci_high
        );
    }
    let l = &r.lengths;
    println!(
        "\nGame length in rounds: min {}, median {}, mean {:.1}, max {}",
        l.min, l.median, l.mean, l.max
    );
    let most = l.histogram.iter().map(|b| b.games).max().unwrap_or(0);
    for b in &l.histogram {
        let bar = if most > 0 {
            (b.games as f64 / most as f64 * 40.0).round() as usize
        } else {
            0
        };
        println!(
            "{:>5}-{:<5} |{:<40}| {}",
            b.from,
            b.to,
            "#".repeat(bar),
            b.games
        );
    }
}

pub fn run_bench(a: &BenchStatsArgs) -> ExitCode {
    let parsed = (|| {
        let (board, rules) = board(&a.board)?;
        Ok::<_, BadArgs>((
            board,
            rules,
            in_range("games", a.games, 1, 100_000_000)?,
            in_range("turns", a.turns, 1, 1_000_000)? as u32,
            in_range("players", a.players, 1, 100)? as u32,
            in_range("full-games", a.full_games, 0, 10_000_000)?,
        ))
    })();
    let (board, rules, games, turns, players, full_games) = match parsed {
        Ok(p) => p,
        Err(bad) => return refuse("bench-stats", bad),
    };
    if cfg!(debug_assertions) {
        println!("(a debug build: run `cargo run --release -p worlds-cli -- bench-stats` for real figures)");
    }
    println!("{} board, one thread.", board.name());
    for decks in [Decks::Shuffled, Decks::Random] {
        let config = SimulationConfig {
            games,
            turns,
            players,
            seed: 1,
            count: Count::Landings,
            decks,
            jail: JailStrategy::Stay,
        };
        let start = Instant::now();
        let mut sim = Simulation::new(&board, &rules, config);
        sim.run();
        let secs = start.elapsed().as_secs_f64();
        let t = sim.tallies().turn_count;
        println!(
            "movement simulation, {games} games x {turns} turns x {players} players, decks {decks}: {secs:.3} s, {:.0} turns/s",
            t as f64 / secs
        );
    }
    for jail in [JailStrategy::Stay, JailStrategy::Leave] {
        let start = Instant::now();
        match Chain::solve(&board, &rules, jail) {
            Ok(c) => println!(
                "exact chain, jail {jail}: {} states, residual {:.1e}, solved in {:.1} ms",
                c.states,
                c.residual,
                start.elapsed().as_secs_f64() * 1000.0
            ),
            Err(e) => println!("exact chain, jail {jail}: {e}"),
        }
    }
    if full_games > 0 {
        let seats = vec!["balanced".to_string(); usize::from(rules.min_players.max(2))];
        let config = TournamentConfig {
            games: full_games,
            seats,
            ..TournamentConfig::default()
        };
        match Tournament::new(&board, &rules, config) {
            Ok(mut t) => {
                let start = Instant::now();
                if let Err(e) = t.run() {
                    eprintln!("worlds bench-stats: {e}");
                    return ExitCode::from(1);
                }
                let secs = start.elapsed().as_secs_f64();
                let r = t.result();
                println!(
                    "full games (tournament, {} balanced bots, round cap {}): {full_games} in {secs:.2} s, {:.1} games/s, {:.1} rounds on average",
                    r.seats.len(),
                    r.round_limit,
                    full_games as f64 / secs,
                    r.lengths.mean
                );
            }
            Err(e) => println!("full games: {e}"),
        }
    }
    ExitCode::SUCCESS
}
