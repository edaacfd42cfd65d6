//! Issue 44: what a landing tells the player who landed (rent and taxes in a sentence, the
//! amount a ranged card drew), what a bankrupt player held when they went out, and the house
//! rule "Sell lots to the bank".

mod common;

use common::*;
use serde_json::json;
use worlds_engine::refusal::{Refusal, SellLotWhy};
use worlds_engine::{Action, DeckKind, Event, Game, Party, PlayerId, RuleSet, SquareId};

fn sq(g: &Game, name: &str) -> SquareId {
    SquareId(g.board().index_of(name).expect("a square"))
}

/// The landing lines of the log, in order.
fn landing_lines(g: &Game) -> Vec<String> {
    g.log().iter().filter_map(|e| g.landing_line(e)).collect()
}

// ----- 1. The landing panel's sentences -----

#[test]
fn rent_says_to_whom_how_much_and_why() {
    // Bob holds the light blues with 2 houses each; Ann rolls 2 + 4 onto Oriental Avenue.
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"],
            "houses": {"Oriental Avenue": 2, "Vermont Avenue": 2, "Connecticut Avenue": 2}}],
        "rolls": [[2, 4]], "decisions": "never-buy"}));
    assert_eq!(cash(&g, "Ann"), 1500 - 90);
    assert_eq!(
        landing_lines(&g),
        ["Rent to Bob: $90 — Oriental Avenue, 2 houses"]
    );
    assert_eq!(
        g.buildings_words(6).as_deref(),
        Some("2 houses"),
        "the lot's own words for what stands on it"
    );
}

#[test]
fn a_hotel_a_whole_group_railroads_and_taxes_are_named() {
    let hotel = play(json!({"board": "classic",
        "players": [{"name": "Ann", "position": 30, "cash": 3000}, {"name": "Bob", "owns": ["Park Place", "Boardwalk"],
            "houses": {"Park Place": 5, "Boardwalk": 5}}],
        "rolls": [[4, 5]], "decisions": "never-buy"}));
    assert_eq!(
        landing_lines(&hotel),
        ["Rent to Bob: $2000 — Boardwalk, a hotel"]
    );
    assert_eq!(hotel.buildings_words(39).as_deref(), Some("a hotel"));
    assert_eq!(hotel.buildings_words(1), None, "nothing built, no words");

    let group = play(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}],
        "rolls": [[1, 2]], "decisions": "never-buy"}));
    assert_eq!(
        landing_lines(&group),
        ["Rent to Bob: $8 — Baltic Avenue, the whole group"]
    );

    let railroads = play(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Reading Railroad", "Short Line"]}],
        "rolls": [[2, 3]], "decisions": "never-buy"}));
    assert_eq!(
        landing_lines(&railroads),
        ["Rent to Bob: $50 — Reading Railroad, 2 railroads owned"]
    );

    let tax = play(
        json!({"board": "classic", "players": [{"name": "Ann"}, {"name": "Bob"}],
        "rolls": [[1, 3]], "decisions": "never-buy"}),
    );
    assert_eq!(landing_lines(&tax), ["Income Tax: $200 to the bank"]);

    let mortgaged = play(json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Oriental Avenue"], "mortgaged": ["Oriental Avenue"]}],
        "rolls": [[2, 4]], "decisions": "never-buy"}));
    assert_eq!(
        landing_lines(&mortgaged),
        ["No rent for Oriental Avenue: it is mortgaged"]
    );
}

// ----- 2. A ranged card: the amount drawn is in its event -----

#[test]
fn the_worlds_decks_have_a_ranged_card_and_its_amount_drawn_is_in_the_event() {
    use worlds_engine::cards::CardEffect;
    let worlds = worlds_engine::Preset::Worlds.board();
    let ranged: Vec<(DeckKind, usize)> = [DeckKind::Chance, DeckKind::CommunityChest]
        .into_iter()
        .flat_map(|d| {
            worlds
                .deck(d)
                .iter()
                .enumerate()
                .filter(|(_, c)| match c.effect {
                    CardEffect::Collect { amount } | CardEffect::Pay { amount } => {
                        amount.is_range()
                    }
                    _ => false,
                })
                .map(move |(i, _)| (d, i + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        ranged.contains(&(DeckKind::Chance, 12)),
        "Lucky star (Chance 12) is a range: {ranged:?}"
    );
    // The classic decks stay the official ones: no range.
    let classic = worlds_engine::Preset::Classic.board();
    for d in [DeckKind::Chance, DeckKind::CommunityChest] {
        assert!(classic.deck(d).iter().all(|c| !matches!(c.effect,
            CardEffect::Collect { amount } | CardEffect::Pay { amount } if amount.is_range())));
    }

    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..12 {
        // Ann rolls 3 + 4 onto Chance (7) and draws Lucky star.
        let g = play(
            json!({"board": "worlds", "players": [{"name": "Ann"}, {"name": "Bob"}],
            "rolls": [[3, 4]], "decks": {"chance": [12]}, "decisions": "never-buy", "seed": seed}),
        );
        let drawn = g
            .log()
            .iter()
            .find_map(|e| match e.event {
                Event::CardDrawn {
                    deck: DeckKind::Chance,
                    number: 12,
                    amount,
                } => Some(amount),
                _ => None,
            })
            .expect("Lucky star was drawn")
            .expect("its amount drawn is in the event");
        assert!((100..=300).contains(&drawn), "seed {seed}: drew {drawn}");
        assert_eq!(cash(&g, "Ann"), 1500 + drawn, "the amount drawn is paid");
        assert_eq!(
            g.card_drawn_line(DeckKind::Chance, 12, drawn).as_deref(),
            Some(format!("Collect ${drawn} (between $100 and $300)").as_str())
        );
        assert_eq!(
            g.card_button(DeckKind::Chance, 12, Some(drawn)),
            format!("Collect ${drawn}")
        );
        let line = g
            .log()
            .iter()
            .map(|e| g.describe(e))
            .find(|l| l.contains("Lucky star"))
            .expect("the card's line");
        assert!(line.ends_with(&format!("(Collect ${drawn})")), "{line}");
        seen.insert(drawn);
    }
    assert!(
        seen.len() > 3,
        "different seeds draw different amounts: {seen:?}"
    );
}

#[test]
fn a_fixed_card_has_no_amount_drawn_and_writes_its_event_as_before() {
    // Chance 11 of the Worlds deck: "Bank pays you a dividend of $50".
    let g = play(
        json!({"board": "worlds", "players": [{"name": "Ann"}, {"name": "Bob"}],
        "rolls": [[3, 4]], "decks": {"chance": [11]}, "decisions": "never-buy"}),
    );
    let entry = g
        .log()
        .iter()
        .find(|e| matches!(e.event, Event::CardDrawn { .. }))
        .expect("a card");
    assert!(matches!(entry.event, Event::CardDrawn { amount: None, .. }));
    let written = serde_json::to_value(entry).expect("writes");
    assert!(
        written.get("drawn").is_none(),
        "no new field on a fixed card: {written}"
    );
    assert_eq!(g.card_drawn_line(DeckKind::Chance, 11, 50), None);
    assert_eq!(g.card_button(DeckKind::Chance, 11, None), "Collect $50");
    assert_eq!(
        g.card_button(DeckKind::Chance, 4, None),
        "Advance to Boardwalk"
    );
    assert_eq!(g.card_button(DeckKind::Chance, 9, None), "Move back 3");
}

#[test]
fn a_log_entry_of_a_card_written_before_reads_without_the_amount() {
    let old = json!({"round": 1, "player": 0, "position": 7, "cash": 1550,
        "event": "card_drawn", "deck": "chance", "number": 11});
    let entry: worlds_engine::LogEntry = serde_json::from_value(old.clone()).expect("reads");
    assert!(matches!(entry.event, Event::CardDrawn { amount: None, .. }));
    assert_eq!(serde_json::to_value(&entry).expect("writes"), old);
}

// ----- 4. What a bankrupt player held when they went out -----

#[test]
fn a_bankrupt_players_holdings_are_kept_as_they_stood() {
    // Ann, with $10, Baltic Avenue mortgaged, Oriental Avenue and a jail card, lands on
    // Bob's Boardwalk hotel and goes bankrupt to him.
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann", "position": 30, "cash": 10, "owns": ["Baltic Avenue", "Oriental Avenue"],
                     "mortgaged": ["Baltic Avenue"], "jail_cards": ["chance"]},
                    {"name": "Bob", "owns": ["Park Place", "Boardwalk"], "houses": {"Park Place": 5, "Boardwalk": 5}},
                    {"name": "Cy"}],
        "rolls": [[4, 5]], "decisions": "never-buy",
        "actions": [{"action": "mortgage", "square": "Oriental Avenue"}, {"action": "declare_bankruptcy"}]}));
    let ann = player(&g, "Ann");
    assert!(ann.bankrupt);
    assert_eq!(owner(&g, "Oriental Avenue").as_deref(), Some("Bob"));
    let held = g.holdings(PlayerId(0));
    assert_eq!(held, ann.holdings_when_out.clone().expect("kept"));
    assert_eq!(
        held.cash,
        10 + 50,
        "the cash after mortgaging Oriental Avenue"
    );
    let lots: Vec<(usize, bool)> = held
        .lots
        .iter()
        .map(|l| (l.square.index(), l.mortgaged))
        .collect();
    assert_eq!(lots, [(3, true), (6, true)]);
    assert_eq!(held.jail_cards, 1);
    assert_eq!(held.round, 1);
    // Bob, still in, holds what he holds now.
    let bob = g.holdings(PlayerId(1));
    assert_eq!(bob.cash, cash(&g, "Bob"));
    assert!(bob.lots.iter().any(|l| l.square.index() == 3));
    assert_eq!(
        bob.lots
            .iter()
            .find(|l| l.square.index() == 39)
            .map(|l| l.buildings.level()),
        Some(5)
    );
    // Written and read back with the game.
    let text = serde_json::to_string(&g).expect("writes");
    let back: Game = serde_json::from_str(&text).expect("reads");
    assert_eq!(back.holdings(PlayerId(0)), held);
}

#[test]
fn a_game_state_saved_before_holdings_were_kept_still_loads() {
    let g = play(json!({"board": "classic",
        "players": [{"name": "Ann", "position": 30, "cash": 10}, {"name": "Bob", "owns": ["Boardwalk"],
            "houses": {}}, {"name": "Cy"}],
        "rolls": [[4, 5]], "decisions": "never-buy",
        "actions": [{"action": "declare_bankruptcy"}]}));
    let mut v = serde_json::to_value(&g).expect("writes");
    let players = v["players"].as_array_mut().expect("players");
    assert!(players[0].get("holdings_when_out").is_some());
    assert!(
        players[1].get("holdings_when_out").is_none(),
        "not written for a player still in"
    );
    players[0]
        .as_object_mut()
        .expect("a player")
        .remove("holdings_when_out");
    let old: Game = serde_json::from_value(v).expect("an old state loads");
    assert!(old.player(PlayerId(0)).bankrupt);
    assert_eq!(old.holdings(PlayerId(0)).lots, []);
}

// ----- 5. The house rule "Sell lots to the bank" -----

fn with_lots(rules: serde_json::Value) -> Game {
    start(json!({"board": "classic", "rules": rules,
        "players": [{"name": "Ann", "owns": ["Oriental Avenue", "Vermont Avenue", "Connecticut Avenue", "Reading Railroad", "Baltic Avenue"],
                     "mortgaged": ["Baltic Avenue"], "houses": {"Vermont Avenue": 1}},
                    {"name": "Bob", "owns": ["Boardwalk"]}]}))
}

#[test]
fn selling_a_lot_to_the_bank_is_off_by_default_and_refused_with_a_reason() {
    assert!(!RuleSet::default().sell_lots_to_bank);
    let rules = serde_json::to_value(RuleSet::default()).expect("writes");
    assert!(
        rules.get("sell_lots_to_bank").is_none() && rules.get("lot_sale_percent").is_none(),
        "rule sets written before read and write the same: {rules}"
    );
    let mut g = with_lots(json!({}));
    let before = g.clone();
    let ask = Action::SellLotToBank {
        square: sq(&g, "Reading Railroad"),
    };
    let err = g.apply(ask.clone()).expect_err("off");
    assert_eq!(
        *err.reason(),
        Refusal::CannotSellLot {
            square: sq(&g, "Reading Railroad"),
            why: SellLotWhy::Off
        }
    );
    assert!(err.to_string().starts_with(
        "You cannot sell Reading Railroad to the bank: this game's rules do not let lots be sold back"
    ));
    assert_eq!(g, before, "a refused sale changes nothing");
    assert!(!g.legal_actions().contains(&ask));
}

#[test]
fn with_the_house_rule_a_lot_sells_for_its_mortgage_value_and_is_for_sale_again() {
    let mut g = with_lots(json!({"sell_lots_to_bank": true}));
    let rr = sq(&g, "Reading Railroad");
    let sell = Action::SellLotToBank { square: rr };
    assert!(g.legal_actions().contains(&sell), "offered when allowed");
    assert_eq!(g.lot_sale_value(rr.index()), 100, "half of $200");
    let entries = g.apply(sell).expect("sold").to_vec();
    assert_eq!(cash(&g, "Ann"), 1600);
    assert_eq!(g.square(rr.index()).owner, None);
    assert_eq!(g.bank_balance(), -100, "the bank paid it");
    let sold = entries
        .iter()
        .find(|e| matches!(e.event, Event::SoldToBank { .. }))
        .expect("the sale is in the log");
    assert_eq!(
        g.describe(sold),
        "Ann sold Reading Railroad to the bank for $100"
    );
    // For sale again: Ann rolls 2 + 3 onto it and is asked whether to buy it.
    g.set_next_roll(vec![2, 3]).expect("dice");
    g.apply(Action::Roll).expect("rolls");
    assert_eq!(
        *g.phase(),
        worlds_engine::Phase::BuyOrDecline { square: rr }
    );
}

#[test]
fn the_rules_may_set_the_share_the_bank_pays() {
    let mut g = with_lots(json!({"sell_lots_to_bank": true, "lot_sale_percent": 80}));
    let rr = sq(&g, "Reading Railroad");
    assert_eq!(g.lot_sale_value(rr.index()), 160);
    g.apply(Action::SellLotToBank { square: rr }).expect("sold");
    assert_eq!(cash(&g, "Ann"), 1660);
    let rules: RuleSet =
        serde_json::from_value(json!({"sell_lots_to_bank": true, "lot_sale_percent": 80}))
            .expect("reads");
    assert_eq!(rules.lot_sale_value(200), 160);
    let written = serde_json::to_value(&rules).expect("writes");
    assert_eq!(written["sell_lots_to_bank"], json!(true));
    assert_eq!(written["lot_sale_percent"], json!(80));
}

#[test]
fn a_mortgaged_lot_a_built_group_and_anothers_lot_are_refused() {
    let mut g = with_lots(json!({"sell_lots_to_bank": true}));
    let before = g.clone();
    for (lot, why, words) in [
        (
            "Baltic Avenue",
            SellLotWhy::Mortgaged,
            "You cannot sell Baltic Avenue to the bank: it is mortgaged; lift the mortgage first.",
        ),
        (
            "Oriental Avenue",
            SellLotWhy::GroupHasBuildings,
            "You cannot sell Oriental Avenue to the bank: sell the buildings of its group first.",
        ),
        (
            "Boardwalk",
            SellLotWhy::NotOwned,
            "You cannot sell Boardwalk to the bank: you do not own it.",
        ),
        (
            "Chance",
            SellLotWhy::NotALot,
            "You cannot sell Chance to the bank: it is not a lot.",
        ),
    ] {
        let square = sq(&g, lot);
        let err = g.apply(Action::SellLotToBank { square }).expect_err(lot);
        assert_eq!(
            *err.reason(),
            Refusal::CannotSellLot { square, why },
            "{lot}"
        );
        assert_eq!(err.to_string(), words);
        assert_eq!(g, before, "{lot}: nothing changed");
    }
}

#[test]
fn a_debtor_may_sell_lots_to_the_bank_to_pay() {
    // Ann has $50 and lands on Bob's Boardwalk ($50 rent... with the whole group $100).
    let mut g = start(
        json!({"board": "classic", "rules": {"sell_lots_to_bank": true},
        "players": [{"name": "Ann", "position": 30, "cash": 50, "owns": ["Reading Railroad"]},
                    {"name": "Bob", "owns": ["Park Place", "Boardwalk"]}]}),
    );
    g.set_next_roll(vec![4, 5]).expect("dice");
    g.apply(Action::Roll).expect("rolls");
    assert!(matches!(g.phase(), worlds_engine::Phase::RaiseCash { .. }));
    let sell = Action::SellLotToBank {
        square: sq(&g, "Reading Railroad"),
    };
    assert!(g.legal_actions().contains(&sell));
    g.apply(sell).expect("sold while raising cash");
    assert_eq!(cash(&g, "Bob"), 1600, "the rent was paid");
    assert_eq!(cash(&g, "Ann"), 50);
    assert!(g.log().iter().any(|e| matches!(
        e.event,
        Event::Payment {
            to: Party::Player(PlayerId(1)),
            amount: 100,
            ..
        }
    )));
}

#[test]
fn a_board_whose_lots_would_sell_for_more_than_their_price_is_refused() {
    let mut def = worlds_engine::Preset::Classic.board().def().clone();
    def.rules.sell_lots_to_bank = true;
    def.rules.lot_sale_percent = Some(150);
    let errors = worlds_engine::Board::from_def(def.clone()).expect_err("refused");
    assert!(errors.iter().any(|e| e
        .to_string()
        .contains("lots sell back to the bank at 0 to 100 percent")));
    def.rules.lot_sale_percent = Some(100);
    assert!(worlds_engine::Board::from_def(def).is_ok());
}

#[test]
fn held_lots_are_named_with_their_buildings_and_mortgage() {
    let g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Park Place", "Boardwalk", "Baltic Avenue", "Reading Railroad"],
                     "houses": {"Park Place": 4, "Boardwalk": 5}, "mortgaged": ["Baltic Avenue"]},
                    {"name": "Bob"}]}));
    let words: Vec<String> = g
        .holdings(PlayerId(0))
        .lots
        .iter()
        .map(|l| g.held_lot_words(l))
        .collect();
    assert_eq!(
        words,
        [
            "Baltic Avenue (mortgaged)",
            "Reading Railroad",
            "Park Place (4 houses)",
            "Boardwalk (a hotel)"
        ]
    );
}
