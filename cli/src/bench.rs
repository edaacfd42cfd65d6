//! `worlds bench-games [--games N] [--board ID] [--players P] [--strategy NAME] [--seed S]`:
//! plays full bot games on one thread and reports games per second. A benchmark, not a
//! test: run it with a release build.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use worlds_engine::bots::play_out;
use worlds_engine::game::{ComputerStrategy, GameSetup, Seat};
use worlds_engine::{Game, Preset};

use crate::args::BenchGamesArgs;
use crate::landing::{clean, refuse, BadArgs};

pub fn run(a: &BenchGamesArgs) -> ExitCode {
    let (games, players, seed) = (a.games, a.players, a.seed);
    let Some(board) = Preset::from_id(&a.board) else {
        return refuse(
            "bench-games",
            BadArgs(format!(
                "bad argument: --board '{}' is not a preset (classic, mini, campus, worlds)",
                clean(&a.board)
            )),
        );
    };
    let strategy = a.strategy.clone();
    if worlds_engine::strategy_by_name(&strategy).is_none() {
        return refuse(
            "bench-games",
            BadArgs(format!(
                "bad argument: --strategy '{}' is not balanced, cautious or random",
                clean(&strategy)
            )),
        );
    }
    // Counts are checked before anything is allocated for them.
    let rules = board.board().rules().clone();
    let (min, max) = (
        usize::from(rules.min_players),
        usize::from(rules.max_players),
    );
    if !(min..=max).contains(&players) {
        eprintln!(
            "worlds bench-games: --players must be between {min} and {max} on {}; got {players} (usage: worlds bench-games --help)",
            board.id()
        );
        return ExitCode::from(2);
    }
    if games == 0 || games > 100_000_000 {
        eprintln!("worlds bench-games: --games must be between 1 and 100000000; got {games} (usage: worlds bench-games --help)");
        return ExitCode::from(2);
    }
    // Checked when the arguments were read.
    let computer = ComputerStrategy::from_name(&strategy).unwrap_or_default();
    // One board for every game, as the app shares it.
    let shared_board = Arc::new(board.board());
    let start = Instant::now();
    let mut actions = 0usize;
    let mut finished = 0u64;
    let mut rounds = 0u64;
    for g in 0..games {
        let seats = (0..players)
            .map(|i| Seat::computer(&format!("Bot {}", i + 1), computer))
            .collect();
        let mut setup = GameSetup {
            board: shared_board.clone(),
            rules: rules.clone(),
            seats,
            seed: seed.wrapping_add(g),
            forced_rolls: Vec::new(),
            deck_order: None,
            edition: worlds_engine::Edition::LATEST,
        };
        if setup.rules.round_limit.is_none() {
            setup.rules.round_limit = Some(500);
        }
        let mut game = match Game::new(setup) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("worlds bench-games: {e}");
                return ExitCode::from(1);
            }
        };
        actions += play_out(&mut game, 1_000_000);
        finished += u64::from(game.is_over());
        rounds += u64::from(game.round());
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} {} games, {players} {strategy} bots, one thread: {:.2} s, {:.0} games/s, {:.0} actions/s, {finished} finished, {:.1} rounds on average",
        board.id(),
        secs,
        games as f64 / secs,
        actions as f64 / secs,
        rounds as f64 / games.max(1) as f64
    );
    ExitCode::SUCCESS
}
