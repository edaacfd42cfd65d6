//! Issue 11: faults found by hostile inputs and fuzzing, each with the input that showed it.

mod common;
use common::*;
use serde_json::json;
use worlds_engine::action::{Action, TradeSide};
use worlds_engine::scenario::Scenario;
use worlds_engine::PlayerId;
use worlds_engine::SquareId;

/// Fault 2: receiving mortgaged lots charges the interest at once; under the sell-cheapest
/// debt rule that can bankrupt the receiver half-way through the trade. The remaining lots
/// must not go to the bankrupt player.
#[test]
fn a_receiver_bankrupted_half_way_through_a_trade_gets_nothing_more() {
    let mut g = start(json!({"board": "classic",
    "rules": {"debt": {"kind": "sell_cheapest", "percent": 0}},
    "players": [
        {"name": "Ann", "cash": 0},
        {"name": "Bob", "owns": ["Baltic Avenue", "Boardwalk"],
         "mortgaged": ["Baltic Avenue", "Boardwalk"]},
        {"name": "Cy"}
    ]}));
    g.apply(Action::ProposeTrade {
        to: PlayerId(1),
        give: TradeSide::default(),
        take: TradeSide {
            lots: vec![SquareId(3), SquareId(39)],
            ..TradeSide::default()
        },
    })
    .expect("offer");
    g.apply(Action::AnswerTrade { accept: true })
        .expect("accepted");
    let ann = g.player(PlayerId(0));
    assert!(ann.bankrupt, "the 10% on Baltic Avenue bankrupts Ann");
    assert!(
        g.lots_of(PlayerId(0)).is_empty(),
        "a bankrupt player owns nothing"
    );
    assert_eq!(
        g.square(39).owner,
        Some(PlayerId(1)),
        "Boardwalk stays with Bob"
    );
    assert_eq!(
        g.players().iter().map(|p| p.cash).sum::<i64>() + g.bank_balance() + g.jackpot(),
        g.money_supply()
    );
}

/// Fault 3: selling the cheapest lot to the bank splits its group; the houses on the rest
/// of the group are sold back (half their cost to the player) and charge no house rent.
#[test]
fn selling_the_cheapest_lot_clears_the_split_groups_buildings() {
    let s: Scenario = serde_json::from_value(json!({"board": "classic",
        "rules": {"debt": {"kind": "sell_cheapest", "percent": 50}},
        "players": [
            {"name": "Ann", "cash": 180, "position": 1,
             "owns": ["Mediterranean Avenue", "Baltic Avenue"],
             "houses": {"Mediterranean Avenue": 2, "Baltic Avenue": 2}},
            {"name": "Bob"}
        ],
        "rolls": [[1, 2]]}))
    .expect("scenario");
    let g = s.run().expect("runs").game;
    // Income Tax 200: -20; Mediterranean sold for 30 and the 4 houses for 4 x 25.
    assert_eq!(g.square(1).owner, None);
    assert_eq!(g.square(3).owner, Some(PlayerId(0)));
    assert_eq!(
        g.square(3).buildings.level(),
        0,
        "no houses on a split group"
    );
    assert_eq!(cash(&g, "Ann"), 180 - 200 + 30 + 100);
    assert_eq!(g.bank_houses(), 32);
}

/// Fault 7: a saved game whose seats start in states the rules forbid is refused.
#[test]
fn seats_starting_in_forbidden_states_are_refused() {
    let refused = |players: serde_json::Value, needle: &str| {
        let s: Scenario = serde_json::from_value(json!({"board": "classic", "players": players}))
            .expect("scenario");
        let err = s.run().expect_err("refused").to_string();
        assert!(err.contains(needle), "{needle}: {err}");
    };
    refused(
        json!([{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "mortgaged": ["Baltic Avenue"], "houses": {"Baltic Avenue": 5}}, {"name": "Bob"}]),
        "mortgaged",
    );
    refused(
        json!([{"name": "Ann", "owns": ["Baltic Avenue"], "houses": {"Baltic Avenue": 2}},
            {"name": "Bob"}]),
        "whole color group",
    );
    refused(
        json!([{"name": "Ann", "cash": -5}, {"name": "Bob"}]),
        "cash",
    );
    refused(
        json!([{"name": "A".repeat(1_000_000)}, {"name": "Bob"}]),
        "at most 80",
    );
    for bad in ["Ann\u{1b}[31m", "An\u{200B}n", "Ann\u{202E}"] {
        refused(json!([{"name": bad}, {"name": "Bob"}]), "invisible");
    }
}

/// Fault 7, for saved games: a GameRecord whose setup has such a seat does not load.
#[test]
fn a_saved_game_with_a_hotel_on_a_mortgaged_lot_does_not_load() {
    use worlds_engine::game::{GameRecord, GameSetup, Seat};
    use worlds_engine::Preset;
    let mut setup = GameSetup::new(
        Preset::Classic.board(),
        vec![Seat::human("Ann"), Seat::human("Bob")],
        1,
    );
    setup.seats[0].start.owns = vec![1, 3];
    setup.seats[0].start.mortgaged = vec![3];
    setup.seats[0].start.houses = vec![(3, 5)];
    let record = GameRecord {
        setup,
        actions: vec![],
        public: None,
    };
    let text = serde_json::to_string(&record).expect("json");
    let back: GameRecord = serde_json::from_str(&text).expect("parses");
    assert!(back.replay().is_err());
}
