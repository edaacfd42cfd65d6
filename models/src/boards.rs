//! Which board a player chose: a preset, one of their saved worlds, a world opened from a link,
//! or (in the lab) the board open in the editor or the game. One typed value instead of the
//! strings `preset:classic`, `world:<id>`, `link` and `editing`, which stay its written form
//! (in the page, in storage and in what one page hands another).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use worlds_engine::Preset;

/// A board chosen to play or to study.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum BoardChoice {
    /// A built-in board.
    Preset(Preset),
    /// A saved world, by its id in the device's storage.
    World(String),
    /// A world opened from a link and not saved.
    Link,
    /// The board open in the Board Maker or in the game (the lab studies it).
    Editing,
}

impl BoardChoice {
    /// What kind of board it is, as the lobby's card says ("Preset", "Your world", "From a
    /// link", "Being edited").
    pub fn kind_label(&self) -> &'static str {
        match self {
            BoardChoice::Preset(_) => "Preset",
            BoardChoice::World(_) => "Your world",
            BoardChoice::Link => "From a link",
            BoardChoice::Editing => "Being edited",
        }
    }

    /// A built-in board.
    pub fn is_preset(&self) -> bool {
        matches!(self, BoardChoice::Preset(_))
    }
}

impl fmt::Display for BoardChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardChoice::Preset(p) => write!(f, "preset:{}", p.id()),
            BoardChoice::World(id) => write!(f, "world:{id}"),
            BoardChoice::Link => f.write_str("link"),
            BoardChoice::Editing => f.write_str("editing"),
        }
    }
}

/// A written board choice that names no board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownBoard(pub String);

impl fmt::Display for UnknownBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "There is no board called \"{}\".", self.0)
    }
}

impl std::error::Error for UnknownBoard {}

impl FromStr for BoardChoice {
    type Err = UnknownBoard;

    fn from_str(s: &str) -> Result<BoardChoice, UnknownBoard> {
        let unknown = || UnknownBoard(s.to_string());
        match s {
            "link" => Ok(BoardChoice::Link),
            "editing" => Ok(BoardChoice::Editing),
            _ => {
                if let Some(id) = s.strip_prefix("preset:") {
                    Preset::from_id(id)
                        .map(BoardChoice::Preset)
                        .ok_or_else(unknown)
                } else if let Some(id) = s.strip_prefix("world:").filter(|id| !id.is_empty()) {
                    Ok(BoardChoice::World(id.to_string()))
                } else {
                    Err(unknown())
                }
            }
        }
    }
}

impl From<BoardChoice> for String {
    fn from(c: BoardChoice) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for BoardChoice {
    type Error = UnknownBoard;

    fn try_from(s: String) -> Result<BoardChoice, UnknownBoard> {
        s.parse()
    }
}
