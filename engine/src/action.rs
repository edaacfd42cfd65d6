//! What a player asks for ([`Action`]) and why the game may refuse it ([`RuleError`]).

use crate::refusal::Refusal;
use crate::tagged::TaggedDeserialize;
use serde::{Deserialize, Serialize};

// The ids live in `ids.rs` (so that `refusal` need not name this module); they stay
// reachable here, where they always were.
pub use crate::ids::{PlayerId, SquareId};

/// One side of a trade: what that side hands over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct TradeSide {
    pub lots: Vec<SquareId>,
    pub cash: i64,
    /// Get Out of Jail Free cards.
    pub jail_cards: u32,
}

impl TradeSide {
    pub fn is_empty(&self) -> bool {
        self.lots.is_empty() && self.cash == 0 && self.jail_cards == 0
    }
}

/// A trade offer waiting for an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradeOffer {
    pub from: PlayerId,
    pub to: PlayerId,
    /// What `from` hands over.
    pub give: TradeSide,
    /// What `from` receives from `to`.
    pub take: TradeSide,
}

/// What the player whose decision it is asks for. Every action except [`Action::Resign`]
/// is made by [`crate::Game::actor`]; `Resign` names its player and is allowed at any time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TaggedDeserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Throw the dice (also the try for doubles in jail).
    Roll,
    /// Buy the lot just landed on at its price.
    Buy,
    /// Do not buy it: it is auctioned (or play passes when auctions are off).
    Decline,
    /// Bid in the running auction; any amount above the highest bid, within your cash.
    Bid {
        amount: i64,
    },
    /// Leave the running auction.
    PassBid,
    /// Build a house (or a hotel on four houses); also places a house won at auction.
    Build {
        square: SquareId,
    },
    /// Sell one building back to the bank (a hotel becomes four houses).
    SellBuilding {
        square: SquareId,
    },
    /// Sell every building of the square's color group (the way down when a hotel cannot be
    /// broken into houses because the bank is short of them).
    SellAllBuildings {
        square: SquareId,
    },
    Mortgage {
        square: SquareId,
    },
    Unmortgage {
        square: SquareId,
    },
    /// Sell an unmortgaged lot back to the bank (the house rule
    /// [`crate::RuleSet::sell_lots_to_bank`]); it is for sale again to whoever lands on it.
    SellLotToBank {
        square: SquareId,
    },
    /// Offer a trade to another player; they accept or decline.
    ProposeTrade {
        to: PlayerId,
        #[serde(default)]
        give: TradeSide,
        #[serde(default)]
        take: TradeSide,
    },
    /// Answer the trade offered to you.
    AnswerTrade {
        accept: bool,
    },
    /// Apply one of the effects of the Joker landed on: `index` in the phase's `remaining`
    /// list ([`crate::Phase::JokerEffects`]).
    ApplyJokerEffect {
        index: usize,
    },
    /// Pay the fine before rolling to leave jail (or to stop waiting on a Joker).
    PayJailFine,
    /// Use a Get Out of Jail Free card.
    UseJailCard,
    EndTurn,
    /// Give up when a debt cannot be raised.
    DeclareBankruptcy,
    /// Leave the game at any time: bankruptcy to the bank.
    Resign {
        player: PlayerId,
    },
}

impl Action {
    /// A short label, as a button would show it.
    pub fn label(&self) -> &'static str {
        match self {
            Action::Roll => "Roll",
            Action::Buy => "Buy",
            Action::Decline => "Decline",
            Action::Bid { .. } => "Bid",
            Action::PassBid => "Pass",
            Action::Build { .. } => "Build",
            Action::SellBuilding { .. } => "Sell building",
            Action::SellAllBuildings { .. } => "Sell all buildings",
            Action::Mortgage { .. } => "Mortgage",
            Action::Unmortgage { .. } => "Lift mortgage",
            Action::SellLotToBank { .. } => "Sell to the bank",
            Action::ProposeTrade { .. } => "Propose trade",
            Action::AnswerTrade { accept: true } => "Accept trade",
            Action::AnswerTrade { accept: false } => "Decline trade",
            Action::ApplyJokerEffect { .. } => "Apply",
            Action::PayJailFine => "Pay fine",
            Action::UseJailCard => "Use jail card",
            Action::EndTurn => "End turn",
            Action::DeclareBankruptcy => "Declare bankruptcy",
            Action::Resign { .. } => "Resign",
        }
    }
}

/// Why an action was refused: the reason as data ([`Refusal`]: what was asked, ids, amounts
/// and the rule that stops it) and the words a player reads, which the narration module makes
/// from it (`Display` shows them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    reason: Refusal,
    words: String,
}

impl RuleError {
    pub(crate) fn new(reason: Refusal, words: String) -> RuleError {
        RuleError { reason, words }
    }

    /// Why, as data.
    pub fn reason(&self) -> &Refusal {
        &self.reason
    }
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

impl std::error::Error for RuleError {}
