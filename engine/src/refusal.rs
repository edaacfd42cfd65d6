//! Why an action is refused, as data: ids, amounts and reasons. Checking an action builds
//! one of these and never any text; [`crate::narration`] renders it as the [`RuleError`] a
//! player reads, only when someone asks (`Game::check`, `Game::apply`).
//!
//! [`RuleError`]: crate::action::RuleError

use crate::ids::{PlayerId, SquareId};

/// What could not be afforded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Afford {
    Lot(SquareId),
    JailFine,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildWhy {
    NoBuildings,
    NotBuildable,
    NotOwned,
    NotWholeGroup,
    GroupMortgaged,
    HasHotel,
    Uneven,
    PlaceOnFewerThanFour,
    NoHotelLeft,
    NoHouseLeft,
    CannotPay { cost: i64, cash: i64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SellWhy {
    NotOwned,
    NoBuilding,
    Uneven,
    HotelUnbreakable { bank_houses: u32 },
    NoBuildingOnGroup,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MortgageWhy {
    NoMortgages,
    NotALot,
    NotOwned,
    AlreadyMortgaged,
    GroupHasBuildings,
}

/// Why a lot cannot be sold back to the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SellLotWhy {
    /// The house rule is off in this game.
    Off,
    NotALot,
    NotOwned,
    Mortgaged,
    GroupHasBuildings,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnmortgageWhy {
    NotOwned,
    NotMortgaged,
    CannotPay { cost: i64, cash: i64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TradeWhy {
    Off,
    TooManyOffers,
    WithYourself,
    PlayerOut(PlayerId),
    Empty,
    NegativeCash,
    NotEnoughCash,
    OtherNotEnoughCash(PlayerId),
    NotEnoughJailCards,
    OtherNotEnoughJailCards(PlayerId),
    ListedTwice(SquareId),
    NotOwner {
        owner: PlayerId,
        lot: SquareId,
    },
    GroupHasBuildings(SquareId),
    /// A counter-offer goes back to the player who made the offer.
    CounterToOther(PlayerId),
    /// A counter-offer is accepted or declined, not countered.
    CounterOfCounter,
}

/// Why an action is refused (see [`crate::action::RuleError`] for the words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    /// Not in this phase; the words add the game's prompt.
    NotNow(&'static str),
    NoSuchPlayer(PlayerId),
    PlayerOut(PlayerId),
    NoSuchSquare(SquareId),
    CannotAfford {
        what: Afford,
        cost: i64,
        cash: i64,
    },
    BidTooLow {
        min: i64,
    },
    BidTooHigh {
        amount: i64,
        cash: i64,
    },
    CannotBuild {
        square: SquareId,
        why: BuildWhy,
    },
    CannotSell {
        square: SquareId,
        why: SellWhy,
    },
    CannotMortgage {
        square: SquareId,
        why: MortgageWhy,
    },
    CannotUnmortgage {
        square: SquareId,
        why: UnmortgageWhy,
    },
    CannotSellLot {
        square: SquareId,
        why: SellLotWhy,
    },
    BadTrade(TradeWhy),
    NotInJail,
    NoJailCard,
    NoJailFine,
    /// The Joker has no effect left at `index` (it has `left`).
    NoSuchJokerEffect {
        index: usize,
        left: usize,
    },
}

/// The result of a check.
pub(crate) type Checked = Result<(), Refusal>;
