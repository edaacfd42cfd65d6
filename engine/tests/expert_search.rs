//! Issue 42: the expert's search. It is blind to the future (two games that differ only in
//! the undrawn cards' order and the dice to come get the same decision), spends play-outs
//! only on decisions that matter, stops early when one choice is clearly the best, can be
//! stopped by its caller's clock at any time with a legal action, and with a play-out budget
//! alone decides the same way every time.

mod common;

use common::start;
use serde_json::json;
use worlds_engine::bots::{Heuristic, Strategy};
use worlds_engine::expert::{think, Budget, Expert, ExpertThinking};
use worlds_engine::game::{ComputerStrategy, GameSetup, Seat};
use worlds_engine::{Action, Game, Phase, PlayerId, Preset, SquareId, TradeSide};

/// A budget the unoptimised tests can afford.
const SMALL: Budget = Budget {
    playouts: 48,
    horizon: 8,
};

/// `game` as a player at the table could rebuild it from what they saw: the same past (every
/// throw's dice and every card drawn, from the log), but the undrawn cards in card order
/// instead of the real shuffle, and other dice to come (`future`).
fn twin(game: &Game, future: &[[u8; 2]]) -> Game {
    let mut twin = game
        .public_view()
        .replayable()
        .expect("the public copy replays");
    for dice in future {
        twin.set_next_roll(dice.to_vec()).expect("dice queued");
    }
    assert_eq!(twin.players(), game.players());
    assert_eq!(twin.phase(), game.phase());
    twin
}

/// The position after the next roll, as a short fingerprint (who is where, with what).
fn after_roll(game: &Game) -> Option<Vec<(usize, i64)>> {
    let mut g = game.clone();
    g.apply(Action::Roll).ok()?;
    Some(g.players().iter().map(|p| (p.position, p.cash)).collect())
}

#[test]
fn the_expert_decides_alike_whatever_the_undrawn_cards_and_the_dice_to_come() {
    let seats = vec![
        Seat::computer("Ex", ComputerStrategy::Expert),
        Seat::computer("Ba", ComputerStrategy::Balanced),
        Seat::computer("Bo", ComputerStrategy::Balanced),
    ];
    let mut game = Game::new(GameSetup::new(Preset::Classic.board(), seats, 29)).expect("a game");
    let expert = Expert::with_budget(SMALL);
    let balanced = Heuristic::balanced();
    let (mut weighed, mut futures_differ) = (0, 0);
    let futures = [[[6, 5], [4, 6], [1, 2]], [[1, 1], [3, 4], [5, 5]]];
    for step in 0..1_200 {
        let Some(p) = game.actor() else { break };
        let action = if p == PlayerId(0) {
            let a = expert.choose(&game, p);
            if ExpertThinking::with_budget(&game, p, SMALL).remaining() > 0 {
                // A decision that matters: the twins must agree with it.
                let other = twin(&game, &futures[step % 2]);
                if matches!(game.phase(), Phase::Roll) && after_roll(&game) != after_roll(&other) {
                    futures_differ += 1;
                }
                assert_eq!(
                    expert.choose(&other, p),
                    a,
                    "step {step}: the decision depends on what nobody may know"
                );
                weighed += 1;
            }
            a
        } else {
            balanced.choose(&game, p)
        };
        assert!(game.apply(action).is_ok(), "step {step}: a legal action");
    }
    assert!(weighed >= 20, "{weighed} decisions weighed by play-outs");
    assert!(
        futures_differ > 0,
        "the twins' dice to come differ ({futures_differ} times seen)"
    );
}

/// Ann (to move) owns what `ann` says, Eve what `eve` says; both 1500 cash.
fn position(ann: &[&str], eve: &[&str]) -> Game {
    start(json!({
        "board": "classic",
        "players": [
            { "name": "Ann", "owns": ann, "cash": 1500 },
            { "name": "Eve", "owns": eve, "cash": 1500 }
        ],
        "rolls": []
    }))
}

fn lot(g: &Game, name: &str) -> SquareId {
    SquareId(g.board().index_of(name).expect("a square"))
}

const EVE: PlayerId = PlayerId(1);

/// Ann gives Eve `lots` for nothing; Eve is to answer.
fn gift(ann: &[&str], eve: &[&str], lots: &[&str]) -> Game {
    let mut g = position(ann, eve);
    let give = TradeSide {
        lots: lots.iter().map(|n| lot(&g, n)).collect(),
        ..TradeSide::default()
    };
    g.apply(Action::ProposeTrade {
        to: EVE,
        give,
        take: TradeSide::default(),
    })
    .expect("a legal offer");
    g
}

#[test]
fn a_clear_decision_stops_early_and_a_trivial_one_at_once() {
    // A gift that completes Eve's light blues: accepting is clearly better.
    let g = gift(
        &["Connecticut Avenue"],
        &["Oriental Avenue", "Vermont Avenue"],
        &["Connecticut Avenue"],
    );
    let budget = Budget {
        playouts: 400,
        horizon: 8,
    };
    let mut t = ExpertThinking::with_budget(&g, EVE, budget);
    assert!(t.remaining() > 0, "answering an offer is weighed");
    let a = loop {
        if let Some(a) = t.step(&g, 10) {
            break a;
        }
    };
    assert_eq!(a, Action::AnswerTrade { accept: true });
    assert!(t.is_weighed());
    assert!(
        t.playouts() < budget.playouts,
        "stopped after {} of {} play-outs",
        t.playouts(),
        budget.playouts
    );
    // Ending a turn with nothing to build, mortgage or trade: no play-out at all.
    let mut g = position(&[], &[]);
    g.apply(Action::Roll).expect("Ann rolls");
    let mut ann = ExpertThinking::with_budget(&g, PlayerId(0), budget);
    if matches!(g.phase(), Phase::EndTurn) {
        assert_eq!(ann.remaining(), 0);
        assert_eq!(ann.step(&g, 1), Some(Action::EndTurn));
        assert_eq!(ann.playouts(), 0);
        assert!(!ann.is_weighed());
    }
}

#[test]
fn a_caller_may_stop_the_thinking_at_any_time_with_a_legal_choice() {
    // Eve is offered $100 for Baltic Avenue, her only lot: a close call.
    let mut g = position(&["Mediterranean Avenue"], &["Baltic Avenue"]);
    g.apply(Action::ProposeTrade {
        to: EVE,
        give: TradeSide {
            cash: 100,
            ..TradeSide::default()
        },
        take: TradeSide {
            lots: vec![lot(&g, "Baltic Avenue")],
            ..TradeSide::default()
        },
    })
    .expect("a legal offer");
    let budget = Budget {
        playouts: 10_000,
        horizon: 8,
    };
    // Stopped before any play-out: the rule of thumb's choice.
    let mut none = ExpertThinking::with_budget(&g, EVE, budget);
    let first = none.conclude(&g);
    assert!(g.allows(&first), "{first:?}");
    // Stopped after a few slices (a clock says so): legal too, after some play-outs.
    let mut slices = 0;
    let a = think(&g, EVE, budget, || {
        slices += 1;
        slices > 3
    });
    assert!(g.allows(&a), "{a:?}");
    assert!(matches!(a, Action::AnswerTrade { .. }), "{a:?}");
}

#[test]
fn with_a_playout_budget_alone_the_same_game_gets_the_same_decision() {
    let g = gift(
        &["Connecticut Avenue", "Baltic Avenue"],
        &["Oriental Avenue", "Mediterranean Avenue"],
        &["Baltic Avenue"],
    );
    let run = || {
        let mut t = ExpertThinking::with_budget(&g, EVE, SMALL);
        let a = loop {
            if let Some(a) = t.step(&g, 7) {
                break a;
            }
        };
        (a, t.playouts())
    };
    let (a, n) = run();
    assert_eq!(run(), (a.clone(), n));
    assert_eq!(Expert::with_budget(SMALL).choose(&g, EVE), a);
}
