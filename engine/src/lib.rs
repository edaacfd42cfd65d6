//! Monopoly Worlds rules engine. Pure Rust: no web dependencies.
//!
//! - [`board`]: the board definition the editor saves ([`BoardDef`]) and its checked form
//!   ([`Board`]).
//! - [`rules`]: the [`RuleSet`], every rule and house rule as data.
//! - [`cards`]: Chance and Community Chest cards as data.
//! - [`presets`]: the four boards that ship with the game.

pub mod board;
pub mod cards;
pub mod presets;
pub mod rules;

pub use board::{Board, BoardDef, BoardError, SquareDef, SquareKind};
pub use cards::{Card, CardDef, CardEffect, DeckKind};
pub use presets::Preset;
pub use rules::RuleSet;
