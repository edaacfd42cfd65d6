//! The boards that ship with the game, embedded as the same JSON the editor saves.

use std::sync::OnceLock;

use crate::board::{Board, BoardDef};

/// A built-in board with its rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    Classic,
    Mini,
    Campus,
    Worlds,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Classic,
        Preset::Mini,
        Preset::Campus,
        Preset::Worlds,
    ];

    /// The id used in scenario files, URLs and saved games.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::Mini => "mini",
            Preset::Campus => "campus",
            Preset::Worlds => "worlds",
        }
    }

    pub fn display_name(self) -> &'static str {
        match self {
            Preset::Classic => "Classic",
            Preset::Mini => "Mini",
            Preset::Campus => "Campus",
            Preset::Worlds => "Worlds",
        }
    }

    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The preset's JSON file, exactly as shipped.
    pub fn json(self) -> &'static str {
        match self {
            Preset::Classic => include_str!("../presets/classic.json"),
            Preset::Mini => include_str!("../presets/mini.json"),
            Preset::Campus => include_str!("../presets/campus.json"),
            Preset::Worlds => include_str!("../presets/worlds.json"),
        }
    }

    /// The editable definition.
    pub fn board_def(self) -> BoardDef {
        // The files are part of the build and covered by tests: a failure here is a bug in
        // the shipped data, not in user input.
        serde_json::from_str(self.json()).expect("preset board files are valid JSON")
    }

    /// The checked board. Read and checked once per process, then copied.
    pub fn board(self) -> Board {
        static BOARDS: [OnceLock<Board>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let i = Preset::ALL.iter().position(|&p| p == self).unwrap_or(0);
        BOARDS[i]
            .get_or_init(|| Board::from_def(self.board_def()).expect("preset boards are valid"))
            .clone()
    }
}
