//! Saved games: the autosave slot (written after every action, read by "Continue") and
//! named saves (listed, loaded, deleted, exported and imported as JSON files).
//!
//! - `autosave`: the game in progress.
//! - `save:<id>`: a named saved game.
//!
//! The game itself is any serde type `G` (the engine's `Game`): this module only stores it.
//! A named save that cannot be read is skipped by [`list`] and reported by
//! [`super::damaged::scan`]; a damaged autosave is copied aside before a new autosave
//! replaces it, so nothing is ever lost silently.

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use worlds_engine::envelope::{self, RecordKind};
use worlds_table::saved::SavedTable;

use super::local::{LocalStore, StorageError};

const AUTOSAVE: &str = "autosave";
const SAVE: &str = "save:";
const SAVE_KINDS: &[RecordKind] = &[RecordKind::Save];
/// The largest saved-game file [`import`] accepts.
pub const MAX_GAME_FILE_BYTES: usize = 4 * 1024 * 1024;

/// A saved game as stored: its name and the game, and for a game played at a table across
/// devices, that table (so a reload carries on at it). Saves written before tables were
/// kept have no `table` and read as `None`; a save without one is written as before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame<G> {
    pub name: String,
    pub game: G,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<SavedTable>,
}

/// A saved game as the list shows it (the game itself is not read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveSummary {
    /// The save's id; `"autosave"` for the autosave slot.
    pub id: String,
    pub name: String,
    /// When it was saved (milliseconds since 1970).
    pub saved_at: u64,
    /// Whether it was played at a table across devices or in a room (Continue then needs
    /// the game's code with online play).
    pub at_table: bool,
}

/// Whether a text is a readable saved game of type `G`.
pub(crate) fn readable<G: DeserializeOwned>(text: &str) -> bool {
    envelope::decode::<SavedGame<G>>(RecordKind::Save, text).is_ok()
}

/// A saved game's name, and whether it was played at a table, read without the game or the
/// table (the menu's Continue reads it in the light first code, which has no reader of tables).
#[derive(Deserialize)]
struct SaveHead {
    name: String,
    /// Skipped, but a save without a game is damaged, as before.
    #[allow(dead_code)]
    game: IgnoredAny,
    #[serde(default)]
    table: Option<IgnoredAny>,
}

fn summary_of(store: &LocalStore, name: &str, id: &str) -> Result<SaveSummary, StorageError> {
    let record = store.read_existing::<SaveHead>(name, SAVE_KINDS)?;
    Ok(SaveSummary {
        id: id.to_string(),
        name: record.data.name,
        saved_at: record.saved_at,
        at_table: record.data.table.is_some(),
    })
}

// ---------------------------------------------------------------- autosave

/// Writes the game in progress over the autosave. A damaged autosave is first copied aside
/// (listed by [`super::damaged::scan`]). When the browser's storage is full, the previous
/// autosave stays as it was and the error says so.
pub fn write_autosave<G: Serialize + DeserializeOwned>(
    store: &LocalStore,
    name: &str,
    game: &G,
    now: u64,
) -> Result<(), StorageError> {
    write_autosave_at_table(store, name, game, None, now)
}

/// [`write_autosave`] for a game played at a table across devices: the table is kept with
/// it (read back by [`read_autosave`] as [`SavedGame::table`]).
pub fn write_autosave_at_table<G: Serialize + DeserializeOwned>(
    store: &LocalStore,
    name: &str,
    game: &G,
    table: Option<SavedTable>,
    now: u64,
) -> Result<(), StorageError> {
    let aside = store.set_aside_if_damaged(AUTOSAVE, readable::<G>, now)?;
    let result = store.write_record(
        AUTOSAVE,
        RecordKind::Save,
        &SavedGame {
            name: name.to_string(),
            game,
            table,
        },
        now,
    );
    if result.is_err() {
        // The damaged autosave is still in place: the copy is not needed.
        if let Some(aside) = aside {
            let _ = store.remove(&aside);
        }
    }
    result
}

/// The game to continue: `Ok(None)` when there is no autosave.
pub fn read_autosave<G: DeserializeOwned>(
    store: &LocalStore,
) -> Result<Option<SavedGame<G>>, StorageError> {
    Ok(store
        .read_record::<SavedGame<G>>(AUTOSAVE, SAVE_KINDS)?
        .map(|r| r.data))
}

/// The autosave's name and time, without reading the game (for the "Continue" entry).
pub fn autosave_summary(store: &LocalStore) -> Result<Option<SaveSummary>, StorageError> {
    match summary_of(store, AUTOSAVE, AUTOSAVE) {
        Ok(summary) => Ok(Some(summary)),
        Err(StorageError::NotFound { .. }) => Ok(None),
        Err(other) => Err(other),
    }
}

/// Name of the copy kept aside of an autosave that reads but can no longer be replayed.
pub(crate) const UNPLAYABLE_AUTOSAVE: &str = "autosave-unplayable";

/// Moves an autosave that reads but cannot be replayed out of the way: its text is copied
/// aside (listed among the damaged entries, with Export and Delete) before the autosave is
/// removed, so the next game's autosave never overwrites it. Returns the copy's name.
pub fn set_aside_autosave(store: &LocalStore, now: u64) -> Result<Option<String>, StorageError> {
    let Some(text) = store.get(AUTOSAVE)? else {
        return Ok(None);
    };
    let base = format!("{}{UNPLAYABLE_AUTOSAVE}:{now}", super::local::ASIDE);
    let mut aside = base.clone();
    let mut n = 2;
    while store.contains(&aside)? {
        aside = format!("{base}-{n}");
        n += 1;
    }
    // The copy first: if it cannot be written, the autosave stays where it was.
    store.set(&aside, &text)?;
    store.remove(AUTOSAVE)?;
    Ok(Some(aside))
}

/// Removes the autosave (the game is over). A damaged autosave is left for the damaged list.
pub fn clear_autosave<G: DeserializeOwned>(store: &LocalStore) -> Result<(), StorageError> {
    match store.get(AUTOSAVE)? {
        Some(text) if readable::<G>(&text) => store.remove(AUTOSAVE),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------- named saves

/// Every readable named save, most recent first.
pub fn list(store: &LocalStore) -> Result<Vec<SaveSummary>, StorageError> {
    let mut saves = Vec::new();
    for id in store.ids_in(SAVE)? {
        if let Ok(summary) = summary_of(store, &format!("{SAVE}{id}"), &id) {
            saves.push(summary);
        }
    }
    worlds_engine::sorting::sort_by(&mut saves, |a, b| {
        b.saved_at.cmp(&a.saved_at).then(a.id.cmp(&b.id))
    });
    Ok(saves)
}

/// Saves a game under a new id.
pub fn save_new<G: Serialize>(
    store: &LocalStore,
    name: &str,
    game: &G,
    now: u64,
) -> Result<SaveSummary, StorageError> {
    let id = store.new_id(&[SAVE], now)?;
    write(store, &id, name, game, now)
}

/// Saves a game over the named save `id` (the player confirmed). Refuses to replace a save
/// that cannot be read: that one is only removed from the damaged list, on request.
pub fn save_over<G: Serialize + DeserializeOwned>(
    store: &LocalStore,
    id: &str,
    name: &str,
    game: &G,
    now: u64,
) -> Result<SaveSummary, StorageError> {
    match load::<G>(store, id) {
        Ok(_) | Err(StorageError::NotFound { .. }) => write(store, id, name, game, now),
        Err(other) => Err(other),
    }
}

fn write<G: Serialize>(
    store: &LocalStore,
    id: &str,
    name: &str,
    game: &G,
    now: u64,
) -> Result<SaveSummary, StorageError> {
    let saved = SavedGame {
        name: name.to_string(),
        game,
        table: None,
    };
    store.write_record(&format!("{SAVE}{id}"), RecordKind::Save, &saved, now)?;
    Ok(SaveSummary {
        id: id.to_string(),
        name: name.to_string(),
        saved_at: now,
        at_table: false,
    })
}

/// One named save.
pub fn load<G: DeserializeOwned>(
    store: &LocalStore,
    id: &str,
) -> Result<SavedGame<G>, StorageError> {
    Ok(store
        .read_existing::<SavedGame<G>>(&format!("{SAVE}{id}"), SAVE_KINDS)?
        .data)
}

/// Deletes a named save.
pub fn delete(store: &LocalStore, id: &str) -> Result<(), StorageError> {
    let name = format!("{SAVE}{id}");
    if !store.contains(&name)? {
        return Err(StorageError::NotFound {
            key: store.full_key(&name),
        });
    }
    store.remove(&name)
}

/// A named save as a JSON file to download.
pub fn export<G: Serialize + DeserializeOwned>(
    store: &LocalStore,
    id: &str,
) -> Result<String, StorageError> {
    let record = store.read_existing::<SavedGame<G>>(&format!("{SAVE}{id}"), SAVE_KINDS)?;
    envelope::encode(RecordKind::Save, &record.data, record.saved_at)
        .map_err(StorageError::Unwritable)
}

/// A game as a JSON file to download, without storing it.
pub fn export_game<G: Serialize>(name: &str, game: &G, now: u64) -> Result<String, StorageError> {
    let saved = SavedGame {
        name: name.to_string(),
        game,
        table: None,
    };
    envelope::encode(RecordKind::Save, &saved, now).map_err(StorageError::Unwritable)
}

/// Imports a saved-game file as a new named save. A refused file changes nothing stored and
/// says why.
pub fn import<G: Serialize + DeserializeOwned>(
    store: &LocalStore,
    text: &str,
    now: u64,
) -> Result<SaveSummary, StorageError> {
    if text.len() > MAX_GAME_FILE_BYTES {
        return Err(StorageError::FileTooLarge {
            bytes: text.len(),
            limit: MAX_GAME_FILE_BYTES,
        });
    }
    let text = text.trim_start_matches('\u{feff}');
    let saved = envelope::decode::<SavedGame<G>>(RecordKind::Save, text)
        .map_err(StorageError::GameRefused)?;
    save_new(store, &saved.name, &saved.game, now)
}
