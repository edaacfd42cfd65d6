//! The board: squares, color groups, currency, pictures, rules and decks, as the editor
//! saves them ([`BoardDef`] and its parts), and the checked [`Board`] the game plays on.
//!
//! A [`BoardDef`] is what the editor saves and imports (plain serde JSON, unchecked).
//! [`Board::from_def`] is the one place that checks it, returning every problem found, each
//! with the square it concerns, so the editor can show them next to their squares. Nothing
//! else re-checks a `Board`.
//!
//! - this file: the limits, the definition types and the `Board` itself;
//! - `reading.rs`: how a square is read from a file (unknown fields refused);
//! - `validation.rs`: [`BoardDef`] -> [`Board`], every check, [`BoardError`];
//! - `decks.rs`: the checks of the card decks and of chains of moves (part of validation);
//! - `queries.rs`: what the game asks a `Board` (squares, groups, masks, decks, money).

use crate::tagged::TaggedDeserialize;
use serde::{Deserialize, Serialize};

use crate::cards::{Card, Decks};
use crate::rules::RuleSet;

mod decks;
mod errors;
mod queries;
mod reading;
mod validation;

pub use errors::{BoardError, BoardErrors};
pub(crate) use validation::check_rules_alone;

/// Smallest and largest board.
pub const MIN_SQUARES: usize = 10;
pub const MAX_SQUARES: usize = 60;
/// No amount of money on a board may exceed this (keeps every sum far from overflow).
pub const MAX_AMOUNT: i64 = 1_000_000_000;
/// Longest name of a board, square, group, currency or pawn.
pub const MAX_NAME_CHARS: usize = 80;
/// Longest picture (a data URL), in characters.
pub const MAX_PICTURE_CHARS: usize = 4_000_000;
/// Most pawn pictures a board may carry.
pub const MAX_PAWNS: usize = 8;
/// Most color groups a board may have.
pub const MAX_GROUPS: usize = 60;
/// Most cards in one deck.
pub const MAX_CARDS: usize = 100;
/// Longest card text, in characters.
pub const MAX_CARD_TEXT_CHARS: usize = 300;
/// The rent of an unimproved lot is multiplied by this when one owner holds its whole
/// group, unless the group sets its own multiplier (the classic "double rent").
pub const DEFAULT_WHOLE_GROUP_MULTIPLIER: i64 = 2;
/// The largest "rent with color set" multiplier a group may have.
pub const MAX_WHOLE_GROUP_MULTIPLIER: i64 = 10;

/// A character a name may not hold: control characters, and the invisible ones that can
/// disguise a name (zero-width spaces, word joiners, byte-order marks, direction
/// overrides). The zero-width joiner and non-joiner stay allowed: scripts and emoji need
/// them.
pub fn is_forbidden_name_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200B}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// Why a name (of a player, a board, a square...) is refused, if it is.
pub fn name_problem(name: &str) -> Option<String> {
    if name.chars().count() > MAX_NAME_CHARS {
        return Some(format!("a name is at most {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(is_forbidden_name_char) {
        return Some("a name may not contain control or invisible characters".to_string());
    }
    None
}

/// The board's money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Currency {
    pub name: String,
    pub symbol: String,
}

/// Signs that read as money before a number ("$300", "£50"); any other symbol (a board's own
/// "☄" or "M") reads better in a sentence as the currency's name ("300 meteors").
const CURRENCY_SIGNS: &str = "$£€¥₹₩₽₺₴₦₱₪₫₭₮₲₵₸₡¢₿฿";

impl Currency {
    /// The symbol is a money sign a reader knows, so sentences use it.
    pub fn reads_as_sign(&self) -> bool {
        !self.symbol.is_empty() && self.symbol.chars().any(|c| CURRENCY_SIGNS.contains(c))
    }

    /// An amount as a sentence says it: "$300" with a known sign, else "300 meteors" (the
    /// currency's name, plural unless one).
    pub fn in_words(&self, amount: i64) -> String {
        let name = self.name.trim();
        if self.reads_as_sign() || name.is_empty() {
            return self.in_figures(amount);
        }
        let plural = amount.abs() != 1 && !name.ends_with('s');
        format!("{amount} {name}{}", if plural { "s" } else { "" })
    }

    /// A card's text as a player reads it: `{c}50` is the amount as a sentence says it on
    /// this board ("£50", or "50 meteors" where the symbol is not a money sign), and any
    /// other `{c}` the symbol.
    pub fn fill_in(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find("{c}") {
            out.push_str(&rest[..at]);
            rest = &rest[at + 3..];
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            match rest[..digits].parse::<i64>() {
                Ok(amount) if !self.reads_as_sign() => {
                    out.push_str(&self.in_words(amount));
                    rest = &rest[digits..];
                }
                _ => out.push_str(&self.symbol),
            }
        }
        out.push_str(rest);
        out
    }

    /// An amount as a table shows it: `$200`, `-£50`, `☄300`.
    pub fn in_figures(&self, amount: i64) -> String {
        let sym = &self.symbol;
        if amount < 0 {
            format!("-{sym}{}", -amount)
        } else {
            format!("{sym}{amount}")
        }
    }
}

impl Default for Currency {
    fn default() -> Self {
        Currency {
            name: "dollar".into(),
            symbol: "$".into(),
        }
    }
}

/// A color group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupDef {
    pub name: String,
    /// CSS hex color, `#rgb` or `#rrggbb`.
    pub color: String,
    /// What a hotel costs on a lot of this group; `None`: the lot's house cost (the classic
    /// deed). Boards saved before this field existed read as `None` and play as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hotel_cost: Option<i64>,
    /// The base rent of an unimproved lot is multiplied by this when one owner holds the
    /// whole group ("rent with color set"); `None`: [`DEFAULT_WHOLE_GROUP_MULTIPLIER`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub whole_group_multiplier: Option<i64>,
}

impl GroupDef {
    /// A group with the classic hotel cost and rent multiplier.
    pub fn new(name: &str, color: &str) -> GroupDef {
        GroupDef {
            name: name.to_string(),
            color: color.to_string(),
            hotel_cost: None,
            whole_group_multiplier: None,
        }
    }

    /// The rent multiplier of an unimproved lot when one owner holds the whole group.
    pub fn multiplier(&self) -> i64 {
        self.whole_group_multiplier
            .unwrap_or(DEFAULT_WHOLE_GROUP_MULTIPLIER)
    }
}

/// An uploaded pawn picture.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PawnDef {
    pub name: String,
    /// A data URL (`data:image/...`).
    pub picture: String,
}

/// What a square is, with the data its type needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SquareKind {
    /// Where everyone starts; salary for passing or landing.
    Start,
    /// A colored lot with a deed.
    Property {
        price: i64,
        /// Base rent, then 1, 2, 3, 4 houses and hotel (6 entries), or a single base rent
        /// for a lot that cannot be built on.
        rents: Vec<i64>,
        #[serde(default)]
        house_cost: i64,
        /// The color group's name; `None` for a lot without a group (Mini).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
    },
    /// Rent by the number of railroads the owner holds (`rents[n - 1]`).
    Railroad {
        price: i64,
        rents: Vec<i64>,
    },
    /// Rent is the dice total times `multipliers[n - 1]` for n utilities owned.
    Utility {
        price: i64,
        multipliers: Vec<i64>,
    },
    /// Not ownable: pay the bank `fee_per_pip` x the total of the roll that brought you.
    Station {
        fee_per_pip: i64,
    },
    /// Pay `amount`, or `percent` of cash (`percent_on_double` when the roll was a double).
    Tax {
        #[serde(default)]
        amount: i64,
        #[serde(default)]
        percent: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        percent_on_double: Option<u32>,
    },
    Chance,
    CommunityChest,
    /// A square of the board's own design: move by `move_by` squares or wait `wait` turns
    /// (never both), plus an optional money gain (+) or loss (-), plus an optional payment to
    /// every other player. A Joker with nothing does nothing (a Free Parking).
    Joker {
        #[serde(default)]
        move_by: i32,
        #[serde(default)]
        wait: u32,
        #[serde(default)]
        money: i64,
        #[serde(default)]
        pay_each_player: i64,
    },
    GoToJail,
    /// Jail / Just visiting.
    Jail,
    FreeParking,
    /// Nothing happens.
    Road,
}

impl SquareKind {
    /// A bonus square: Chance, Community Chest, Joker or Go to Jail (see
    /// [`RuleSet::skip_bonus_squares_after_bonus`]).
    pub fn is_bonus_square(&self) -> bool {
        matches!(
            self,
            SquareKind::Chance
                | SquareKind::CommunityChest
                | SquareKind::Joker { .. }
                | SquareKind::GoToJail
        )
    }
}

/// What a Joker does with the token: nothing, move, or wait; never both. A board file
/// writes it as the Joker's `move_by` and `wait` fields (both present, one of them 0);
/// validation refuses a file where both are set, so every Joker of a [`Board`] has exactly
/// one of these, and the game and the editor only deal in this type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JokerEffect {
    /// Nothing happens to the token (with no money either, it is a Free Parking).
    #[default]
    Stay,
    /// Move this many squares (negative: backwards).
    Move(i32),
    /// Wait this many turns.
    Wait(u32),
}

impl JokerEffect {
    /// The effect of a Joker square (`None` for other squares). Of a file that sets both
    /// (which validation refuses), the move.
    pub fn of(kind: &SquareKind) -> Option<JokerEffect> {
        match *kind {
            SquareKind::Joker { move_by, wait, .. } => Some(if move_by != 0 {
                JokerEffect::Move(move_by)
            } else if wait != 0 {
                JokerEffect::Wait(wait)
            } else {
                JokerEffect::Stay
            }),
            _ => None,
        }
    }

    /// Sets a Joker's effect; the other one is cleared, so a Joker never both moves and
    /// waits. Other squares are left alone.
    pub fn apply(self, kind: &mut SquareKind) {
        if let SquareKind::Joker { move_by, wait, .. } = kind {
            (*move_by, *wait) = match self {
                JokerEffect::Stay => (0, 0),
                JokerEffect::Move(n) => (n, 0),
                JokerEffect::Wait(n) => (0, n),
            };
        }
    }
}

/// One thing a Joker does, as a button offers it: the player who lands on a Joker applies
/// them one at a time, in the order they choose ([`crate::Phase::JokerEffects`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum JokerStep {
    /// A money gain from the bank (a bonus).
    Collect { amount: i64 },
    /// A money loss, to the bank (or the Free Parking jackpot).
    Pay { amount: i64 },
    /// A payment to every other player still in the game.
    PayEachPlayer { amount: i64 },
    /// Move this many squares (negative: backwards) and act on the square reached.
    Move { steps: i32 },
    /// Wait this many turns on the square.
    Wait { turns: u32 },
}

impl JokerStep {
    /// What a Joker square does, in the order the board lists it (money, payments to the
    /// others, then the move or the wait); empty for a Joker that does nothing and for other
    /// squares.
    pub fn all_of(kind: &SquareKind) -> Vec<JokerStep> {
        let SquareKind::Joker {
            money,
            pay_each_player,
            ..
        } = *kind
        else {
            return Vec::new();
        };
        let mut steps = Vec::new();
        if money > 0 {
            steps.push(JokerStep::Collect { amount: money });
        } else if money < 0 {
            steps.push(JokerStep::Pay { amount: -money });
        }
        if pay_each_player > 0 {
            steps.push(JokerStep::PayEachPlayer {
                amount: pay_each_player,
            });
        }
        match JokerEffect::of(kind) {
            Some(JokerEffect::Move(steps_by)) => steps.push(JokerStep::Move { steps: steps_by }),
            Some(JokerEffect::Wait(turns)) => steps.push(JokerStep::Wait { turns }),
            _ => {}
        }
        steps
    }
}

/// A square as the editor saves it. Reading one refuses fields its type does not have (a
/// typo such as `"gruop"` would otherwise be dropped silently).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SquareDef {
    pub name: String,
    #[serde(flatten)]
    pub kind: SquareKind,
    /// A data URL shown on the square (Joker, Chance, Community Chest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
}

impl SquareDef {
    pub fn new(name: &str, kind: SquareKind) -> Self {
        SquareDef {
            name: name.to_string(),
            kind,
            picture: None,
        }
    }

    /// The price of an ownable square (property, railroad, utility).
    pub fn price(&self) -> Option<i64> {
        match &self.kind {
            SquareKind::Property { price, .. }
            | SquareKind::Railroad { price, .. }
            | SquareKind::Utility { price, .. } => Some(*price),
            _ => None,
        }
    }

    pub fn is_ownable(&self) -> bool {
        self.price().is_some()
    }

    /// House cost of a lot that can be built on.
    pub fn house_cost(&self) -> Option<i64> {
        match &self.kind {
            SquareKind::Property {
                rents, house_cost, ..
            } if rents.len() == 6 && *house_cost > 0 => Some(*house_cost),
            _ => None,
        }
    }
}

/// A board as the editor saves it and imports it: unchecked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDef {
    pub name: String,
    #[serde(default)]
    pub currency: Currency,
    pub squares: Vec<SquareDef>,
    #[serde(default)]
    pub groups: Vec<GroupDef>,
    /// The center picture and thumbnail (a data URL).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pawns: Vec<PawnDef>,
    #[serde(default)]
    pub rules: RuleSet,
    /// The Chance and Community Chest decks; `None`: the classic US decks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decks: Option<Decks>,
}

impl BoardDef {
    /// Reads a board file, reporting a JSON problem as a readable message.
    pub fn from_json(text: &str) -> Result<BoardDef, String> {
        serde_json::from_str(text).map_err(|e| format!("not a board file: {e}"))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A checked board. Built only by [`Board::from_def`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BoardDef", into = "BoardDef")]
pub struct Board {
    def: BoardDef,
    group_of: Vec<Option<usize>>,
    group_lots: Vec<Vec<usize>>,
    /// `0..len`: lets [`Board::lots_like`] hand out a one-lot slice.
    indices: Vec<usize>,
    /// Per group, its lots as bits (boards have at most 60 squares).
    group_masks: Vec<u64>,
    /// The lots that take houses, as bits.
    buildable: u64,
    jail: Option<usize>,
    chance: Vec<Card>,
    community_chest: Vec<Card>,
}

impl TryFrom<BoardDef> for Board {
    type Error = BoardErrors;
    fn try_from(def: BoardDef) -> Result<Self, Self::Error> {
        Board::from_def(def).map_err(BoardErrors)
    }
}

impl From<Board> for BoardDef {
    fn from(b: Board) -> BoardDef {
        b.def
    }
}
