//! The board ring's layout and the names drawn in narrow squares, natively.

use worlds_engine::Preset;
use worlds_models::names::{hyphenate, short_names};
use worlds_models::ring::{corner_indices, ring_key_step, ring_places, Edge, Place, SquareView};
use worlds_models::words::{count, ordinal};

fn overlaps(a: &Place, b: &Place) -> bool {
    let eps = 1e-9;
    a.left + a.width > b.left + eps
        && b.left + b.width > a.left + eps
        && a.top + a.height > b.top + eps
        && b.top + b.height > a.top + eps
}

#[test]
fn the_ring_layout_puts_corners_in_corners_for_every_size_from_10_to_60() {
    for n in 10..=60 {
        let places = ring_places(n);
        assert_eq!(places.len(), n);
        let c = corner_indices(n);
        let at = |i: usize| (places[i].left, places[i].top);
        let far = 1.0 - places[0].width;
        assert_eq!(at(c[0]), (far, far), "{n}: start at bottom right");
        assert_eq!(at(c[1]).0, 0.0, "{n}");
        assert!((at(c[1]).1 - far).abs() < 1e-9, "{n}");
        assert_eq!(at(c[2]), (0.0, 0.0), "{n}");
        assert!((at(c[3]).0 - far).abs() < 1e-9 && at(c[3]).1 == 0.0, "{n}");
        for i in 0..n {
            for j in i + 1..n {
                assert!(!overlaps(&places[i], &places[j]), "{n}: {i} and {j}");
            }
        }
        // No hole: the squares' area is the board less its center.
        let area: f64 = places.iter().map(|p| p.width * p.height).sum();
        let inner = 1.0 - 2.0 * places[0].width;
        assert!(
            (area - (1.0 - inner * inner)).abs() < 1e-9,
            "{n}: area {area}"
        );
    }
    // A board grown at its end keeps its first corners where they were.
    assert_eq!(corner_indices(40), [0, 10, 20, 30]);
    assert_eq!(corner_indices(41), [0, 10, 20, 30]);
    assert_eq!(corner_indices(16), [0, 4, 8, 12]);
}

#[test]
fn long_names_break_between_syllables_and_words_read_right() {
    assert_eq!(hyphenate("Go"), "Go");
    assert_eq!(hyphenate("Oak Road"), "Oak Road");
    let ventnor = hyphenate("Ventnor");
    assert!(ventnor.contains('\u{ad}'), "{ventnor:?}");
    assert_eq!(ventnor.replace('\u{ad}', ""), "Ventnor");
    let h = hyphenate("Pennsylvania Avenue");
    assert!(h.contains('\u{ad}'), "{h}");
    assert_eq!(h.replace('\u{ad}', ""), "Pennsylvania Avenue");
    assert!(hyphenate("Mediterranean").contains('\u{ad}'));
    assert_eq!(hyphenate("Kentucky"), "Ken\u{ad}tucky");
    // Issue 20: the breaks a new player saw go wrong.
    assert_eq!(hyphenate("Wormhole"), "Worm\u{ad}hole");
    assert_eq!(hyphenate("Boardwalk"), "Board\u{ad}walk");
    assert_eq!(hyphenate("Ventnor"), "Vent\u{ad}nor");
    assert_eq!(hyphenate("Railroad"), "Rail\u{ad}road");
    assert_eq!(hyphenate("States"), "States");
    assert_eq!(ordinal(1), "1st");
    assert_eq!(ordinal(3), "3rd");
    assert_eq!(ordinal(12), "12th");
    assert_eq!(ordinal(22), "22nd");
    assert_eq!(count(1, "round", "rounds"), "1 round");
    assert_eq!(count(2, "round", "rounds"), "2 rounds");
}

#[test]
fn short_names_drop_street_words_only_while_every_square_stays_unique() {
    let classic: Vec<String> = Preset::Classic
        .board()
        .def()
        .squares
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let short = short_names(&classic);
    assert_eq!(short.len(), classic.len());
    let of = |name: &str| {
        let i = classic.iter().position(|n| n == name).expect(name);
        short[i].as_str()
    };
    assert_eq!(of("Mediterranean Avenue"), "Mediterranean");
    assert_eq!(of("St. Charles Place"), "St. Charles");
    assert_eq!(of("St. James Place"), "St. James");
    assert_eq!(of("Marvin Gardens"), "Marvin");
    assert_eq!(of("Pennsylvania Railroad"), "Pennsylvania RR");
    assert_eq!(of("Pennsylvania Avenue"), "Pennsylvania");
    assert_eq!(of("B. & O. Railroad"), "B. & O. RR");
    assert_eq!(of("Park Place"), "Park");
    for kept in [
        "Go",
        "Chance",
        "Community Chest",
        "Short Line",
        "Boardwalk",
        "Water Works",
    ] {
        assert_eq!(of(kept), kept);
    }
    for (i, a) in short.iter().enumerate() {
        assert!(!a.trim().is_empty(), "square {i} has an empty short name");
        for (j, b) in short.iter().enumerate() {
            if classic[i] != classic[j] {
                assert!(
                    !a.eq_ignore_ascii_case(b),
                    "{} and {} both read {a}",
                    classic[i],
                    classic[j]
                );
            }
        }
    }
    // A short name that would read like another square keeps the full name.
    let names: Vec<String> = [
        "Oak Avenue",
        "Oak Street",
        "Elm Place",
        "Elm",
        "Avenue",
        "Ash Road",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(
        short_names(&names),
        [
            "Oak Avenue",
            "Oak Street",
            "Elm Place",
            "Elm",
            "Avenue",
            "Ash"
        ]
    );
    assert_eq!(short_names(&[]), Vec::<String>::new());
}

#[test]
fn the_arrow_keys_go_round_the_ring_and_home_and_end_to_its_ends() {
    assert_eq!(ring_key_step("ArrowRight", 39, 40), Some(0));
    assert_eq!(ring_key_step("ArrowDown", 3, 40), Some(4));
    assert_eq!(ring_key_step("ArrowLeft", 0, 40), Some(39));
    assert_eq!(ring_key_step("ArrowUp", 5, 40), Some(4));
    assert_eq!(ring_key_step("Home", 17, 40), Some(0));
    assert_eq!(ring_key_step("End", 17, 12), Some(11));
    assert_eq!(ring_key_step("Enter", 17, 40), None);
    assert_eq!(
        ring_key_step("ArrowRight", 0, 0),
        Some(0),
        "an empty ring stays"
    );
}

#[test]
fn a_squares_classes_say_its_kind_side_and_state() {
    let mut sq = SquareView {
        kind: "lot",
        ..SquareView::default()
    };
    assert_eq!(sq.css_class(Edge::Bottom, false), "sq lot bottom");
    sq.mortgaged = true;
    sq.owner = Some(("#d62828".into(), "Ann".into()));
    sq.selected = true;
    assert_eq!(
        sq.css_class(Edge::Corner, true),
        "sq lot corner mortgaged owned selected dragging"
    );
}
