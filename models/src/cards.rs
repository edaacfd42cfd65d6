//! The Board Maker's cards as data: the kinds of card a user may add, a board's decks (its
//! own copy of the classic ones once edited), and a card's number or range.

use worlds_engine::cards::{classic_decks, Amount, CardDef, CardEffect, DeckKind};
use worlds_engine::BoardDef;

use crate::editor::EditorState;

/// The kinds of card a user may add (a card that sends a player to a square is kept when the
/// board has one, and its text can be changed, but is not added here).
pub const NEW_CARD_KINDS: [(&str, &str); 7] = [
    ("collect", "Collect money"),
    ("pay", "Pay money"),
    ("move_by", "Move"),
    ("go_to_jail", "Go to jail"),
    ("get_out_of_jail_free", "Get out of jail free"),
    ("pay_each_player", "Pay each player"),
    ("collect_from_each_player", "Collect from each player"),
];

/// A new card of `kind` (one of [`NEW_CARD_KINDS`]) with a text that says what it does.
pub fn new_card(kind: &str) -> Option<CardDef> {
    let (text, effect) = match kind {
        "collect" => ("Collect {c}50", CardEffect::Collect { amount: 50.into() }),
        "pay" => ("Pay {c}50", CardEffect::Pay { amount: 50.into() }),
        "move_by" => (
            "Go back 3 spaces",
            CardEffect::MoveBy { steps: (-3).into() },
        ),
        "go_to_jail" => ("Go to jail", CardEffect::GoToJail),
        "get_out_of_jail_free" => ("Get out of jail free", CardEffect::GetOutOfJailFree),
        "pay_each_player" => (
            "Pay each player {c}50",
            CardEffect::PayEachPlayer { amount: 50.into() },
        ),
        "collect_from_each_player" => (
            "Collect {c}50 from each player",
            CardEffect::CollectFromEachPlayer { amount: 50.into() },
        ),
        _ => return None,
    };
    Some(CardDef {
        text: text.to_string(),
        effect,
    })
}

/// The board's deck of `kind`, given its own copy of the classic decks first if it has none.
pub fn deck_mut(def: &mut BoardDef, kind: DeckKind) -> &mut Vec<CardDef> {
    let decks = def.decks.get_or_insert_with(classic_decks);
    match kind {
        DeckKind::Chance => &mut decks.chance,
        DeckKind::CommunityChest => &mut decks.community_chest,
    }
}

/// The cards of the board's deck of `kind` (the classic ones when it has none of its own).
pub fn deck(def: &BoardDef, kind: DeckKind) -> Vec<CardDef> {
    let decks = def.decks.clone().unwrap_or_else(classic_decks);
    match kind {
        DeckKind::Chance => decks.chance,
        DeckKind::CommunityChest => decks.community_chest,
    }
}

/// What a card's number is: money, or a move in squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberKind {
    Money,
    Squares,
}

/// A card's number as a range (equal ends: a fixed number), and what it counts.
pub fn card_range(effect: &CardEffect) -> Option<(NumberKind, i64, i64)> {
    match effect {
        CardEffect::Collect { amount }
        | CardEffect::Pay { amount }
        | CardEffect::PayEachPlayer { amount }
        | CardEffect::CollectFromEachPlayer { amount } => {
            Some((NumberKind::Money, amount.low(), amount.high()))
        }
        CardEffect::MoveBy { steps } => Some((
            NumberKind::Squares,
            i64::from(steps.low()),
            i64::from(steps.high()),
        )),
        _ => None,
    }
}

/// Sets one end of a card's range (`to_end`: the upper one); equal ends make it a fixed number.
pub fn set_card_end(effect: &mut CardEffect, to_end: bool, value: i64) {
    fn join<T: Copy + Ord>(a: Amount<T>, to_end: bool, v: T) -> Amount<T> {
        let (from, to) = if to_end { (a.low(), v) } else { (v, a.high()) };
        if from == to {
            Amount::Fixed(from)
        } else {
            Amount::Between { from, to }
        }
    }
    match effect {
        CardEffect::Collect { amount }
        | CardEffect::Pay { amount }
        | CardEffect::PayEachPlayer { amount }
        | CardEffect::CollectFromEachPlayer { amount } => *amount = join(*amount, to_end, value),
        CardEffect::MoveBy { steps } => {
            let v = value.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
            *steps = join(*steps, to_end, v);
        }
        _ => {}
    }
}

/// What a card does, in a few words, for its row.
pub fn kind_words(effect: &CardEffect) -> &'static str {
    match effect {
        CardEffect::AdvanceTo { .. } => "Advance to a square",
        CardEffect::AdvanceToNearestRailroad { .. } => "Advance to the nearest railroad",
        CardEffect::AdvanceToNearestUtility { .. } => "Advance to the nearest utility",
        CardEffect::MoveBy { .. } => "Move (back when negative)",
        CardEffect::GoToJail => "Go to jail",
        CardEffect::Collect { .. } => "Collect money",
        CardEffect::Pay { .. } => "Pay money",
        CardEffect::GetOutOfJailFree => "Get out of jail free",
        CardEffect::Repairs { .. } => "Pay for repairs",
        CardEffect::PayEachPlayer { .. } => "Pay each player",
        CardEffect::CollectFromEachPlayer { .. } => "Collect from each player",
    }
}

impl EditorState {
    /// Changes card `index` of the deck of `kind` (the board gets its own decks first).
    pub fn edit_card(&mut self, kind: DeckKind, index: usize, change: impl FnOnce(&mut CardDef)) {
        self.edit(&format!("card-{kind:?}-{index}"), |d| {
            if let Some(card) = deck_mut(d, kind).get_mut(index) {
                change(card);
            }
        });
    }
}
