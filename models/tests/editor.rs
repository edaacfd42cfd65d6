//! The Board Maker's editing model, natively: add and remove squares, types, Jokers, groups,
//! undo, card targets following a rename and a move.

use worlds_engine::board::{MAX_SQUARES, MIN_SQUARES};
use worlds_engine::cards::{CardEffect, SquareRef};
use worlds_engine::{BoardError, JokerEffect, Preset, SquareDef, SquareKind};
use worlds_models::editor::{retype, EditError, EditorState, Origin, SquareType};

fn renamed(state: &EditorState, i: usize, name: &str) -> SquareDef {
    let mut sq = state.def().squares[i].clone();
    sq.name = name.to_string();
    sq
}

#[test]
fn a_new_world_is_the_worlds_template_unsaved_and_playable() {
    let s = EditorState::new_world();
    assert_eq!(s.origin(), &Origin::New);
    assert_eq!(s.def().name, "New world");
    assert_eq!(s.def().squares, Preset::Worlds.board_def().squares);
    assert!(!s.is_dirty());
    assert!(s.problems().is_empty());
    assert!(s.is_playable());
    assert!(!s.can_undo());
}

#[test]
fn a_preset_opens_as_a_copy_to_be_saved_as_new() {
    let s = EditorState::from_preset(Preset::Mini);
    assert_eq!(s.origin(), &Origin::Preset(Preset::Mini));
    assert_eq!(s.def().name, "Mini (copy)");
    assert_eq!(s.saved_id(), None);
    let s = EditorState::open_saved("abc", Preset::Campus.board_def());
    assert_eq!(s.saved_id(), Some("abc"));
}

#[test]
fn an_edit_is_unsaved_until_saved_and_undo_takes_it_back() {
    let mut s = EditorState::new_world();
    let sq = renamed(&s, 1, "Mars Avenue");
    s.set_square(1, sq).expect("a lot can be renamed");
    assert!(s.is_dirty());
    assert_eq!(s.def().squares[1].name, "Mars Avenue");
    s.undo().expect("one step back");
    assert_eq!(s.def().squares[1].name, "Mediterranean Avenue");
    assert!(!s.is_dirty());
    assert_eq!(s.undo(), Err(EditError::NothingToUndo));

    let sq = renamed(&s, 1, "Mars Avenue");
    s.set_square(1, sq).expect("renamed");
    s.mark_saved("w1");
    assert!(!s.is_dirty());
    assert!(!s.can_undo(), "undo covers unsaved changes only");
    assert_eq!(s.saved_id(), Some("w1"));
}

#[test]
fn typing_in_one_field_is_one_undo_step() {
    let mut s = EditorState::new_world();
    for name in ["M", "My", "My W", "My World"] {
        s.set_name(name);
    }
    s.edit_rules("salary", |r| r.salary = 300);
    assert_eq!(s.def().name, "My World");
    s.undo().expect("the salary");
    assert_eq!(s.def().rules.salary, 200);
    assert_eq!(s.def().name, "My World");
    s.undo().expect("the whole name");
    assert_eq!(s.def().name, "New world");
    s.revert();
    assert!(!s.is_dirty());
}

#[test]
fn the_start_square_is_fixed() {
    let mut s = EditorState::new_world();
    let lot = s.def().squares[1].clone();
    assert_eq!(s.set_square(0, lot), Err(EditError::StartIsFixed));
    let start = s.def().squares[0].clone();
    assert_eq!(s.set_square(5, start), Err(EditError::StartIsFixed));
    assert_eq!(s.remove_square(0), Err(EditError::StartIsFixed));
    assert_eq!(s.add_square(0), Err(EditError::StartIsFixed));
    // Its name can change.
    let start = renamed(&s, 0, "Launch pad");
    s.set_square(0, start).expect("the start can be renamed");
    assert!(s.problems().is_empty());
}

#[test]
fn squares_can_be_added_and_removed_between_10_and_60() {
    let mut s = EditorState::from_preset(Preset::Mini);
    let start = s.def().squares.len();
    for _ in MIN_SQUARES..start {
        s.remove_square(1).expect("above the minimum");
    }
    assert_eq!(s.def().squares.len(), MIN_SQUARES);
    assert_eq!(s.remove_square(1), Err(EditError::TooFewSquares));
    assert_eq!(
        s.remove_square(99),
        Err(EditError::NoSuchSquare { square: 99 })
    );
    while s.def().squares.len() < MAX_SQUARES {
        let at = s.add_square(usize::MAX).expect("below the maximum");
        assert_eq!(at, s.def().squares.len() - 1, "added at the end");
    }
    assert_eq!(s.add_square(3), Err(EditError::TooManySquares));
    assert_eq!(s.def().squares[3].kind, SquareKind::Road);
}

#[test]
fn changing_a_type_keeps_the_price_and_jokers_never_move_and_wait() {
    let s = EditorState::new_world();
    let rail = s.def().squares[5].kind.clone();
    let lot = retype(&rail, SquareType::Property, &s.def().groups);
    match lot {
        SquareKind::Property {
            price,
            rents,
            group,
            ..
        } => {
            assert_eq!(price, 200);
            assert_eq!(rents.len(), 6);
            assert_eq!(group, Some(s.def().groups[0].name.clone()));
        }
        other => panic!("not a property: {other:?}"),
    }
    let mut joker = retype(&SquareKind::Road, SquareType::Joker, &[]);
    JokerEffect::Move(-3).apply(&mut joker);
    assert_eq!(JokerEffect::of(&joker), Some(JokerEffect::Move(-3)));
    JokerEffect::Wait(2).apply(&mut joker);
    assert_eq!(JokerEffect::of(&joker), Some(JokerEffect::Wait(2)));
    assert!(matches!(
        joker,
        SquareKind::Joker {
            move_by: 0,
            wait: 2,
            ..
        }
    ));
    JokerEffect::Stay.apply(&mut joker);
    assert_eq!(JokerEffect::of(&joker), Some(JokerEffect::Stay));
    assert_eq!(SquareType::of(&SquareKind::Start), None);
    for t in SquareType::ALL {
        assert_eq!(SquareType::from_id(t.id()), Some(t));
    }
}

#[test]
fn a_new_group_needs_a_free_name_and_lots_follow_a_rename() {
    let mut s = EditorState::new_world();
    assert_eq!(s.new_group("  ", "#123456"), Err(EditError::GroupNeedsName));
    assert_eq!(
        s.new_group("brown", "#123456"),
        Err(EditError::GroupExists {
            name: "brown".into()
        })
    );
    let name = s.new_group(" Mars ", "#c1440e").expect("a new group");
    assert_eq!(name, "Mars");
    let mut lot = s.def().squares[1].clone();
    if let SquareKind::Property { group, .. } = &mut lot.kind {
        *group = Some(name.clone());
    }
    s.set_square(1, lot).expect("regrouped");
    assert_eq!(s.group_lots("Mars"), 1);
    assert!(s.problems().is_empty(), "{:?}", s.problems());
    assert_eq!(
        s.remove_group("Mars"),
        Err(EditError::GroupInUse {
            name: "Mars".into(),
            lots: 1
        })
    );
    s.rename_group("Mars", "Red planet").expect("renamed");
    assert_eq!(s.group_lots("Red planet"), 1);
    assert!(s.problems().is_empty());
    s.set_group_house_cost("Red planet", 75)
        .expect("group cost");
    assert_eq!(s.def().squares[1].house_cost(), Some(75));
}

#[test]
fn cards_follow_a_renamed_square_and_removed_squares_are_reported() {
    let mut s = EditorState::new_world();
    let boardwalk = s
        .def()
        .squares
        .iter()
        .position(|q| q.name == "Boardwalk")
        .expect("the template has Boardwalk");
    let sq = renamed(&s, boardwalk, "Ocean Drive");
    s.set_square(boardwalk, sq).expect("renamed");
    assert!(s.problems().is_empty(), "{:?}", s.problems());
    let decks = s.def().decks.clone().expect("decks");
    assert!(decks.chance.iter().any(|c| c.effect
        == CardEffect::AdvanceTo {
            square: SquareRef::Name("Ocean Drive".into())
        }
        && c.text.contains("Ocean Drive")));
    s.remove_square(boardwalk).expect("removed");
    assert!(
        s.problems()
            .iter()
            .any(|p| matches!(p, BoardError::CardTargetMissing { .. })),
        "a card pointing at a removed square is reported"
    );
}

#[test]
fn bulk_building_costs_and_rent_multiplier() {
    let mut s = EditorState::new_world();
    s.set_house_cost_percent(50);
    assert_eq!(s.def().squares[1].house_cost(), Some(30));
    s.scale_rents(200);
    match &s.def().squares[1].kind {
        SquareKind::Property { rents, .. } => assert_eq!(rents[0], 4),
        other => panic!("{other:?}"),
    }
    s.undo().expect("rents");
    s.undo().expect("house costs");
    assert!(!s.is_dirty());
}

#[test]
fn squares_move_left_and_right_round_the_ring_with_the_start_fixed() {
    let mut s = EditorState::new_world();
    let name = |s: &EditorState, i: usize| s.def().squares[i].name.clone();
    let last = s.def().squares.len() - 1;
    assert_eq!(name(&s, 1), "Mediterranean Avenue");
    assert_eq!(s.move_right(1), Ok(2));
    assert_eq!(name(&s, 2), "Mediterranean Avenue");
    assert_eq!(
        name(&s, 1),
        "Community Chest",
        "the square passed takes its place"
    );
    assert_eq!(s.move_left(2), Ok(1));
    assert_eq!(name(&s, 1), "Mediterranean Avenue");
    assert!(!s.is_dirty(), "moved back where it was");
    // The ring: the square after the start goes round to the end, and back.
    assert_eq!(s.move_left(1), Ok(last));
    assert_eq!(name(&s, last), "Mediterranean Avenue");
    assert_eq!(name(&s, last - 1), "Boardwalk");
    assert_eq!(name(&s, 1), "Community Chest");
    assert_eq!(s.def().squares[0].kind, SquareKind::Start);
    assert_eq!(s.move_right(last), Ok(1));
    assert_eq!(name(&s, 1), "Mediterranean Avenue");
    // Anywhere by dragging.
    assert_eq!(s.move_square(39, 5), Ok(5));
    assert_eq!(name(&s, 5), "Boardwalk");
    assert_eq!(name(&s, 6), "Reading Railroad");
    assert!(s.problems().is_empty(), "{:?}", s.problems());
    // The start neither moves nor is replaced.
    assert_eq!(s.move_left(0), Err(EditError::StartIsFixed));
    assert_eq!(s.move_right(0), Err(EditError::StartIsFixed));
    assert_eq!(s.move_square(3, 0), Err(EditError::StartIsFixed));
    assert_eq!(
        s.move_square(3, 40),
        Err(EditError::NoSuchSquare { square: 40 })
    );
    assert_eq!(
        s.move_right(40),
        Err(EditError::NoSuchSquare { square: 40 })
    );
    // Each move is one undo step.
    s.undo().expect("the drag");
    assert_eq!(name(&s, 39), "Boardwalk");
    assert_eq!(name(&s, 5), "Reading Railroad");
}

#[test]
fn cards_naming_a_square_by_number_follow_it_when_it_moves() {
    let mut s = EditorState::new_world();
    s.edit("decks", |d| {
        if let Some(decks) = d.decks.as_mut() {
            decks.chance.push(worlds_engine::CardDef {
                text: "Advance to square 40".into(),
                effect: CardEffect::AdvanceTo {
                    square: SquareRef::Index(39),
                },
            });
            decks.chance.push(worlds_engine::CardDef {
                text: "Advance to square 10".into(),
                effect: CardEffect::AdvanceTo {
                    square: SquareRef::Index(9),
                },
            });
        }
    });
    s.move_square(39, 5).expect("moved");
    let targets: Vec<CardEffect> = s
        .def()
        .decks
        .as_ref()
        .expect("decks")
        .chance
        .iter()
        .rev()
        .take(2)
        .map(|c| c.effect.clone())
        .collect();
    assert_eq!(
        targets,
        vec![
            CardEffect::AdvanceTo {
                square: SquareRef::Index(10)
            },
            CardEffect::AdvanceTo {
                square: SquareRef::Index(5)
            },
        ],
        "Boardwalk's card follows it to 5; the square that was 10th shifts on to 11th"
    );
    assert_eq!(s.def().squares[10].name, "Connecticut Avenue");
}

#[test]
fn a_groups_hotel_cost_and_rent_multiplier_are_edited_and_checked_by_the_engine() {
    let mut s = EditorState::new_world();
    s.set_group_hotel_cost("brown", Some(120))
        .expect("hotel cost");
    s.set_group_multiplier("brown", Some(3))
        .expect("multiplier");
    let brown = s
        .def()
        .groups
        .iter()
        .find(|g| g.name == "brown")
        .expect("brown");
    assert_eq!(
        (brown.hotel_cost, brown.whole_group_multiplier),
        (Some(120), Some(3))
    );
    assert!(s.problems().is_empty(), "{:?}", s.problems());
    s.set_group_hotel_cost("brown", Some(-5)).expect("kept");
    s.set_group_multiplier("brown", Some(0)).expect("kept");
    let problems = s.problems();
    assert!(problems.contains(&BoardError::BadHotelCost {
        name: "brown".into(),
        cost: -5
    }));
    assert!(problems.contains(&BoardError::BadGroupMultiplier {
        name: "brown".into(),
        multiplier: 0
    }));
    s.set_group_hotel_cost("brown", None).expect("cleared");
    s.set_group_multiplier("brown", None).expect("cleared");
    assert!(s.problems().is_empty());
    assert_eq!(
        s.set_group_multiplier("mars", Some(2)),
        Err(EditError::NoSuchGroup {
            name: "mars".into()
        })
    );
    // Typing "120" into the field is one undo step.
    let mut t = EditorState::new_world();
    for v in [1, 12, 120] {
        t.set_group_hotel_cost("brown", Some(v)).expect("typed");
    }
    t.undo().expect("one step");
    assert!(!t.is_dirty(), "{:?}", t.def().groups[0]);
}
