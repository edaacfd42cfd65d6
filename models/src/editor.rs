//! The Board Maker's model: the board being edited and every edit a player can make, as a
//! plain Rust type with ordinary methods, kept apart from the components (so it can be tested
//! without a screen).
//!
//! The model only edits a [`BoardDef`]; whether the result is a playable board is the
//! engine's call ([`Board::from_def`], shown live as [`EditorState::problems`]). An invalid
//! board can still be kept (storage saves it as a draft). The few refusals here are about
//! editing itself: the start square is fixed, the board keeps between 10 and 60 squares, a
//! new color group needs a free name.

use worlds_engine::board::{GroupDef, PawnDef, MAX_PAWNS, MAX_SQUARES, MIN_SQUARES};
use worlds_engine::cards::{CardEffect, SquareRef};
use worlds_engine::{Board, BoardDef, BoardError, Preset, RuleSet, SquareDef, SquareKind};

/// Where the board being edited came from, which decides what "Save" does.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// A new world from the Worlds template, never saved.
    New,
    /// A copy of a built-in board (presets are read-only: saving makes a new world).
    Preset(#[serde(with = "preset_id")] Preset),
    /// A saved world: "Save" writes over it (after asking).
    Saved { id: String },
}

/// A built-in board by its id ("classic"), for an editing session kept while the lab is open.
mod preset_id {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use worlds_engine::Preset;

    pub fn serialize<S: Serializer>(preset: &Preset, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(preset.id())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Preset, D::Error> {
        let id = String::deserialize(d)?;
        Preset::from_id(&id).ok_or_else(|| D::Error::custom(format!("no built-in board {id}")))
    }
}

/// What a square can be turned into. The start square is fixed and is not one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareType {
    Property,
    Railroad,
    Utility,
    Station,
    Tax,
    Chance,
    CommunityChest,
    Joker,
    GoToJail,
    Jail,
    FreeParking,
    Road,
}

impl SquareType {
    pub const ALL: [SquareType; 12] = [
        SquareType::Property,
        SquareType::Railroad,
        SquareType::Utility,
        SquareType::Station,
        SquareType::Tax,
        SquareType::Chance,
        SquareType::CommunityChest,
        SquareType::Joker,
        SquareType::GoToJail,
        SquareType::Jail,
        SquareType::FreeParking,
        SquareType::Road,
    ];

    /// What a player calls it.
    pub fn label(self) -> &'static str {
        match self {
            SquareType::Property => "Property",
            SquareType::Railroad => "Railroad",
            SquareType::Utility => "Utility",
            SquareType::Station => "Station",
            SquareType::Tax => "Tax",
            SquareType::Chance => "Chance",
            SquareType::CommunityChest => "Community Chest",
            SquareType::Joker => "Joker",
            SquareType::GoToJail => "Go To Jail",
            SquareType::Jail => "Jail",
            SquareType::FreeParking => "Free Parking",
            SquareType::Road => "Road",
        }
    }

    /// A stable id (the value of the type picker's options).
    pub fn id(self) -> &'static str {
        match self {
            SquareType::Property => "property",
            SquareType::Railroad => "railroad",
            SquareType::Utility => "utility",
            SquareType::Station => "station",
            SquareType::Tax => "tax",
            SquareType::Chance => "chance",
            SquareType::CommunityChest => "community_chest",
            SquareType::Joker => "joker",
            SquareType::GoToJail => "go_to_jail",
            SquareType::Jail => "jail",
            SquareType::FreeParking => "free_parking",
            SquareType::Road => "road",
        }
    }

    pub fn from_id(id: &str) -> Option<SquareType> {
        SquareType::ALL.into_iter().find(|t| t.id() == id)
    }

    /// The type of a square; `None` for the start square.
    pub fn of(kind: &SquareKind) -> Option<SquareType> {
        Some(match kind {
            SquareKind::Start => return None,
            SquareKind::Property { .. } => SquareType::Property,
            SquareKind::Railroad { .. } => SquareType::Railroad,
            SquareKind::Utility { .. } => SquareType::Utility,
            SquareKind::Station { .. } => SquareType::Station,
            SquareKind::Tax { .. } => SquareType::Tax,
            SquareKind::Chance => SquareType::Chance,
            SquareKind::CommunityChest => SquareType::CommunityChest,
            SquareKind::Joker { .. } => SquareType::Joker,
            SquareKind::GoToJail => SquareType::GoToJail,
            SquareKind::Jail => SquareType::Jail,
            SquareKind::FreeParking => SquareType::FreeParking,
            SquareKind::Road => SquareType::Road,
        })
    }

    /// Whether a square of this type shows a picture the player can set.
    pub fn has_picture(self) -> bool {
        matches!(
            self,
            SquareType::Joker | SquareType::Chance | SquareType::CommunityChest
        )
    }
}

/// A square turned into another type: the new type's usual values, keeping the price of an
/// ownable square and the first color group for a new property.
pub fn retype(kind: &SquareKind, to: SquareType, groups: &[GroupDef]) -> SquareKind {
    let price = match kind {
        SquareKind::Property { price, .. }
        | SquareKind::Railroad { price, .. }
        | SquareKind::Utility { price, .. } => Some(*price),
        _ => None,
    };
    if SquareType::of(kind) == Some(to) {
        return kind.clone();
    }
    match to {
        SquareType::Property => SquareKind::Property {
            price: price.unwrap_or(100),
            rents: vec![6, 30, 90, 270, 400, 550],
            house_cost: 50,
            group: groups.first().map(|g| g.name.clone()),
        },
        SquareType::Railroad => SquareKind::Railroad {
            price: price.unwrap_or(200),
            rents: vec![25, 50, 100, 200],
        },
        SquareType::Utility => SquareKind::Utility {
            price: price.unwrap_or(150),
            multipliers: vec![4, 10],
        },
        SquareType::Station => SquareKind::Station { fee_per_pip: 10 },
        SquareType::Tax => SquareKind::Tax {
            amount: 100,
            percent: 0,
            percent_on_double: None,
        },
        SquareType::Chance => SquareKind::Chance,
        SquareType::CommunityChest => SquareKind::CommunityChest,
        SquareType::Joker => SquareKind::Joker {
            move_by: 0,
            wait: 0,
            money: 0,
            pay_each_player: 0,
        },
        SquareType::GoToJail => SquareKind::GoToJail,
        SquareType::Jail => SquareKind::Jail,
        SquareType::FreeParking => SquareKind::FreeParking,
        SquareType::Road => SquareKind::Road,
    }
}

/// Why an edit was refused. The message can be shown to the player as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    NoSuchSquare {
        square: usize,
    },
    /// The first square is always the start square, and no other square can be one.
    StartIsFixed,
    TooFewSquares,
    TooManySquares,
    GroupNeedsName,
    GroupExists {
        name: String,
    },
    NoSuchGroup {
        name: String,
    },
    GroupInUse {
        name: String,
        lots: usize,
    },
    TooManyPawns,
    NoSuchPawn {
        pawn: usize,
    },
    NothingToUndo,
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::NoSuchSquare { square } => {
                write!(f, "There is no square {} on this board.", square + 1)
            }
            EditError::StartIsFixed => write!(
                f,
                "The start square is fixed: it is always the first square, and there is only one."
            ),
            EditError::TooFewSquares => write!(
                f,
                "A board needs at least {MIN_SQUARES} squares; this one cannot lose another."
            ),
            EditError::TooManySquares => {
                write!(f, "A board has at most {MAX_SQUARES} squares.")
            }
            EditError::GroupNeedsName => write!(f, "The new group needs a name."),
            EditError::GroupExists { name } => {
                write!(f, "There is already a group called \"{name}\".")
            }
            EditError::NoSuchGroup { name } => write!(f, "There is no group called \"{name}\"."),
            EditError::GroupInUse { name, lots } => write!(
                f,
                "The group \"{name}\" still has {lots} lot{}; give them another group first.",
                if *lots == 1 { "" } else { "s" }
            ),
            EditError::TooManyPawns => {
                write!(f, "A board has at most {MAX_PAWNS} pawn pictures.")
            }
            EditError::NoSuchPawn { pawn } => write!(f, "There is no pawn {}.", pawn + 1),
            EditError::NothingToUndo => write!(f, "There is nothing to undo."),
        }
    }
}

impl std::error::Error for EditError {}

/// Longest undo history kept (older steps are forgotten).
const MAX_HISTORY: usize = 200;

/// The board being edited, where it came from, and the unsaved changes (for undo and for
/// asking before they are lost).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EditorState {
    def: BoardDef,
    origin: Origin,
    /// The board as last saved (or as opened): unsaved changes are the difference.
    saved: BoardDef,
    /// The board before each unsaved change, oldest first.
    history: Vec<BoardDef>,
    /// The field the last change was made to: typing in one field is one undo step.
    last_field: Option<String>,
}

impl EditorState {
    fn with(def: BoardDef, origin: Origin) -> EditorState {
        EditorState {
            saved: def.clone(),
            def,
            origin,
            history: Vec::new(),
            last_field: None,
        }
    }

    /// A new world from the Worlds template.
    pub fn new_world() -> EditorState {
        let mut def = Preset::Worlds.board_def();
        def.name = "New world".to_string();
        EditorState::with(def, Origin::New)
    }

    /// A copy of a built-in board (presets are templates: saving makes a new world).
    pub fn from_preset(preset: Preset) -> EditorState {
        let mut def = preset.board_def();
        def.name = format!("{} (copy)", preset.display_name());
        EditorState::with(def, Origin::Preset(preset))
    }

    /// A saved world, to be saved over.
    pub fn open_saved(id: &str, def: BoardDef) -> EditorState {
        EditorState::with(def, Origin::Saved { id: id.to_string() })
    }

    pub fn def(&self) -> &BoardDef {
        &self.def
    }

    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The id of the saved world being edited, if it is one.
    pub fn saved_id(&self) -> Option<&str> {
        match &self.origin {
            Origin::Saved { id } => Some(id),
            _ => None,
        }
    }

    /// The same session without its undo steps (to keep it where space is short).
    pub fn without_history(&self) -> EditorState {
        EditorState {
            history: Vec::new(),
            ..self.clone()
        }
    }

    /// Whether there are changes that were not saved.
    pub fn is_dirty(&self) -> bool {
        self.def != self.saved
    }

    /// Every problem the engine finds with the board (none: it can be played).
    pub fn problems(&self) -> Vec<BoardError> {
        problems_of(&self.def)
    }

    pub fn is_playable(&self) -> bool {
        Board::from_def(self.def.clone()).is_ok()
    }

    /// The board was saved under `id`: it is now a saved world with no unsaved changes.
    pub fn mark_saved(&mut self, id: &str) {
        self.origin = Origin::Saved { id: id.to_string() };
        self.saved = self.def.clone();
        self.history.clear();
        self.last_field = None;
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Takes back the last unsaved change.
    pub fn undo(&mut self) -> Result<(), EditError> {
        let previous = self.history.pop().ok_or(EditError::NothingToUndo)?;
        self.def = previous;
        self.last_field = None;
        Ok(())
    }

    /// Drops every unsaved change.
    pub fn revert(&mut self) {
        self.def = self.saved.clone();
        self.history.clear();
        self.last_field = None;
    }

    /// Records the board before a change. Changes to the same `field` in a row (typing a
    /// name) are one step; `None` always starts a new step.
    fn checkpoint(&mut self, field: Option<&str>) {
        let same = field.is_some() && self.last_field.as_deref() == field;
        if !same {
            self.history.push(self.def.clone());
            if self.history.len() > MAX_HISTORY {
                self.history.remove(0);
            }
        }
        self.last_field = field.map(str::to_string);
    }

    /// Changes a board setting (`field` names it, so typing is one undo step).
    pub fn edit(&mut self, field: &str, change: impl FnOnce(&mut BoardDef)) {
        let mut next = self.def.clone();
        change(&mut next);
        if next != self.def {
            self.checkpoint(Some(field));
            self.def = next;
        }
    }

    pub fn set_name(&mut self, name: &str) {
        self.edit("name", |d| d.name = name.to_string());
    }

    /// Changes the rule set.
    pub fn edit_rules(&mut self, field: &str, change: impl FnOnce(&mut RuleSet)) {
        self.edit(&format!("rules.{field}"), |d| change(&mut d.rules));
    }

    /// Takes every rule from a built-in board.
    pub fn copy_rules_from(&mut self, preset: Preset) {
        let rules = preset.board_def().rules;
        self.edit(&format!("copy-rules-{}", preset.id()), |d| d.rules = rules);
        self.last_field = None;
    }

    /// Replaces square `index` with `square` (the square panel's "Done"). A renamed square
    /// keeps the cards that send players to it: their references and texts follow the name.
    pub fn set_square(&mut self, index: usize, square: SquareDef) -> Result<(), EditError> {
        let old = self
            .def
            .squares
            .get(index)
            .ok_or(EditError::NoSuchSquare { square: index })?;
        let was_start = old.kind == SquareKind::Start;
        let is_start = square.kind == SquareKind::Start;
        if index == 0 && !is_start || index != 0 && is_start && !was_start {
            return Err(EditError::StartIsFixed);
        }
        if *old == square {
            return Ok(());
        }
        let old_name = old.name.clone();
        self.checkpoint(None);
        if old_name != square.name {
            rename_card_targets(&mut self.def, &old_name, &square.name);
        }
        self.def.squares[index] = square;
        Ok(())
    }

    /// Inserts a road at `index` (1 to the board length) and returns its index.
    pub fn add_square(&mut self, index: usize) -> Result<usize, EditError> {
        let len = self.def.squares.len();
        if len >= MAX_SQUARES {
            return Err(EditError::TooManySquares);
        }
        if index == 0 {
            return Err(EditError::StartIsFixed);
        }
        let index = index.min(len);
        self.checkpoint(None);
        self.def
            .squares
            .insert(index, SquareDef::new("Road", SquareKind::Road));
        shift_card_indices(&mut self.def, |i| {
            if i >= index {
                Some(i + 1)
            } else {
                Some(i)
            }
        });
        Ok(index)
    }

    /// Removes square `index` (never the start).
    pub fn remove_square(&mut self, index: usize) -> Result<(), EditError> {
        let len = self.def.squares.len();
        if index >= len {
            return Err(EditError::NoSuchSquare { square: index });
        }
        if index == 0 {
            return Err(EditError::StartIsFixed);
        }
        if len <= MIN_SQUARES {
            return Err(EditError::TooFewSquares);
        }
        self.checkpoint(None);
        self.def.squares.remove(index);
        // A card that pointed at the removed square keeps pointing past the end, so the
        // engine reports it instead of the card silently moving to a neighbour.
        let end = len;
        shift_card_indices(&mut self.def, |i| match i.cmp(&index) {
            std::cmp::Ordering::Less => Some(i),
            std::cmp::Ordering::Equal => Some(end),
            std::cmp::Ordering::Greater => Some(i - 1),
        });
        Ok(())
    }

    /// Moves square `from` to position `to` (the squares between shift by one) and returns
    /// where it is now. The start square stays first: it cannot move, and nothing can take
    /// its place. Cards that send players to a square by its number follow it.
    pub fn move_square(&mut self, from: usize, to: usize) -> Result<usize, EditError> {
        let len = self.def.squares.len();
        for i in [from, to] {
            if i >= len {
                return Err(EditError::NoSuchSquare { square: i });
            }
        }
        if from == 0 || to == 0 {
            return Err(EditError::StartIsFixed);
        }
        if from == to {
            return Ok(to);
        }
        self.checkpoint(None);
        let square = self.def.squares.remove(from);
        self.def.squares.insert(to, square);
        shift_card_indices(&mut self.def, |i| {
            Some(if i == from {
                to
            } else if from < to && (from + 1..=to).contains(&i) {
                i - 1
            } else if to < from && (to..from).contains(&i) {
                i + 1
            } else {
                i
            })
        });
        Ok(to)
    }

    /// Moves square `index` one place back in the order of play ("Move left"). The board
    /// is a ring with the start fixed: the square after the start goes round to the end.
    pub fn move_left(&mut self, index: usize) -> Result<usize, EditError> {
        let len = self.def.squares.len();
        let to = match index {
            0 => return Err(EditError::StartIsFixed),
            1 => len - 1,
            i => i - 1,
        };
        self.move_square(index, to)
    }

    /// Moves square `index` one place on in the order of play ("Move right"); the last
    /// square goes round to just after the start.
    pub fn move_right(&mut self, index: usize) -> Result<usize, EditError> {
        let len = self.def.squares.len();
        let to = if index + 1 == len { 1 } else { index + 1 };
        self.move_square(index, to)
    }

    /// Creates a color group and returns its name (trimmed).
    pub fn new_group(&mut self, name: &str, color: &str) -> Result<String, EditError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(EditError::GroupNeedsName);
        }
        if self.def.groups.iter().any(|g| g.name == name) {
            return Err(EditError::GroupExists {
                name: name.to_string(),
            });
        }
        self.checkpoint(None);
        self.def.groups.push(GroupDef::new(name, color.trim()));
        Ok(name.to_string())
    }

    /// Renames a group; its lots follow.
    pub fn rename_group(&mut self, old: &str, new: &str) -> Result<(), EditError> {
        let new = new.trim();
        if new.is_empty() {
            return Err(EditError::GroupNeedsName);
        }
        if !self.def.groups.iter().any(|g| g.name == old) {
            return Err(EditError::NoSuchGroup {
                name: old.to_string(),
            });
        }
        if old == new {
            return Ok(());
        }
        if self.def.groups.iter().any(|g| g.name == new) {
            return Err(EditError::GroupExists {
                name: new.to_string(),
            });
        }
        self.checkpoint(None);
        for g in &mut self.def.groups {
            if g.name == old {
                g.name = new.to_string();
            }
        }
        for sq in &mut self.def.squares {
            if let SquareKind::Property { group: Some(g), .. } = &mut sq.kind {
                if g == old {
                    *g = new.to_string();
                }
            }
        }
        Ok(())
    }

    pub fn set_group_color(&mut self, name: &str, color: &str) -> Result<(), EditError> {
        let at = self.group_index(name)?;
        self.edit(&format!("group-color.{name}"), |d| {
            d.groups[at].color = color.to_string()
        });
        Ok(())
    }

    /// Sets the house cost of every lot of a group ("building costs per group").
    pub fn set_group_house_cost(&mut self, name: &str, cost: i64) -> Result<(), EditError> {
        self.group_index(name)?;
        self.edit(&format!("group-house.{name}"), |d| {
            for sq in &mut d.squares {
                if let SquareKind::Property {
                    group: Some(g),
                    house_cost,
                    ..
                } = &mut sq.kind
                {
                    if g == name {
                        *house_cost = cost;
                    }
                }
            }
        });
        Ok(())
    }

    /// Sets (or clears: the house cost) what a hotel costs on the lots of a group. The
    /// engine refuses a price below 1 as a problem of the board, shown while editing.
    pub fn set_group_hotel_cost(&mut self, name: &str, cost: Option<i64>) -> Result<(), EditError> {
        let at = self.group_index(name)?;
        self.edit(&format!("group-hotel.{name}"), |d| {
            d.groups[at].hotel_cost = cost
        });
        Ok(())
    }

    /// Sets (or clears: 2) the multiplier of an unimproved lot's rent when one owner holds
    /// the whole group ("rent with color set"). The engine allows 1 to 10.
    pub fn set_group_multiplier(
        &mut self,
        name: &str,
        multiplier: Option<i64>,
    ) -> Result<(), EditError> {
        let at = self.group_index(name)?;
        self.edit(&format!("group-multiplier.{name}"), |d| {
            d.groups[at].whole_group_multiplier = multiplier
        });
        Ok(())
    }

    /// Removes a group no lot belongs to.
    pub fn remove_group(&mut self, name: &str) -> Result<(), EditError> {
        let at = self.group_index(name)?;
        let lots = self.group_lots(name);
        if lots > 0 {
            return Err(EditError::GroupInUse {
                name: name.to_string(),
                lots,
            });
        }
        self.checkpoint(None);
        self.def.groups.remove(at);
        Ok(())
    }

    /// How many lots belong to a group.
    pub fn group_lots(&self, name: &str) -> usize {
        self.def
            .squares
            .iter()
            .filter(|s| matches!(&s.kind, SquareKind::Property { group: Some(g), .. } if g == name))
            .count()
    }

    fn group_index(&self, name: &str) -> Result<usize, EditError> {
        self.def
            .groups
            .iter()
            .position(|g| g.name == name)
            .ok_or(EditError::NoSuchGroup {
                name: name.to_string(),
            })
    }

    /// Sets every lot's house cost to `percent` % of its price ("building costs as a % of
    /// the price"), rounded to a whole amount. Lots without a house rent table keep theirs.
    pub fn set_house_cost_percent(&mut self, percent: u32) {
        self.checkpoint(None);
        for sq in &mut self.def.squares {
            if let SquareKind::Property {
                price,
                rents,
                house_cost,
                ..
            } = &mut sq.kind
            {
                if rents.len() == 6 {
                    *house_cost = price.saturating_mul(i64::from(percent)) / 100;
                }
            }
        }
        self.drop_empty_step();
    }

    /// Multiplies every rent (lots and railroads) by `percent` % ("rent multiplier").
    pub fn scale_rents(&mut self, percent: u32) {
        self.checkpoint(None);
        let scale = |r: &mut i64| *r = r.saturating_mul(i64::from(percent)) / 100;
        for sq in &mut self.def.squares {
            match &mut sq.kind {
                SquareKind::Property { rents, .. } | SquareKind::Railroad { rents, .. } => {
                    rents.iter_mut().for_each(scale)
                }
                _ => {}
            }
        }
        self.drop_empty_step();
    }

    /// Forgets the last checkpoint when the change it was taken for changed nothing.
    fn drop_empty_step(&mut self) {
        if self.history.last() == Some(&self.def) {
            self.history.pop();
        }
    }

    /// Sets (or clears) the board picture.
    pub fn set_picture(&mut self, picture: Option<String>) {
        self.edit("picture", |d| d.picture = picture);
        self.last_field = None;
    }

    /// Adds a pawn picture.
    pub fn add_pawn(&mut self, name: &str, picture: String) -> Result<usize, EditError> {
        if self.def.pawns.len() >= MAX_PAWNS {
            return Err(EditError::TooManyPawns);
        }
        self.checkpoint(None);
        self.def.pawns.push(PawnDef {
            name: name.to_string(),
            picture,
        });
        Ok(self.def.pawns.len() - 1)
    }

    pub fn rename_pawn(&mut self, pawn: usize, name: &str) -> Result<(), EditError> {
        if pawn >= self.def.pawns.len() {
            return Err(EditError::NoSuchPawn { pawn });
        }
        self.edit(&format!("pawn.{pawn}"), |d| {
            d.pawns[pawn].name = name.to_string()
        });
        Ok(())
    }

    pub fn remove_pawn(&mut self, pawn: usize) -> Result<(), EditError> {
        if pawn >= self.def.pawns.len() {
            return Err(EditError::NoSuchPawn { pawn });
        }
        self.checkpoint(None);
        self.def.pawns.remove(pawn);
        Ok(())
    }
}

/// Every problem the engine finds with a board definition.
pub fn problems_of(def: &BoardDef) -> Vec<BoardError> {
    Board::from_def(def.clone()).err().unwrap_or_default()
}

/// What is allowed but probably not meant, in words: a group with a single lot (its owner
/// holds the whole group at once and can build on it straight away). Warnings never stop a
/// world from being saved or played.
pub fn warnings_of(def: &BoardDef) -> Vec<String> {
    def.groups
        .iter()
        .filter(|g| {
            def.squares
                .iter()
                .filter(|s| matches!(&s.kind, SquareKind::Property { group: Some(n), .. } if *n == g.name))
                .count()
                == 1
        })
        .map(|g| {
            let mut name = g.name.chars();
            let name = match name.next() {
                Some(first) => first.to_uppercase().chain(name).collect::<String>(),
                None => String::new(),
            };
            format!("{name} has only one lot: its owner can build on it at once.")
        })
        .collect()
}

/// Cards that name `old` (by name, and in their text) name `new` instead.
fn rename_card_targets(def: &mut BoardDef, old: &str, new: &str) {
    // Only follow the rename when the old name was unique: otherwise the cards may mean
    // another square of that name.
    if old.is_empty() || def.squares.iter().filter(|s| s.name == old).count() != 1 {
        return;
    }
    for card in cards_mut(def) {
        if let CardEffect::AdvanceTo {
            square: SquareRef::Name(n),
        } = &mut card.effect
        {
            if n == old {
                *n = new.to_string();
                card.text = card.text.replace(old, new);
            }
        }
    }
}

/// Every card of the board's own decks (none when it plays the classic ones).
fn cards_mut(def: &mut BoardDef) -> impl Iterator<Item = &mut worlds_engine::cards::CardDef> {
    def.decks
        .iter_mut()
        .flat_map(|d| d.chance.iter_mut().chain(d.community_chest.iter_mut()))
}

/// Re-points cards that name squares by index after squares moved.
fn shift_card_indices(def: &mut BoardDef, map: impl Fn(usize) -> Option<usize>) {
    for card in cards_mut(def) {
        if let CardEffect::AdvanceTo {
            square: SquareRef::Index(i),
        } = &mut card.effect
        {
            if let Some(to) = map(*i) {
                *i = to;
            }
        }
    }
}
