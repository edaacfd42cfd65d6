//! Saved worlds (boards made in the Board Maker), their drafts, and the trash.
//!
//! - `world:<id>`: a world, kind `world` when it passes the engine's checks (playable) or
//!   `draft` when it does not yet (kept, listed, editable, not playable).
//! - `trash:<id>`: a deleted world ([`TrashedWorld`]), until it is restored or deleted
//!   forever.
//!
//! A record that cannot be read is skipped by the lists here and reported by
//! [`super::damaged::scan`]; nothing here ever removes or overwrites one.

use serde::{Deserialize, Serialize};
use worlds_engine::envelope::{self, RecordKind};
use worlds_engine::{Board, BoardDef};

use super::local::{LocalStore, StorageError};

const WORLD: &str = "world:";
const TRASH: &str = "trash:";
const WORLD_KINDS: &[RecordKind] = &[RecordKind::World, RecordKind::Draft];
const TRASH_KINDS: &[RecordKind] = &[RecordKind::Trash];
/// Longest world name the engine accepts.
const MAX_NAME_CHARS: usize = worlds_engine::board::MAX_NAME_CHARS;

/// A saved world as the board list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorldSummary {
    pub id: String,
    pub name: String,
    /// When it was last saved (milliseconds since 1970).
    pub updated_at: u64,
    /// The board picture (a data URL), shown as the thumbnail.
    pub picture: Option<String>,
    /// `false` for a draft: the engine found problems, so it cannot be played yet.
    pub playable: bool,
}

/// A saved world with its whole definition, for the editor and the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedWorld {
    pub id: String,
    pub updated_at: u64,
    pub playable: bool,
    pub def: BoardDef,
}

impl SavedWorld {
    pub fn summary(&self) -> WorldSummary {
        WorldSummary {
            id: self.id.clone(),
            name: self.def.name.clone(),
            updated_at: self.updated_at,
            picture: self.def.picture.clone(),
            playable: self.playable,
        }
    }
}

/// What the trash keeps of a deleted world.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrashedWorld {
    pub world: BoardDef,
    /// When the world was last saved before it was deleted.
    pub updated_at: u64,
}

/// A world in the trash as the trash list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrashSummary {
    pub id: String,
    pub name: String,
    /// When it was deleted.
    pub deleted_at: u64,
    pub picture: Option<String>,
}

/// Whether the engine accepts the board for play.
pub fn is_playable(def: &BoardDef) -> bool {
    Board::from_def(def.clone()).is_ok()
}

fn kind_for(def: &BoardDef) -> (RecordKind, bool) {
    if is_playable(def) {
        (RecordKind::World, true)
    } else {
        (RecordKind::Draft, false)
    }
}

/// Every readable saved world, most recently saved first.
pub fn list(store: &LocalStore) -> Result<Vec<WorldSummary>, StorageError> {
    let mut worlds = Vec::new();
    for id in store.ids_in(WORLD)? {
        // Damaged records are left out here and listed by `damaged::scan`.
        if let Ok(world) = load(store, &id) {
            worlds.push(world.summary());
        }
    }
    worlds_engine::sorting::sort_by(&mut worlds, |a, b| {
        b.updated_at.cmp(&a.updated_at).then(a.id.cmp(&b.id))
    });
    Ok(worlds)
}

/// One saved world.
pub fn load(store: &LocalStore, id: &str) -> Result<SavedWorld, StorageError> {
    let record = store.read_existing::<BoardDef>(&format!("{WORLD}{id}"), WORLD_KINDS)?;
    Ok(SavedWorld {
        id: id.to_string(),
        updated_at: record.saved_at,
        playable: record.kind == RecordKind::World,
        def: record.data,
    })
}

/// Saves a world under a new id ("Save as new", a copy of a preset, an import). A world the
/// engine refuses is saved as a draft.
pub fn save_new(store: &LocalStore, def: &BoardDef, now: u64) -> Result<SavedWorld, StorageError> {
    let id = store.new_id(&[WORLD, TRASH], now)?;
    write(store, &id, def, now)
}

/// Saves over the world `id` (the player confirmed). Refuses to replace an entry that is
/// damaged: that one is only removed from the damaged list, on request.
pub fn save_over(
    store: &LocalStore,
    id: &str,
    def: &BoardDef,
    now: u64,
) -> Result<SavedWorld, StorageError> {
    match load(store, id) {
        Ok(_) | Err(StorageError::NotFound { .. }) => write(store, id, def, now),
        Err(other) => Err(other),
    }
}

fn write(
    store: &LocalStore,
    id: &str,
    def: &BoardDef,
    now: u64,
) -> Result<SavedWorld, StorageError> {
    let (kind, playable) = kind_for(def);
    store.write_record(&format!("{WORLD}{id}"), kind, def, now)?;
    Ok(SavedWorld {
        id: id.to_string(),
        updated_at: now,
        playable,
        def: def.clone(),
    })
}

/// Renames a saved world.
pub fn rename(
    store: &LocalStore,
    id: &str,
    name: &str,
    now: u64,
) -> Result<SavedWorld, StorageError> {
    let mut world = load(store, id)?;
    world.def.name = name.to_string();
    write(store, id, &world.def, now)
}

/// Saves a copy of a world under a new id, named "<name> (copy)".
pub fn duplicate(store: &LocalStore, id: &str, now: u64) -> Result<SavedWorld, StorageError> {
    let mut world = load(store, id)?;
    world.def.name = copy_name(&world.def.name);
    save_new(store, &world.def, now)
}

fn copy_name(name: &str) -> String {
    const SUFFIX: &str = " (copy)";
    let room = MAX_NAME_CHARS - SUFFIX.chars().count();
    let base: String = name.trim_end().chars().take(room).collect();
    format!("{}{SUFFIX}", base.trim_end())
}

/// Moves a world to the trash. Returns the trash id (the same id, unless that is taken).
pub fn delete(store: &LocalStore, id: &str, now: u64) -> Result<String, StorageError> {
    let world = load(store, id)?;
    let trash_id = if store.contains(&format!("{TRASH}{id}"))? {
        store.new_id(&[WORLD, TRASH], now)?
    } else {
        id.to_string()
    };
    let trashed = TrashedWorld {
        world: world.def,
        updated_at: world.updated_at,
    };
    // Write the trash entry first: if that fails, the world is still where it was.
    store.write_record(
        &format!("{TRASH}{trash_id}"),
        RecordKind::Trash,
        &trashed,
        now,
    )?;
    store.remove(&format!("{WORLD}{id}"))?;
    Ok(trash_id)
}

/// The worlds in the trash, most recently deleted first.
pub fn list_trash(store: &LocalStore) -> Result<Vec<TrashSummary>, StorageError> {
    let mut trash = Vec::new();
    for id in store.ids_in(TRASH)? {
        if let Ok(record) =
            store.read_existing::<TrashedWorld>(&format!("{TRASH}{id}"), TRASH_KINDS)
        {
            trash.push(TrashSummary {
                id,
                name: record.data.world.name,
                deleted_at: record.saved_at,
                picture: record.data.world.picture,
            });
        }
    }
    worlds_engine::sorting::sort_by(&mut trash, |a, b| {
        b.deleted_at.cmp(&a.deleted_at).then(a.id.cmp(&b.id))
    });
    Ok(trash)
}

/// A world in the trash, whole (to preview it before restoring).
pub fn load_trashed(store: &LocalStore, trash_id: &str) -> Result<TrashedWorld, StorageError> {
    Ok(store
        .read_existing::<TrashedWorld>(&format!("{TRASH}{trash_id}"), TRASH_KINDS)?
        .data)
}

/// Puts a world back from the trash, under its old id when that is free. It keeps the time
/// it was last saved.
pub fn restore(store: &LocalStore, trash_id: &str, now: u64) -> Result<SavedWorld, StorageError> {
    let trashed = load_trashed(store, trash_id)?;
    let id = if store.contains(&format!("{WORLD}{trash_id}"))? {
        store.new_id(&[WORLD, TRASH], now)?
    } else {
        trash_id.to_string()
    };
    let world = write(store, &id, &trashed.world, trashed.updated_at)?;
    store.remove(&format!("{TRASH}{trash_id}"))?;
    Ok(world)
}

/// Deletes a world in the trash for good.
pub fn delete_forever(store: &LocalStore, trash_id: &str) -> Result<(), StorageError> {
    let name = format!("{TRASH}{trash_id}");
    if !store.contains(&name)? {
        return Err(StorageError::NotFound {
            key: store.full_key(&name),
        });
    }
    store.remove(&name)
}

/// A world as a portable JSON file (the `.json` download): its envelope, which
/// [`import`] and [`worlds_engine::envelope::import_board`] read back.
pub fn export(def: &BoardDef, now: u64) -> Result<String, StorageError> {
    let (kind, _) = kind_for(def);
    envelope::encode(kind, def, now).map_err(StorageError::Unwritable)
}

/// A file name for an exported world: `my-world.json`.
pub fn export_file_name(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(60).collect();
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "world.json".to_string()
    } else {
        format!("{slug}.json")
    }
}

/// Imports a board file (its bytes, as picked or dropped). Every check of
/// [`worlds_engine::envelope::import_board`] runs first; a refused file changes nothing
/// stored and says why ([`StorageError::BoardRefused`]).
pub fn import(store: &LocalStore, bytes: &[u8], now: u64) -> Result<SavedWorld, StorageError> {
    let mut def = envelope::import_board(bytes).map_err(StorageError::BoardRefused)?;
    def.name = free_name(store, &def.name)?;
    save_new(store, &def, now)
}

/// `name`, or "name (2)", "name (3)", ... when a stored world already has it.
pub fn free_name(store: &LocalStore, name: &str) -> Result<String, StorageError> {
    let taken: Vec<String> = list(store)?.into_iter().map(|w| w.name).collect();
    if !taken.iter().any(|t| t == name) {
        return Ok(name.to_string());
    }
    for n in 2.. {
        let suffix = format!(" ({n})");
        let room = MAX_NAME_CHARS.saturating_sub(suffix.chars().count());
        let base: String = name.trim_end().chars().take(room).collect();
        let candidate = format!("{}{suffix}", base.trim_end());
        if !taken.contains(&candidate) {
            return Ok(candidate);
        }
    }
    Ok(name.to_string())
}
