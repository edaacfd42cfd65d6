//! Ids of what players and squares are called by from the outside: [`PlayerId`] and
//! [`SquareId`], newtypes written as their bare numbers. Nothing here names another module,
//! so everything (actions, refusals, events, the game) can use them without a circle.

use serde::{Deserialize, Serialize};

/// A player: their seat's index in the setup (0-based), written as that number.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub usize);

impl PlayerId {
    /// The seat's index.
    pub fn index(self) -> usize {
        self.0
    }

    /// The `k`-th seat after this one at a table of `n` (wrapping round).
    pub fn after(self, k: usize, n: usize) -> PlayerId {
        PlayerId((self.0 + k) % n.max(1))
    }

    /// Every player at a table of `n`, in seat order.
    pub fn all(n: usize) -> impl Iterator<Item = PlayerId> {
        (0..n).map(PlayerId)
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A square of the board: its index (0-based, the start square is 0), written as that
/// number.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct SquareId(pub usize);

impl SquareId {
    /// The square's index.
    pub fn index(self) -> usize {
        self.0
    }
}

impl std::fmt::Display for SquareId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
