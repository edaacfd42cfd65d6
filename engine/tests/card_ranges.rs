//! Issue 31, point 8: a card's amount or move may be a range ("collect between $20 and
//! $200"), drawn when the card is applied from the game's seeded generator; in play, in the
//! board's validation and in the statistics (the exact chain and the simulation).

mod common;

use common::*;
use serde_json::{json, Value};
use worlds_engine::cards::{Amount, CardDef, CardEffect};
use worlds_engine::stats::exact::Chain;
use worlds_engine::stats::{Count, Decks, JailStrategy, Simulation, SimulationConfig};
use worlds_engine::{Board, BoardDef};

/// The classic board with Chance card 1 replaced by `effect`.
fn classic_with_first_chance(effect: Value, text: &str) -> Value {
    let mut board: Value =
        serde_json::from_str(include_str!("../presets/classic.json")).expect("classic parses");
    board["decks"]["chance"][0] = json!({"text": text, "effect": effect});
    board
}

/// Ann on 4 rolls 1 + 2 onto Chance (7) and draws card 1.
fn draw_first_chance(board: &Value, seed: u64) -> worlds_engine::Game {
    play(json!({"board": board,
        "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}],
        "rolls": [[1, 2]], "decks": {"chance": [1]}, "decisions": "never-buy", "seed": seed}))
}

#[test]
fn a_range_reads_from_json_and_a_fixed_amount_stays_a_number() {
    let c: CardDef = serde_json::from_value(json!({"text": "x",
        "effect": {"kind": "collect", "amount": {"from": 20, "to": 200}}}))
    .expect("a range parses");
    assert_eq!(
        c.effect,
        CardEffect::Collect {
            amount: Amount::Between { from: 20, to: 200 }
        }
    );
    let back = serde_json::to_value(&c).expect("writes");
    assert_eq!(back["effect"]["amount"], json!({"from": 20, "to": 200}));
    let fixed: CardDef =
        serde_json::from_value(json!({"text": "x", "effect": {"kind": "pay", "amount": 50}}))
            .expect("a number parses");
    assert_eq!(
        serde_json::to_value(&fixed).expect("writes")["effect"]["amount"],
        json!(50),
        "a fixed amount is written as before, so old files and new files look the same"
    );
    for bad in [
        json!({"from": 20}),
        json!({"from": 20, "to": 30, "by": 2}),
        json!("twenty"),
    ] {
        let r: Result<CardDef, _> = serde_json::from_value(
            json!({"text": "x", "effect": {"kind": "collect", "amount": bad}}),
        );
        assert!(r.is_err(), "{bad} must be refused");
    }
}

#[test]
fn a_collect_range_pays_an_amount_inside_it_drawn_from_the_seed() {
    let board = classic_with_first_chance(
        json!({"kind": "collect", "amount": {"from": 20, "to": 200}}),
        "Collect between {c}20 and {c}200",
    );
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let g = draw_first_chance(&board, seed);
        let got = cash(&g, "Ann") - 1500;
        assert!((20..=200).contains(&got), "seed {seed}: collected {got}");
        seen.insert(got);
        // The same seed draws the same amount: the game replays.
        let again = draw_first_chance(&board, seed);
        assert_eq!(cash(&again, "Ann") - 1500, got, "seed {seed} replays");
        // The log says what was drawn.
        let lines: Vec<String> = g.log().iter().map(|e| g.describe(e)).collect();
        assert!(
            lines.iter().any(|l| l.contains(&format!("${got}"))),
            "{lines:?}"
        );
    }
    assert!(
        seen.len() >= 10,
        "30 seeds drew only {} different amounts: {seen:?}",
        seen.len()
    );
}

#[test]
fn a_pay_range_and_a_move_range_are_applied() {
    let pay = classic_with_first_chance(
        json!({"kind": "pay", "amount": {"from": 10, "to": 15}}),
        "Pay between {c}10 and {c}15",
    );
    let g = draw_first_chance(&pay, 3);
    let paid = 1500 - cash(&g, "Ann");
    assert!((10..=15).contains(&paid), "paid {paid}");

    // From Chance (7), back 1 to 3 squares: Oriental Avenue (6), Reading Railroad (5) or
    // Income Tax (4).
    let moves = classic_with_first_chance(
        json!({"kind": "move_by", "steps": {"from": -3, "to": -1}}),
        "Go back 1 to 3 spaces",
    );
    let mut ends = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let g = draw_first_chance(&moves, seed);
        ends.insert(pos(&g, "Ann"));
    }
    assert_eq!(
        ends,
        [4, 5, 6].into_iter().collect(),
        "every square of the range is reached"
    );
}

#[test]
fn a_range_that_runs_backwards_or_too_far_is_refused_by_the_board() {
    for (effect, what, says) in [
        (
            json!({"kind": "collect", "amount": {"from": 200, "to": 20}}),
            "from above to",
            "runs backwards",
        ),
        (
            json!({"kind": "move_by", "steps": {"from": -1, "to": -3}}),
            "a move from above to",
            "runs backwards",
        ),
        (
            json!({"kind": "pay", "amount": {"from": -5, "to": 20}}),
            "a negative end",
            "negative or huge",
        ),
        (
            json!({"kind": "move_by", "steps": {"from": 1, "to": 99}}),
            "a move past the board",
            "negative or huge",
        ),
    ] {
        let board = classic_with_first_chance(effect, "Odd card");
        let def: BoardDef = serde_json::from_value(board).expect("parses");
        let err = Board::from_def(def).expect_err(what);
        let words = err
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            words.contains("Odd card") && words.contains(says),
            "{what}: {words}"
        );
    }
}

/// A board of ten squares with one Chance square (2) and a one-card deck `cards`.
fn tiny_with_chance(cards: Value) -> Board {
    let mut squares = vec![
        json!({"name": "Go", "type": "start"}),
        json!({"name": "Lot", "type": "property", "price": 100, "rents": [10]}),
        json!({"name": "Chance", "type": "chance"}),
    ];
    for i in 3..10 {
        squares.push(json!({"name": format!("S{i}"), "type": "road"}));
    }
    let def: BoardDef = serde_json::from_value(json!({"name": "Tiny", "squares": squares,
        "decks": {"chance": cards},
        "rules": {"dice_count": 1, "dice_sides": 6, "extra_roll": {"kind": "none"}}}))
    .expect("a board definition");
    Board::from_def(def).expect("a valid board")
}

#[test]
fn the_exact_chain_treats_a_move_range_as_each_move_equally_likely() {
    // One card "move 1 to 3 forward" is, for where a token goes, the same as a deck of three
    // cards "move 1", "move 2", "move 3" drawn at random.
    let range = tiny_with_chance(json!([{"text": "Forward 1 to 3",
        "effect": {"kind": "move_by", "steps": {"from": 1, "to": 3}}}]));
    let three = tiny_with_chance(json!([
        {"text": "Forward 1", "effect": {"kind": "move_by", "steps": 1}},
        {"text": "Forward 2", "effect": {"kind": "move_by", "steps": 2}},
        {"text": "Forward 3", "effect": {"kind": "move_by", "steps": 3}}]));
    let a = Chain::solve(&range, range.rules(), JailStrategy::Stay).expect("solves");
    let b = Chain::solve(&three, three.rules(), JailStrategy::Stay).expect("solves");
    for count in [Count::Turns, Count::Landings] {
        let (ra, rb) = (a.report(count), b.report(count));
        for (sa, sb) in ra.squares.iter().zip(&rb.squares) {
            assert!(
                (sa.probability - sb.probability).abs() < 1e-12,
                "{count} {}: {} against {}",
                sa.name,
                sa.probability,
                sb.probability
            );
        }
    }
    // The Chance square's own turn-end share is 0: every card moves the token on.
    assert!(a.report(Count::Turns).squares[2].probability < 1e-12);

    // The simulation plays the range too and agrees within its sampling error.
    let mut sim = Simulation::new(
        &range,
        range.rules(),
        SimulationConfig {
            games: 200,
            turns: 200,
            players: 1,
            seed: 11,
            count: Count::Turns,
            decks: Decks::Random,
            jail: JailStrategy::Stay,
        },
    );
    sim.run();
    let r = sim.result();
    let exact = a.report(Count::Turns);
    for (s, e) in r.squares.iter().zip(&exact.squares) {
        assert!(
            (s.frequency - e.probability).abs() < 0.01,
            "{}: simulated {} against exact {}",
            s.name,
            s.frequency,
            e.probability
        );
    }
}
