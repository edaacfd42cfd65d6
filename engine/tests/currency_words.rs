//! Issue 31, point 4: amounts in sentences and cards use the board's currency name where a
//! sentence reads better ("pay 300 meteors"); a known money sign stays ("$300"); tables keep
//! the symbol.

mod common;

use common::*;
use serde_json::{json, Value};
use worlds_engine::DeckKind;

/// The classic board with its own currency.
fn classic_in(name: &str, symbol: &str) -> Value {
    let mut board: Value =
        serde_json::from_str(include_str!("../presets/classic.json")).expect("classic parses");
    board["currency"] = json!({"name": name, "symbol": symbol});
    board
}

/// Ann on 1 rolls 1 + 2 onto Income Tax (4).
fn pays_income_tax(board: Value) -> Vec<String> {
    let g = play(json!({"board": board,
        "players": [{"name": "Ann", "position": 1}, {"name": "Bob"}],
        "rolls": [[1, 2]], "decisions": "never-buy"}));
    g.log().iter().map(|e| g.describe(e)).collect()
}

#[test]
fn a_board_of_its_own_says_meteors_in_sentences_and_cards() {
    let lines = pays_income_tax(classic_in("meteor", "☄"));
    assert!(
        lines
            .iter()
            .any(|l| l == "Ann paid 200 meteors (Income Tax) to the bank"),
        "{lines:?}"
    );
    let g = start(json!({"board": classic_in("meteor", "☄"),
        "players": [{"name": "Ann"}, {"name": "Bob"}]}));
    assert_eq!(
        g.card_text(DeckKind::Chance, 1),
        "Advance to Go (collect 200 meteors)."
    );
    // A table keeps the symbol.
    assert_eq!(g.board().money(200), "☄200");
    assert_eq!(g.board().money_words(1), "1 meteor");
    assert_eq!(g.board().money_words(-5), "-5 meteors");
}

#[test]
fn a_money_sign_stays_a_sign() {
    let lines = pays_income_tax(classic_in("dollar", "$"));
    assert!(
        lines
            .iter()
            .any(|l| l == "Ann paid $200 (Income Tax) to the bank"),
        "{lines:?}"
    );
    let g = start(json!({"board": classic_in("pound", "£"),
        "players": [{"name": "Ann"}, {"name": "Bob"}]}));
    assert_eq!(
        g.card_text(DeckKind::Chance, 1),
        "Advance to Go (collect £200)."
    );
    assert_eq!(g.board().money_words(200), "£200");
}

#[test]
fn a_refusal_uses_the_words_too() {
    let g = start(json!({"board": classic_in("meteor", "☄"),
        "players": [{"name": "Ann", "in_jail": true, "cash": 10}, {"name": "Bob"}]}));
    let err = g
        .check(&worlds_engine::Action::PayJailFine)
        .expect_err("10 meteors do not pay a fine of 50");
    let words = err.to_string();
    assert!(words.contains("50 meteors"), "{words}");
    assert!(!words.contains('☄'), "{words}");
}
