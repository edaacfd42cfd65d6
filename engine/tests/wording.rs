//! Issue 31, point 19: the log reads as a person would say it.

mod common;

use common::*;
use serde_json::json;

/// Every sentence of the log.
fn said(g: &worlds_engine::Game) -> Vec<String> {
    g.log().iter().map(|e| g.describe(e)).collect()
}

#[test]
fn a_move_onto_jail_says_just_visiting() {
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann", "position": 7}, {"name": "Bob"}],
        "rolls": [[1, 2]], "decisions": "never-buy"}));
    let lines = said(&g);
    assert!(
        lines
            .iter()
            .any(|l| l == "Ann moved 3 to Jail (just visiting)"),
        "{lines:?}"
    );
    assert!(!player(&g, "Ann").in_jail);
}

#[test]
fn go_back_3_spaces_says_back() {
    // Ann on 4 rolls 3 onto Chance (7) and draws "Go back 3 spaces".
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann", "position": 4}, {"name": "Bob"}],
        "rolls": [[1, 2]], "decks": {"chance": [9]}, "decisions": "never-buy"}));
    let lines = said(&g);
    assert!(
        lines.iter().any(|l| l == "Ann moved back 3 to Income Tax"),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("moved -")), "{lines:?}");
}

#[test]
fn an_offer_is_logged_with_what_it_offers() {
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Baltic Avenue"]},
                    {"name": "Bob", "owns": ["Mediterranean Avenue"]}],
        "rolls": []}));
    let baltic = worlds_engine::SquareId(g.board().index_of("Baltic Avenue").expect("Baltic"));
    g.apply(worlds_engine::Action::ProposeTrade {
        to: worlds_engine::PlayerId(1),
        give: worlds_engine::TradeSide {
            lots: vec![baltic],
            cash: 0,
            jail_cards: 0,
        },
        take: worlds_engine::TradeSide {
            lots: vec![],
            cash: 100,
            jail_cards: 0,
        },
    })
    .expect("a legal offer");
    let lines = said(&g);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Ann offered Bob a trade: Bob buys Baltic Avenue from Ann for $100"),
        "{lines:?}"
    );
}

#[test]
fn waiting_says_turn_or_turns_and_a_mortgaged_group_reads_plainly() {
    let g = play(json!({"board": "worlds",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "rolls": [], "decisions": "never-buy"}));
    // The sentences themselves: no "turn(s)" anywhere in the narration's words.
    for n in [1u32, 2] {
        let entry = worlds_engine::LogEntry {
            player: worlds_engine::PlayerId(0),
            event: worlds_engine::Event::WillWait { turns: n },
            ..g.log().first().cloned().expect("a first entry")
        };
        let line = g.describe(&entry);
        let want = if n == 1 {
            "Ann will wait 1 turn"
        } else {
            "Ann will wait 2 turns"
        };
        assert_eq!(line, want);
    }
    // Building beside a mortgaged lot: "one of the group's lots is mortgaged", not "a lot of
    // the group" (which reads as "much of it").
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
                     "mortgaged": ["Baltic Avenue"]}, {"name": "Bob"}],
        "rolls": []}));
    let med = worlds_engine::SquareId(g.board().index_of("Mediterranean Avenue").expect("lot"));
    let why = g
        .apply(worlds_engine::Action::Build { square: med })
        .expect_err("no building beside a mortgaged lot")
        .to_string();
    assert!(
        why.contains("one of the group's lots is mortgaged: Baltic Avenue"),
        "{why}"
    );
}

#[test]
fn building_and_selling_evenly_name_the_lots_that_come_first() {
    // Issue 31, point 19: "Build evenly" named the lot asked for, not the ones behind it.
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "cash": 1500,
                     "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
                     "houses": {"Oriental Avenue": 1, "Vermont Avenue": 1, "Connecticut Avenue": 0}},
                    {"name": "Bob"}],
        "rolls": []}));
    let at = |g: &worlds_engine::Game, name: &str| {
        worlds_engine::SquareId(g.board().index_of(name).expect("lot"))
    };
    let oriental = at(&g, "Oriental Avenue");
    let why = g
        .apply(worlds_engine::Action::Build { square: oriental })
        .expect_err("uneven")
        .to_string();
    assert!(
        why.contains("build evenly: Connecticut Avenue needs a house first"),
        "{why}"
    );
    let why = g
        .apply(worlds_engine::Action::SellBuilding {
            square: at(&g, "Connecticut Avenue"),
        })
        .expect_err("nothing to sell there")
        .to_string();
    assert!(!why.contains("evenly"), "{why}");
    let mut h = start(json!({"board": "classic",
        "players": [{"name": "Ann",
                     "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
                     "houses": {"Oriental Avenue": 1, "Vermont Avenue": 2, "Connecticut Avenue": 2}},
                    {"name": "Bob"}],
        "rolls": []}));
    let why = h
        .apply(worlds_engine::Action::SellBuilding {
            square: at(&h, "Oriental Avenue"),
        })
        .expect_err("uneven sale")
        .to_string();
    assert!(
        why.contains("sell evenly: sell from Vermont Avenue and Connecticut Avenue first"),
        "{why}"
    );
    let why = h
        .apply(worlds_engine::Action::Build {
            square: at(&h, "Vermont Avenue"),
        })
        .expect_err("uneven build")
        .to_string();
    assert!(
        why.contains("build evenly: Oriental Avenue needs a house first"),
        "{why}"
    );
}

#[test]
fn a_third_double_says_why_it_jails() {
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "rolls": [[1, 1], [2, 2], [3, 3]], "decisions": "never-buy"}));
    assert!(player(&g, "Ann").in_jail);
    let lines = said(&g);
    let why = lines
        .iter()
        .position(|l| l == "Ann rolled doubles three times in a row: that sends Ann to jail");
    let jailed = lines.iter().position(|l| l == "Ann went to jail");
    assert!(
        matches!((why, jailed), (Some(w), Some(j)) if w < j),
        "the reason comes first: {lines:?}"
    );
}
