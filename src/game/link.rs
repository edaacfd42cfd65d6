//! Where a move asked for on this device goes: the session's [`Link`], a value (played
//! here, or handed to the table or room the game is played at, which hold their own
//! connection), and what became of it ([`Dispatched`]).

use std::rc::Rc;

use worlds_engine::Action;
use worlds_table::saved::SavedTable;

use crate::common::error::AppError;

/// Where a move asked for on this device went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dispatched {
    /// Applied to this device's game now.
    Applied,
    /// Sent to whoever holds the game (a table's host, a room's server): applied when it
    /// confirms it.
    Sent,
    /// Not applied: why (the game is untouched, and the reason shows).
    Refused(AppError),
}

impl Dispatched {
    /// Whether it was refused (neither applied nor sent).
    pub fn is_refused(&self) -> bool {
        matches!(self, Dispatched::Refused(_))
    }
}

/// Where a table or a room takes one of this device's moves.
pub enum Route {
    /// It is applied here now too (a host's own seats and computers).
    Here,
    /// It was sent; it is applied when whoever holds the game confirms it.
    Sent,
}

/// A table or a room this game is played at: where this device's moves go, and what the
/// autosave keeps of it. Implemented by values holding the table's or room's connection.
pub trait Remote {
    /// Takes one of this device's moves (`Err`: why it cannot go).
    fn route(&self, action: &Action) -> Result<Route, AppError>;
    /// What the autosave keeps of the table, so a reload carries on at it.
    fn saved(&self) -> Option<SavedTable>;
}

/// Where this device's moves go.
#[derive(Clone, Default)]
pub enum Link {
    /// Every move is applied here.
    #[default]
    Here,
    /// A table across devices or a room.
    Remote(Rc<dyn Remote>),
}
