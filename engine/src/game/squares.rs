//! The squares' states during a game: who owns each lot, whether it is mortgaged, what
//! stands on it ([`Buildings`]), kept by [`Squares`] together with the same facts as bits.

use serde::{Deserialize, Serialize};

use crate::action::PlayerId;

/// What stands on a lot: nothing, one to four houses, or a hotel. Written as the number of
/// houses with 5 for a hotel, as saves, scenarios and events always wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Buildings {
    #[default]
    None,
    /// One to four houses (made only by [`Buildings::from_level`] and the steps below).
    Houses(u8),
    Hotel,
}

impl Buildings {
    /// 0 to 4 houses, or 5 for a hotel; `None` above 5.
    pub fn from_level(level: u8) -> Option<Buildings> {
        match level {
            0 => Some(Buildings::None),
            1..=4 => Some(Buildings::Houses(level)),
            5 => Some(Buildings::Hotel),
            _ => None,
        }
    }

    /// The number of houses, 5 for a hotel.
    pub fn level(self) -> u8 {
        match self {
            Buildings::None => 0,
            Buildings::Houses(n) => n,
            Buildings::Hotel => 5,
        }
    }

    pub fn is_none(self) -> bool {
        self == Buildings::None
    }

    pub fn is_hotel(self) -> bool {
        self == Buildings::Hotel
    }

    /// One more building: a house, or the hotel that replaces four houses.
    pub fn one_more(self) -> Option<Buildings> {
        Buildings::from_level(self.level() + 1)
    }

    /// One building fewer: a house sold, or a hotel back to four houses.
    pub fn one_less(self) -> Option<Buildings> {
        self.level().checked_sub(1).and_then(Buildings::from_level)
    }
}

impl Serialize for Buildings {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.level())
    }
}

impl<'de> Deserialize<'de> for Buildings {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Buildings, D::Error> {
        let level = u8::deserialize(d)?;
        Buildings::from_level(level).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Unsigned(u64::from(level)),
                &"0 to 4 houses or 5 for a hotel",
            )
        })
    }
}

/// The state of one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SquareState {
    pub owner: Option<PlayerId>,
    /// What stands on the lot (written as `houses`: 5 means a hotel).
    #[serde(rename = "houses")]
    pub buildings: Buildings,
    pub mortgaged: bool,
    /// Received mortgaged with the 10% paid: lifting it before the owner's turn ends costs
    /// the mortgage value only.
    pub interest_paid: bool,
}

/// The squares' states, with who owns what and what is mortgaged also kept as bits (boards
/// have at most 60 squares), so that questions asked on every decision ("which lots are
/// mine", "is this group whole") take no scan of the board. Owners and mortgages change
/// only through the methods here; written and read as the plain list of states.
#[derive(Debug, Clone, Default)]
pub struct Squares {
    states: Vec<SquareState>,
    /// Per player id, the squares they own as bits.
    owned: Vec<u64>,
    mortgaged: u64,
}

impl Squares {
    pub(crate) fn new(states: Vec<SquareState>) -> Squares {
        let mut s = Squares {
            states: Vec::with_capacity(states.len()),
            owned: Vec::new(),
            mortgaged: 0,
        };
        for state in states {
            let i = s.states.len();
            s.states.push(SquareState::default());
            s.set_owner(i, state.owner);
            s.set_mortgaged(i, state.mortgaged);
            s.states[i].buildings = state.buildings;
            s.states[i].interest_paid = state.interest_paid;
        }
        s
    }

    fn bit(i: usize) -> u64 {
        if i < 64 {
            1 << i
        } else {
            0
        }
    }

    pub(crate) fn set_owner(&mut self, i: usize, owner: Option<PlayerId>) {
        let Some(state) = self.states.get_mut(i) else {
            return;
        };
        if let Some(old) = state.owner {
            if let Some(m) = self.owned.get_mut(old.0) {
                *m &= !Squares::bit(i);
            }
        }
        state.owner = owner;
        if let Some(new) = owner {
            if self.owned.len() <= new.0 {
                self.owned.resize(new.0 + 1, 0);
            }
            self.owned[new.0] |= Squares::bit(i);
        }
    }

    pub(crate) fn set_mortgaged(&mut self, i: usize, mortgaged: bool) {
        let Some(state) = self.states.get_mut(i) else {
            return;
        };
        state.mortgaged = mortgaged;
        if mortgaged {
            self.mortgaged |= Squares::bit(i);
        } else {
            self.mortgaged &= !Squares::bit(i);
        }
    }

    /// Back to the bank: no owner, no buildings, no mortgage.
    pub(crate) fn reset(&mut self, i: usize) {
        self.set_owner(i, None);
        self.set_mortgaged(i, false);
        if let Some(state) = self.states.get_mut(i) {
            *state = SquareState::default();
        }
    }

    pub(crate) fn set_buildings(&mut self, i: usize, buildings: Buildings) {
        if let Some(state) = self.states.get_mut(i) {
            state.buildings = buildings;
        }
    }

    pub(crate) fn set_interest_paid(&mut self, i: usize, paid: bool) {
        if let Some(state) = self.states.get_mut(i) {
            state.interest_paid = paid;
        }
    }

    /// Clears the "interest paid" mark of every lot `owner` holds.
    pub(crate) fn clear_interest_paid(&mut self, owner: PlayerId) {
        for s in self.states.iter_mut() {
            s.interest_paid &= s.owner != Some(owner);
        }
    }

    /// The squares `player` owns, as bits.
    pub fn owned_mask(&self, player: PlayerId) -> u64 {
        self.owned.get(player.0).copied().unwrap_or(0)
    }

    /// The mortgaged squares, as bits.
    pub fn mortgaged_mask(&self) -> u64 {
        self.mortgaged
    }
}

/// Equal when the states are: the bits follow from them.
impl PartialEq for Squares {
    fn eq(&self, other: &Squares) -> bool {
        self.states == other.states
    }
}

impl Eq for Squares {}

impl std::ops::Deref for Squares {
    type Target = [SquareState];
    fn deref(&self) -> &[SquareState] {
        &self.states
    }
}

impl Serialize for Squares {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.states.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Squares {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Squares, D::Error> {
        Vec::<SquareState>::deserialize(d).map(Squares::new)
    }
}
