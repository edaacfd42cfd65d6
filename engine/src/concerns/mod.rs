//! The game by concern: each file holds one concern's checks, legal-action listing and
//! execution side by side, as `impl Game` blocks over the state in [`crate::game`]. Text is
//! made only in [`crate::narration`].
//!
//! Work that has to wait for a decision (a debt to raise, the lots of a bankrupt player to
//! auction, the move after a paid jail fine) is queued in `pending` and carried out by
//! `advance` (turn and movement), which then works out what the game waits for next.

mod actions;
mod auction;
mod bank_sales;
mod bankruptcy;
mod buildings;
mod cards;
mod jail;
mod jokers;
mod money_and_debt;
mod mortgage;
mod plans;
mod trade;
mod turn_and_movement;

pub(crate) use turn_and_movement::LandCtx;

/// What the concern files share.
mod prelude {
    pub(crate) use super::LandCtx;
    pub(crate) use crate::action::{Action, PlayerId, SquareId, TradeOffer, TradeSide};
    pub(crate) use crate::board::{JokerEffect, SquareKind};
    pub(crate) use crate::cards::{CardEffect, DeckKind};
    pub(crate) use crate::event::{Event, JailExit, NoRentWhy, Owed, Party, Reason};
    pub(crate) use crate::game::{
        Auction, Buildings, Game, JailCard, Pending, Phase, Turn, MAX_TRADE_OFFERS_PER_TURN,
    };
    pub(crate) use crate::refusal::{
        Afford, BuildWhy, Checked, MortgageWhy, Refusal, SellLotWhy, SellWhy, TradeWhy,
        UnmortgageWhy,
    };
    pub(crate) use crate::rules::{DebtRule, DoublesLimit, ExtraRoll, JailRelease};
    pub(crate) use crate::stats::model::MAX_CHAINED_MOVES;
}
