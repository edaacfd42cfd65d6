//! Where a move asked for on this device goes: the session's [`Link`], a value (played
//! here, or handed to the table or room the game is played at, which hold their own
//! connection), and what became of it ([`Dispatched`]).

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
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

/// A connection's state shared by value (a room's or a table's: its screens, the session's
/// link and its callbacks each hold a copy of the handle): a cell, empty when there is no
/// connection, that outlives none of the page.
pub struct ConnCell<T: 'static>(StoredValue<Rc<RefCell<Option<T>>>, LocalStorage>);

impl<T: 'static> Clone for ConnCell<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for ConnCell<T> {}

impl<T: 'static> Default for ConnCell<T> {
    fn default() -> Self {
        ConnCell(StoredValue::new_local(Rc::default()))
    }
}

impl<T: 'static> ConnCell<T> {
    /// The cell itself (an empty one once the page's owner is gone).
    pub fn cell(self) -> Rc<RefCell<Option<T>>> {
        self.0.try_get_value().unwrap_or_default()
    }

    pub fn with_borrow<R>(self, f: impl FnOnce(&Option<T>) -> R) -> R {
        f(&self.cell().borrow())
    }

    pub fn with_borrow_mut<R>(self, f: impl FnOnce(&mut Option<T>) -> R) -> R {
        f(&mut self.cell().borrow_mut())
    }
}
