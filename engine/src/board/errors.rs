//! Why a board definition is refused: [`BoardError`] (one problem, with a message a player
//! can read) and [`BoardErrors`] (all of them), and the range every amount must be in. The
//! validation (`validation.rs`) and the deck checks (`decks.rs`) both report through them.

use super::MAX_AMOUNT;
use crate::cards::DeckKind;

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
    #[error("The group \"{name}\" has a hotel cost of {cost}; a hotel costs between 1 and 1,000,000,000 (leave it empty to use the house cost).")]
    BadHotelCost { name: String, cost: i64 },
    #[error("The group \"{name}\" multiplies the rent of a whole group by {multiplier}; use 1 to {max} (2 doubles it).", max = super::MAX_WHOLE_GROUP_MULTIPLIER)]
    BadGroupMultiplier { name: String, multiplier: i64 },
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
    #[error(
        "The {} card \"{text}\" has a range that runs backwards: its \"from\" must not be above its \"to\".",
        deck.label()
    )]
    BackwardsCardRange { deck: DeckKind, text: String },
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

pub(super) fn amount_ok(a: i64) -> bool {
    (0..=MAX_AMOUNT).contains(&a)
}
