//! The board: squares, color groups, currency, pictures, rules and decks.
//!
//! A [`BoardDef`] is what the editor saves and imports (plain serde JSON, unchecked).
//! [`Board::from_def`] is the one place that checks it, returning every problem found, each
//! with the square it concerns, so the editor can show them next to their squares. Nothing
//! else re-checks a `Board`.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

use crate::cards::{Card, CardDef, CardEffect, DeckKind, Decks, SquareRef};
use crate::rules::{DebtRule, DoublesLimit, ExtraRoll, JailRelease, RuleSet};

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// The fields a square of each type may have (besides `name`, `type` and `picture`).
fn square_fields(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "start" | "chance" | "community_chest" | "go_to_jail" | "jail" | "free_parking"
        | "road" => &[],
        "property" => &["price", "rents", "house_cost", "group"],
        "railroad" => &["price", "rents"],
        "utility" => &["price", "multipliers"],
        "station" => &["fee_per_pip"],
        "tax" => &["amount", "percent", "percent_on_double"],
        "joker" => &["move_by", "wait", "money", "pay_each_player"],
        _ => return None,
    })
}

/// [`SquareDef`] as serde derives it (the flattened kind cannot deny unknown fields).
#[derive(Deserialize)]
struct RawSquareDef {
    name: String,
    #[serde(flatten)]
    kind: SquareKind,
    #[serde(default)]
    picture: Option<String>,
}

impl<'de> Deserialize<'de> for SquareDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(SquareVisitor)
    }
}

/// Reads a square's fields, refuses those its type does not have, then builds it; errors
/// are raised inside the object, so a reader's line and column still point at it.
struct SquareVisitor;

impl<'de> serde::de::Visitor<'de> for SquareVisitor {
    type Value = SquareDef;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a square")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<SquareDef, A::Error> {
        use serde::de::Error;
        let clean = |t: &str| -> String {
            t.chars()
                .filter(|c| !is_forbidden_name_char(*c))
                .take(40)
                .collect()
        };
        let mut obj = serde_json::Map::new();
        while let Some((key, value)) = map.next_entry::<String, serde_json::Value>()? {
            if obj.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "duplicate field `{}`",
                    clean(&key)
                )));
            }
            obj.insert(key, value);
        }
        let kind = obj.get("type").and_then(|t| t.as_str()).unwrap_or("");
        if let Some(fields) = square_fields(kind) {
            for key in obj.keys() {
                let known = matches!(key.as_str(), "name" | "type" | "picture")
                    || fields.contains(&key.as_str());
                if !known {
                    let name = clean(obj.get("name").and_then(|n| n.as_str()).unwrap_or(""));
                    return Err(A::Error::custom(format!(
                        "the {kind} square \"{name}\" has an unknown field `{}`; expected one of: name, type, picture{}",
                        clean(key),
                        fields.iter().map(|f| format!(", {f}")).collect::<String>()
                    )));
                }
            }
        }
        let raw: RawSquareDef =
            serde_json::from_value(serde_json::Value::Object(obj)).map_err(A::Error::custom)?;
        Ok(SquareDef {
            name: raw.name,
            kind: raw.kind,
            picture: raw.picture,
        })
    }
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

/// One problem with a board definition, with a message a player can read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("The board has {count} squares; a board needs between 10 and 60.")]
    WrongSize { count: usize },
    #[error("The board needs a name.")]
    EmptyBoardName,
    #[error("The {what} name is longer than 80 characters.")]
    NameTooLong { what: &'static str },
    #[error("The currency needs a name and a symbol (at most 8 characters).")]
    BadCurrency,
    #[error("The first square must be the start square.")]
    FirstSquareNotStart,
    #[error("Square {} is a second start square; a board has exactly one.", square + 1)]
    ExtraStart { square: usize },
    #[error("Square {} needs a name.", square + 1)]
    EmptySquareName { square: usize },
    #[error("Square {} has a name longer than 80 characters.", square + 1)]
    SquareNameTooLong { square: usize },
    #[error("\"{name}\" (square {}) has the same name as another lot; lots need distinct names.", square + 1)]
    DuplicateLotName { square: usize, name: String },
    #[error("\"{name}\" (square {}) needs a price above zero.", square + 1)]
    BadPrice { square: usize, name: String },
    #[error("\"{name}\" (square {}) needs a rent table.", square + 1)]
    MissingRents { square: usize, name: String },
    #[error("\"{name}\" (square {}) has a rent table of {len} entries; a lot needs 1 (base rent) or 6 (base, 1-4 houses, hotel).", square + 1)]
    BadRentTable {
        square: usize,
        name: String,
        len: usize,
    },
    #[error("\"{name}\" (square {}) has a negative or huge rent.", square + 1)]
    BadRent { square: usize, name: String },
    #[error("\"{name}\" (square {}) has a rent table for houses but no house cost.", square + 1)]
    BadHouseCost { square: usize, name: String },
    #[error("\"{name}\" (square {}) belongs to the group \"{group}\", which does not exist.", square + 1)]
    UnknownGroup {
        square: usize,
        name: String,
        group: String,
    },
    #[error("Two color groups are called \"{name}\".")]
    DuplicateGroup { name: String },
    #[error("The group \"{name}\" has the color \"{color}\"; use a hex color such as #1fb25a.")]
    BadGroupColor { name: String, color: String },
    #[error("\"{name}\" (square {}) needs 4 railroad rents (1 to 4 owned).", square + 1)]
    BadRailroadRents { square: usize, name: String },
    #[error("\"{name}\" (square {}) needs utility multipliers (1 and 2 owned) above zero.", square + 1)]
    BadUtilityMultipliers { square: usize, name: String },
    #[error("The station \"{name}\" (square {}) needs a fee per pip of zero or more.", square + 1)]
    BadStationFee { square: usize, name: String },
    #[error("The tax \"{name}\" (square {}) needs an amount or a percent (0 to 100).", square + 1)]
    BadTax { square: usize, name: String },
    #[error("The Joker \"{name}\" (square {}) both moves and waits; choose one.", square + 1)]
    JokerMoveAndWait { square: usize, name: String },
    #[error("The Joker \"{name}\" (square {}) moves {steps} squares; at most the board length ({len}).", square + 1)]
    JokerMoveTooFar {
        square: usize,
        name: String,
        steps: i32,
        len: usize,
    },
    #[error("The Joker \"{name}\" (square {}) makes players wait {turns} turns; at most 10.", square + 1)]
    JokerWaitTooLong {
        square: usize,
        name: String,
        turns: u32,
    },
    #[error("The Joker \"{name}\" (square {}) has a huge amount of money.", square + 1)]
    JokerMoneyTooLarge { square: usize, name: String },
    #[error("The Joker \"{name}\" (square {}) starts a loop: its moves lead back to it forever.", square + 1)]
    JokerLoop { square: usize, name: String },
    #[error("\"{name}\" (square {}) sends players to jail, but the board has no Jail.", square + 1)]
    GoToJailWithoutJail { square: usize, name: String },
    #[error("Square {} is a second Jail; a board has at most one.", square + 1)]
    ExtraJail { square: usize },
    #[error("The board has no property, railroad or utility: nothing can be bought, so the game cannot be won.")]
    NothingToBuy,
    #[error("The {} card \"{text}\" refers to {target}, which is not on the board.", deck.label())]
    CardTargetMissing {
        deck: DeckKind,
        text: String,
        target: String,
    },
    #[error("The {} card \"{text}\" needs a Jail, but the board has none.", deck.label())]
    CardNeedsJail { deck: DeckKind, text: String },
    #[error("The {} card \"{text}\" has a negative or huge amount.", deck.label())]
    BadCardAmount { deck: DeckKind, text: String },
    #[error("The board has {} squares but its {} deck is empty.", deck.label(), deck.label())]
    EmptyDeck { deck: DeckKind },
    #[error("The picture of {what} is not an image (a data:image URL of at most 4 MB).")]
    BadPicture { what: String, square: Option<usize> },
    #[error("A board has at most 8 pawn pictures; this one has {count}.")]
    TooManyPawns { count: usize },
    #[error("The rules are invalid: {problem}.")]
    BadRules { problem: String },
    #[error("The board has {count} {what}; at most {max}.")]
    TooMany {
        what: &'static str,
        count: usize,
        max: usize,
    },
    #[error("The {what} name contains control or invisible characters.")]
    BadNameChars { what: String, square: Option<usize> },
    #[error("The {} card \"{text}\" has a text longer than 300 characters or with control characters.", deck.label())]
    BadCardText { deck: DeckKind, text: String },
    #[error("\"{name}\" (square {}) starts a chain of moves that never ends: {via} leads back to it.", square + 1)]
    MoveLoop {
        square: usize,
        name: String,
        via: String,
    },
}

impl BoardError {
    /// The square (0-based) the problem is about, if any.
    pub fn square(&self) -> Option<usize> {
        use BoardError::*;
        match self {
            ExtraStart { square }
            | EmptySquareName { square }
            | SquareNameTooLong { square }
            | DuplicateLotName { square, .. }
            | BadPrice { square, .. }
            | MissingRents { square, .. }
            | BadRentTable { square, .. }
            | BadRent { square, .. }
            | BadHouseCost { square, .. }
            | UnknownGroup { square, .. }
            | BadRailroadRents { square, .. }
            | BadUtilityMultipliers { square, .. }
            | BadStationFee { square, .. }
            | BadTax { square, .. }
            | JokerMoveAndWait { square, .. }
            | JokerMoveTooFar { square, .. }
            | JokerWaitTooLong { square, .. }
            | JokerMoneyTooLarge { square, .. }
            | JokerLoop { square, .. }
            | MoveLoop { square, .. }
            | GoToJailWithoutJail { square, .. }
            | ExtraJail { square } => Some(*square),
            FirstSquareNotStart => Some(0),
            BadPicture { square, .. } | BadNameChars { square, .. } => *square,
            _ => None,
        }
    }
}

/// All the problems of a board definition (for `?` and display).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardErrors(pub Vec<BoardError>);

impl std::fmt::Display for BoardErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for BoardErrors {}

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

fn is_hex_color(s: &str) -> bool {
    let Some(hex) = s.strip_prefix('#') else {
        return false;
    };
    matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit())
}

fn picture_ok(p: &str) -> bool {
    p.starts_with("data:image/") && p.len() <= MAX_PICTURE_CHARS
}

fn amount_ok(a: i64) -> bool {
    (0..=MAX_AMOUNT).contains(&a)
}

/// The checks of a rule set that do not depend on the board.
pub(crate) fn check_rules_alone(r: &RuleSet) -> Result<(), Vec<BoardError>> {
    let mut errors = Vec::new();
    check_rules(r, &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn check_rules(r: &RuleSet, errors: &mut Vec<BoardError>) {
    let mut bad = |problem: &str| {
        errors.push(BoardError::BadRules {
            problem: problem.to_string(),
        })
    };
    if !(1..=4).contains(&r.dice_count) {
        bad("a game uses 1 to 4 dice");
    }
    if !(2..=20).contains(&r.dice_sides) {
        bad("a die has 2 to 20 sides");
    }
    if let ExtraRoll::Doubles { limit, .. } = r.extra_roll {
        if r.dice_count < 2 {
            bad("doubles need at least two dice");
        }
        if limit == 0 {
            bad("the doubles limit must be at least 1");
        }
    }
    if let Some(fine) = r.jail.fine {
        if !amount_ok(fine) {
            bad("the jail fine must be between 0 and 1,000,000,000");
        }
    }
    if r.jail.release == JailRelease::Doubles && r.dice_count < 2 && r.jail.max_tries.is_none() {
        bad("with one die nobody rolls doubles, so a jailed player could never leave: set a maximum number of tries (with a fine) or release on the highest face");
    }
    if r.jail.max_tries == Some(0) {
        bad("the jail needs at least one try");
    }
    if r.jail.max_tries.is_some() && r.jail.fine.is_none() {
        bad("a jail with a maximum number of tries needs a fine");
    }
    if r.mortgage_percent > 100 || r.unmortgage_interest_percent > 100 {
        bad("mortgage and interest percents are 0 to 100");
    }
    if r.building_sell_percent > 100 {
        bad("buildings sell back at 0 to 100 percent");
    }
    if let DebtRule::SellCheapest { percent } = r.debt {
        if percent > 100 {
            bad("properties sell to the bank at 0 to 100 percent");
        }
    }
    if r.houses > 1000 || r.hotels > 1000 {
        bad("the bank holds at most 1000 houses and 1000 hotels");
    }
    if !amount_ok(r.salary) {
        bad("the salary must be between 0 and 1,000,000,000");
    }
    if !amount_ok(r.starting_cash) {
        bad("the starting cash must be between 0 and 1,000,000,000");
    }
    if r.salary_on_landing_multiplier > 10 {
        bad("the salary on landing multiplier is at most 10");
    }
    if r.min_players < 2 || r.max_players > 12 || r.min_players > r.max_players {
        bad("players must range within 2 to 12, minimum not above maximum");
    }
    if r.round_limit == Some(0) {
        bad("a round limit must be at least 1");
    }
}

impl Board {
    /// Checks a definition, returning every problem found.
    pub fn from_def(def: BoardDef) -> Result<Board, Vec<BoardError>> {
        Board::build(def, true)
    }

    /// A board whose card and Joker moves may loop: only for the engine's own tests of the
    /// game's bound on chained moves.
    #[cfg(test)]
    pub(crate) fn from_def_allowing_loops(def: BoardDef) -> Result<Board, Vec<BoardError>> {
        Board::build(def, false)
    }

    fn build(def: BoardDef, check_loops: bool) -> Result<Board, Vec<BoardError>> {
        let mut errors = Vec::new();
        let n = def.squares.len();
        if !(MIN_SQUARES..=MAX_SQUARES).contains(&n) {
            errors.push(BoardError::WrongSize { count: n });
        }
        // Counts first: everything below is linear in them, or worse, so an oversized
        // board is refused before any of it runs.
        let deck_lens = def
            .decks
            .as_ref()
            .map_or((0, 0), |d| (d.chance.len(), d.community_chest.len()));
        let too_many = [
            ("groups", def.groups.len(), MAX_GROUPS),
            ("Chance cards", deck_lens.0, MAX_CARDS),
            ("Community Chest cards", deck_lens.1, MAX_CARDS),
        ];
        let mut limits = Vec::new();
        for (what, count, max) in too_many {
            if count > max {
                limits.push(BoardError::TooMany { what, count, max });
            }
        }
        if def.pawns.len() > MAX_PAWNS {
            limits.push(BoardError::TooManyPawns {
                count: def.pawns.len(),
            });
        }
        if n > MAX_SQUARES || !limits.is_empty() {
            errors.extend(limits);
            return Err(errors);
        }
        let check_name =
            |what: String, name: &str, square: Option<usize>, errors: &mut Vec<BoardError>| {
                if name.chars().any(is_forbidden_name_char) {
                    errors.push(BoardError::BadNameChars { what, square });
                }
            };
        check_name("board".into(), &def.name, None, &mut errors);
        check_name("currency".into(), &def.currency.name, None, &mut errors);
        check_name(
            "currency symbol".into(),
            &def.currency.symbol,
            None,
            &mut errors,
        );
        for g in &def.groups {
            check_name("group".into(), &g.name, None, &mut errors);
        }
        for pawn in &def.pawns {
            check_name("pawn".into(), &pawn.name, None, &mut errors);
        }
        for (i, sq) in def.squares.iter().enumerate() {
            check_name(format!("square {}", i + 1), &sq.name, Some(i), &mut errors);
        }
        if def.name.trim().is_empty() {
            errors.push(BoardError::EmptyBoardName);
        }
        if def.name.chars().count() > MAX_NAME_CHARS {
            errors.push(BoardError::NameTooLong { what: "board" });
        }
        let sym = def.currency.symbol.trim();
        if def.currency.name.trim().is_empty()
            || sym.is_empty()
            || sym.chars().count() > 8
            || def.currency.name.chars().count() > MAX_NAME_CHARS
        {
            errors.push(BoardError::BadCurrency);
        }
        if let Some(p) = &def.picture {
            if !picture_ok(p) {
                errors.push(BoardError::BadPicture {
                    what: "the board".into(),
                    square: None,
                });
            }
        }
        for pawn in &def.pawns {
            if !picture_ok(&pawn.picture) || pawn.name.chars().count() > MAX_NAME_CHARS {
                errors.push(BoardError::BadPicture {
                    what: format!("the pawn \"{}\"", pawn.name),
                    square: None,
                });
            }
        }
        check_rules(&def.rules, &mut errors);

        // Groups.
        let mut group_index: HashMap<&str, usize> = HashMap::new();
        for (gi, g) in def.groups.iter().enumerate() {
            if group_index.insert(g.name.as_str(), gi).is_some() {
                errors.push(BoardError::DuplicateGroup {
                    name: g.name.clone(),
                });
            }
            if g.name.chars().count() > MAX_NAME_CHARS {
                errors.push(BoardError::NameTooLong { what: "group" });
            }
            if !is_hex_color(&g.color) {
                errors.push(BoardError::BadGroupColor {
                    name: g.name.clone(),
                    color: g.color.chars().take(40).collect(),
                });
            }
        }

        // Squares.
        match def.squares.first() {
            Some(s) if s.kind == SquareKind::Start => {}
            Some(_) => errors.push(BoardError::FirstSquareNotStart),
            None => {}
        }
        let mut group_of = vec![None; n];
        let mut group_lots = vec![Vec::new(); def.groups.len()];
        let mut jail = None;
        let mut lot_names: BTreeSet<&str> = BTreeSet::new();
        let mut has_ownable = false;
        let mut has_chance = false;
        let mut has_chest = false;
        let len_i = n as i64;
        for (i, sq) in def.squares.iter().enumerate() {
            let name = sq.name.clone();
            if sq.name.trim().is_empty() {
                errors.push(BoardError::EmptySquareName { square: i });
            } else if sq.name.chars().count() > MAX_NAME_CHARS {
                errors.push(BoardError::SquareNameTooLong { square: i });
            }
            if let Some(p) = &sq.picture {
                if !picture_ok(p) {
                    errors.push(BoardError::BadPicture {
                        what: format!("\"{}\"", sq.name.chars().take(40).collect::<String>()),
                        square: Some(i),
                    });
                }
            }
            if sq.is_ownable() {
                has_ownable = true;
                if !sq.name.trim().is_empty() && !lot_names.insert(sq.name.as_str()) {
                    errors.push(BoardError::DuplicateLotName {
                        square: i,
                        name: name.clone(),
                    });
                }
                if let Some(price) = sq.price() {
                    if price <= 0 || price > MAX_AMOUNT {
                        errors.push(BoardError::BadPrice {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
            }
            match &sq.kind {
                SquareKind::Start => {
                    if i > 0 {
                        errors.push(BoardError::ExtraStart { square: i });
                    }
                }
                SquareKind::Property {
                    rents,
                    house_cost,
                    group,
                    ..
                } => {
                    if rents.is_empty() {
                        errors.push(BoardError::MissingRents {
                            square: i,
                            name: name.clone(),
                        });
                    } else if rents.len() != 1 && rents.len() != 6 {
                        errors.push(BoardError::BadRentTable {
                            square: i,
                            name: name.clone(),
                            len: rents.len(),
                        });
                    }
                    if rents.iter().any(|r| !amount_ok(*r)) {
                        errors.push(BoardError::BadRent {
                            square: i,
                            name: name.clone(),
                        });
                    }
                    if !amount_ok(*house_cost)
                        || (rents.len() == 6 && def.rules.buildings && *house_cost == 0)
                    {
                        errors.push(BoardError::BadHouseCost {
                            square: i,
                            name: name.clone(),
                        });
                    }
                    if let Some(g) = group {
                        match group_index.get(g.as_str()) {
                            Some(&gi) => {
                                group_of[i] = Some(gi);
                                group_lots[gi].push(i);
                            }
                            None => errors.push(BoardError::UnknownGroup {
                                square: i,
                                name: name.clone(),
                                group: g.chars().take(40).collect(),
                            }),
                        }
                    }
                }
                SquareKind::Railroad { rents, .. } => {
                    if rents.is_empty() || rents.iter().any(|r| !amount_ok(*r)) {
                        errors.push(BoardError::BadRailroadRents {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Utility { multipliers, .. } => {
                    if multipliers.is_empty() || multipliers.iter().any(|m| !(1..=1000).contains(m))
                    {
                        errors.push(BoardError::BadUtilityMultipliers {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Station { fee_per_pip } => {
                    if !(0..=1_000_000).contains(fee_per_pip) {
                        errors.push(BoardError::BadStationFee {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Tax {
                    amount,
                    percent,
                    percent_on_double,
                } => {
                    let pct_ok = *percent <= 100 && percent_on_double.is_none_or(|p| p <= 100);
                    let has_something =
                        *amount > 0 || *percent > 0 || percent_on_double.is_some_and(|p| p > 0);
                    if !amount_ok(*amount) || !pct_ok || !has_something {
                        errors.push(BoardError::BadTax {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Chance => has_chance = true,
                SquareKind::CommunityChest => has_chest = true,
                SquareKind::Joker {
                    move_by,
                    wait,
                    money,
                    pay_each_player,
                } => {
                    if *move_by != 0 && *wait != 0 {
                        errors.push(BoardError::JokerMoveAndWait {
                            square: i,
                            name: name.clone(),
                        });
                    }
                    if i64::from(*move_by).abs() > len_i {
                        errors.push(BoardError::JokerMoveTooFar {
                            square: i,
                            name: name.clone(),
                            steps: *move_by,
                            len: n,
                        });
                    }
                    if *wait > 10 {
                        errors.push(BoardError::JokerWaitTooLong {
                            square: i,
                            name: name.clone(),
                            turns: *wait,
                        });
                    }
                    if money.abs() > MAX_AMOUNT || !amount_ok(*pay_each_player) {
                        errors.push(BoardError::JokerMoneyTooLarge {
                            square: i,
                            name: name.clone(),
                        });
                    }
                }
                SquareKind::Jail => {
                    if jail.is_some() {
                        errors.push(BoardError::ExtraJail { square: i });
                    } else {
                        jail = Some(i);
                    }
                }
                SquareKind::GoToJail | SquareKind::FreeParking | SquareKind::Road => {}
            }
        }
        for (i, sq) in def.squares.iter().enumerate() {
            if sq.kind == SquareKind::GoToJail && jail.is_none() {
                errors.push(BoardError::GoToJailWithoutJail {
                    square: i,
                    name: sq.name.clone(),
                });
            }
        }
        if n > 0 && !has_ownable {
            errors.push(BoardError::NothingToBuy);
        }
        if matches!(
            def.rules.extra_roll,
            ExtraRoll::Doubles {
                on_limit: DoublesLimit::Jail,
                ..
            }
        ) && jail.is_none()
            && n > 0
        {
            errors.push(BoardError::BadRules {
                problem: "too many doubles send a player to jail, but the board has no Jail (let them end the turn instead)".into(),
            });
        }
        // Joker loops: follow the chain of moving Jokers from each one.
        if n > 0 && check_loops {
            let moves: Vec<i32> = def
                .squares
                .iter()
                .map(|s| match s.kind {
                    SquareKind::Joker { move_by, .. } => move_by,
                    _ => 0,
                })
                .collect();
            for start in 0..n {
                if moves[start] == 0 {
                    continue;
                }
                let mut seen = BTreeSet::new();
                let mut pos = start;
                loop {
                    if !seen.insert(pos) {
                        errors.push(BoardError::JokerLoop {
                            square: start,
                            name: def.squares[start].name.clone(),
                        });
                        break;
                    }
                    let step = i64::from(moves[pos]);
                    if step == 0 {
                        break;
                    }
                    pos = (pos as i64 + step).rem_euclid(len_i) as usize;
                }
            }
        }

        // Decks.
        let decks = match &def.decks {
            Some(d) => d.clone(),
            None if has_chance || has_chest => crate::cards::classic_decks(),
            None => Decks::default(),
        };
        let chance = resolve_deck(DeckKind::Chance, &decks.chance, &def, jail, &mut errors);
        let community_chest = resolve_deck(
            DeckKind::CommunityChest,
            &decks.community_chest,
            &def,
            jail,
            &mut errors,
        );
        if has_chance && chance.is_empty() {
            errors.push(BoardError::EmptyDeck {
                deck: DeckKind::Chance,
            });
        }
        if has_chest && community_chest.is_empty() {
            errors.push(BoardError::EmptyDeck {
                deck: DeckKind::CommunityChest,
            });
        }

        if check_loops {
            move_loops(&def, [&chance, &community_chest], &mut errors);
        }

        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Board {
            indices: (0..def.squares.len()).collect(),
            group_masks: group_lots
                .iter()
                .map(|lots| lots.iter().fold(0u64, |m, &l| m | 1u64 << (l % 64)))
                .collect(),
            buildable: def
                .squares
                .iter()
                .enumerate()
                .filter(|(_, s)| s.house_cost().is_some())
                .fold(0u64, |m, (l, _)| m | 1u64 << (l % 64)),
            def,
            group_of,
            group_lots,
            jail,
            chance,
            community_chest,
        })
    }

    pub fn def(&self) -> &BoardDef {
        &self.def
    }
    pub fn name(&self) -> &str {
        &self.def.name
    }
    pub fn currency(&self) -> &Currency {
        &self.def.currency
    }
    pub fn rules(&self) -> &RuleSet {
        &self.def.rules
    }
    pub fn squares(&self) -> &[SquareDef] {
        &self.def.squares
    }
    pub fn len(&self) -> usize {
        self.def.squares.len()
    }
    pub fn is_empty(&self) -> bool {
        self.def.squares.is_empty()
    }
    pub fn square(&self, i: usize) -> &SquareDef {
        &self.def.squares[i]
    }
    pub fn groups(&self) -> &[GroupDef] {
        &self.def.groups
    }
    /// The group index of a lot.
    pub fn group_of(&self, square: usize) -> Option<usize> {
        self.group_of.get(square).copied().flatten()
    }
    /// The lots of a group, in board order.
    pub fn group_lots(&self, group: usize) -> &[usize] {
        self.group_lots.get(group).map_or(&[], |v| v.as_slice())
    }
    /// The lots sharing the square's group, or just the square when it has none.
    pub fn lots_like(&self, square: usize) -> &[usize] {
        match self.group_of(square) {
            Some(g) => self.group_lots(g),
            None => self.indices.get(square).map_or(&[], std::slice::from_ref),
        }
    }
    /// The lots of a group as bits (bit `i`: square `i`).
    pub(crate) fn group_mask(&self, group: usize) -> u64 {
        self.group_masks.get(group).copied().unwrap_or(0)
    }
    /// The lots that take houses (a house cost and a full rent table), as bits.
    pub(crate) fn buildable_mask(&self) -> u64 {
        self.buildable
    }
    /// The Jail square.
    pub fn jail(&self) -> Option<usize> {
        self.jail
    }
    pub fn deck(&self, kind: DeckKind) -> &[Card] {
        match kind {
            DeckKind::Chance => &self.chance,
            DeckKind::CommunityChest => &self.community_chest,
        }
    }
    /// The first square with this exact name.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.def.squares.iter().position(|s| s.name == name)
    }
    /// Resolves a square named by index or name.
    pub fn resolve(&self, r: &SquareRef) -> Option<usize> {
        resolve_ref(&self.def, r)
    }
    /// Money as shown on this board: `$200`, `-£50`.
    pub fn money(&self, amount: i64) -> String {
        let sym = &self.def.currency.symbol;
        if amount < 0 {
            format!("-{sym}{}", -amount)
        } else {
            format!("{sym}{amount}")
        }
    }
    /// Indices of the ownable squares, in board order.
    pub fn lots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.def.squares[i].is_ownable())
    }
}

/// Chains of moves that could go on forever: from a square, the squares a card drawn there
/// or its Joker can send the token to (and act on) are its edges; a square that can reach
/// itself starts a loop (a card "move 0", a card advancing to a card square whose deck sends
/// it back, a Joker moving onto a card square whose card moves back...). Jokers that only
/// lead to each other are reported as [`BoardError::JokerLoop`] already. The board has at
/// most [`MAX_SQUARES`] squares here, so the cubic walk is small.
fn move_loops(def: &BoardDef, decks: [&[Card]; 2], errors: &mut Vec<BoardError>) {
    let n = def.squares.len();
    if n == 0 || n > MAX_SQUARES {
        return;
    }
    let nearest = |from: usize, pred: fn(&SquareKind) -> bool| {
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&i| pred(&def.squares[i].kind))
    };
    let wrap =
        |from: usize, steps: i32| (from as i64 + i64::from(steps)).rem_euclid(n as i64) as usize;
    let mut edges: Vec<Vec<(usize, String)>> = vec![Vec::new(); n];
    for (i, sq) in def.squares.iter().enumerate() {
        let (kind, cards) = match sq.kind {
            SquareKind::Joker { move_by, .. } if move_by != 0 => {
                edges[i].push((wrap(i, move_by), "its Joker move".to_string()));
                continue;
            }
            SquareKind::Chance => (DeckKind::Chance, decks[0]),
            SquareKind::CommunityChest => (DeckKind::CommunityChest, decks[1]),
            _ => continue,
        };
        for c in cards {
            let target = match c.effect {
                CardEffect::AdvanceTo { square } => Some(square),
                CardEffect::AdvanceToNearestRailroad { .. } => {
                    nearest(i, |k| matches!(k, SquareKind::Railroad { .. }))
                }
                CardEffect::AdvanceToNearestUtility { .. } => {
                    nearest(i, |k| matches!(k, SquareKind::Utility { .. }))
                }
                CardEffect::MoveBy { steps } => Some(wrap(i, steps)),
                _ => None,
            };
            if let Some(t) = target {
                if t < n && !edges[i].iter().any(|(e, _)| *e == t) {
                    let text: String = c.text.chars().take(60).collect();
                    edges[i].push((t, format!("the {} card \"{text}\"", kind.label())));
                }
            }
        }
    }
    // reaches[a][b]: from a, the chain can arrive at b.
    let reaches: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            let mut seen = vec![false; n];
            let mut stack: Vec<usize> = edges[a].iter().map(|(t, _)| *t).collect();
            while let Some(x) = stack.pop() {
                if !seen[x] {
                    seen[x] = true;
                    stack.extend(edges[x].iter().map(|(t, _)| *t));
                }
            }
            seen
        })
        .collect();
    for i in 0..n {
        if !reaches[i][i] {
            continue;
        }
        let joker_loop = errors
            .iter()
            .any(|e| matches!(e, BoardError::JokerLoop { square, .. } if *square == i));
        if joker_loop {
            continue;
        }
        let via = edges[i]
            .iter()
            .find(|(t, _)| *t == i || reaches[*t][i])
            .map_or_else(String::new, |(_, via)| via.clone());
        errors.push(BoardError::MoveLoop {
            square: i,
            name: def.squares[i].name.clone(),
            via,
        });
    }
}

fn resolve_ref(def: &BoardDef, r: &SquareRef) -> Option<usize> {
    match r {
        SquareRef::Index(i) => (*i < def.squares.len()).then_some(*i),
        SquareRef::Name(n) => def.squares.iter().position(|s| &s.name == n),
    }
}

fn resolve_deck(
    deck: DeckKind,
    cards: &[CardDef],
    def: &BoardDef,
    jail: Option<usize>,
    errors: &mut Vec<BoardError>,
) -> Vec<Card> {
    let mut out = Vec::new();
    let has = |pred: fn(&SquareKind) -> bool| def.squares.iter().any(|s| pred(&s.kind));
    for card in cards {
        let text: String = card.text.chars().take(200).collect();
        if card.text.chars().count() > MAX_CARD_TEXT_CHARS
            || card.text.chars().any(is_forbidden_name_char)
        {
            errors.push(BoardError::BadCardText {
                deck,
                text: text
                    .chars()
                    .filter(|c| !is_forbidden_name_char(*c))
                    .collect(),
            });
            continue;
        }
        let missing = |target: &str| BoardError::CardTargetMissing {
            deck,
            text: text.clone(),
            target: target.to_string(),
        };
        let bad_amount = |a: i64| !amount_ok(a);
        let effect = match &card.effect {
            CardEffect::AdvanceTo { square } => match resolve_ref(def, square) {
                Some(i) => CardEffect::AdvanceTo { square: i },
                None => {
                    errors.push(missing(&square.to_string()));
                    continue;
                }
            },
            CardEffect::AdvanceToNearestRailroad { rent_multiplier } => {
                if !has(|k| matches!(k, SquareKind::Railroad { .. })) {
                    errors.push(missing("a railroad"));
                    continue;
                }
                if !(1..=100).contains(rent_multiplier) {
                    errors.push(BoardError::BadCardAmount { deck, text });
                    continue;
                }
                CardEffect::AdvanceToNearestRailroad {
                    rent_multiplier: *rent_multiplier,
                }
            }
            CardEffect::AdvanceToNearestUtility { dice_multiplier } => {
                if !has(|k| matches!(k, SquareKind::Utility { .. })) {
                    errors.push(missing("a utility"));
                    continue;
                }
                if !(1..=1000).contains(dice_multiplier) {
                    errors.push(BoardError::BadCardAmount { deck, text });
                    continue;
                }
                CardEffect::AdvanceToNearestUtility {
                    dice_multiplier: *dice_multiplier,
                }
            }
            CardEffect::MoveBy { steps } => {
                if i64::from(*steps).abs() > def.squares.len() as i64 {
                    errors.push(BoardError::BadCardAmount { deck, text });
                    continue;
                }
                CardEffect::MoveBy { steps: *steps }
            }
            CardEffect::GoToJail | CardEffect::GetOutOfJailFree if jail.is_none() => {
                errors.push(BoardError::CardNeedsJail { deck, text });
                continue;
            }
            CardEffect::GoToJail => CardEffect::GoToJail,
            CardEffect::GetOutOfJailFree => CardEffect::GetOutOfJailFree,
            CardEffect::Collect { amount }
            | CardEffect::Pay { amount }
            | CardEffect::PayEachPlayer { amount }
            | CardEffect::CollectFromEachPlayer { amount }
                if bad_amount(*amount) =>
            {
                errors.push(BoardError::BadCardAmount { deck, text });
                continue;
            }
            CardEffect::Repairs {
                per_house,
                per_hotel,
            } if bad_amount(*per_house) || bad_amount(*per_hotel) => {
                errors.push(BoardError::BadCardAmount { deck, text });
                continue;
            }
            CardEffect::Collect { amount } => CardEffect::Collect { amount: *amount },
            CardEffect::Pay { amount } => CardEffect::Pay { amount: *amount },
            CardEffect::PayEachPlayer { amount } => CardEffect::PayEachPlayer { amount: *amount },
            CardEffect::CollectFromEachPlayer { amount } => {
                CardEffect::CollectFromEachPlayer { amount: *amount }
            }
            CardEffect::Repairs {
                per_house,
                per_hotel,
            } => CardEffect::Repairs {
                per_house: *per_house,
                per_hotel: *per_hotel,
            },
        };
        out.push(Card {
            text: card.text.clone(),
            effect,
        });
    }
    out
}
