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

/// A color and a token (their form values) nobody holds, for a friend's join form: the
/// `preferred` ones (the stand-ins of the seat the friend will take) when nobody holds them,
/// else the first free color and token of the lists. `held` is what the room's people and
/// computers hold: (color, token name).
pub fn free_pieces<'a>(
    held: impl IntoIterator<Item = (&'a str, &'a str)>,
    preferred: Option<(&str, &str)>,
) -> (String, String) {
    let held: Vec<(&str, &str)> = held.into_iter().collect();
    let color_free =
        |c: &str| !c.is_empty() && !held.iter().any(|(h, _)| h.eq_ignore_ascii_case(c));
    let token_free = |t: &str| !t.is_empty() && !held.iter().any(|(_, h)| *h == t);
    let color = preferred
        .map(|(c, _)| c)
        .filter(|c| color_free(c) && COLORS.iter().any(|(_, hex)| hex.eq_ignore_ascii_case(c)))
        .or_else(|| COLORS.iter().map(|(_, hex)| *hex).find(|c| color_free(c)))
        .unwrap_or(COLORS[0].1);
    let token = preferred
        .map(|(_, t)| t)
        .filter(|t| token_free(t) && TOKENS.iter().any(|(id, _)| id == t))
        .or_else(|| TOKENS.iter().map(|(id, _)| *id).find(|t| token_free(t)))
        .unwrap_or(TOKENS[0].0);
    (color.to_string(), token.to_string())
}
