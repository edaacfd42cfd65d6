//! The log reads in the order of play (issue 20, point 12): "rolls again" after doubles is
//! told once the square landed on is settled, not before its purchase or auction.

use worlds_engine::action::Action;
use worlds_engine::event::Event;
use worlds_engine::game::{GameSetup, Seat};
use worlds_engine::{Game, Preset};

fn classic() -> Game {
    let seats = vec![Seat::human("Ann"), Seat::human("Bob")];
    Game::new(GameSetup::new(Preset::Classic.board(), seats, 1)).expect("a game")
}

/// The texts of the log entries from `from` on.
fn texts(game: &Game, from: usize) -> Vec<String> {
    game.log()[from..]
        .iter()
        .map(|e| game.describe(e))
        .collect()
}

fn position_of(texts: &[String], part: &str) -> usize {
    texts
        .iter()
        .position(|t| t.contains(part))
        .unwrap_or_else(|| panic!("no {part:?} in {texts:#?}"))
}

#[test]
fn rolls_again_is_logged_after_the_purchase() {
    let mut g = classic();
    let start = g.log().len();
    // 3 + 3 = 6: Oriental Avenue, for sale.
    g.set_next_roll(vec![3, 3]).expect("dice");
    g.apply(Action::Roll).expect("rolls");
    let before = texts(&g, start);
    assert!(
        !before.iter().any(|t| t.contains("rolls again")),
        "told before the purchase: {before:#?}"
    );
    g.apply(Action::Buy).expect("buys");
    let all = texts(&g, start);
    assert!(
        position_of(&all, "bought") < position_of(&all, "rolls again"),
        "{all:#?}"
    );
    assert_eq!(
        g.log()
            .iter()
            .filter(|e| matches!(e.event, Event::RollAgain))
            .count(),
        1
    );
    assert!(g.legal_actions().contains(&Action::Roll));
}

#[test]
fn rolls_again_is_logged_after_the_auction() {
    let mut g = classic();
    let start = g.log().len();
    g.set_next_roll(vec![3, 3]).expect("dice");
    g.apply(Action::Roll).expect("rolls");
    g.apply(Action::Decline).expect("declines");
    // Both pass: nobody buys it.
    while !g.legal_actions().contains(&Action::Roll) {
        g.apply(Action::PassBid).expect("passes");
    }
    let all = texts(&g, start);
    let last_auction_line = all
        .iter()
        .rposition(|t| t.to_lowercase().contains("auction"))
        .unwrap_or_else(|| panic!("no auction in {all:#?}"));
    assert!(
        last_auction_line < position_of(&all, "rolls again"),
        "{all:#?}"
    );
}

#[test]
fn rolls_again_follows_a_landing_that_needs_no_decision() {
    let mut g = classic();
    let start = g.log().len();
    // 2 + 2 = 4: Income Tax, paid at once; then "rolls again".
    g.set_next_roll(vec![2, 2]).expect("dice");
    g.apply(Action::Roll).expect("rolls");
    let all = texts(&g, start);
    assert!(position_of(&all, "Income Tax") < position_of(&all, "rolls again"));
    assert_eq!(all.last().map(String::as_str), Some("Ann rolls again"));
}
