//! Board definitions: every preset validates, and every kind of damaged or hostile input is
//! refused with the right problem, attached to the right square.

use serde_json::{json, Value};
use worlds_engine::board::{Board, BoardDef, BoardError, SquareKind};
use worlds_engine::cards::DeckKind;
use worlds_engine::Preset;

fn classic_json() -> Value {
    serde_json::from_str(Preset::Classic.json()).expect("classic parses")
}

fn mini_json() -> Value {
    serde_json::from_str(Preset::Mini.json()).expect("mini parses")
}

/// Builds a board from JSON, returning its problems (empty: valid).
fn problems(v: Value) -> Vec<BoardError> {
    let def: BoardDef = serde_json::from_value(v).expect("structurally a board");
    match Board::from_def(def) {
        Ok(_) => Vec::new(),
        Err(e) => e,
    }
}

fn has(errors: &[BoardError], pred: impl Fn(&BoardError) -> bool) -> bool {
    errors.iter().any(pred)
}

#[test]
fn every_preset_validates() {
    for p in Preset::ALL {
        let def = p.board_def();
        let board = Board::from_def(def.clone());
        assert!(board.is_ok(), "{}: {:?}", p.id(), board.err());
        // Round trip through JSON keeps the board identical.
        let again = BoardDef::from_json(&def.to_json()).expect("round trip");
        assert_eq!(again, def);
        assert_eq!(Preset::from_id(p.id()), Some(p));
    }
}

#[test]
fn classic_board_matches_appendix_a() {
    let b = Preset::Classic.board();
    assert_eq!(b.len(), 40);
    assert_eq!(b.square(39).name, "Boardwalk");
    assert_eq!(b.square(39).price(), Some(400));
    assert_eq!(b.square(10).kind, SquareKind::Jail);
    assert_eq!(b.jail(), Some(10));
    assert_eq!(b.groups().len(), 8);
    let brown = b.group_of(1).expect("brown");
    assert_eq!(b.group_lots(brown), &[1, 3]);
    match &b.square(24).kind {
        SquareKind::Property {
            rents, house_cost, ..
        } => {
            assert_eq!(rents, &vec![20, 100, 300, 750, 925, 1100]);
            assert_eq!(*house_cost, 150);
        }
        other => panic!("Illinois is {other:?}"),
    }
    assert_eq!(b.rules().mortgage_value(400), 200);
    assert_eq!(b.deck(DeckKind::Chance).len(), 16);
    assert_eq!(b.deck(DeckKind::CommunityChest).len(), 16);
}

#[test]
fn mini_rents_are_at_most_a_tenth_of_the_price() {
    let b = Preset::Mini.board();
    assert_eq!(b.len(), 16);
    assert_eq!(b.currency().symbol, "£");
    for i in b.lots() {
        if let SquareKind::Property { price, rents, .. } = &b.square(i).kind {
            assert!(rents[0] * 10 <= *price, "{}", b.square(i).name);
        }
    }
}

#[test]
fn campus_board_matches_the_spec() {
    let b = Preset::Campus.board();
    let expect = [
        ("Kilburn", 120, "yellow"),
        ("Uni Place", 100, "yellow"),
        ("Victoria", 75, "green"),
        ("Piccadilly", 35, "green"),
        ("Oak House", 100, "orange"),
        ("Owens Park", 30, "orange"),
        ("AMBS", 400, "blue"),
        ("Co-Op", 30, "blue"),
    ];
    for (name, price, group) in expect {
        let i = b.index_of(name).expect(name);
        assert_eq!(b.square(i).price(), Some(price), "{name}");
        let g = b.group_of(i).expect("grouped");
        assert_eq!(b.groups()[g].name, group);
    }
    assert_eq!(b.rules().dice_count, 1);
}

#[test]
fn worlds_board_has_jokers_instead_of_jail_taxes_and_parking() {
    let b = Preset::Worlds.board();
    for i in [4, 10, 20, 30, 38] {
        assert!(
            matches!(b.square(i).kind, SquareKind::Joker { .. }),
            "square {i}"
        );
    }
    assert_eq!(b.jail(), None);
}

fn set(v: &mut Value, path: &[&str], new: Value) {
    let mut cur = v;
    for (i, key) in path.iter().enumerate() {
        let next = if let Ok(idx) = key.parse::<usize>() {
            &mut cur[idx]
        } else {
            &mut cur[*key]
        };
        if i == path.len() - 1 {
            *next = new;
            return;
        }
        cur = next;
    }
}

/// Each case: a name, a change to the classic board, the problem expected and its square.
#[test]
fn every_board_error_is_found_with_its_square() {
    type Case = (
        &'static str,
        fn(&mut Value),
        fn(&BoardError) -> bool,
        Option<usize>,
    );
    let cases: Vec<Case> = vec![
        (
            "too small",
            |v| {
                let sq = v["squares"].as_array_mut().expect("array");
                sq.truncate(9);
            },
            |e| matches!(e, BoardError::WrongSize { count: 9 }),
            None,
        ),
        (
            "too large",
            |v| {
                let sq = v["squares"].as_array_mut().expect("array");
                for _ in 0..21 {
                    sq.push(json!({"name": "Road", "type": "road"}));
                }
            },
            |e| matches!(e, BoardError::WrongSize { count: 61 }),
            None,
        ),
        (
            "empty board name",
            |v| set(v, &["name"], json!("  ")),
            |e| *e == BoardError::EmptyBoardName,
            None,
        ),
        (
            "first square not start",
            |v| {
                set(
                    v,
                    &["squares", "0"],
                    json!({"name": "Road", "type": "road"}),
                )
            },
            |e| *e == BoardError::FirstSquareNotStart,
            Some(0),
        ),
        (
            "second start",
            |v| {
                set(
                    v,
                    &["squares", "20"],
                    json!({"name": "Go 2", "type": "start"}),
                )
            },
            |e| *e == BoardError::ExtraStart { square: 20 },
            Some(20),
        ),
        (
            "zero price",
            |v| set(v, &["squares", "1", "price"], json!(0)),
            |e| matches!(e, BoardError::BadPrice { square: 1, .. }),
            Some(1),
        ),
        (
            "negative price",
            |v| set(v, &["squares", "3", "price"], json!(-60)),
            |e| matches!(e, BoardError::BadPrice { square: 3, .. }),
            Some(3),
        ),
        (
            "empty rent table",
            |v| set(v, &["squares", "6", "rents"], json!([])),
            |e| matches!(e, BoardError::MissingRents { square: 6, .. }),
            Some(6),
        ),
        (
            "rent table of three",
            |v| set(v, &["squares", "6", "rents"], json!([1, 2, 3])),
            |e| {
                matches!(
                    e,
                    BoardError::BadRentTable {
                        square: 6,
                        len: 3,
                        ..
                    }
                )
            },
            Some(6),
        ),
        (
            "negative rent",
            |v| {
                set(
                    v,
                    &["squares", "8", "rents"],
                    json!([-6, 30, 90, 270, 400, 550]),
                )
            },
            |e| matches!(e, BoardError::BadRent { square: 8, .. }),
            Some(8),
        ),
        (
            "houses without house cost",
            |v| set(v, &["squares", "9", "house_cost"], json!(0)),
            |e| matches!(e, BoardError::BadHouseCost { square: 9, .. }),
            Some(9),
        ),
        (
            "unknown group",
            |v| set(v, &["squares", "11", "group"], json!("violet")),
            |e| matches!(e, BoardError::UnknownGroup { square: 11, .. }),
            Some(11),
        ),
        (
            "duplicate group",
            |v| set(v, &["groups", "1", "name"], json!("brown")),
            |e| matches!(e, BoardError::DuplicateGroup { .. }),
            None,
        ),
        (
            "group color not hex",
            |v| set(v, &["groups", "0", "color"], json!("brownish")),
            |e| matches!(e, BoardError::BadGroupColor { .. }),
            None,
        ),
        (
            "railroad without rents",
            |v| set(v, &["squares", "5", "rents"], json!([])),
            |e| matches!(e, BoardError::BadRailroadRents { square: 5, .. }),
            Some(5),
        ),
        (
            "utility with zero multiplier",
            |v| set(v, &["squares", "12", "multipliers"], json!([0, 10])),
            |e| matches!(e, BoardError::BadUtilityMultipliers { square: 12, .. }),
            Some(12),
        ),
        (
            "station with negative fee",
            |v| {
                set(
                    v,
                    &["squares", "5"],
                    json!({"name": "Paddington", "type": "station", "fee_per_pip": -10}),
                )
            },
            |e| matches!(e, BoardError::BadStationFee { square: 5, .. }),
            Some(5),
        ),
        (
            "tax over 100 percent",
            |v| {
                set(
                    v,
                    &["squares", "4"],
                    json!({"name": "Tax", "type": "tax", "percent": 150}),
                )
            },
            |e| matches!(e, BoardError::BadTax { square: 4, .. }),
            Some(4),
        ),
        (
            "tax of nothing",
            |v| set(v, &["squares", "38", "amount"], json!(0)),
            |e| matches!(e, BoardError::BadTax { square: 38, .. }),
            Some(38),
        ),
        (
            "joker moves and waits",
            |v| {
                set(
                    v,
                    &["squares", "20"],
                    json!({"name": "Odd", "type": "joker", "move_by": 2, "wait": 1}),
                )
            },
            |e| matches!(e, BoardError::JokerMoveAndWait { square: 20, .. }),
            Some(20),
        ),
        (
            "joker moves too far",
            |v| {
                set(
                    v,
                    &["squares", "20"],
                    json!({"name": "Far", "type": "joker", "move_by": -41}),
                )
            },
            |e| {
                matches!(
                    e,
                    BoardError::JokerMoveTooFar {
                        square: 20,
                        steps: -41,
                        ..
                    }
                )
            },
            Some(20),
        ),
        (
            "joker waits too long",
            |v| {
                set(
                    v,
                    &["squares", "20"],
                    json!({"name": "Nap", "type": "joker", "wait": 99}),
                )
            },
            |e| matches!(e, BoardError::JokerWaitTooLong { square: 20, .. }),
            Some(20),
        ),
        (
            "joker with huge money",
            |v| {
                set(
                    v,
                    &["squares", "20"],
                    json!({"name": "Rich", "type": "joker", "money": 9_000_000_000_i64}),
                )
            },
            |e| matches!(e, BoardError::JokerMoneyTooLarge { square: 20, .. }),
            Some(20),
        ),
        (
            "joker loop",
            |v| {
                set(
                    v,
                    &["squares", "20"],
                    json!({"name": "Ping", "type": "joker", "move_by": 2}),
                );
                set(
                    v,
                    &["squares", "22"],
                    json!({"name": "Pong", "type": "joker", "move_by": -2}),
                );
            },
            |e| matches!(e, BoardError::JokerLoop { square: 20, .. }),
            Some(20),
        ),
        (
            "go to jail without jail",
            |v| {
                set(
                    v,
                    &["squares", "10"],
                    json!({"name": "Visiting", "type": "road"}),
                );
                set(v, &["rules", "extra_roll", "on_limit"], json!("end_turn"));
            },
            |e| matches!(e, BoardError::GoToJailWithoutJail { square: 30, .. }),
            Some(30),
        ),
        (
            "second jail",
            |v| {
                set(
                    v,
                    &["squares", "20"],
                    json!({"name": "Jail 2", "type": "jail"}),
                )
            },
            |e| *e == BoardError::ExtraJail { square: 20 },
            Some(20),
        ),
        (
            "duplicate lot names",
            |v| set(v, &["squares", "3", "name"], json!("Mediterranean Avenue")),
            |e| matches!(e, BoardError::DuplicateLotName { square: 3, .. }),
            Some(3),
        ),
        (
            "empty square name",
            |v| set(v, &["squares", "7", "name"], json!("")),
            |e| *e == BoardError::EmptySquareName { square: 7 },
            Some(7),
        ),
        (
            "square name too long",
            |v| set(v, &["squares", "7", "name"], json!("x".repeat(200))),
            |e| *e == BoardError::SquareNameTooLong { square: 7 },
            Some(7),
        ),
        (
            "card pointing at a missing square",
            |v| set(v, &["squares", "24", "name"], json!("Lake Shore Drive")),
            |e| {
                matches!(
                    e,
                    BoardError::CardTargetMissing {
                        deck: DeckKind::Chance,
                        ..
                    }
                )
            },
            None,
        ),
        (
            "empty deck with chance squares",
            |v| set(v, &["decks", "chance"], json!([])),
            |e| {
                *e == BoardError::EmptyDeck {
                    deck: DeckKind::Chance,
                }
            },
            None,
        ),
        (
            "card with negative amount",
            |v| {
                set(
                    v,
                    &["decks", "community_chest", "2", "effect", "amount"],
                    json!(-200),
                )
            },
            |e| {
                matches!(
                    e,
                    BoardError::BadCardAmount {
                        deck: DeckKind::CommunityChest,
                        ..
                    }
                )
            },
            None,
        ),
        (
            "picture that is not an image",
            |v| {
                set(
                    v,
                    &["squares", "7", "picture"],
                    json!("javascript:alert(1)"),
                )
            },
            |e| {
                matches!(
                    e,
                    BoardError::BadPicture {
                        square: Some(7),
                        ..
                    }
                )
            },
            Some(7),
        ),
        (
            "board picture that is not an image",
            |v| set(v, &["picture"], json!("http://example.invalid/x.png")),
            |e| matches!(e, BoardError::BadPicture { square: None, .. }),
            None,
        ),
        (
            "too many pawns",
            |v| {
                set(
                    v,
                    &["pawns"],
                    json!(vec![
                        json!({"name": "p", "picture": "data:image/png;base64,AA"});
                        9
                    ]),
                )
            },
            |e| *e == BoardError::TooManyPawns { count: 9 },
            None,
        ),
        (
            "empty currency symbol",
            |v| set(v, &["currency", "symbol"], json!("")),
            |e| *e == BoardError::BadCurrency,
            None,
        ),
        (
            "one die with doubles",
            |v| set(v, &["rules", "dice_count"], json!(1)),
            |e| matches!(e, BoardError::BadRules { .. }),
            None,
        ),
        (
            "min players above max",
            |v| set(v, &["rules", "min_players"], json!(9)),
            |e| matches!(e, BoardError::BadRules { .. }),
            None,
        ),
        (
            "mortgage over 100 percent",
            |v| set(v, &["rules", "mortgage_percent"], json!(250)),
            |e| matches!(e, BoardError::BadRules { .. }),
            None,
        ),
        (
            "huge starting cash",
            |v| set(v, &["rules", "starting_cash"], json!(9_000_000_000_000_i64)),
            |e| matches!(e, BoardError::BadRules { .. }),
            None,
        ),
        (
            "round limit zero",
            |v| set(v, &["rules", "round_limit"], json!(0)),
            |e| matches!(e, BoardError::BadRules { .. }),
            None,
        ),
    ];
    assert!(cases.len() >= 40);
    for (name, damage, expected, square) in cases {
        let mut v = classic_json();
        damage(&mut v);
        let errs = problems(v);
        assert!(has(&errs, expected), "{name}: got {errs:?}");
        let hit = errs.iter().find(|e| expected(e)).expect("found");
        assert_eq!(hit.square(), square, "{name}");
        assert!(!hit.to_string().is_empty());
    }
}

#[test]
fn every_problem_is_reported_at_once() {
    let mut v = classic_json();
    set(&mut v, &["squares", "1", "price"], json!(0));
    set(&mut v, &["squares", "3", "price"], json!(-1));
    set(&mut v, &["squares", "11", "group"], json!("nope"));
    set(&mut v, &["name"], json!(""));
    let errs = problems(v);
    assert!(errs.len() >= 4, "{errs:?}");
}

#[test]
fn a_board_with_nothing_to_buy_is_unplayable() {
    let mut v = mini_json();
    for i in [3, 4, 8, 12, 14] {
        set(
            &mut v,
            &["squares", &i.to_string()],
            json!({"name": "Road", "type": "road"}),
        );
    }
    let errs = problems(v);
    assert_eq!(errs, vec![BoardError::NothingToBuy]);
}

#[test]
fn markup_in_names_is_plain_text() {
    let mut v = classic_json();
    set(&mut v, &["name"], json!("<script>alert('x')</script>"));
    set(
        &mut v,
        &["squares", "1", "name"],
        json!("<b>Med</b> & \"Co\""),
    );
    let def: BoardDef = serde_json::from_value(v).expect("board");
    let b = Board::from_def(def).expect("valid: names are text");
    assert_eq!(b.square(1).name, "<b>Med</b> & \"Co\"");
}

#[test]
fn the_same_name_on_non_lots_is_fine() {
    // Classic has three squares called "Chance" and three "Community Chest".
    assert!(Board::from_def(Preset::Classic.board_def()).is_ok());
}

/// Input that is not even a board: refused by the JSON reader with a message, no panic.
#[test]
fn malformed_files_are_refused_with_a_message() {
    let bad: Vec<String> = vec![
        String::new(),
        "not json".into(),
        "{".into(),
        "[]".into(),
        "null".into(),
        "42".into(),
        r#"{"name": "x"}"#.into(),
        r#"{"name": 5, "squares": []}"#.into(),
        r#"{"name": "x", "squares": [{"name": "Go", "type": "teleporter"}]}"#.into(),
        r#"{"name": "x", "squares": [{"name": "Go"}]}"#.into(),
        r#"{"name": "x", "squares": [{"name": "A", "type": "property", "price": "cheap", "rents": [1]}]}"#.into(),
        r#"{"name": "x", "squares": [{"name": "A", "type": "property", "price": 1e99, "rents": [1]}]}"#.into(),
        r#"{"name": "x", "squares": [{"name": "A", "type": "property", "price": 99999999999999999999999, "rents": [1]}]}"#.into(),
        r#"{"name": "x", "squares": [], "rules": {"dice_count": -1}}"#.into(),
        r#"{"name": "x", "squares": [], "rules": {"warp_drive": true}}"#.into(),
        r#"{"name": "x", "squares": [], "extra": 1}"#.into(),
        r#"{"name": "x", "squares": [], "decks": {"chance": [{"text": "t", "effect": {"kind": "explode"}}]}}"#.into(),
        "\u{feff}\u{0}".into(),
        "[".repeat(10_000),
    ];
    for text in bad {
        let r = BoardDef::from_json(&text);
        let shown: String = text.chars().take(40).collect();
        let msg = r.expect_err(&shown);
        assert!(msg.starts_with("not a board file"), "{msg}");
    }
}

#[test]
fn a_board_too_small_and_broken_lists_all_problems_with_squares() {
    let v = json!({
        "name": "Tiny",
        "squares": [
            {"name": "Road", "type": "road"},
            {"name": "A", "type": "property", "price": -5, "rents": [], "group": "ghost"},
            {"name": "Start", "type": "start"}
        ]
    });
    let errs = problems(v);
    assert!(errs.contains(&BoardError::WrongSize { count: 3 }));
    assert!(errs.contains(&BoardError::FirstSquareNotStart));
    assert!(errs.contains(&BoardError::ExtraStart { square: 2 }));
    assert!(has(&errs, |e| matches!(
        e,
        BoardError::BadPrice { square: 1, .. }
    )));
    assert!(has(&errs, |e| matches!(
        e,
        BoardError::MissingRents { square: 1, .. }
    )));
    assert!(has(&errs, |e| matches!(
        e,
        BoardError::UnknownGroup { square: 1, .. }
    )));
}

// ----- Issue 11: worlds that would loop, hang or hide mistakes -----

fn card(text: &str, effect: Value) -> Value {
    json!({"text": text, "effect": effect})
}

fn classic_with_decks(chance: Vec<Value>, chest: Vec<Value>) -> Value {
    let mut v = classic_json();
    v["decks"] = json!({"chance": chance, "community_chest": chest});
    v
}

fn move_loop_at(errs: &[BoardError], square: usize, needle: &str) -> bool {
    errs.iter().any(|e| {
        matches!(e, BoardError::MoveLoop { square: s, .. } if *s == square)
            && e.to_string().contains(needle)
            && e.square() == Some(square)
    })
}

#[test]
fn a_move_zero_card_is_refused_naming_the_card_and_square() {
    let v = classic_with_decks(
        vec![card("Stay put", json!({"kind": "move_by", "steps": 0}))],
        vec![card("Collect", json!({"kind": "collect", "amount": 10}))],
    );
    let errs = problems(v);
    for chance in [7, 22, 36] {
        assert!(move_loop_at(&errs, chance, "Stay put"), "{errs:?}");
    }
}

#[test]
fn a_card_advancing_to_a_card_square_whose_card_sends_it_back_is_refused() {
    // Chance: advance to the Community Chest at 33; Community Chest: advance to Chance 36.
    let v = classic_with_decks(
        vec![card(
            "To the chest",
            json!({"kind": "advance_to", "square": 33}),
        )],
        vec![card(
            "To chance",
            json!({"kind": "advance_to", "square": 36}),
        )],
    );
    let errs = problems(v);
    assert!(move_loop_at(&errs, 36, "To the chest"), "{errs:?}");
    assert!(move_loop_at(&errs, 33, "To chance"), "{errs:?}");
}

#[test]
fn a_joker_moving_onto_a_card_square_whose_card_moves_back_is_refused() {
    let mut v = classic_with_decks(
        vec![card("Back 2", json!({"kind": "move_by", "steps": -2}))],
        vec![card("Collect", json!({"kind": "collect", "amount": 10}))],
    );
    // Square 5 becomes a Joker moving 2 forward, onto Chance (7), whose card moves back 2.
    set(
        &mut v,
        &["squares", "5"],
        json!({"name": "Hop", "type": "joker", "move_by": 2}),
    );
    let errs = problems(v);
    assert!(move_loop_at(&errs, 5, "Joker"), "{errs:?}");
    assert!(move_loop_at(&errs, 7, "Back 2"), "{errs:?}");
}

#[test]
fn card_chains_that_end_are_accepted() {
    // Classic's own "Go back 3 spaces" from Chance 36 lands on Community Chest 33: fine.
    assert!(problems(classic_json()).is_empty());
    let v = classic_with_decks(
        vec![card(
            "To the chest",
            json!({"kind": "advance_to", "square": 33}),
        )],
        vec![card("Collect", json!({"kind": "collect", "amount": 10}))],
    );
    assert!(problems(v).is_empty());
}

#[test]
fn a_45000_joker_world_is_refused_for_its_size_before_anything_else() {
    let mut squares = vec![json!({"name": "Go", "type": "start"})];
    for _ in 0..45_000 {
        squares.push(json!({"name": "J", "type": "joker", "move_by": 1}));
    }
    let v = json!({"name": "Huge", "squares": squares});
    let text = v.to_string();
    assert!(text.len() < 2_000_000, "{}", text.len());
    let def = BoardDef::from_json(&text).expect("structurally a board");
    let errs = Board::from_def(def).expect_err("too big");
    assert_eq!(errs, vec![BoardError::WrongSize { count: 45_001 }]);
}

#[test]
fn oversized_decks_and_group_lists_are_refused_by_count() {
    let many: Vec<Value> = (0..5000)
        .map(|i| card(&format!("c{i}"), json!({"kind": "collect", "amount": 1})))
        .collect();
    let errs = problems(classic_with_decks(many.clone(), many));
    assert!(has(&errs, |e| matches!(
        e,
        BoardError::TooMany {
            count: 5000,
            max: 100,
            ..
        }
    )));
}

#[test]
fn one_die_and_release_by_doubles_without_a_try_limit_is_refused() {
    let mut v = classic_json();
    v["rules"]["dice_count"] = json!(1);
    v["rules"]["extra_roll"] = json!({"kind": "none"});
    v["rules"]["jail"] = json!({"release": "doubles", "fine": null, "max_tries": null});
    let errs = problems(v.clone());
    assert!(
        has(&errs, |e| e.to_string().contains("could never leave")),
        "{errs:?}"
    );
    // With a try limit (and its fine) the jail can be left.
    v["rules"]["jail"] = json!({"release": "doubles", "fine": 50, "max_tries": 3});
    assert!(problems(v).is_empty());
}

/// A square's own fields and its kind's are read apart (the kind by its own reader): each
/// problem is still said in serde's words, at the square's place in the file.
#[test]
fn a_squares_name_picture_and_kind_are_refused_in_serdes_words_at_the_square() {
    let board = |square: &str| format!(r#"{{"name": "x", "squares": [{square}]}}"#);
    for (square, says) in [
        (r#"{"type": "start"}"#, "missing field `name`"),
        (
            r#"{"name": 5, "type": "start"}"#,
            "invalid type: integer `5`, expected a string",
        ),
        (
            r#"{"name": "Go", "type": "start", "picture": 1}"#,
            "invalid type: integer `1`, expected a string",
        ),
        (r#"{"name": "Go"}"#, "missing field `type`"),
        (
            r#"{"name": "Go", "type": "teleporter"}"#,
            "unknown variant `teleporter`",
        ),
        (
            r#"{"price": 60, "name": "A", "type": "railroad"}"#,
            "missing field `rents`",
        ),
        (
            r#"{"name": "A", "type": "railroad", "price": "cheap", "rents": [1]}"#,
            "invalid type: string \"cheap\", expected i64",
        ),
    ] {
        let msg = BoardDef::from_json(&board(square)).expect_err(square);
        assert!(msg.contains(says), "{square}: {msg}");
        // The place is the square's end (the square is read whole before it is checked).
        let end = format!(" at line 1 column {}", 26 + square.len());
        assert!(msg.ends_with(&end), "{msg}");
    }
    // A square with its name after its kind's fields, and a picture, reads as written.
    let def = BoardDef::from_json(&board(
        r#"{"price": 200, "rents": [25, 50, 100, 200], "type": "railroad", "picture": null, "name": "Reading"}"#,
    ));
    let def = def.expect("reads");
    assert_eq!(def.squares[0].name, "Reading");
    assert_eq!(def.squares[0].picture, None);
}

#[test]
fn an_unknown_field_in_a_square_is_refused() {
    let mut v = classic_json();
    let mut sq = v["squares"][1].clone();
    let group = sq["group"].clone();
    sq.as_object_mut().expect("object").remove("group");
    sq["gruop"] = group;
    v["squares"][1] = sq;
    let err = BoardDef::from_json(&v.to_string()).expect_err("typo refused");
    assert!(err.contains("gruop"), "{err}");
    // Every preset still loads, and so does a square with every field of its type.
    for p in Preset::ALL {
        assert!(BoardDef::from_json(p.json()).is_ok());
    }
}

#[test]
fn long_and_invisible_names_are_refused() {
    let mut v = classic_json();
    v["squares"][1]["name"] = json!("x".repeat(1_000_000));
    assert!(has(&problems(v), |e| matches!(
        e,
        BoardError::SquareNameTooLong { square: 1 }
    )));
    for bad in [
        "Bal\u{7}tic",
        "Bal\u{200B}tic",
        "Bal\u{202E}tic",
        "Bal\ntic",
    ] {
        let mut v = classic_json();
        v["squares"][3]["name"] = json!(bad);
        let errs = problems(v);
        assert!(
            has(&errs, |e| matches!(
                e,
                BoardError::BadNameChars {
                    square: Some(3),
                    ..
                }
            )),
            "{bad:?}: {errs:?}"
        );
        let mut v = classic_json();
        v["name"] = json!(bad);
        assert!(!problems(v).is_empty(), "board name {bad:?}");
    }
    // Emoji with joiners stay allowed.
    let mut v = classic_json();
    v["squares"][3]["name"] = json!("Family 👨\u{200D}👩\u{200D}👧");
    assert!(problems(v).is_empty());
}
