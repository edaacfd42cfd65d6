//! The pieces a seat takes: its marker color and its token (the built-in ones, or one of
//! the board's own pawn pictures).

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
