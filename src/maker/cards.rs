//! The Board Maker's cards: the Chance and Community Chest decks of a board, each card's text
//! and its numbers, where an amount or a move may be a range drawn when the card is applied
//! ("collect between $20 and $200"; issue 31, point 8). A board without decks of its own
//! plays the classic cards; editing them gives the board its own copy.

use leptos::prelude::*;
use worlds_engine::board::MAX_CARD_TEXT_CHARS;
use worlds_engine::cards::{classic_decks, Amount, CardDef, CardEffect, DeckKind};
use worlds_engine::BoardDef;

use crate::common::fields::{NumberField, TextField};
use crate::maker::model::EditorState;

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
fn kind_words(effect: &CardEffect) -> &'static str {
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
    fn edit_card(&mut self, kind: DeckKind, index: usize, change: impl FnOnce(&mut CardDef)) {
        self.edit(&format!("card-{kind:?}-{index}"), |d| {
            if let Some(card) = deck_mut(d, kind).get_mut(index) {
                change(card);
            }
        });
    }
}

/// One card's row: its text, what it does, and its number or range.
fn card_row(state: RwSignal<EditorState>, kind: DeckKind, index: usize) -> impl IntoView {
    let n = index + 1;
    let card = move || state.with(|s| deck(s.def(), kind).get(index).cloned());
    let shape = Memo::new(move |_| {
        card().map(|c| (kind_words(&c.effect), card_range(&c.effect).map(|r| r.0)))
    });
    let text = Signal::derive(move || card().map(|c| c.text).unwrap_or_default());
    let set_text =
        Callback::new(move |t: String| state.update(|s| s.edit_card(kind, index, |c| c.text = t)));
    let end = move |to_end: bool| {
        Signal::derive(move || {
            card()
                .and_then(|c| card_range(&c.effect))
                .map_or(0, |(_, lo, hi)| if to_end { hi } else { lo })
        })
    };
    let set_end = move |to_end: bool| {
        Callback::new(move |v: i64| {
            state.update(|s| s.edit_card(kind, index, |c| set_card_end(&mut c.effect, to_end, v)))
        })
    };
    let remove = move |_| {
        state.update(|s| {
            s.edit(&format!("remove-card-{kind:?}-{index}"), |d| {
                let cards = deck_mut(d, kind);
                if index < cards.len() {
                    cards.remove(index);
                }
            })
        })
    };
    view! {
        <li class="card-row">
            <TextField label=format!("Card {n} text") value=text on_set=set_text max_chars=MAX_CARD_TEXT_CHARS />
            {move || shape.get().map(|(words, number)| {
                let range = number.map(|what| {
                    let unit = match what { NumberKind::Money => "amount", NumberKind::Squares => "move" };
                    view! {
                        <div class="inline-apply">
                            <NumberField label=format!("Card {n} {unit} from") value=end(false) on_set=set_end(false) />
                            <NumberField label=format!("Card {n} {unit} to") value=end(true) on_set=set_end(true) />
                        </div>
                    }
                });
                view! { <p class="hint">{words}</p> {range} }
            })}
            <button type="button" class="small-button danger" on:click=remove>{format!("Remove card {n}")}</button>
        </li>
    }
}

/// The decks section of the board settings.
pub fn cards_section(state: RwSignal<EditorState>) -> impl IntoView {
    let which = RwSignal::new(DeckKind::Chance);
    let own = Memo::new(move |_| state.with(|s| s.def().decks.is_some()));
    let count = Memo::new(move |_| state.with(|s| deck(s.def(), which.get()).len()));
    let new_kind = RwSignal::new("collect".to_string());
    let add = move |_| {
        let kind = which.get_untracked();
        if let Some(card) = new_card(&new_kind.get_untracked()) {
            state.update(|s| {
                s.edit(&format!("add-card-{kind:?}"), |d| {
                    deck_mut(d, kind).push(card)
                })
            });
        }
    };
    view! {
        <fieldset class="settings-group cards-editor">
            <legend>"Cards"</legend>
            <p class="hint">
                {move || if own.get() { "This board has cards of its own." } else { "This board plays the classic cards; changing one gives it its own copy." }}
                " An amount or a move may be a range: give it two different ends and each number between them is equally likely when the card is drawn. {c} in a text is the currency symbol."
            </p>
            <div class="field">
                <label for="cards-deck">"Deck"</label>
                <select id="cards-deck" on:change=move |ev| {
                    which.set(if event_target_value(&ev) == "community_chest" { DeckKind::CommunityChest } else { DeckKind::Chance })
                }>
                    <option value="chance">"Chance"</option>
                    <option value="community_chest">"Community Chest"</option>
                </select>
            </div>
            {move || {
                let kind = which.get();
                let indices = move || (0..count.get()).collect::<Vec<usize>>();
                view! {
                    <ol class="card-list">
                        <For each=indices key=|i| *i let:i>
                            {card_row(state, kind, i)}
                        </For>
                    </ol>
                }
            }}
            <div class="inline-apply">
                <div class="field">
                    <label for="new-card-kind">"New card"</label>
                    <select id="new-card-kind" on:change=move |ev| new_kind.set(event_target_value(&ev))>
                        {NEW_CARD_KINDS.iter().map(|&(id, words)| view! { <option value=id>{words}</option> }).collect_view()}
                    </select>
                </div>
                <button type="button" class="small-button" on:click=add>"Add card"</button>
            </div>
        </fieldset>
    }
}
