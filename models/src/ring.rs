//! The board as a square ring of squares, for any board size (10 to 60), as plain data:
//! what each square shows ([`SquareView`], its look by kind from [`square_look`]) and where
//! it sits ([`ring_places`]). The app's `BoardRing` draws these; this module has no web code.
//!
//! Layout: the four corner squares sit in the board's corners and the other squares are
//! spread over the four sides, corner to corner, so no ring size leaves a hole. Side squares
//! are deeper than wide, as on a printed board.

use worlds_engine::{BoardDef, SquareKind, Token};

/// A token standing on a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenView {
    pub player: String,
    pub glyph: String,
    /// A board pawn picture (data URL) instead of the glyph.
    pub picture: Option<String>,
    pub color: String,
}

/// What one square shows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SquareView {
    pub name: String,
    /// The color band (a lot's group color).
    pub band: Option<String>,
    /// The price or amount line ("$60", "Pay $200").
    pub detail: String,
    /// A symbol for the square's type (Chance "?", railroad, ...).
    pub icon: String,
    /// A picture set in the editor (data URL).
    pub picture: Option<String>,
    /// The owner's color, and name for screen readers.
    pub owner: Option<(String, String)>,
    /// Houses (1 to 4) or 5 for a hotel.
    pub houses: u8,
    pub mortgaged: bool,
    pub tokens: Vec<TokenView>,
    /// Marked by the editor (a problem on this square).
    pub flagged: bool,
    pub selected: bool,
    /// CSS class for the square's type.
    pub kind: &'static str,
}

impl SquareView {
    /// The square's CSS classes: its kind, its side of the ring (`edge`), and whether it is
    /// mortgaged, owned, flagged, selected or being dragged.
    pub fn css_class(&self, edge: Edge, dragging: bool) -> String {
        let mut c = format!("sq {} {}", self.kind, edge.class());
        for (on, name) in [
            (self.mortgaged, " mortgaged"),
            (self.owner.is_some(), " owned"),
            (self.flagged, " flagged"),
            (self.selected, " selected"),
            (dragging, " dragging"),
        ] {
            if on {
                c.push_str(name);
            }
        }
        c
    }
}

/// The look of a square by its kind: (detail line, icon, CSS class). `money` writes an
/// amount in the board's currency; `salary` is what the start square pays.
pub fn square_look(
    kind: &SquareKind,
    salary: i64,
    money: &dyn Fn(i64) -> String,
) -> (String, &'static str, &'static str) {
    match kind {
        SquareKind::Start => (format!("Collect {}", money(salary)), "➜", "start"),
        SquareKind::Property { price, .. } => (money(*price), "", "lot"),
        SquareKind::Railroad { price, .. } => (money(*price), "🚂", "railroad"),
        SquareKind::Utility { price, .. } => (money(*price), "💡", "utility"),
        SquareKind::Station { fee_per_pip } => {
            (format!("{} × roll", money(*fee_per_pip)), "🚉", "station")
        }
        SquareKind::Tax {
            amount, percent, ..
        } => (
            if *amount > 0 {
                format!("Pay {}", money(*amount))
            } else {
                format!("Pay {percent}%")
            },
            "💰",
            "tax",
        ),
        SquareKind::Chance => (String::new(), "?", "chance"),
        SquareKind::CommunityChest => (String::new(), "🎁", "chest"),
        SquareKind::Joker { .. } => (String::new(), "🃏", "joker"),
        SquareKind::GoToJail => (String::new(), "👮", "go-to-jail"),
        SquareKind::Jail => (String::new(), "▦", "jail"),
        SquareKind::FreeParking => (String::new(), "🅿", "parking"),
        SquareKind::Road => (String::new(), "", "road"),
    }
}

/// The board's picture for a token that is one of its pawns (else the token is drawn by its
/// glyph).
pub fn token_picture(def: &BoardDef, token: &Token) -> Option<String> {
    token
        .pawn()
        .and_then(|n| def.pawns.get(n))
        .map(|pawn| pawn.picture.clone())
}

/// A player's token as a square draws it: the board's pawn picture when the token is one of
/// them, else the piece's glyph, framed in the player's color.
pub fn token_view(def: &BoardDef, player: String, token: &Token, color: &str) -> TokenView {
    TokenView {
        player,
        glyph: crate::pieces::token_glyph(token).to_string(),
        picture: token_picture(def, token),
        color: color.to_string(),
    }
}

/// The squares of a board definition as the ring draws them (no owners, no tokens); the
/// play screen adds the game's state, the editor its problems and selection.
pub fn board_square_views(def: &BoardDef) -> Vec<SquareView> {
    let money = |a: i64| {
        let sym = &def.currency.symbol;
        if a < 0 {
            format!("-{sym}{}", a.unsigned_abs())
        } else {
            format!("{sym}{a}")
        }
    };
    def.squares
        .iter()
        .map(|sq| {
            let band = match &sq.kind {
                SquareKind::Property { group: Some(g), .. } => def
                    .groups
                    .iter()
                    .find(|x| &x.name == g)
                    .map(|x| x.color.clone()),
                _ => None,
            };
            let (detail, icon, kind) = square_look(&sq.kind, def.rules.salary, &money);
            SquareView {
                name: sq.name.clone(),
                band,
                detail,
                icon: icon.to_string(),
                picture: sq.picture.clone(),
                kind,
                ..SquareView::default()
            }
        })
        .collect()
}

/// Which edge of the board a square stands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    Corner,
    Bottom,
    Left,
    Top,
    Right,
}

impl Edge {
    pub fn class(self) -> &'static str {
        match self {
            Edge::Corner => "corner",
            Edge::Bottom => "bottom",
            Edge::Left => "left",
            Edge::Top => "top",
            Edge::Right => "right",
        }
    }
}

/// Where a square sits, in fractions of the board's side (0 to 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
    pub edge: Edge,
}

/// How deep the side squares are, in widths of a square of the longest side (a printed
/// board's corner is about 1.6 squares wide).
pub const DEPTH: f64 = 1.55;

/// How deep the side squares are on a board drawn whole on a phone: deeper and narrower,
/// so a name written along the square's long side has room for two lines, its price and
/// the tokens (the center is smaller: it holds the dice, the prompt and a few lines).
pub const DEPTH_COMPACT: f64 = 3.6;

/// How many squares stand between the corners on each side (bottom, left, top, right):
/// as even as possible, the extra ones on the last sides, so a board that grows by a square
/// at its end keeps its first corners (Jail, Free Parking) where they were.
pub fn side_counts(count: usize) -> [usize; 4] {
    let inner = count.saturating_sub(4);
    let (q, r) = (inner / 4, inner % 4);
    let mut sides = [q; 4];
    for side in sides.iter_mut().skip(4 - r) {
        *side += 1;
    }
    sides
}

/// The indices of the four corner squares.
pub fn corner_indices(count: usize) -> [usize; 4] {
    let s = side_counts(count);
    [0, 1 + s[0], 2 + s[0] + s[1], 3 + s[0] + s[1] + s[2]]
}

/// The place of every square of a ring of `count` squares. Square 0 is the bottom-right
/// corner and the ring runs clockwise: left along the bottom, up the left side, right along
/// the top, down the right side.
pub fn ring_places(count: usize) -> Vec<Place> {
    ring_places_deep(count, DEPTH)
}

/// How deep the side squares are, as a fraction of the board's side, for side squares
/// `depth` widths deep.
pub fn depth_fraction(count: usize, depth: f64) -> f64 {
    let sides = side_counts(count);
    let longest = sides.iter().copied().max().unwrap_or(1).max(1) as f64;
    depth / (longest + 2.0 * depth)
}

/// [`ring_places`] with side squares `depth` widths deep.
pub fn ring_places_deep(count: usize, depth: f64) -> Vec<Place> {
    let sides = side_counts(count);
    let depth = depth_fraction(count, depth);
    let span = 1.0 - 2.0 * depth;
    let corner = |left: f64, top: f64| Place {
        left,
        top,
        width: depth,
        height: depth,
        edge: Edge::Corner,
    };
    let mut out = Vec::with_capacity(count);
    let far = 1.0 - depth;
    for (k, &n) in sides.iter().enumerate() {
        out.push(match k {
            0 => corner(far, far),
            1 => corner(0.0, far),
            2 => corner(0.0, 0.0),
            _ => corner(far, 0.0),
        });
        let w = span / n.max(1) as f64;
        for j in 0..n {
            let j = j as f64;
            out.push(match k {
                0 => Place {
                    left: far - (j + 1.0) * w,
                    top: far,
                    width: w,
                    height: depth,
                    edge: Edge::Bottom,
                },
                1 => Place {
                    left: 0.0,
                    top: far - (j + 1.0) * w,
                    width: depth,
                    height: w,
                    edge: Edge::Left,
                },
                2 => Place {
                    left: depth + j * w,
                    top: 0.0,
                    width: w,
                    height: depth,
                    edge: Edge::Top,
                },
                _ => Place {
                    left: far,
                    top: depth + j * w,
                    width: depth,
                    height: w,
                    edge: Edge::Right,
                },
            });
        }
    }
    out.truncate(count);
    out
}

/// Where square `index` of a board of `count` squares sits on a `side` x `side` grid
/// (row, column, side), 1-based: the thumbnail's coarse drawing of [`ring_places`].
pub fn ring_cell(index: usize, count: usize) -> (usize, usize, usize) {
    let side = count.div_ceil(4).max(2) + 1;
    let place = ring_places(count).get(index).copied().unwrap_or(Place {
        left: 0.0,
        top: 0.0,
        width: 0.0,
        height: 0.0,
        edge: Edge::Corner,
    });
    let cell = |x: f64| ((x * side as f64).floor() as usize).min(side - 1) + 1;
    (
        cell(place.top + place.height / 2.0),
        cell(place.left + place.width / 2.0),
        side,
    )
}

/// The square a key leads to from square `at` of a ring of `n` squares: the arrows go round
/// the ring (right and down forward, left and up back), Home to the first, End to the last;
/// `None` for any other key.
pub fn ring_key_step(key: &str, at: usize, n: usize) -> Option<usize> {
    let n1 = n.max(1);
    match key {
        "ArrowRight" | "ArrowDown" => Some((at + 1) % n1),
        "ArrowLeft" | "ArrowUp" => Some((at + n1 - 1) % n1),
        "Home" => Some(0),
        "End" => Some(n.saturating_sub(1)),
        _ => None,
    }
}
