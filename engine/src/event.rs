//! What happened ([`Event`]), and the log entry that wraps it with the round, the player,
//! their position and their cash after it (the audit trail).

use crate::tagged::TaggedDeserialize;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::action::{PlayerId, SquareId, TradeOffer};
use crate::cards::DeckKind;

/// The faces of one throw (one to four dice), kept inline: a throw allocates nothing.
/// Written as a list of faces, as before (`"dice": [3, 4]`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Dice {
    faces: [u8; 4],
    count: u8,
}

impl Dice {
    /// The most dice a rule set throws.
    pub const MAX: usize = 4;

    /// The faces of `dice`; `None` for more than [`Dice::MAX`] dice.
    pub fn from_slice(dice: &[u8]) -> Option<Dice> {
        if dice.len() > Dice::MAX {
            return None;
        }
        let mut faces = [0u8; 4];
        faces[..dice.len()].copy_from_slice(dice);
        Some(Dice {
            faces,
            count: dice.len() as u8,
        })
    }

    /// Adds a die (ignored past [`Dice::MAX`]; rule sets throw at most four).
    pub(crate) fn push(&mut self, face: u8) {
        if let Some(f) = self.faces.get_mut(usize::from(self.count)) {
            *f = face;
            self.count += 1;
        }
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.faces[..usize::from(self.count)]
    }
}

impl std::ops::Deref for Dice {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl Serialize for Dice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Dice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Dice, D::Error> {
        let faces = Vec::<u8>::deserialize(d)?;
        Dice::from_slice(&faces)
            .ok_or_else(|| serde::de::Error::invalid_length(faces.len(), &"one to four dice"))
    }
}

/// Who pays or is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Party {
    Bank,
    /// The Free Parking jackpot (house rule).
    Jackpot,
    Player(PlayerId),
}

/// Why money moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    Rent { square: SquareId },
    Tax { square: SquareId },
    StationFee { square: SquareId },
    JailFine,
    Card,
    Joker { square: SquareId },
    Jackpot,
    MortgageInterest { square: SquareId },
}

/// A debt a player could not pay: how much, and what for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owed {
    pub amount: i64,
    pub reason: Reason,
}

/// Why no rent was due. Written as the reason in words, as before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoRentWhy {
    #[serde(rename = "it is mortgaged")]
    Mortgaged,
    #[serde(rename = "its owner is in jail")]
    OwnerInJail,
}

/// How a player left jail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JailExit {
    Fine,
    Card,
    Doubles,
    /// A die showed its highest face (Campus).
    MaxFace,
    /// The last allowed try failed: fine paid, the token moves by that roll.
    FineAfterTries,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnStarted,
    Rolled {
        dice: Dice,
        total: u32,
        double: bool,
    },
    /// The token moved `steps` squares (negative: backwards) from `from` to `to`.
    Moved {
        from: SquareId,
        to: SquareId,
        steps: i32,
    },
    /// Rolling again (doubles, or a 6 in Campus).
    RollAgain,
    /// Too many doubles in a row: the turn ends without moving.
    TooManyDoubles,
    Salary {
        amount: i64,
    },
    /// A bonus refused because one was already received this turn.
    NoBonus {
        amount: i64,
    },
    /// A bonus square reached after a bonus was taken this turn does nothing
    /// (`skip_bonus_squares_after_bonus`).
    BonusSquareSkipped {
        square: SquareId,
    },
    Payment {
        from: Party,
        to: Party,
        amount: i64,
        reason: Reason,
    },
    /// No rent: the lot is mortgaged or its owner is in jail (house rule).
    NoRent {
        square: SquareId,
        why: NoRentWhy,
    },
    Bought {
        square: SquareId,
        price: i64,
    },
    Declined {
        square: SquareId,
    },
    /// An auction of a lot (`square`) or of a house (`square: None`).
    AuctionStarted {
        square: Option<SquareId>,
        minimum: i64,
    },
    BidPlaced {
        amount: i64,
    },
    BidPassed,
    AuctionWon {
        square: Option<SquareId>,
        price: i64,
    },
    AuctionUnsold {
        square: Option<SquareId>,
    },
    /// `houses` is the level after building (5: a hotel).
    Built {
        square: SquareId,
        houses: u8,
        cost: i64,
    },
    /// `houses` is the level after selling.
    BuildingSold {
        square: SquareId,
        houses: u8,
        refund: i64,
    },
    Mortgaged {
        square: SquareId,
        amount: i64,
    },
    Unmortgaged {
        square: SquareId,
        cost: i64,
    },
    TradeProposed {
        offer: Box<TradeOffer>,
    },
    TradeAccepted {
        offer: Box<TradeOffer>,
    },
    TradeDeclined {
        offer: Box<TradeOffer>,
    },
    /// A lot changed hands outside a purchase (trade, bankruptcy).
    LotTransferred {
        square: SquareId,
        from: Party,
        to: Party,
    },
    /// A card drawn; its words are the board's ([`crate::Game::card_text`]).
    CardDrawn {
        deck: DeckKind,
        /// 1-based, as numbered in the deck definition.
        number: usize,
        /// For a card whose amount or move is a range, the amount (or number of squares)
        /// drawn this time; none for a fixed card (so logs of such cards read as before).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drawn: Option<i64>,
    },
    GotJailCard {
        deck: DeckKind,
    },
    SentToJail,
    LeftJail {
        how: JailExit,
    },
    StayedInJail {
        tries: u8,
    },
    /// A Joker: the player will miss their next `turns` turns.
    WillWait {
        turns: u32,
    },
    TurnSkipped {
        remaining: u32,
    },
    /// A player waiting on a Joker stops waiting (the fine paid, doubles rolled...).
    StoppedWaiting {
        how: JailExit,
    },
    /// A player waiting on a Joker tried to leave and did not: this turn is waited out,
    /// `remaining` turns are left to wait.
    WaitedTurn {
        remaining: u32,
    },
    /// A debt larger than the player's cash: they must raise it or go bankrupt.
    DebtDue {
        to: Party,
        amount: i64,
    },
    /// Mini: the cheapest property sold to the bank to get back in credit.
    SoldToBank {
        square: SquareId,
        amount: i64,
    },
    /// Out of the game: everything went to `to`. `owed` is the debt that could not be paid
    /// (none when the player resigned), so the bankruptcy's line says why on its own.
    Bankrupt {
        to: Party,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        owed: Option<Owed>,
    },
    Resigned,
    TurnEnded,
    GameOver {
        winner: Option<PlayerId>,
    },
}

/// An event with its context: the audit trail the game log shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub round: u32,
    /// The player the event is about.
    pub player: PlayerId,
    /// Their position after it.
    pub position: usize,
    /// Their cash after it.
    pub cash: i64,
    #[serde(flatten)]
    pub event: Event,
}
