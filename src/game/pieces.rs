//! The pieces a seat takes: its marker color and its token (the built-in ones, or one of the
//! board's own pawn pictures). The lobby, the join screen of a table and the play screen use
//! them.

use leptos::prelude::*;
use worlds_engine::Token;

/// Marker colors a seat can take (each at most once per game).
pub const COLORS: [(&str, &str); 10] = [
    ("Red", "#d62828"),
    ("Blue", "#1d4ed8"),
    ("Green", "#15803d"),
    ("Gold", "#b7791f"),
    ("Purple", "#7e22ce"),
    ("Orange", "#ea580c"),
    ("Teal", "#0f766e"),
    ("Pink", "#db2777"),
    ("Brown", "#7c4a1e"),
    ("Slate", "#475569"),
];

/// The built-in tokens: id and the glyph drawn for it.
pub const TOKENS: [(&str, &str); 10] = [
    ("dog", "🐕"),
    ("car", "🚗"),
    ("battleship", "🚢"),
    ("top hat", "🎩"),
    ("thimble", "🧵"),
    ("boot", "👢"),
    ("cat", "🐈"),
    ("wheelbarrow", "🛒"),
    ("iron", "♨"),
    ("horse", "🐎"),
];

/// A token id for one of the board's own pawn pictures.
pub fn pawn_token(index: usize) -> String {
    Token::Pawn(index).name().into_owned()
}

/// The glyph drawn for a built-in token (a board pawn is drawn from its picture).
pub fn token_glyph(token: &Token) -> &'static str {
    let Token::Piece(piece) = token else {
        return "●";
    };
    TOKENS
        .iter()
        .find(|(id, _)| id == piece)
        .map_or("●", |(_, glyph)| glyph)
}

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
