//! What happened ([`Event`]), and the log entry that wraps it with the round, the player,
//! their position and their cash after it (the audit trail).

use serde::{Deserialize, Serialize};

use crate::action::{PlayerId, TradeOffer};
use crate::cards::DeckKind;

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    Rent { square: usize },
    Tax { square: usize },
    StationFee { square: usize },
    JailFine,
    Card,
    Joker { square: usize },
    Jackpot,
    MortgageInterest { square: usize },
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    TurnStarted,
    Rolled {
        dice: Vec<u8>,
        total: u32,
        double: bool,
    },
    /// The token moved `steps` squares (negative: backwards) from `from` to `to`.
    Moved {
        from: usize,
        to: usize,
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
        square: usize,
    },
    Payment {
        from: Party,
        to: Party,
        amount: i64,
        reason: Reason,
    },
    /// No rent: the lot is mortgaged or its owner is in jail (house rule).
    NoRent {
        square: usize,
        why: String,
    },
    Bought {
        square: usize,
        price: i64,
    },
    Declined {
        square: usize,
    },
    /// An auction of a lot (`square`) or of a house (`square: None`).
    AuctionStarted {
        square: Option<usize>,
        minimum: i64,
    },
    BidPlaced {
        amount: i64,
    },
    BidPassed,
    AuctionWon {
        square: Option<usize>,
        price: i64,
    },
    AuctionUnsold {
        square: Option<usize>,
    },
    /// `houses` is the level after building (5: a hotel).
    Built {
        square: usize,
        houses: u8,
        cost: i64,
    },
    /// `houses` is the level after selling.
    BuildingSold {
        square: usize,
        houses: u8,
        refund: i64,
    },
    Mortgaged {
        square: usize,
        amount: i64,
    },
    Unmortgaged {
        square: usize,
        cost: i64,
    },
    TradeProposed {
        offer: TradeOffer,
    },
    TradeAccepted {
        offer: TradeOffer,
    },
    TradeDeclined {
        offer: TradeOffer,
    },
    /// A lot changed hands outside a purchase (trade, bankruptcy).
    LotTransferred {
        square: usize,
        from: Party,
        to: Party,
    },
    CardDrawn {
        deck: DeckKind,
        /// 1-based, as numbered in the deck definition.
        number: usize,
        text: String,
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
    /// A debt larger than the player's cash: they must raise it or go bankrupt.
    DebtDue {
        to: Party,
        amount: i64,
    },
    /// Mini: the cheapest property sold to the bank to get back in credit.
    SoldToBank {
        square: usize,
        amount: i64,
    },
    Bankrupt {
        to: Party,
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
