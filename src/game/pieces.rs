//! The pieces a seat takes: its marker color and its token (the built-in ones, or one of the
//! board's own pawn pictures). The lobby, the join screen of a table and the play screen use
//! them.

use leptos::prelude::*;

pub use worlds_models::pieces::{pawn_token, token_glyph, COLORS, TOKENS};

/// A joining friend's name, color and token fields (a room's join form and a table's).
#[component]
pub fn PieceFields(
    name: RwSignal<String>,
    color: RwSignal<String>,
    token: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label>
            "Your name"
            <input type="text" maxlength="24"
                prop:value=move || name.get()
                on:input=move |ev| name.set(event_target_value(&ev)) />
        </label>
        <label>
            "Your color"
            <select prop:value=move || color.get() on:change=move |ev| color.set(event_target_value(&ev))>
                {COLORS.iter().map(|(label, hex)| view! {
                    <option value=*hex selected=move || color.get().eq_ignore_ascii_case(hex)>{*label}</option>
                }).collect_view()}
            </select>
        </label>
        <label>
            "Your token"
            <select prop:value=move || token.get() on:change=move |ev| token.set(event_target_value(&ev))>
                {TOKENS.iter().map(|(id, glyph)| view! {
                    <option value=*id selected=move || token.get() == *id>{format!("{glyph} {id}")}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
