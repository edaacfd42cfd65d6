//! What the game, the bots and the tools ask a checked [`Board`]: its squares and groups,
//! the lots of a group (also as bit masks), the Jail, the decks, names resolved to squares,
//! and money written in the board's currency.

use super::{Board, BoardDef, Currency, GroupDef, SquareDef};
use crate::cards::{Card, DeckKind, SquareRef};
use crate::rules::RuleSet;

impl Board {
    pub fn def(&self) -> &BoardDef {
        &self.def
    }
    pub fn name(&self) -> &str {
        &self.def.name
    }
    pub fn currency(&self) -> &Currency {
        &self.def.currency
    }
    pub fn rules(&self) -> &RuleSet {
        &self.def.rules
    }
    pub fn squares(&self) -> &[SquareDef] {
        &self.def.squares
    }
    pub fn len(&self) -> usize {
        self.def.squares.len()
    }
    pub fn is_empty(&self) -> bool {
        self.def.squares.is_empty()
    }
    pub fn square(&self, i: usize) -> &SquareDef {
        &self.def.squares[i]
    }
    pub fn groups(&self) -> &[GroupDef] {
        &self.def.groups
    }
    /// The group index of a lot.
    pub fn group_of(&self, square: usize) -> Option<usize> {
        self.group_of.get(square).copied().flatten()
    }
    /// The lots of a group, in board order.
    pub fn group_lots(&self, group: usize) -> &[usize] {
        self.group_lots.get(group).map_or(&[], |v| v.as_slice())
    }
    /// The lots sharing the square's group, or just the square when it has none.
    pub fn lots_like(&self, square: usize) -> &[usize] {
        match self.group_of(square) {
            Some(g) => self.group_lots(g),
            None => self.indices.get(square).map_or(&[], std::slice::from_ref),
        }
    }
    /// The lots of a group as bits (bit `i`: square `i`).
    pub(crate) fn group_mask(&self, group: usize) -> u64 {
        self.group_masks.get(group).copied().unwrap_or(0)
    }
    /// The lots that take houses (a house cost and a full rent table), as bits.
    pub(crate) fn buildable_mask(&self) -> u64 {
        self.buildable
    }
    /// The Jail square.
    pub fn jail(&self) -> Option<usize> {
        self.jail
    }
    pub fn deck(&self, kind: DeckKind) -> &[Card] {
        match kind {
            DeckKind::Chance => &self.chance,
            DeckKind::CommunityChest => &self.community_chest,
        }
    }
    /// The first square with this exact name.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.def.squares.iter().position(|s| s.name == name)
    }
    /// Resolves a square named by index or name.
    pub fn resolve(&self, r: &SquareRef) -> Option<usize> {
        resolve_ref(&self.def, r)
    }
    /// Money as a table shows it on this board: `$200`, `-£50`, `☄300`.
    pub fn money(&self, amount: i64) -> String {
        self.def.currency.in_figures(amount)
    }
    /// Money as a sentence says it on this board: `$200`, but `300 meteors` where the symbol
    /// is not a money sign a reader knows (issue 31, point 4).
    pub fn money_words(&self, amount: i64) -> String {
        self.def.currency.in_words(amount)
    }
    /// What a hotel costs on a lot: its group's own hotel cost, else the lot's house cost.
    /// `None`: nothing can be built on it.
    pub fn hotel_cost(&self, square: usize) -> Option<i64> {
        let house = self.def.squares.get(square)?.house_cost()?;
        let group = self.group_of(square).and_then(|g| self.def.groups.get(g));
        Some(group.and_then(|g| g.hotel_cost).unwrap_or(house))
    }
    /// What the building that takes a lot from `level` buildings to the next costs: a house,
    /// or the hotel after four houses. `None`: nothing can be built on it.
    pub fn next_building_cost(&self, square: usize, level: u8) -> Option<i64> {
        if level >= 4 {
            self.hotel_cost(square)
        } else {
            self.def.squares.get(square)?.house_cost()
        }
    }
    /// What the building on a lot at `level` (5: the hotel) cost: the one sold back first.
    pub fn top_building_cost(&self, square: usize, level: u8) -> i64 {
        match level {
            0 => 0,
            l => self.next_building_cost(square, l - 1).unwrap_or(0),
        }
    }
    /// What every building on a lot at `level` (5: a hotel) cost together: the houses, and
    /// for a hotel four houses and the hotel.
    pub fn buildings_cost(&self, square: usize, level: u8) -> i64 {
        let Some(house) = self.def.squares.get(square).and_then(SquareDef::house_cost) else {
            return 0;
        };
        if level >= 5 {
            4 * house + self.hotel_cost(square).unwrap_or(house)
        } else {
            house * i64::from(level)
        }
    }
    /// The multiplier of an unimproved lot's rent when one owner holds its whole group
    /// ("rent with color set": 2 unless the group sets its own).
    pub fn whole_group_multiplier(&self, square: usize) -> i64 {
        self.group_of(square)
            .and_then(|g| self.def.groups.get(g))
            .map_or(super::DEFAULT_WHOLE_GROUP_MULTIPLIER, GroupDef::multiplier)
    }
    /// Indices of the ownable squares, in board order.
    pub fn lots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&i| self.def.squares[i].is_ownable())
    }
}

/// The square a card or a scenario names (by index or by exact name), if the board has it.
pub(super) fn resolve_ref(def: &BoardDef, r: &SquareRef) -> Option<usize> {
    match r {
        SquareRef::Index(i) => (*i < def.squares.len()).then_some(*i),
        SquareRef::Name(n) => def.squares.iter().position(|s| &s.name == n),
    }
}
