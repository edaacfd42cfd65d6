//! A color group's own hotel cost and its "rent with color set" multiplier (issue 31,
//! point 7): building and selling a hotel, rent on an unimproved lot of a whole group, the
//! assets and the statistics' payback use them; boards without them (every board saved
//! before they existed) load unchanged and play the same; bad values are refused by the
//! board's validation with a message a player can read.

mod common;
use common::*;
use serde_json::{json, Value};
use worlds_engine::board::{BoardDef, DEFAULT_WHOLE_GROUP_MULTIPLIER};
use worlds_engine::refusal::{BuildWhy, Refusal};
use worlds_engine::stats::exact::Chain;
use worlds_engine::stats::payback::payback_from;
use worlds_engine::stats::JailStrategy;
use worlds_engine::{Action, Board, BoardError, Preset, SquareId, SquareKind};

/// The classic board with the brown group's hotel at 120 and its color-set rent x3.
fn classic_with_brown(hotel_cost: Value, multiplier: Value) -> Value {
    let mut board = serde_json::to_value(Preset::Classic.board_def()).expect("json");
    let groups = board["groups"].as_array_mut().expect("groups");
    let brown = groups
        .iter_mut()
        .find(|g| g["name"] == "brown")
        .expect("brown");
    brown["hotel_cost"] = hotel_cost;
    brown["whole_group_multiplier"] = multiplier;
    board
}

fn brown_owned_by_ann(houses: u8) -> worlds_engine::Game {
    start(json!({"board": classic_with_brown(json!(120), json!(3)),
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": houses, "Baltic Avenue": houses}}, {"name": "Bob"}]}))
}

#[test]
fn a_hotel_costs_its_groups_hotel_price() {
    let mut g = brown_owned_by_ann(4);
    assert_eq!(g.next_building_cost(1), Some(120));
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("a hotel");
    assert_eq!(g.square(1).buildings.level(), 5);
    assert_eq!(cash_of(&g, 0), 1500 - 120);
    // Houses still cost the house price.
    let mut g = brown_owned_by_ann(0);
    assert_eq!(g.next_building_cost(1), Some(50));
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("a house");
    assert_eq!(cash_of(&g, 0), 1500 - 50);
}

#[test]
fn a_hotel_is_refused_to_a_player_who_cannot_pay_its_price() {
    let mut g = start(json!({"board": classic_with_brown(json!(120), json!(3)),
        "players": [{"name": "Ann", "cash": 100, "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": 4, "Baltic Avenue": 4}}, {"name": "Bob"}]}));
    let err = g
        .apply(Action::Build {
            square: SquareId(1),
        })
        .expect_err("the hotel costs 120, Ann has 100");
    assert_eq!(
        err.reason(),
        &Refusal::CannotBuild {
            square: SquareId(1),
            why: BuildWhy::CannotPay {
                cost: 120,
                cash: 100
            }
        }
    );
    assert!(err.to_string().contains("$120"), "{err}");
}

#[test]
fn a_hotel_sells_back_at_half_its_own_price() {
    let mut g = brown_owned_by_ann(5);
    assert_eq!(g.building_sale_refund(1), Some(60));
    g.apply(Action::SellBuilding {
        square: SquareId(1),
    })
    .expect("sell the hotel");
    assert_eq!(g.square(1).buildings.level(), 4);
    assert_eq!(cash_of(&g, 0), 1500 + 60);
    // A house sells at half the house price.
    assert_eq!(g.building_sale_refund(1), Some(25));

    // Selling the whole group: four houses and the hotel of Baltic, four houses of
    // Mediterranean, at half their cost.
    g.apply(Action::SellAllBuildings {
        square: SquareId(1),
    })
    .expect("sell all");
    assert_eq!(cash_of(&g, 0), 1500 + 60 + (4 * 50 + 120) / 2 + 4 * 50 / 2);
}

#[test]
fn assets_count_a_hotel_at_its_own_price() {
    let g = brown_owned_by_ann(5);
    assert_eq!(
        g.assets(worlds_engine::PlayerId(0)),
        1500 + 60 + 60 + 2 * (4 * 50 + 120)
    );
}

#[test]
fn rent_with_color_set_uses_the_groups_multiplier() {
    let g = brown_owned_by_ann(0);
    // Mediterranean's base rent is 2, Baltic's 4: times 3 with the whole group.
    assert_eq!(g.rent_for(1, 7), 6);
    assert_eq!(g.rent_for(3, 7), 12);
    // Built on, the deed's rent table rules.
    let g = brown_owned_by_ann(1);
    assert_eq!(g.rent_for(1, 7), 10);
    // Another group keeps the classic double rent.
    let g = start(json!({"board": classic_with_brown(json!(120), json!(3)),
        "players": [{"name": "Ann", "owns": ["Park Place", "Boardwalk"]}, {"name": "Bob"}]}));
    assert_eq!(g.rent_for(39, 7), 100);
}

#[test]
fn a_visitor_pays_the_multiplied_rent_on_landing() {
    // Bob lands on Baltic (3) from Go with a 1 and a 2: rent 4 x 3.
    let g = play(json!({"board": classic_with_brown(json!(120), json!(3)),
        "players": [{"name": "Bob"}, {"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}],
        "rolls": [[1, 2]]}));
    assert_eq!(cash(&g, "Bob"), 1500 - 12);
    assert_eq!(cash(&g, "Ann"), 1500 + 12);
}

#[test]
fn the_price_rent_model_uses_the_multiplier_too() {
    let g = start(json!({"board": classic_with_brown(Value::Null, json!(4)),
        "rules": {"rent_model": "price_doubled_with_group"},
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}, {"name": "Bob"}]}));
    assert_eq!(g.rent_for(1, 7), 60 * 4);
}

#[test]
fn payback_counts_the_hotel_price_and_the_multiplier() {
    let def: BoardDef =
        serde_json::from_value(classic_with_brown(json!(120), json!(3))).expect("a board");
    let b = Board::from_def(def).expect("valid");
    let chain = Chain::solve(&b, b.rules(), JailStrategy::Stay).expect("solves");
    let r = payback_from(&b, b.rules(), &chain);
    let baltic = r.lots.iter().find(|l| l.index == 3).expect("Baltic");
    let levels: Vec<(&str, f64, i64)> = baltic
        .levels
        .iter()
        .map(|l| (l.level.as_str(), l.rent, l.cost))
        .collect();
    assert_eq!(
        levels,
        vec![
            ("unimproved", 4.0, 60),
            ("whole group", 12.0, 60),
            ("1 house", 20.0, 110),
            ("2 houses", 60.0, 160),
            ("3 houses", 180.0, 210),
            ("4 houses", 320.0, 260),
            ("hotel", 450.0, 60 + 4 * 50 + 120),
        ]
    );
}

/// Every shipped board, and the exported world kept from before these fields existed, read
/// without them and play as they always did: double rent with the whole group, a hotel at
/// the house price; written back, the file is the same.
#[test]
fn boards_without_the_new_fields_keep_their_rents_and_prices() {
    let fixture = include_str!("fixtures/current_world.json");
    let envelope: Value = serde_json::from_str(fixture).expect("json");
    let old = serde_json::to_string(&envelope["data"]).expect("the board");
    assert!(!old.contains("hotel_cost") && !old.contains("whole_group_multiplier"));
    let mut defs: Vec<BoardDef> = vec![BoardDef::from_json(&old).expect("an old board reads")];
    defs.extend(Preset::ALL.iter().map(|p| p.board_def()));
    for def in defs {
        let json = serde_json::to_string(&def).expect("json");
        assert!(
            !json.contains("hotel_cost") && !json.contains("whole_group_multiplier"),
            "{}: nothing new is written",
            def.name
        );
        let b = Board::from_def(def.clone()).expect("valid");
        for i in 0..b.len() {
            assert_eq!(b.whole_group_multiplier(i), DEFAULT_WHOLE_GROUP_MULTIPLIER);
            let house = b.square(i).house_cost();
            assert_eq!(b.hotel_cost(i), house, "{}: square {i}", def.name);
            if let Some(h) = house {
                assert_eq!(b.buildings_cost(i, 5), 5 * h);
                assert_eq!(b.buildings_cost(i, 3), 3 * h);
            }
        }
    }
    // The old exported world writes back the same (saved_files.rs checks the bytes).
    let def = BoardDef::from_json(&old).expect("reads");
    assert_eq!(serde_json::to_value(&def).expect("json"), envelope["data"]);

    // The classic board plays the same: double rent on brown, a hotel at 50, sold at 25.
    let mut g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"],
            "houses": {"Mediterranean Avenue": 4, "Baltic Avenue": 4}}, {"name": "Bob"}]}));
    g.apply(Action::Build {
        square: SquareId(1),
    })
    .expect("hotel");
    assert_eq!(cash_of(&g, 0), 1450);
    g.apply(Action::SellBuilding {
        square: SquareId(1),
    })
    .expect("sell");
    assert_eq!(cash_of(&g, 0), 1475);
    let g = start(json!({"board": "classic",
        "players": [{"name": "Ann", "owns": ["Mediterranean Avenue", "Baltic Avenue"]}, {"name": "Bob"}]}));
    assert_eq!((g.rent_for(1, 7), g.rent_for(3, 7)), (4, 8));
}

fn errors_of(board: Value) -> Vec<BoardError> {
    let def: BoardDef = serde_json::from_value(board).expect("a board file");
    Board::from_def(def).expect_err("refused")
}

#[test]
fn a_negative_or_zero_hotel_price_is_refused_with_a_message() {
    for cost in [-5, 0] {
        let errors = errors_of(classic_with_brown(json!(cost), Value::Null));
        assert_eq!(
            errors,
            vec![BoardError::BadHotelCost {
                name: "brown".into(),
                cost
            }]
        );
        assert_eq!(
            errors[0].to_string(),
            format!("The group \"brown\" has a hotel cost of {cost}; a hotel costs between 1 and 1,000,000,000 (leave it empty to use the house cost).")
        );
    }
}

#[test]
fn a_multiplier_outside_one_to_ten_is_refused_with_a_message() {
    for m in [-2, 0, 11] {
        let errors = errors_of(classic_with_brown(Value::Null, json!(m)));
        assert_eq!(
            errors,
            vec![BoardError::BadGroupMultiplier {
                name: "brown".into(),
                multiplier: m
            }]
        );
        assert_eq!(
            errors[0].to_string(),
            format!("The group \"brown\" multiplies the rent of a whole group by {m}; use 1 to 10 (2 doubles it).")
        );
    }
    // 1 (no bonus) and 10 are fine.
    for m in [1, 10] {
        let def: BoardDef =
            serde_json::from_value(classic_with_brown(Value::Null, json!(m))).expect("a board");
        assert!(Board::from_def(def).is_ok());
    }
}

#[test]
fn a_group_field_of_the_wrong_kind_is_a_readable_file_error() {
    let bad = classic_with_brown(json!("cheap"), Value::Null);
    let err = BoardDef::from_json(&bad.to_string()).expect_err("not a number");
    assert!(err.starts_with("not a board file:"), "{err}");
    assert!(err.contains("invalid type"), "{err}");
    // The lots keep their house cost and rents: the group fields change nothing else.
    let def: BoardDef =
        serde_json::from_value(classic_with_brown(json!(120), json!(3))).expect("a board");
    let b = Board::from_def(def).expect("valid");
    assert!(matches!(
        b.square(1).kind,
        SquareKind::Property { house_cost: 50, .. }
    ));
}
