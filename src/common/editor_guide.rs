//! The guide to the Board Maker: the game's Help shows it, and so does the Board Maker's own
//! menu (Esc, or Menu, then Help).

use leptos::prelude::*;

/// The guide, one sentence a line.
pub const EDITOR_GUIDE: [&str; 10] = [
    "Start from the Worlds template or copy a preset; click a square to edit its type, name, price and rents.",
    "Move a square: drag it onto another square's place, or open it and press Move left (one place back in the order of play) or Move right (one place on). The start square stays first; the square after it moves left round to the end of the board.",
    "Jokers move a token (forward or back) or make it wait, with an optional gain or loss of money. A player who lands on one applies its effects in the order they choose; waiting on one is like jail: the jail fine (a board setting) or doubles end it.",
    "Each color group can have a hotel cost of its own (blank: the house cost) and a rent with color set: the base rent of an unimproved lot times 1 to 10 (blank: 2) when one owner holds the whole group. The deed beside a lot shows both.",
    "Cards (in the board settings): each Chance and Community Chest card's text and what it does; an amount or a move may be a range (give it two different ends: each number between is equally likely when the card is drawn). {c} in a text is the currency.",
    "Boards are checked as you edit: problems are listed next to their squares, and a board with problems is saved as a draft.",
    "Undo takes back the last change; Save keeps the world in this browser (a saved world asks before it is saved over).",
    "Esc (or the Menu button) opens the Board Maker's menu: Resume, Save, Help, Settings and Exit editing, which asks first when there are unsaved changes.",
    "Statistics shows where tokens land on the board being edited and how fast each lot pays back.",
    "Export a board as a JSON file to share it; import one by file or by dropping it on the board list.",
];

/// The guide as a list under its heading.
#[component]
pub fn EditorGuide(
    /// The heading's level: 2 inside the game's Help, 3 under a dialog's title.
    #[prop(optional)]
    sub: bool,
) -> impl IntoView {
    let items = EDITOR_GUIDE
        .iter()
        .map(|line| view! { <li>{*line}</li> })
        .collect_view();
    view! {
        {if sub {
            view! { <h3>"Board Maker"</h3> }.into_any()
        } else {
            view! { <h2>"Board Maker"</h2> }.into_any()
        }}
        <ul class="editor-guide">{items}</ul>
    }
}
