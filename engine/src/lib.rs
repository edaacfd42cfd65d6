//! Monopoly Worlds rules engine. Pure Rust: no web dependencies.
//!
//! - [`board`]: the board definition the editor saves ([`BoardDef`]) and its checked form
//!   ([`Board`]); `board/` holds the definition types (`mod.rs`), reading a square
//!   (`reading.rs`), the checks and [`BoardError`] (`validation.rs`, `decks.rs`) and the
//!   lookups (`queries.rs`).
//! - [`rules`]: the [`RuleSet`], every rule and house rule as data.
//! - [`cards`]: Chance and Community Chest cards as data.
//! - [`presets`]: the four boards that ship with the game.
//! - [`game`]: the [`Game`] state, its setup, `apply`, `legal_actions` and accessors;
//!   `game/` holds the state types and `apply` (`mod.rs`), the setup (`setup.rs`), the
//!   squares' states (`squares.rs`), rent and assets (`assets.rs`) and the saved record and
//!   replay (`record.rs`).
//! - [`action`] and [`event`]: what players ask for and what happened; [`ids`]: the
//!   [`PlayerId`] and [`SquareId`] newtypes they all use.
//! - `concerns/`: the rules by game concern (turn and movement, money and debt, buildings,
//!   mortgage, auction, trade, jail, bankruptcy, cards), each with its checks and execution;
//!   `refusal`: why an action is refused, as data; `narration`: the only place text is made
//!   (prompts, log sentences, refusals in words).
//! - [`bots`]: computer players; [`expert`] (`bots/expert/`): the expert computer player.
//! - [`scenario`]: the scenario file format run by `worlds replay`.
//! - `fuzz` (only with the cargo feature `fuzz`, which the CLI turns on; the game's wasm
//!   build leaves it out): the fuzzer run by `worlds fuzz`.
//!
//! ## Rule decisions where docs/PRODUCT.md leaves room
//! - Housing shortage: when a player asks to build a house while more players could build
//!   one (whole unmortgaged group with room, cash for the house) than the bank has houses,
//!   one house is auctioned among them (opening at the house cost of the lot asked for);
//!   the winner pays the bid and places it ([`game::Phase::PlaceHouse`]). Hotels are never
//!   auctioned: with none in the bank, nobody builds one.
//! - A hotel that cannot be broken into houses (fewer than 4 in the bank) is sold with
//!   `SellAllBuildings`, which clears the whole group at the sell-back rate.
//! - A received mortgaged lot: the 10% is paid at once; until the receiver's own turn ends
//!   the mortgage lifts for its value alone, later it costs the 10% again.
//! - Bonus once per turn: salary and Joker money gains are bonuses; card money is not one.
//!   With `skip_bonus_squares_after_bonus` (Campus, as its seed plays it), once a bonus has
//!   been taken in a turn, any bonus square (Chance, Community Chest, Joker, Go to Jail)
//!   reached later in that turn does nothing at all: no gain, no payment, no move, no jail.
//!   Without it, only the gains are withheld.
//! - Jail tries: `jail.max_tries` applies under both release rules (doubles and highest
//!   face); the counter saturates.
//! - Chains of card and Joker moves: validation refuses a board where one could loop, and
//!   the game stops a chain after `stats::model::MAX_CHAINED_MOVES` moves regardless.
//! - A bankrupt player owns and collects nothing: lots still to be handed over to a player
//!   who goes bankrupt half-way through a trade stay with their owner (in a bankruptcy
//!   transfer, they go to the bank).
//! - Selling the cheapest lot to the bank (sell-cheapest debts) first sells back every
//!   building of its group at the sell-back rate.
//! - Backward moves never pay the salary, even onto the start square.
//! - Taxes, station fees, fines, card payments and Joker losses go to the Free Parking
//!   jackpot when that house rule is on.
//! - Jokers (issue 31, [`game::Edition::JokerTurns`]): whoever lands on a Joker applies its
//!   effects (a gain, a loss, a payment to each player, a move or a wait) one at a time in
//!   the order they choose ([`game::Phase::JokerEffects`]); a debt or the square a move
//!   reaches is settled before the others are offered again; computers take the board's
//!   order. A Joker's wait holds the player as jail does: each waited turn they may pay the
//!   jail fine to leave, or roll (the jail's release rule frees them: doubles move them by
//!   the roll with no roll again), and build, mortgage and trade; a failed roll waits the
//!   turn out. A jail card does not free them; being sent to jail ends the wait. Landing on
//!   a wait ends the turn's rolls. Games saved before keep the first edition's rules
//!   (effects at once, waited turns skipped).
//! - Assets: a mortgaged lot counts its price less the mortgage owed.
//! - Trades: at most [`game::MAX_TRADE_OFFERS_PER_TURN`] offers per turn.

// The derive `TaggedDeserialize` names its runtime `::worlds_engine::tagged`, here too.
extern crate self as worlds_engine;

pub mod action;
pub mod board;
pub mod bots;
pub mod cards;
mod concerns;
pub mod envelope;
pub mod event;
#[cfg(feature = "fuzz")]
pub mod fuzz;
pub mod game;
pub mod ids;
pub mod movement;
mod narration;
pub mod presets;
pub mod refusal;
pub mod rules;
pub mod scenario;
pub mod share;
pub mod sorting;
pub mod stats;
pub mod tagged;

pub use action::{Action, RuleError, TradeOffer, TradeSide};
pub use board::{Board, BoardDef, BoardError, JokerEffect, JokerStep, SquareDef, SquareKind};
pub use bots::expert;
pub use bots::{strategy_by_name, Strategy};
pub use cards::{Card, CardDef, CardEffect, DeckKind};
pub use event::{Dice, Event, LogEntry, NoRentWhy, Owed, Party};
pub use game::{
    Buildings, ComputerStrategy, Edition, Game, GameRecord, GameSetup, HeldLot, Holdings,
    NetWorthPoint, Phase, Player, PublicError, PublicGame, PublicSetup, Seat, SeatKind,
    SquareState, Token,
};
pub use ids::{PlayerId, SquareId};
pub use presets::Preset;
pub use rules::RuleSet;
