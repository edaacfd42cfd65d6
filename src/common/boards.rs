//! The boards a player can choose from, to play or to study: the presets, then the saved
//! worlds that pass the engine's checks.

use worlds_engine::{Board, Preset};
pub use worlds_models::boards::BoardChoice;

use crate::common::storage::{worlds, LocalStore};

/// A board on offer.
#[derive(Clone)]
pub struct BoardOffer {
    /// A preset or a saved world.
    pub choice: BoardChoice,
    pub name: String,
    pub board: Board,
}

/// The presets, then the playable saved worlds; the message says why the saved worlds could
/// not be listed, if so (the presets are always there).
pub fn offered_boards() -> (Vec<BoardOffer>, Option<String>) {
    let mut out: Vec<BoardOffer> = Preset::ALL
        .iter()
        .map(|p| BoardOffer {
            choice: BoardChoice::Preset(*p),
            name: p.display_name().to_string(),
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
                Board::from_def(w.def).ok().map(|board| BoardOffer {
                    choice: BoardChoice::World(w.id),
                    name,
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
