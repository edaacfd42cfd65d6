//! Issue 20: plans of several actions at once — the most a debtor can raise, "Raise $X"
//! (the least harmful sales and mortgages first) and "Build evenly".

mod common;

use common::*;
use serde_json::json;
use worlds_engine::game::Phase;
use worlds_engine::{Action, PlayerId, SquareId};

/// Ann (cash 10) lands on Vermont Avenue, where Bob has two houses: rent $90.
fn ann_owes_rent(ann: serde_json::Value) -> worlds_engine::Game {
    let mut g = start(json!({"board": "classic",
        "players": [ann,
            {"name": "Bob", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
             "houses": {"Oriental Avenue": 2, "Vermont Avenue": 2, "Connecticut Avenue": 2}}],
        "rolls": [[3, 5]]}));
    g.apply(Action::Roll).expect("roll");
    assert!(
        matches!(g.phase(), Phase::RaiseCash { .. }),
        "{:?}",
        g.phase()
    );
    g
}

#[test]
fn the_most_a_debtor_can_raise_is_everything_sold_and_mortgaged() {
    let g = ann_owes_rent(json!({"name": "Ann", "cash": 10,
        "owns": ["Mediterranean Avenue", "Baltic Avenue", "Reading Railroad"],
        "houses": {"Mediterranean Avenue": 1, "Baltic Avenue": 1}}));
    // Cash 10, two houses back at half of $50, three lots mortgaged for 30 + 30 + 100.
    assert_eq!(
        g.most_cash_raisable(PlayerId(0)),
        10 + 25 + 25 + 30 + 30 + 100
    );
    // Selling and mortgaging everything, one action at a time, yields exactly that.
    let mut all = g.clone();
    loop {
        let next = all.legal_actions().into_iter().find(|a| {
            matches!(
                a,
                Action::SellBuilding { .. }
                    | Action::SellAllBuildings { .. }
                    | Action::Mortgage { .. }
            )
        });
        let Some(a) = next else { break };
        if all.actor() != Some(PlayerId(0)) {
            break;
        }
        all.apply(a).expect("legal");
    }
    // The debt was paid on the way: what was raised is the cash now plus the rent paid.
    assert!(all.player(PlayerId(0)).cash + 90 <= g.most_cash_raisable(PlayerId(0)));
}

#[test]
fn raise_mortgages_a_lone_lot_before_touching_a_whole_group() {
    let g = ann_owes_rent(json!({"name": "Ann", "cash": 10,
        "owns": ["Mediterranean Avenue", "Baltic Avenue", "Reading Railroad"]}));
    let plan = g.raise_plan(80).expect("enough");
    assert_eq!(
        plan,
        vec![Action::Mortgage {
            square: SquareId(5)
        }]
    );
    let mut after = g.clone();
    for a in plan {
        after.apply(a).expect("legal");
    }
    assert!(
        !matches!(after.phase(), Phase::RaiseCash { .. }),
        "the debt is paid"
    );
    assert_eq!(after.player(PlayerId(0)).cash, 10 + 100 - 90);
}

#[test]
fn raise_sells_houses_evenly_then_mortgages() {
    let g = ann_owes_rent(json!({"name": "Ann", "cash": 10,
        "owns": ["Mediterranean Avenue", "Baltic Avenue"],
        "houses": {"Mediterranean Avenue": 1, "Baltic Avenue": 1}}));
    let plan = g.raise_plan(80).expect("enough");
    assert_eq!(plan.len(), 3, "{plan:?}");
    assert!(matches!(plan[0], Action::SellBuilding { .. }));
    assert!(matches!(plan[1], Action::SellBuilding { .. }));
    assert!(matches!(plan[2], Action::Mortgage { .. }));
    let mut after = g.clone();
    for a in plan {
        after.apply(a).expect("legal");
    }
    assert!(!matches!(after.phase(), Phase::RaiseCash { .. }));
    // Too much to raise: no plan, and the game is untouched.
    assert_eq!(g.raise_plan(1_000), None);
}

#[test]
fn build_evenly_spreads_houses_across_the_group() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"]},
                    {"name": "Bob"}]}));
    let group = g.board().group_of(6).expect("light blue");
    let plan = g.build_evenly_plan(group, 2);
    assert_eq!(plan.len(), 6, "{plan:?}");
    for a in plan {
        g.apply(a).expect("legal");
    }
    for lot in [6, 8, 9] {
        assert_eq!(g.square(lot).buildings.level(), 2);
    }
    assert_eq!(g.player(PlayerId(0)).cash, 1500 - 6 * 50);
}

/// Issue 31, point 14: "pay each player $50" leaves Ann two debts; "Raise $40" covers the
/// first only (one question per debt), and the second is asked about after it is paid.
#[test]
fn raise_covers_one_debt_and_the_next_debt_asks_again() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "cash": 10, "position": 4,
                     "owns": ["Mediterranean Avenue", "Baltic Avenue"],
                     "houses": {"Mediterranean Avenue": 2, "Baltic Avenue": 2}},
                    {"name": "Bob"}, {"name": "Cy"}],
        "rolls": [[1, 2]], "decks": {"chance": [15]}}));
    g.apply(Action::Roll).expect("roll");
    let Phase::RaiseCash { amount, .. } = g.phase().clone() else {
        panic!("Ann must raise cash: {:?}", g.phase());
    };
    let short = amount - g.player(PlayerId(0)).cash;
    let plan = g.raise_plan(short).expect("a plan");
    // Two houses back at $25 each cover the first $50 (cash 10 + 50 = 60).
    assert_eq!(plan.len(), 2, "{plan:?}");
    for a in &plan {
        g.apply(a.clone()).expect("the plan applies");
    }
    // The first debt is paid; the second is a question of its own.
    assert!(
        matches!(g.phase(), Phase::RaiseCash { .. }),
        "the second debt asks: {:?}",
        g.phase()
    );
    let houses: u8 = [1usize, 3]
        .iter()
        .map(|&l| g.square(l).buildings.level())
        .sum();
    assert_eq!(houses, 2, "only the houses the first debt needed were sold");
}
