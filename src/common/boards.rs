//! The boards a player can choose from, to play or to study: the presets, then the saved
//! worlds that pass the engine's checks.

use worlds_engine::{Board, Preset};

use crate::common::storage::{worlds, LocalStore};

/// A board on offer.
#[derive(Clone)]
pub struct BoardChoice {
    /// `preset:<id>` or `world:<id>`.
    pub id: String,
    pub name: String,
    /// A built-in preset (else one of the player's worlds).
    pub preset: bool,
    pub board: Board,
}

/// The presets, then the playable saved worlds; the message says why the saved worlds could
/// not be listed, if so (the presets are always there).
pub fn board_choices() -> (Vec<BoardChoice>, Option<String>) {
    let mut out: Vec<BoardChoice> = Preset::ALL
        .iter()
        .map(|p| BoardChoice {
            id: format!("preset:{}", p.id()),
            name: p.display_name().to_string(),
            preset: true,
            board: p.board(),
        })
        .collect();
    let saved = LocalStore::open().and_then(|s| {
        let list = worlds::list(&s)?;
        Ok(list
            .into_iter()
            .filter(|w| w.playable)
            .filter_map(|w| worlds::load(&s, &w.id).ok())
            .collect::<Vec<_>>())
    });
    match saved {
        Ok(saved) => {
            out.extend(saved.into_iter().filter_map(|w| {
                let name = w.def.name.clone();
                Board::from_def(w.def).ok().map(|board| BoardChoice {
                    id: format!("world:{}", w.id),
                    name,
                    preset: false,
                    board,
                })
            }));
            (out, None)
        }
        Err(e) => (
            out,
            Some(format!("Your saved worlds could not be listed: {e}")),
        ),
    }
}
