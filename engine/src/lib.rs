//! Monopoly Worlds rules engine. Pure Rust: no web dependencies.
//!
//! - [`board`]: the board definition the editor saves ([`BoardDef`]) and its checked form
//!   ([`Board`]).
//! - [`rules`]: the [`RuleSet`], every rule and house rule as data.
//! - [`cards`]: Chance and Community Chest cards as data.
//! - [`presets`]: the four boards that ship with the game.
//! - [`game`]: the [`Game`] state, its setup, `apply`, `legal_actions` and accessors;
//!   [`action`] and [`event`]: what players ask for and what happened.
//! - [`bots`]: computer players.
//! - [`scenario`]: the scenario file format run by `worlds replay`.

pub mod action;
pub mod board;
pub mod bots;
pub mod cards;
pub mod event;
pub mod game;
mod play;
pub mod presets;
pub mod rules;
pub mod scenario;

pub use action::{Action, PlayerId, RuleError, TradeOffer, TradeSide};
pub use board::{Board, BoardDef, BoardError, SquareDef, SquareKind};
pub use bots::{strategy_by_name, Strategy};
pub use cards::{Card, CardDef, CardEffect, DeckKind};
pub use event::{Event, LogEntry, Party};
pub use game::{Game, GameSetup, Phase, Player, Seat, SeatKind, SquareState};
pub use presets::Preset;
pub use rules::RuleSet;
