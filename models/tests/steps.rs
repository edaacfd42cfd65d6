//! What a step shows a person (issue 44): a card drawn (face down for a person, who presses
//! Draw card; face up for a computer) and the landing panel's lines (a person's rent and
//! taxes; a computer's stay in the feed).

use worlds_engine::scenario::Scenario;
use worlds_engine::{Action, ComputerStrategy, Game, SeatKind};
use worlds_models::steps::{take_step, Landing};

fn game(value: serde_json::Value) -> Game {
    let s: Scenario = serde_json::from_value(value).expect("a scenario");
    Game::new(s.setup().expect("a setup")).expect("a game")
}

#[test]
fn a_persons_card_comes_face_down_with_its_amount_and_button() {
    // Ann rolls 3 + 4 onto Chance and draws Lucky star (a range, $100 to $300).
    let mut g = game(serde_json::json!({"board": "worlds",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "rolls": [[3, 4]], "decks": {"chance": [12]}}));
    let step = take_step(&mut g, Action::Roll).expect("rolls").in_words(&g);
    let card = step.card.flatten().expect("a card");
    assert!(!card.face_up, "a person draws it with Draw card");
    assert_eq!(card.square, 7);
    assert_eq!(card.player, "Ann");
    let paid = g.player(worlds_engine::PlayerId(0)).cash - 1500;
    assert_eq!(
        card.drawn.as_deref(),
        Some(format!("Collect ${paid} (between $100 and $300)").as_str())
    );
    assert_eq!(card.button, format!("Collect ${paid}"));
    assert!(step.lines.iter().any(|(_, l)| *l == card.line));
    assert!(
        matches!(
            g.log()[card.log_at].event,
            worlds_engine::Event::CardDrawn { .. }
        ),
        "it knows its place in the log"
    );
    assert_eq!(card.cash_at_draw, [1500, 1500], "the cash before it paid");
}

#[test]
fn a_computers_card_comes_face_up() {
    let mut g = game(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob"}],
        "rolls": [[3, 4]], "decks": {"chance": [11]}}));
    // Seat 0 a computer from the start.
    let mut setup = g.setup().clone();
    setup.seats[0].kind = SeatKind::Computer {
        strategy: ComputerStrategy::Balanced,
    };
    g = Game::new(setup).expect("a game");
    let step = take_step(&mut g, Action::Roll).expect("rolls").in_words(&g);
    let card = step.card.flatten().expect("a card");
    assert!(card.face_up);
    assert_eq!(card.drawn, None, "a fixed card has no amount drawn");
    assert_eq!(card.button, "Collect $50");
}

#[test]
fn a_persons_rent_is_a_landing_and_a_computers_is_not() {
    let mut g = game(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann"}, {"name": "Bob", "owns": ["Oriental Avenue"]}],
        "rolls": [[2, 4]]}));
    let taken = take_step(&mut g, Action::Roll).expect("rolls");
    let landing = Landing::of(&g, &taken.entries).expect("a landing");
    assert_eq!(landing.seat, worlds_engine::PlayerId(0));
    assert_eq!(landing.lines, ["Rent to Bob: $6 — Oriental Avenue"]);

    let mut setup = g.setup().clone();
    setup.seats[0].kind = SeatKind::Computer {
        strategy: ComputerStrategy::Balanced,
    };
    let mut g = Game::new(setup).expect("a game");
    let taken = take_step(&mut g, Action::Roll).expect("rolls");
    assert!(
        taken.entries.iter().any(|e| g.landing_line(e).is_some()),
        "the computer paid rent"
    );
    assert_eq!(Landing::of(&g, &taken.entries), None, "in the feed only");
}

#[test]
fn a_card_that_leads_to_another_brings_it_up_next() {
    // Ann rolls 2 + 3 from 31 onto Chance (36): "Go back 3 spaces" takes her to Community
    // Chest (33): "Bank error in your favour, collect $200".
    let mut g = game(serde_json::json!({"board": "classic",
        "players": [{"name": "Ann", "position": 31}, {"name": "Bob"}],
        "rolls": [[2, 3]], "decks": {"chance": [9], "community_chest": [3]}}));
    let step = take_step(&mut g, Action::Roll).expect("rolls").in_words(&g);
    let first = step.card.flatten().expect("a card");
    assert_eq!(first.button, "Move back 3");
    assert_eq!(first.square, 36);
    let next = first.next.expect("the card it led to");
    assert_eq!(next.button, "Collect $200");
    assert_eq!(next.square, 33);
    assert!(!next.face_up && next.log_at > first.log_at);
    assert_eq!(next.cash_at_draw, [1500, 1500], "before the $200");
    assert!(next.next.is_none());
}
