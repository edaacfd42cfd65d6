//! Issue 20, point 5: a computer that says no to an offer says why, in a sentence for the
//! player who offered it, with what would do.

mod common;

use common::*;
use serde_json::json;
use worlds_engine::bots::{why_decline, DeclineWhy};
use worlds_engine::{Action, PlayerId, SquareId, TradeOffer, TradeSide};

fn offer(g: &mut worlds_engine::Game, cash: i64, lot: usize) -> TradeOffer {
    let give = TradeSide {
        cash,
        ..TradeSide::default()
    };
    let take = TradeSide {
        lots: vec![SquareId(lot)],
        ..TradeSide::default()
    };
    g.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give: give.clone(),
        take: take.clone(),
    })
    .expect("offer");
    TradeOffer {
        from: PlayerId(0),
        to: PlayerId(1),
        give,
        take,
    }
}

#[test]
fn a_computer_says_why_it_declines_and_what_would_do() {
    let start_game = || {
        start(json!({"board": "classic",
            "players": [{"name": "Ann", "owns": ["Mediterranean Avenue"]},
                        {"name": "Bob", "owns": ["Baltic Avenue", "Vermont Avenue"]}]}))
    };
    // $70 for Baltic Avenue: it completes Ann's brown group for less than it is worth.
    let mut g = start_game();
    let o = offer(&mut g, 70, 3);
    let why = why_decline(&g, PlayerId(1), &o).expect("declined");
    let DeclineWhy::CompletesTheirGroup { enough } = why else {
        panic!("{why:?}")
    };
    assert!(enough > 70, "{enough}");
    let sentence = g.decline_sentence(&o, why);
    assert!(
        sentence.starts_with(
            "Bob declined: that would complete Ann's group for less than it is worth;"
        ),
        "{sentence}"
    );
    assert!(sentence.ends_with("in cash would do"), "{sentence}");
    // What it says would do is accepted.
    let mut g2 = start_game();
    let o2 = offer(&mut g2, enough, 3);
    assert_eq!(why_decline(&g2, PlayerId(1), &o2), None);
    // $50 for Vermont Avenue (no group completed): too little.
    let mut g3 = start_game();
    let o3 = offer(&mut g3, 50, 8);
    assert!(matches!(
        why_decline(&g3, PlayerId(1), &o3),
        Some(DeclineWhy::TooLittle { .. })
    ));
}
