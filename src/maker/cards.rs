//! The Board Maker's cards: the Chance and Community Chest decks of a board, each card's text
//! and its numbers, where an amount or a move may be a range drawn when the card is applied
//! ("collect between $20 and $200"; issue 31, point 8). A board without decks of its own
//! plays the classic cards; editing them gives the board its own copy.

use leptos::prelude::*;
use worlds_engine::board::MAX_CARD_TEXT_CHARS;
use worlds_engine::cards::DeckKind;

pub use worlds_models::cards::{
    card_range, deck, deck_mut, kind_words, new_card, set_card_end, NumberKind, NEW_CARD_KINDS,
};

use crate::common::fields::{NumberField, TextField};
use crate::maker::model::EditorState;

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
