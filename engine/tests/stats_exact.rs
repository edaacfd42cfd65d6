//! The exact chain: checked on tiny boards solved by hand, and against the simulation
//! within its sampling error on the shipped boards.

use serde_json::json;
use worlds_engine::stats::exact::Chain;
use worlds_engine::stats::{Count, Decks, JailStrategy, Simulation, SimulationConfig};
use worlds_engine::{Board, BoardDef, Preset};

fn board(v: serde_json::Value) -> Board {
    let def: BoardDef = serde_json::from_value(v).expect("a board definition");
    Board::from_def(def).expect("a valid board")
}

/// Ten squares; the kinds of squares 2..9 given, square 1 a lot.
fn tiny(rest: [&str; 8], rules: serde_json::Value) -> Board {
    let mut squares = vec![
        json!({"name": "Go", "type": "start"}),
        json!({"name": "Lot", "type": "property", "price": 100, "rents": [10]}),
    ];
    for (i, kind) in rest.iter().enumerate() {
        squares.push(json!({"name": format!("S{}", i + 2), "type": kind}));
    }
    board(json!({"name": "Tiny", "squares": squares, "rules": rules}))
}

/// A ten-sided die, no extra roll, Jail on 3, Go To Jail on 7, one try in jail: every turn
/// ends on any square with chance 1/10, and the 1/10 of Go To Jail goes to jail. So by hand:
/// 1/10 everywhere, 0 on Go To Jail, in jail 1/10 and just visiting 1/10.
fn d10_with_jail() -> Board {
    tiny(
        [
            "road",
            "jail",
            "road",
            "road",
            "road",
            "go_to_jail",
            "road",
            "road",
        ],
        json!({"dice_count": 1, "dice_sides": 10, "extra_roll": {"kind": "none"},
               "jail": {"release": "doubles", "fine": 50, "max_tries": 1}}),
    )
}

/// Two two-sided dice, doubles roll again, the third double ends the turn: moves are the
/// same from every square, so every square has 1/10; rolls per turn = 1 + 1/2 + 1/4.
fn d2_doubles() -> Board {
    tiny(
        ["road"; 8],
        json!({"dice_count": 2, "dice_sides": 2,
               "extra_roll": {"kind": "doubles", "limit": 3, "on_limit": "end_turn"},
               "jail": {"release": "doubles", "fine": null, "max_tries": null}}),
    )
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn tiny_boards_match_the_hand_solutions() {
    struct Case {
        name: &'static str,
        board: Board,
        squares: [f64; 10],
        in_jail: f64,
        just_visiting: f64,
        rolls_per_turn: f64,
    }
    let tenth = 0.1;
    let cases = [
        Case {
            name: "d10 with Go To Jail",
            board: d10_with_jail(),
            squares: [
                tenth, tenth, tenth, 0.2, tenth, tenth, tenth, 0.0, tenth, tenth,
            ],
            in_jail: tenth,
            just_visiting: tenth,
            rolls_per_turn: 1.0,
        },
        Case {
            name: "2d2 with doubles",
            board: d2_doubles(),
            squares: [tenth; 10],
            in_jail: 0.0,
            just_visiting: 0.0,
            rolls_per_turn: 1.75,
        },
    ];
    for case in &cases {
        for jail in [JailStrategy::Stay, JailStrategy::Leave] {
            let chain = Chain::solve(&case.board, case.board.rules(), jail).expect("solves");
            assert!(
                chain.residual < 1e-12,
                "{}: residual {}",
                case.name,
                chain.residual
            );
            for count in [Count::Rolls, Count::Turns, Count::Landings] {
                let r = chain.report(count);
                let got: Vec<f64> = r.squares.iter().map(|s| s.probability).collect();
                for (i, (g, want)) in got.iter().zip(case.squares).enumerate() {
                    assert!(
                        close(*g, want),
                        "{} {count} {jail}: square {i} is {g}, by hand {want}",
                        case.name
                    );
                }
                assert!(
                    close(r.in_jail, case.in_jail),
                    "{} {count}: in jail {}",
                    case.name,
                    r.in_jail
                );
                assert!(
                    close(r.just_visiting, case.just_visiting),
                    "{} {count}",
                    case.name
                );
                assert!(
                    close(r.rolls_per_turn, case.rolls_per_turn),
                    "{} {count}: {} rolls per turn",
                    case.name,
                    r.rolls_per_turn
                );
            }
        }
    }
}

#[test]
fn classic_long_run_looks_like_the_known_results() {
    let b = Preset::Classic.board();
    let chain = Chain::solve(&b, b.rules(), JailStrategy::Stay).expect("solves");
    assert!(chain.residual < 1e-12);
    let r = chain.report(Count::Turns);
    let p = |i: usize| r.squares[i].probability;
    let sum: f64 = r.squares.iter().map(|s| s.probability).sum();
    assert!(close(sum, 1.0));
    assert!((0.06..0.14).contains(&r.in_jail), "in jail {}", r.in_jail);
    assert!(close(p(10), r.in_jail + r.just_visiting));
    assert_eq!(p(30), 0.0, "no turn ends on Go To Jail");
    assert!((0.027..0.032).contains(&p(24)), "Illinois {}", p(24));
    assert!((0.027..0.032).contains(&p(0)), "Go {}", p(0));
    // Illinois Avenue is the most visited lot.
    let lots = [
        1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 26, 27, 29, 31, 32, 34, 37, 39,
    ];
    assert!(lots.iter().all(|&i| p(i) <= p(24)));
    assert!(r.rolls_per_turn > 1.0 && r.rolls_per_turn < 1.2);
}

/// Per-game frequencies of `games` independent one-game simulations (cards at random):
/// mean and standard error per square, and for in jail.
fn sampled(
    board: &Board,
    jail: JailStrategy,
    count: Count,
    games: u64,
    turns: u32,
) -> (Vec<f64>, Vec<f64>, f64, f64) {
    let n = board.len();
    let mut sum = vec![0.0; n + 1];
    let mut sq = vec![0.0; n + 1];
    for g in 0..games {
        let mut sim = Simulation::new(
            board,
            board.rules(),
            SimulationConfig {
                games: 1,
                turns,
                players: 1,
                seed: 1000 + g,
                count,
                decks: Decks::Random,
                jail,
            },
        );
        sim.run();
        let r = sim.result();
        let mut f: Vec<f64> = r.squares.iter().map(|s| s.frequency).collect();
        f.push(r.in_jail.frequency);
        for i in 0..=n {
            sum[i] += f[i];
            sq[i] += f[i] * f[i];
        }
    }
    let k = games as f64;
    let mean: Vec<f64> = sum.iter().map(|s| s / k).collect();
    let se: Vec<f64> = (0..=n)
        .map(|i| ((sq[i] / k - mean[i] * mean[i]).max(0.0) / (k - 1.0)).sqrt())
        .collect();
    (mean[..n].to_vec(), se[..n].to_vec(), mean[n], se[n])
}

#[test]
fn the_chain_agrees_with_the_simulation_within_sampling_error() {
    // Each game is an independent replication, so the spread of per-game frequencies gives
    // an honest standard error despite the correlation of turns within a game. Allowed: 5
    // standard errors, plus 1/turns for the start on Go (the chain forgets its start
    // within a few turns, and no square's share moves by more than 0.1 meanwhile).
    let games = 60;
    let turns = 1000;
    let cases = [
        (Preset::Classic, JailStrategy::Stay),
        (Preset::Classic, JailStrategy::Leave),
        (Preset::Worlds, JailStrategy::Stay),
        (Preset::Campus, JailStrategy::Stay),
        (Preset::Mini, JailStrategy::Stay),
    ];
    for (preset, jail) in cases {
        let b = preset.board();
        let chain = Chain::solve(&b, b.rules(), jail).expect("solves");
        for count in [Count::Rolls, Count::Turns, Count::Landings] {
            let exact = chain.report(count);
            let (mean, se, in_jail, in_jail_se) = sampled(&b, jail, count, games, turns);
            let slack = 1.0 / f64::from(turns);
            for (i, s) in exact.squares.iter().enumerate() {
                let bound = 5.0 * se[i] + slack;
                assert!(
                    (mean[i] - s.probability).abs() <= bound,
                    "{} {jail} {count}: {} simulated {:.5}, exact {:.5}, bound {:.5}",
                    preset.id(),
                    s.name,
                    mean[i],
                    s.probability,
                    bound
                );
            }
            assert!(
                (in_jail - exact.in_jail).abs() <= 5.0 * in_jail_se + slack,
                "{} {jail} {count}: in jail simulated {in_jail}, exact {}",
                preset.id(),
                exact.in_jail
            );
        }
    }
}

#[test]
fn a_board_without_jail_has_nobody_in_jail() {
    let b = Preset::Mini.board();
    let chain = Chain::solve(&b, b.rules(), JailStrategy::Stay).expect("solves");
    let r = chain.report(Count::Turns);
    assert_eq!(r.in_jail, 0.0);
    assert_eq!(r.just_visiting, 0.0);
    assert!(close(r.rolls_per_turn, 1.0), "Mini never rolls again");
}

/// Solving in slices (as the browser does, a few states at a time between frames) gives
/// exactly the chain solved at once, on every preset and both jail strategies.
#[test]
fn solving_in_slices_gives_the_same_chain() {
    use worlds_engine::stats::exact::ChainSolver;
    for preset in Preset::ALL {
        let b = preset.board();
        for jail in [JailStrategy::Stay, JailStrategy::Leave] {
            let whole = Chain::solve(&b, b.rules(), jail).expect("solves");
            let mut solver = ChainSolver::new(&b, b.rules(), jail);
            let mut slices = 0;
            while !solver.step(3).expect("explores") {
                slices += 1;
                assert!(solver.explored() <= solver.known());
            }
            assert!(solver.is_explored());
            assert!(
                slices > 0 || whole.states <= 3,
                "{} took one slice",
                b.name()
            );
            assert_eq!(
                solver.finish().expect("solves"),
                whole,
                "{} {jail}",
                b.name()
            );
        }
    }
}

/// Issue 15: Campus bonus squares do nothing once a bonus was taken in the turn. The chain
/// and the simulation play the same rule (they agree within sampling error), and the rule
/// shows in the long run: more stops on Go to Jail, fewer turns in jail than without it.
#[test]
fn campus_chain_and_simulation_agree_with_skipped_bonus_squares() {
    let b = Preset::Campus.board();
    assert!(b.rules().skip_bonus_squares_after_bonus);
    let chain = Chain::solve(&b, b.rules(), JailStrategy::Stay).expect("solves");
    let turns = 1000;
    for count in [Count::Landings, Count::Turns] {
        let exact = chain.report(count);
        let (mean, se, in_jail, in_jail_se) = sampled(&b, JailStrategy::Stay, count, 60, turns);
        let slack = 1.0 / f64::from(turns);
        for (i, s) in exact.squares.iter().enumerate() {
            assert!(
                (mean[i] - s.probability).abs() <= 5.0 * se[i] + slack,
                "campus {count}: {} simulated {:.5}, exact {:.5}",
                s.name,
                mean[i],
                s.probability
            );
        }
        assert!((in_jail - exact.in_jail).abs() <= 5.0 * in_jail_se + slack);
    }
    let mut off = b.rules().clone();
    off.skip_bonus_squares_after_bonus = false;
    let without = Chain::solve(&b, &off, JailStrategy::Stay).expect("solves");
    let with = chain.report(Count::Turns);
    let without = without.report(Count::Turns);
    let go_to_jail = 12;
    assert!(
        with.squares[go_to_jail].probability > without.squares[go_to_jail].probability + 0.001,
        "with the rule a token can rest on Go to Jail: {} vs {}",
        with.squares[go_to_jail].probability,
        without.squares[go_to_jail].probability
    );
    assert!(with.in_jail < without.in_jail);
}
